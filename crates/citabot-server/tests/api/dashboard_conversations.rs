//! `GET /api/conversations[/{sessionId}]` and the take-over (`POST …/takeover`, `…/messages`,
//! `…/handback`) through the real server (REQUIREMENTS D4): staff read every conversation, take one
//! over, write to the visitor over the live channel (or leave it for the next socket), and hand
//! it back to the assistant. The clock says Friday 2026-11-20, 10:30 in Madrid.

use std::time::Duration;

use futures_util::SinkExt;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use citabot_domain::account::Role;
use citabot_domain::chat::ChatSessionId;
use citabot_domain::clock::Clock;

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat, items};
use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, Session, TestApp, json_body};
use crate::live::{Socket, connect, next, next_text, query, start};

both!(
    only_staff_see_and_take_over_conversations,
    conversations_are_listed_most_recent_first_and_paged,
    a_taken_over_conversation_is_answered_by_staff_over_the_live_channel,
    staff_messages_wait_for_the_next_socket_and_join_the_history,
    a_widget_that_reads_presence_is_told_who_answers,
);

/// What the widget reads while staff have its conversation.
const HELD_NOTICE: &str = "Una persona del equipo te responde en un momento.";
/// What an open live channel reads when staff hand the conversation back.
const HANDED_BACK_NOTICE: &str =
    "Te vuelve a atender el asistente de reservas. ¿En qué más puedo ayudarte?";

/// A visitor's message over the socket, in the widget's shape.
async fn send_frame(socket: &mut Socket, session_id: &str, text: &str) {
    let frame = json!({ "sessionId": session_id, "action": "sendMessage", "chatInput": text });
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .expect("send");
}

/// Sends a blank message, which the socket refuses with a sentence: frames are handled in order,
/// so once the refusal is read every frame sent before it has been handled.
async fn handled_so_far(socket: &mut Socket, session_id: &str) {
    send_frame(socket, session_id, " ").await;
    let refusal = next_text(socket).await;
    assert!(refusal.starts_with("Error:"), "{refusal}");
}

/// The next text frame within a second: what "delivered within a second" means.
async fn within_a_second(socket: &mut Socket) -> String {
    tokio::time::timeout(Duration::from_secs(1), next_text(socket))
        .await
        .expect("delivered within a second")
}

