//! The conversations (REQUIREMENTS D4), for staff only: `GET /api/conversations` (every chat
//! session, the most recent first), `GET /api/conversations/{sessionId}` (with its transcript), and
//! the take-over: `POST …/takeover`, `POST …/messages`, `POST …/handback`.
//!
//! The work is in the use cases [`crate::usecases::inbox`] and [`crate::usecases::takeover`]: a
//! staff member's message is stored as a bot message naming them (so the visitor's history shows
//! it) and handed to the hub, which delivers it to the visitor's open sockets or keeps it for the
//! next one. Any staff member may take a conversation over,
//! also from a colleague who holds it; only the holder writes in it; anyone may hand it back.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use citabot_domain::inbox::plain_preview;
use citabot_store::ChatMessage;
use citabot_store::conversations::{
    ConversationFilter, ConversationMessage, ConversationPage, StaffRef, Visitor,
};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::{IntoParams, ToSchema};

use super::{
    answer, body, checked_text, conflict, invalid, limit_param, not_found, parse_instant, query,
    staff, staff_account, store_failed,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::inbox::Listed;
use crate::usecases::takeover::{Sent, Typing};
use crate::usecases::{inbox, takeover};

/// Conversations listed when `limit` is left out.
pub const DEFAULT_LIMIT: u32 = 50;
/// The most conversations one page lists.
pub const MAX_LIMIT: u32 = 100;
/// The longest staff message, in characters.
pub const MESSAGE_MAX_CHARS: usize = 4000;

const NO_SUCH_CONVERSATION: &str = "Esa conversación no existe.";
const NOT_THE_HOLDER: &str =
    "Para escribir en esta conversación, tómala primero: ahora no la llevas tú.";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ConversationQuery {
    /// 1 to 100; 50 when left out. Read as text, so that a bad value gets a sentence.
    #[serde(default)]
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    limit: Option<String>,
    /// Only conversations whose last message came before this instant (RFC 3339): the previous
    /// page's last `lastAt`.
    #[serde(default)]
    #[param(value_type = Option<String>, format = DateTime)]
    before: Option<String>,
    /// `needsPerson` (visitors waiting for a person), `booked` (the assistant booked a cita) or
    /// `all` (the default: those waiting for a person first).
    #[serde(default)]
    #[param(value_type = Option<String>, example = "needsPerson")]
    filter: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorView {
    /// `guest` or `account`.
    #[schema(example = "guest")]
    kind: &'static str,
    /// The account, when one started the conversation; the rest is null for a guest.
    user_id: Option<String>,
    name: Option<String>,
    email: Option<String>,
    /// `guest`, `cliente`, `usuario` or `administrador`.
    #[schema(example = "cliente")]
    role: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    id: String,
    name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    /// `user` (the visitor) or `bot` (the assistant, or staff during a take-over).
    #[schema(example = "user")]
    sender: &'static str,
    /// As the widget showed it (markdown).
    text: String,
    #[schema(format = DateTime)]
    at: String,
    /// The staff member who wrote this bot message.
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<StaffView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    session_id: String,
    visitor: VisitorView,
    #[schema(format = DateTime)]
    started_at: String,
    #[schema(format = DateTime)]
    last_at: String,
    message_count: u32,
    last_message: Option<MessageView>,
    /// Whether its assistant booked a cita.
    booked: bool,
    /// The citas it booked, oldest first.
    appointment_ids: Vec<String>,
    /// The staff member answering instead of the assistant.
    taken_over_by: Option<StaffView>,
    /// Whether the visitor asked for a person and nobody has taken over or answered yet.
    needs_person: bool,
    /// Since when they wait (their first ask).
    #[schema(format = DateTime)]
    needs_person_since: Option<String>,
    /// Who the visitor is: the account's name, or the name a guest gave in the chat; null when
    /// nobody knows.
    visitor_name: Option<String>,
    /// The last message as one line of plain text (no markdown), at most 140 characters.
    preview: String,
    /// The visitor's messages the caller has not read.
    unread: u32,
    /// The host of the page the conversation started on (its Origin, else its Referer).
    site: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationDetail {
    #[serde(flatten)]
    conversation: ConversationView,
    /// The transcript, oldest first.
    messages: Vec<MessageView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationList {
    items: Vec<ConversationView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationResponse {
    item: ConversationView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationDetailResponse {
    item: ConversationDetail,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxCounts {
    /// Conversations whose visitor waits for a person now.
    needs_person: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    item: MessageView,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffMessage {
    /// 1 to 4000 characters; shown to the visitor as a bot message (markdown).
    text: String,
}

fn rfc3339(instant: OffsetDateTime) -> String {
    instant.format(&Rfc3339).unwrap_or_default()
}

impl From<StaffRef> for StaffView {
    fn from(staff: StaffRef) -> Self {
        Self {
            id: staff.id,
            name: staff.name,
        }
    }
}

impl From<Visitor> for VisitorView {
    fn from(visitor: Visitor) -> Self {
        match visitor {
            Visitor::Guest => Self {
                kind: "guest",
                user_id: None,
                name: None,
                email: None,
                role: "guest",
            },
            Visitor::Account {
                user_id,
                name,
                email,
                role,
            } => Self {
                kind: "account",
                user_id: Some(user_id),
                name: Some(name),
                email: Some(email),
                role: role.as_str(),
            },
        }
    }
}

fn message_view(message: ChatMessage, by: Option<StaffRef>) -> MessageView {
    MessageView {
        sender: match message.author {
            MessageAuthor::Human => "user",
            MessageAuthor::Ai => "bot",
        },
        text: message.content,
        at: rfc3339(message.created_at),
        by: by.map(StaffView::from),
    }
}

/// The longest preview, in characters.
const PREVIEW_CHARS: usize = 140;

impl From<Listed> for ConversationView {
    fn from(Listed { summary, unread }: Listed) -> Self {
        let visitor_name = match &summary.visitor {
            Visitor::Account { name, .. } => Some(name.clone()),
            Visitor::Guest => summary.visitor_name.clone(),
        };
        Self {
            session_id: summary.session_id,
            visitor: summary.visitor.into(),
            started_at: rfc3339(summary.started_at),
            last_at: rfc3339(summary.last_at),
            message_count: summary.message_count,
            preview: plain_preview(&summary.last_message.content, PREVIEW_CHARS),
            // Always there: a session exists from its first message on (the contract allows null).
            last_message: Some(message_view(summary.last_message, None)),
            booked: !summary.appointment_ids.is_empty(),
            appointment_ids: summary.appointment_ids,
            taken_over_by: summary.taken_over_by.map(StaffView::from),
            needs_person: summary.needs_person_since.is_some(),
            needs_person_since: summary.needs_person_since.map(rfc3339),
            visitor_name,
            unread,
            site: summary.site,
        }
    }
}

/// The `filter` parameter.
fn filter_of(text: Option<&str>) -> Result<ConversationFilter, ApiError> {
    match text {
        None | Some("all") => Ok(ConversationFilter::All),
        Some("needsPerson") => Ok(ConversationFilter::NeedsPerson),
        Some("booked") => Ok(ConversationFilter::Booked),
        Some(_) => Err(invalid(
            "«filter» debe ser «needsPerson», «booked» o «all».",
        )),
    }
}

/// The session id in the path; an id that cannot exist is simply not found.
fn session_of(id: &str) -> Result<ChatSessionId, ApiError> {
    ChatSessionId::parse(id).map_err(|_| not_found(NO_SUCH_CONVERSATION))
}

/// What a take-over or hand-back answers: 404 when there was no such conversation to change,
/// otherwise the conversation as it now stands (without its transcript).
fn changed(summary: Option<Listed>) -> Result<Response, ApiError> {
    let item = summary
        .map(ConversationView::from)
        .ok_or_else(|| not_found(NO_SUCH_CONVERSATION))?;
    Ok(answer(StatusCode::OK, ConversationResponse { item }))
}

/// `GET /api/conversations` (staff): a page of conversations, the most recent `lastAt` first
/// (on the first page of `all`, those waiting for a person before the rest).
#[utoipa::path(get, path = "/api/conversations", tag = "conversations", params(ConversationQuery),
    responses(
        (status = 200, description = "The conversations with at least one message", body = ConversationList),
        (status = 400, description = "A bad limit, instant or filter", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<ConversationQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let user = staff(&caller)?;
    let params = query(params)?;
    let limit = limit_param(params.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT)?;
    let filter = filter_of(params.filter.as_deref())?;
    let before = params
        .before
        .as_deref()
        .map(|text| parse_instant(text, "before"))
        .transpose()?;
    let page = ConversationPage {
        filter,
        before,
        limit,
    };
    let items = inbox::list(&state, &user.id, page)
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(ConversationView::from)
        .collect();
    Ok(answer(StatusCode::OK, ConversationList { items }))
}

/// `GET /api/conversations/{sessionId}` (staff): a conversation and its transcript, now read by
/// the caller.
#[utoipa::path(get, path = "/api/conversations/{sessionId}", tag = "conversations",
    params(("sessionId" = String, Path, description = "The chat session's id")),
    responses(
        (status = 200, description = "The conversation and its messages", body = ConversationDetailResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such conversation", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let session = session_of(&id)?;
    let conversation = match caller.account_id() {
        Some(reader) => inbox::open(&state, reader, &session).await,
        None => inbox::transcript(&state, &session).await,
    }
    .map_err(store_failed)?
    .ok_or_else(|| not_found(NO_SUCH_CONVERSATION))?;
    let messages = conversation
        .messages
        .into_iter()
        .map(|ConversationMessage { message, by }| message_view(message, by))
        .collect();
    let listed = Listed {
        summary: conversation.summary,
        unread: 0,
    };
    let item = ConversationDetail {
        conversation: listed.into(),
        messages,
    };
    Ok(answer(StatusCode::OK, ConversationDetailResponse { item }))
}

/// `POST /api/conversations/{sessionId}/takeover` (staff): the caller answers the visitor from
/// now on, instead of the assistant (or of the colleague who held it).
#[utoipa::path(post, path = "/api/conversations/{sessionId}/takeover", tag = "conversations",
    params(("sessionId" = String, Path, description = "The chat session's id")),
    responses(
        (status = 200, description = "The conversation, taken over by the caller", body = ConversationResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff, or an API key made on the command line", body = ErrorEnvelope),
        (status = 404, description = "No such conversation", body = ErrorEnvelope)))]
pub async fn take_over(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = staff_account(&caller)?;
    let session = session_of(&id)?;
    let summary = takeover::take_over(&state, &session, user)
        .await
        .map_err(store_failed)?;
    changed(summary)
}

/// `POST /api/conversations/{sessionId}/messages` (the staff member holding the take-over):
/// stores a bot message naming them and delivers it to the visitor.
#[utoipa::path(post, path = "/api/conversations/{sessionId}/messages", tag = "conversations",
    params(("sessionId" = String, Path, description = "The chat session's id")),
    request_body = StaffMessage,
    responses(
        (status = 201, description = "Stored, and on its way to the visitor", body = MessageResponse),
        (status = 400, description = "An empty or too long text", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff, or an API key made on the command line", body = ErrorEnvelope),
        (status = 404, description = "No such conversation", body = ErrorEnvelope),
        (status = 409, description = "The caller does not hold the take-over", body = ErrorEnvelope)))]
pub async fn send(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<StaffMessage>, JsonRejection>,
) -> Result<Response, ApiError> {
    let user = staff_account(&caller)?;
    let session = session_of(&id)?;
    let text = checked_text(&body(request)?.text, "text", MESSAGE_MAX_CHARS)?;
    let (at, text) = match takeover::send(&state, &session, user, &text)
        .await
        .map_err(store_failed)?
    {
        Sent::Delivered(at, text) => (at, text),
        Sent::NotHolder => {
            return Err(conflict(NOT_THE_HOLDER));
        }
        Sent::Unknown => return Err(not_found(NO_SUCH_CONVERSATION)),
    };
    let by = StaffRef {
        id: user.id.clone(),
        name: format!("{} {}", user.first_name, user.last_name),
    };
    let message = ChatMessage {
        author: citabot_store::conversations::STAFF_AUTHOR,
        content: text,
        created_at: at,
    };
    let item = message_view(message, Some(by));
    Ok(answer(StatusCode::CREATED, MessageResponse { item }))
}

/// `POST /api/conversations/{sessionId}/typing` (the staff member holding the take-over): they
/// are writing, and the visitor's widget shows it for a few seconds. The dashboard says it at
/// most every couple of seconds while they type; nothing is stored.
#[utoipa::path(post, path = "/api/conversations/{sessionId}/typing", tag = "conversations",
    params(("sessionId" = String, Path, description = "The chat session's id")),
    responses(
        (status = 204, description = "Told to the visitor's open chat, if any"),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff, or an API key made on the command line", body = ErrorEnvelope),
        (status = 404, description = "No such conversation", body = ErrorEnvelope),
        (status = 409, description = "The caller does not hold the take-over", body = ErrorEnvelope)))]
pub async fn typing(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = staff_account(&caller)?;
    let session = session_of(&id)?;
    match takeover::typing(&state, &session, user)
        .await
        .map_err(store_failed)?
    {
        Typing::Told => Ok(StatusCode::NO_CONTENT.into_response()),
        Typing::NotHolder => Err(conflict(NOT_THE_HOLDER)),
        Typing::Unknown => Err(not_found(NO_SUCH_CONVERSATION)),
    }
}

/// `POST /api/conversations/{sessionId}/handback` (staff): the assistant answers the visitor's
/// next message again.
#[utoipa::path(post, path = "/api/conversations/{sessionId}/handback", tag = "conversations",
    params(("sessionId" = String, Path, description = "The chat session's id")),
    responses(
        (status = 200, description = "The conversation, back with the assistant", body = ConversationResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such conversation", body = ErrorEnvelope)))]
pub async fn hand_back(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = staff(&caller)?;
    let session = session_of(&id)?;
    let summary = takeover::hand_back(&state, &session, user)
        .await
        .map_err(store_failed)?;
    changed(summary)
}

/// `GET /api/inbox` (staff): how many visitors wait for a person now, for the navigation's
/// count (the dashboard asks every couple of seconds).
#[utoipa::path(get, path = "/api/inbox", tag = "conversations",
    responses(
        (status = 200, description = "The counts", body = InboxCounts),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn counts(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let needs_person = inbox::waiting(&state).await.map_err(store_failed)?;
    Ok(answer(StatusCode::OK, InboxCounts { needs_person }))
}
