//! `GET /api/stats` through the real server (REQUIREMENTS D5): one entry per local day of the
//! range, zeros included, counting citas made, conversations started, and those that led to a cita.
//! The clock says Friday 2026-11-20, 10:30 in Madrid.

use reqwest::StatusCode;
use serde_json::json;

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat, items};
use crate::helpers::Backend;

both!(
    only_staff_read_the_figures,
    each_day_is_counted_in_the_business_s_time_zone
);

async fn only_staff_read_the_figures(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let path = "/api/stats?from=2026-11-20&to=2026-11-20";
    assert_error(
        &salon.get(None, path).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon.get(Some(&salon.cliente), path).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    for bad in [
        "from=2026-11-21&to=2026-11-20",
        "from=2026-11-01&to=2027-02-02",
        "from=2026-11-01",
        "from=hoy&to=2026-11-20",
        "from=2026-11-20&to=2026-11-20&staffId=x",
    ] {
        let answer = salon
            .get(Some(&salon.admin), &format!("/api/stats?{bad}"))
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let (status, body) = salon
        .get(
            Some(&salon.usuario),
            "/api/stats?from=2026-11-01&to=2027-02-01",
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["items"].as_array().map(Vec::len),
        Some(93),
        "92 days apart"
    );
}

async fn each_day_is_counted_in_the_business_s_time_zone(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    // Friday: a guest books through the chat, another only asks; staff book one by hand.
    guest_books_through_the_chat(app, "s-booked").await;
    say(app, None, "s-asks", "¿cuánto cuesta un tinte?").await;
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": Salon::id_of(&salon.usuario), "clientId": salon.marta_client_id().await,
                "date": "2026-11-23", "startMin": 660, "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // 23:30 UTC is already Saturday in Madrid.
    app.clock.advance(time::Duration::hours(14));
    say(app, None, "s-late", "hola").await;

    let (status, body) = salon
        .get(
            Some(&salon.usuario),
            "/api/stats?from=2026-11-19&to=2026-11-22",
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        *items(&body),
        [
            json!({ "date": "2026-11-19", "appointments": 0, "conversations": 0, "conversationsBooked": 0 }),
            json!({ "date": "2026-11-20", "appointments": 2, "conversations": 2, "conversationsBooked": 1 }),
            json!({ "date": "2026-11-21", "appointments": 0, "conversations": 1, "conversationsBooked": 0 }),
            json!({ "date": "2026-11-22", "appointments": 0, "conversations": 0, "conversationsBooked": 0 }),
        ]
    );
}
