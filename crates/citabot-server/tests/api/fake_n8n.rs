//! A stand-in for an n8n chat webhook on loopback: a real HTTP server that records what it
//! receives and answers according to the message it gets, the way n8n's triggers answer
//! (docs/PROTOCOL.md §8): JSON, NDJSON streams, errors, silence, hang-ups and garbage, and the
//! `/chat` live channel of an execution started through response nodes (docs/PROTOCOL.md §4).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, RawQuery, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

/// One request as the webhook saw it. A multipart form's text fields land in `body` as strings,
/// its files in `files`.
#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HeaderMap,
    pub body: Value,
    pub raw: Bytes,
    pub files: Vec<ReceivedFile>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedFile {
    pub name: String,
    pub content_type: String,
    pub data: Bytes,
}

async fn read_form(request: Request) -> (Value, Vec<ReceivedFile>) {
    let mut form = Multipart::from_request(request, &())
        .await
        .expect("a multipart form");
    let mut fields = serde_json::Map::new();
    let mut files = Vec::new();
    while let Some(field) = form.next_field().await.expect("a field") {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "files" {
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let content_type = field.content_type().unwrap_or_default().to_owned();
            let data = field.bytes().await.expect("file bytes");
            files.push(ReceivedFile {
                name: file_name,
                content_type,
                data,
            });
        } else {
            fields.insert(name, Value::String(field.text().await.expect("text")));
        }
    }
    (Value::Object(fields), files)
}

/// The execution the fake starts for the message `live`, and its resume token.
pub const LIVE_EXECUTION: &str = "23";
/// An execution whose live channel fails its handshake.
const BROKEN_EXECUTION: &str = "500";
pub const LIVE_TOKEN: &str = "5d1a0b3c9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b";

/// One live-channel connection as the fake saw it: its query, headers and the frames received.
#[derive(Debug, Clone, Default)]
pub struct LiveVisit {
    pub query: String,
    pub headers: HeaderMap,
    pub frames: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct FakeN8n {
    received: Arc<Mutex<Vec<Received>>>,
    live: Arc<Mutex<Vec<LiveVisit>>>,
}

impl FakeN8n {
    /// Starts the webhook at `http://<address>/webhook/test/chat`.
    pub async fn start() -> (Self, SocketAddr) {
        let fake = Self::default();
        let app = Router::new()
            .route("/webhook/test/chat", post(answer))
            .route("/chat", get(live_channel))
            .with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address");
        tokio::spawn(async move { axum::serve(listener, app).await });
        (fake, address)
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().expect("not poisoned").clone()
    }

