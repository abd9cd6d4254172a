//! Booking without the chat (issue 24) on both databases: a service's next free times, and a
//! booking from the landing's form through the agent's use case, once per idempotency key, with
//! its confirmation queued, refused clearly when it cannot be, and counted per address.

use citabot_store::mail::MailKind;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::helpers::Backend;
use crate::mail::outbox;

fn booking(date: &str, start_min: u64, key: &str) -> Value {
    json!({
        "serviceIds": ["corte-caballero"],
        "date": date,
        "startMin": start_min,
        "name": "Lola Prieto",
        "email": "lola@ejemplo.es",
        "idempotencyKey": key,
    })
}

both!(a_guest_books_a_next_free_time_without_the_chat);
async fn a_guest_books_a_next_free_time_without_the_chat(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, next) = salon
        .get(None, "/api/availability/next?serviceIds=corte-caballero")
        .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    let items = next["items"].as_array().expect("items").clone();
    assert!(!items.is_empty() && items.len() <= 4, "{next}");
    // Soonest first, at most one morning and one afternoon time a day.
    let keys: Vec<(String, u64)> = items
        .iter()
        .map(|item| {
            (
                item["date"].as_str().expect("a date").to_owned(),
                item["startMin"].as_u64().expect("a start"),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    for (date, start) in &keys {
        let halves = keys
            .iter()
            .filter(|(other, time)| other == date && (*time >= 840) == (*start >= 840))
            .count();
        assert_eq!(halves, 1, "{keys:?}");
    }
    for (path, status, code) in [
        (
            "/api/availability/next?serviceIds=",
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "/api/availability/next?serviceIds=corte-caballero&count=9",
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "/api/availability/next?serviceIds=nope",
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
    ] {
        let answer = salon.get(None, path).await;
        assert_error(&answer, status, code);
    }

    let (date, start) = keys[0].clone();
    let (status, body) = salon
        .post(None, "/api/bookings", booking(&date, start, "form-1"))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let item = &body["item"];
    assert_eq!(item["date"], date.as_str());
    assert_eq!(item["startMin"], start);
    assert_eq!(item["endMin"], start + 30);
    assert_eq!(item["services"], json!(["Corte de caballero"]));
    assert!(
        item["staffName"]
            .as_str()
            .is_some_and(|name| !name.is_empty())
    );
    assert!(
        item["manageUrl"]
            .as_str()
            .is_some_and(|url| url.contains("/cita/")),
        "{body}"
    );
    let id = item["id"].as_str().expect("an id").to_owned();
    let booked = outbox(&salon.app).await;
    assert!(
        booked
            .iter()
            .any(|mail| mail.kind == MailKind::Booked && mail.recipient == "lola@ejemplo.es"),
        "the confirmation is queued"
    );

    // Sent twice: one cita. Another key for the same time: the time is taken.
    let (status, again) = salon
        .post(None, "/api/bookings", booking(&date, start, "form-1"))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    assert_eq!(again["item"]["id"], id.as_str());
    let first_staff = item["staffName"].clone();
    let (status, other) = salon
        .post(None, "/api/bookings", booking(&date, start, "form-2"))
        .await;
    // Two stylists cut men's hair: the second booking of the time goes to the other one, and a
    // third finds nobody.
    if status == StatusCode::CREATED {
        assert_ne!(other["item"]["staffName"], first_staff, "{other}");
        let taken = salon
            .post(None, "/api/bookings", booking(&date, start, "form-3"))
            .await;
        assert_error(&taken, StatusCode::CONFLICT, "conflict");
    } else {
        assert_error(&(status, other), StatusCode::CONFLICT, "conflict");
    }

    // What the form may not send.
    let mut without_contact = booking(&date, start + 60, "form-4");
    without_contact["email"] = Value::Null;
    let mut bad_email = booking(&date, start + 60, "form-5");
    bad_email["email"] = json!("lola@");
    let mut no_name = booking(&date, start + 60, "form-6");
    no_name["name"] = json!("  ");
    let mut no_key = booking(&date, start + 60, "");
    no_key["idempotencyKey"] = json!(" ");
    for (bad, code) in [
        (without_contact, "invalid_request"),
        (bad_email, "invalid_email"),
        (no_name, "invalid_request"),
        (no_key, "invalid_request"),
        (json!([1]), "invalid_request"),
        (json!({}), "invalid_request"),
    ] {
        let answer = salon.post(None, "/api/bookings", bad.clone()).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, code);
    }
    // Friday 20 November, 09:30 UTC: ten minutes from now is inside the notice.
    let soon = salon
        .post(None, "/api/bookings", booking("2026-11-20", 640, "form-7"))
        .await;
    assert_error(&soon, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
}

both!(bookings_from_the_form_are_counted_per_address);
async fn bookings_from_the_form_are_counted_per_address(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    // Saturday 21 November 2026 from 09:00: ten bookings, some of them refused, all counted.
    for index in 0..10_u64 {
        let answer = salon
            .post(
                None,
                "/api/bookings",
                booking("2026-11-21", 540 + 30 * (index / 2), &format!("k-{index}")),
            )
            .await;
        assert_ne!(
            answer.0,
            StatusCode::TOO_MANY_REQUESTS,
            "{index}: {:?}",
            answer.1
        );
    }
    let answer = salon
        .post(None, "/api/bookings", booking("2026-11-21", 780, "k-10"))
        .await;
    assert_error(&answer, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");
}
