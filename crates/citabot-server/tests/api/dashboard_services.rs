//! `GET /api/business`, `GET/POST /api/services` and `PATCH /api/services/{id}` through the real
//! server: public reads, administradores alone edit, every limit refused with a sentence.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{Salon, assert_error, both, item_texts};
use crate::helpers::{Backend, TestApp};

both!(
    the_business_is_public,
    services_are_public_but_inactive_ones_only_for_staff,
    only_administradores_create_services,
    service_limits_are_enforced,
    only_administradores_edit_services,
);

async fn the_business_is_public(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, body) = salon.get(None, "/api/business").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let item = &body["item"];
    assert_eq!(item["name"], "Peluquería Lucía");
    assert_eq!(item["timeZone"], "Europe/Madrid");
    assert_eq!(item["slotStep"], 15);
    let hours = item["hours"].as_array().expect("hours");
    // Monday to Friday two periods, Saturday one, Sunday none.
    assert_eq!(hours.len(), 11);
    assert_eq!(
        hours[0],
        json!({ "weekday": 1, "openMin": 570, "closeMin": 840 })
    );
    assert_eq!(
        hours[1],
        json!({ "weekday": 1, "openMin": 990, "closeMin": 1230 })
    );
    assert_eq!(
        hours[10],
        json!({ "weekday": 6, "openMin": 540, "closeMin": 840 })
    );
    assert!(hours.iter().all(|period| period["weekday"] != 7));
}

#[tokio::test]
async fn before_a_business_is_set_up_the_booking_apis_say_so() {
    let app = TestApp::spawn().await;
    for path in [
        "/api/business",
        "/api/availability?date=2026-11-23&serviceIds=corte",
    ] {
        let (status, body) = crate::helpers::json_body(app.get(path).await).await;
        assert_error(
            &(status, body),
            StatusCode::SERVICE_UNAVAILABLE,
            "not_configured",
        );
    }
    let (status, body) = crate::helpers::json_body(app.get("/api/services").await).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "items": [] })));
}

async fn services_are_public_but_inactive_ones_only_for_staff(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, body) = salon.get(None, "/api/services").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(item_texts(&body, "id").len(), 8);
    assert_eq!(
        body["items"][1],
        json!({
            "id": "corte-caballero", "name": "Corte de caballero",
            "description": "Corte a tijera o máquina.", "durationMin": 30, "priceCents": 1500,
            "active": true,
        })
    );

    salon.deactivate_keratina().await;
    for who in [None, Some(&salon.cliente)] {
        let (_, body) = salon.get(who, "/api/services").await;
        assert_eq!(item_texts(&body, "id").len(), 7);
        assert!(!item_texts(&body, "id").contains(&"keratina".to_owned()));
    }
    for who in [&salon.usuario, &salon.admin] {
        let (_, body) = salon.get(Some(who), "/api/services").await;
        assert_eq!(
            item_texts(&body, "id").len(),
            8,
            "staff see inactive services too"
        );
    }
}

fn new_service() -> Value {
    json!({
        "name": "Peinado de novia", "description": "Prueba incluida.", "durationMin": 90,
        "priceCents": 12000,
    })
}

