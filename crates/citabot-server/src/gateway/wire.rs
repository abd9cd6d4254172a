//! n8n's chat webhook protocol as bytes on the wire (docs/PROTOCOL.md §2, §5): the request the
//! widget sends, the history items in LangChain's serialised shape, and n8n's error body. Kept
//! apart from the handler so the shapes can be checked against the captures on their own.

use citabot_domain::chat::{ChatInput, ChatSessionId, MessageAuthor};
use citabot_domain::quick_replies::{QuickReplies, QuickReply, ReplyCard};
use citabot_store::ChatMessage;

use crate::hub::TeamMember;
use crate::visitor_error::VisitorError;
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
    pub fn into_request(self) -> Result<ChatRequest, VisitorError> {
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
    pub fn parse(body: &[u8]) -> Result<ChatRequest, VisitorError> {
        let raw: RawRequest =
            serde_json::from_slice(body).map_err(|error| VisitorError::unparsable(&error))?;
        raw.into_request()
    }

    pub fn into_request(self) -> Result<ChatRequest, VisitorError> {
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
            Some(other) => Err(VisitorError::bad_request(
                format!(
                    "Acción desconocida «{other}»: se espera «loadPreviousSession» o «sendMessage»."
                ),
                format!(
                    "Unknown action \"{other}\": expected \"loadPreviousSession\" or \"sendMessage\""
                ),
            )),
            None => Err(VisitorError::bad_request(
                "Falta «action»: «loadPreviousSession» o «sendMessage».",
                "action is required: \"loadPreviousSession\" or \"sendMessage\"",
            )),
        }
    }
}

/// The answer to `loadPreviousSession`: `{"data": [...]}`, with citabot's additions beside it
/// (n8n's widget reads only `data`).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct HistoryResponse<'a> {
    pub data: Vec<LangChainMessage<'a>>,
    /// What the last message, the assistant's, still offers to tap (as `sendMessage` answers
    /// them): a reloaded chat shows them again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub suggestions: Vec<QuickReply>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub card: Option<ReplyCard>,
    /// The member of the team who has the conversation now, when someone has taken it over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person: Option<TeamMember>,
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
    pub metadata: StreamChunkMetadata<'a>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamChunkMetadata<'a> {
    pub node_id: &'static str,
    pub node_name: &'static str,
    pub item_index: u32,
    pub run_index: u32,
    /// Milliseconds since the Unix epoch.
    pub timestamp: i64,
    /// On the `end` line only: what the reply offers to tap (an addition n8n's widget ignores).
    #[serde(skip_serializing_if = "<[QuickReply]>::is_empty")]
    pub suggestions: &'a [QuickReply],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<&'a ReplyCard>,
}

/// The built-in assistant's node, as a streamed run names it.
const ASSISTANT_NODE_ID: &str = "c17ab07a-0000-4000-8000-000000000001";

/// A whole reply as one streamed run (`begin`, one `item`, `end`), each line ending in `\n`;
/// the `end` line's metadata carries what the reply offers to tap.
pub fn stream_reply(text: &str, quick: &QuickReplies, timestamp_ms: i64) -> String {
    [("begin", None), ("item", Some(text)), ("end", None)]
        .into_iter()
        .map(|(kind, content)| {
            let end = kind == "end";
            let chunk = StreamChunk {
                kind,
                content,
                metadata: StreamChunkMetadata {
                    node_id: ASSISTANT_NODE_ID,
                    node_name: "Asistente de reservas",
                    item_index: 0,
                    run_index: 0,
                    timestamp: timestamp_ms,
                    suggestions: if end { &quick.suggestions } else { &[] },
                    card: quick.card.as_ref().filter(|_| end),
                },
            };
            serde_json::to_string(&chunk)
                .map(|line| line + "\n")
                .unwrap_or_default()
        })
        .collect()
}

/// The answer to `sendMessage`: `{"output": "..."}`, what n8n's last node usually returns, with
/// what the reply offers to tap beside it (docs/PROTOCOL.md, "Quick replies and cards").
#[derive(Debug, Serialize, ToSchema)]
pub struct SendResponse {
    pub output: String,
    /// Choices shown as buttons: `[{ "label", "value" }]`; tapping one sends its `value`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub suggestions: Vec<QuickReply>,
    /// A summary drawn as a card: `{ "title", "lead"?, "rows": [{ "label", "value" }], "actions" }`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub card: Option<ReplyCard>,
}

impl SendResponse {
    pub fn new(output: String, quick: QuickReplies) -> Self {
        Self {
            output,
            suggestions: quick.suggestions,
            card: quick.card,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Lang;
    use axum::http::StatusCode;
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
            ..HistoryResponse::default()
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
        (error.status(), error.message().to_owned())
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
}
