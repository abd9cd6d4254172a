//! A stand-in for an n8n chat webhook on loopback: a real HTTP server that records what it
//! receives and answers according to the message it gets, the way n8n's triggers answer
//! (N8N-CAPTURES.md): JSON, NDJSON streams, errors, silence, hang-ups and garbage.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
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

#[derive(Debug, Clone, Default)]
pub struct FakeN8n {
    received: Arc<Mutex<Vec<Received>>>,
}

impl FakeN8n {
    /// Starts the webhook at `http://<address>/webhook/test/chat`.
    pub async fn start() -> (Self, SocketAddr) {
        let fake = Self::default();
        let app = Router::new()
            .route("/webhook/test/chat", post(answer))
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
    match input.as_str() {
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
            let stream =
                futures_util::stream::unfold(chunks.into_iter(), |mut chunks| async move {
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
        "slow" => {
            tokio::time::sleep(Duration::from_secs(30)).await;
            axum::Json(json!({ "output": "too late" })).into_response()
        }
        _ => axum::Json(json!({ "output": format!("echo: {input}") })).into_response(),
    }
}
