//! The chat gateway over HTTP, as n8n's widget and ours talk to it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, json_body};

/// Sends two messages, then reads the history back: the LangChain shape n8n's widget reads.
async fn round_trip_keeps_history(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    let session = "8d6e2f1a-3b4c-4d5e-8f60-718293a4b5c6";

    let (status, reply) = json_body(app.send_message(session, "Hola").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        reply,
        json!({ "output": "¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?" })
    );
    let (status, _) = json_body(app.send_message(session, "Quiero una cita").await).await;
    assert_eq!(status, StatusCode::OK);

    let (status, history) = json_body(app.load_previous_session(session).await).await;
    assert_eq!(status, StatusCode::OK);
    insta::assert_json_snapshot!("history_after_two_turns", history);
}

#[tokio::test]
async fn round_trip_keeps_history_on_sqlite() {
    round_trip_keeps_history(Backend::Sqlite).await;
}

#[tokio::test]
async fn round_trip_keeps_history_on_postgres() {
    round_trip_keeps_history(Backend::Postgres).await;
}

#[tokio::test]
async fn an_unknown_session_has_empty_history() {
    let app = TestApp::spawn().await;
    let (status, body) = json_body(app.load_previous_session("never-seen").await).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "data": [] })));
}

#[tokio::test]
async fn sessions_do_not_see_each_other() {
    let app = TestApp::spawn().await;
    app.send_message("session-a", "soy a").await;
    app.send_message("session-b", "soy b").await;
    let (_, history) = json_body(app.load_previous_session("session-b").await).await;
    let texts: Vec<&str> = history["data"]
        .as_array()
        .expect("data is a list")
        .iter()
        .filter_map(|item| item["kwargs"]["content"].as_str())
        .collect();
    assert_eq!(texts.len(), 2);
    assert_eq!(texts[0], "soy b");
}

#[tokio::test]
async fn metadata_is_accepted_with_the_request() {
    let app = TestApp::spawn().await;
    let body = json!({
        "action": "sendMessage", "sessionId": "with-metadata", "chatInput": "gracias",
        "metadata": { "role": "guest", "guest": true, "currentDate": "2026-11-20", "cita": { "services": [] } }
    });
    let (status, reply) = json_body(app.chat(&body).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        reply["output"],
        "¡De nada! Aquí estoy si necesitas algo más."
    );
}

/// Every refusal is a non-2xx status with n8n's `{code, message}` body, code = status.
async fn assert_refused(response: reqwest::Response, status: StatusCode, message: &str) {
    let (actual, body) = json_body(response).await;
    assert_eq!(actual, status, "{body}");
    assert_eq!(body["code"], status.as_u16(), "{body}");
    assert_eq!(body["message"], message, "{body}");
}

#[tokio::test]
async fn malformed_requests_are_refused_with_a_reason() {
    let app = TestApp::spawn().await;
    let raw = |body: &'static str| {
        app.client
            .post(app.url("/api/n8n/chat"))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let response = raw("{\"action\":").await.expect("answers");
    let (status, body) = json_body(response).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "No hemos podido leer la petición.");
    assert!(
        body["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains("EOF")),
        "{body}"
    );

    assert_refused(
        app.chat(&json!({ "action": "sendMessage", "chatInput": "hola" }))
            .await,
        StatusCode::BAD_REQUEST,
        "Falta «sessionId».",
    )
    .await;
    assert_refused(
        app.chat(&json!({ "action": "resetEverything", "sessionId": "s" }))
            .await,
        StatusCode::BAD_REQUEST,
        "Acción desconocida «resetEverything»: se espera «loadPreviousSession» o «sendMessage».",
    )
    .await;
    assert_refused(
        app.send_message(&"x".repeat(129), "hola").await,
        StatusCode::BAD_REQUEST,
        "«sessionId» puede tener como mucho 128 caracteres.",
    )
    .await;
}

#[tokio::test]
async fn refused_messages_store_nothing() {
    let app = TestApp::spawn().await;
    assert_refused(
        app.send_message("quiet", "  \n ").await,
        StatusCode::BAD_REQUEST,
        "El mensaje está vacío.",
    )
    .await;
    assert_refused(
        app.send_message("quiet", &"a".repeat(10_001)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "El mensaje es demasiado largo: como mucho 10000 caracteres.",
    )
    .await;
    let (_, history) = json_body(app.load_previous_session("quiet").await).await;
    assert_eq!(history, json!({ "data": [] }));

    let (status, _) = json_body(app.send_message("quiet", &"a".repeat(10_000)).await).await;
    assert_eq!(status, StatusCode::OK, "exactly the limit is accepted");
}

#[tokio::test]
async fn bodies_over_the_configured_limit_are_refused() {
    let Some(app) = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.chat_max_body_bytes = 2048
    })
    .await
    else {
        unreachable!("SQLite is always available")
    };
    let padding = "x".repeat(2048);
    let response = app
        .chat(&json!({ "action": "sendMessage", "sessionId": "big", "chatInput": "hola", "metadata": { "padding": padding } }))
        .await;
    assert_refused(
        response,
        StatusCode::PAYLOAD_TOO_LARGE,
        "La petición es demasiado grande: como mucho 2048 bytes.",
    )
    .await;

    let (status, _) = json_body(app.send_message("big", "hola").await).await;
    assert_eq!(status, StatusCode::OK, "a small body still passes");
}

