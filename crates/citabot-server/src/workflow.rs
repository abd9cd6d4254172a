//! The n8n workflow client (proxy mode): forwarding the widget's requests to an external n8n chat
//! webhook (`webhook_url`, fixed in the settings), relaying its answers, and where its own live
//! channel is. Used by the gateway (HTTP) and the live channel's bridge alike.
//!
//! What crosses: the request in n8n's widget shape with the server-written metadata, `Accept`
//! (so streaming works) and `Accept-Language`. What never crosses: cookies, `Authorization`,
//! forwarding headers or anything else the browser sent. Redirects are not followed (the webhook
//! cannot bounce us elsewhere). Failures, timeouts and unreadable answers become n8n-shaped
//! errors that the widget shows as a sentence; the cause goes to the log.

use std::pin::Pin;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, StatusCode, header};
use bytes::Bytes;
use futures_util::future::BoxFuture;
use futures_util::{Stream, StreamExt};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::Sha256;

use std::sync::Arc;

pub mod redact;

use crate::config::{Settings, redact_url_password};
use crate::metrics::Metrics;
use crate::uploads::Upload;
use crate::visitor_error::VisitorError;
use redact::{Secret, StreamRedactor};

/// An execution of the external workflow, as its webhook announced it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpstreamExecution {
    pub execution_id: String,
    pub resume_token: Option<String>,
    /// The capability the message that started it carried: kept out of its frames.
    pub secret: Option<Secret>,
}

/// Largest non-streamed answer read from the webhook.
const MAX_REPLY_BYTES: usize = 5 * 1024 * 1024;

/// The configured webhook and the HTTP client that talks to it.
#[derive(Debug)]
pub struct Upstream {
    client: reqwest::Client,
    url: reqwest::Url,
    secret: Option<String>,
    timeout: Duration,
    connect_timeout: Duration,
    metrics: Arc<Metrics>,
}

/// What the webhook answered.
#[derive(Debug)]
pub enum UpstreamReply {
    /// A whole JSON answer, relayed as is.
    Json(Value),
    /// A streamed answer, relayed chunk by chunk as it arrives.
    Stream(reqwest::Response),
}

