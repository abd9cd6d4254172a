//! The staff's inbox of conversations: the list (filtered, the visitors waiting for a person
//! first, with what each staff member has not read), one conversation with its transcript (read
//! by whoever opens it), and how many visitors wait for a person now.

use citabot_domain::chat::ChatSessionId;
use citabot_store::StoreError;
use citabot_store::conversations::{Conversation, ConversationPage, ConversationSummary};

use crate::state::AppState;

/// A conversation as one staff member sees it in the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub summary: ConversationSummary,
    /// The visitor's messages this staff member has not read.
    pub unread: u32,
}

/// A page of conversations for `reader`.
pub async fn list(
    state: &AppState,
    reader: &str,
    page: ConversationPage,
) -> Result<Vec<Listed>, StoreError> {
    let summaries = state.store.conversations(page).await?;
    with_unread(state, reader, summaries).await
}

/// The summaries with `reader`'s unread counts.
pub async fn with_unread(
    state: &AppState,
    reader: &str,
    summaries: Vec<ConversationSummary>,
) -> Result<Vec<Listed>, StoreError> {
    let ids: Vec<String> = summaries
        .iter()
        .map(|summary| summary.session_id.clone())
        .collect();
    let counts = state.store.unread_counts(reader, &ids).await?;
    Ok(summaries
        .into_iter()
        .map(|summary| {
            let unread = counts
                .iter()
                .find(|(id, _)| *id == summary.session_id)
                .map_or(0, |(_, count)| *count);
            Listed { summary, unread }
        })
        .collect())
}

/// A conversation and its transcript, now read by `reader`; `None` for a session never seen.
pub async fn open(
    state: &AppState,
    reader: &str,
    session: &ChatSessionId,
) -> Result<Option<Conversation>, StoreError> {
    let conversation = transcript(state, session).await?;
    if conversation.is_some() {
        state.store.mark_read(session, reader).await?;
    }
    Ok(conversation)
}

/// A conversation and its transcript, read by nobody in particular (an API key made on the
/// command line, which has no account to keep its reading under); `None` for a session never
/// seen.
pub async fn transcript(
    state: &AppState,
    session: &ChatSessionId,
) -> Result<Option<Conversation>, StoreError> {
    state.store.conversation(session).await
}

/// How many visitors wait for a person now.
pub async fn waiting(state: &AppState) -> Result<u32, StoreError> {
    state.store.needs_person_count().await
}
