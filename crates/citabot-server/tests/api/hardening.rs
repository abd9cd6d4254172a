//! What the attack run found at the edges: sentences a visitor reads are Spanish (English when
//! the browser prefers it), the Origin check compares the scheme too, HTTPS deployments get
//! HSTS, the answers to oversized requests carry the security headers, and history reads are
//! rate limited like messages.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Backend, TestApp, json_body};

async fn chat_with(app: &TestApp, headers: &[(&str, &str)], body: &Value) -> (StatusCode, Value) {
    let mut request = app.client.post(app.url("/api/n8n/chat")).json(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    json_body(request.send().await.expect("answers")).await
}

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn gateway_refusals_are_spanish_unless_english_is_preferred() {
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.chat_messages_per_minute = 1;
    })
    .await
    .expect("SQLite");
    let send = json!({ "action": "sendMessage", "sessionId": "s-lang", "chatInput": "hola" });
    let english = [("accept-language", "en-GB,en;q=0.9")];
    let spanish = [("accept-language", "es-ES,es;q=0.9,en;q=0.8")];

    // A request the gateway cannot read.
    let bad = json!({ "action": "dance", "sessionId": "s-lang" });
    let (status, body) = chat_with(&app, &[], &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message(&body).starts_with("Acción desconocida"), "{body}");
    let (_, body) = chat_with(&app, &english, &bad).await;
    assert!(message(&body).starts_with("Unknown action"), "{body}");

    // A forged cross-site request.
    let foreign = [("origin", "https://evil.example")];
    let (status, body) = chat_with(&app, &foreign, &send).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(message(&body).contains("página"), "{body}");
    let (_, body) = chat_with(&app, &[foreign[0], english[0]], &send).await;
    assert!(message(&body).contains("page"), "{body}");

    // Too many messages.
    let (status, _) = chat_with(&app, &spanish, &send).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = chat_with(&app, &spanish, &send).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(message(&body).starts_with("Demasiados mensajes"), "{body}");
    let (_, body) = chat_with(&app, &english, &send).await;
    assert!(message(&body).starts_with("Too many messages"), "{body}");

    // A body too large to read.
    let huge =
        json!({ "action": "sendMessage", "sessionId": "s-lang", "chatInput": "x".repeat(2 << 20) });
    let (status, body) = chat_with(&app, &[], &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(message(&body).contains("demasiado grande"), "{body}");
}

#[tokio::test]
async fn the_origin_check_compares_the_scheme() {
    let send = json!({ "action": "sendMessage", "sessionId": "s-origin", "chatInput": "hola" });
    // Served over plain HTTP: an https page on the same host is another origin.
    let app = TestApp::spawn().await;
    let https_twin = format!("https://{}", app.address);
    let (status, _) = chat_with(&app, &[("origin", &https_twin)], &send).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = chat_with(&app, &[("origin", &app.origin())], &send).await;
    assert_eq!(status, StatusCode::OK);

    // Behind HTTPS (secure cookies): our pages are https, a plain-http one is not ours.
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| settings.secure_cookies = true)
        .await
        .expect("SQLite");
    let https = format!("https://{}", app.address);
    let (status, _) = chat_with(&app, &[("origin", &app.origin())], &send).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = chat_with(&app, &[("origin", &https)], &send).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn https_deployments_send_hsts() {
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| settings.secure_cookies = true)
        .await
        .expect("SQLite");
    let response = app.get("/").await;
    let hsts = response
        .headers()
        .get("strict-transport-security")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    assert!(hsts.contains("max-age="), "{hsts:?}");

    // Plain HTTP (a local install): no HSTS, which would break the site over http.
    let app = TestApp::spawn().await;
    assert!(
        app.get("/")
            .await
            .headers()
            .get("strict-transport-security")
            .is_none()
    );
}

/// Sends raw bytes and reads the whole answer.
async fn raw_exchange(app: &TestApp, request: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(app.address)
        .await
        .expect("connects");
    stream.write_all(request).await.expect("sends");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    String::from_utf8_lossy(&answer).to_lowercase()
}

#[tokio::test]
async fn answers_to_oversized_requests_carry_the_security_headers() {
    let app = TestApp::spawn().await;
    // Past our 8 KiB limit. (A URL past 64 KiB is refused by the HTTP parser itself, before any
    // of our code runs, with a bare 414 and the connection closed.)
    let long_url = format!(
        "GET /{} HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n\r\n",
        "a".repeat(20 * 1024)
    );
    let big_headers = format!(
        "GET /healthz HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n{}\r\n",
        (0..8)
            .map(|i| format!("X-Filler-{i}: {}\r\n", "b".repeat(8 * 1024)))
            .collect::<String>()
    );
    for (request, status) in [(long_url, "414"), (big_headers, "431")] {
        let answer = raw_exchange(&app, request.as_bytes()).await;
        assert!(
            answer.starts_with(&format!("http/1.1 {status}")),
            "{answer:.200}"
        );
        for header in [
            "x-content-type-options: nosniff",
            "content-security-policy:",
            "cross-origin-opener-policy:",
        ] {
            assert!(
                answer.contains(header),
                "{status} lacks {header}: {answer:.600}"
            );
        }
    }
}

#[tokio::test]
async fn history_reads_are_rate_limited() {
    let app = TestApp::spawn().await;
    let mut refused = None;
    for attempt in 0..400 {
        let response = app
            .load_previous_session(&format!("s-probe-{attempt}"))
            .await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            refused = Some((attempt, response));
            break;
        }
        assert_eq!(response.status(), StatusCode::OK);
    }
    let (attempt, response) = refused.expect("history reads are limited per visitor");
    assert!(
        attempt >= 60,
        "a page reload now and then is never refused ({attempt})"
    );
    assert!(response.headers().contains_key("retry-after"));
    let (_, body) = json_body(response).await;
    assert!(message(&body).contains("espera"), "{body}");
}
