//! Look-alike identities (issue 10): an address that only looks like another one is the same
//! account or is refused with a Spanish sentence, never a second account.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, json_body};

async fn sign_up(app: &TestApp, email: &str) -> (StatusCode, serde_json::Value) {
    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .json(&json!({
            "email": email, "password": "contraseña segura", "firstName": "Ana", "lastName": "López"
        }))
        .send()
        .await
        .expect("answers");
    json_body(response).await
}

#[tokio::test]
async fn a_full_width_address_is_the_same_account() {
    let app = TestApp::spawn().await;
    app.sign_up("ana@ejemplo.es").await;
    let (status, body) = sign_up(&app, "ａｎａ@ｅｊｅｍｐｌｏ.ｅｓ").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["code"], "email_taken");

    let session = app.sign_in("ＡＮＡ@ejemplo.es", "contraseña segura").await;
    assert_eq!(session.body["user"]["email"], "ana@ejemplo.es");
}

#[tokio::test]
async fn hidden_characters_in_an_address_are_refused_in_spanish() {
    let app = TestApp::spawn().await;
    for hidden in [
        "ana\u{200b}@ejemplo.es",
        "\u{202e}ana@ejemplo.es",
        "an\u{ad}a@ejemplo.es",
    ] {
        let (status, body) = sign_up(&app, hidden).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{hidden:?}");
        assert_eq!(body["error"]["code"], "invalid_email");
        let message = body["error"]["message"].as_str().expect("a sentence");
        assert!(message.contains("invisibles"), "{message}");
    }
}

#[tokio::test]
async fn an_address_mixing_latin_and_cyrillic_is_refused_in_spanish() {
    let app = TestApp::spawn().await;
    let (status, body) = sign_up(&app, "\u{430}na@ejemplo.es").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["code"], "invalid_email");
    let message = body["error"]["message"].as_str().expect("a sentence");
    assert!(message.contains("alfabetos"), "{message}");
}

#[tokio::test]
async fn names_with_bidi_or_zero_width_characters_are_refused_in_spanish() {
    let app = TestApp::spawn().await;
    for (first_name, last_name) in [("Ana\u{202e}", "López"), ("Ana", "Ló\u{200b}pez")] {
        let response = app
            .client
            .post(app.url("/api/auth/signup"))
            .json(&json!({
                "email": "ana@ejemplo.es", "password": "contraseña segura",
                "firstName": first_name, "lastName": last_name
            }))
            .send()
            .await
            .expect("answers");
        let (status, body) = json_body(response).await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{first_name:?} {last_name:?}"
        );
        let message = body["error"]["message"].as_str().expect("a sentence");
        assert!(message.contains("invisibles"), "{message}");
    }
}

#[tokio::test]
async fn ten_thousand_combining_marks_are_not_one_chat_message() {
    let app = TestApp::spawn().await;
    let zalgo = format!("a{}", "\u{301}".repeat(9_999));
    let response = app.send_message("zalgo-1", &zalgo).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = response.json().await.expect("json");
    let message = body["message"].as_str().expect("a sentence");
    assert!(message.contains("marcas"), "a Spanish sentence: {message}");

    let response = app
        .send_message(
            "zalgo-2",
            "Hola 👩\u{200d}👩\u{200d}👧 👍🏽, ¿tenéis cita mañana?",
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK, "emoji and accents pass");
}
