//! Proxy mode against a real HTTP server on loopback acting as n8n: what is forwarded, what is
//! never forwarded, and how every kind of upstream failure reaches the widget.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, Session, TestApp, json_body};

const SECRET: &str = "shared-with-the-workflow";

async fn proxied_app(
    adjust: impl FnOnce(&mut citabot_server::config::Settings),
) -> (TestApp, FakeN8n) {
    let (fake, address) = FakeN8n::start().await;
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
        settings.webhook_secret = Some(SECRET.into());
        settings.webhook_timeout_secs = 1;
        adjust(settings);
    })
    .await
    .expect("SQLite is always available");
    (app, fake)
}

async fn chat(
    app: &TestApp,
    session: Option<&Session>,
    body: &Value,
    extra: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/n8n/chat")).json(body);
    if let Some(session) = session {
        request = request
            .header("cookie", session.cookie_header())
            .header("x-csrf-token", &session.csrf_token);
    }
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    request.send().await.expect("the gateway answers")
}

fn send(session_id: &str, text: &str) -> Value {
    json!({ "action": "sendMessage", "sessionId": session_id, "chatInput": text })
}

async fn stored_texts(app: &TestApp, session_id: &str) -> Vec<String> {
    let id = citabot_domain::chat::ChatSessionId::parse(session_id).expect("valid");
    app.store
        .chat_transcript(&id)
        .await
        .expect("reads")
        .map(|transcript| transcript.messages.into_iter().map(|m| m.content).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_json_reply_is_relayed_with_server_written_identity() {
    let (app, fake) = proxied_app(|_| {}).await;
    let ana = app.sign_up("ana@ejemplo.es").await;
    let spoofed = json!({
        "action": "sendMessage", "sessionId": "s-json", "chatInput": "hola",
        "userId": "u-admin", "role": "administrador",
        "metadata": { "userId": "u-admin", "role": "administrador", "email": "admin@ejemplo.es", "currentDate": "2026-11-21" }
    });
    let headers = [
        // Not a bearer token: those are the server's own (API keys), refused when unknown.
        ("authorization", "Basic dmlzaXRvcjp0b2tlbg=="),
        ("x-forwarded-for", "203.0.113.9"),
        ("x-user-id", "u-admin"),
        ("accept-language", "es-ES"),
    ];
    let (status, reply) = json_body(chat(&app, Some(&ana), &spoofed, &headers).await).await;
    assert_eq!(
        (status, reply),
        (StatusCode::OK, json!({ "output": "echo: hola" }))
    );

    let received = fake.received();
    assert_eq!(received.len(), 1);
    let forwarded = &received[0];
    let metadata = &forwarded.body["metadata"];
    assert_eq!(metadata["userId"], ana.body["user"]["id"]);
    assert_eq!(metadata["role"], "cliente");
    assert_eq!(metadata["email"], "ana@ejemplo.es");
    assert_eq!(metadata["currentDate"], "2026-11-21");
    assert_eq!(metadata["cita"]["clientId"], ana.body["user"]["id"]);
    assert!(forwarded.body.get("userId").is_none() && forwarded.body.get("role").is_none());
    assert_eq!(forwarded.body["sessionId"], "s-json");
    assert_eq!(forwarded.body["chatInput"], "hola");

    for never in [
        "cookie",
        "authorization",
        "x-forwarded-for",
        "x-user-id",
        "x-csrf-token",
        "origin",
    ] {
        assert!(
            !forwarded.headers.contains_key(never),
            "{never} must not be forwarded"
        );
    }
    assert_eq!(forwarded.headers["accept-language"], "es-ES");
    let timestamp: u64 = forwarded.headers["x-citabot-timestamp"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("a number");
    assert_eq!(
        forwarded.headers["x-citabot-signature"],
        citabot_server::workflow::signature(SECRET, timestamp, &forwarded.raw).as_str(),
        "the signature verifies with the shared secret"
    );
    assert_eq!(stored_texts(&app, "s-json").await, ["hola", "echo: hola"]);
}

/// A workflow's own quick replies and card reach the widget as it sent them; what is kept of
/// the reply is its text.
#[tokio::test]
async fn a_workflows_taps_are_relayed_as_sent() {
    let (app, _fake) = proxied_app(|_| {}).await;
    let (status, reply) = json_body(chat(&app, None, &send("s-taps", "taps"), &[]).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        reply["suggestions"][1],
        json!({ "label": "Lunes", "value": "el lunes" })
    );
    assert_eq!(reply["card"]["title"], "Tu cita");
    assert_eq!(
        stored_texts(&app, "s-taps").await,
        ["taps", "¿Mañana o el lunes?"]
    );
}

#[tokio::test]
async fn a_guest_is_forwarded_as_a_guest() {
    let (app, fake) = proxied_app(|_| {}).await;
    let body = json!({ "action": "sendMessage", "sessionId": "s-guest", "chatInput": "hola", "metadata": { "role": "usuario", "guest": false } });
    assert_eq!(chat(&app, None, &body, &[]).await.status(), StatusCode::OK);
    let metadata = &fake.received()[0].body["metadata"];
    assert_eq!(
        (metadata["role"].as_str(), metadata["guest"].as_bool()),
        (Some("guest"), Some(true))
    );
}

#[tokio::test]
async fn a_stream_is_relayed_as_it_arrives_and_kept_whole() {
    let (app, fake) = proxied_app(|_| {}).await;
    let response = chat(
        &app,
        None,
        &send("s-stream", "stream"),
        &[("accept", "text/plain")],
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/json; charset=utf-8"
    );
    let mut response = response;
    let mut chunks = Vec::new();
    while let Some(chunk) = response.chunk().await.expect("reads") {
        chunks.push(chunk);
    }
    assert!(
        chunks.len() >= 2,
        "relayed in pieces, not buffered: {} chunk(s)",
        chunks.len()
    );
    let text: String = chunks
        .iter()
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    let events: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("NDJSON"))
        .collect();
    let kinds: Vec<&str> = events.iter().filter_map(|e| e["type"].as_str()).collect();
    assert_eq!(kinds, ["begin", "item", "item", "end"]);
    assert_eq!(fake.received()[0].headers["accept"], "text/plain");
    assert_eq!(
        stored_texts(&app, "s-stream").await,
        ["stream", "Hola, ¿qué tal?"]
    );
}

/// A workflow that sends the visitor's capability back (echoing its metadata, or an agent
/// reading out its tool's URL) never hands it to the browser or the history: in a JSON answer
/// and in a stream that cuts it across chunks, it arrives as "[credencial oculta]".
#[tokio::test]
async fn the_capability_never_comes_back_from_the_workflow() {
    let (app, fake) = proxied_app(|_| {}).await;
    let response = chat(&app, None, &send("s-leak", "leak"), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = response.text().await.expect("a body");
    let token = fake.received()[0].body["metadata"]["citabot"]["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    assert!(!body.contains(&token), "{body}");
    let reply: Value = serde_json::from_str(&body).expect("JSON");
    assert!(
        reply["output"]
            .as_str()
            .expect("output")
            .ends_with("/mcp/[credencial oculta]"),
        "{reply}"
    );
    assert_eq!(
        reply["echo"]["metadata"]["citabot"]["token"],
        "[credencial oculta]"
    );

    let response = chat(
        &app,
        None,
        &send("s-leak", "leak stream"),
        &[("accept", "text/plain")],
    )
    .await;
    let streamed = response.text().await.expect("the stream");
    let token = fake.received()[1].body["metadata"]["citabot"]["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    assert!(!streamed.contains(&token), "{streamed}");
    assert!(
        streamed.contains("token [credencial oculta] fin"),
        "{streamed}"
    );
    let stored = stored_texts(&app, "s-leak").await.join("\n");
    let first = fake.received()[0].body["metadata"]["citabot"]["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    for secret in [&first, &token] {
        assert!(!stored.contains(secret.as_str()), "{stored}");
    }
    assert!(stored.contains("/mcp/[credencial oculta]"), "{stored}");
    assert!(stored.contains("token [credencial oculta] fin"), "{stored}");
}

#[tokio::test]
async fn a_hang_up_mid_stream_ends_with_an_error_event() {
    let (app, _fake) = proxied_app(|_| {}).await;
    let response = chat(
        &app,
        None,
        &send("s-hang", "hang up"),
        &[("accept", "text/plain")],
    )
    .await;
    let text = response
        .text()
        .await
        .expect("the relayed stream ends cleanly");
    let last = text
        .lines()
        .rfind(|line| !line.trim().is_empty())
        .expect("a line");
    let event: Value = serde_json::from_str(last).expect("the last line is an event");
    assert_eq!(
        event,
        json!({ "type": "error", "content": "The connection to the assistant's workflow was lost." })
    );
}

async fn assert_gateway_error(response: reqwest::Response, status: StatusCode, message: &str) {
    let (actual, body) = json_body(response).await;
    assert_eq!(actual, status, "{body}");
    assert_eq!(body, json!({ "code": status.as_u16(), "message": message }));
}

#[tokio::test]
async fn upstream_failures_become_readable_errors() {
    let (app, _fake) = proxied_app(|_| {}).await;
    assert_gateway_error(
        chat(&app, None, &send("s-err", "fail"), &[]).await,
        StatusCode::BAD_GATEWAY,
        "El flujo del asistente ha fallado (HTTP 500). Vuelve a intentarlo en un momento.",
    )
    .await;
    assert_gateway_error(
        chat(&app, None, &send("s-err", "garbage"), &[]).await,
        StatusCode::BAD_GATEWAY,
        "El flujo del asistente ha enviado una respuesta que no podemos leer.",
    )
    .await;
    assert_gateway_error(
        chat(&app, None, &send("s-err", "slow"), &[]).await,
        StatusCode::GATEWAY_TIMEOUT,
        "El flujo del asistente ha tardado demasiado en responder. Vuelve a intentarlo.",
    )
    .await;
    assert_eq!(
        stored_texts(&app, "s-err").await,
        ["fail", "garbage", "slow"],
        "the visitor's words are kept"
    );
    let metrics = app.get("/metrics").await.text().await.expect("text");
    assert!(
        metrics
            .lines()
            .any(|l| l == "citabot_upstream_failures_total 3"),
        "{metrics}"
    );
}

#[tokio::test]
async fn an_unreachable_webhook_is_a_readable_error() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = closed.local_addr().expect("address");
    drop(closed);
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
    })
    .await
    .expect("SQLite");
    assert_gateway_error(
        chat(&app, None, &send("s-down", "hola"), &[]).await,
        StatusCode::BAD_GATEWAY,
        "No hemos podido contactar con el flujo del asistente. Vuelve a intentarlo en un momento.",
    )
    .await;
}

#[tokio::test]
async fn history_is_read_from_the_workflow_but_only_by_its_owner() {
    let (app, fake) = proxied_app(|_| {}).await;
    let ana = app.sign_up("ana@ejemplo.es").await;
    let luis = app.sign_up("luis@ejemplo.es").await;
    assert_eq!(
        chat(&app, Some(&ana), &send("s-ana", "hola"), &[])
            .await
            .status(),
        StatusCode::OK
    );
    let load = json!({ "action": "loadPreviousSession", "sessionId": "s-ana" });

    let (_, history) = json_body(chat(&app, Some(&ana), &load, &[]).await).await;
    assert_eq!(history["data"][0]["kwargs"]["content"], "desde n8n");
    assert_eq!(
        fake.received()[1].body["metadata"]["userId"],
        ana.body["user"]["id"]
    );

    let (_, foreign) = json_body(chat(&app, Some(&luis), &load, &[]).await).await;
    assert_eq!(foreign, json!({ "data": [] }));
    assert_eq!(
        chat(&app, Some(&luis), &send("s-ana", "soy luis"), &[])
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        fake.received().len(),
        2,
        "nothing of Luis's reached the workflow"
    );
}

#[tokio::test]
async fn refused_requests_never_reach_the_workflow() {
    let (app, fake) = proxied_app(|settings| settings.chat_messages_per_minute = 3).await;
    let ana = app.sign_up("ana@ejemplo.es").await;
    let mut without_token = app
        .client
        .post(app.url("/api/n8n/chat"))
        .json(&send("s-csrf", "hola"));
    without_token = without_token.header("cookie", ana.cookie_header());
    assert_eq!(
        without_token.send().await.expect("answers").status(),
        StatusCode::FORBIDDEN
    );
    assert!(
        fake.received().is_empty(),
        "CSRF refusals are not forwarded"
    );

    for _ in 0..3 {
        assert_eq!(
            chat(&app, None, &send("s-flood", "hola"), &[])
                .await
                .status(),
            StatusCode::OK
        );
    }
    let limited = chat(&app, None, &send("s-flood", "hola"), &[]).await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.headers()["retry-after"], "60");
    let (_, body) = json_body(limited).await;
    assert_eq!(body["code"], 429);
    assert_eq!(
        fake.received().len(),
        3,
        "the workflow ran at most the budget"
    );
    app.clock.advance(time::Duration::minutes(1));
    assert_eq!(
        chat(&app, None, &send("s-flood", "hola"), &[])
            .await
            .status(),
        StatusCode::OK
    );
}

/// REQUIREMENTS H6: nothing in a request moves the destination, and redirects are not followed.
#[tokio::test]
async fn the_destination_is_fixed_by_configuration() {
    let (other, other_address) = FakeN8n::start().await;
    let (app, fake) = proxied_app(|_| {}).await;
    let body = json!({
        "action": "sendMessage", "sessionId": "s-ssrf", "chatInput": "hola",
        "webhookUrl": format!("http://{other_address}/webhook/test/chat")
    });
    let other_host = other_address.to_string();
    let headers = [
        ("x-forwarded-host", other_host.as_str()),
        ("x-webhook-url", "http://169.254.169.254/"),
    ];
    assert_eq!(
        chat(&app, None, &body, &headers).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        fake.received().len(),
        1,
        "the configured webhook got the call"
    );
    assert!(
        other.received().is_empty(),
        "the address in the request got nothing"
    );
    assert!(fake.received()[0].body.get("webhookUrl").is_none());
}

#[tokio::test]
async fn redirects_from_the_webhook_are_not_followed() {
    let (other, other_address) = FakeN8n::start().await;
    let redirecting = axum::Router::new().fallback(move || async move {
        (
            StatusCode::FOUND,
            [(
                "location",
                format!("http://{other_address}/webhook/test/chat"),
            )],
        )
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, redirecting).await });
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
    })
    .await
    .expect("SQLite");
    assert_gateway_error(
        chat(&app, None, &send("s-redirect", "hola"), &[]).await,
        StatusCode::BAD_GATEWAY,
        "El flujo del asistente ha fallado (HTTP 302). Vuelve a intentarlo en un momento.",
    )
    .await;
    assert!(
        other.received().is_empty(),
        "the redirect target got nothing"
    );
}

