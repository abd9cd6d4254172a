//! `GET/POST /api/appointments`, `PATCH /api/appointments/{id}` and `GET /api/availability`
//! through the real server (REQUIREMENTS D2): staff book by hand under the assistant's rules, a
//! cliente sees and cancels only her own citas, and every limit is refused with a sentence. The
//! clock says Friday 2026-11-20, 10:30 in Madrid; Monday the 23rd is open 09:30–14:00 and
//! 16:30–20:30.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{
    Salon, assert_error, both, guest_books_through_the_chat, item_texts, items,
};
use crate::helpers::{Backend, Session};

both!(
    staff_book_by_hand,
    booking_by_hand_follows_the_rules,
    citas_are_listed_by_role,
    list_limits_are_enforced,
    status_changes_follow_the_rules_and_roles,
    availability_is_public_and_leaves_out_taken_times,
    the_assistants_bookings_name_their_conversation,
);

/// A cita for Marta with Javier on Monday the 23rd at `start`, by the administrador.
async fn book_for_marta(salon: &Salon, start: u16) -> Value {
    let javier = Salon::id_of(&salon.usuario);
    let marta = salon.marta_client_id().await;
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "clientId": marta, "date": "2026-11-23", "startMin": start,
                "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["item"].clone()
}

/// A cita for a new walk-in client with Lucía on Monday the 23rd at `start`, by Javier.
async fn book_for_pedro(salon: &Salon, start: u16) -> Value {
    let lucia = Salon::id_of(&salon.admin);
    let (status, body) = salon
        .post(
            Some(&salon.usuario),
            "/api/appointments",
            json!({
                "staffId": lucia, "client": { "name": "Pedro Sanz", "email": "pedro@ejemplo.es" },
                "date": "2026-11-23", "startMin": start, "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["item"].clone()
}

/// Asks, as `who` (a guest when `None`), to move `cita` to `status`.
async fn set_status(
    salon: &Salon,
    who: Option<&Session>,
    cita: &Value,
    status: &str,
) -> (StatusCode, Value) {
    let path = format!("/api/appointments/{}", cita["id"].as_str().expect("an id"));
    salon.patch(who, &path, json!({ "status": status })).await
}

async fn staff_book_by_hand(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let (status, body) = salon
        .post(
            Some(&salon.usuario),
            "/api/appointments",
            json!({
                "staffId": javier,
                "client": { "name": " Ana Gil ", "email": "Ana@Ejemplo.es", "phone": "+34 622 333 444" },
                "date": "2026-11-23", "startMin": 600, "serviceIds": ["tinte", "corte-mujer"],
                "status": "confirmada",
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let item = &body["item"];
    assert_eq!(item["staffId"], javier.as_str());
    assert_eq!(item["staffName"], "Javier Gómez");
    assert_eq!(item["clientName"], "Ana Gil");
    assert_eq!(item["clientEmail"], "ana@ejemplo.es");
    assert_eq!(item["clientPhone"], "+34622333444");
    assert_eq!(item["date"], "2026-11-23");
    // 90 + 45 minutes back to back: 10:00–12:15 in Madrid (UTC+1).
    assert_eq!(
        (item["startMin"].clone(), item["endMin"].clone()),
        (json!(600), json!(735))
    );
    assert_eq!(item["startAt"], "2026-11-23T09:00:00Z");
    assert_eq!(item["endAt"], "2026-11-23T11:15:00Z");
    assert_eq!(item["status"], "confirmada");
    assert_eq!(
        item["services"],
        json!([{ "id": "tinte", "name": "Tinte" }, { "id": "corte-mujer", "name": "Corte de pelo" }])
    );
    assert_eq!(item["chatSessionId"], Value::Null, "made by hand");
    assert_eq!(item["createdAt"], "2026-11-20T09:30:00Z");

    // The same email again reuses the client; a cita without status is pending.
    let (status, again) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "client": { "name": "Ana", "email": "ana@ejemplo.es" },
                "date": "2026-11-23", "startMin": 1020, "serviceIds": ["peinado"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    assert_eq!(again["item"]["clientId"], item["clientId"]);
    assert_eq!(again["item"]["clientName"], "Ana Gil");
    assert_eq!(again["item"]["status"], "pendiente");

    // The last start of the morning that still fits, and an existing client by id.
    let marta = salon.marta_client_id().await;
    let (status, late) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "clientId": marta, "date": "2026-11-23", "startMin": 810,
                "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{late}");
    assert_eq!(late["item"]["endMin"], 840);
    assert_eq!(late["item"]["clientName"], "Marta Ruiz");

    let (_, listed) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-23&to=2026-11-23",
        )
        .await;
    let starts: Vec<&Value> = items(&listed)
        .iter()
        .map(|item| &item["startMin"])
        .collect();
    assert_eq!(starts, [&json!(600), &json!(810), &json!(1020)]);
}

async fn booking_by_hand_follows_the_rules(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let marta = salon.marta_client_id().await;
    let valid = json!({
        "staffId": javier, "clientId": marta, "date": "2026-11-23", "startMin": 600,
        "serviceIds": ["corte-caballero"],
    });
    let with = |field: &str, value: Value| {
        let mut body = valid.clone();
        body[field] = value;
        body
    };
    let without = |field: &str| {
        let mut body = valid.clone();
        body.as_object_mut().expect("an object").remove(field);
        body
    };

    assert_error(
        &salon.post(None, "/api/appointments", valid.clone()).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon
            .post(Some(&salon.cliente), "/api/appointments", valid.clone())
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );

    salon.deactivate_keratina().await;
    let mut both_clients = valid.clone();
    both_clients["client"] = json!({ "name": "Otra" });
    let malformed = [
        with("date", json!("23/11/2026")),
        with("date", json!("2026-02-30")),
        with("startMin", json!(1440)),
        with("startMin", json!(-15)),
        with("serviceIds", json!([])),
        with("serviceIds", json!(["corte-caballero", "corte-caballero"])),
        with("serviceIds", json!(vec!["barba"; 11])),
        with("status", json!("completada")),
        with("status", json!("borrada")),
        with("room", json!(3)),
        without("clientId"),
        both_clients,
        with("clientId", Value::Null),
        without("staffId"),
    ];
    for body in malformed {
        let answer = salon
            .post(Some(&salon.admin), "/api/appointments", body.clone())
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let mut bad_client = without("clientId");
    for client in [
        json!({ "name": "" }),
        json!({ "name": "x".repeat(121) }),
        json!({ "name": "Ana", "email": "no-es-un-email" }),
        json!({ "name": "Ana", "phone": "llámame" }),
        json!({ "name": "Ana", "age": 30 }),
    ] {
        bad_client["client"] = client;
        let (status, body) = salon
            .post(Some(&salon.admin), "/api/appointments", bad_client.clone())
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad_client} → {body}");
    }

    let impossible = [
        // Off the 15-minute step.
        with("startMin", json!(605)),
        // 13:45 + 30 minutes runs past the 14:00 close.
        with("startMin", json!(825)),
        // In the lunch break, and before opening.
        with("startMin", json!(900)),
        with("startMin", json!(540)),
        // Sunday.
        with("date", json!("2026-11-22")),
        with("serviceIds", json!(["corte-caballero", "no-existe"])),
        with("serviceIds", json!(["keratina"])),
        with("staffId", json!("no-existe")),
        // A cliente is not staff.
        with("staffId", json!(Salon::id_of(&salon.cliente))),
        with("clientId", json!("no-existe")),
    ];
    for body in impossible {
        let answer = salon
            .post(Some(&salon.admin), "/api/appointments", body.clone())
            .await;
        assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    }

    let (_, listed) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-01&to=2026-11-30",
        )
        .await;
    assert_eq!(
        listed["items"],
        json!([]),
        "nothing was booked by the refusals"
    );

    // A double booking by hand: refused by the database, for any overlap.
    let (status, _) = salon
        .post(Some(&salon.admin), "/api/appointments", valid.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED);
    for (start, services) in [(600, json!(["barba"])), (585, json!(["corte-caballero"]))] {
        let mut body = with("startMin", json!(start));
        body["serviceIds"] = services;
        assert_error(
            &salon
                .post(Some(&salon.usuario), "/api/appointments", body)
                .await,
            StatusCode::CONFLICT,
            "conflict",
        );
    }
    // Back to back, or another stylist at the same time, is fine.
    let (status, _) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            with("startMin", json!(630)),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            with("staffId", json!(lucia)),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);

    // A cancelled cita frees its time.
    let (_, listed) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/appointments?from=2026-11-23&to=2026-11-23&staffId={javier}"),
        )
        .await;
    let first = &listed["items"][0];
    assert_eq!(first["startMin"], 600);
    let (status, _) = set_status(&salon, Some(&salon.admin), first, "cancelada").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = salon
        .post(Some(&salon.usuario), "/api/appointments", valid)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn citas_are_listed_by_role(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let marta_late = book_for_marta(&salon, 1020).await;
    let pedro = book_for_pedro(&salon, 600).await;
    let marta_early = book_for_marta(&salon, 570).await;
    let range = "/api/appointments?from=2026-11-23&to=2026-11-23";

    assert_error(
        &salon.get(None, range).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    for who in [&salon.admin, &salon.usuario] {
        let (status, body) = salon.get(Some(who), range).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            item_texts(&body, "id"),
            [&marta_early["id"], &pedro["id"], &marta_late["id"]]
                .map(|id| id.as_str().expect("an id").to_owned()),
            "everyone's, by start"
        );
    }
    let (status, body) = salon.get(Some(&salon.cliente), range).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        item_texts(&body, "id"),
        [&marta_early["id"], &marta_late["id"]].map(|id| id.as_str().expect("an id").to_owned()),
        "a cliente sees only her own"
    );
    assert_eq!(body["items"][0]["clientName"], "Marta Ruiz");

    // Filters: staff member and status, for staff and the cliente alike.
    let lucia = Salon::id_of(&salon.admin);
    let (_, body) = salon
        .get(Some(&salon.admin), &format!("{range}&staffId={lucia}"))
        .await;
    assert_eq!(
        item_texts(&body, "id"),
        [pedro["id"].as_str().expect("an id")]
    );
    let (_, body) = salon
        .get(Some(&salon.cliente), &format!("{range}&staffId={lucia}"))
        .await;
    assert_eq!(body["items"], json!([]));
    set_status(&salon, Some(&salon.usuario), &marta_late, "confirmada").await;
    for who in [&salon.admin, &salon.cliente] {
        let (_, body) = salon
            .get(Some(who), &format!("{range}&status=confirmada"))
            .await;
        assert_eq!(
            item_texts(&body, "id"),
            [marta_late["id"].as_str().expect("an id")]
        );
    }

    // The range is inclusive at both ends; days around it are left out.
    let (_, body) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-21&to=2026-11-22",
        )
        .await;
    assert_eq!(body["items"], json!([]));
    let (_, body) = salon
        .get(
            Some(&salon.cliente),
            "/api/appointments?from=2026-11-24&to=2026-12-31",
        )
        .await;
    assert_eq!(body["items"], json!([]));

    // A cliente without a client record (a new account) has no citas, not an error.
    let nueva = salon.app.sign_up("nueva@ejemplo.es").await;
    let (status, body) = salon.get(Some(&nueva), range).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "items": [] })));
}

