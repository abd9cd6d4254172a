//! The manage link's API (issue 13), on both databases: `/api/manage/{token}` read by a guest
//! holding the link from the booking's message, "Sí, voy", a move and a cancellation
//! under a cliente's rules (and their messages), the free times a move may pick (the cita's
//! own time among them), refusals of forged, expired and cancelled
//! links, the per-address limit. The clock says Friday 2026-11-20, 10:30 in Madrid; Pedro's
//! cita is on Monday the 23rd at 10:00.

use citabot_store::mail::MailKind;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::Duration;

use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat};
use crate::helpers::{Backend, TestApp};
use crate::mail::outbox;

both!(
    a_guest_reads_the_cita_and_reading_changes_nothing,
    forged_expired_and_unknown_links_are_refused,
    confirmo_que_voy_shows_in_the_diary,
    a_move_from_the_link_keeps_to_the_client_rules,
    the_link_offers_the_times_its_own_cita_holds,
    a_cancelled_cita_reads_and_refuses_every_action,
    inside_the_notice_the_link_only_reads,
);

const INVALID_LINK: &str = "Este enlace no es válido o ha caducado.";

/// Pedro books through the chat; the token of the manage link in his booking message.
async fn booked_token(app: &TestApp) -> String {
    guest_books_through_the_chat(app, "s-manage").await;
    let mails = outbox(app).await;
    let booked = mails
        .iter()
        .find(|mail| mail.kind == MailKind::Booked)
        .expect("a booked message");
    token_in(&booked.text)
}

/// The token of the first manage link in a message's text.
pub fn token_in(text: &str) -> String {
    let start = text.find("/cita/").expect("a manage link") + "/cita/".len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
        .collect()
}

/// `token` with the first character of its signature changed (the last one may carry only
/// padding bits).
fn forged(token: &str) -> String {
    let (payload, mac) = token.split_once('.').expect("two parts");
    let flipped = if mac.starts_with('A') { "B" } else { "A" };
    format!("{payload}.{flipped}{}", &mac[1..])
}

fn path(token: &str) -> String {
    format!("/api/manage/{token}")
}

/// A request as a guest, with the answer's headers.
async fn guest(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = app.client.request(method, app.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("answers");
    let headers = response.headers().clone();
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, headers, body)
}

fn assert_private(headers: &reqwest::header::HeaderMap) {
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["referrer-policy"], "no-referrer");
}

