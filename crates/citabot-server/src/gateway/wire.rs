//! n8n's chat webhook protocol as bytes on the wire (docs/PROTOCOL.md §2, §5): the request the
//! widget sends, the history items in LangChain's serialised shape, and n8n's error body. Kept
//! apart from the handler so the shapes can be checked against the captures on their own.

use std::borrow::Cow;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use citabot_domain::chat::{ChatInput, ChatSessionId, ChatValueError, MessageAuthor};
use citabot_store::{ChatMessage, StoreError};

use crate::error::UNAVAILABLE_RETRY_AFTER_SECS;
use crate::language::{Lang, Sentence};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The JSON body as the widget sends it. Field names are n8n's defaults (`chatSessionKey`,
/// `chatInputKey`; n8n's memory nodes read the literal `sessionId` too). Other fields are
/// ignored; `metadata` is read only for the browser's date (see `metadata.rs`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RawRequest {
    /// `loadPreviousSession` or `sendMessage`.
    #[schema(example = "sendMessage")]
    pub action: Option<String>,
    /// The conversation: printable, at most 128 characters.
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    /// The visitor's message (`sendMessage`), at most 10,000 characters.
    #[serde(rename = "chatInput")]
    pub chat_input: Option<String>,
    /// Anything the page adds; the identity part is written by the server, never taken from here.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<serde_json::Value>,
}

/// The same fields as a GET query string. `metadata` arrives as text: JSON from our widget,
/// `[object Object]` from n8n's (a defect), which is then ignored.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueryRequest {
    /// Only `loadPreviousSession` is taken by GET.
    action: Option<String>,
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
    #[serde(rename = "chatInput")]
    chat_input: Option<String>,
    metadata: Option<String>,
}

impl QueryRequest {
    pub fn into_request(self) -> Result<ChatRequest, GatewayError> {
        RawRequest {
            action: self.action,
            session_id: self.session_id,
            chat_input: self.chat_input,
            metadata: self
                .metadata
                .and_then(|text| serde_json::from_str(&text).ok()),
        }
        .into_request()
    }
}

/// A request the gateway understood.
#[derive(Debug, PartialEq, Eq)]
pub enum ChatRequest {
    LoadPreviousSession {
        session: ChatSessionId,
        metadata: Option<serde_json::Value>,
    },
    SendMessage {
        session: ChatSessionId,
        input: ChatInput,
        metadata: Option<serde_json::Value>,
    },
}

impl RawRequest {
    pub fn parse(body: &[u8]) -> Result<ChatRequest, GatewayError> {
        let raw: RawRequest =
            serde_json::from_slice(body).map_err(|error| GatewayError::unparsable(&error))?;
        raw.into_request()
    }

    pub fn into_request(self) -> Result<ChatRequest, GatewayError> {
        let session = || ChatSessionId::parse(self.session_id.as_deref().unwrap_or_default());
        match self.action.as_deref() {
            Some("loadPreviousSession") => Ok(ChatRequest::LoadPreviousSession {
                session: session()?,
                metadata: self.metadata,
            }),
            Some("sendMessage") => Ok(ChatRequest::SendMessage {
                session: session()?,
                input: ChatInput::parse(self.chat_input.as_deref().unwrap_or_default())?,
                metadata: self.metadata,
            }),
            Some(other) => Err(GatewayError::bad_request(
                format!(
                    "Acción desconocida «{other}»: se espera «loadPreviousSession» o «sendMessage»."
                ),
                format!(
                    "Unknown action \"{other}\": expected \"loadPreviousSession\" or \"sendMessage\""
                ),
            )),
            None => Err(GatewayError::bad_request(
                "Falta «action»: «loadPreviousSession» o «sendMessage».",
                "action is required: \"loadPreviousSession\" or \"sendMessage\"",
            )),
        }
    }
}

/// The answer to `loadPreviousSession`: `{"data": [...]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryResponse<'a> {
    pub data: Vec<LangChainMessage<'a>>,
}

