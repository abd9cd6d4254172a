//! Issue 11's cita changes through the real server, on both databases: a no-show
//! (`no_presentado`) only after the start, staff only, undone back to `confirmada`; and a cita
//! as a calendar file (`GET /api/appointments/{id}/calendar.ics`) for its cliente or staff. The
//! clock says Friday 2026-11-20, 10:30 in Madrid.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::Duration;

use crate::dashboard_helpers::{Salon, assert_error, both, call};
use crate::helpers::{Backend, Session};

both!(
    a_no_show_comes_after_the_start_and_is_undone,
    a_cita_downloads_as_a_calendar_file,
);

/// A cita for `client` (a client id, or a new client by name) with Javier on `date` at `start`,
/// by the administrador.
async fn book(salon: &Salon, client: Value, date: &str, start: u16) -> Value {
    let javier = Salon::id_of(&salon.usuario);
    let mut request = json!({
        "staffId": javier, "date": date, "startMin": start,
        "serviceIds": ["corte-caballero", "peinado"],
    });
    match client {
        Value::String(id) => request["clientId"] = json!(id),
        new => request["client"] = new,
    }
    let (status, body) = salon
        .post(Some(&salon.admin), "/api/appointments", request)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["item"].clone()
}

fn path_of(cita: &Value) -> String {
    format!("/api/appointments/{}", cita["id"].as_str().expect("an id"))
}

async fn set_status(
    salon: &Salon,
    who: &Session,
    cita: &Value,
    status: &str,
) -> (StatusCode, Value) {
    salon
        .patch(Some(who), &path_of(cita), json!({ "status": status }))
        .await
}