/// REQUIREMENTS H9: line breaks in what the visitor writes never become headers upstream.
#[tokio::test]
async fn line_breaks_never_become_forwarded_headers() {
    let (app, fake) = proxied_app(|_| {}).await;
    let text = "hola\r\nX-Injected: 1\n\u{0085}\u{2028}%0d%0aX-Also: 1";
    let response = chat(&app, None, &send("s-crlf", text), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let received = &fake.received()[0];
    assert!(
        !received.headers.contains_key("x-injected") && !received.headers.contains_key("x-also")
    );
    assert_eq!(
        received.body["chatInput"], text,
        "the text travels intact, inside the JSON body"
    );
}

/// n8n's response-nodes mode: the webhook answers `executionStarted` and the replies travel over
/// its `/chat`. The widget gets our own execution and talks to our `/chat`, which relays.
#[tokio::test]
async fn a_live_execution_of_the_workflow_is_bridged_through_our_channel() {
    use crate::fake_n8n::{LIVE_EXECUTION, LIVE_TOKEN};
    use crate::live::{connect, expect_close, next_text, query, start};
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    let (app, fake) = proxied_app(|_| {}).await;
    let ana = app.sign_up("ana@example.com").await;
    let (execution, token) = start(&app, Some(&ana), "s-live", "live").await;
    assert_ne!(
        execution, LIVE_EXECUTION,
        "the workflow's ids stay on the server"
    );
    assert_ne!(token, LIVE_TOKEN);

    let cookie = ana.cookie_header();
    let origin = app.origin();
    let headers = [("origin", origin.as_str()), ("cookie", cookie.as_str())];
    let mut socket = connect(&app, &query("s-live", &execution, &token), &headers)
        .await
        .expect("the handshake succeeds");
    assert_eq!(next_text(&mut socket).await, "n8n|heartbeat");
    assert_eq!(next_text(&mut socket).await, "Hola desde el flujo");
    socket
        .send(Message::text("n8n|heartbeat-ack"))
        .await
        .expect("ack");
    let message = json!({ "sessionId": "s-live", "action": "sendMessage", "chatInput": "¿Hay hueco mañana?", "files": [] });
    socket
        .send(Message::text(message.to_string()))
        .await
        .expect("send");
    assert_eq!(next_text(&mut socket).await, "n8n|continue");
    assert_eq!(next_text(&mut socket).await, "Eco: ¿Hay hueco mañana?");
    let goodbye = json!({ "sessionId": "s-live", "action": "sendMessage", "chatInput": "adiós", "files": [] });
    socket
        .send(Message::text(goodbye.to_string()))
        .await
        .expect("send");
    assert_eq!(
        next_text(&mut socket).await,
        r#"{"output":"¡Hasta pronto!"}"#
    );
    expect_close(&mut socket, CloseCode::Normal).await;

    let visits = fake.live_visits();
    assert_eq!(visits.len(), 1);
    let visit = &visits[0];
    assert!(
        visit.query.starts_with(&format!(
            "sessionId=s-live&executionId={LIVE_EXECUTION}&isPublic=true&token={LIVE_TOKEN}"
        )),
        "{}",
        visit.query
    );
    for private in ["cookie", "origin", "authorization", "x-forwarded-for"] {
        assert!(
            visit.headers.get(private).is_none(),
            "{private} reached the workflow"
        );
    }
    assert_eq!(visit.frames[0], "n8n|heartbeat-ack");
    assert!(
        visit.frames[1].contains("¿Hay hueco mañana?"),
        "{:?}",
        visit.frames
    );
    assert_eq!(
        stored_texts(&app, "s-live").await,
        [
            "live",
            "Hola desde el flujo",
            "¿Hay hueco mañana?",
            "Eco: ¿Hay hueco mañana?",
            "adiós",
            "¡Hasta pronto!"
        ]
    );

    // The bridged execution is Ana's alone, like any other.
    let (execution, token) = start(&app, Some(&ana), "s-live", "live").await;
    let mut intruder = connect(
        &app,
        &query("s-live", &execution, &token),
        &[("origin", &origin)],
    )
    .await
    .expect("the handshake itself succeeds");
    expect_close(&mut intruder, CloseCode::Policy).await;
    assert_eq!(
        fake.live_visits().len(),
        1,
        "an intruder never reaches the workflow"
    );
}

#[tokio::test]
async fn the_workflow_refusing_its_channel_reaches_the_widget_as_n8n_says_it() {
    use crate::live::{connect, expect_close, next_text, query, start};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    let (app, _fake) = proxied_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-gone", "live elsewhere").await;
    let origin = app.origin();
    let mut socket = connect(
        &app,
        &query("s-gone", &execution, &token),
        &[("origin", &origin)],
    )
    .await
    .expect("the handshake succeeds");
    assert_eq!(next_text(&mut socket).await, "Connection rejected");
    expect_close(&mut socket, CloseCode::Policy).await;
    assert_eq!(stored_texts(&app, "s-gone").await, ["live elsewhere"]);
}

#[tokio::test]
async fn a_workflow_channel_that_cannot_open_closes_ours_with_an_error() {
    use crate::live::{connect, expect_close, query, start};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    let (app, fake) = proxied_app(|_| {}).await;
    let (execution, token) = start(&app, None, "s-down", "live broken").await;
    let origin = app.origin();
    let mut socket = connect(
        &app,
        &query("s-down", &execution, &token),
        &[("origin", &origin)],
    )
    .await
    .expect("our handshake succeeds");
    expect_close(&mut socket, CloseCode::Error).await;
    assert_eq!(fake.live_visits().len(), 1, "the bridge tried the workflow");
    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        metrics
            .lines()
            .any(|line| line == "citabot_upstream_failures_total 1"),
        "{metrics}"
    );
}

