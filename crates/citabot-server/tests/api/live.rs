//! The `/chat` live channel (REQUIREMENTS A6, H8) with a real WebSocket client.

use std::time::Duration;

use citabot_server::config::ReplyMode;
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::helpers::{Backend, Session, TestApp, json_body};

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn live_app(adjust: impl FnOnce(&mut citabot_server::config::Settings)) -> TestApp {
    TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.chat_reply_mode = ReplyMode::Live;
        adjust(settings);
    })
    .await
    .expect("SQLite")
}

/// Sends a message and returns `(executionId, resumeToken)` from the execution-started answer.
pub async fn start(
    app: &TestApp,
    session: Option<&Session>,
    session_id: &str,
    text: &str,
) -> (String, String) {
    let mut request = app
        .client
        .post(app.url("/api/n8n/chat"))
        .json(&json!({ "action": "sendMessage", "sessionId": session_id, "chatInput": text }));
    if let Some(session) = session {
        request = request
            .header("cookie", session.cookie_header())
            .header("x-csrf-token", &session.csrf_token);
    }
    let (status, body) = json_body(request.send().await.expect("answers")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["executionStarted"], true, "{body}");
    (
        body["executionId"].as_str().expect("an id").to_owned(),
        body["resumeToken"].as_str().expect("a token").to_owned(),
    )
}

pub async fn connect(
    app: &TestApp,
    query: &str,
    headers: &[(&str, &str)],
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut request = format!("ws://{}/chat?{query}", app.address)
        .into_client_request()
        .expect("a request");
    for (name, value) in headers {
        request.headers_mut().insert(
            axum::http::HeaderName::from_bytes(name.as_bytes()).expect("name"),
            value.parse().expect("value"),
        );
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(socket, _)| socket)
}

/// The next frame that is not a ping/pong, within a bound.
pub async fn next(socket: &mut Socket) -> Option<Message> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("the server says something within 10 s");
        match frame {
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(message)) => return Some(message),
            _ => return None,
        }
    }
}

pub async fn next_text(socket: &mut Socket) -> String {
    match next(socket).await {
        Some(Message::Text(text)) => text.to_string(),
        other => panic!("expected a text frame, got {other:?}"),
    }
}

pub async fn expect_close(socket: &mut Socket, code: CloseCode) {
    match next(socket).await {
        Some(Message::Close(Some(frame))) => assert_eq!(frame.code, code, "{frame:?}"),
        other => panic!("expected a close with {code:?}, got {other:?}"),
    }
}

pub fn query(session_id: &str, execution_id: &str, token: &str) -> String {
    format!("sessionId={session_id}&executionId={execution_id}&isPublic=true&token={token}")
}

#[tokio::test]
async fn a_reply_arrives_over_the_channel_and_the_conversation_continues_on_it() {
    let app = live_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-live", "hola").await;
    let mut socket = connect(&app, &query("s-live", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(
        next_text(&mut socket).await,
        "n8n|heartbeat",
        "sent as soon as the socket is attached"
    );
    socket
        .send(Message::Text("n8n|heartbeat-ack".into()))
        .await
        .expect("ack");
    assert_eq!(
        next_text(&mut socket).await,
        "¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?"
    );

    let follow_up =
        json!({ "sessionId": "s-live", "action": "sendMessage", "chatInput": "gracias" });
    socket
        .send(Message::Text(follow_up.to_string().into()))
        .await
        .expect("send");
    assert_eq!(
        next_text(&mut socket).await,
        "¡De nada! Aquí estoy si necesitas algo más."
    );

    let (_, history) = json_body(app.load_previous_session("s-live").await).await;
    let texts: Vec<&str> = history["data"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|m| m["kwargs"]["content"].as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "hola",
            "¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?",
            "gracias",
            "¡De nada! Aquí estoy si necesitas algo más."
        ]
    );
}

#[tokio::test]
async fn without_the_right_token_the_channel_closes_with_1008() {
    let app = live_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-token", "hola").await;
    let cases = [
        query("s-token", &execution, "wrong-token"),
        query("s-other", &execution, &token),
        query("s-token", "unknown-execution", &token),
        format!("sessionId=s-token&executionId={execution}&isPublic=true"),
        "sessionId=s-token&isPublic=true".to_owned(),
    ];
    for case in cases {
        let mut socket = connect(&app, &case, &[])
            .await
            .expect("n8n upgrades first, then closes");
        expect_close(&mut socket, CloseCode::Policy).await;
    }
    let mut socket = connect(&app, &query("s-token", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(
        next_text(&mut socket).await,
        "n8n|heartbeat",
        "the right token still works after refusals"
    );
}

#[tokio::test]
async fn foreign_pages_cannot_open_the_channel() {
    let app = live_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-origin", "hola").await;
    let host = format!("http://{}", app.address);
    for origin in [
        "https://evil.example",
        "null",
        &format!("https://{}.evil.example", app.address),
    ] {
        let refused = connect(
            &app,
            &query("s-origin", &execution, &token),
            &[("origin", origin)],
        )
        .await;
        match refused {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), StatusCode::FORBIDDEN)
            }
            other => panic!("{origin}: expected a 403 before the upgrade, got {other:?}"),
        }
    }
    let mut socket = connect(
        &app,
        &query("s-origin", &execution, &token),
        &[("origin", &host)],
    )
    .await
    .expect("same origin");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
}

