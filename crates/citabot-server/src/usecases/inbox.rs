//! The staff's inbox of conversations: the list, and one conversation with its transcript.

use citabot_domain::chat::ChatSessionId;
use citabot_store::StoreError;
use citabot_store::conversations::{Conversation, ConversationSummary};
use time::OffsetDateTime;

use crate::state::AppState;

/// A page of conversations, the most recent first, older than `before` when given.
pub async fn list(
    state: &AppState,
    before: Option<OffsetDateTime>,
    limit: u32,
) -> Result<Vec<ConversationSummary>, StoreError> {
    state.store.conversations(before, limit).await
}

/// A conversation and its transcript; `None` for a session never seen.
pub async fn get(
    state: &AppState,
    session: &ChatSessionId,
) -> Result<Option<Conversation>, StoreError> {
    state.store.conversation(session).await
}
