//! The staff's inbox through the real server (issue 11): a visitor who asks for a person is
//! flagged `needsPerson` and waits on the live channel, where the assistant's "aviso al equipo"
//! comes first and a staff member's first reply arrives without the visitor typing; a take-over
//! clears the flag; each staff member has their own unread counts; the list filters; nobody
//! taking over ends the wait with an honest sentence, at once outside opening hours. The clock
//! says Friday 2026-11-20, 10:30 in Madrid (the salon is open 09:30–14:00 and 16:30–20:30).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::booking::{say, seed_demo, sign_in};
use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat, items};
use crate::helpers::{Backend, TestApp, json_body};
use crate::live::{Socket, connect, next_text, query};

both!(
    asking_for_a_person_flags_the_conversation_until_staff_take_it_over,
    the_list_filters_names_and_counts_what_each_staff_member_has_not_read,
    nobody_taking_over_ends_the_wait_with_when_and_where,
    outside_opening_hours_the_wait_ends_at_once,
    a_wait_running_when_the_server_stopped_ends_after_the_restart,
);

const ASKS: &str = "quiero hablar con una persona";

/// A guest asks for a person in `session_id`, from a page of the app itself: the answer sends the
/// widget to the live channel, which is opened; returns the socket after the heartbeat.
async fn ask_for_a_person(app: &TestApp, session_id: &str) -> Socket {
    ask_for_a_person_saying(app, session_id, ASKS).await
}

/// [`ask_for_a_person`] in the visitor's own words.
async fn ask_for_a_person_saying(app: &TestApp, session_id: &str, asks: &str) -> Socket {
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("referer", app.url("/reservas"))
        .json(&json!({ "action": "sendMessage", "sessionId": session_id, "chatInput": asks }))
        .send()
        .await
        .expect("answers");
    let (status, body) = json_body(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["executionStarted"], true, "{body}");
    let (execution, token) = (
        body["executionId"].as_str().expect("an id"),
        body["resumeToken"].as_str().expect("a token"),
    );
    let mut socket = connect(app, &query(session_id, execution, token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    socket
}

/// The next text frame within `seconds`.
async fn within(socket: &mut Socket, seconds: u64) -> String {
    tokio::time::timeout(Duration::from_secs(seconds), next_text(socket))
        .await
        .unwrap_or_else(|_| panic!("a frame within {seconds} s"))
}

fn find<'a>(body: &'a Value, session_id: &str) -> &'a Value {
    items(body)
        .iter()
        .find(|item| item["sessionId"] == session_id)
        .unwrap_or_else(|| panic!("{session_id} listed in {body}"))
}

fn ids(body: &Value) -> Vec<String> {
    items(body)
        .iter()
        .map(|item| item["sessionId"].as_str().expect("an id").to_owned())
        .collect()
}

