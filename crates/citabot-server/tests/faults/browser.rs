//! A browser's calls to one server, for the cases that sign in: its own loopback address (each
//! is another visitor), the session cookie and CSRF token it keeps, and posts that carry them.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::server::Server;

/// A browser on `server`, calling from `from` (a loopback address: each is another visitor).
pub fn browser(from: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(from))
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client")
}

pub fn origin(server: &Server) -> String {
    format!("http://{}", server.address)
}

/// A signed-in account on one instance: its cookie and CSRF token.
pub struct SignedIn {
    pub cookie: String,
    pub csrf: String,
}

pub async fn sign_in(
    client: &reqwest::Client,
    server: &Server,
    email: &str,
    password: &str,
) -> SignedIn {
    let response = client
        .post(format!("{}/api/auth/login", origin(server)))
        .header("origin", origin(server))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK, "sign-in of {email}");
    signed_in(response).await
}

pub async fn signed_in(response: reqwest::Response) -> SignedIn {
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(|value| value.strip_prefix("citabot_session="))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
        .expect("a session cookie");
    let body: Value = response.json().await.expect("JSON");
    SignedIn {
        cookie: format!("citabot_session={cookie}"),
        csrf: body["csrfToken"].as_str().expect("a CSRF token").to_owned(),
    }
}

/// POSTs `body` as `who` to `path` of `server`.
pub async fn post(
    client: &reqwest::Client,
    server: &Server,
    who: Option<&SignedIn>,
    path: &str,
    body: &Value,
) -> (StatusCode, Value) {
    let mut request = client
        .post(format!("{}{path}", origin(server)))
        .header("origin", origin(server))
        .json(body);
    if let Some(who) = who {
        request = request
            .header("cookie", &who.cookie)
            .header("x-csrf-token", &who.csrf);
    }
    let response = request.send().await.expect("answers");
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}
