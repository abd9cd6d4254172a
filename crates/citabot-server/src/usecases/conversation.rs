//! What the rest of the server needs to know about a conversation without running its
//! assistant: the language it is held in (for the client's emails and what staff's take-over
//! tells the visitor), noted by each of its turns. Mail and take-over read it here, so neither
//! depends on the chat turn.

use citabot_domain::assistant::Lang;
use citabot_domain::chat::ChatSessionId;
use citabot_store::{Store, StoreError};

/// The language a conversation is held in, as its assistant last answered it; Spanish when it
/// has none (yet).
pub async fn language(store: &dyn Store, session: &ChatSessionId) -> Result<Lang, StoreError> {
    Ok(store
        .conversation_language(session)
        .await?
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default())
}
