//! Staff take a conversation over (REQUIREMENTS D4): the take-over, a staff member's message to
//! the visitor, and the hand-back, with what the visitor reads meanwhile. The dashboard's handlers
//! call these; the gateway and the live channel say [`HELD_NOTICE`] while staff hold a
//! conversation.

use citabot_domain::booking::zone;
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use citabot_domain::inbox;
use citabot_store::conversations::{ConversationFilter, ConversationPage, StaffMessageOutcome};
use citabot_store::{ChatMessage, StoreError, User};
use time::OffsetDateTime;

use super::inbox::{Listed, with_unread};
use crate::hub::{LiveFrame, Presence, TeamMember};
use crate::state::AppState;

/// What the visitor reads while staff have their conversation: shown, not stored (it is neither
/// the assistant's nor a staff member's message).
pub const HELD_NOTICE: &str = "Una persona del equipo te responde en un momento.";

/// What a visitor whose live channel is open reads when staff hand the conversation back: it
/// also ends the widget's wait for a person, so the next message can be sent (to the assistant).
/// Shown, not stored, like [`HELD_NOTICE`].
pub const HANDED_BACK_NOTICE: &str =
    "Te vuelve a atender el asistente de reservas. ¿En qué más puedo ayudarte?";

/// A staff member's message as the visitor reads it: their first name in bold first, so any
/// n8n-compatible widget tells it from the assistant's (citabot's own widget shows it as it is,
/// without a label of its own).
pub fn signed(staff: &User, text: &str) -> String {
    format!("**{}:** {text}", shown_name(staff))
}

