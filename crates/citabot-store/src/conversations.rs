//! The conversations part of the storage port (REQUIREMENTS D4, D5): every chat session as the
//! dashboard lists it, its transcript with the staff member behind each message they wrote, the
//! take-over of a conversation by staff, and the day-by-day activity behind the charts.
//!
//! A session exists once its first message is stored, so every listed conversation has one.

use async_trait::async_trait;
use citabot_domain::account::Role;
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use time::OffsetDateTime;

use crate::{ChatMessage, StoreError};

/// A staff member as a conversation names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffRef {
    pub id: String,
    /// First and last name.
    pub name: String,
}

/// Who is on the other side of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visitor {
    /// Nobody was signed in when it started.
    Guest,
    /// The account that started it (and alone may continue it).
    Account {
        user_id: String,
        name: String,
        email: String,
        role: Role,
    },
}

/// A conversation as the dashboard lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationSummary {
    pub session_id: String,
    pub visitor: Visitor,
    pub started_at: OffsetDateTime,
    pub last_at: OffsetDateTime,
    pub message_count: u32,
    pub last_message: ChatMessage,
    /// The citas its assistant booked, oldest first.
    pub appointment_ids: Vec<String>,
    /// The staff member answering instead of the assistant right now.
    pub taken_over_by: Option<StaffRef>,
    /// Since when the visitor waits for a person (the assistant's hand-off); cleared by a
    /// take-over or a staff reply.
    pub needs_person_since: Option<OffsetDateTime>,
    /// The name the visitor gave in the chat (to book, or to be called back).
    pub visitor_name: Option<String>,
    /// The host of the page the conversation started on.
    pub site: Option<String>,
}

/// Which conversations the inbox lists.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ConversationFilter {
    /// Every conversation; on the first page, those waiting for a person come first.
    #[default]
    All,
    /// Only those whose visitor waits for a person.
    NeedsPerson,
    /// Only those whose assistant booked a cita.
    Booked,
}

/// The inbox's page of conversations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConversationPage {
    pub filter: ConversationFilter,
    /// Only conversations whose last message came strictly before this instant.
    pub before: Option<OffsetDateTime>,
    pub limit: u32,
}

/// What a turn notes about its conversation for the inbox, in the turn's transaction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InboxNote<'a> {
    /// The visitor asked for a person: the conversation waits for one from the turn on (an
    /// earlier wait keeps its start).
    pub needs_person: bool,
    /// The name the visitor gave, replacing an earlier one.
    pub visitor_name: Option<&'a str>,
    /// The site the message came from; the first one noted stays.
    pub site: Option<&'a str>,
    /// The language the conversation is held in now (`es`, `en`), replacing an earlier one:
    /// what the client's emails and staff's take-over say things in.
    pub language: Option<&'a str>,
}

/// One message of a transcript; `by` names the staff member who wrote a bot message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationMessage {
    pub message: ChatMessage,
    pub by: Option<StaffRef>,
}

/// A conversation with its whole transcript, oldest message first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    pub summary: ConversationSummary,
    pub messages: Vec<ConversationMessage>,
}

/// What the gateway checks before answering a message: who owns the session, and whether staff
/// have taken it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatSessionControl {
    /// The account that started it; `None` when a guest did.
    pub owner_user_id: Option<String>,
    /// The staff member (account id) who has taken it over.
    pub taken_over_by: Option<String>,
    /// Since when the visitor waits for a person.
    pub needs_person_since: Option<OffsetDateTime>,
}

impl ChatSessionControl {
    /// From the stored columns `owner_user_id, taken_over_by, needs_person_since`.
    pub fn from_columns(
        (owner_user_id, taken_over_by, needs_person_since): (
            Option<String>,
            Option<String>,
            Option<OffsetDateTime>,
        ),
    ) -> Self {
        Self {
            owner_user_id,
            taken_over_by,
            needs_person_since,
        }
    }
}