#[tokio::test]
async fn an_account_s_channel_is_that_account_s_alone() {
    let app = live_app(|_| {}).await;
    let ana = app.sign_up("ana@ejemplo.es").await;
    let luis = app.sign_up("luis@ejemplo.es").await;
    let (execution, token) = start(&app, Some(&ana), "s-ana-live", "hola").await;
    for cookie in [None, Some(luis.cookie_header())] {
        let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("cookie", c.as_str())).collect();
        let mut socket = connect(&app, &query("s-ana-live", &execution, &token), &headers)
            .await
            .expect("upgrades");
        expect_close(&mut socket, CloseCode::Policy).await;
    }
    let own = ana.cookie_header();
    let mut socket = connect(
        &app,
        &query("s-ana-live", &execution, &token),
        &[("cookie", &own)],
    )
    .await
    .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert!(next_text(&mut socket).await.starts_with("¡Hola!"));
}

#[tokio::test]
async fn heartbeats_keep_a_channel_and_silence_drops_it() {
    let app = live_app(|settings| {
        settings.live_heartbeat_secs = 1;
        settings.live_idle_secs = 2;
    })
    .await;
    let (execution, token) = start(&app, None, "s-beat", "hola").await;
    let mut socket = connect(&app, &query("s-beat", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert!(next_text(&mut socket).await.starts_with("¡Hola!"));
    // Answering (here in the JSON dialect) keeps the channel: three more heartbeats arrive.
    for _ in 0..3 {
        assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
        socket
            .send(Message::Text(
                json!({ "type": "heartbeat-ack" }).to_string().into(),
            ))
            .await
            .expect("ack");
    }
    // Silence: the server gives up within the idle limit plus one heartbeat.
    let started = tokio::time::Instant::now();
    while let Some(Message::Text(text)) = next(&mut socket).await {
        assert_eq!(text.as_str(), "n8n|heartbeat");
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "dropped after {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn oversized_frames_close_the_channel() {
    let app = live_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-big", "hola").await;
    let mut socket = connect(&app, &query("s-big", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    let huge =
        json!({ "sessionId": "s-big", "action": "sendMessage", "chatInput": "x".repeat(100_000) });
    let _ = socket.send(Message::Text(huge.to_string().into())).await;
    // The close says why (1009, "message too big"): never a connection just dropped.
    loop {
        match next(&mut socket).await {
            Some(Message::Text(_)) => continue,
            Some(Message::Close(Some(frame))) => {
                assert_eq!(frame.code, CloseCode::Size);
                break;
            }
            other => panic!("expected a close frame with 1009, got {other:?}"),
        }
    }
}

/// Opens Ana's channel on a fresh execution of `session_id` and reads its first frames.
async fn open_for(app: &TestApp, ana: &Session, session_id: &str) -> Socket {
    let (execution, token) = start(app, Some(ana), session_id, "hola").await;
    let cookie = ana.cookie_header();
    let origin = app.origin();
    let mut socket = connect(
        app,
        &query(session_id, &execution, &token),
        &[("cookie", &cookie), ("origin", &origin)],
    )
    .await
    .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    next_text(&mut socket).await;
    socket
}

/// REQUIREMENTS H8 point 8: signing out ends the channels opened under that sign-in, and so does
/// signing in again (which replaces the session).
#[tokio::test]
async fn signing_out_or_in_again_closes_the_open_channels() {
    let app = live_app(|_| {}).await;
    let ana = app.sign_up("ana@example.com").await;
    let mut socket = open_for(&app, &ana, "s-out").await;
    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("cookie", ana.cookie_header())
        .header("origin", app.origin())
        .header("x-csrf-token", &ana.csrf_token)
        .send()
        .await
        .expect("answers");
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    let closed = tokio::time::timeout(
        Duration::from_secs(2),
        expect_close(&mut socket, CloseCode::Policy),
    )
    .await;
    assert!(closed.is_ok(), "the socket outlived the sign-out");

    let luis = app.sign_up("luis@example.com").await;
    let mut socket = open_for(&app, &luis, "s-again").await;
    let again = app
        .client
        .post(app.url("/api/auth/login"))
        .header("cookie", luis.cookie_header())
        .header("origin", app.origin())
        .header("x-csrf-token", &luis.csrf_token)
        .json(&json!({ "email": "luis@example.com", "password": "contraseña segura" }))
        .send()
        .await
        .expect("answers");
    assert_eq!(again.status(), StatusCode::OK);
    let closed = tokio::time::timeout(
        Duration::from_secs(2),
        expect_close(&mut socket, CloseCode::Policy),
    )
    .await;
    assert!(closed.is_ok(), "the socket outlived its replaced session");
    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        metrics
            .lines()
            .any(|line| line == "citabot_live_channels_open 0"),
        "{metrics}"
    );
}

/// REQUIREMENTS H8 point 7: one visitor holds a few channels at once; the next is refused before
/// the upgrade, and a closed one frees its place.
#[tokio::test]
async fn one_visitor_holds_a_few_channels_at_most() {
    const CAP: usize = 3;
    let app = live_app(|settings| settings.live_channels_per_visitor = CAP).await;
    let ana = app.sign_up("ana@example.com").await;
    let mut open = Vec::new();
    for index in 0..CAP {
        open.push(open_for(&app, &ana, &format!("s-cap-{index}")).await);
    }
    let (execution, token) = start(&app, Some(&ana), "s-cap-extra", "hola").await;
    let cookie = ana.cookie_header();
    let origin = app.origin();
    let headers = [("cookie", cookie.as_str()), ("origin", origin.as_str())];
    let extra = query("s-cap-extra", &execution, &token);
    match connect(&app, &extra, &headers).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        }
        other => panic!("expected a refusal before the upgrade, got {other:?}"),
    }
    // Another visitor is not affected.
    let luis = app.sign_up("luis@example.com").await;
    drop(open_for(&app, &luis, "s-cap-luis").await);

    let mut closing = open.pop().expect("a socket");
    closing.close(None).await.expect("close");
    drop(closing);
    let mut reopened = false;
    for _ in 0..50 {
        if connect(&app, &extra, &headers).await.is_ok() {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(reopened, "a closed channel never gave its place back");
}

/// REQUIREMENTS H8 point 5: guessing execution ids gets the address locked out.
#[tokio::test]
async fn guessing_execution_ids_is_cut_short() {
    let app = live_app(|_| {}).await;
    let origin = app.origin();
    let mut refused_before_upgrade = 0;
    for attempt in 0..30 {
        let guess = query("s-guess", &format!("guess-{attempt}"), "guess");
        match connect(&app, &guess, &[("origin", &origin)]).await {
            Ok(mut socket) => expect_close(&mut socket, CloseCode::Policy).await,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
                assert!(response.headers().contains_key("retry-after"));
                refused_before_upgrade += 1;
            }
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(
        refused_before_upgrade, 10,
        "20 guesses a minute, then locked out"
    );
}

/// REQUIREMENTS H8 point 6: a client flooding the channel with frames is closed.
#[tokio::test]
async fn a_flood_of_frames_closes_the_channel() {
    let app = live_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-flood", "hola").await;
    let mut socket = connect(&app, &query("s-flood", &execution, &token), &[])
        .await
        .expect("upgrades");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    next_text(&mut socket).await;
    for _ in 0..1000 {
        if socket
            .send(Message::Text("n8n|heartbeat-ack".into()))
            .await
            .is_err()
        {
            break;
        }
    }
    expect_close(&mut socket, CloseCode::Policy).await;
}