/// The first name the visitor reads, without the characters that would make it markdown.
fn shown_name(staff: &User) -> String {
    let name: String = staff
        .first_name
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`'))
        .collect();
    name.trim().to_owned()
}

/// `staff` as the visitor sees who answers them.
pub fn team_member(staff: &User) -> TeamMember {
    TeamMember {
        name: shown_name(staff),
        picture: None,
    }
}

/// Who of the team holds the conversation now, as the visitor sees them; `None` when nobody
/// does (or the holder's account is gone).
pub async fn holder(
    state: &AppState,
    session: &ChatSessionId,
) -> Result<Option<TeamMember>, StoreError> {
    let store = state.store.as_ref();
    let Some(holder_id) = store
        .chat_session_control(session)
        .await?
        .and_then(|control| control.taken_over_by)
    else {
        return Ok(None);
    };
    Ok(store.user(&holder_id).await?.as_ref().map(team_member))
}

/// What a visitor's socket reads first when their message was kept for the holder: who holds
/// the conversation (a widget that reads presence shows it in its header, without a word), or
/// [`HELD_NOTICE`] for any other widget.
pub fn held_frames(holder: Option<TeamMember>) -> Vec<LiveFrame> {
    let notice = HELD_NOTICE.to_owned();
    vec![match holder {
        Some(person) => LiveFrame::Presence {
            presence: Presence::Joined { person },
            otherwise: Some(notice),
        },
        None => LiveFrame::Message(notice),
    }]
}

/// `staff` answers the visitor from now on, instead of the assistant (or of the colleague who
/// held it); the visitor no longer waits for a person. The conversation as it now stands;
/// `None` when there is no such conversation.
pub async fn take_over(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
) -> Result<Option<Listed>, StoreError> {
    let store = state.store.as_ref();
    if !store
        .take_over(session, &staff.id, state.clock.now())
        .await?
    {
        return Ok(None);
    }
    let joined = Presence::Joined {
        person: team_member(staff),
    };
    if let Err(error) = state.hub.presence(session, joined).await {
        tracing::warn!(%error, "cannot tell the visitor live that a person has joined");
    }
    as_it_stands(state, session, staff).await
}

/// The conversation as `staff` sees it in the inbox now.
async fn as_it_stands(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
) -> Result<Option<Listed>, StoreError> {
    let summary = state.store.conversation_summary(session).await?;
    Ok(with_unread(state, &staff.id, summary.into_iter().collect())
        .await?
        .pop())
}

/// What became of a staff member's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// Stored, and handed to the visitor's open sockets (or their mailbox), at this instant, as
    /// this text.
    Delivered(OffsetDateTime, String),
    /// Someone else holds the conversation (or nobody does): nothing was stored.
    NotHolder,
    /// There is no such conversation.
    Unknown,
}

/// Stores a message of `staff` (who must hold the take-over), signed with their first name, and
/// delivers it to the visitor; the visitor no longer waits for a person, and the writer has read
/// the conversation.
pub async fn send(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
    text: &str,
) -> Result<Sent, StoreError> {
    let at = state.clock.now();
    let signed = signed(staff, text);
    match state
        .store
        .append_staff_message(session, &staff.id, &signed, at)
        .await?
    {
        StaffMessageOutcome::Stored => {}
        StaffMessageOutcome::NotHolder => return Ok(Sent::NotHolder),
        StaffMessageOutcome::Unknown => return Ok(Sent::Unknown),
    }
    // Stored already: if it cannot go live now, the widget shows it with the history.
    if let Err(error) = state.hub.deliver(session, &signed, at).await {
        tracing::warn!(%error, "cannot send a staff message live");
    }
    state.store.mark_read(session, &staff.id).await?;
    Ok(Sent::Delivered(at, signed))
}

/// Whether `staff` may say they are writing to the visitor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typing {
    /// Told to the visitor's open sockets.
    Told,
    /// Someone else holds the conversation (or nobody does).
    NotHolder,
    /// There is no such conversation.
    Unknown,
}

/// `staff`, who hold the conversation, are writing: the visitor's open sockets are told (the
/// widget shows "Javier está escribiendo…" for a few seconds). Nothing is stored.
pub async fn typing(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
) -> Result<Typing, StoreError> {
    let Some(control) = state.store.chat_session_control(session).await? else {
        return Ok(Typing::Unknown);
    };
    if control.taken_over_by.as_deref() != Some(staff.id.as_str()) {
        return Ok(Typing::NotHolder);
    }
    let typing = Presence::Typing {
        person: team_member(staff),
    };
    state.hub.presence(session, typing).await?;
    Ok(Typing::Told)
}

/// The assistant answers the visitor's next message again; open sockets are told so. The
/// conversation as it now stands; `None` when there is no such conversation.
pub async fn hand_back(
    state: &AppState,
    session: &ChatSessionId,
    staff: &User,
) -> Result<Option<Listed>, StoreError> {
    if !state.store.hand_back(session).await? {
        return Ok(None);
    }
    if let Err(error) = state.hub.presence(session, Presence::Left).await {
        tracing::warn!(%error, "cannot tell the visitor live that the person has left");
    }
    if let Err(error) = state
        .hub
        .handed_back(session, HANDED_BACK_NOTICE, state.clock.now())
        .await
    {
        tracing::warn!(%error, "cannot tell the visitor live that the assistant is back");
    }
    as_it_stands(state, session, staff).await
}

/// Starts a visitor's wait for a person (during opening hours): if nobody has taken the
/// conversation over after `person_wait_secs`, the assistant tells the visitor when and where
/// the team will answer (stored, and sent to the sockets open then), and the conversation stays
/// flagged. The wait lives in this process; [`resume_waits`] picks it up after a restart.
pub fn wait_for_person(state: &AppState, session: &ChatSessionId) {
    let wait = std::time::Duration::from_secs(state.settings.person_wait_secs);
    end_the_wait_after(state, session, wait);
}

/// Waits older than this when the server starts are not resumed: the visitor left long ago,
/// and the flag still shows in the inbox.
const RESUMED_WAIT_AGE: time::Duration = time::Duration::DAY;

/// At start: the waits for a person a stopped server was keeping (conversations flagged and not
/// taken over, flagged within the last day) end when they would have, or at once when that
/// time has passed. Returns how many were resumed.
pub async fn resume_waits(state: &AppState) -> Result<usize, StoreError> {
    let page = ConversationPage {
        filter: ConversationFilter::NeedsPerson,
        before: None,
        limit: 500,
    };
    let now = state.clock.now();
    let wait =
        time::Duration::seconds(i64::try_from(state.settings.person_wait_secs).unwrap_or(i64::MAX));
    let mut resumed = 0;
    for waiting in state.store.conversations(page).await? {
        let Some(since) = waiting.needs_person_since else {
            continue;
        };
        if waiting.taken_over_by.is_some() || now - since > RESUMED_WAIT_AGE {
            continue;
        }
        let Ok(session) = ChatSessionId::parse(&waiting.session_id) else {
            continue;
        };
        let left = (since + wait - now).max(time::Duration::ZERO);
        end_the_wait_after(state, &session, left.unsigned_abs());
        resumed += 1;
    }
    Ok(resumed)
}

fn end_the_wait_after(state: &AppState, session: &ChatSessionId, wait: std::time::Duration) {
    let (state, session) = (state.clone(), session.clone());
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        if let Err(error) = end_the_wait(&state, &session).await {
            tracing::warn!(%error, "cannot end a visitor's wait for a person");
        }
    });
}

/// Tells a visitor nobody could come now, unless staff took the conversation over (or answered)
/// meanwhile, or the visitor was already told.
async fn end_the_wait(state: &AppState, session: &ChatSessionId) -> Result<(), StoreError> {
    let store = state.store.as_ref();
    let Some(control) = store.chat_session_control(session).await? else {
        return Ok(());
    };
    let Some(since) = control.needs_person_since else {
        return Ok(());
    };
    if control.taken_over_by.is_some() {
        return Ok(());
    }
    // Every instance that was running (or started) during the wait may end it: the first to
    // count it does, once.
    if let Some(shared) = store.shared() {
        let now = state.clock.now();
        let key = format!(
            "wait-ended:{}:{}",
            session.as_str(),
            since.unix_timestamp_nanos()
        );
        if shared
            .count_attempt(&key, now, now + RESUMED_WAIT_AGE)
            .await?
            .count
            > 1
        {
            return Ok(());
        }
    }
    let Some(business) = store.business().await? else {
        return Ok(());
    };
    let now = state.clock.now();
    let (today, minute) = zone::local(&business.time_zone, now)
        .map_err(|error| StoreError::Corrupt(error.to_string()))?;
    let language = super::conversation::language(store, session).await?;
    let sentence = inbox::nobody_came(
        inbox::team_hours(&business.hours, today, minute),
        today,
        language,
    );
    // Asked twice within the wait: said once.
    let already_said = store
        .chat_transcript(session)
        .await?
        .and_then(|transcript| transcript.messages.last().cloned())
        .is_some_and(|last| last.content == sentence);
    if already_said {
        return Ok(());
    }
    let message = ChatMessage {
        author: MessageAuthor::Ai,
        content: sentence.clone(),
        created_at: now,
    };
    store
        .append_chat_messages(session, control.owner_user_id.as_deref(), &[message])
        .await?;
    if let Err(error) = state.hub.tell_open(session, &sentence, now).await {
        tracing::warn!(%error, "cannot tell the visitor live that nobody can come now");
    }
    Ok(())
}
