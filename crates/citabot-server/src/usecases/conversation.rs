//! What the rest of the server needs to know about a conversation without running its
//! assistant: the language it is held in (for the client's emails and what staff's take-over
//! tells the visitor). Mail and take-over read it here, so neither depends on the chat turn.

use citabot_domain::assistant::{Lang, State};
use citabot_domain::chat::ChatSessionId;
use citabot_store::{Store, StoreError};

/// The language a conversation is held in, as its assistant last answered it; Spanish when it
/// has none (yet).
pub async fn language(store: &dyn Store, session: &ChatSessionId) -> Result<Lang, StoreError> {
    Ok(store
        .assistant_state(session)
        .await?
        .and_then(|saved| serde_json::from_str::<State>(&saved.text).ok())
        .map_or(Lang::Es, |state| state.language))
}
