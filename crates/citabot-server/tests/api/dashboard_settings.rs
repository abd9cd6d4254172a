//! The salon's settings through the real server (issue 11): the profile and booking rules,
//! opening hours, closures, each stylist's schedule, services and time off; every limit refused
//! with a sentence; and every booking (availability, by hand, the chat) honouring them from the
//! next request on. The clock says Friday 2026-11-20, 10:30 in Madrid; Monday the 23rd is open
//! 09:30–14:00 and 16:30–20:30. In the demo Lucía does the colour work (mechas, keratina),
//! Javier the barbering (barba), both the rest.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, items};
use crate::helpers::Backend;

both!(
    the_salon_s_profile_is_public,
    profile_limits_are_enforced,
    hours_are_checked_and_take_effect_at_once,
    closures_remove_availability_and_refuse_bookings,
    time_off_removes_a_stylist,
    stylists_are_offered_only_for_services_they_do,
    a_stylist_s_own_periods_bound_their_day,
    schedule_and_time_off_limits_are_enforced,
    the_minimum_notice_and_horizon_bind_clients_only,
    chat_bookings_take_the_configured_status,
    citas_outside_the_rules_are_listed_not_moved,
);

const MONDAY: &str = "2026-11-23";

/// `DELETE path` as `who`, signed like the site does; the status (a 204 has no body).
async fn delete(salon: &Salon, who: &crate::helpers::Session, path: &str) -> StatusCode {
    salon
        .app
        .client
        .delete(salon.app.url(path))
        .header("cookie", who.cookie_header())
        .header("x-csrf-token", &who.csrf_token)
        .send()
        .await
        .expect("answers")
        .status()
}

