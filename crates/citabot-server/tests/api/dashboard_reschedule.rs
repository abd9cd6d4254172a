//! Moving a cita through `PATCH /api/appointments/{id}` (issue 11): day, time, staff member and
//! services under the same rules as booking one; a taken slot is 409 and changes nothing, also
//! when the move races a new booking; a cliente moves or cancels her own only outside the
//! minimum notice; "Cambiar" offers the times around the cita's own. The clock says Friday
//! 2026-11-20, 10:30 in Madrid.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::helpers::{Backend, Session};

both!(
    staff_move_a_cita_and_it_keeps_its_id,
    a_move_into_a_taken_slot_changes_nothing,
    a_move_racing_a_new_booking_leaves_one_winner,
    a_cliente_moves_her_own_outside_the_notice,
    a_cita_s_own_time_is_free_to_it_when_moving,
);

const MONDAY: &str = "2026-11-23";

/// Books Marta by hand, as the administrador.
async fn book(salon: &Salon, staff: &str, date: &str, start: u16, services: &[&str]) -> Value {
    let marta = salon.marta_client_id().await;
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": staff, "clientId": marta, "date": date, "startMin": start,
                "serviceIds": services,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["item"].clone()
}

async fn change(salon: &Salon, who: &Session, cita: &Value, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/appointments/{}", cita["id"].as_str().expect("an id"));
    salon.patch(Some(who), &path, body).await
}

