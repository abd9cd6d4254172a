//! Staff take a conversation over (REQUIREMENTS D4): the take-over, a staff member's message to
//! the visitor, and the hand-back, with what the visitor reads meanwhile. The dashboard's handlers
//! call these; the gateway and the live channel say [`HELD_NOTICE`] while staff hold a
//! conversation.

use citabot_domain::chat::ChatSessionId;
use citabot_store::conversations::{ConversationSummary, StaffMessageOutcome};
use citabot_store::{StoreError, User};
use time::OffsetDateTime;

use crate::state::AppState;

/// What the visitor reads while staff have their conversation: shown, not stored (it is neither
/// the assistant's nor a staff member's message).
pub const HELD_NOTICE: &str = "Una persona del equipo te responde en un momento.";

/// What a visitor whose live channel is open reads when staff hand the conversation back: it
/// also ends the widget's wait for a person, so the next message can be sent (to the assistant).
/// Shown, not stored, like [`HELD_NOTICE`].
pub const HANDED_BACK_NOTICE: &str =
    "Te vuelve a atender el asistente de reservas. ¿En qué más puedo ayudarte?";

/// `staff` answers the visitor from now on, instead of the assistant (or of the colleague who
/// held it). The conversation as it now stands; `None` when there is no such conversation.
pub async fn take_over(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
) -> Result<Option<ConversationSummary>, StoreError> {
    let store = state.store.as_ref();
    if !store
        .take_over(session, &staff.id, state.clock.now())
        .await?
    {
        return Ok(None);
    }
    store.conversation_summary(session).await
}

/// What became of a staff member's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// Stored, and handed to the visitor's open sockets (or their mailbox), at this instant.
    Delivered(OffsetDateTime),
    /// Someone else holds the conversation (or nobody does): nothing was stored.
    NotHolder,
    /// There is no such conversation.
    Unknown,
}

/// Stores a message of `staff` (who must hold the take-over) and delivers it to the visitor.
pub async fn send(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
    text: &str,
) -> Result<Sent, StoreError> {
    let at = state.clock.now();
    match state
        .store
        .append_staff_message(session, &staff.id, text, at)
        .await?
    {
        StaffMessageOutcome::Stored => {}
        StaffMessageOutcome::NotHolder => return Ok(Sent::NotHolder),
        StaffMessageOutcome::Unknown => return Ok(Sent::Unknown),
    }
    state.hub.deliver(session, text, at);
    Ok(Sent::Delivered(at))
}

/// The assistant answers the visitor's next message again; open sockets are told so. The
/// conversation as it now stands; `None` when there is no such conversation.
pub async fn hand_back(
    state: &AppState,
    session: &ChatSessionId,
) -> Result<Option<ConversationSummary>, StoreError> {
    let store = state.store.as_ref();
    if !store.hand_back(session).await? {
        return Ok(None);
    }
    state.hub.handed_back(session, HANDED_BACK_NOTICE);
    store.conversation_summary(session).await
}