/// Free start times of Monday the 23rd for `services`, with who is free, as `who` sees them.
async fn free_on(
    salon: &Salon,
    who: Option<&crate::helpers::Session>,
    date: &str,
    services: &str,
) -> Vec<(u64, Vec<String>)> {
    let (status, body) = salon
        .get(
            who,
            &format!("/api/availability?date={date}&serviceIds={services}"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    items(&body)
        .iter()
        .map(|item| {
            let staff = item["staffIds"]
                .as_array()
                .expect("staff ids")
                .iter()
                .map(|id| id.as_str().expect("an id").to_owned())
                .collect();
            (item["startMin"].as_u64().expect("a start"), staff)
        })
        .collect()
}

/// Books Marta by hand with `staff` on `date` at `start`, as the administrador.
async fn book(
    salon: &Salon,
    staff: &str,
    date: &str,
    start: u16,
    services: &[&str],
    extra: Value,
) -> (StatusCode, Value) {
    let marta = salon.marta_client_id().await;
    let mut request = json!({
        "staffId": staff, "clientId": marta, "date": date, "startMin": start,
        "serviceIds": services,
    });
    if let (Some(request), Some(extra)) = (request.as_object_mut(), extra.as_object()) {
        request.extend(extra.clone());
    }
    salon
        .post(Some(&salon.admin), "/api/appointments", request)
        .await
}

async fn the_salon_s_profile_is_public(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, body) = salon.get(None, "/api/business").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let item = &body["item"];
    assert_eq!(item["name"], "Peluquería Lucía");
    assert_eq!(
        item["address"],
        json!({ "street": "Calle de Fuencarral 45", "postalCode": "28004", "city": "Madrid" })
    );
    assert!(
        item["phone"]
            .as_str()
            .is_some_and(|phone| !phone.is_empty())
    );
    assert!(
        item["email"]
            .as_str()
            .is_some_and(|email| email.contains('@'))
    );
    assert!(item["faq"].as_array().is_some_and(|faq| faq.len() >= 8));
    assert_eq!(item["brandColor"], "#9d174d");
    assert_eq!(
        item["bookingRules"],
        json!({ "minNoticeMin": 60, "horizonDays": 60, "chatBookingStatus": "pendiente",
                "holdMinutes": 10 })
    );
    assert_eq!(
        item["paymentMethods"],
        json!(["Tarjeta", "Efectivo", "Bizum"])
    );
    // The public holidays within the 60 days are shown (Sunday 6 December closes nothing
    // more); those after it, up to Christmas 2027, are stored for staff but not shown.
    let closures = item["closures"].as_array().expect("closures");
    let shown: Vec<(&str, &str)> = closures
        .iter()
        .map(|closure| {
            (
                closure["from"].as_str().unwrap_or_default(),
                closure["reason"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("2026-12-08", "Inmaculada Concepción"),
            ("2026-12-25", "Navidad"),
            ("2027-01-01", "Año Nuevo"),
            ("2027-01-06", "Reyes"),
        ]
    );
    let (status, all) = salon.get(Some(&salon.usuario), "/api/closures").await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let stored: Vec<&str> = items(&all)
        .iter()
        .map(|closure| closure["from"].as_str().unwrap_or_default())
        .collect();
    assert!(stored.len() > shown.len(), "{stored:?}");
    assert_eq!(stored.last(), Some(&"2027-12-25"), "up to Christmas 2027");

    let team = item["team"].as_array().expect("team");
    assert_eq!(team.len(), 2);
    let lucia = Salon::id_of(&salon.admin);
    let javier = Salon::id_of(&salon.usuario);
    for member in team {
        let mut keys: Vec<&String> = member.as_object().expect("an object").keys().collect();
        keys.sort();
        assert_eq!(keys, ["firstName", "id", "serviceIds"], "no contact data");
        let services: Vec<&str> = member["serviceIds"]
            .as_array()
            .expect("ids")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        if member["id"] == lucia.as_str() {
            assert_eq!(member["firstName"], "Lucía");
            assert!(services.contains(&"mechas") && !services.contains(&"barba"));
        } else {
            assert_eq!(member["id"], javier.as_str());
            assert!(services.contains(&"barba") && !services.contains(&"mechas"));
        }
    }
}

async fn profile_limits_are_enforced(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let patch = |body: Value| salon.patch(Some(&salon.admin), "/api/business", body);
    let long = |chars: usize| "a".repeat(chars);

    // Who may: administradores only.
    assert_error(
        &salon
            .patch(None, "/api/business", json!({ "name": "X" }))
            .await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon
            .patch(
                Some(&salon.usuario),
                "/api/business",
                json!({ "name": "X" }),
            )
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );

    let refused = [
        json!({}),
        json!({ "bookingRules": {} }),
        json!({ "nombre": "X" }),
        json!({ "name": "  " }),
        json!({ "name": long(81) }),
        json!({ "address": { "street": long(121), "postalCode": "28004", "city": "Madrid" } }),
        json!({ "address": { "street": "Sol 1", "postalCode": long(11), "city": "Madrid" } }),
        json!({ "address": { "street": "Sol 1", "postalCode": "28@04", "city": "Madrid" } }),
        json!({ "address": { "street": "Sol 1", "postalCode": "28004", "city": long(81) } }),
        json!({ "address": { "street": "Sol 1", "city": "Madrid" } }),
        json!({ "description": long(501) }),
        json!({ "description": "a\u{202e}b" }),
        json!({ "paymentMethods": (0..11).map(|i| format!("Pago {i}")).collect::<Vec<_>>() }),
        json!({ "paymentMethods": [""] }),
        json!({ "paymentMethods": [long(41)] }),
        json!({ "paymentMethods": ["Bizum", "bizum"] }),
        json!({ "parking": long(301) }),
        json!({ "access": long(301) }),
        json!({ "faq": (0..51).map(|i| json!({ "question": format!("¿{i}?"), "answer": "Sí." })).collect::<Vec<_>>() }),
        json!({ "faq": [{ "question": " ", "answer": "Sí." }] }),
        json!({ "faq": [{ "question": long(201), "answer": "Sí." }] }),
        json!({ "faq": [{ "question": "¿Sí?", "answer": long(1001) }] }),
        json!({ "faq": [{ "question": "¿Sí?" }] }),
        json!({ "brandColor": "red" }),
        json!({ "brandColor": "#12345" }),
        json!({ "brandColor": "#gggggg" }),
        json!({ "brandColor": "#1234567" }),
        json!({ "bookingRules": { "minNoticeMin": -1 } }),
        json!({ "bookingRules": { "minNoticeMin": 10081 } }),
        json!({ "bookingRules": { "horizonDays": 0 } }),
        json!({ "bookingRules": { "horizonDays": 366 } }),
        json!({ "bookingRules": { "chatBookingStatus": "cancelada" } }),
        json!({ "bookingRules": { "antelacion": 5 } }),
    ];
    for body in refused {
        let answer = patch(body.clone()).await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{body} → {}", answer.1);
        let message = answer.1["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{body}");
    }
    assert_error(
        &patch(json!({ "phone": "llámame" })).await,
        StatusCode::BAD_REQUEST,
        "invalid_phone",
    );
    assert_error(
        &patch(json!({ "email": "hola" })).await,
        StatusCode::BAD_REQUEST,
        "invalid_email",
    );
    // Nothing refused changed anything.
    let (_, unchanged) = salon.get(None, "/api/business").await;
    assert_eq!(unchanged["item"]["name"], "Peluquería Lucía");
    assert_eq!(unchanged["item"]["brandColor"], "#9d174d");

    // The limits themselves pass; the change shows at once, and the FAQ is replaced whole.
    let faq: Vec<Value> = (0..50)
        .map(|i| json!({ "question": format!("{i} {}", "¿".repeat(195)), "answer": "ñ".repeat(1000) }))
        .collect();
    let (status, body) = patch(json!({
        "name": long(80),
        "address": { "street": long(120), "postalCode": "28 004-B", "city": long(80) },
        "phone": "", "email": "Hola@Salon.es", "description": long(500),
        "paymentMethods": (0..10).map(|i| format!("Pago {i}")).collect::<Vec<_>>(),
        "parking": long(300), "access": long(300), "faq": faq, "brandColor": "#ABCDEF",
        "bookingRules": { "minNoticeMin": 10080, "horizonDays": 365, "chatBookingStatus": "confirmada" },
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, now) = salon.get(None, "/api/business").await;
    let item = &now["item"];
    assert_eq!(item["name"], long(80));
    assert_eq!(item["email"], "hola@salon.es");
    assert_eq!(item["phone"], "");
    assert_eq!(item["brandColor"], "#abcdef");
    assert_eq!(item["faq"].as_array().map(Vec::len), Some(50));
    assert_eq!(item["bookingRules"]["horizonDays"], 365);
    // Within 365 days: every holiday up to November 2027, none after it.
    let shown: Vec<&str> = item["closures"]
        .as_array()
        .expect("closures")
        .iter()
        .map(|closure| closure["from"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(shown.first(), Some(&"2026-12-08"), "{shown:?}");
    assert_eq!(shown.last(), Some(&"2027-11-01"), "{shown:?}");
    let (status, body) = patch(json!({
        "faq": [{ "question": "¿Abrís en agosto?", "answer": "Sí." }],
        "bookingRules": { "minNoticeMin": 0 },
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["item"]["faq"],
        json!([{ "question": "¿Abrís en agosto?", "answer": "Sí." }])
    );
    assert_eq!(
        body["item"]["bookingRules"],
        json!({ "minNoticeMin": 0, "horizonDays": 365, "chatBookingStatus": "confirmada",
                "holdMinutes": 10 }),
        "a partial change keeps the other rules"
    );
}

async fn hours_are_checked_and_take_effect_at_once(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let put = |periods: Value| {
        salon.call(
            Some(&salon.admin),
            Method::PUT,
            "/api/business/hours",
            Some(json!({ "periods": periods })),
        )
    };
    let period = |weekday: i64, open: i64, close: i64| json!({ "weekday": weekday, "openMin": open, "closeMin": close });
    for periods in [
        json!([period(0, 600, 700)]),
        json!([period(8, 600, 700)]),
        json!([period(1, -1, 700)]),
        json!([period(1, 600, 1441)]),
        json!([period(1, 700, 700)]),
        json!([period(1, 800, 700)]),
        json!([period(1, 600, 800), period(1, 790, 900)]),
        json!(
            (0..11)
                .map(|i| period(1, i * 60, i * 60 + 30))
                .collect::<Vec<_>>()
        ),
        json!([{ "weekday": 1, "openMin": 600 }]),
    ] {
        let answer = put(periods.clone()).await;
        assert_eq!(
            answer.0,
            StatusCode::BAD_REQUEST,
            "{periods} → {}",
            answer.1
        );
    }
    assert_error(
        &salon
            .call(
                Some(&salon.usuario),
                Method::PUT,
                "/api/business/hours",
                Some(json!({ "periods": [] })),
            )
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    assert!(
        !free_on(&salon, None, MONDAY, "corte-caballero")
            .await
            .is_empty(),
        "Monday is open"
    );
    // Monday only, 10:00–12:00, given out of order with a touching period: accepted, sorted.
    let (status, body) = put(json!([
        period(1, 660, 720),
        period(1, 600, 660),
        period(7, 0, 1440)
    ]))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["item"]["hours"],
        json!([period(1, 600, 660), period(1, 660, 720), period(7, 0, 1440)])
    );
    // The next request sees it: Monday from 10:00, a cita runs over the touching periods
    // only when it fits one of them.
    let starts: Vec<u64> = free_on(&salon, None, MONDAY, "corte-caballero")
        .await
        .into_iter()
        .map(|(start, _)| start)
        .collect();
    assert_eq!(starts, [600, 615, 630, 660, 675, 690]);
    let javier = Salon::id_of(&salon.usuario);
    assert_error(
        &book(
            &salon,
            &javier,
            MONDAY,
            570,
            &["corte-caballero"],
            json!({}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
    );
    assert!(
        free_on(&salon, None, "2026-11-24", "corte-caballero")
            .await
            .is_empty(),
        "Tuesday is now closed"
    );
}

async fn closures_remove_availability_and_refuse_bookings(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    assert!(
        !free_on(&salon, None, MONDAY, "corte-mujer")
            .await
            .is_empty()
    );
    assert_error(
        &salon
            .post(
                Some(&salon.usuario),
                "/api/closures",
                json!({ "from": MONDAY, "to": MONDAY, "reason": "Puente" }),
            )
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    let (status, closure) = salon
        .post(
            Some(&salon.admin),
            "/api/closures",
            json!({ "from": "2026-11-22", "to": MONDAY, "reason": " Puente " }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{closure}");
    assert_eq!(closure["item"]["reason"], "Puente");
    let closure_id = closure["item"]["id"].as_str().expect("an id").to_owned();
    // The same days again, or some of them, add nothing: the existing closure is named.
    for (from, to) in [("2026-11-22", MONDAY), (MONDAY, MONDAY)] {
        let again = salon
            .post(
                Some(&salon.admin),
                "/api/closures",
                json!({ "from": from, "to": to, "reason": "Puente otra vez" }),
            )
            .await;
        assert_error(&again, StatusCode::CONFLICT, "conflict");
        assert_eq!(
            again.1["error"]["message"],
            "Esos días ya están apuntados: «Puente», del domingo 22 de noviembre al lunes 23 \
             de noviembre.",
            "{from}–{to}"
        );
    }
    let (_, listed) = salon.get(Some(&salon.admin), "/api/closures").await;
    let puentes = listed["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|each| {
            each["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("Puente"))
        })
        .count();
    assert_eq!(puentes, 1, "{listed}");

    // The next request: no availability for anyone, a booking by hand refused with the reason.
    assert!(
        free_on(&salon, None, MONDAY, "corte-mujer")
            .await
            .is_empty()
    );
    assert!(
        free_on(&salon, Some(&salon.admin), MONDAY, "corte-mujer")
            .await
            .is_empty()
    );
    let refused = book(&salon, &javier, MONDAY, 600, &["corte-mujer"], json!({})).await;
    assert_error(&refused, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    assert!(
        refused.1["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("cerrado") && message.contains("Puente")),
        "{}",
        refused.1
    );
    let (_, public) = salon.get(None, "/api/business").await;
    assert_eq!(public["item"]["closures"][0]["id"], closure_id.as_str());

    // Staff may override on purpose; the cita records it.
    let (status, forced) = book(
        &salon,
        &javier,
        MONDAY,
        600,
        &["corte-mujer"],
        json!({ "outsideHours": true }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{forced}");
    assert_eq!(forced["item"]["outsideHours"], true);
    let (status, normal) = book(
        &salon,
        &javier,
        "2026-11-24",
        600,
        &["corte-mujer"],
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{normal}");
    assert_eq!(normal["item"]["outsideHours"], false);

    // Deleted: bookable again at once.
    let status = delete(&salon, &salon.admin, &format!("/api/closures/{closure_id}")).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(
        !free_on(&salon, None, MONDAY, "corte-mujer")
            .await
            .is_empty()
    );
    assert_eq!(
        delete(&salon, &salon.admin, &format!("/api/closures/{closure_id}")).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        delete(&salon, &salon.usuario, "/api/closures/navidad-2026").await,
        StatusCode::FORBIDDEN
    );

    // Closure limits.
    for body in [
        json!({ "from": "2026-11-24", "to": MONDAY, "reason": "Al revés" }),
        json!({ "from": "23/11/2026", "to": MONDAY, "reason": "Fecha" }),
        json!({ "from": MONDAY, "to": MONDAY, "reason": "" }),
        json!({ "from": MONDAY, "to": MONDAY, "reason": "a".repeat(81) }),
        json!({ "from": "2026-01-01", "to": "2027-01-03", "reason": "Demasiado" }),
        json!({ "from": MONDAY, "to": MONDAY }),
    ] {
        let answer = salon
            .post(Some(&salon.admin), "/api/closures", body.clone())
            .await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{body} → {}", answer.1);
    }
    let (status, _) = salon
        .post(
            Some(&salon.admin),
            "/api/closures",
            json!({ "from": "2026-01-01", "to": "2027-01-02", "reason": "a".repeat(80) }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "366 days and 80 characters pass"
    );
}

async fn time_off_removes_a_stylist(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let path = format!("/api/staff/{javier}/time-off");
    let (status, off) = salon
        .post(
            Some(&salon.admin),
            &path,
            json!({ "from": MONDAY, "to": MONDAY, "reason": "Médico" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{off}");
    // The same day again is refused, naming what already covers it.
    let again = salon
        .post(
            Some(&salon.admin),
            &path,
            json!({ "from": MONDAY, "to": MONDAY, "reason": "Médico otra vez" }),
        )
        .await;
    assert_error(&again, StatusCode::CONFLICT, "conflict");
    assert_eq!(
        again.1["error"]["message"],
        "Esos días ya están apuntados: «Médico», el lunes 23 de noviembre."
    );
    let (status, list) = salon.get(Some(&salon.usuario), &path).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(items(&list).len(), 1);
    assert_eq!(items(&list)[0]["reason"], "Médico");

    let free = free_on(&salon, None, MONDAY, "corte-caballero").await;
    assert!(!free.is_empty());
    assert!(
        free.iter()
            .all(|(_, staff)| staff.as_slice() == std::slice::from_ref(&lucia)),
        "only Lucía: {free:?}"
    );
    assert!(
        free_on(&salon, None, MONDAY, "barba").await.is_empty(),
        "only Javier does beards"
    );
    let refused = book(
        &salon,
        &javier,
        MONDAY,
        600,
        &["corte-caballero"],
        json!({}),
    )
    .await;
    assert_error(&refused, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    assert!(
        refused.1["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("Médico")),
        "{}",
        refused.1
    );
    let (status, _) = book(&salon, &lucia, MONDAY, 600, &["corte-caballero"], json!({})).await;
    assert_eq!(status, StatusCode::CREATED);

    let off_id = off["item"]["id"].as_str().expect("an id");
    let lucias = format!("/api/staff/{lucia}/time-off/{off_id}");
    assert_eq!(
        delete(&salon, &salon.admin, &lucias).await,
        StatusCode::NOT_FOUND,
        "not Lucía's"
    );
    let status = delete(&salon, &salon.admin, &format!("{path}/{off_id}")).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = book(
        &salon,
        &javier,
        MONDAY,
        600,
        &["corte-caballero"],
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "back at work");
}

async fn stylists_are_offered_only_for_services_they_do(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let only = |free: &[(u64, Vec<String>)], who: &str| {
        !free.is_empty() && free.iter().all(|(_, staff)| staff == &[who.to_owned()])
    };
    assert!(only(&free_on(&salon, None, MONDAY, "mechas").await, &lucia));
    assert!(only(&free_on(&salon, None, MONDAY, "barba").await, &javier));
    assert!(only(
        &free_on(&salon, None, MONDAY, "corte-caballero,barba").await,
        &javier
    ));
    assert!(
        free_on(&salon, None, MONDAY, "mechas,barba")
            .await
            .is_empty(),
        "nobody does both"
    );
    let both_free = free_on(&salon, None, MONDAY, "corte-mujer").await;
    assert_eq!(both_free[0].1.len(), 2, "{both_free:?}");

    let refused = book(
        &salon,
        &javier,
        MONDAY,
        600,
        &["corte-caballero", "mechas"],
        json!({}),
    )
    .await;
    assert_error(&refused, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    assert!(
        refused.1["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("Mechas")),
        "{}",
        refused.1
    );
    assert_error(
        &book(
            &salon,
            &javier,
            MONDAY,
            600,
            &["mechas"],
            json!({ "outsideHours": true }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
    );

    // Javier learns mechas: offered from the next request; Lucía stops taking bookings.
    let schedule = format!("/api/staff/{javier}/schedule");
    let (status, body) = salon
        .call(
            Some(&salon.admin),
            Method::PUT,
            &schedule,
            Some(json!({ "periods": null, "serviceIds": ["mechas", "barba"], "bookable": true })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["serviceIds"], json!(["mechas", "barba"]));
    assert_eq!(body["item"]["followsBusinessHours"], true);
    let free = free_on(&salon, None, MONDAY, "mechas").await;
    assert!(
        free.iter().any(|(_, staff)| staff.contains(&javier)),
        "{free:?}"
    );
    assert!(
        free_on(&salon, None, MONDAY, "corte-mujer")
            .await
            .iter()
            .all(|(_, staff)| staff.as_slice() == std::slice::from_ref(&lucia)),
        "Javier no longer cuts"
    );
    let (status, _) = salon
        .call(
            Some(&salon.admin),
            Method::PUT,
            &format!("/api/staff/{lucia}/schedule"),
            Some(json!({ "periods": null, "serviceIds": ["mechas"], "bookable": false })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(only(
        &free_on(&salon, None, MONDAY, "mechas").await,
        &javier
    ));
    assert_error(
        &book(
            &salon,
            &lucia,
            MONDAY,
            600,
            &["mechas"],
            json!({ "outsideHours": true }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
    );
    let (_, public) = salon.get(None, "/api/business").await;
    let team = public["item"]["team"].as_array().expect("team");
    assert_eq!(team.len(), 1, "only bookable stylists: {team:?}");
    assert_eq!(team[0]["id"], javier.as_str());
}

async fn a_stylist_s_own_periods_bound_their_day(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let schedule = format!("/api/staff/{javier}/schedule");
    let (status, body) = salon.get(Some(&salon.usuario), &schedule).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["followsBusinessHours"], true);
    assert_eq!(body["item"]["bookable"], true);
    assert_eq!(
        body["item"]["periods"].as_array().map(Vec::len),
        Some(11),
        "the business hours: five days of two periods and Saturday"
    );
    // Mondays 08:00–11:00 (the salon opens at 9:30), and nothing else.
    let (status, body) = salon
        .call(
            Some(&salon.admin),
            Method::PUT,
            &schedule,
            Some(json!({
                "periods": [{ "weekday": 1, "openMin": 480, "closeMin": 660 }],
                "serviceIds": ["barba"], "bookable": true,
            })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["followsBusinessHours"], false);
    let starts: Vec<u64> = free_on(&salon, None, MONDAY, "barba")
        .await
        .into_iter()
        .map(|(start, _)| start)
        .collect();
    assert_eq!(starts.first(), Some(&570), "not before the salon opens");
    assert_eq!(starts.last(), Some(&645), "10:45–11:00 is the last");
    assert!(
        free_on(&salon, None, "2026-11-24", "barba")
            .await
            .is_empty()
    );
    let refused = book(&salon, &javier, MONDAY, 660, &["barba"], json!({})).await;
    assert_error(&refused, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    let (status, forced) = book(
        &salon,
        &javier,
        MONDAY,
        1020,
        &["barba"],
        json!({ "outsideHours": true }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{forced}");
    assert_eq!(forced["item"]["outsideHours"], true);
}

async fn schedule_and_time_off_limits_are_enforced(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let marta = Salon::id_of(&salon.cliente);
    let schedule = format!("/api/staff/{javier}/schedule");
    let shared = &salon;
    let put = |path: String, body: Value| async move {
        shared
            .call(Some(&shared.admin), Method::PUT, &path, Some(body))
            .await
    };
    let unknown = put(
        schedule.clone(),
        json!({ "periods": null, "serviceIds": ["tatuaje"], "bookable": true }),
    )
    .await;
    assert_error(&unknown, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    for body in [
        json!({ "periods": null, "serviceIds": ["barba", "barba"], "bookable": true }),
        json!({ "periods": [{ "weekday": 9, "openMin": 0, "closeMin": 60 }], "serviceIds": [], "bookable": true }),
        json!({ "periods": [{ "weekday": 1, "openMin": 600, "closeMin": 540 }], "serviceIds": [], "bookable": true }),
        json!({ "periods": null, "serviceIds": [] }),
        json!({ "periods": null, "serviceIds": [], "bookable": "sí" }),
    ] {
        let answer = put(schedule.clone(), body.clone()).await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{body} → {}", answer.1);
    }
    for (who, status, code) in [
        (None, StatusCode::UNAUTHORIZED, "unauthenticated"),
        (Some(&salon.usuario), StatusCode::FORBIDDEN, "forbidden"),
    ] {
        assert_error(
            &salon
                .call(
                    who,
                    Method::PUT,
                    &schedule,
                    Some(json!({ "periods": null, "serviceIds": [], "bookable": true })),
                )
                .await,
            status,
            code,
        );
    }
    assert_error(
        &salon.get(Some(&salon.cliente), &schedule).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    for path in [
        format!("/api/staff/{marta}/schedule"),
        "/api/staff/nadie/schedule".to_owned(),
        format!("/api/staff/{marta}/time-off"),
    ] {
        assert_error(
            &salon.get(Some(&salon.admin), &path).await,
            StatusCode::NOT_FOUND,
            "not_found",
        );
    }
    let time_off = format!("/api/staff/{javier}/time-off");
    for body in [
        json!({ "from": "2026-11-25", "to": MONDAY, "reason": "Al revés" }),
        json!({ "from": MONDAY, "to": MONDAY, "reason": " " }),
        json!({ "from": MONDAY, "to": "2100-13-01", "reason": "Fecha" }),
    ] {
        let answer = salon
            .post(Some(&salon.admin), &time_off, body.clone())
            .await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{body} → {}", answer.1);
    }
    assert_error(
        &salon
            .post(
                Some(&salon.usuario),
                &time_off,
                json!({ "from": MONDAY, "to": MONDAY, "reason": "Yo" }),
            )
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    assert_error(
        &salon
            .post(
                Some(&salon.admin),
                &format!("/api/staff/{marta}/time-off"),
                json!({ "from": MONDAY, "to": MONDAY, "reason": "Ella" }),
            )
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
}

async fn the_minimum_notice_and_horizon_bind_clients_only(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let today = "2026-11-20";
    // 10:30 now: a guest from 11:30 (60 minutes' notice), staff from 10:30.
    let guest = free_on(&salon, None, today, "corte-caballero").await;
    assert_eq!(guest.first().map(|(start, _)| *start), Some(690));
    let staff = free_on(&salon, Some(&salon.usuario), today, "corte-caballero").await;
    assert_eq!(staff.first().map(|(start, _)| *start), Some(630));
    // Sixty days ahead is the last bookable day for clients; staff see further.
    assert!(
        !free_on(&salon, None, "2027-01-19", "corte-caballero")
            .await
            .is_empty()
    );
    assert!(
        free_on(&salon, None, "2027-01-20", "corte-caballero")
            .await
            .is_empty()
    );
    assert!(
        !free_on(
            &salon,
            Some(&salon.usuario),
            "2027-01-20",
            "corte-caballero"
        )
        .await
        .is_empty()
    );
    // Staff book inside the notice and in the past.
    let javier = Salon::id_of(&salon.usuario);
    let (status, soon) = book(&salon, &javier, today, 645, &["corte-caballero"], json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{soon}");
    let (status, _) = book(
        &salon,
        &javier,
        "2026-11-19",
        600,
        &["corte-caballero"],
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);

    // A notice of two hours takes effect on the next request.
    let (status, _) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "bookingRules": { "minNoticeMin": 120, "horizonDays": 10 } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let guest = free_on(&salon, None, today, "corte-caballero").await;
    assert_eq!(guest.first().map(|(start, _)| *start), Some(750));
    assert!(
        free_on(&salon, None, "2026-12-01", "corte-caballero")
            .await
            .is_empty()
    );
    assert!(
        !free_on(&salon, None, "2026-11-30", "corte-caballero")
            .await
            .is_empty()
    );
}

async fn chat_bookings_take_the_configured_status(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, _) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "bookingRules": { "chatBookingStatus": "confirmada" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let app = &salon.app;
    say(app, None, "s-confirmed", "quiero mechas el lunes a las 10").await;
    say(app, None, "s-confirmed", "Pedro Sanz").await;
    let summary = say(app, None, "s-confirmed", "pedro@ejemplo.es").await;
    assert!(
        summary.contains("Lucía"),
        "only Lucía does mechas: {summary}"
    );
    let reply = say(app, None, "s-confirmed", "sí").await;
    assert!(reply.contains("¡Hecho! Tu cita está confirmada"), "{reply}");
    let (status, list) = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-23&to=2026-11-23",
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(items(&list).len(), 1);
    assert_eq!(items(&list)[0]["status"], "confirmada");
    assert_eq!(items(&list)[0]["staffName"], "Lucía Martín");
}

async fn citas_outside_the_rules_are_listed_not_moved(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let lucia = Salon::id_of(&salon.admin);
    let (_, monday) = book(
        &salon,
        &javier,
        MONDAY,
        600,
        &["corte-caballero"],
        json!({}),
    )
    .await;
    let (_, tuesday) = book(
        &salon,
        &lucia,
        "2026-11-24",
        1170,
        &["corte-mujer"],
        json!({}),
    )
    .await;
    let (_, past) = book(
        &salon,
        &javier,
        "2026-11-19",
        600,
        &["corte-caballero"],
        json!({}),
    )
    .await;
    let (status, none) = salon
        .get(Some(&salon.usuario), "/api/business/outside-rules")
        .await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert!(items(&none).is_empty(), "{none}");
    assert_error(
        &salon
            .get(Some(&salon.cliente), "/api/business/outside-rules")
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );

    // Javier off on Monday and the salon closing at 20:00 on weekdays.
    let (status, _) = salon
        .post(
            Some(&salon.admin),
            &format!("/api/staff/{javier}/time-off"),
            json!({ "from": "2026-11-19", "to": MONDAY, "reason": "Vacaciones" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let periods: Vec<Value> = (1..=5)
        .flat_map(|weekday| {
            [
                json!({ "weekday": weekday, "openMin": 570, "closeMin": 840 }),
                json!({ "weekday": weekday, "openMin": 990, "closeMin": 1200 }),
            ]
        })
        .collect();
    let (status, _) = salon
        .call(
            Some(&salon.admin),
            Method::PUT,
            "/api/business/hours",
            Some(json!({ "periods": periods })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, outside) = salon
        .get(Some(&salon.usuario), "/api/business/outside-rules")
        .await;
    assert_eq!(status, StatusCode::OK, "{outside}");
    let listed = items(&outside);
    assert_eq!(listed.len(), 2, "the past cita is left out: {outside}");
    assert_eq!(listed[0]["id"], monday["item"]["id"]);
    assert!(
        listed[0]["reason"]
            .as_str()
            .is_some_and(|reason| reason.contains("Vacaciones")),
        "{outside}"
    );
    assert_eq!(listed[1]["id"], tuesday["item"]["id"]);
    assert!(
        listed[1]["reason"]
            .as_str()
            .is_some_and(|reason| reason.contains("horario")),
        "{outside}"
    );
    assert_eq!(listed[1]["status"], "pendiente", "nothing is cancelled");
    assert_ne!(listed[0]["id"], past["item"]["id"]);
}