/// One message serialised the way `@langchain/core` does it, which is what n8n's memory returns
/// and what n8n's widget reads (`id` tells human from AI, `kwargs.content` is the text).
#[derive(Debug, Serialize, ToSchema)]
pub struct LangChainMessage<'a> {
    #[schema(example = 1)]
    lc: u8,
    #[serde(rename = "type")]
    #[schema(example = "constructor")]
    kind: &'static str,
    /// `["langchain_core", "messages", "HumanMessage" | "AIMessage"]`.
    #[schema(value_type = Vec<String>, example = json!(["langchain_core", "messages", "AIMessage"]))]
    id: [&'static str; 3],
    kwargs: LangChainKwargs<'a>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LangChainKwargs<'a> {
    content: &'a str,
    /// Always empty; only on AI messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    tool_calls: Option<[(); 0]>,
    /// Always empty; only on AI messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    invalid_tool_calls: Option<[(); 0]>,
    additional_kwargs: Empty,
    response_metadata: Empty,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Empty {}

impl<'a> From<&'a ChatMessage> for LangChainMessage<'a> {
    fn from(message: &'a ChatMessage) -> Self {
        let (class, ai_fields) = match message.author {
            MessageAuthor::Human => ("HumanMessage", None),
            MessageAuthor::Ai => ("AIMessage", Some([])),
        };
        Self {
            lc: 1,
            kind: "constructor",
            id: ["langchain_core", "messages", class],
            kwargs: LangChainKwargs {
                content: &message.content,
                tool_calls: ai_fields,
                invalid_tool_calls: ai_fields,
                additional_kwargs: Empty {},
                response_metadata: Empty {},
            },
        }
    }
}

/// Every JSON answer of the chat webhook, for the API description: a handler returns one of them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, reason = "describes the answers; never built")]
pub enum ChatAnswer<'a> {
    Reply(SendResponse),
    ExecutionStarted(ExecutionStartedResponse),
    History(HistoryResponse<'a>),
}

/// One line of an NDJSON reply stream (docs/PROTOCOL.md §3.1), keys in n8n's order.
#[derive(Debug, Serialize)]
pub struct StreamChunk<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<&'a str>,
    pub metadata: StreamChunkMetadata,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamChunkMetadata {
    pub node_id: &'static str,
    pub node_name: &'static str,
    pub item_index: u32,
    pub run_index: u32,
    /// Milliseconds since the Unix epoch.
    pub timestamp: i64,
}

/// The built-in assistant's node, as a streamed run names it.
const ASSISTANT_NODE_ID: &str = "c17ab07a-0000-4000-8000-000000000001";

/// A whole reply as one streamed run (`begin`, one `item`, `end`), each line ending in `\n`.
pub fn stream_reply(text: &str, timestamp_ms: i64) -> String {
    let metadata = || StreamChunkMetadata {
        node_id: ASSISTANT_NODE_ID,
        node_name: "Asistente de reservas",
        item_index: 0,
        run_index: 0,
        timestamp: timestamp_ms,
    };
    [("begin", None), ("item", Some(text)), ("end", None)]
        .into_iter()
        .map(|(kind, content)| {
            let chunk = StreamChunk {
                kind,
                content,
                metadata: metadata(),
            };
            serde_json::to_string(&chunk)
                .map(|line| line + "\n")
                .unwrap_or_default()
        })
        .collect()
}

/// The answer to `sendMessage`: `{"output": "..."}`, what n8n's last node usually returns.
#[derive(Debug, Serialize, ToSchema)]
pub struct SendResponse {
    pub output: String,
}

/// The answer to `sendMessage` when the reply comes over the live channel (n8n's "response
/// nodes" mode): the widget opens `/chat` with these.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExecutionStartedResponse {
    pub execution_started: bool,
    pub execution_id: String,
    pub resume_token: String,
}

/// A refusal or failure in n8n's own error shape: a non-2xx status with
/// `{"code": <status>, "message": "<readable>", "hint"?: "..."}`, which both n8n's widget and ours
/// show as a sentence.
///
/// The sentence is Spanish unless the request prefers English ([`Self::for_language`]).
#[derive(Debug)]
pub struct GatewayError {
    status: StatusCode,
    message: Sentence,
    lang: Lang,
    hint: Option<String>,
    retry_after_secs: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GatewayErrorBody<'a> {
    /// The HTTP status again.
    #[schema(example = 413)]
    code: u16,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
}