async fn a_guest_reads_the_cita_and_reading_changes_nothing(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let before = outbox(app).await;
    let citas_before = app
        .store
        .citas_between(
            time::macros::date!(2026 - 11 - 23),
            time::macros::date!(2026 - 11 - 24),
        )
        .await
        .expect("reads");
    for _ in 0..2 {
        let (status, headers, body) = guest(app, Method::GET, &path(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_private(&headers);
        let item = &body["item"];
        assert_eq!(item["date"], "2026-11-23");
        assert_eq!(item["startMin"], 600);
        assert_eq!(item["status"], "pendiente");
        assert_eq!(item["clientName"], "Pedro Sanz");
        assert_eq!(item["clientConfirmed"], false);
        assert_eq!(item["canChange"], true);
        assert_eq!(item["canCancel"], true);
        assert_eq!(item["services"][0]["id"], "corte-caballero");
        assert!(
            item["services"][0]["durationMin"]
                .as_u64()
                .is_some_and(|d| d > 0)
        );
        assert!(item["services"][0]["priceCents"].as_u64().is_some());
        assert!(!item["staffName"].as_str().unwrap_or_default().is_empty());
        assert_eq!(item["business"]["name"], "Peluquería Lucía");
        assert!(item["business"]["address"].as_str().is_some());
        assert!(item["business"]["phone"].as_str().is_some());
    }
    assert_eq!(outbox(app).await, before, "reading queued nothing");
    let citas_after = app
        .store
        .citas_between(
            time::macros::date!(2026 - 11 - 23),
            time::macros::date!(2026 - 11 - 24),
        )
        .await
        .expect("reads");
    assert_eq!(citas_after, citas_before, "reading changed no cita");
    assert!(
        app.store
            .client_confirmed(&[citas_after[0].id.clone()])
            .await
            .expect("reads")
            .is_empty()
    );
}

async fn forged_expired_and_unknown_links_are_refused(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let forged = forged(&token);
    for bad in [forged.as_str(), "forged", "a.b", &"x".repeat(400)] {
        for (method, suffix, body) in [
            (Method::GET, "", None),
            (Method::POST, "/cancel", None),
            (Method::POST, "/attend", None),
            (
                Method::PATCH,
                "",
                Some(json!({ "date": "2026-11-24", "startMin": 600 })),
            ),
        ] {
            let (status, headers, answer) =
                guest(app, method.clone(), &format!("{}{suffix}", path(bad)), body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {suffix}: {answer}");
            assert_eq!(answer["error"]["message"], INVALID_LINK);
            assert_private(&headers);
        }
    }
    // The link works until a week after the cita's end (Monday 11:00 in Madrid), not after.
    app.clock.advance(Duration::days(3) + Duration::hours(1));
    let (status, _, _) = guest(app, Method::GET, &path(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    app.clock.advance(Duration::days(7));
    let (status, _, answer) = guest(app, Method::GET, &path(&token), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["error"]["message"], INVALID_LINK);
}

async fn confirmo_que_voy_shows_in_the_diary(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let diary = "/api/appointments?from=2026-11-23&to=2026-11-23";
    let (_, list) = salon.get(Some(&salon.admin), diary).await;
    assert_eq!(list["items"][0]["clientConfirmed"], false, "{list}");
    let mails = outbox(app).await.len();
    for _ in 0..2 {
        let (status, headers, body) =
            guest(app, Method::POST, &format!("{}/attend", path(&token)), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_private(&headers);
        assert_eq!(body["item"]["clientConfirmed"], true);
        assert_eq!(
            body["item"]["status"], "pendiente",
            "not the salon's confirmation"
        );
    }
    let (_, list) = salon.get(Some(&salon.admin), diary).await;
    assert_eq!(list["items"][0]["clientConfirmed"], true, "{list}");
    assert_eq!(outbox(app).await.len(), mails, "no message for it");
}

async fn a_move_from_the_link_keeps_to_the_client_rules(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let (_, _, read) = guest(app, Method::GET, &path(&token), None).await;
    let staff_id = read["item"]["staffId"]
        .as_str()
        .expect("a stylist")
        .to_owned();
    // Another cita of the same stylist at 12:00 makes that time taken.
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": staff_id, "client": { "name": "Ana Ruiz" }, "date": "2026-11-23",
                "startMin": 720, "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mails = outbox(app).await.len();
    let manage_path = path(&token);
    let moving = |body: Value| guest(app, Method::PATCH, &manage_path, Some(body));
    let (status, _, answer) = moving(json!({ "date": "2026-11-23", "startMin": 720 })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["error"]["code"], "conflict");
    // Today at 11:00 is inside the hour's notice.
    let (status, _, answer) = moving(json!({ "date": "2026-11-20", "startMin": 660 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    // Beyond the 60 days' horizon.
    let (status, _, answer) = moving(json!({ "date": "2027-03-01", "startMin": 600 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    // Sunday: closed.
    let (status, _, answer) = moving(json!({ "date": "2026-11-22", "startMin": 600 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    for bad in [
        json!({ "date": "mañana", "startMin": 600 }),
        json!({ "date": "2026-11-24", "startMin": 5000 }),
        json!({ "date": "2026-11-24" }),
        json!({ "date": "2026-11-24", "startMin": 600, "status": "cancelada" }),
    ] {
        let (status, _, answer) = moving(bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    }
    assert_eq!(outbox(app).await.len(), mails, "refusals queue nothing");

    let (status, headers, body) = moving(json!({ "date": "2026-11-24", "startMin": 660 })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_private(&headers);
    assert_eq!(body["item"]["date"], "2026-11-24");
    assert_eq!(body["item"]["startMin"], 660);
    assert_eq!(
        body["item"]["staffId"],
        staff_id.as_str(),
        "the stylist is kept"
    );
    let moved: Vec<_> = outbox(app)
        .await
        .into_iter()
        .filter(|mail| mail.kind == MailKind::Moved)
        .collect();
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0].recipient, "pedro@ejemplo.es");
    assert!(moved[0].text.contains("11:00"), "{}", moved[0].text);

    // Another stylist who does the service, when picked.
    let other = [Salon::id_of(&salon.admin), Salon::id_of(&salon.usuario)]
        .into_iter()
        .find(|id| *id != staff_id)
        .expect("two stylists");
    let (status, _, body) =
        moving(json!({ "date": "2026-11-24", "startMin": 660, "staffId": other })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["staffId"], other.as_str());
}

/// The start times of an availability answer.
fn starts(body: &Value) -> Vec<u64> {
    body["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["startMin"].as_u64().expect("a start"))
        .collect()
}

async fn the_link_offers_the_times_its_own_cita_holds(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let (_, _, read) = guest(app, Method::GET, &path(&token), None).await;
    let staff_id = read["item"]["staffId"]
        .as_str()
        .expect("a stylist")
        .to_owned();
    // Another cita of the same stylist at 11:00 still stands in the way.
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": staff_id, "client": { "name": "Ana Ruiz" }, "date": "2026-11-23",
                "startMin": 660, "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let free = |query: String| {
        let manage_path = format!("{}/availability?{query}", path(&token));
        async move { guest(app, Method::GET, &manage_path, None).await }
    };

    // Pedro's 10:00–10:30 does not block itself: 09:45 and 10:15 overlap only his own cita.
    let (status, headers, body) = free(format!("date=2026-11-23&staffId={staff_id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_private(&headers);
    let his = starts(&body);
    for start in [585, 600, 615] {
        assert!(his.contains(&start), "{start} is offered: {his:?}");
    }
    for start in [645, 660, 675] {
        assert!(!his.contains(&start), "{start} meets Ana's cita: {his:?}");
    }
    assert!(
        body["items"]
            .as_array()
            .expect("items")
            .iter()
            .all(|item| item["staffIds"] == json!([staff_id.as_str()])),
        "{body}"
    );
    // The general availability (anyone's) still counts his cita as taken.
    let (_, general) = salon
        .get(
            None,
            &format!(
                "/api/availability?date=2026-11-23&serviceIds=corte-caballero&staffId={staff_id}"
            ),
        )
        .await;
    assert!(!starts(&general).contains(&615), "{general}");
    // Without a stylist, everyone who does the cita's services; a client's window (today only
    // from 10:30 plus the hour's notice).
    let (status, _, body) = free("date=2026-11-23".into()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body["items"]
            .as_array()
            .expect("items")
            .iter()
            .any(|item| item["staffIds"]
                .as_array()
                .is_some_and(|ids| ids.len() == 2)),
        "{body}"
    );
    let (_, _, body) = free(format!("date=2026-11-20&staffId={staff_id}")).await;
    assert_eq!(starts(&body).first(), Some(&690), "{body}");

    // What it offers, a move takes: 10:15, over its own old time.
    let (status, _, body) = guest(
        app,
        Method::PATCH,
        &path(&token),
        Some(json!({ "date": "2026-11-23", "startMin": 615 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["startMin"], 615);

    for (query, status) in [
        ("date=lunes".to_owned(), StatusCode::BAD_REQUEST),
        (String::new(), StatusCode::BAD_REQUEST),
        (
            "date=2026-11-23&serviceIds=barba".to_owned(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "date=2026-11-23&staffId=no-existe".to_owned(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (got, headers, answer) = free(query.clone()).await;
        assert_eq!(got, status, "{query}: {answer}");
        assert!(answer["error"]["message"].as_str().is_some(), "{answer}");
        assert_private(&headers);
    }
    let (status, _, answer) = guest(
        app,
        Method::GET,
        &format!("{}/availability?date=2026-11-23", path(&forged(&token))),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["error"]["message"], INVALID_LINK);

    // A cancelled cita has nothing to move.
    let (status, _, _) = guest(app, Method::POST, &format!("{}/cancel", path(&token)), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, answer) = free("date=2026-11-23".into()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["error"]["code"], "conflict");
}

async fn a_cancelled_cita_reads_and_refuses_every_action(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    let (status, headers, body) =
        guest(app, Method::POST, &format!("{}/cancel", path(&token)), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_private(&headers);
    assert_eq!(body["item"]["status"], "cancelada");
    assert_eq!(body["item"]["canChange"], false);
    assert_eq!(body["item"]["canCancel"], false);
    let mails = outbox(app).await;
    let cancelled: Vec<_> = mails
        .iter()
        .filter(|mail| mail.kind == MailKind::Cancelled)
        .collect();
    assert_eq!(cancelled.len(), 1);
    assert!(
        cancelled[0]
            .ics
            .as_deref()
            .is_some_and(|ics| ics.contains("METHOD:CANCEL")),
        "{:?}",
        cancelled[0].ics
    );
    assert!(
        !mails.iter().any(|mail| mail.kind == MailKind::Reminder),
        "its reminder is dropped"
    );

    let (status, _, body) = guest(app, Method::GET, &path(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["status"], "cancelada");
    for (method, suffix, body) in [
        (Method::POST, "/cancel", None),
        (Method::POST, "/attend", None),
        (
            Method::PATCH,
            "",
            Some(json!({ "date": "2026-11-24", "startMin": 600 })),
        ),
    ] {
        let (status, _, answer) = guest(
            app,
            method.clone(),
            &format!("{}{suffix}", path(&token)),
            body,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{method} {suffix}: {answer}");
        assert_eq!(answer["error"]["code"], "conflict");
    }
    assert_eq!(outbox(app).await, mails, "nothing more queued");
}

async fn inside_the_notice_the_link_only_reads(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let token = booked_token(app).await;
    // Monday 09:30 in Madrid: half an hour before the cita, inside the hour's notice.
    app.clock.advance(Duration::days(2) + Duration::hours(23));
    let (status, _, body) = guest(app, Method::GET, &path(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["canChange"], false);
    assert_eq!(body["item"]["canCancel"], false);
    let answer = salon
        .call(
            None,
            Method::POST,
            &format!("{}/cancel", path(&token)),
            None,
        )
        .await;
    assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    let (status, _, body) = guest(
        app,
        Method::PATCH,
        &path(&token),
        Some(json!({ "date": "2026-11-24", "startMin": 600 })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Saying they will come is still welcome.
    let (status, _, body) =
        guest(app, Method::POST, &format!("{}/attend", path(&token)), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Once the cita is over, not any more.
    app.clock.advance(Duration::hours(2));
    let (status, _, body) =
        guest(app, Method::POST, &format!("{}/attend", path(&token)), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn the_manage_api_is_limited_per_address() {
    let Some(salon) = Salon::open(Backend::Sqlite).await else {
        return;
    };
    let app = &salon.app;
    let limit = citabot_server::auth::limits::MANAGE_LINK_REQUESTS_PER_MINUTE;
    for _ in 0..limit {
        let (status, _, _) = guest(app, Method::GET, "/api/manage/forged", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    let (status, headers, body) = guest(app, Method::GET, "/api/manage/forged", None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(headers.contains_key("retry-after"));
    assert_private(&headers);
    app.clock.advance(Duration::minutes(1));
    let (status, _, _) = guest(app, Method::GET, "/api/manage/forged", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a new minute");
}