async fn detail(salon: &Salon, session_id: &str) -> Value {
    let (status, body) = salon
        .get(
            Some(&salon.usuario),
            &format!("/api/conversations/{session_id}"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["item"].clone()
}

fn texts(item: &Value) -> Vec<(String, String)> {
    item["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|message| {
            (
                message["sender"].as_str().expect("a sender").to_owned(),
                message["text"].as_str().expect("a text").to_owned(),
            )
        })
        .collect()
}

/// `who` takes the conversation `session_id` over, or hands it back: `action` is `takeover` or
/// `handback`.
async fn control(
    salon: &Salon,
    who: &Session,
    session_id: &str,
    action: &str,
) -> (StatusCode, Value) {
    let path = format!("/api/conversations/{session_id}/{action}");
    salon.post(Some(who), &path, json!({})).await
}

/// A presence frame as the widget reads it.
fn presence(event: &str, name: Option<&str>) -> Value {
    let mut frame = json!({ "type": "presence", "event": event });
    if let Some(name) = name {
        frame["person"] = json!({ "name": name });
    }
    frame
}

/// The next frame within a second, as JSON.
async fn json_within_a_second(socket: &mut Socket) -> Value {
    let text = within_a_second(socket).await;
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON, not {text}"))
}

/// `who` writes `text` to the visitor of the conversation `session_id`.
async fn write(salon: &Salon, who: &Session, session_id: &str, text: &str) -> (StatusCode, Value) {
    let path = format!("/api/conversations/{session_id}/messages");
    salon.post(Some(who), &path, json!({ "text": text })).await
}

async fn only_staff_see_and_take_over_conversations(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    say(&salon.app, None, "s-guest", "hola").await;
    let base = "/api/conversations/s-guest";
    let requests = [
        (Method::GET, "/api/conversations".to_owned(), None),
        (Method::GET, base.to_owned(), None),
        (Method::POST, format!("{base}/takeover"), Some(json!({}))),
        (
            Method::POST,
            format!("{base}/messages"),
            Some(json!({ "text": "hola" })),
        ),
        (Method::POST, format!("{base}/handback"), Some(json!({}))),
    ];
    for (method, path, body) in &requests {
        let guest = salon.call(None, method.clone(), path, body.clone()).await;
        assert_error(&guest, StatusCode::UNAUTHORIZED, "unauthenticated");
        let cliente = salon
            .call(Some(&salon.cliente), method.clone(), path, body.clone())
            .await;
        assert_error(&cliente, StatusCode::FORBIDDEN, "forbidden");
    }
    for who in [&salon.usuario, &salon.admin] {
        let (status, body) = salon.get(Some(who), "/api/conversations").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(items(&body).len(), 1);
    }
    for path in [
        "/api/conversations/nadie",
        "/api/conversations/nadie/takeover",
        "/api/conversations/nadie/handback",
    ] {
        let method = if path.ends_with("nadie") {
            Method::GET
        } else {
            Method::POST
        };
        let answer = salon
            .call(Some(&salon.usuario), method, path, Some(json!({})))
            .await;
        assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
    }
}

async fn conversations_are_listed_most_recent_first_and_paged(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    // A guest books through the chat; then Marta (signed in) asks something; then another guest.
    guest_books_through_the_chat(app, "s-booked").await;
    app.clock.advance(time::Duration::minutes(5));
    say(app, Some(&salon.cliente), "s-marta", "¿qué horario tenéis?").await;
    app.clock.advance(time::Duration::minutes(5));
    say(app, None, "s-quiet", "hola").await;

    let (status, body) = salon.get(Some(&salon.usuario), "/api/conversations").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let all = items(&body);
    let order: Vec<&str> = all
        .iter()
        .map(|c| c["sessionId"].as_str().expect("an id"))
        .collect();
    assert_eq!(order, ["s-quiet", "s-marta", "s-booked"]);

    let booked = &all[2];
    assert_eq!(booked["visitor"]["kind"], "guest");
    assert_eq!(booked["visitor"]["role"], "guest");
    assert_eq!(booked["visitor"]["userId"], Value::Null);
    assert_eq!(booked["messageCount"], 8);
    assert_eq!(booked["booked"], true);
    assert_eq!(booked["appointmentIds"].as_array().map(Vec::len), Some(1));
    assert_eq!(booked["startedAt"], "2026-11-20T09:30:00Z");
    assert_eq!(booked["lastMessage"]["sender"], "bot");
    assert!(
        booked["lastMessage"]["text"]
            .as_str()
            .is_some_and(|text| text.contains("¡Hecho!")),
        "the text the widget showed: {booked}"
    );
    assert_eq!(booked["takenOverBy"], Value::Null);

    let marta = &all[1];
    assert_eq!(marta["visitor"]["kind"], "account");
    assert_eq!(
        marta["visitor"]["userId"],
        Salon::id_of(&salon.cliente).as_str()
    );
    assert_eq!(marta["visitor"]["role"], "cliente");
    assert_eq!(marta["visitor"]["email"], "marta@cliente.example");
    assert_eq!(marta["booked"], false);
    assert_eq!(marta["lastAt"], "2026-11-20T09:35:00Z");

    let (_, first_page) = salon
        .get(Some(&salon.usuario), "/api/conversations?limit=2")
        .await;
    let page = items(&first_page);
    assert_eq!(page.len(), 2);
    let before = page[1]["lastAt"].as_str().expect("an instant");
    let (status, next_page) = salon
        .get(
            Some(&salon.usuario),
            &format!("/api/conversations?limit=2&before={before}"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{next_page}");
    let rest: Vec<&Value> = items(&next_page).iter().map(|c| &c["sessionId"]).collect();
    assert_eq!(rest, [&json!("s-booked")]);

    for bad in [
        "limit=0",
        "limit=101",
        "limit=muchas",
        "before=ayer",
        "before=2026-11-20",
        "orden=reciente",
    ] {
        let answer = salon
            .get(Some(&salon.usuario), &format!("/api/conversations?{bad}"))
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let (status, body) = salon
        .get(Some(&salon.usuario), "/api/conversations?limit=100")
        .await;
    assert_eq!((status, items(&body).len()), (StatusCode::OK, 3));
}

async fn a_taken_over_conversation_is_answered_by_staff_over_the_live_channel(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let javier = Salon::id_of(&salon.usuario);
    say(app, None, "s-help", "hola").await;

    let (status, body) = control(&salon, &salon.usuario, "s-help", "takeover").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["takenOverBy"]["id"], javier.as_str());
    assert_eq!(body["item"]["takenOverBy"]["name"], "Javier Gómez");

    // The visitor's next message is stored, not answered: the widget goes to the live channel.
    let (execution, token) = start(app, None, "s-help", "quiero hablar con una persona").await;
    let item = detail(&salon, "s-help").await;
    assert_eq!(
        texts(&item)
            .last()
            .map(|(sender, text)| (sender.as_str(), text.as_str())),
        Some(("user", "quiero hablar con una persona"))
    );
    assert_eq!(item["messageCount"], 3);

    let mut socket = connect(app, &query("s-help", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(next_text(&mut socket).await, HELD_NOTICE);

    let (status, body) = write(
        &salon,
        &salon.usuario,
        "s-help",
        "Hola, soy **Javier**. ¿En qué te ayudo?",
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["item"]["sender"], "bot");
    assert_eq!(body["item"]["by"]["id"], javier.as_str());
    // Signed with the first name in bold, so any n8n widget tells it from the assistant's.
    assert_eq!(
        body["item"]["text"],
        "**Javier:** Hola, soy **Javier**. ¿En qué te ayudo?"
    );
    assert_eq!(
        within_a_second(&mut socket).await,
        "**Javier:** Hola, soy **Javier**. ¿En qué te ayudo?"
    );

    // Over the socket, the visitor's messages are stored for staff and not answered.
    send_frame(&mut socket, "s-help", "¿podéis el lunes?").await;
    handled_so_far(&mut socket, "s-help").await;
    let item = detail(&salon, "s-help").await;
    let transcript = texts(&item);
    assert_eq!(
        transcript[transcript.len() - 2..],
        [
            (
                "bot".to_owned(),
                "**Javier:** Hola, soy **Javier**. ¿En qué te ayudo?".to_owned()
            ),
            ("user".to_owned(), "¿podéis el lunes?".to_owned()),
        ]
    );
    let messages = item["messages"].as_array().expect("messages");
    assert_eq!(messages[messages.len() - 2]["by"]["name"], "Javier Gómez");
    assert!(
        messages[0].get("by").is_none(),
        "the assistant's messages name nobody"
    );

    // Only the holder writes, and only a sensible text.
    let (status, body) = write(&salon, &salon.admin, "s-help", "soy Lucía").await;
    assert_error(&(status, body), StatusCode::CONFLICT, "conflict");
    let too_long = "a".repeat(4001);
    for text in ["", "   ", too_long.as_str()] {
        let answer = write(&salon, &salon.usuario, "s-help", text).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let answer = salon
        .post(
            Some(&salon.usuario),
            "/api/conversations/s-help/messages",
            json!({ "text": "hola", "urgente": true }),
        )
        .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");

    // A streaming widget is told to wait, and the message is kept.
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("accept", "text/plain")
        .json(
            &json!({ "action": "sendMessage", "sessionId": "s-help", "chatInput": "¿sigues ahí?" }),
        )
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let stream = response.text().await.expect("a body");
    assert!(stream.contains(HELD_NOTICE), "{stream}");
    assert_eq!(detail(&salon, "s-help").await["messageCount"], 6);

    // Lucía takes it over from Javier; then hands it back: the assistant answers the socket.
    let (status, body) = control(&salon, &salon.admin, "s-help", "takeover").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["item"]["takenOverBy"]["id"],
        Salon::id_of(&salon.admin).as_str()
    );
    let answer = write(&salon, &salon.usuario, "s-help", "sigo yo").await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    let (status, body) = control(&salon, &salon.usuario, "s-help", "handback").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["takenOverBy"], Value::Null);
    assert_eq!(within_a_second(&mut socket).await, HANDED_BACK_NOTICE);
    send_frame(&mut socket, "s-help", "gracias").await;
    assert_eq!(
        next_text(&mut socket).await,
        "¡De nada! Aquí estoy si necesitas algo más."
    );

    // And over HTTP the assistant answers again.
    let reply = say(app, None, "s-help", "hola").await;
    assert!(reply.contains("Peluquería Lucía"), "{reply}");
}

async fn staff_messages_wait_for_the_next_socket_and_join_the_history(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    say(app, Some(&salon.cliente), "s-marta", "hola").await;
    let (status, _) = control(&salon, &salon.usuario, "s-marta", "takeover").await;
    assert_eq!(status, StatusCode::OK);
    let (execution, token) = start(app, Some(&salon.cliente), "s-marta", "¿hay alguien?").await;
    let cookie = salon.cliente.cookie_header();
    let headers = [("cookie", cookie.as_str())];
    let mut socket = connect(app, &query("s-marta", &execution, &token), &headers)
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(next_text(&mut socket).await, HELD_NOTICE);
    // The visitor closes the chat: once the server has closed its end, no socket is open.
    socket.close(None).await.expect("closes");
    while next(&mut socket).await.is_some() {}

    let (status, body) = write(&salon, &salon.usuario, "s-marta", "Sí, soy Javier.").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // The visitor's history has it (as the assistant's message, which is how the widget shows it).
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &salon.cliente.csrf_token)
        .json(&json!({ "action": "loadPreviousSession", "sessionId": "s-marta" }))
        .send()
        .await
        .expect("answers");
    let (_, history) = json_body(response).await;
    let last = history["data"]
        .as_array()
        .and_then(|data| data.last())
        .expect("a history");
    assert_eq!(last["id"][2], "AIMessage");
    assert_eq!(last["kwargs"]["content"], "**Javier:** Sí, soy Javier.");

    // The next socket gets it after the notice.
    let (execution, token) = start(app, Some(&salon.cliente), "s-marta", "¡genial!").await;
    let mut socket = connect(app, &query("s-marta", &execution, &token), &headers)
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(next_text(&mut socket).await, HELD_NOTICE);
    assert_eq!(next_text(&mut socket).await, "**Javier:** Sí, soy Javier.");
}

/// With an external workflow, a taken-over conversation never reaches it; once handed back, a
/// message sent over the take-over's socket is sent back to the visitor to resend over HTTP
/// (the socket answered here cannot reach the workflow).
#[tokio::test]
async fn in_proxy_mode_a_taken_over_conversation_skips_the_workflow() {
    let (fake, address) = FakeN8n::start().await;
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
    })
    .await
    .expect("SQLite is always available");
    let (status, _) = json_body(app.send_message("s-proxy", "hola").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fake.received().len(), 1);

    // Staff are set up in the store directly: the endpoints are tested above.
    let staff = app.sign_up("ana@salon.example").await;
    let staff_id = staff.body["user"]["id"].as_str().expect("an id");
    assert!(
        app.store
            .set_role(staff_id, Role::Usuario)
            .await
            .expect("writes")
    );
    let session = ChatSessionId::parse("s-proxy").expect("valid");
    let now = app.clock.now();
    assert!(
        app.store
            .take_over(&session, staff_id, now)
            .await
            .expect("writes")
    );

    let (execution, token) = start(&app, None, "s-proxy", "¿hay alguien?").await;
    assert_eq!(fake.received().len(), 1, "the workflow is not called");
    let mut socket = connect(&app, &query("s-proxy", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(next_text(&mut socket).await, HELD_NOTICE);
    send_frame(&mut socket, "s-proxy", "sigo aquí").await;
    handled_so_far(&mut socket, "s-proxy").await;

    assert!(app.store.hand_back(&session).await.expect("writes"));
    send_frame(&mut socket, "s-proxy", "gracias").await;
    assert_eq!(
        next_text(&mut socket).await,
        "La conversación vuelve al asistente: envía tu mensaje otra vez, por favor."
    );
    assert!(
        matches!(next(&mut socket).await, Some(Message::Close(_)) | None),
        "then the socket closes"
    );
    let stored: Vec<String> = app
        .store
        .chat_transcript(&session)
        .await
        .expect("reads")
        .expect("exists")
        .messages
        .into_iter()
        .map(|message| message.content)
        .collect();
    assert_eq!(
        stored[stored.len() - 2..],
        ["¿hay alguien?".to_owned(), "sigo aquí".to_owned()],
        "held messages are kept; the one to resend is not"
    );
    assert_eq!(fake.received().len(), 1);
}

/// The widget asks for presence frames (`presence=true`): while staff have the conversation it is
/// told who answers (instead of the held notice), who writes, and when they leave; its history
/// names the holder. Other widgets read what they always read (the test above).
async fn a_widget_that_reads_presence_is_told_who_answers(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    say(app, None, "s-presence", "hola").await;
    let (status, body) = control(&salon, &salon.usuario, "s-presence", "takeover").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (execution, token) = start(app, None, "s-presence", "¿hay alguien?").await;
    let reads_presence = format!("{}&presence=true", query("s-presence", &execution, &token));
    let mut socket = connect(app, &reads_presence, &[]).await.expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(
        json_within_a_second(&mut socket).await,
        presence("joined", Some("Javier"))
    );
    let (_, history) = json_body(app.load_previous_session("s-presence").await).await;
    assert_eq!(history["person"], json!({ "name": "Javier" }), "{history}");

    // Javier writes: the widget is told, nothing is stored; only the holder may say it.
    let typing = "/api/conversations/s-presence/typing";
    let told = app
        .client
        .post(app.url(typing))
        .header("cookie", salon.usuario.cookie_header())
        .header("x-csrf-token", &salon.usuario.csrf_token)
        .send()
        .await
        .expect("answers");
    assert_eq!(told.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        json_within_a_second(&mut socket).await,
        presence("typing", Some("Javier"))
    );
    let answer = salon.post(Some(&salon.admin), typing, json!({})).await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    let answer = salon
        .post(
            Some(&salon.usuario),
            "/api/conversations/s-nadie/typing",
            json!({}),
        )
        .await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
    let answer = salon.post(None, typing, json!({})).await;
    assert_eq!(answer.0, StatusCode::UNAUTHORIZED, "{}", answer.1);
    assert_eq!(detail(&salon, "s-presence").await["messageCount"], 3);

    // Lucía takes it over from Javier, then hands it back: the widget is told each.
    let (status, body) = control(&salon, &salon.admin, "s-presence", "takeover").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        json_within_a_second(&mut socket).await,
        presence("joined", Some("Lucía"))
    );
    let (status, body) = control(&salon, &salon.admin, "s-presence", "handback").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        json_within_a_second(&mut socket).await,
        presence("left", None)
    );
    assert_eq!(within_a_second(&mut socket).await, HANDED_BACK_NOTICE);
    let (_, history) = json_body(app.load_previous_session("s-presence").await).await;
    assert!(history.get("person").is_none(), "{history}");
}
