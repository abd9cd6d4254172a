//! One chat turn's writes, committed together: the visitor's message and the reply, the
//! assistant's new state, and the cita it booked, cancelled or moved. Either all of it is in the
//! database afterwards or none of it is, so a crash or a dropped connection can never leave a
//! cita whose conversation still asks "¿La confirmo?".

use citabot_domain::booking::{Cita, CitaStatus, Client, DayMinute, SlotHold};
use citabot_domain::chat::ChatSessionId;
use time::{Date, OffsetDateTime};

use crate::booking::CitaTime;
use crate::conversations::InboxNote;
use crate::mail::MailWrite;
use crate::{ChatMessage, StoreError};

/// The assistant's state for a conversation as saved, with the version that saved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedAssistantState {
    /// Opaque to the store (the assistant's serialised state).
    pub text: String,
    /// Rises by one with every save; a turn that read version `n` may only save over `n`.
    pub version: i64,
}

/// What an assistant turn reads before it decides, read on one connection
/// ([`crate::BookingStore::turn_reads`]): one trip to the pool instead of one per read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnReads {
    /// The citas of the days the turn may offer or change, as [`crate::BookingStore::citas_between`].
    pub agenda: Vec<Cita>,
    /// The holds alive on those days, as [`crate::BookingStore::holds_between`].
    pub holds: Vec<SlotHold>,
    /// The conversation's saved state, as [`crate::BookingStore::assistant_state`].
    pub saved: Option<SavedAssistantState>,
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
    /// longer in `from` or no longer at `revision`.
    SetStatus {
        cita_id: String,
        from: CitaStatus,
        to: CitaStatus,
        /// The [`Cita::revision`] the change was decided on; the write makes it one more.
        revision: i64,
    },
    /// Moves a pending or confirmed cita to another time; [`crate::StoreError::Unchanged`] when
    /// it no longer holds time or is no longer at `revision`, [`crate::StoreError::SlotTaken`]
    /// when the new time is taken.
    Move {
        cita_id: String,
        to: CitaTime,
        /// As in [`CitaChange::SetStatus`].
        revision: i64,
    },
}

/// How a cita's write treats the times chat conversations hold (issue 12). Whether a hold is
/// alive is judged at the write's instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds<'a> {
    /// Another conversation's live hold on the cita's new time refuses the write with
    /// [`crate::StoreError::SlotTaken`]; the writing conversation's own (`own`) never does.
    Respect { own: Option<&'a str> },
    /// Staff book over holds: the live holds on the new time are released (deleted).
    Release,
}

/// What a cita write did besides the change itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CitaWritten {
    /// Holds released under [`Holds::Release`] (a visitor in the chat lost the time they
    /// were giving their details for).
    pub holds_released: u32,
}

/// What a turn does to its conversation's hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldWrite<'a> {
    /// Replaces the conversation's hold with `hold`, unless `visitor_address` already keeps
    /// `per_address` live holds in other conversations, or the day already has `per_day` live
    /// holds of other conversations (then the conversation holds nothing: a few visitors cannot
    /// block a day by opening conversations). A live hold of another conversation over any of
    /// its time refuses the whole turn with [`StoreError::Conflict`]`("hold")`: of two
    /// conversations racing for one time exactly one holds it, and the other's turn is worked
    /// out again from what is held now. Holds and bookings of one stylist's day are
    /// serialised, so no two writes both miss each other.
    Place {
        hold: &'a SlotHold,
        visitor_address: Option<&'a str>,
        per_address: u32,
        per_day: u32,
    },
    /// The conversation holds nothing any more.
    Release,
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
    /// Checked against other conversations' holds ([`Holds::Respect`]).
    pub change: Option<&'a CitaChange>,
    /// `None` leaves the conversation's hold as it is (a turn the assistant did not answer).
    pub hold: Option<HoldWrite<'a>>,
    /// When the turn is written (the state's `updated_at`, a new client's `created_at`).
    pub at: OffsetDateTime,
    /// What the turn tells the inbox about the conversation.
    pub inbox: InboxNote<'a>,
    /// The messages the turn queues (about its cita, or staff alerts).
    pub mail: MailWrite<'a>,
}

impl Holds<'_> {
    /// The holds among `overlapping` (those on a cita's new time, alive or not) that this write
    /// must deal with at `now`: the live ones of other conversations. Under [`Holds::Respect`]
    /// any of them refuses the write; under [`Holds::Release`] they are released.
    pub fn in_the_way<'h>(
        &self,
        overlapping: &'h [SlotHold],
        now: OffsetDateTime,
    ) -> Vec<&'h SlotHold> {
        let own = match self {
            Holds::Respect { own } => *own,
            Holds::Release => None,
        };
        overlapping
            .iter()
            .filter(|hold| hold.expires_at > now && Some(hold.conversation.as_str()) != own)
            .collect()
    }
}

impl CitaChange {
    /// The time this change takes, `(staff, date, start, end)`: a new cita's or a move's (a
    /// status change takes none, so no hold stands in its way).
    pub fn takes(&self) -> Option<(&str, Date, DayMinute, DayMinute)> {
        match self {
            CitaChange::Create { cita, .. } => Some((
                cita.staff_id.as_str(),
                cita.date,
                cita.start_min,
                cita.end_min,
            )),
            CitaChange::Move { to, .. } => {
                Some((to.staff_id.as_str(), to.date, to.start_min, to.end_min))
            }
            CitaChange::SetStatus { .. } => None,
        }
    }

    /// The client this change creates first, if any.
    pub fn new_client(&self) -> Option<&Client> {
        match self {
            CitaChange::Create { new_client, .. } => new_client.as_ref(),
            _ => None,
        }
    }
}

/// Whether a conversation may place one more hold: `others` are the expiries of the holds of
/// other conversations that count towards a cap (its visitor address's, its day's), `cap` how
/// many of them may be alive at `now`.
pub(crate) fn may_hold(others: &[(OffsetDateTime,)], now: OffsetDateTime, cap: u32) -> bool {
    let live = others.iter().filter(|(until,)| *until > now).count();
    u32::try_from(live).unwrap_or(u32::MAX) < cap
}

/// The refusal of a hold over another conversation's live one.
pub(crate) const HOLD_TAKEN: StoreError = StoreError::Conflict("hold");