async fn list_limits_are_enforced(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    book_for_marta(&salon, 600).await;
    for query in [
        "from=2026-11-23",
        "to=2026-11-23",
        "from=23-11-2026&to=2026-11-23",
        "from=2026-11-23&to=2026-13-01",
        "from=2026-11-24&to=2026-11-23",
        // 93 days apart.
        "from=2026-11-01&to=2027-02-02",
        "from=2026-11-23&to=2026-11-23&status=borrada",
        "from=2026-11-23&to=2026-11-23&page=2",
    ] {
        for who in [&salon.admin, &salon.cliente] {
            let answer = salon
                .get(Some(who), &format!("/api/appointments?{query}"))
                .await;
            assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
        }
    }
    // 92 days apart is the widest range.
    let (status, body) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-01&to=2027-02-01",
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(item_texts(&body, "id").len(), 1);
}

async fn status_changes_follow_the_rules_and_roles(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let hers = book_for_marta(&salon, 600).await;
    let his = book_for_pedro(&salon, 600).await;
    let status_of = |body: &Value| body["item"]["status"].clone();

    assert_error(
        &set_status(&salon, None, &hers, "cancelada").await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    // Another client's cita does not exist for a cliente, whatever she asks.
    for status in ["cancelada", "confirmada"] {
        assert_error(
            &set_status(&salon, Some(&salon.cliente), &his, status).await,
            StatusCode::NOT_FOUND,
            "not_found",
        );
    }
    // Her own: she may cancel, nothing else.
    assert_error(
        &set_status(&salon, Some(&salon.cliente), &hers, "confirmada").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    let (_, listed) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-23&to=2026-11-23",
        )
        .await;
    assert!(
        items(&listed)
            .iter()
            .all(|item| item["status"] == "pendiente"),
        "the refusals changed nothing: {listed}"
    );
    let (status, body) = set_status(&salon, Some(&salon.cliente), &hers, "cancelada").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(status_of(&body), "cancelada");
    assert_eq!(body["item"]["clientName"], "Marta Ruiz");
    assert_error(
        &set_status(&salon, Some(&salon.cliente), &hers, "cancelada").await,
        StatusCode::CONFLICT,
        "conflict",
    );

    // Staff: pending → confirmed → completed; nothing after that.
    for (who, next) in [(&salon.usuario, "confirmada"), (&salon.admin, "completada")] {
        let (status, body) = set_status(&salon, Some(who), &his, next).await;
        assert_eq!((status, status_of(&body)), (StatusCode::OK, json!(next)));
    }
    for next in ["cancelada", "pendiente", "confirmada", "completada"] {
        assert_error(
            &set_status(&salon, Some(&salon.admin), &his, next).await,
            StatusCode::CONFLICT,
            "conflict",
        );
    }
    // A pending cita cannot be completed straight away.
    let other = book_for_pedro(&salon, 630).await;
    assert_error(
        &set_status(&salon, Some(&salon.admin), &other, "completada").await,
        StatusCode::CONFLICT,
        "conflict",
    );

    assert_error(
        &salon
            .patch(
                Some(&salon.admin),
                "/api/appointments/no-existe",
                json!({ "status": "cancelada" }),
            )
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let other_path = format!("/api/appointments/{}", other["id"].as_str().expect("an id"));
    for body in [
        json!({ "status": "borrada" }),
        json!({}),
        json!({ "status": "cancelada", "reason": "x" }),
    ] {
        assert_error(
            &salon.patch(Some(&salon.admin), &other_path, body).await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        );
    }
}

fn starts(body: &Value) -> Vec<u64> {
    items(body)
        .iter()
        .map(|item| item["startMin"].as_u64().expect("a start"))
        .collect()
}

async fn availability_is_public_and_leaves_out_taken_times(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let monday = "/api/availability?date=2026-11-23&serviceIds=corte-caballero";

    let (status, body) = salon.get(None, monday).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let all = starts(&body);
    // 09:30 to 13:30 and 16:30 to 20:00, every 15 minutes.
    assert_eq!(all.first(), Some(&570));
    assert_eq!(all.len(), 17 + 15);
    assert!(all.contains(&810) && !all.contains(&825) && !all.contains(&900));
    assert_eq!(all.last(), Some(&1200));
    let at_ten = &body["items"][2];
    assert_eq!(at_ten["startMin"], 600);
    assert_eq!(at_ten["staffIds"].as_array().map(Vec::len), Some(2));

    book_for_marta(&salon, 600).await;
    let (_, body) = salon.get(Some(&salon.cliente), monday).await;
    assert_eq!(
        body["items"][2],
        json!({ "startMin": 600, "staffIds": [lucia.clone()] })
    );
    // 09:45 now overlaps Javier's 10:00 for a 30-minute service.
    assert_eq!(
        body["items"][1],
        json!({ "startMin": 585, "staffIds": [lucia.clone()] })
    );

    // Only one staff member: his taken times disappear.
    let (_, body) = salon.get(None, &format!("{monday}&staffId={javier}")).await;
    let his = starts(&body);
    assert!(!his.contains(&600) && !his.contains(&585) && his.contains(&630));

    // Two services together need the whole stretch: 90 + 30 minutes end by 14:00.
    let (_, body) = salon
        .get(
            None,
            "/api/availability?date=2026-11-23&serviceIds=tinte,corte-caballero",
        )
        .await;
    assert_eq!(
        starts(&body).iter().filter(|start| **start < 840).max(),
        Some(&720)
    );

    // Today only after now (10:30) plus the minimum notice (60 minutes) for the public, from
    // now for staff; past days and Sundays have nothing.
    let (_, body) = salon
        .get(None, "/api/availability?date=2026-11-20&serviceIds=barba")
        .await;
    assert_eq!(starts(&body).first(), Some(&690));
    let (_, body) = salon
        .get(
            Some(&salon.usuario),
            "/api/availability?date=2026-11-20&serviceIds=barba",
        )
        .await;
    assert_eq!(starts(&body).first(), Some(&630));
    for date in ["2026-11-19", "2026-11-22"] {
        let (status, body) = salon
            .get(
                None,
                &format!("/api/availability?date={date}&serviceIds=barba"),
            )
            .await;
        assert_eq!((status, body), (StatusCode::OK, json!({ "items": [] })));
    }

    for query in [
        "date=2026-11-23",
        "date=2026-11-23&serviceIds=",
        "date=2026-11-23&serviceIds=barba,barba",
        "date=lunes&serviceIds=barba",
        "serviceIds=barba",
        "date=2026-11-23&serviceIds=barba&hour=10",
    ] {
        assert_error(
            &salon.get(None, &format!("/api/availability?{query}")).await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        );
    }
    salon.deactivate_keratina().await;
    for query in [
        "date=2026-11-23&serviceIds=no-existe",
        "date=2026-11-23&serviceIds=keratina",
        "date=2026-11-23&serviceIds=barba&staffId=no-existe",
    ] {
        assert_error(
            &salon.get(None, &format!("/api/availability?{query}")).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        );
    }
}

async fn the_assistants_bookings_name_their_conversation(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-guest").await;
    book_for_marta(&salon, 630).await;

    let (_, body) = salon
        .get(
            Some(&salon.usuario),
            "/api/appointments?from=2026-11-23&to=2026-11-23",
        )
        .await;
    let items = items(&body);
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["clientName"], "Pedro Sanz");
    assert_eq!(items[0]["chatSessionId"], "s-guest");
    assert_eq!(items[1]["chatSessionId"], Value::Null);
}