async fn only_administradores_create_services(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    assert_error(
        &salon.post(None, "/api/services", new_service()).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    for who in [&salon.cliente, &salon.usuario] {
        assert_error(
            &salon.post(Some(who), "/api/services", new_service()).await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
    }
    let (status, body) = salon
        .post(Some(&salon.admin), "/api/services", new_service())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let item = &body["item"];
    assert_eq!(item["name"], "Peinado de novia");
    assert_eq!(item["durationMin"], 90);
    assert_eq!(item["priceCents"], 12000);
    assert_eq!(item["active"], true, "active unless said otherwise");
    let id = item["id"].as_str().expect("an id").to_owned();

    let (_, listed) = salon.get(None, "/api/services").await;
    assert_eq!(
        item_texts(&listed, "id").last(),
        Some(&id),
        "last in menu order"
    );
    let (_, listed) = salon.get(Some(&salon.cliente), "/api/services").await;
    assert_eq!(
        item_texts(&listed, "id").len(),
        9,
        "nothing else was created by the refusals"
    );

    let mut hidden = new_service();
    hidden["active"] = json!(false);
    let (status, body) = salon
        .post(Some(&salon.admin), "/api/services", hidden)
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(body["item"]["active"], false);
    let (_, listed) = salon.get(None, "/api/services").await;
    assert_eq!(
        item_texts(&listed, "id").len(),
        9,
        "the inactive one stays hidden"
    );
}

async fn service_limits_are_enforced(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let with = |field: &str, value: Value| {
        let mut body = new_service();
        body[field] = value;
        body
    };
    let refused = [
        with("durationMin", json!(4)),
        with("durationMin", json!(481)),
        with("durationMin", json!(-30)),
        with("priceCents", json!(-1)),
        with("priceCents", json!(10_000_001)),
        with("priceCents", json!("diez")),
        with("name", json!("   ")),
        with("name", json!("n".repeat(81))),
        with("description", json!("d".repeat(501))),
        with("color", json!("rojo")),
        json!({ "name": "Sin duración", "description": "", "priceCents": 100 }),
    ];
    for body in refused {
        let answer = salon
            .post(Some(&salon.admin), "/api/services", body.clone())
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let accepted = [
        with("durationMin", json!(5)),
        with("durationMin", json!(480)),
        with("priceCents", json!(0)),
        with("priceCents", json!(10_000_000)),
        with("name", json!("ñ".repeat(80))),
        with("description", json!("")),
        with("description", json!("d".repeat(500))),
    ];
    for body in accepted {
        let (status, answer) = salon
            .post(Some(&salon.admin), "/api/services", body.clone())
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body} → {answer}");
    }
    let (_, listed) = salon.get(Some(&salon.admin), "/api/services").await;
    assert_eq!(item_texts(&listed, "id").len(), 8 + 7);
}

async fn only_administradores_edit_services(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let change = json!({ "priceCents": 1700, "durationMin": 35 });
    assert_error(
        &salon
            .patch(None, "/api/services/corte-caballero", change.clone())
            .await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    for who in [&salon.cliente, &salon.usuario] {
        assert_error(
            &salon
                .patch(Some(who), "/api/services/corte-caballero", change.clone())
                .await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
    }
    let (_, listed) = salon.get(None, "/api/services").await;
    assert_eq!(listed["items"][1]["priceCents"], 1500, "unchanged so far");

    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            "/api/services/corte-caballero",
            change.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["item"],
        json!({
            "id": "corte-caballero", "name": "Corte de caballero",
            "description": "Corte a tijera o máquina.", "durationMin": 35, "priceCents": 1700,
            "active": true,
        })
    );
    let (_, listed) = salon.get(None, "/api/services").await;
    assert_eq!(
        listed["items"][1], body["item"],
        "stored, in the same place"
    );

    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            "/api/services/corte-caballero",
            json!({ "name": " Corte clásico ", "description": "" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["item"]["name"], "Corte clásico");
    assert_eq!(body["item"]["description"], "");
    assert_eq!(body["item"]["priceCents"], 1700, "fields left out stay");

    assert_error(
        &salon
            .patch(Some(&salon.admin), "/api/services/no-existe", change)
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    for refused in [
        json!({}),
        json!({ "durationMin": 481 }),
        json!({ "priceCents": -5 }),
        json!({ "name": "" }),
        json!({ "id": "otro" }),
    ] {
        assert_error(
            &salon
                .patch(Some(&salon.admin), "/api/services/corte-caballero", refused)
                .await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        );
    }
}

/// The booking APIs sit behind the same caller and CSRF checks as the account APIs, and their
/// answers are never cached.
#[tokio::test]
async fn the_booking_apis_are_csrf_checked_and_not_cached() {
    let Some(salon) = Salon::open(Backend::Sqlite).await else {
        return;
    };
    let app = &salon.app;
    let without_token = app
        .client
        .post(app.url("/api/services"))
        .header("cookie", salon.admin.cookie_header())
        .json(&new_service())
        .send()
        .await
        .expect("answers");
    let answer = crate::helpers::json_body(without_token).await;
    assert_error(&answer, StatusCode::FORBIDDEN, "csrf");
    let foreign = app
        .client
        .patch(app.url("/api/appointments/x"))
        .header("cookie", salon.cliente.cookie_header())
        .header("x-csrf-token", &salon.cliente.csrf_token)
        .header("origin", "https://elsewhere.example")
        .json(&json!({ "status": "cancelada" }))
        .send()
        .await
        .expect("answers");
    assert_error(
        &crate::helpers::json_body(foreign).await,
        StatusCode::FORBIDDEN,
        "csrf",
    );
    let (_, listed) = salon.get(None, "/api/services").await;
    assert_eq!(item_texts(&listed, "id").len(), 8, "nothing was created");

    for path in ["/api/services", "/api/business"] {
        let response = app.get(path).await;
        assert_eq!(
            response
                .headers()
                .get("cache-control")
                .and_then(|value| value.to_str().ok()),
            Some("no-store"),
            "{path}"
        );
    }
}
