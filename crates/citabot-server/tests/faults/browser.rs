//! A browser's calls to one server, for the cases that sign in: its own loopback address (each
//! is another visitor), the session cookie and CSRF token it keeps, posts that carry them, and
//! the live channel it opens.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::server::Server;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Where a browser sends its requests: one server, or a proxy in front of several.
pub trait Site {
    fn address(&self) -> SocketAddr;
}

impl Site for Server {
    fn address(&self) -> SocketAddr {
        self.address
    }
}

/// A browser calling from `from` (a loopback address: each is another visitor).
pub fn browser(from: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(from))
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client")
}

pub fn origin(site: &impl Site) -> String {
    format!("http://{}", site.address())
}

/// A signed-in account on one instance: its cookie and CSRF token.
pub struct SignedIn {
    pub cookie: String,
    pub csrf: String,
}

pub async fn sign_in(
    client: &reqwest::Client,
    site: &impl Site,
    email: &str,
    password: &str,
) -> SignedIn {
    let response = client
        .post(format!("{}/api/auth/login", origin(site)))
        .header("origin", origin(site))
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

/// POSTs `body` as `who` to `path` of `site`.
pub async fn post(
    client: &reqwest::Client,
    site: &impl Site,
    who: Option<&SignedIn>,
    path: &str,
    body: &Value,
) -> (StatusCode, Value) {
    let mut request = client
        .post(format!("{}{path}", origin(site)))
        .header("origin", origin(site))
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

/// Sends a chat message and reads the execution it started: `(executionId, resumeToken)`.
pub async fn start(
    client: &reqwest::Client,
    site: &impl Site,
    who: Option<&SignedIn>,
    session: &str,
    text: &str,
) -> (String, String) {
    let message = json!({ "action": "sendMessage", "sessionId": session, "chatInput": text });
    let (status, body) = post(client, site, who, "/api/n8n/chat", &message).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["executionStarted"], true, "{body}");
    (
        body["executionId"].as_str().expect("an id").to_owned(),
        body["resumeToken"].as_str().expect("a token").to_owned(),
    )
}

/// Opens the live channel of an execution on `site`.
pub async fn attach(
    site: &impl Site,
    who: Option<&SignedIn>,
    session: &str,
    (execution, token): &(String, String),
) -> Socket {
    let url = format!(
        "ws://{}/chat?sessionId={session}&executionId={execution}&isPublic=true&token={token}",
        site.address()
    );
    let mut request = url.into_client_request().expect("a request");
    let headers = request.headers_mut();
    headers.insert("origin", origin(site).parse().expect("origin"));
    if let Some(who) = who {
        headers.insert("cookie", who.cookie.parse().expect("cookie"));
    }
    let (socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("the channel opens");
    socket
}

/// The next text frame that is not a heartbeat, or the close, within 15 s.
pub async fn next(socket: &mut Socket) -> Message {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(15), socket.next())
            .await
            .expect("the server says something within 15 s");
        match frame {
            Some(Ok(Message::Text(text))) if text.as_str() == "n8n|heartbeat" => {}
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(message)) => return message,
            other => panic!("the channel ended without a close: {other:?}"),
        }
    }
}

pub async fn next_text(socket: &mut Socket) -> String {
    match next(socket).await {
        Message::Text(text) => text.to_string(),
        other => panic!("expected a text frame, got {other:?}"),
    }
}

/// As `staff` on `site`: takes the conversation `session` over, writes `text`, waits until the
/// visitor's `socket` hears it (what the assistant still had to say may come first), hands the
/// conversation back and checks the visitor is told. Returns the frame that carried `text`.
pub async fn take_over_and_hand_back(
    client: &reqwest::Client,
    site: &impl Site,
    staff: &SignedIn,
    session: &str,
    text: &str,
    socket: &mut Socket,
) -> String {
    let act = |action: &str, body: Value| {
        let path = format!("/api/conversations/{session}/{action}");
        async move { post(client, site, Some(staff), &path, &body).await }
    };
    let (status, body) = act("takeover", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = act("messages", json!({ "text": text })).await;
    assert!(status.is_success(), "{status} {body}");
    let mut heard = next_text(socket).await;
    while !heard.contains(text) {
        heard = next_text(socket).await;
    }
    let (status, body) = act("handback", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let handed_back = next_text(socket).await;
    assert!(
        handed_back.contains("Te vuelve a atender el asistente"),
        "the hand-back reached the visitor: {handed_back:?}"
    );
    heard
}
