//! A time picked in the chat is held for its visitor while they give their details (issue 12):
//! no other visitor is offered it or can book it, staff see it in the diary and may book over
//! it (told so), one address holds at most two times at once, and a hold lapses after the
//! salon's hold time. The clock says Friday 2026-11-20, 10:30 in Madrid; every request comes
//! from 127.0.0.1, so every guest here shares one address.

use reqwest::StatusCode;
use serde_json::{Value, json};
use time::Duration;

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, items};
use crate::helpers::Backend;

both!(
    a_picked_time_is_kept_from_everyone_else_until_it_is_booked,
    staff_booking_over_a_hold_release_it_and_are_told,
    a_hold_lapses_after_the_salons_hold_time,
    one_address_holds_at_most_two_times,
    of_two_guests_racing_for_one_time_one_holds_it_and_the_other_is_offered_others,
);

const MONDAY: &str = "2026-11-23";
const PICK: &str = "quiero un corte de caballero el lunes a las 10 con Javier";

async fn holds(salon: &Salon) -> Vec<Value> {
    let (status, body) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/holds?from={MONDAY}&to={MONDAY}"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    items(&body).clone()
}

async fn service_id(salon: &Salon, name: &str) -> String {
    let (_, body) = salon.get(None, "/api/services").await;
    items(&body)
        .iter()
        .find(|service| service["name"] == name)
        .and_then(|service| service["id"].as_str())
        .expect("a demo service")
        .to_owned()
}