impl GatewayError {
    /// A refusal with its sentence in Spanish and in English.
    pub fn new(
        status: StatusCode,
        es: impl Into<Cow<'static, str>>,
        en: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            message: Sentence::new(es, en),
            lang: Lang::Es,
            hint: None,
            retry_after_secs: None,
        }
    }

    /// The same refusal, said in `lang`.
    #[must_use]
    pub fn for_language(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The sentence shown to the visitor.
    pub fn message(&self) -> &str {
        self.message.get(self.lang)
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Adds `Retry-After` (for 429 answers).
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after_secs = Some(seconds);
        self
    }

    pub fn bad_request(es: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, es, en)
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// A body that is not the protocol's JSON (the parser's words go to the hint, for
    /// developers).
    pub fn unparsable(error: &serde_json::Error) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "No hemos podido leer la petición.",
            "Failed to parse request body",
        )
        .with_hint(error.to_string())
    }

    /// A form whose parts could not be read.
    pub fn form_unreadable(status: StatusCode) -> Self {
        Self::new(
            status,
            "No hemos podido leer los datos del formulario.",
            "The form data could not be read",
        )
    }

    /// A store failure: another account's conversation is refused; a database that cannot
    /// answer now is "try again shortly" (503 with `Retry-After`); anything else is
    /// [`Self::internal`].
    pub fn from_store(error: &StoreError) -> Self {
        match error {
            StoreError::NotOwner => Self::new(
                StatusCode::FORBIDDEN,
                "Esta conversación es de otra cuenta: empieza una conversación nueva.",
                "This conversation belongs to another account: start a new conversation.",
            ),
            StoreError::Unavailable(_) => {
                tracing::warn!(%error, source = ?std::error::Error::source(error), "chat request failed: database unavailable");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    NOT_AVAILABLE_ES,
                    NOT_AVAILABLE_EN,
                )
                .with_retry_after(UNAVAILABLE_RETRY_AFTER_SECS)
            }
            other => Self::internal(other),
        }
    }

    /// An unexpected failure: logs `cause`, tells the visitor only that the assistant failed.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, source = ?cause.source(), "chat request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            NOT_AVAILABLE_ES,
            NOT_AVAILABLE_EN,
        )
    }
}

/// What a visitor reads when the assistant cannot answer (the cause goes to the log).
const NOT_AVAILABLE_ES: &str =
    "El asistente no está disponible ahora mismo. Vuelve a intentarlo en un momento.";
const NOT_AVAILABLE_EN: &str =
    "The assistant is not available right now. Please try again in a moment.";

impl From<ChatValueError> for GatewayError {
    fn from(error: ChatValueError) -> Self {
        let english = error.to_string();
        match error {
            ChatValueError::MissingSessionId => Self::bad_request("Falta «sessionId».", english),
            ChatValueError::SessionIdTooLong { max } => Self::bad_request(
                format!("«sessionId» puede tener como mucho {max} caracteres."),
                english,
            ),
            ChatValueError::SessionIdNotPrintable => Self::bad_request(
                "«sessionId» solo puede tener caracteres imprimibles.",
                english,
            ),
            ChatValueError::EmptyInput => Self::bad_request("El mensaje está vacío.", english),
            ChatValueError::InputHasNul => Self::bad_request(
                "El mensaje lleva un carácter nulo (NUL), que no se puede guardar.",
                english,
            ),
            ChatValueError::StackedMarks { max } => Self::bad_request(
                english,
                format!(
                    "The message stacks too many accents or marks on one letter (at most {max}): please write it without them."
                ),
            ),
            ChatValueError::InputTooLong { max } => Self::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("El mensaje es demasiado largo: como mucho {max} caracteres."),
                english,
            ),
        }
    }
}