#[tokio::test]
async fn a_database_failure_is_a_sentence_not_internals() {
    let app = TestApp::spawn().await;
    app.store.close().await;
    let response = app.send_message("down", "hola").await;
    // A database that cannot answer is "try again shortly", not a fault of ours.
    assert_eq!(
        response
            .headers()
            .get("retry-after")
            .map(|value| value.as_bytes()),
        Some(&b"5"[..])
    );
    assert_refused(
        response,
        StatusCode::SERVICE_UNAVAILABLE,
        "El asistente no está disponible ahora mismo. Vuelve a intentarlo en un momento.",
    )
    .await;
}

/// REQUIREMENTS H5: a conversation started by an account is that account's alone.
async fn conversations_belong_to_their_account(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    let ana = app.sign_up("ana@ejemplo.es").await;
    let luis = app.sign_up("luis@ejemplo.es").await;
    let as_user = |session: &crate::helpers::Session, body: serde_json::Value| {
        app.client
            .post(app.url("/api/n8n/chat"))
            .header("cookie", session.cookie_header())
            .header("x-csrf-token", &session.csrf_token)
            .json(&body)
            .send()
    };
    let session_id = "9b1f5d7e-aaaa-4bbb-8ccc-0123456789ab";
    let send = json!({ "action": "sendMessage", "sessionId": session_id, "chatInput": "mi cita del martes" });
    let load = json!({ "action": "loadPreviousSession", "sessionId": session_id });

    let response = as_user(&ana, send.clone()).await.expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let (_, own) = json_body(as_user(&ana, load.clone()).await.expect("answers")).await;
    assert_eq!(own["data"].as_array().map(Vec::len), Some(2));

    let (status, foreign) = json_body(as_user(&luis, load.clone()).await.expect("answers")).await;
    assert_eq!(
        (status, foreign),
        (StatusCode::OK, json!({ "data": [] })),
        "another account sees nothing"
    );
    let (_, as_guest) = json_body(app.load_previous_session(session_id).await).await;
    assert_eq!(
        as_guest,
        json!({ "data": [] }),
        "a guest with the old id sees nothing"
    );
    let (_, unknown) = json_body(
        app.load_previous_session("00000000-0000-4000-8000-000000000000")
            .await,
    )
    .await;
    assert_eq!(
        unknown,
        json!({ "data": [] }),
        "foreign and unknown look the same"
    );

    assert_refused(
        as_user(&luis, send.clone()).await.expect("answers"),
        StatusCode::FORBIDDEN,
        "Esta conversación es de otra cuenta: empieza una conversación nueva.",
    )
    .await;
    assert_refused(
        app.send_message(session_id, "soy un invitado").await,
        StatusCode::FORBIDDEN,
        "Esta conversación es de otra cuenta: empieza una conversación nueva.",
    )
    .await;
    let (_, own) = json_body(as_user(&ana, load).await.expect("answers")).await;
    assert_eq!(
        own["data"].as_array().map(Vec::len),
        Some(2),
        "refused messages were not stored"
    );
}

#[tokio::test]
async fn conversations_belong_to_their_account_on_sqlite() {
    conversations_belong_to_their_account(Backend::Sqlite).await;
}

#[tokio::test]
async fn conversations_belong_to_their_account_on_postgres() {
    conversations_belong_to_their_account(Backend::Postgres).await;
}

#[tokio::test]
async fn conversations_are_never_cached() {
    let app = TestApp::spawn().await;
    for response in [
        app.send_message("s", "hola").await,
        app.load_previous_session("s").await,
    ] {
        assert_eq!(response.headers()["cache-control"], "no-store");
    }
}
#[tokio::test]
async fn chat_bodies_may_be_larger_than_the_account_apis_allow() {
    let app = TestApp::spawn().await;
    let padding = "x".repeat(200_000);
    let response = app
        .chat(&json!({ "action": "sendMessage", "sessionId": "big-ok", "chatInput": "hola", "metadata": { "notes": padding } }))
        .await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the gateway's own limit (1 MiB by default) applies"
    );
}