async fn a_no_show_comes_after_the_start_and_is_undone(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let marta = salon.marta_client_id().await;
    // Monday the 23rd at 10:00 in Madrid: 09:00 UTC.
    let cita = book(&salon, json!(marta), "2026-11-23", 600).await;

    let early = set_status(&salon, &salon.admin, &cita, "no_presentado").await;
    assert_error(&early, StatusCode::CONFLICT, "conflict");
    assert!(
        early.1["error"]["message"]
            .as_str()
            .is_some_and(|text| text.contains("no presentado")),
        "{}",
        early.1
    );
    // A minute before the start it is still too early.
    salon
        .app
        .clock
        .advance(Duration::days(3) - Duration::minutes(31));
    assert_error(
        &set_status(&salon, &salon.admin, &cita, "no_presentado").await,
        StatusCode::CONFLICT,
        "conflict",
    );
    salon.app.clock.advance(Duration::minutes(10));

    // Her own cita: a cliente may not mark it, nor undo it.
    assert_error(
        &set_status(&salon, &salon.cliente, &cita, "no_presentado").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    let (status, body) = set_status(&salon, &salon.usuario, &cita, "no_presentado").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["status"], "no_presentado");
    assert_error(
        &set_status(&salon, &salon.cliente, &cita, "confirmada").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    for next in ["pendiente", "cancelada", "completada", "no_presentado"] {
        assert_error(
            &set_status(&salon, &salon.admin, &cita, next).await,
            StatusCode::CONFLICT,
            "conflict",
        );
    }
    let (_, listed) = salon
        .get(
            Some(&salon.cliente),
            "/api/appointments?from=2026-11-23&to=2026-11-23&status=no_presentado",
        )
        .await;
    assert_eq!(listed["items"][0]["id"], cita["id"], "{listed}");

    // Undone: back to confirmada, and from there completed as usual.
    let (status, body) = set_status(&salon, &salon.admin, &cita, "confirmada").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["status"], "confirmada");
    let (status, body) = set_status(&salon, &salon.admin, &cita, "no_presentado").await;
    assert_eq!(
        (status, body["item"]["status"].clone()),
        (StatusCode::OK, json!("no_presentado"))
    );

    // A no-show holds no time: staff record a walk-in then, and the no-show can no longer be
    // undone over it.
    let walk_in = book(&salon, json!({ "name": "Pedro Sanz" }), "2026-11-23", 615).await;
    assert_eq!(walk_in["status"], "pendiente");
    assert_error(
        &set_status(&salon, &salon.admin, &cita, "confirmada").await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let (_, after) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-23&to=2026-11-23",
        )
        .await;
    let statuses: Vec<&Value> = after["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| &item["status"])
        .collect();
    assert_eq!(statuses, [&json!("no_presentado"), &json!("pendiente")]);
}

/// The raw answer of `GET path` as `who`: status, headers and body text.
async fn download(
    salon: &Salon,
    who: Option<&Session>,
    path: &str,
) -> (StatusCode, reqwest::header::HeaderMap, String) {
    let mut request = salon.app.client.get(salon.app.url(path));
    if let Some(who) = who {
        request = request.header("cookie", who.cookie_header());
    }
    let response = request.send().await.expect("answers");
    let status = response.status();
    let headers = response.headers().clone();
    (status, headers, response.text().await.expect("a body"))
}

async fn a_cita_downloads_as_a_calendar_file(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let marta = salon.marta_client_id().await;
    let hers = book(&salon, json!(marta), "2026-11-23", 1020).await;
    let his = book(
        &salon,
        json!({ "name": "Pedro; Sanz, hijo" }),
        "2026-11-24",
        600,
    )
    .await;
    let ics = |cita: &Value| format!("{}/calendar.ics", path_of(cita));

    let (status, headers, text) = download(&salon, Some(&salon.cliente), &ics(&hers)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(headers["content-type"], "text/calendar; charset=utf-8");
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"cita-2026-11-23.ics\""
    );
    assert!(text.ends_with("\r\n"));
    assert!(
        !text.replace("\r\n", "").contains(['\r', '\n']),
        "CRLF only"
    );
    assert!(text.split("\r\n").all(|line| line.len() <= 75), "{text}");
    let unfolded = text.replace("\r\n ", "");
    let lines: Vec<&str> = unfolded.split_terminator("\r\n").collect();
    let id = hers["id"].as_str().expect("an id");
    for expected in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        &format!("UID:{id}@citabot"),
        "DTSTAMP:20261120T093000Z",
        // 17:00–18:00 in Madrid.
        "DTSTART:20261123T160000Z",
        "DTEND:20261123T170000Z",
        "SUMMARY:Corte de caballero\\, Lavado y peinado — Peluquería Lucía",
        "LOCATION:Peluquería Lucía",
        "DESCRIPTION:Te atiende Javier Gómez.",
        "STATUS:TENTATIVE",
        "END:VEVENT",
        "END:VCALENDAR",
    ] {
        assert!(lines.contains(&expected), "{expected:?} in {lines:#?}");
    }
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("BEGIN:VEVENT"))
            .count(),
        1
    );

    // Staff get any cita's file; the same UID every time.
    let (status, _, again) = download(&salon, Some(&salon.usuario), &ics(&hers)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(again.contains(&format!("UID:{id}@citabot")));
    let (status, _, his_file) = download(&salon, Some(&salon.admin), &ics(&his)).await;
    assert_eq!(status, StatusCode::OK, "{his_file}");
    assert!(his_file.contains("DTSTART:20261124T090000Z"), "{his_file}");

    // Another client's cita, an unknown one: not found; a guest: signed in first.
    for path in [
        ics(&his),
        "/api/appointments/no-existe/calendar.ics".to_owned(),
    ] {
        let answer = call(&salon.app, Some(&salon.cliente), Method::GET, &path, None).await;
        assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
    }
    let answer = call(&salon.app, None, Method::GET, &ics(&hers), None).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");

    // A cancelled cita says so to the calendar that imports it again.
    let (status, _) = set_status(&salon, &salon.cliente, &hers, "cancelada").await;
    assert_eq!(status, StatusCode::OK);
    let (_, _, cancelled) = download(&salon, Some(&salon.cliente), &ics(&hers)).await;
    assert!(cancelled.contains("STATUS:CANCELLED\r\n"), "{cancelled}");
}