impl IntoResponse for GatewayError {
    fn into_response(self) -> Response {
        let body = GatewayErrorBody {
            code: self.status.as_u16(),
            message: self.message.get(self.lang),
            hint: self.hint.as_deref(),
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn stored(author: MessageAuthor, content: &str) -> ChatMessage {
        ChatMessage {
            author,
            content: content.to_owned(),
            created_at: datetime!(2026-11-20 10:00 UTC),
        }
    }

    /// Byte-for-byte what n8n 1.123.81 answered in capture 4.2 for the same two messages.
    #[test]
    fn history_items_match_the_n8n_capture() {
        let messages = [
            stored(MessageAuthor::Human, "first"),
            stored(MessageAuthor::Ai, "echo: first"),
        ];
        let body = HistoryResponse {
            data: messages.iter().map(LangChainMessage::from).collect(),
        };
        assert_eq!(
            serde_json::to_string(&body).expect("serialises"),
            concat!(
                r#"{"data":["#,
                r#"{"lc":1,"type":"constructor","id":["langchain_core","messages","HumanMessage"],"kwargs":{"content":"first","additional_kwargs":{},"response_metadata":{}}},"#,
                r#"{"lc":1,"type":"constructor","id":["langchain_core","messages","AIMessage"],"kwargs":{"content":"echo: first","tool_calls":[],"invalid_tool_calls":[],"additional_kwargs":{},"response_metadata":{}}}"#,
                r#"]}"#
            )
        );
    }

    #[test]
    fn requests_parse_with_n8n_field_names() {
        let load = RawRequest::parse(
            br#"{"action":"loadPreviousSession","sessionId":"s1","metadata":{"userId":"u1"}}"#,
        );
        assert_eq!(
            load.expect("parses"),
            ChatRequest::LoadPreviousSession {
                session: ChatSessionId::parse("s1").expect("valid"),
                metadata: Some(serde_json::json!({ "userId": "u1" })),
            }
        );
        let send =
            RawRequest::parse(br#"{"action":"sendMessage","sessionId":"s1","chatInput":"hola"}"#);
        assert_eq!(
            send.expect("parses"),
            ChatRequest::SendMessage {
                session: ChatSessionId::parse("s1").expect("valid"),
                input: ChatInput::parse("hola").expect("valid"),
                metadata: None,
            }
        );
    }

    /// The refusal's status and its English sentence (the Spanish ones are checked through the
    /// API tests).
    fn refusal(body: &[u8]) -> (StatusCode, String) {
        let error = RawRequest::parse(body)
            .expect_err("refused")
            .for_language(Lang::En);
        (error.status, error.message().to_owned())
    }

    #[test]
    fn bad_requests_get_a_readable_reason() {
        assert_eq!(
            refusal(b"{"),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "Failed to parse request body".into()
            )
        );
        assert_eq!(
            refusal(br#"{"action":5}"#).0,
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(
            refusal(br#"{"sessionId":"s"}"#).1,
            "action is required: \"loadPreviousSession\" or \"sendMessage\""
        );
        assert_eq!(
            refusal(br#"{"action":"deleteEverything","sessionId":"s"}"#).1,
            "Unknown action \"deleteEverything\": expected \"loadPreviousSession\" or \"sendMessage\""
        );
        assert_eq!(
            refusal(br#"{"action":"sendMessage","chatInput":"hola"}"#),
            (StatusCode::BAD_REQUEST, "sessionId is required".into())
        );
        assert_eq!(
            refusal(br#"{"action":"sendMessage","sessionId":"s","chatInput":"   "}"#),
            (StatusCode::BAD_REQUEST, "the message is empty".into())
        );
        let long = format!(
            r#"{{"action":"sendMessage","sessionId":"s","chatInput":"{}"}}"#,
            "a".repeat(10_001)
        );
        assert_eq!(refusal(long.as_bytes()).0, StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[test]
    fn deeply_nested_json_is_refused_not_overflowing_the_stack() {
        let bomb = format!(
            r#"{{"action":"sendMessage","metadata":{}{}}}"#,
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(refusal(bomb.as_bytes()).0, StatusCode::UNPROCESSABLE_ENTITY);
    }

    #[test]
    fn errors_have_the_n8n_shape() {
        let error = GatewayError::bad_request("Falta «sessionId».", "sessionId is required")
            .with_hint("send the id");
        let body = |error: &GatewayError| {
            serde_json::to_string(&GatewayErrorBody {
                code: error.status.as_u16(),
                message: error.message(),
                hint: error.hint.as_deref(),
            })
            .expect("serialises")
        };
        assert_eq!(
            body(&error),
            r#"{"code":400,"message":"Falta «sessionId».","hint":"send the id"}"#
        );
        let english = error.for_language(Lang::En);
        assert_eq!(
            body(&english),
            r#"{"code":400,"message":"sessionId is required","hint":"send the id"}"#
        );
    }
}