/// The start minutes free for `staff` on Monday for a men's cut, as `who` sees them.
async fn free_starts(
    salon: &Salon,
    who: Option<&crate::helpers::Session>,
    staff: &str,
) -> Vec<u64> {
    let service = service_id(salon, "Corte de caballero").await;
    let (status, body) = salon
        .get(
            who,
            &format!("/api/availability?date={MONDAY}&serviceIds={service}&staffId={staff}"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    items(&body)
        .iter()
        .filter_map(|item| item["startMin"].as_u64())
        .collect()
}

async fn a_picked_time_is_kept_from_everyone_else_until_it_is_booked(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let javier = Salon::id_of(&salon.usuario);
    assert!(free_starts(&salon, None, &javier).await.contains(&600));

    let reply = say(app, None, "hold-a", PICK).await;
    assert!(
        reply.contains("¿A nombre de quién"),
        "the time is picked: {reply}"
    );
    let held = holds(&salon).await;
    assert_eq!(held.len(), 1, "{held:?}");
    assert_eq!(held[0]["staffId"], javier.as_str());
    assert_eq!(
        (held[0]["startMin"].as_u64(), held[0]["endMin"].as_u64()),
        (Some(600), Some(630))
    );
    assert_eq!(held[0]["conversationId"], "hold-a");
    assert_eq!(
        held[0]["expiresAt"], "2026-11-20T09:40:00Z",
        "ten minutes by default"
    );

    // Nobody else is offered it: not in the chat, not on the site; staff still see it free.
    let reply = say(app, None, "hold-b", PICK).await;
    assert!(!reply.contains("¿A nombre de quién"), "{reply}");
    assert!(
        !reply.contains("**10:00**"),
        "a held time is never offered: {reply}"
    );
    assert!(!free_starts(&salon, None, &javier).await.contains(&600));
    assert!(
        !free_starts(&salon, Some(&salon.cliente), &javier)
            .await
            .contains(&600)
    );
    assert!(
        free_starts(&salon, Some(&salon.admin), &javier)
            .await
            .contains(&600)
    );

    // The visitor holding it books it; then nothing is held.
    say(app, None, "hold-a", "Pedro Sanz, 600111222").await;
    let reply = say(app, None, "hold-a", "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");
    assert_eq!(holds(&salon).await, Vec::<Value>::new());
    let (_, citas) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/appointments?from={MONDAY}&to={MONDAY}"),
        )
        .await;
    let booked: Vec<&Value> = items(&citas)
        .iter()
        .filter(|cita| cita["chatSessionId"] == "hold-a")
        .collect();
    assert_eq!(booked.len(), 1, "{citas}");
    assert_eq!(
        (
            booked[0]["startMin"].as_u64(),
            booked[0]["clientName"].as_str()
        ),
        (Some(600), Some("Pedro Sanz"))
    );

    // Changing one's mind releases the hold at once.
    say(
        app,
        None,
        "hold-c",
        "un corte de caballero el lunes a las 11 con Javier",
    )
    .await;
    assert_eq!(holds(&salon).await.len(), 1);
    let reply = say(app, None, "hold-c", "olvídalo").await;
    assert!(!reply.contains("¿A nombre de quién"), "{reply}");
    assert_eq!(holds(&salon).await, Vec::<Value>::new());
    salon.app.shut_down().await.expect("shuts down");
}

async fn staff_booking_over_a_hold_release_it_and_are_told(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let javier = Salon::id_of(&salon.usuario);
    say(app, None, "hold-a", PICK).await;
    say(app, None, "hold-a", "Pedro Sanz").await;
    let service = service_id(&salon, "Corte de caballero").await;
    let marta = salon.marta_client_id().await;
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({ "staffId": javier, "clientId": marta, "date": MONDAY, "startMin": 600,
                    "serviceIds": [service] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let warning = body["warning"].as_str().expect("staff are told");
    assert!(
        warning.contains("reservando esa hora en el chat"),
        "{warning}"
    );
    assert_eq!(
        holds(&salon).await,
        Vec::<Value>::new(),
        "the hold gave way"
    );

    // The visitor's next message hears that the time has gone, with other times, and nothing
    // is double-booked.
    let reply = say(app, None, "hold-a", "600111222").await;
    assert!(reply.contains("Javier no tiene hueco"), "{reply}");
    assert!(
        reply.contains("**10:30**") && !reply.contains("¿La confirmo?"),
        "{reply}"
    );
    let (_, citas) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/appointments?from={MONDAY}&to={MONDAY}"),
        )
        .await;
    assert_eq!(items(&citas).len(), 1, "{citas}");

    // A booking by hand that takes no held time carries no warning.
    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({ "staffId": javier, "clientId": marta, "date": MONDAY, "startMin": 720,
                    "serviceIds": [service] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body.get("warning"), None, "{body}");

    // Moving a cita onto a held time: staff move over it (told), a cliente may not.
    say(
        app,
        None,
        "hold-b",
        "un corte de caballero el lunes a las 12:30 con Javier",
    )
    .await;
    let id = body["item"]["id"].as_str().expect("an id").to_owned();
    let (status, moved) = salon
        .call(
            Some(&salon.admin),
            reqwest::Method::PATCH,
            &format!("/api/appointments/{id}"),
            Some(json!({ "startMin": 750 })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert!(moved["warning"].as_str().is_some(), "{moved}");
    salon.app.shut_down().await.expect("shuts down");
}

async fn a_hold_lapses_after_the_salons_hold_time(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    for minutes in [json!(0), json!(61), json!("5"), json!(-1)] {
        let answer = salon
            .call(
                Some(&salon.admin),
                reqwest::Method::PATCH,
                "/api/business",
                Some(json!({ "bookingRules": { "holdMinutes": minutes } })),
            )
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let (status, body) = salon
        .call(
            Some(&salon.admin),
            reqwest::Method::PATCH,
            "/api/business",
            Some(json!({ "bookingRules": { "holdMinutes": 5 } })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["bookingRules"]["holdMinutes"], 5);
    let (_, public) = salon.get(None, "/api/business").await;
    assert_eq!(public["item"]["bookingRules"]["holdMinutes"], 5);

    say(app, None, "hold-a", PICK).await;
    let held = holds(&salon).await;
    assert_eq!(held[0]["expiresAt"], "2026-11-20T09:35:00Z");
    // Giving details slowly never stretches a hold.
    app.clock.advance(Duration::minutes(3));
    say(app, None, "hold-a", "Pedro Sanz").await;
    assert_eq!(holds(&salon).await[0]["expiresAt"], "2026-11-20T09:35:00Z");

    app.clock.advance(Duration::minutes(2));
    assert_eq!(holds(&salon).await, Vec::<Value>::new(), "lapsed");
    let reply = say(app, None, "hold-b", PICK).await;
    assert!(
        reply.contains("¿A nombre de quién"),
        "the time is free again: {reply}"
    );
    // The first visitor, back, hears that the time is no longer theirs to book.
    let reply = say(app, None, "hold-a", "600111222").await;
    assert!(reply.contains("Javier no tiene hueco"), "{reply}");
    assert_eq!(
        holds(&salon).await.len(),
        1,
        "the other visitor's hold stays"
    );
    assert_eq!(holds(&salon).await[0]["conversationId"], "hold-b");
    salon.app.shut_down().await.expect("shuts down");
}

async fn one_address_holds_at_most_two_times(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    for (session, time) in [("hold-1", "10"), ("hold-2", "11"), ("hold-3", "12")] {
        let reply = say(
            app,
            None,
            session,
            &format!("un corte de caballero el lunes a las {time} con Javier"),
        )
        .await;
        assert!(reply.contains("¿A nombre de quién"), "{reply}");
    }
    let held: Vec<String> = holds(&salon)
        .await
        .iter()
        .map(|hold| {
            hold["conversationId"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    assert_eq!(
        held,
        ["hold-1", "hold-2"],
        "the third conversation holds nothing"
    );
    // A signed-in visitor is counted by account, not by the shared address.
    say(
        app,
        Some(&salon.cliente),
        "hold-marta",
        "un corte de caballero el lunes a las 13 con Javier",
    )
    .await;
    assert_eq!(holds(&salon).await.len(), 3);
    salon.app.shut_down().await.expect("shuts down");
}

async fn of_two_guests_racing_for_one_time_one_holds_it_and_the_other_is_offered_others(
    backend: Backend,
) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    for (round, hour) in ["10", "11", "12", "13", "18"].iter().enumerate() {
        let wish = format!("quiero un corte de caballero el lunes a las {hour} con Javier");
        let (a, b) = (format!("race-{round}-a"), format!("race-{round}-b"));
        let (first, second) = tokio::join!(say(app, None, &a, &wish), say(app, None, &b, &wish));
        let picked = [&first, &second]
            .iter()
            .filter(|reply| reply.contains("¿A nombre de quién"))
            .count();
        assert_eq!(
            picked, 1,
            "round {round}: exactly one holds it:\n{first}\n---\n{second}"
        );
        let (holder, other, told) = if first.contains("¿A nombre de quién") {
            (&a, &b, &second)
        } else {
            (&b, &a, &first)
        };
        // The other is told the truth (nobody has booked it) and offered other times.
        assert!(!told.contains("acaba de coger"), "round {round}: {told}");
        assert!(
            !told.contains(&format!("**{hour}:00**")),
            "round {round}: the held time is not offered: {told}"
        );
        assert!(told.contains("**"), "round {round}: other times: {told}");
        let held = holds(&salon).await;
        assert_eq!(held.len(), 1, "round {round}: {held:?}");
        assert_eq!(held[0]["conversationId"], holder.as_str());
        // Both let go (one address keeps at most two holds).
        say(app, None, holder, "olvídalo").await;
        say(app, None, other, "olvídalo").await;
    }
    salon.app.shut_down().await.expect("shuts down");
}