/// REQUIREMENTS H14: parser bombs are refused, and the server lives on.
#[tokio::test]
async fn json_bombs_and_bad_text_are_refused() {
    let app = TestApp::spawn().await;
    let post_raw = |body: Vec<u8>| {
        app.client
            .post(app.url("/api/n8n/chat"))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let depth_bomb = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes();
    let object_bomb = format!(
        r#"{{"action":"sendMessage","metadata":{}1{}}}"#,
        r#"{"a":"#.repeat(150_000),
        "}".repeat(150_000)
    )
    .into_bytes();
    let lone_surrogate =
        br#"{"action":"sendMessage","sessionId":"s","chatInput":"\ud800"}"#.to_vec();
    let mut bad_utf8 = br#"{"action":"sendMessage","sessionId":"s","chatInput":""#.to_vec();
    bad_utf8.extend_from_slice(&[0xff, 0xfe]);
    bad_utf8.extend_from_slice(br#""}"#);
    for (name, body) in [
        ("depth", depth_bomb),
        ("object", object_bomb),
        ("surrogate", lone_surrogate),
        ("utf-8", bad_utf8),
    ] {
        let response = post_raw(body).await.expect("answers");
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name}"
        );
    }
    assert_eq!(
        app.send_message("alive", "hola").await.status(),
        StatusCode::OK,
        "the server lives on"
    );
}

#[tokio::test]
async fn history_can_be_read_with_get_but_messages_are_never_sent_with_it() {
    let app = TestApp::spawn().await;
    app.send_message("by-get", "hola").await;
    let response = app
        .get("/api/n8n/chat?action=loadPreviousSession&sessionId=by-get&metadata=%5Bobject%20Object%5D")
        .await;
    assert_eq!(response.headers()["cache-control"], "no-store");
    let (status, history) = json_body(response).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(history["data"].as_array().map(Vec::len), Some(2));

    assert_refused(
        app.get("/api/n8n/chat?action=sendMessage&sessionId=by-get&chatInput=hola")
            .await,
        StatusCode::METHOD_NOT_ALLOWED,
        "Los mensajes se envían con POST: usa webhookConfig.method 'POST' (el valor por defecto).",
    )
    .await;
    let (_, history) = json_body(app.load_previous_session("by-get").await).await;
    assert_eq!(
        history["data"].as_array().map(Vec::len),
        Some(2),
        "the GET stored nothing"
    );
}

/// CORS as n8n answers it (docs/PROTOCOL.md §8.2), for configured origins only and never with
/// credentials.
#[tokio::test]
async fn only_configured_sites_get_cors() {
    let Some(app) = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.allowed_origins = vec!["https://peluqueria.example".into()];
    })
    .await
    else {
        unreachable!()
    };
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/api/n8n/chat"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .send()
    };
    let allowed = preflight("https://peluqueria.example")
        .await
        .expect("answers");
    assert!(allowed.status().is_success(), "{}", allowed.status());
    let headers = allowed.headers();
    assert_eq!(
        headers["access-control-allow-origin"],
        "https://peluqueria.example"
    );
    assert_eq!(headers["access-control-allow-headers"], "content-type");
    assert_eq!(headers["access-control-max-age"], "300");
    assert!(
        headers["access-control-allow-methods"]
            .to_str()
            .is_ok_and(|m| m.contains("POST"))
    );
    assert!(!headers.contains_key("access-control-allow-credentials"));

    let refused = preflight("https://evil.example").await.expect("answers");
    assert!(
        !refused
            .headers()
            .contains_key("access-control-allow-origin")
    );

    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("origin", "https://peluqueria.example")
        .json(&json!({ "action": "sendMessage", "sessionId": "cors", "chatInput": "hola" }))
        .send()
        .await
        .expect("answers");
    assert_eq!(
        response.headers()["access-control-allow-origin"],
        "https://peluqueria.example"
    );
}

/// B4: a widget that streams (`Accept: text/plain`) gets the reply as one NDJSON run, also when
/// replies otherwise go over the live channel (a stream never answers `executionStarted`).
#[tokio::test]
async fn a_streaming_widget_gets_the_reply_as_one_run() {
    for mode in [
        citabot_server::config::ReplyMode::Json,
        citabot_server::config::ReplyMode::Live,
    ] {
        let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
            settings.chat_reply_mode = mode;
        })
        .await
        .expect("SQLite");
        let response = app
            .client
            .post(app.url("/api/n8n/chat"))
            .header("accept", "text/plain")
            .json(&json!({ "action": "sendMessage", "sessionId": "s-stream", "chatInput": "hola" }))
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"],
            "application/json; charset=utf-8"
        );
        let body = response.text().await.expect("a body");
        assert!(body.ends_with('\n'), "{body}");
        let lines: Vec<Value> = body
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect();
        let kinds: Vec<&str> = lines
            .iter()
            .filter_map(|line| line["type"].as_str())
            .collect();
        assert_eq!(kinds, ["begin", "item", "end"], "{mode:?}");
        assert_eq!(
            lines[1]["content"],
            "¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?"
        );
        for line in &lines {
            assert_eq!(line["metadata"]["nodeId"], lines[0]["metadata"]["nodeId"]);
            assert_eq!(line["metadata"]["runIndex"], 0);
            assert!(line["metadata"]["timestamp"].as_i64().is_some());
        }
        // The turn is kept like any other.
        let (_, history) = json_body(app.load_previous_session("s-stream").await).await;
        assert_eq!(history["data"].as_array().map(Vec::len), Some(2));
    }
}