impl Upstream {
    /// The webhook of `settings`, when one is configured.
    pub fn from_settings(
        settings: &Settings,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<Option<Self>> {
        let Some(url) = &settings.webhook_url else {
            return Ok(None);
        };
        let url = reqwest::Url::parse(url).map_err(|error| {
            anyhow::anyhow!("webhook_url {}: {error}", redact_url_password(url))
        })?;
        let timeout = Duration::from_secs(settings.webhook_timeout_secs);
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(settings.webhook_connect_timeout_secs))
            // Between two reads of the answer: bounds a silent stream without cutting a live one.
            .read_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .user_agent(concat!("citabot/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Some(Self {
            client,
            url,
            secret: settings.webhook_secret.clone(),
            timeout,
            connect_timeout: Duration::from_secs(settings.webhook_connect_timeout_secs),
            metrics,
        }))
    }

    /// Sends `body` (already rebuilt by the gateway, with `files` when the visitor attached
    /// some) and returns the answer. `streaming`: the widget asked for NDJSON
    /// (`Accept: text/plain`), so the answer is relayed as a stream.
    pub async fn send(
        &self,
        body: &Value,
        files: &[Upload],
        client_headers: &HeaderMap,
        streaming: bool,
    ) -> Result<UpstreamReply, VisitorError> {
        let reply = self.try_send(body, files, client_headers, streaming).await;
        if reply.is_err() {
            self.metrics.upstream_failed();
        }
        reply
    }

    /// The workflow's own live channel for `execution` (docs/PROTOCOL.md §4.2): `/chat` at the root
    /// of the webhook's origin, `wss` when the webhook is `https`.
    pub fn live_channel_url(&self, session: &str, execution: &UpstreamExecution) -> reqwest::Url {
        let mut url = self.url.clone();
        let scheme = if url.scheme() == "https" { "wss" } else { "ws" };
        url.set_scheme(scheme)
            .expect("http(s) and ws(s) URLs share their shape");
        url.set_path("/chat");
        url.set_fragment(None);
        {
            let mut query = url.query_pairs_mut();
            query
                .clear()
                .append_pair("sessionId", session)
                .append_pair("executionId", &execution.execution_id)
                .append_pair("isPublic", "true");
            if let Some(token) = &execution.resume_token {
                query.append_pair("token", token);
            }
        }
        url
    }

    /// Time allowed to connect to the workflow, over HTTP or its live channel.
    pub fn connect_timeout(&self) -> Duration {
        self.connect_timeout
    }

    /// Counts a failure of the workflow seen elsewhere than in [`Self::send`] (its live channel).
    pub fn failed(&self) {
        self.metrics.upstream_failed();
    }

    async fn try_send(
        &self,
        body: &Value,
        files: &[Upload],
        client_headers: &HeaderMap,
        streaming: bool,
    ) -> Result<UpstreamReply, VisitorError> {
        let mut request = self.client.post(self.url.clone()).header(
            header::ACCEPT,
            if streaming {
                "text/plain"
            } else {
                "application/json"
            },
        );
        if let Some(language) = client_headers.get(header::ACCEPT_LANGUAGE) {
            request = request.header(header::ACCEPT_LANGUAGE, language.clone());
        }
        // JSON requests are signed whole; a form (n8n's multipart shape) is signed over its
        // `metadata` field, the part that says who is asking.
        let (request, signed, covers) = if files.is_empty() {
            let bytes = serde_json::to_vec(body).map_err(|error| VisitorError::internal(&error))?;
            let request = request
                .header(header::CONTENT_TYPE, "application/json")
                .body(bytes.clone());
            (request, bytes, "body")
        } else {
            let (form, metadata) = multipart_form(body, files)?;
            (request.multipart(form), metadata.into_bytes(), "metadata")
        };
        let mut request = request;
        if let Some(secret) = &self.secret {
            let timestamp = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            request = request
                .header("x-citabot-timestamp", timestamp.to_string())
                .header("x-citabot-signature", signature(secret, timestamp, &signed))
                .header("x-citabot-signature-covers", covers);
        }
        if !streaming {
            request = request.timeout(self.timeout);
        }
        let response = request.send().await.map_err(|error| failure(&error))?;
        let status = response.status();
        if !status.is_success() {
            let detail = response.text().await.unwrap_or_default();
            tracing::warn!(%status, body = %truncate(&detail, 500), "the webhook answered with an error");
            return Err(VisitorError::new(
                StatusCode::BAD_GATEWAY,
                format!(
                    "El flujo del asistente ha fallado (HTTP {}). Vuelve a intentarlo en un momento.",
                    status.as_u16()
                ),
                format!(
                    "The assistant's workflow failed (HTTP {}). Please try again in a moment.",
                    status.as_u16()
                ),
            ));
        }
        if streaming {
            return Ok(UpstreamReply::Stream(response));
        }
        let body = read_limited(response).await?;
        serde_json::from_slice(&body).map(UpstreamReply::Json).map_err(|error| {
            tracing::warn!(%error, body = %truncate(&String::from_utf8_lossy(&body), 500), "the webhook's answer is not JSON");
            VisitorError::new(
                StatusCode::BAD_GATEWAY,
                "El flujo del asistente ha enviado una respuesta que no podemos leer.",
                "The assistant's workflow sent an answer that could not be read.",
            )
        })
    }
}

/// n8n's widget's form: every field as text (objects as JSON), then each file under `files`.
/// Returns the form and the exact `metadata` text in it.
fn multipart_form(
    body: &Value,
    files: &[Upload],
) -> Result<(reqwest::multipart::Form, String), VisitorError> {
    let mut form = reqwest::multipart::Form::new();
    let mut metadata = String::new();
    for (name, value) in body.as_object().into_iter().flatten() {
        let text = match value {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        if name == "metadata" {
            metadata = text.clone();
        }
        form = form.text(name.clone(), text);
    }
    for file in files {
        let part = reqwest::multipart::Part::bytes(file.data.to_vec())
            .file_name(file.name.clone())
            .mime_str(file.mime)
            .map_err(|error| VisitorError::internal(&error))?;
        form = form.part("files", part);
    }
    Ok((form, metadata))
}

/// `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`: the timestamp is signed too, so a
/// captured request cannot be replayed later with a fresh timestamp.
pub fn signature(secret: &str, timestamp: u64, body: &[u8]) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("sha256={hex}")
}