/// What became of a staff member's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffMessageOutcome {
    Stored,
    /// The conversation is not taken over by that staff member: nothing was written.
    NotHolder,
    /// There is no such conversation.
    Unknown,
}

impl StaffMessageOutcome {
    /// Why the holder check kept a message out: the conversation exists but is not held by its
    /// writer, or there is no such conversation.
    pub fn refused(conversation_exists: bool) -> Self {
        if conversation_exists {
            Self::NotHolder
        } else {
            Self::Unknown
        }
    }
}

/// A conversation's first message, and whether its assistant booked any cita.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConversationStart {
    pub started_at: OffsetDateTime,
    pub booked: bool,
}

/// What happened in a span of time, for the charts: the instants are bucketed into local days by
/// the caller, who knows the business's time zone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Activity {
    /// When each cita made in the span was made (any status), in no set order.
    pub citas_created: Vec<OffsetDateTime>,
    /// The conversations started in the span, in no set order.
    pub conversations: Vec<ConversationStart>,
}

impl Activity {
    /// From the stored columns: each cita's `created_at`, and each conversation's `created_at`
    /// with whether its assistant booked a cita.
    pub fn from_columns(
        citas: Vec<(OffsetDateTime,)>,
        conversations: Vec<(OffsetDateTime, bool)>,
    ) -> Self {
        Self {
            citas_created: citas.into_iter().map(|(at,)| at).collect(),
            conversations: conversations
                .into_iter()
                .map(|(started_at, booked)| ConversationStart { started_at, booked })
                .collect(),
        }
    }
}

#[async_trait]
pub trait ConversationStore: Send + Sync {
    /// Up to `page.limit` conversations that pass `page.filter`, the most recent last message
    /// first, only those whose last message came strictly before `page.before` when given (the
    /// next page). Ties in time are ordered by session id, descending. With
    /// [`ConversationFilter::All`], the first page (no `before`) lists the conversations waiting
    /// for a person first, and later pages leave them out.
    async fn conversations(
        &self,
        page: ConversationPage,
    ) -> Result<Vec<ConversationSummary>, StoreError>;

    /// For each of these conversations, how many of the visitor's messages `reader` has not
    /// seen (those after the last message they read; all of them before they first read).
    /// Conversations not listed have none.
    async fn unread_counts(
        &self,
        reader: &str,
        sessions: &[String],
    ) -> Result<Vec<(String, u32)>, StoreError>;

    /// `reader` has seen every message of the conversation stored so far.
    async fn mark_read(&self, session: &ChatSessionId, reader: &str) -> Result<(), StoreError>;

    /// How many conversations wait for a person now.
    async fn needs_person_count(&self) -> Result<u32, StoreError>;

