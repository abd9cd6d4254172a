//! Files on the chat gateway (REQUIREMENTS H7): limits, types told by content, cleaned names, and
//! n8n's multipart shape when relayed.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, TestApp, json_body};

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

fn form(session: &str, text: &str) -> Form {
    Form::new()
        .text("action", "sendMessage")
        .text("sessionId", session.to_owned())
        .text("chatInput", text.to_owned())
        .text(
            "metadata",
            r#"{"role":"administrador","currentDate":"2026-11-21"}"#,
        )
}

fn file(name: &str, declared: &str, data: &[u8]) -> Part {
    Part::bytes(data.to_vec())
        .file_name(name.to_owned())
        .mime_str(declared)
        .expect("a valid type")
}

/// A multipart body written byte by byte, for what reqwest's builder will not produce (raw
/// line breaks in a file name, as a hostile client sends them) or produces too slowly.
fn raw_form(fields: &[(&str, &str)], files: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----citabot-test-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    for (name, declared, data) in files {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\nContent-Type: {declared}\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn post_raw_form(
    app: &TestApp,
    (content_type, body): (String, Vec<u8>),
) -> reqwest::Response {
    app.client
        .post(app.url("/api/n8n/chat"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("answers")
}

async fn post_form(app: &TestApp, form: Form) -> reqwest::Response {
    app.client
        .post(app.url("/api/n8n/chat"))
        .multipart(form)
        .send()
        .await
        .expect("answers")
}

async fn assert_refused(response: reqwest::Response, status: StatusCode, message: &str) {
    let (actual, body) = json_body(response).await;
    assert_eq!(
        (actual, body["message"].as_str()),
        (status, Some(message)),
        "{body}"
    );
}

#[tokio::test]
async fn files_reach_the_built_in_assistant_which_says_it_cannot_read_them() {
    let app = TestApp::spawn().await;
    let form = form("s-files", "hola")
        .part("files", file("foto.png", "image/png", PNG))
        .part(
            "files",
            file("horario.txt", "text/plain", "lunes a las 10".as_bytes()),
        );
    let (status, reply) = json_body(post_form(&app, form).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        reply["output"].as_str().is_some_and(
            |text| text.starts_with("He recibido 2 archivos («foto.png», «horario.txt»)")
        ),
        "{reply}"
    );
    let (_, history) = json_body(app.load_previous_session("s-files").await).await;
    assert_eq!(history["data"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn file_count_and_size_limits_hold() {
    let Some(app) = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.chat_max_files = 2;
        settings.chat_max_file_bytes = 1024;
    })
    .await
    else {
        unreachable!()
    };
    let exactly =
        form("s-limits", "hola").part("files", file("a.txt", "text/plain", &[b'a'; 1024]));
    assert_eq!(
        post_form(&app, exactly).await.status(),
        StatusCode::OK,
        "the limit itself is allowed"
    );

    let too_big =
        form("s-limits", "hola").part("files", file("grande.txt", "text/plain", &[b'a'; 1025]));
    assert_refused(
        post_form(&app, too_big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "El archivo «grande.txt» es demasiado grande: como mucho 1024 bytes.",
    )
    .await;

    let mut too_many = form("s-limits", "hola");
    for i in 0..3 {
        too_many = too_many.part("files", file(&format!("{i}.txt"), "text/plain", b"x"));
    }
    assert_refused(
        post_form(&app, too_many).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "Demasiados archivos: como mucho 2 por mensaje.",
    )
    .await;

    let names: Vec<String> = (0..10_000).map(|i| format!("f{i}")).collect();
    let mut fields: Vec<(&str, &str)> = vec![
        ("action", "sendMessage"),
        ("sessionId", "s-limits"),
        ("chatInput", "hola"),
    ];
    fields.extend(names.iter().map(|name| (name.as_str(), "")));
    assert_refused(
        post_raw_form(&app, raw_form(&fields, &[])).await,
        StatusCode::BAD_REQUEST,
        "Demasiados campos en el formulario: como mucho 16.",
    )
    .await;

    let (_, history) = json_body(app.load_previous_session("s-limits").await).await;
    assert_eq!(
        history["data"].as_array().map(Vec::len),
        Some(2),
        "refused forms stored nothing"
    );
}

#[tokio::test]
async fn types_are_judged_by_content_not_by_label() {
    let app = TestApp::spawn().await;
    let accepted = "image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain";
    let cases: [(&str, &str, &[u8]); 4] = [
        (
            "foto.png",
            "image/png",
            b"<html><script>alert(1)</script></html>",
        ),
        (
            "dibujo.svg",
            "image/svg+xml",
            b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
        ),
        (
            "bomba.zip",
            "application/zip",
            b"PK\x03\x04\x14\0\0\0\x08\0",
        ),
        (
            "poliglota.png",
            "image/png",
            &[PNG, b"<html><body onload=alert(1)>"].concat(),
        ),
    ];
    for (name, declared, data) in cases {
        let form = form("s-types", "hola").part("files", file(name, declared, data));
        assert_refused(
            post_form(&app, form).await,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &format!("El archivo «{name}» no es de un tipo aceptado: envía {accepted}."),
        )
        .await;
    }
    let mislabelled = form("s-types", "hola").part("files", file("foto.png", "text/html", PNG));
    assert_eq!(
        post_form(&app, mislabelled).await.status(),
        StatusCode::OK,
        "a real PNG is a PNG, whatever its label"
    );
}

#[tokio::test]
async fn files_are_relayed_in_n8n_s_shape_with_clean_names_and_true_types() {
    let (fake, address) = FakeN8n::start().await;
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
        settings.webhook_secret = Some("secret".into());
    })
    .await
    .expect("SQLite");
    let long_name = "n".repeat(300);
    let names = [
        "../../etc/passwd",
        "..\\..\\win.ini",
        "x%0D%0AX-Injected: 1.png",
        "invoice\u{202E}fdp.exe",
        &long_name,
    ];
    let fields = [
        ("action", "sendMessage"),
        ("sessionId", "s-relay"),
        ("chatInput", "mira"),
        (
            "metadata",
            r#"{"role":"administrador","currentDate":"2026-11-21"}"#,
        ),
    ];
    let files: Vec<(&str, &str, &[u8])> =
        names.iter().map(|name| (*name, "text/html", PNG)).collect();
    let response = post_raw_form(&app, raw_form(&fields, &files)).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );

    // Browsers escape line breaks in file names; a client that does not sends a broken form.
    let raw_break = raw_form(&fields, &[("x\rX-Injected: 1.png", "image/png", PNG)]);
    assert_refused(
        post_raw_form(&app, raw_break).await,
        StatusCode::BAD_REQUEST,
        "No hemos podido leer los datos del formulario.",
    )
    .await;
    assert_eq!(fake.received().len(), 1, "the broken form was not relayed");

    let received = &fake.received()[0];
    assert_eq!(received.body["action"], "sendMessage");
    assert_eq!(received.body["sessionId"], "s-relay");
    assert_eq!(received.body["chatInput"], "mira");
    let metadata: Value =
        serde_json::from_str(received.body["metadata"].as_str().expect("a JSON string"))
            .expect("JSON");
    assert_eq!(
        metadata["role"], "guest",
        "the form's claimed role is dropped"
    );
    assert_eq!(metadata["currentDate"], "2026-11-21");
    let sent_names: Vec<&str> = received.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        sent_names[..4],
        [
            "passwd",
            "win.ini",
            "x%0D%0AX-Injected: 1.png",
            "invoicefdp.exe"
        ]
    );
    assert_eq!(sent_names[4].chars().count(), 100);
    for file in &received.files {
        assert_eq!(file.content_type, "image/png");
        assert_eq!(file.data, PNG);
    }
    assert!(!received.headers.contains_key("x-injected"));
    assert_eq!(received.headers["x-citabot-signature-covers"], "metadata");
    let timestamp: u64 = received.headers["x-citabot-timestamp"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("number");
    assert_eq!(
        received.headers["x-citabot-signature"],
        citabot_server::workflow::signature(
            "secret",
            timestamp,
            received.body["metadata"].as_str().expect("text").as_bytes()
        )
        .as_str()
    );
}

#[tokio::test]
async fn only_json_or_forms_are_read() {
    let app = TestApp::spawn().await;
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let response = app
            .client
            .post(app.url("/api/n8n/chat"))
            .header("content-type", content_type)
            .body(
                json!({ "action": "sendMessage", "sessionId": "s-type", "chatInput": "hola" })
                    .to_string(),
            )
            .send()
            .await
            .expect("answers");
        assert_refused(
            response,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Envía JSON (Content-Type: application/json), o multipart/form-data con archivos.",
        )
        .await;
    }
    let (_, history) = json_body(app.load_previous_session("s-type").await).await;
    assert_eq!(history, json!({ "data": [] }));
}