/// The session ids the administrador's inbox lists with `filter`.
async fn listed(salon: &Salon, filter: &str) -> Vec<String> {
    let path = format!("/api/conversations?filter={filter}");
    let (status, body) = salon.get(Some(&salon.admin), &path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    ids(&body)
}

async fn waiting(salon: &Salon) -> Value {
    let (status, body) = salon.get(Some(&salon.usuario), "/api/inbox").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["needsPerson"].clone()
}

async fn asking_for_a_person_flags_the_conversation_until_staff_take_it_over(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    say(app, None, "s-person", "hola").await;
    assert_eq!(waiting(&salon).await, 0);

    let mut socket = ask_for_a_person(app, "s-person").await;
    let first = within(&mut socket, 1).await;
    assert!(first.contains("aviso al equipo"), "{first}");
    assert_eq!(waiting(&salon).await, 1);
    let (status, body) = salon.get(Some(&salon.usuario), "/api/conversations").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let item = &items(&body)[0];
    assert_eq!(
        item["sessionId"], "s-person",
        "the wait comes first: {body}"
    );
    assert_eq!(item["needsPerson"], true);
    assert_eq!(item["needsPersonSince"], "2026-11-20T09:30:00Z");
    assert_eq!(item["site"], app.address.to_string());
    assert!(
        item["preview"]
            .as_str()
            .is_some_and(|preview| preview.starts_with("Entendido: aviso al equipo")),
        "{item}"
    );

    // Only staff may count.
    for who in [None, Some(&salon.cliente)] {
        let (status, _) = salon.get(who, "/api/inbox").await;
        assert!(status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN);
    }

    // Javier takes it over: the flag is cleared, and his first reply reaches the open widget
    // within a second, signed with his first name.
    let (status, body) = salon
        .post(
            Some(&salon.usuario),
            "/api/conversations/s-person/takeover",
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["needsPerson"], false);
    assert_eq!(body["item"]["needsPersonSince"], Value::Null);
    assert_eq!(waiting(&salon).await, 0);
    let (status, body) = salon
        .post(
            Some(&salon.usuario),
            "/api/conversations/s-person/messages",
            json!({ "text": "Hola, ¿en qué te ayudo?" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        within(&mut socket, 1).await,
        "**Javier:** Hola, ¿en qué te ayudo?"
    );
    let (status, body) = salon
        .post(
            Some(&salon.usuario),
            "/api/conversations/s-person/messages",
            json!({ "text": "¿Sigues ahí?" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(within(&mut socket, 1).await, "**Javier:** ¿Sigues ahí?");
}

async fn the_list_filters_names_and_counts_what_each_staff_member_has_not_read(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    guest_books_through_the_chat(app, "s-booked").await;
    say(app, None, "s-quiet", "¿cuánto cuesta un tinte?").await;
    let _socket = ask_for_a_person(app, "s-person").await;

    assert_eq!(listed(&salon, "needsPerson").await, ["s-person"]);
    assert_eq!(listed(&salon, "booked").await, ["s-booked"]);
    assert_eq!(
        listed(&salon, "all").await,
        ["s-person", "s-quiet", "s-booked"]
    );
    for bad in [
        "?filter=todas",
        "?filter=",
        "?filter=needsPerson&filter=booked",
    ] {
        let answer = salon
            .get(Some(&salon.admin), &format!("/api/conversations{bad}"))
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }

    let (_, body) = salon.get(Some(&salon.admin), "/api/conversations").await;
    let booked = find(&body, "s-booked");
    assert_eq!(
        booked["visitorName"], "Pedro Sanz",
        "the name the guest gave"
    );
    assert_eq!(booked["unread"], 4);
    assert!(
        !booked["preview"].as_str().unwrap_or("*").contains('*'),
        "plain text: {booked}"
    );
    assert_eq!(find(&body, "s-quiet")["visitorName"], Value::Null);

    // Lucía opens the booked one: read for her, not for Javier.
    let (status, _) = salon
        .get(Some(&salon.admin), "/api/conversations/s-booked")
        .await;
    assert_eq!(status, StatusCode::OK);
    say(app, None, "s-booked", "gracias").await;
    let (_, for_lucia) = salon.get(Some(&salon.admin), "/api/conversations").await;
    let (_, for_javier) = salon.get(Some(&salon.usuario), "/api/conversations").await;
    assert_eq!(find(&for_lucia, "s-booked")["unread"], 1);
    assert_eq!(find(&for_javier, "s-booked")["unread"], 5);
    assert_eq!(find(&for_javier, "s-person")["unread"], 1);
}

/// The demo salon on an app whose wait for a person lasts one second.
async fn impatient_salon(backend: Backend) -> Option<(TestApp, crate::helpers::Session)> {
    let app = TestApp::spawn_on(backend, |settings| settings.person_wait_secs = 1).await?;
    let logins = seed_demo(&app).await;
    let javier = sign_in(&app, &logins, "javier@peluqueria.example").await;
    Some((app, javier))
}

async fn flagged(app: &TestApp, staff: &crate::helpers::Session, session_id: &str) -> bool {
    let response = app
        .client
        .get(app.url(&format!("/api/conversations/{session_id}")))
        .header("cookie", staff.cookie_header())
        .send()
        .await
        .expect("answers");
    let (status, body) = json_body(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["item"]["needsPerson"] == true
}

async fn nobody_taking_over_ends_the_wait_with_when_and_where(backend: Backend) {
    let Some((app, javier)) = impatient_salon(backend).await else {
        return;
    };
    let mut socket = ask_for_a_person(&app, "s-alone").await;
    assert!(within(&mut socket, 1).await.contains("aviso al equipo"));
    let over = within(&mut socket, 3).await;
    assert!(over.contains("nadie del equipo puede atenderte"), "{over}");
    assert!(over.contains("aquí mismo, en esta conversación"), "{over}");
    assert!(over.contains("hoy antes de las 14:00"), "{over}");
    assert!(flagged(&app, &javier, "s-alone").await, "still waiting");
    // The visitor's history has it too.
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .json(&json!({ "action": "loadPreviousSession", "sessionId": "s-alone" }))
        .send()
        .await
        .expect("answers");
    let (_, history) = json_body(response).await;
    let last = history["data"]
        .as_array()
        .and_then(|data| data.last())
        .cloned();
    assert_eq!(
        last.map(|last| last["kwargs"]["content"].clone()),
        Some(json!(over))
    );

    // Taken over within the wait: nothing more is said.
    let mut socket = ask_for_a_person(&app, "s-helped").await;
    assert!(within(&mut socket, 1).await.contains("aviso al equipo"));
    let response = app
        .client
        .post(app.url("/api/conversations/s-helped/takeover"))
        .header("cookie", javier.cookie_header())
        .header("x-csrf-token", &javier.csrf_token)
        .json(&json!({}))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let silence = tokio::time::timeout(Duration::from_millis(2500), next_text(&mut socket)).await;
    assert!(silence.is_err(), "nothing after a take-over: {silence:?}");
}

async fn outside_opening_hours_the_wait_ends_at_once(backend: Backend) {
    let Some((app, javier)) = impatient_salon(backend).await else {
        return;
    };
    // Friday 21:30 in Madrid: the salon opens again on Saturday at 09:00.
    app.clock.advance(time::Duration::hours(11));
    let mut socket = ask_for_a_person(&app, "s-night").await;
    assert!(within(&mut socket, 1).await.contains("aviso al equipo"));
    let closed = within(&mut socket, 1).await;
    assert!(closed.contains("cerrado"), "{closed}");
    assert!(closed.contains("mañana a partir de las 09:00"), "{closed}");
    assert!(flagged(&app, &javier, "s-night").await, "still waiting");

    // An English conversation is told in English.
    let mut socket =
        ask_for_a_person_saying(&app, "s-night-en", "can i talk to a real person please").await;
    assert!(within(&mut socket, 1).await.contains("team know"));
    let closed = within(&mut socket, 1).await;
    assert!(closed.starts_with("The salon is closed now."), "{closed}");
    assert!(closed.contains("tomorrow from 09:00"), "{closed}");
}

/// The last message of `session_id`'s history, as the visitor's widget reads it.
async fn last_in_history(app: &TestApp, session_id: &str) -> String {
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .json(&json!({ "action": "loadPreviousSession", "sessionId": session_id }))
        .send()
        .await
        .expect("answers");
    let (_, history) = json_body(response).await;
    history["data"]
        .as_array()
        .and_then(|data| data.last())
        .and_then(|last| last["kwargs"]["content"].as_str())
        .unwrap_or_default()
        .to_owned()
}

async fn a_wait_running_when_the_server_stopped_ends_after_the_restart(backend: Backend) {
    // A five-minute wait, cut short by a restart.
    let Some(before) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    let logins = seed_demo(&before).await;
    let mut socket = ask_for_a_person(&before, "s-restart").await;
    assert!(within(&mut socket, 1).await.contains("aviso al equipo"));
    let mut helped = ask_for_a_person(&before, "s-taken").await;
    assert!(within(&mut helped, 1).await.contains("aviso al equipo"));
    let javier = sign_in(&before, &logins, "javier@peluqueria.example").await;
    let response = before
        .client
        .post(before.url("/api/conversations/s-taken/takeover"))
        .header("cookie", javier.cookie_header())
        .header("x-csrf-token", &javier.csrf_token)
        .json(&json!({}))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    drop(socket);
    drop(helped);

    // The new server's wait is one second: the flagged conversation is told once it is over,
    // the one taken over never.
    // (`before` owns the test database: it stays, its own five-minute waits never end here.)
    let after = TestApp::restart_with(&before, |settings| settings.person_wait_secs = 1).await;
    let mut told = String::new();
    for _ in 0..40 {
        told = last_in_history(&after, "s-restart").await;
        if told.contains("nadie del equipo puede atenderte") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told.contains("nadie del equipo puede atenderte"), "{told}");
    assert!(told.contains("hoy antes de las 14:00"), "{told}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let taken = last_in_history(&after, "s-taken").await;
    assert!(!taken.contains("nadie del equipo"), "{taken}");
}
