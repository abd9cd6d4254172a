//! What the rest of the server needs to know about a conversation without running its
//! assistant: the language it is held in (for the client's emails and what staff's take-over
//! tells the visitor), noted by each of its turns, and the taps its last reply offered (for a
//! reloaded chat). Mail, take-over and the history read them here, so none depends on the chat
//! turn.

use citabot_domain::assistant::{Lang, State};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use citabot_domain::quick_replies::QuickReplies;
use citabot_store::{ChatMessage, Store, StoreError};
use serde::{Deserialize, Serialize};

/// The assistant's state as a turn saves it, with the taps its reply offered beside it: a
/// reloaded chat offers them again while nothing was said since ([`offered_taps`]).
#[derive(Debug, Serialize)]
pub struct SavedTurn<'a> {
    #[serde(flatten)]
    pub state: &'a State,
    #[serde(skip_serializing_if = "no_taps")]
    pub taps: &'a QuickReplies,
}

fn no_taps(taps: &&QuickReplies) -> bool {
    taps.is_empty()
}

impl SavedTurn<'_> {
    pub fn text(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|error| StoreError::Corrupt(error.to_string()))
    }
}

/// The taps of a saved turn: whatever else it holds is the assistant's.
#[derive(Deserialize)]
struct SavedTaps {
    #[serde(default)]
    taps: QuickReplies,
}

/// What the assistant's last reply offered to tap, when it is still the conversation's last
/// message (`messages` is the transcript); nothing otherwise, or when the state was saved
/// without them.
pub async fn offered_taps(
    store: &dyn Store,
    session: &ChatSessionId,
    messages: &[ChatMessage],
) -> Result<QuickReplies, StoreError> {
    if messages
        .last()
        .is_none_or(|last| last.author != MessageAuthor::Ai)
    {
        return Ok(QuickReplies::default());
    }
    let Some(saved) = store.assistant_state(session).await? else {
        return Ok(QuickReplies::default());
    };
    Ok(serde_json::from_str::<SavedTaps>(&saved.text)
        .map(|saved| saved.taps)
        .unwrap_or_default())
}

/// The language a conversation is held in, as its assistant last answered it; Spanish when it
/// has none (yet).
pub async fn language(store: &dyn Store, session: &ChatSessionId) -> Result<Lang, StoreError> {
    Ok(store
        .conversation_language(session)
        .await?
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default())
}
