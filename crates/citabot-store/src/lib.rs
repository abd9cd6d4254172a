//! The storage port: what the server needs from a database, as use-case methods rather than
//! queries. Each adapter crate (SQLite, PostgreSQL) implements [`Store`] with its migrations and
//! a way to run statements; the SQL the two dialects share is written once, in [`sql`], and
//! both adapters prove it with the shared [`conformance`] suite.
//!
//! This crate knows nothing about sqlx or HTTP.

pub mod api_keys;
pub mod booking;
pub mod conformance;
pub mod conversations;
pub mod identity;
pub mod images;
pub mod mail;
pub mod reviews;
pub mod shared;
pub mod sql;
pub mod turn;

pub use api_keys::{ApiKey, ApiKeyStore, NewApiKey};
pub use booking::BookingStore;
pub use conversations::ConversationStore;
pub use images::{ImageSlot, ImageStore, ImageVersions, NewImage, StoredImage};
pub use mail::{MailStore, MailWrite, NewMail};
pub use reviews::{Review, ReviewStore, ReviewSummary};
pub use shared::{
    ConversationHold, Counter, LiveMessageKind, NoticeHandler, SharedExecution, SharedState,
};
pub use turn::{
    AssistantStateWrite, ChatTurnWrite, CitaChange, CitaWritten, HoldWrite, Holds,
    SavedAssistantState, TurnReads,
};

use async_trait::async_trait;
use citabot_domain::account::{Email, PersonName, Phone, Role};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use time::OffsetDateTime;

/// One stored chat message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub author: MessageAuthor,
    pub content: String,
    pub created_at: OffsetDateTime,
}

/// The columns of an account as adapters select them, by position (sqlx reads tuples):
/// `id, email, first_name, last_name, phone, role, created_at`, then what the query adds.
pub type UserColumns = (
    String,
    String,
    String,
    String,
    Option<String>,
    String,
    OffsetDateTime,
);
/// [`UserColumns`] followed by `password_hash`.
pub type CredentialsColumns = (
    String,
    String,
    String,
    String,
    Option<String>,
    String,
    OffsetDateTime,
    String,
);
/// [`UserColumns`] followed by the session's `csrf_token, expires_at`.
pub type AuthSessionColumns = (
    String,
    String,
    String,
    String,
    Option<String>,
    String,
    OffsetDateTime,
    String,
    OffsetDateTime,
);

impl User {
    /// Rebuilds an account from its stored columns; an unknown role name means corrupt data.
    pub fn from_columns(columns: UserColumns) -> Result<Self, StoreError> {
        let (id, email, first_name, last_name, phone, role, created_at) = columns;
        let role = Role::parse(&role)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown role {role:?}")))?;
        Ok(Self {
            id,
            email,
            first_name,
            last_name,
            phone,
            role,
            created_at,
        })
    }
}

impl Credentials {
    pub fn from_columns(columns: CredentialsColumns) -> Result<Self, StoreError> {
        let (id, email, first_name, last_name, phone, role, created_at, password_hash) = columns;
        Ok(Self {
            user: User::from_columns((id, email, first_name, last_name, phone, role, created_at))?,
            password_hash,
        })
    }
}

impl AuthSession {
    pub fn from_columns(columns: AuthSessionColumns) -> Result<Self, StoreError> {
        let (id, email, first_name, last_name, phone, role, created_at, csrf_token, expires_at) =
            columns;
        Ok(Self {
            user: User::from_columns((id, email, first_name, last_name, phone, role, created_at))?,
            csrf_token,
            expires_at,
        })
    }
}

impl ChatMessage {
    /// Rebuilds a message from its stored columns; an unknown author name means corrupt data.
    pub fn from_row(
        author: &str,
        content: String,
        created_at: OffsetDateTime,
    ) -> Result<Self, StoreError> {
        let author = MessageAuthor::parse(author)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown chat author {author:?}")))?;
        Ok(Self {
            author,
            content,
            created_at,
        })
    }
}

/// A stored conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatTranscript {
    /// The account that started it; `None` when a guest did.
    pub owner_user_id: Option<String>,
    pub messages: Vec<ChatMessage>,
}

impl ChatTranscript {
    /// Whether `reader` (an account id, or `None` for a guest) may read this conversation:
    /// guests' conversations are open to whoever holds the id, accounts' to their owner only.
    pub fn readable_by(&self, reader: Option<&str>) -> bool {
        match &self.owner_user_id {
            None => true,
            Some(owner) => reader == Some(owner.as_str()),
        }
    }
}

/// An account as the rest of the server sees it (never with its password hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// A random UUID, minted by the server.
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub role: Role,
    pub created_at: OffsetDateTime,
}

/// An account to create. The password arrives already hashed.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: String,
    pub email: Email,
    pub password_hash: String,
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub phone: Option<Phone>,
    pub role: Role,
    pub created_at: OffsetDateTime,
}

/// What sign-in needs: the account and its password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    pub user: User,
    pub password_hash: String,
}

/// A signed-in browser session. The store keeps only a hash of the cookie's token, so a leaked
/// database does not leak live sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuthSession {
    pub token_hash: String,
    pub user_id: String,
    /// The anti-CSRF token bound to this session, sent back in `X-CSRF-Token`.
    pub csrf_token: String,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
}

