//! Behind a proxy listed in `trusted_proxies`, every per-address rule keys on the client the
//! proxy recorded (`X-Forwarded-For`, `Forwarded`), so one visitor's budget is not the whole
//! site's; without it, the same headers are ignored and cannot buy anyone a fresh budget.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Backend, TestApp};

const MESSAGES_PER_MINUTE: u32 = 3;

async fn app(trusted: &[&str]) -> TestApp {
    let trusted: Vec<String> = trusted.iter().map(|entry| (*entry).to_owned()).collect();
    TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.chat_messages_per_minute = MESSAGES_PER_MINUTE;
        settings.trusted_proxies = citabot_server::client_address::TrustedProxies::parse(&trusted)
            .expect("valid networks");
    })
    .await
    .expect("SQLite is always available")
}

async fn message_from(app: &TestApp, forwarded: (&str, &str), session: &str) -> StatusCode {
    app.client
        .post(app.url("/api/n8n/chat"))
        .header(forwarded.0, forwarded.1)
        .json(&json!({ "action": "sendMessage", "sessionId": session, "chatInput": "hola" }))
        .send()
        .await
        .expect("the gateway answers")
        .status()
}

async fn sign_in_from(app: &TestApp, address: &str, email: &str, password: &str) -> StatusCode {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", address)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("answers")
        .status()
}

/// Spends one visitor's whole chat budget, then asks whether the next visitor may speak.
async fn next_visitor_after_a_busy_one(
    app: &TestApp,
    busy: (&str, &str),
    next: (&str, &str),
) -> StatusCode {
    for turn in 0..MESSAGES_PER_MINUTE {
        assert_eq!(
            message_from(app, busy, "s-busy").await,
            StatusCode::OK,
            "message {turn} is within the budget"
        );
    }
    assert_eq!(
        message_from(app, busy, "s-busy").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the busy visitor is over the budget"
    );
    message_from(app, next, "s-next").await
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_chat_budget() {
    let app = app(&["127.0.0.1"]).await;
    let next = next_visitor_after_a_busy_one(
        &app,
        ("x-forwarded-for", "198.51.100.1"),
        ("x-forwarded-for", "198.51.100.2"),
    )
    .await;
    assert_eq!(
        next,
        StatusCode::OK,
        "another visitor behind the proxy speaks"
    );
    app.shut_down().await.expect("stops");
}

#[tokio::test]
async fn forwarded_is_read_as_well_as_x_forwarded_for() {
    let app = app(&["127.0.0.0/8"]).await;
    let next = next_visitor_after_a_busy_one(
        &app,
        ("forwarded", "for=198.51.100.1;proto=https"),
        ("forwarded", r#"for="[2001:db8::2]:4711""#),
    )
    .await;
    assert_eq!(next, StatusCode::OK);
    app.shut_down().await.expect("stops");
}

#[tokio::test]
async fn a_header_from_a_peer_that_is_not_trusted_buys_no_fresh_budget() {
    // The proxy listed is elsewhere; loopback is a client and its headers are its own words.
    let app = app(&["10.0.0.0/8"]).await;
    let next = next_visitor_after_a_busy_one(
        &app,
        ("x-forwarded-for", "198.51.100.1"),
        ("x-forwarded-for", "198.51.100.2"),
    )
    .await;
    assert_eq!(
        next,
        StatusCode::TOO_MANY_REQUESTS,
        "one address, one budget"
    );
    app.shut_down().await.expect("stops");
}

#[tokio::test]
async fn failed_sign_ins_from_one_client_never_lock_out_another_behind_the_proxy() {
    let app = app(&["127.0.0.1"]).await;
    let owner = "duena@salon.example";
    let _ = app.sign_up(owner).await;
    let (attacker, owner_address) = ("203.0.113.66", "198.51.100.7");
    // Password spraying over made-up accounts until this address is refused.
    let mut refused_after = None;
    for attempt in 0..40 {
        let status = sign_in_from(
            &app,
            attacker,
            &format!("nadie{attempt}@salon.example"),
            "adivina",
        )
        .await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            refused_after = Some(attempt);
            break;
        }
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert!(refused_after.is_some(), "the sprayer is stopped");
    assert_eq!(
        sign_in_from(&app, attacker, owner, "contraseña segura").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the sprayer stays stopped, even with the right password"
    );
    assert_eq!(
        sign_in_from(&app, owner_address, owner, "contraseña segura").await,
        StatusCode::OK,
        "the owner signs in from her own address"
    );
    app.shut_down().await.expect("stops");
}