    pub fn live_visits(&self) -> Vec<LiveVisit> {
        self.live.lock().expect("not poisoned").clone()
    }
}

/// n8n's `/chat`: the right execution and token get a heartbeat and a first bot message; each
/// message the client sends is answered after `n8n|continue`, and `adiós` ends the execution.
async fn live_channel(
    State(fake): State<FakeN8n>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let query = query.unwrap_or_default();
    let index = {
        let mut visits = fake.live.lock().expect("not poisoned");
        visits.push(LiveVisit {
            query: query.clone(),
            headers,
            frames: Vec::new(),
        });
        visits.len() - 1
    };
    if query.contains(&format!("executionId={BROKEN_EXECUTION}&")) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            "the live channel is down",
        )
            .into_response();
    }
    upgrade.on_upgrade(move |mut socket: WebSocket| async move {
        let expected = format!("executionId={LIVE_EXECUTION}&isPublic=true&token={LIVE_TOKEN}");
        if !query.contains(&expected) {
            let _ = socket.send(Message::text("Connection rejected")).await;
            let _ = socket
                .send(Message::Close(Some(axum::extract::ws::CloseFrame {
                    code: 1008,
                    reason: "".into(),
                })))
                .await;
            return;
        }
        for frame in ["n8n|heartbeat", "Hola desde el flujo"] {
            let _ = socket.send(Message::text(frame)).await;
        }
        while let Some(Ok(Message::Text(text))) = socket.recv().await {
            fake.live.lock().expect("not poisoned")[index]
                .frames
                .push(text.to_string());
            let Ok(message) = serde_json::from_str::<Value>(text.as_str()) else {
                continue;
            };
            let input = message["chatInput"].as_str().unwrap_or_default().to_owned();
            if input == "adiós" {
                let _ = socket
                    .send(Message::text(r#"{"output":"¡Hasta pronto!"}"#))
                    .await;
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            let _ = socket.send(Message::text("n8n|continue")).await;
            let _ = socket.send(Message::text(format!("Eco: {input}"))).await;
        }
    })
}

/// A streamed answer sent as `chunks`, with a pause before each, as a network delivers them.
fn paced_stream(chunks: Vec<String>) -> Response {
    let stream = futures_util::stream::unfold(chunks.into_iter(), |mut chunks| async move {
        let chunk = chunks.next()?;
        tokio::time::sleep(Duration::from_millis(20)).await;
        Some((Ok::<_, std::io::Error>(Bytes::from(chunk)), chunks))
    });
    (
        [("content-type", "application/json; charset=utf-8")],
        Body::from_stream(stream),
    )
        .into_response()
}

fn ndjson_line(event: &Value) -> String {
    format!("{event}\n")
}

fn run_event(kind: &str, content: Option<&str>) -> Value {
    let metadata = json!({ "nodeId": "node-1", "nodeName": "Respond", "itemIndex": 0, "runIndex": 0, "timestamp": 1_795_305_100_564_u64 });
    match content {
        Some(content) => json!({ "type": kind, "content": content, "metadata": metadata }),
        None => json!({ "type": kind, "metadata": metadata }),
    }
}

async fn answer(State(fake): State<FakeN8n>, request: Request) -> Response {
    let headers = request.headers().clone();
    let is_form = headers
        .get("content-type")
        .is_some_and(|value| value.as_bytes().starts_with(b"multipart/form-data"));
    let (body, raw, files) = if is_form {
        let (body, files) = read_form(request).await;
        (body, Bytes::new(), files)
    } else {
        let raw = axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .expect("body");
        (
            serde_json::from_slice(&raw).unwrap_or(Value::Null),
            raw,
            Vec::new(),
        )
    };
    fake.received.lock().expect("not poisoned").push(Received {
        headers,
        body: body.clone(),
        raw,
        files,
    });
    if body["action"] == "loadPreviousSession" {
        let human = json!({ "lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"],
            "kwargs": { "content": "desde n8n", "additional_kwargs": {}, "response_metadata": {} } });
        return axum::Json(json!({ "data": [human] })).into_response();
    }
    let input = body["chatInput"].as_str().unwrap_or_default().to_owned();
    // What a careless workflow (or an agent talked into it) would send back: the capability.
    let token = body["metadata"]["citabot"]["token"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    match input.as_str() {
        "leak" => axum::Json(json!({
            "output": format!("Tu enlace: {}", body["metadata"]["citabot"]["mcpUrl"].as_str().unwrap_or_default()),
            "echo": { "metadata": body["metadata"].clone() },
        }))
        .into_response(),
        "leak stream" => {
            // The token cut across three chunks, and whole in another line.
            let text = [
                ndjson_line(&run_event("begin", None)),
                ndjson_line(&run_event("item", Some(&format!("token {token} fin")))),
                ndjson_line(&run_event("end", None)),
            ]
            .concat();
            let at = text.find(&token).unwrap_or(0);
            let chunks = vec![
                text[..at + 3].to_owned(),
                text[at + 3..at + 10].to_owned(),
                text[at + 10..].to_owned(),
            ];
            paced_stream(chunks)
        }
        "stream" => {
            // Chunks cut mid-line, with pauses, as a network delivers them.
            let text = [
                ndjson_line(&run_event("begin", None)),
                ndjson_line(&run_event("item", Some("Hola, "))),
                ndjson_line(&run_event("item", Some("¿qué tal?"))),
                ndjson_line(&run_event("end", None)),
            ]
            .concat();
            let (first, second) = text.split_at(text.len() / 2);
            let chunks = vec![first.to_owned(), second.to_owned()];
            paced_stream(chunks)
        }
        "hang up" => {
            let events = vec![
                Ok(Bytes::from(ndjson_line(&run_event("begin", None)))),
                Ok(Bytes::from(
                    ndjson_line(&run_event("item", Some("Empiezo y")))[..20].to_owned(),
                )),
                Err(std::io::Error::other("connection reset")),
            ];
            // The pause lets the first chunks reach the wire before the connection breaks.
            let stream =
                futures_util::stream::unfold(events.into_iter(), |mut events| async move {
                    let event = events.next()?;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    Some((event, events))
                });
            Body::from_stream(stream).into_response()
        }
        "fail" => (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(json!({ "message": "Error in workflow" })),
        )
            .into_response(),
        "garbage" => (
            [("content-type", "text/html")],
            "<html><body>Bad Gateway</body></html>",
        )
            .into_response(),
        "live" | "live elsewhere" | "live broken" => {
            let execution = match input.as_str() {
                "live" => LIVE_EXECUTION,
                "live broken" => BROKEN_EXECUTION,
                _ => "999",
            };
            axum::Json(json!({ "executionStarted": true, "executionId": execution, "resumeToken": LIVE_TOKEN }))
                .into_response()
        }
        "taps" => axum::Json(json!({
            "output": "¿Mañana o el lunes?",
            "suggestions": [{ "label": "Mañana", "value": "mañana" }, { "label": "Lunes", "value": "el lunes" }],
            "card": { "title": "Tu cita", "rows": [{ "label": "Día", "value": "mañana" }], "actions": [] }
        }))
        .into_response(),
        "slow" => {
            tokio::time::sleep(Duration::from_secs(30)).await;
            axum::Json(json!({ "output": "too late" })).into_response()
        }
        _ => axum::Json(json!({ "output": format!("echo: {input}") })).into_response(),
    }
}