/// A live session with its account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthSession {
    pub user: User,
    pub csrf_token: String,
    pub expires_at: OffsetDateTime,
}

/// Why a store call failed. Adapters keep the database's own error as the source, for the log;
/// callers never show it to users.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused the operation for a reason of its own (a bug, or data it cannot
    /// take).
    #[error("database error")]
    Backend(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The database cannot be reached or cannot write just now (connections gone, the file
    /// locked, out of space): worth trying again shortly.
    #[error("database unavailable")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The chat session belongs to another account.
    #[error("the conversation belongs to another account")]
    NotOwner,
    /// A unique value is taken (an email already registered, say).
    #[error("already exists: {0}")]
    Conflict(&'static str),
    /// The database URL does not name a database this adapter can open.
    #[error("invalid database URL: {0}")]
    InvalidUrl(String),
    /// Stored data that the domain cannot read back (a bug or a hand-edited row).
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    /// The staff member already has a pending or confirmed cita at that time.
    #[error("the staff member is already booked at that time")]
    SlotTaken,
    /// Another turn of the same conversation saved the assistant's state first.
    #[error("the conversation moved on meanwhile")]
    Stale,
    /// The cita to change is gone or no longer in the state the change expects.
    #[error("the cita is no longer in the expected state")]
    Unchanged,
}

impl StoreError {
    pub fn backend(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Backend(Box::new(error))
    }
}

/// Everything the server persists: conversations and accounts here, the booking side in
/// [`BookingStore`], the dashboard's view of conversations in [`ConversationStore`], the outbox
/// in [`MailStore`], the salon's logo and hero picture in [`ImageStore`], programs' API keys in
/// [`ApiKeyStore`], reviews and the demo's data in [`ReviewStore`].
#[async_trait]
pub trait Store:
    BookingStore
    + ConversationStore
    + MailStore
    + ImageStore
    + ApiKeyStore
    + ReviewStore
    + Send
    + Sync
    + std::fmt::Debug
{
    /// Which backend this is, for logs ("sqlite", "postgres").
    fn backend_name(&self) -> &'static str;

    /// What several instances on this database share ([`shared`]); `None` for a backend only
    /// one process may open, whose server keeps that state in memory.
    fn shared(&self) -> Option<std::sync::Arc<dyn SharedState>> {
        None
    }

    /// Succeeds when the database answers and a write could start now (readiness): quick —
    /// another writer's lock is waited for a moment only — and changing nothing. A database that
    /// is locked, read-only or unreachable is [`StoreError::Unavailable`].
    async fn ping(&self) -> Result<(), StoreError>;

    /// Appends messages to a chat session in one transaction (a turn is stored whole or not at
    /// all). The first append creates the session, owned by `writer` (an account id, or `None`
    /// for a guest). A guest's session that an account writes in becomes that account's: from
    /// then on only its owner reads it. A session owned by an account accepts appends from that
    /// account only: anyone else gets [`StoreError::NotOwner`] and nothing is written. The
    /// session's last message time follows the last message appended.
    async fn append_chat_messages(
        &self,
        session: &ChatSessionId,
        writer: Option<&str>,
        messages: &[ChatMessage],
    ) -> Result<(), StoreError>;

    /// Writes a whole chat turn in one transaction: the messages (as
    /// [`Self::append_chat_messages`]), the assistant's state (refused with
    /// [`StoreError::Stale`] when another turn saved first), the cita change (refused when another
    /// conversation holds its time), the conversation's hold and the messages it queues. Any
    /// refusal
    /// ([`StoreError::NotOwner`], [`StoreError::SlotTaken`], [`StoreError::Unchanged`],
    /// [`StoreError::Conflict`] for a client created meanwhile) writes nothing at all.
    async fn commit_chat_turn(&self, turn: &ChatTurnWrite<'_>) -> Result<(), StoreError>;

    /// Writes one cita change in a transaction of its own (a cita booked or moved by hand, with
    /// its new client, or a status change) and the messages it queues, with the refusals of
    /// [`Self::commit_chat_turn`], treating the chat's holds on its new time as `holds` says.
    async fn apply_cita_change(
        &self,
        change: &CitaChange,
        at: OffsetDateTime,
        holds: Holds<'_>,
        mail: MailWrite<'_>,
    ) -> Result<CitaWritten, StoreError>;

    /// A session's owner and messages (oldest first); `None` for a session never seen.
    async fn chat_transcript(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatTranscript>, StoreError>;

    /// Creates an account; [`StoreError::Conflict`] when the email is already registered.
    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError>;

    /// The account registered with `email`, with its password hash.
    async fn user_credentials(&self, email: &Email) -> Result<Option<Credentials>, StoreError>;

    /// The account with this id.
    async fn user(&self, id: &str) -> Result<Option<User>, StoreError>;

    /// Records a signed-in session.
    async fn create_auth_session(&self, session: &NewAuthSession) -> Result<(), StoreError>;

    /// The session whose token hashes to `token_hash`, unless unknown or expired at `now`.
    async fn auth_session(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> Result<Option<AuthSession>, StoreError>;

    /// Ends a session (sign-out, or rotation on sign-in). Unknown hashes are not an error.
    async fn delete_auth_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Closes the connections; calls after this fail.
    async fn close(&self);
}