async fn read_limited(mut response: reqwest::Response) -> Result<Vec<u8>, VisitorError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|error| failure(&error))? {
        if body.len() + chunk.len() > MAX_REPLY_BYTES {
            tracing::warn!("the webhook's answer is larger than {MAX_REPLY_BYTES} bytes");
            return Err(VisitorError::new(
                StatusCode::BAD_GATEWAY,
                "El flujo del asistente ha enviado una respuesta demasiado grande.",
                "The assistant's workflow sent an answer that is too large.",
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn failure(error: &reqwest::Error) -> VisitorError {
    tracing::warn!(error = %error, source = ?std::error::Error::source(error), "cannot reach the webhook");
    if error.is_timeout() {
        VisitorError::new(
            StatusCode::GATEWAY_TIMEOUT,
            "El flujo del asistente ha tardado demasiado en responder. Vuelve a intentarlo.",
            "The assistant's workflow took too long to answer. Please try again.",
        )
    } else {
        VisitorError::new(
            StatusCode::BAD_GATEWAY,
            "No hemos podido contactar con el flujo del asistente. Vuelve a intentarlo en un momento.",
            "The assistant's workflow could not be reached. Please try again in a moment.",
        )
    }
}

fn truncate(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

/// The text a reply carries, read as n8n's widget reads it (`output`, `text`, `message`).
pub fn reply_text(reply: &Value) -> Option<String> {
    ["output", "text", "message"]
        .iter()
        .find_map(|key| reply.get(*key))
        .and_then(|value| match value {
            Value::String(text) => Some(text.clone()),
            Value::Object(object) if object.get("type").and_then(Value::as_str) == Some("text") => {
                object
                    .get("text")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            }
            _ => None,
        })
}

/// The workflow's execution when its answer is n8n's `{"executionStarted": true, "executionId",
/// "resumeToken"?}` (the Chat Trigger answering through response nodes).
pub fn execution_started(reply: &Value) -> Option<UpstreamExecution> {
    if reply.get("executionStarted") != Some(&Value::Bool(true)) {
        return None;
    }
    let execution_id = match reply.get("executionId")? {
        Value::String(id) if !id.is_empty() => id.clone(),
        Value::Number(id) => id.to_string(),
        _ => return None,
    };
    let resume_token = reply
        .get("resumeToken")
        .and_then(Value::as_str)
        .filter(|token| !token.is_empty())
        .map(str::to_owned);
    Some(UpstreamExecution {
        secret: None,
        execution_id,
        resume_token,
    })
}

/// Relays a streamed answer chunk by chunk, collecting the text of its `item` events (and of
/// non-JSON lines, which n8n's widget shows as text), with `secret` taken out of both. When the
/// webhook fails mid-stream, a final `error` event tells the widget why instead of a silent cut.
/// Before the relayed stream ends, `on_end` receives the collected text (and is awaited, so the
/// transcript is complete when the widget sees the end).
pub fn relay<F>(
    response: reqwest::Response,
    secret: Option<Secret>,
    on_end: F,
) -> impl Stream<Item = Result<Bytes, std::io::Error>> + Send
where
    F: FnOnce(String) -> BoxFuture<'static, ()> + Send + 'static,
{
    struct Relaying<F> {
        chunks: Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>> + Send>>,
        collector: NdjsonText,
        redactor: Option<StreamRedactor>,
        on_end: Option<F>,
    }
    impl<F: FnOnce(String) -> BoxFuture<'static, ()>> Relaying<F> {
        /// What the redactor still held, collected; then `on_end`.
        async fn finish(&mut self) -> Bytes {
            let held = self
                .redactor
                .as_mut()
                .map(StreamRedactor::finish)
                .unwrap_or_default();
            self.collector.feed(&held);
            if let Some(on_end) = self.on_end.take() {
                on_end(std::mem::take(&mut self.collector).finish()).await;
            }
            Bytes::from(held)
        }
    }
    let start = Relaying {
        chunks: Box::pin(response.bytes_stream()),
        collector: NdjsonText::default(),
        redactor: secret.as_ref().map(Secret::stream),
        on_end: Some(on_end),
    };
    futures_util::stream::unfold(start, |mut relaying| async move {
        relaying.on_end.as_ref()?;
        match relaying.chunks.next().await {
            Some(Ok(chunk)) => {
                let chunk = match relaying.redactor.as_mut() {
                    Some(redactor) => Bytes::from(redactor.feed(&chunk)),
                    None => chunk,
                };
                relaying.collector.feed(&chunk);
                Some((Ok(chunk), relaying))
            }
            Some(Err(error)) => {
                tracing::warn!(%error, timeout = error.is_timeout(), "the webhook's stream broke off");
                let sentence = if error.is_timeout() {
                    "The assistant's workflow stopped answering."
                } else {
                    "The connection to the assistant's workflow was lost."
                };
                let held = relaying.finish().await;
                // A newline first: the broken chunk may have ended mid-line.
                let line = format!(
                    "\n{}\n",
                    serde_json::json!({ "type": "error", "content": sentence })
                );
                let mut last = held.to_vec();
                last.extend_from_slice(line.as_bytes());
                Some((Ok(Bytes::from(last)), relaying))
            }
            None => {
                let held = relaying.finish().await;
                // The stream's end, after what the redactor held back, if anything.
                (!held.is_empty()).then(|| (Ok(held), relaying))
            }
        }
    })
}

/// Collects the visible text of an NDJSON stream fed in arbitrary chunks.
#[derive(Debug, Default)]
pub struct NdjsonText {
    pending: Vec<u8>,
    text: String,
}

impl NdjsonText {
    pub fn feed(&mut self, chunk: &[u8]) {
        self.pending.extend_from_slice(chunk);
        while let Some(newline) = self.pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=newline).collect();
            self.line(&line[..line.len() - 1]);
        }
    }

    pub fn finish(mut self) -> String {
        let rest = std::mem::take(&mut self.pending);
        self.line(&rest);
        self.text
    }

    fn line(&mut self, line: &[u8]) {
        let line = String::from_utf8_lossy(line);
        let line = line.trim();
        if line.is_empty() {
            return;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(event) if event.get("type").and_then(Value::as_str) == Some("item") => {
                if let Some(content) = event.get("content").and_then(Value::as_str) {
                    self.text.push_str(content);
                }
            }
            Ok(_) => {}
            Err(_) => self.text.push_str(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reply_text_follows_n8n_s_fallbacks() {
        assert_eq!(
            reply_text(&json!({ "output": "a", "text": "b" })).as_deref(),
            Some("a")
        );
        assert_eq!(
            reply_text(&json!({ "text": "b", "message": "c" })).as_deref(),
            Some("b")
        );
        assert_eq!(reply_text(&json!({ "message": "c" })).as_deref(), Some("c"));
        assert_eq!(
            reply_text(&json!({ "output": { "type": "text", "text": "d" } })).as_deref(),
            Some("d")
        );
        assert_eq!(reply_text(&json!({ "foo": 1 })), None);
    }

    #[test]
    fn stream_text_is_collected_across_any_chunking() {
        let stream = concat!(
            r#"{"type":"begin","metadata":{"nodeId":"n","runIndex":0}}"#,
            "\n",
            r#"{"type":"item","content":"Hola, ","metadata":{"nodeId":"n","runIndex":0}}"#,
            "\n",
            r#"{"type":"keepalive"}"#,
            "\n",
            r#"{"type":"item","content":"¿qué tal?","metadata":{"nodeId":"n","runIndex":0}}"#,
            "\n",
            "texto suelto\n",
            r#"{"type":"end","metadata":{"nodeId":"n","runIndex":0}}"#
        )
        .as_bytes();
        for split in 0..stream.len() {
            let mut collector = NdjsonText::default();
            collector.feed(&stream[..split]);
            collector.feed(&stream[split..]);
            assert_eq!(
                collector.finish(),
                "Hola, ¿qué tal?texto suelto",
                "split at {split}"
            );
        }
    }

    #[test]
    fn signatures_cover_timestamp_and_body() {
        let a = signature("secret", 1_795_305_100, b"{}");
        // What any HMAC-SHA256 library gives for the same key and "1795305100.{}".
        assert_eq!(
            a,
            "sha256=1802fd5af31dad53a56be604cebf9ac7396a3e217a03f47858c91006788ad11b"
        );
        assert_ne!(a, signature("secret", 1_795_305_101, b"{}"));
        assert_ne!(a, signature("secret", 1_795_305_100, b"{ }"));
        assert_ne!(a, signature("other", 1_795_305_100, b"{}"));
    }
}