/// Whether `session_id` waits for a person, as the inbox reads it.
async fn waits_for_a_person(app: &TestApp, session_id: &str) -> bool {
    let id = citabot_domain::chat::ChatSessionId::parse(session_id).expect("valid");
    app.store
        .chat_session_control(&id)
        .await
        .expect("reads")
        .is_some_and(|control| control.needs_person_since.is_some())
}

#[tokio::test]
async fn a_visitor_asking_the_workflow_for_a_person_is_flagged_for_the_inbox() {
    let (app, _fake) = proxied_app(|_| {}).await;
    let (status, _) = json_body(chat(&app, None, &send("s-plain", "hola"), &[]).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!waits_for_a_person(&app, "s-plain").await);

    let asks = send("s-person", "quiero hablar con una persona, por favor");
    let (status, reply) = json_body(chat(&app, None, &asks, &[]).await).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    // The workflow still answers it (the fake echoes), and the message is stored once.
    assert_eq!(
        reply["output"], "echo: quiero hablar con una persona, por favor",
        "{reply}"
    );
    assert_eq!(
        stored_texts(&app, "s-person").await,
        [
            "quiero hablar con una persona, por favor",
            "echo: quiero hablar con una persona, por favor"
        ]
    );
    assert!(waits_for_a_person(&app, "s-person").await);
}