    /// A conversation as listed, without its transcript; `None` for a session never seen.
    async fn conversation_summary(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ConversationSummary>, StoreError>;

    /// A conversation and its transcript; `None` for a session never seen.
    async fn conversation(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<Conversation>, StoreError>;

    /// The language last noted for the conversation ([`InboxNote::language`]); `None` when
    /// none was, or for a session never seen.
    async fn conversation_language(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<String>, StoreError>;

    /// The session's owner and take-over, without its messages; `None` for a session never seen.
    async fn chat_session_control(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatSessionControl>, StoreError>;

    /// Records that `staff_id` answers this conversation from now on, replacing whoever held it
    /// (the visitor no longer waits for a person); `false` when there is no such conversation.
    async fn take_over(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        now: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// Gives the conversation back to the assistant; `false` when there is no such conversation.
    async fn hand_back(&self, session: &ChatSessionId) -> Result<bool, StoreError>;

    /// Appends a bot message written by `staff_id`, in the same transaction as the check that
    /// they hold the take-over (the visitor no longer waits for a person).
    async fn append_staff_message(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        text: &str,
        at: OffsetDateTime,
    ) -> Result<StaffMessageOutcome, StoreError>;

    /// Citas made and conversations started from `from` (inclusive) to `to` (exclusive).
    async fn activity_between(
        &self,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> Result<Activity, StoreError>;
}

/// A conversation summary's stored columns, by position: `id, owner_user_id, created_at,
/// last_message_at, message count`, the last message's `author, content, created_at`, the
/// owner's `first_name, last_name, email, role`, then `taken_over_by` and that staff member's
/// `first_name, last_name`. Appointment ids are read separately.
pub type SummaryColumns = (
    String,
    Option<String>,
    OffsetDateTime,
    OffsetDateTime,
    i64,
    String,
    String,
    OffsetDateTime,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// The inbox's columns of a conversation, read beside its summary: `id, needs_person_since,
/// visitor_name, site`.
pub type InboxColumns = (
    String,
    Option<OffsetDateTime>,
    Option<String>,
    Option<String>,
);

/// A transcript message's stored columns: `author, content, created_at, staff_user_id`, and that
/// staff member's `first_name, last_name`.
pub type MessageColumns = (
    String,
    String,
    OffsetDateTime,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn full_name(first: Option<String>, last: Option<String>) -> String {
    [first, last]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Rebuilds summaries from their stored columns, the `(session_id, cita_id)` links of their
/// citas, read oldest first, and their inbox columns.
pub(crate) fn summaries_from_columns(
    rows: Vec<SummaryColumns>,
    citas: &[(String, String)],
    inbox: &[InboxColumns],
) -> Result<Vec<ConversationSummary>, StoreError> {
    rows.into_iter()
        .map(|columns| {
            let (
                session_id,
                owner_user_id,
                started_at,
                last_at,
                message_count,
                last_author,
                last_content,
                last_created_at,
                owner_first,
                owner_last,
                owner_email,
                owner_role,
                taken_over_by,
                taker_first,
                taker_last,
            ) = columns;
            let visitor = match owner_user_id {
                None => Visitor::Guest,
                Some(user_id) => {
                    let role = owner_role.unwrap_or_default();
                    Visitor::Account {
                        user_id,
                        name: full_name(owner_first, owner_last),
                        email: owner_email.unwrap_or_default(),
                        role: Role::parse(&role)
                            .ok_or_else(|| StoreError::Corrupt(format!("unknown role {role:?}")))?,
                    }
                }
            };
            let appointment_ids = citas
                .iter()
                .filter(|(session, _)| *session == session_id)
                .map(|(_, cita)| cita.clone())
                .collect();
            let (needs_person_since, visitor_name, site) = inbox
                .iter()
                .find(|(id, ..)| *id == session_id)
                .map(|(_, since, name, site)| (*since, name.clone(), site.clone()))
                .unwrap_or_default();
            Ok(ConversationSummary {
                needs_person_since,
                visitor_name,
                site,
                visitor,
                started_at,
                last_at,
                message_count: u32::try_from(message_count)
                    .map_err(|_| StoreError::Corrupt(format!("message count {message_count}")))?,
                last_message: ChatMessage::from_row(&last_author, last_content, last_created_at)?,
                appointment_ids,
                taken_over_by: taken_over_by.map(|id| StaffRef {
                    id,
                    name: full_name(taker_first, taker_last),
                }),
                session_id,
            })
        })
        .collect()
}

/// Rebuilds a transcript from its stored columns.
pub(crate) fn messages_from_columns(
    rows: Vec<MessageColumns>,
) -> Result<Vec<ConversationMessage>, StoreError> {
    rows.into_iter()
        .map(|(author, content, created_at, staff_id, first, last)| {
            Ok(ConversationMessage {
                message: ChatMessage::from_row(&author, content, created_at)?,
                by: staff_id.map(|id| StaffRef {
                    id,
                    name: full_name(first, last),
                }),
            })
        })
        .collect()
}

/// The stored name of a staff member's message's author: they speak for the assistant.
pub const STAFF_AUTHOR: MessageAuthor = MessageAuthor::Ai;
