//! What several server instances on one database share besides the salon's data: the limits'
//! counters, the live channel's executions and waiting staff messages, and a broadcast that
//! tells every instance when a socket attached to it has something to receive.
//!
//! Only a backend that several instances can use at once offers it ([`crate::Store::shared`]):
//! PostgreSQL. With SQLite the server is one process and keeps all of this in its memory.

use std::sync::Arc;

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::StoreError;

/// One counter of a limit: how many attempts, until when its key must wait (or its window
/// ends), and when it is forgotten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    pub count: u32,
    pub until: OffsetDateTime,
    pub forget_at: OffsetDateTime,
}

/// A live-channel execution as every instance can read it. `frames` and `upstream` are the
/// server's own encoding: the store keeps them as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedExecution {
    pub id: String,
    pub session_id: String,
    pub owner: Option<String>,
    pub token_hash: String,
    /// What waits for the socket; emptied when one attaches.
    pub frames: String,
    /// The external workflow's execution a bridged socket relays to (never shown to browsers).
    pub upstream: Option<String>,
    pub started: OffsetDateTime,
    /// The instance a socket is attached on, if any.
    pub attached_on: Option<String>,
}

/// Whether a live message waits for the conversation's next socket or is only for the sockets
/// open when it is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveMessageKind {
    Waits,
    OpenNow,
}

/// Held while this instance works out a turn of one conversation: the other instances' turns of
/// it wait until it is dropped.
pub type ConversationHold = Box<dyn Send + Sync>;

/// Receives every notice published on the live broadcast, from any instance (this one too).
pub type NoticeHandler = Arc<dyn Fn(String) + Send + Sync>;

#[async_trait]
pub trait SharedState: Send + Sync + std::fmt::Debug {
    /// Counts one attempt for `key` atomically: a counter past its `forget_at` (or none) starts
    /// again at 1 with `until` and `forget_at` set to `fresh_until`. Returns the counter after.
    async fn count_attempt(
        &self,
        key: &str,
        now: OffsetDateTime,
        fresh_until: OffsetDateTime,
    ) -> Result<Counter, StoreError>;

    /// Sets when `key` may try again and when it is forgotten (its count stays).
    async fn set_counter_wait(
        &self,
        key: &str,
        until: OffsetDateTime,
        forget_at: OffsetDateTime,
    ) -> Result<(), StoreError>;

    /// Stores `key`'s counter as given (a mark such as "known until").
    async fn put_counter(&self, key: &str, counter: Counter) -> Result<(), StoreError>;

    /// The counters of `keys` not yet forgotten at `now`, in their order.
    async fn counters(
        &self,
        keys: &[String],
        now: OffsetDateTime,
    ) -> Result<Vec<Option<Counter>>, StoreError>;

    async fn forget_counter(&self, key: &str) -> Result<(), StoreError>;

    /// Stores a started execution.
    async fn put_execution(&self, execution: &SharedExecution) -> Result<(), StoreError>;

    /// The execution as stored; `None` when unknown.
    async fn execution(&self, id: &str) -> Result<Option<SharedExecution>, StoreError>;

    /// The execution, marked attached on `instance` with its frames taken out: returned as it
    /// was before (its frames, and the instance it was attached on). `None` when unknown. A
    /// socket may attach again while the execution lives.
    async fn attach_execution(
        &self,
        id: &str,
        instance: &str,
    ) -> Result<Option<SharedExecution>, StoreError>;

    /// Forgets an execution whose socket on `instance` closed (not one attached elsewhere since),
    /// and those never attached that started before `stale_before`.
    async fn end_execution(
        &self,
        id: &str,
        instance: &str,
        stale_before: OffsetDateTime,
    ) -> Result<(), StoreError>;

    /// Keeps a message for `session`'s sockets; at most `capacity` of the waiting kind are kept
    /// (the oldest go first). Returns its id, for [`Self::take_live_message`].
    async fn put_live_message(
        &self,
        session: &str,
        text: &str,
        kind: LiveMessageKind,
        at: OffsetDateTime,
        capacity: usize,
    ) -> Result<i64, StoreError>;

    /// Takes one message out (whoever takes it delivers it); `None` when already taken.
    async fn take_live_message(&self, id: i64) -> Result<Option<String>, StoreError>;

    /// Takes out the messages waiting for `session` kept since `since`, oldest first; older
    /// ones, and those only for sockets open earlier, are dropped.
    async fn take_waiting_messages(
        &self,
        session: &str,
        since: OffsetDateTime,
    ) -> Result<Vec<String>, StoreError>;

    /// Drops what waits for `session`.
    async fn drop_waiting_messages(&self, session: &str) -> Result<(), StoreError>;

    /// Waits until no other instance holds `session`'s turns, then holds them until the returned
    /// value is dropped.
    async fn hold_conversation(&self, session: &str) -> Result<ConversationHold, StoreError>;

    /// Publishes a notice to every instance's handler. Notices are short and carry ids only.
    async fn publish(&self, notice: &str) -> Result<(), StoreError>;

    /// Starts listening: from now on every published notice reaches `handler` (notices published
    /// while the connection is being re-established are lost; what they point at stays stored).
    async fn listen(&self, handler: NoticeHandler) -> Result<(), StoreError>;
}
