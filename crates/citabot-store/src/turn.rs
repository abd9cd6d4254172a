//! One chat turn's writes, committed together: the visitor's message and the reply, the
//! assistant's new state, and the cita it booked, cancelled or moved. Either all of it is in the
//! database afterwards or none of it is, so a crash or a dropped connection can never leave a
//! cita whose conversation still asks "¿La confirmo?".

use citabot_domain::booking::{Cita, CitaStatus, Client};
use citabot_domain::chat::ChatSessionId;
use time::OffsetDateTime;

use crate::ChatMessage;
use crate::booking::CitaTime;
use crate::conversations::InboxNote;

/// The assistant's state for a conversation as saved, with the version that saved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedAssistantState {
    /// Opaque to the store (the assistant's serialised state).
    pub text: String,
    /// Rises by one with every save; a turn that read version `n` may only save over `n`.
    pub version: i64,
}

/// The assistant's next state, and which saved version the turn started from (`None` when the
/// conversation had none). A turn whose read version is no longer the saved one is refused
/// with [`crate::StoreError::Stale`] and writes nothing: two turns of one conversation can never
/// both act on the same "sí".
#[derive(Debug, Clone, Copy)]
pub struct AssistantStateWrite<'a> {
    pub text: &'a str,
    pub read_version: Option<i64>,
}

/// A change to the citas that a turn decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CitaChange {
    /// Writes a cita with its services, creating its client first when `new_client` is given.
    Create {
        cita: Box<Cita>,
        new_client: Option<Client>,
    },
    /// Moves a cita from status `from` to `to`; [`crate::StoreError::Unchanged`] when it is no
    /// longer in `from`.
    SetStatus {
        cita_id: String,
        from: CitaStatus,
        to: CitaStatus,
    },
    /// Moves a pending or confirmed cita to another time; [`crate::StoreError::Unchanged`] when
    /// it no longer holds time, [`crate::StoreError::SlotTaken`] when the new time is taken.
    Move { cita_id: String, to: CitaTime },
}

/// Everything one turn writes.
#[derive(Debug, Clone, Copy)]
pub struct ChatTurnWrite<'a> {
    pub session: &'a ChatSessionId,
    /// The account writing (`None` for a guest): it must own the conversation, or the
    /// conversation must be a guest's, which it then becomes (see
    /// [`crate::Store::append_chat_messages`]).
    pub writer: Option<&'a str>,
    pub messages: &'a [ChatMessage],
    /// `None` leaves the assistant's state as it is (a turn the assistant did not answer).
    pub assistant_state: Option<AssistantStateWrite<'a>>,
    pub change: Option<&'a CitaChange>,
    /// When the turn is written (the state's `updated_at`, a new client's `created_at`).
    pub at: OffsetDateTime,
    /// What the turn tells the inbox about the conversation.
    pub inbox: InboxNote<'a>,
}