/// The cita as it is stored now, as staff see it.
async fn reread(salon: &Salon, cita: &Value) -> Value {
    let date = cita["date"].as_str().expect("a date");
    let (status, list) = salon
        .get(
            Some(&salon.admin),
            &format!(
                "/api/appointments?from=2026-11-01&to=2026-12-31&staffId={}",
                cita["staffId"].as_str().unwrap_or_default()
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let found = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|item| item["id"] == cita["id"])
        .cloned();
    found.unwrap_or_else(|| panic!("cita of {date} still listed for its staff member"))
}

async fn staff_move_a_cita_and_it_keeps_its_id(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let cita = book(&salon, &javier, MONDAY, 600, &["corte-caballero"]).await;

    // Another day, time, stylist and services at once.
    let (status, moved) = change(
        &salon,
        &salon.usuario,
        &cita,
        json!({ "date": "2026-11-24", "startMin": 1020, "staffId": lucia, "serviceIds": ["mechas", "peinado"] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let item = &moved["item"];
    assert_eq!(item["id"], cita["id"]);
    assert_eq!(item["createdAt"], cita["createdAt"]);
    assert_eq!(item["clientId"], cita["clientId"]);
    assert_eq!(item["date"], "2026-11-24");
    assert_eq!(
        (item["startMin"].clone(), item["endMin"].clone()),
        (json!(1020), json!(1170))
    );
    assert_eq!(item["staffId"], lucia.as_str());
    assert_eq!(
        item["services"],
        json!([{ "id": "mechas", "name": "Mechas" }, { "id": "peinado", "name": "Lavado y peinado" }])
    );
    assert_eq!(item["startAt"], "2026-11-24T16:00:00Z");
    assert_eq!(item["status"], "pendiente");

    // The same rules as booking: skills, hours, closures, the slot step, the status.
    let refusals = [
        json!({ "staffId": javier }),
        json!({ "startMin": 1140 }),
        json!({ "startMin": 1025 }),
        json!({ "date": "2026-11-29" }),
        json!({ "staffId": "nadie" }),
        json!({ "serviceIds": ["tatuaje"] }),
    ];
    for body in refusals {
        let answer = change(&salon, &salon.usuario, &cita, body.clone()).await;
        assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    }
    for body in [
        json!({}),
        json!({ "startMin": 1440 }),
        json!({ "date": "mañana" }),
        json!({ "serviceIds": [] }),
        json!({ "hora": 600 }),
    ] {
        let answer = change(&salon, &salon.usuario, &cita, body.clone()).await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{body} → {}", answer.1);
    }
    // A move and a status change in one request.
    let (status, both) = change(
        &salon,
        &salon.admin,
        &cita,
        json!({ "startMin": 990, "status": "confirmada" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{both}");
    assert_eq!(both["item"]["status"], "confirmada");
    assert_eq!(both["item"]["startMin"], 990);
    // Outside the hours only on purpose, and recorded; a plain move clears the mark.
    let (status, late) = change(
        &salon,
        &salon.admin,
        &cita,
        json!({ "startMin": 1260, "outsideHours": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{late}");
    assert_eq!(late["item"]["outsideHours"], true);
    let (status, back) = change(&salon, &salon.admin, &cita, json!({ "startMin": 990 })).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["item"]["outsideHours"], false);
    // Cancelled: no longer moves.
    let (status, _) = change(
        &salon,
        &salon.admin,
        &cita,
        json!({ "status": "cancelada" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_error(
        &change(&salon, &salon.admin, &cita, json!({ "startMin": 1020 })).await,
        StatusCode::CONFLICT,
        "conflict",
    );
}

async fn a_move_into_a_taken_slot_changes_nothing(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let moving = book(&salon, &javier, MONDAY, 600, &["corte-caballero"]).await;
    book(&salon, &lucia, MONDAY, 660, &["tinte"]).await;
    // Lucía is busy 11:00–12:30; asking for 12:00 with her, and new services, is refused whole.
    let answer = change(
        &salon,
        &salon.admin,
        &moving,
        json!({ "startMin": 720, "staffId": lucia, "serviceIds": ["corte-mujer"] }),
    )
    .await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    let now = reread(&salon, &moving).await;
    assert_eq!(now, moving, "nothing changed");
    // Back to back is fine.
    let (status, moved) = change(
        &salon,
        &salon.admin,
        &moving,
        json!({ "startMin": 750, "staffId": lucia }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    // A cita moved within its own time does not stand in its own way.
    let (status, _) = change(&salon, &salon.admin, &moving, json!({ "startMin": 765 })).await;
    assert_eq!(status, StatusCode::OK);
}

async fn a_move_racing_a_new_booking_leaves_one_winner(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let marta = salon.marta_client_id().await;
    // Both last 30 minutes, so each round's winner leaves the next round's slot free.
    for round in 0..6u16 {
        let start = 990 + round * 30;
        let cita = book(
            &salon,
            &javier,
            MONDAY,
            570 + round * 30,
            &["corte-caballero"],
        )
        .await;
        let path = format!("/api/appointments/{}", cita["id"].as_str().expect("an id"));
        let (moved, booked) = tokio::join!(
            salon.patch(
                Some(&salon.admin),
                &path,
                json!({ "startMin": start, "staffId": lucia }),
            ),
            salon.post(
                Some(&salon.usuario),
                "/api/appointments",
                json!({
                    "staffId": lucia, "clientId": marta, "date": MONDAY, "startMin": start,
                    "serviceIds": ["peinado"],
                }),
            ),
        );
        let statuses = [moved.0, booked.0];
        let won = statuses.iter().filter(|status| status.is_success()).count();
        let lost = statuses
            .iter()
            .filter(|status| **status == StatusCode::CONFLICT)
            .count();
        assert_eq!((won, lost), (1, 1), "round {round}: {moved:?} {booked:?}");
        if moved.0 == StatusCode::CONFLICT {
            assert_eq!(
                reread(&salon, &cita).await,
                cita,
                "the lost move changed nothing"
            );
        }
    }
    // Lucía's afternoon holds no overlap.
    let (_, list) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/appointments?from={MONDAY}&to={MONDAY}&staffId={lucia}"),
        )
        .await;
    let mut spans: Vec<(u64, u64)> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|item| item["status"] != "cancelada")
        .map(|item| {
            (
                item["startMin"].as_u64().unwrap_or_default(),
                item["endMin"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    spans.sort_unstable();
    assert_eq!(spans.len(), 6);
    assert!(
        spans.windows(2).all(|pair| pair[0].1 <= pair[1].0),
        "{spans:?}"
    );
}

async fn a_cliente_moves_her_own_outside_the_notice(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let monday = book(&salon, &javier, MONDAY, 600, &["corte-caballero"]).await;
    let (status, moved) = change(
        &salon,
        &salon.cliente,
        &monday,
        json!({ "startMin": 720, "staffId": lucia }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["item"]["id"], monday["id"]);
    assert_eq!(moved["item"]["startMin"], 720);
    assert_error(
        &change(
            &salon,
            &salon.cliente,
            &monday,
            json!({ "startMin": 600, "outsideHours": true }),
        )
        .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    assert_error(
        &change(
            &salon,
            &salon.cliente,
            &monday,
            json!({ "status": "confirmada" }),
        )
        .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    // Into the notice (now 10:30: nothing before 11:30 today) or past the horizon: refused.
    for body in [
        json!({ "date": "2026-11-20", "startMin": 660 }),
        json!({ "date": "2027-01-20", "startMin": 600 }),
        json!({ "startMin": 1260 }),
    ] {
        let answer = change(&salon, &salon.cliente, &monday, body.clone()).await;
        assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    }
    let (status, _) = change(
        &salon,
        &salon.cliente,
        &monday,
        json!({ "date": "2026-11-20", "startMin": 720 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "12:00 today is outside the notice");

    // A cita starting within the hour can no longer be moved or cancelled by her.
    let soon = book(&salon, &javier, "2026-11-20", 660, &["corte-caballero"]).await;
    let answer = change(&salon, &salon.cliente, &soon, json!({ "startMin": 1020 })).await;
    assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    assert!(
        answer.1["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("60 minutos")),
        "{}",
        answer.1
    );
    assert_error(
        &change(
            &salon,
            &salon.cliente,
            &soon,
            json!({ "status": "cancelada" }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
    );
    assert_eq!(reread(&salon, &soon).await, soon, "unchanged");
    // Staff still may.
    let (status, _) = change(
        &salon,
        &salon.usuario,
        &soon,
        json!({ "status": "cancelada" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Someone else's cita does not exist for her.
    let (status, other) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "client": { "name": "Pedro Sanz" }, "date": MONDAY,
                "startMin": 1020, "serviceIds": ["barba"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{other}");
    assert_error(
        &change(
            &salon,
            &salon.cliente,
            &other["item"],
            json!({ "startMin": 1050 }),
        )
        .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
}

/// The free starts an answer lists.
fn starts(answer: &(StatusCode, Value)) -> Vec<u64> {
    assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
    answer.1["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|item| item["startMin"].as_u64())
        .collect()
}

async fn a_cita_s_own_time_is_free_to_it_when_moving(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let cita = book(&salon, &javier, MONDAY, 600, &["corte-caballero"]).await;
    let id = cita["id"].as_str().expect("an id");
    let moving = |query: &str| format!("/api/appointments/{id}/availability?{query}");
    let query = format!("date={MONDAY}&staffId={javier}");

    // For a new cita, 10:15 overlaps it; for the cita itself, 10:15 is a quarter later.
    let anyone = starts(
        &salon
            .get(
                Some(&salon.admin),
                &format!("/api/availability?{query}&serviceIds=corte-caballero"),
            )
            .await,
    );
    assert!(!anyone.contains(&615), "{anyone:?}");
    for who in [&salon.admin, &salon.usuario, &salon.cliente] {
        let own = starts(&salon.get(Some(who), &moving(&query)).await);
        assert!(own.contains(&600) && own.contains(&615), "{own:?}");
        assert!(anyone.iter().all(|start| own.contains(start)), "{own:?}");
    }
    // Other services instead of its own: they must be on offer, and their length counts.
    let longer = starts(
        &salon
            .get(
                Some(&salon.admin),
                &moving(&format!("{query}&serviceIds=tinte,peinado")),
            )
            .await,
    );
    assert!(longer.contains(&600), "{longer:?}");
    assert!(longer.len() < starts(&salon.get(Some(&salon.admin), &moving(&query)).await).len());
    // Refused asks: a service not on offer, a date that is none, a stylist who is nobody.
    for (ask, status, code) in [
        (
            format!("{query}&serviceIds=nada"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
        (
            "date=2026-13-01".to_owned(),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            format!("date={MONDAY}&staffId=nadie"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
    ] {
        assert_error(
            &salon.get(Some(&salon.admin), &moving(&ask)).await,
            status,
            code,
        );
    }
    let (status, _) = salon.get(None, &moving(&query)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Somebody else's cita is not there for a cliente; a cancelled one does not move.
    let (status, pedro) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "client": { "name": "Pedro Sanz", "email": "pedro@ejemplo.es" },
                "date": MONDAY, "startMin": 720, "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{pedro}");
    let pedro_id = pedro["item"]["id"].as_str().expect("an id");
    assert_error(
        &salon
            .get(
                Some(&salon.cliente),
                &format!("/api/appointments/{pedro_id}/availability?{query}"),
            )
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let (status, _) = change(
        &salon,
        &salon.admin,
        &cita,
        json!({ "status": "cancelada" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_error(
        &salon.get(Some(&salon.admin), &moving(&query)).await,
        StatusCode::CONFLICT,
        "conflict",
    );
}
