//! One visitor message, answered: the take-over check, the built-in assistant, and everything
//! the turn writes (both messages, the assistant's state, the cita it booked, cancelled or
//! moved) in one transaction. Shared by the HTTP gateway and the live channel; the workflow
//! relay (proxy mode) stores its messages through [`store_for_workflow`] (which flags a visitor
//! asking for a person) and [`store_workflow_reply`].
//!
//! Who is writing comes from the session, never from the message or its metadata. Before a
//! business is set up (a database that was never seeded) the minimal responder answers.

use citabot_domain::account::Role;
use citabot_domain::assistant::{
    self, Action, Booking, Caller, ClientRef, Context, LOOKAHEAD_DAYS, Outcome, State,
};
use citabot_domain::booking::rules::{Booker, Calendar, Proposed};
use citabot_domain::booking::{Business, Cita, CitaStatus, Client, DayMinute, SlotHold, zone};
use citabot_domain::chat::{ChatInput, ChatSessionId, MessageAuthor};
use citabot_domain::inbox::{self, TeamHours};
use citabot_domain::quick_replies::QuickReplies;
use citabot_domain::responder;
use citabot_domain::understanding::{Intent, main_intent};
use citabot_store::booking::CitaTime;
use citabot_store::conversations::InboxNote;
use citabot_store::{
    AssistantStateWrite, ChatMessage, ChatTurnWrite, CitaChange, HoldWrite, MailWrite, Store,
    StoreError, TurnReads, User,
};
use time::{Date, Duration, OffsetDateTime};

use super::booking::{BookedBy, ClientDetails, NewCita, booking_change, choose_client, instant_at};
use super::citas::{self, ChangedBy, HOLDS_PER_DAY, HOLDS_PER_VISITOR, Refusal};
use super::conversation::SavedTurn;
use super::mail::{Brand, Letters, News, Queued, SalonContact};
use super::salon_config::SalonConfig;
use crate::state::AppState;

/// What became of a visitor's message answered here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// The assistant's reply.
    Answered(Reply),
    /// The visitor asked for a person: the assistant's reply ("aviso al equipo…"), and, outside
    /// opening hours, what they are told at once (when and where the team will answer). The
    /// conversation waits for a person; during opening hours a wait has started
    /// ([`super::takeover::wait_for_person`]).
    WaitsForPerson {
        reply: String,
        nobody_now: Option<String>,
    },
    /// Staff have the conversation: the message is stored for them, and nobody answers it now.
    HeldForStaff,
}

/// A reply's text and what it offers to tap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    pub quick: QuickReplies,
}

impl From<String> for Reply {
    fn from(text: String) -> Self {
        Self {
            text,
            quick: QuickReplies::default(),
        }
    }
}

/// How many times a turn is worked out again when another turn of the same conversation (or a
/// client record made meanwhile) got in first.
const TURN_ATTEMPTS: usize = 3;
/// The same while the turn holds the conversation across instances. A turn of another instance
/// that has not met contention yet can still get in first, but each time it does, a turn was
/// answered, so this bound is only a safety valve: the turns arriving at once are far fewer.
const HELD_TURN_ATTEMPTS: usize = 64;

/// Answers a message with the built-in assistant and stores the whole turn in one transaction,
/// unless staff have the conversation ([`Turn::HeldForStaff`]); the assistant's state never sees
/// a message it did not answer. `client_date` is the visitor's own date from the metadata, for
/// "mañana" and the like. A conversation of another account is refused
/// ([`StoreError::NotOwner`]) before anything is written.
pub async fn answer_here(
    state: &AppState,
    session: &ChatSessionId,
    user: Option<&User>,
    input: &ChatInput,
    visit: Visit<'_>,
) -> Result<Turn, StoreError> {
    let Visit {
        attachments,
        client_date,
        site,
        visitor,
    } = visit;
    // A message sent while this conversation's previous turn is still being worked out waits
    // for it, and is then answered from what it left.
    let _slot = state.turns.enter(session.as_str()).await;
    let received_at = state.clock.now();
    if store_if_taken_over(state, session, user.map(|user| user.id.as_str()), input).await? {
        return Ok(Turn::HeldForStaff);
    }
    let message = Said {
        session,
        user,
        text: input.as_str(),
        attachments,
        client_date,
        received_at,
        site,
        visitor,
    };
    let mut attempt = 1;
    // Taken once a turn of another instance got in first: from then on this conversation's
    // turns on the other instances wait for this one.
    let mut held = None;
    loop {
        match assistant_turn(state, &message).await {
            // Another turn of this conversation was written first (the same "sí" sent twice):
            // this one is worked out again from what that turn left.
            Err(StoreError::Stale | StoreError::Conflict(_))
                if attempt
                    < if held.is_some() {
                        HELD_TURN_ATTEMPTS
                    } else {
                        TURN_ATTEMPTS
                    } =>
            {
                attempt += 1;
                if held.is_none()
                    && let Some(shared) = state.store.shared()
                {
                    held = Some(shared.hold_conversation(session.as_str()).await?);
                }
            }
            result => {
                if let Ok(Turn::WaitsForPerson {
                    nobody_now: None, ..
                }) = &result
                {
                    super::takeover::wait_for_person(state, session);
                }
                return result;
            }
        }
    }
}

/// What came with a visitor's message besides its text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Visit<'a> {
    /// The names of the files it carried.
    pub attachments: &'a [&'a str],
    /// The visitor's own date, from the metadata, for "mañana" and the like.
    pub client_date: Option<Date>,
    /// The host of the page it was sent from.
    pub site: Option<&'a str>,
    /// Whom the per-visitor limits count (`auth::limits::visitor_key`): at most
    /// [`HOLDS_PER_VISITOR`] conversations of one visitor hold a time at once.
    pub visitor: Option<&'a str>,
}

/// What a turn writes besides its two messages.
#[derive(Debug, Clone, Copy, Default)]
struct Extra<'a> {
    /// A second assistant message, after the reply.
    also_said: Option<&'a str>,
    needs_person: bool,
    /// The name the visitor gave.
    visitor_name: Option<&'a str>,
    /// The language the assistant answered in (with every turn that saves its state).
    language: Option<assistant::Lang>,
    /// What becomes of the conversation's held time (`None`: nothing to do).
    hold: Option<HoldWrite<'a>>,
    /// The messages the turn queues.
    mail: MailWrite<'a>,
}

/// A visitor's message on its way through a turn.
#[derive(Debug, Clone, Copy)]
struct Said<'a> {
    session: &'a ChatSessionId,
    user: Option<&'a User>,
    text: &'a str,
    attachments: &'a [&'a str],
    client_date: Option<Date>,
    received_at: OffsetDateTime,
    site: Option<&'a str>,
    visitor: Option<&'a str>,
}

impl<'a> Said<'a> {
    fn writer(&self) -> Option<&str> {
        self.user.map(|user| user.id.as_str())
    }

    /// The turn's write of the conversation's hold: the time it holds now (`held`), or its
    /// release when it held one before.
    fn hold_write<'h>(
        &self,
        held: Option<&'h SlotHold>,
        current: Option<&SlotHold>,
    ) -> Option<HoldWrite<'h>>
    where
        'a: 'h,
    {
        match held {
            Some(hold) => Some(HoldWrite::Place {
                hold,
                visitor_address: self.visitor,
                per_address: HOLDS_PER_VISITOR,
                per_day: HOLDS_PER_DAY,
            }),
            None => current.map(|_| HoldWrite::Release),
        }
    }

    /// Writes the turn: the visitor's message and `reply`, the assistant's state and the cita
    /// change, in one transaction.
    async fn commit(
        &self,
        state: &AppState,
        reply: &str,
        assistant_state: Option<AssistantStateWrite<'_>>,
        change: Option<&CitaChange>,
    ) -> Result<(), StoreError> {
        self.commit_with(state, reply, assistant_state, change, Extra::default())
            .await
    }

    /// [`Self::commit`], with what the inbox learns from the turn.
    async fn commit_with(
        &self,
        state: &AppState,
        reply: &str,
        assistant_state: Option<AssistantStateWrite<'_>>,
        change: Option<&CitaChange>,
        extra: Extra<'_>,
    ) -> Result<(), StoreError> {
        let replied_at = state.clock.now();
        let said = |content: &str| ChatMessage {
            author: MessageAuthor::Ai,
            content: content.to_owned(),
            created_at: replied_at,
        };
        let mut messages = vec![
            ChatMessage {
                author: MessageAuthor::Human,
                content: self.text.to_owned(),
                created_at: self.received_at,
            },
            said(reply),
        ];
        messages.extend(extra.also_said.map(said));
        state
            .store
            .commit_chat_turn(&ChatTurnWrite {
                session: self.session,
                writer: self.writer(),
                messages: &messages,
                assistant_state,
                change,
                hold: extra.hold,
                at: replied_at,
                inbox: InboxNote {
                    needs_person: extra.needs_person,
                    visitor_name: extra.visitor_name,
                    site: self.site,
                    language: extra.language.map(assistant::Lang::code),
                },
                mail: extra.mail,
            })
            .await?;
        if !extra.mail.queue.is_empty() {
            state.outbox.wake();
        }
        Ok(())
    }
}

/// One attempt at a turn: reads what it needs, decides, and commits.
async fn assistant_turn(state: &AppState, said: &Said<'_>) -> Result<Turn, StoreError> {
    let store = state.store.as_ref();
    let now_instant = state.clock.now();
    let Some(salon) = state.salon.get(store).await? else {
        let reply = responder::reply(said.text, said.attachments);
        said.commit(state, &reply, None, None).await?;
        return Ok(Turn::Answered(reply.into()));
    };
    let SalonConfig {
        business,
        services,
        staff,
        calendar,
        profile,
    } = salon.as_ref();
    let now = zone::local(&business.time_zone, now_instant)
        .map_err(|error| StoreError::Corrupt(error.to_string()))?;
    // The visitor's date counts when it is plausible (time zones differ by a day at most).
    let today = said
        .client_date
        .filter(|date| (*date - now.0).whole_days().abs() <= 1)
        .unwrap_or(now.0);
    let caller = caller(store, said.user).await?;
    let faq = state.faq_index.index_for(&profile.faq);
    let horizon = i64::from(calendar.rules.horizon_days).max(LOOKAHEAD_DAYS);
    let TurnReads {
        agenda,
        holds,
        saved,
    } = store
        .turn_reads(
            said.session,
            now.0,
            now.0 + Duration::days(horizon + 1),
            now_instant,
        )
        .await?;
    let clients = agenda_clients(store, &caller, said.session, &agenda).await?;
    let current_hold = holds
        .iter()
        .find(|hold| hold.conversation == said.session.as_str());
    let context = Context {
        business,
        calendar,
        services,
        staff,
        caller: &caller,
        today,
        now,
        agenda: &agenda,
        holds: &holds,
        at: now_instant,
        clients: &clients,
        // Only a salon that sends mail asks for an email "to send the confirmation".
        sends_mail: state.outbox.configured,
        conversation: Some(said.session.as_str()),
        profile,
        faq: &faq,
    };

    let read_version = saved.as_ref().map(|saved| saved.version);
    let previous = match saved.map(|saved| serde_json::from_str::<State>(&saved.text)) {
        None => State::default(),
        Some(Ok(previous)) => previous,
        Some(Err(error)) if assistant::wants_restart(said.text) => {
            tracing::warn!(session = %said.session, %error,
                "the assistant's saved state could not be read; the visitor started over");
            State::default()
        }
        Some(Err(error)) => {
            // Never a silent reset: the visitor is told, and the state stays for a person to
            // look at until the visitor asks to start over.
            tracing::error!(session = %said.session, %error,
                "the assistant's saved state cannot be read; the turn changed nothing");
            let reply = assistant::unreadable_state_reply(said.text);
            said.commit(state, &reply, None, None).await?;
            return Ok(Turn::Answered(reply.into()));
        }
    };

    let mut turn = assistant::step(previous, said.text, &context);
    // A guest's name as they gave it (an account has its own).
    let given_name = turn
        .state
        .draft
        .client_name
        .clone()
        .filter(|_| said.user.is_none());
    let Some(action) = turn.action.take() else {
        let text = state_text(&turn.state, &turn.quick)?;
        let write = AssistantStateWrite {
            text: &text,
            read_version,
        };
        let held = assistant::held_slot(&turn.state, &context, current_hold);
        let mut extra = Extra {
            visitor_name: given_name.as_deref(),
            language: Some(turn.state.language),
            hold: said.hold_write(held.as_ref(), current_hold),
            ..Extra::default()
        };
        if !turn.wants_person {
            said.commit_with(state, &turn.reply, Some(write), None, extra)
                .await?;
            return Ok(Turn::Answered(Reply {
                text: turn.reply,
                quick: turn.quick,
            }));
        }
        // Outside opening hours the visitor learns at once that nobody comes now.
        let nobody_now = match inbox::team_hours(&business.hours, now.0, now.1) {
            TeamHours::OpenUntil(_) => None,
            closed => Some(inbox::nobody_came(closed, now.0, turn.state.language)),
        };
        extra.needs_person = true;
        extra.also_said = nobody_now.as_deref();
        let alerts =
            waiting_alerts(state, said.session, given_name.as_deref(), now_instant).await?;
        extra.mail = MailWrite {
            queue: &alerts,
            replan_reminder_of: None,
        };
        said.commit_with(state, &turn.reply, Some(write), None, extra)
            .await?;
        return Ok(Turn::WaitsForPerson {
            reply: turn.reply,
            nobody_now,
        });
    };
    let booked_name = match &action {
        Action::Book(Booking {
            client: ClientRef::New { name, .. },
            ..
        }) if said.user.is_none() && !name.is_empty() => Some(name.clone()),
        _ => given_name,
    };

    let by = if matches!(caller, Caller::Staff { .. }) {
        BookedBy::Staff
    } else {
        BookedBy::Guest
    };
    let rules = Rules {
        business,
        calendar,
        now,
    };
    let planned = plan(
        store,
        &rules,
        &caller,
        said.session,
        &action,
        by,
        now_instant,
    )
    .await?;
    let refused_outcome = match planned {
        Planned::Write {
            change,
            outcome,
            news,
        } => {
            let queued =
                turn_mail(state, said, &context, &change, *news, turn.state.language).await?;
            let settled = assistant::settle(turn.state.clone(), &action, &outcome, &context);
            let text = state_text(&settled.state, &settled.quick)?;
            let write = AssistantStateWrite {
                text: &text,
                read_version,
            };
            let held = assistant::held_slot(&settled.state, &context, current_hold);
            let named = Extra {
                visitor_name: booked_name.as_deref(),
                language: Some(settled.state.language),
                hold: said.hold_write(held.as_ref(), current_hold),
                mail: queued.write(),
                ..Extra::default()
            };
            match said
                .commit_with(state, &settled.reply, Some(write), Some(&change), named)
                .await
            {
                Ok(()) => {
                    return Ok(Turn::Answered(Reply {
                        text: settled.reply,
                        quick: settled.quick,
                    }));
                }
                Err(StoreError::SlotTaken) => Outcome::SlotTaken,
                Err(StoreError::Unchanged) => unchanged(&action),
                Err(error) => return Err(error),
            }
        }
        Planned::Refused(outcome) => outcome,
    };
    // What the conversation decided could not be written: said so, and nothing else changes.
    let settled = assistant::settle(turn.state, &action, &refused_outcome, &context);
    let text = state_text(&settled.state, &settled.quick)?;
    let write = AssistantStateWrite {
        text: &text,
        read_version,
    };
    let held = assistant::held_slot(&settled.state, &context, current_hold);
    let extra = Extra {
        language: Some(settled.state.language),
        hold: said.hold_write(held.as_ref(), current_hold),
        ..Extra::default()
    };
    said.commit_with(state, &settled.reply, Some(write), None, extra)
        .await?;
    Ok(Turn::Answered(Reply {
        text: settled.reply,
        quick: settled.quick,
    }))
}

/// The messages a turn's change queues: its client's (in the conversation's language) and,
/// for a booking by a visitor, the staff's alert. Built from what the turn read to decide;
/// only the mail settings and the logo's version are read here (and the client, for a cita
/// not in the agenda read).
async fn turn_mail(
    state: &AppState,
    said: &Said<'_>,
    context: &Context<'_>,
    change: &CitaChange,
    (news, cita): (News, Cita),
    language: assistant::Lang,
) -> Result<Queued, StoreError> {
    let store = state.store.as_ref();
    let caller = context.caller;
    let letters = Letters::of(
        SalonContact::of(context.business.name.clone(), context.profile),
        Brand::of(context.profile, store.image_versions().await?.logo),
        store.mail_settings().await?,
        context.services.to_vec(),
        context.staff.to_vec(),
    );
    let client = match change.new_client().or_else(|| {
        context
            .clients
            .iter()
            .find(|client| client.id == cita.client_id)
    }) {
        Some(client) => Some(client.clone()),
        None => store.client(&cita.client_id).await?,
    };
    let visitor = (!matches!(caller, Caller::Staff { .. })).then_some(said.session.as_str());
    Ok(letters.about_cita_in_conversation(
        &state.outbox,
        news,
        &cita,
        client.as_ref(),
        language,
        visitor,
        state.clock.now(),
    ))
}

/// The state as saved, with the taps the turn's reply offers.
fn state_text(state: &State, taps: &QuickReplies) -> Result<String, StoreError> {
    SavedTurn { state, taps }.text()
}

/// What an action comes to before it is written.
enum Planned {
    /// Write this; if it is written, the outcome is this, and the cita's client hears the
    /// news of it as it will stand.
    Write {
        change: CitaChange,
        outcome: Outcome,
        news: Box<(News, Cita)>,
    },
    /// Nothing to write: the outcome is already known (not the caller's cita, say).
    Refused(Outcome),
}

/// The outcome of an action whose cita was no longer as the turn saw it.
fn unchanged(action: &Action) -> Outcome {
    match action {
        Action::Cancel { .. } => Outcome::NotCancelled,
        Action::Move { .. } => Outcome::NotMoved,
        Action::Book(_) => Outcome::Failed,
    }
}

/// The salon's rules as this turn read them.
struct Rules<'a> {
    business: &'a Business,
    calendar: &'a Calendar,
    now: (Date, DayMinute),
}

impl Rules<'_> {
    /// Whether the assistant may write this cita: the same check as every booking, with the
    /// assistant held to the notice and the horizon. What it offered came from the same rules,
    /// so a refusal here means they changed under the conversation.
    fn allow(&self, to: &Booking) -> bool {
        let proposed = Proposed {
            staff_id: &to.staff_id,
            date: to.date,
            start: to.start_min,
            end: to.end_min,
            service_ids: &to.service_ids,
        };
        citas::check_rules(
            self.business,
            self.calendar,
            &[],
            &proposed,
            Booker::Client,
            self.now,
        )
        .is_ok()
    }

    /// Whether `cita`'s client may still change it. The assistant says so before asking; this
    /// catches a cita that entered the notice between the question and the yes.
    fn changeable(&self, cita: &Cita) -> bool {
        citas::client_may_still_change(self.calendar, self.now, cita)
    }
}

/// Works out the change an action makes.
async fn plan(
    store: &dyn Store,
    rules: &Rules<'_>,
    caller: &Caller,
    session: &ChatSessionId,
    action: &Action,
    by: BookedBy,
    now: OffsetDateTime,
) -> Result<Planned, StoreError> {
    let time_zone = rules.business.time_zone.as_str();
    match action {
        Action::Book(booking) => {
            if !rules.allow(booking) {
                return Ok(Planned::Refused(Outcome::SlotTaken));
            }
            let client = match &booking.client {
                ClientRef::Existing(id) => super::booking::ClientChoice::Existing(id.clone()),
                ClientRef::New {
                    name,
                    email,
                    phone,
                    user_id,
                } => {
                    let details = ClientDetails {
                        name: name.clone(),
                        email: email.clone(),
                        phone: phone.clone(),
                        user_id: user_id.clone(),
                    };
                    choose_client(store, &details, by).await?
                }
            };
            let new = NewCita {
                staff_id: booking.staff_id.clone(),
                date: booking.date,
                start_min: booking.start_min,
                end_min: booking.end_min,
                service_ids: booking.service_ids.clone(),
                status: rules.calendar.rules.chat_booking_status,
                chat_session_id: Some(session.as_str().to_owned()),
                outside_hours: false,
            };
            let (cita, change) = booking_change(time_zone, new, client, now)?;
            Ok(Planned::Write {
                change,
                news: Box::new((News::Booked, cita.clone())),
                outcome: Outcome::Booked(cita),
            })
        }
        Action::Cancel { cita_id } => {
            let Some(cita) = own_cita(store, caller, session, cita_id).await? else {
                return Ok(Planned::Refused(Outcome::NotCancelled));
            };
            if cita.may_become(CitaStatus::Cancelada, now).is_err() || !rules.changeable(&cita) {
                return Ok(Planned::Refused(Outcome::NotCancelled));
            }
            Ok(Planned::Write {
                change: CitaChange::SetStatus {
                    cita_id: cita.id.clone(),
                    from: cita.status,
                    to: CitaStatus::Cancelada,
                    revision: cita.revision,
                },
                outcome: Outcome::Cancelled,
                news: Box::new((
                    News::Cancelled,
                    Cita {
                        status: CitaStatus::Cancelada,
                        revision: cita.revision + 1,
                        ..cita
                    },
                )),
            })
        }
        Action::Move { cita_id, to } => {
            let Some(cita) = own_cita(store, caller, session, cita_id).await? else {
                return Ok(Planned::Refused(Outcome::NotMoved));
            };
            if !rules.changeable(&cita) {
                return Ok(Planned::Refused(Outcome::NotMoved));
            }
            if !rules.allow(to) {
                return Ok(Planned::Refused(Outcome::SlotTaken));
            }
            let time = cita_time(time_zone, to)?;
            let moved = Cita {
                staff_id: time.staff_id.clone(),
                date: time.date,
                start_min: time.start_min,
                end_min: time.end_min,
                start_at: time.start_at,
                end_at: time.end_at,
                revision: cita.revision + 1,
                ..cita
            };
            Ok(Planned::Write {
                change: CitaChange::Move {
                    cita_id: moved.id.clone(),
                    to: time,
                    revision: cita.revision,
                },
                news: Box::new((News::Moved, moved.clone())),
                outcome: Outcome::Moved(moved),
            })
        }
    }
}

fn cita_time(time_zone: &str, to: &Booking) -> Result<CitaTime, StoreError> {
    let instant = |minute| instant_at(time_zone, to.date, minute);
    Ok(CitaTime {
        staff_id: to.staff_id.clone(),
        date: to.date,
        start_min: to.start_min,
        end_min: to.end_min,
        start_at: instant(to.start_min)?,
        end_at: instant(to.end_min)?,
        service_ids: None,
        outside_hours: false,
    })
}

async fn caller(store: &dyn Store, user: Option<&User>) -> Result<Caller, StoreError> {
    let Some(user) = user else {
        return Ok(Caller::Guest);
    };
    let name = format!("{} {}", user.first_name, user.last_name);
    Ok(match user.role {
        Role::Cliente => Caller::Cliente {
            user_id: user.id.clone(),
            name,
            email: user.email.clone(),
            phone: user.phone.clone(),
            client_id: store
                .client_for_user(&user.id)
                .await?
                .map(|client| client.id),
        },
        Role::Usuario | Role::Administrador => Caller::Staff {
            user_id: user.id.clone(),
            name,
        },
    })
}

/// The clients the conversation may name: whose citas it may show or move.
async fn agenda_clients(
    store: &dyn Store,
    caller: &Caller,
    session: &ChatSessionId,
    agenda: &[Cita],
) -> Result<Vec<Client>, StoreError> {
    // Staff: their own agenda's; a guest: those of citas booked in this conversation (a moved
    // one keeps its client's name); a cliente is named by her account.
    let concerns = |cita: &&Cita| match caller {
        Caller::Staff { user_id, .. } => &cita.staff_id == user_id,
        Caller::Guest => cita.chat_session_id.as_deref() == Some(session.as_str()),
        Caller::Cliente { .. } => false,
    };
    let mut ids: Vec<String> = agenda
        .iter()
        .filter(concerns)
        .map(|cita| cita.client_id.clone())
        .collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    ids.sort_unstable();
    ids.dedup();
    store.clients_by_ids(&ids).await
}

/// The caller's own cita `cita_id`, by the one rule of whose cita is whose (checked here
/// again: the conversation only offers the caller's, but the store is the authority): a
/// cliente's by client, a guest's when it was booked in this conversation. Staff change citas
/// in the dashboard, not in the chat.
async fn own_cita(
    store: &dyn Store,
    caller: &Caller,
    session: &ChatSessionId,
    cita_id: &str,
) -> Result<Option<Cita>, StoreError> {
    let by = match caller {
        Caller::Cliente { client_id, .. } => ChangedBy::Client(client_id.as_deref()),
        Caller::Guest => ChangedBy::Conversation(session.as_str()),
        Caller::Staff { .. } => return Ok(None),
    };
    match citas::cita_changeable_by(store, by, cita_id).await {
        Ok(cita) => Ok(Some(cita)),
        Err(Refusal::Store(error)) => Err(error),
        Err(_) => Ok(None),
    }
}

/// Stores the visitor's message and answers `true` when staff have taken the conversation over;
/// `false`, storing nothing, when the assistant or the workflow answers. A conversation of
/// another account is refused ([`StoreError::NotOwner`]) before anything is read or written.
pub async fn store_if_taken_over(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    input: &ChatInput,
) -> Result<bool, StoreError> {
    // Owner and take-over alone: a long conversation's messages are not read on every turn.
    let Some(control) = state.store.chat_session_control(session).await? else {
        return Ok(false);
    };
    if control.owner_user_id.is_some() && control.owner_user_id.as_deref() != caller_id {
        return Err(StoreError::NotOwner);
    }
    if control.taken_over_by.is_none() {
        return Ok(false);
    }
    store_visitor_message(state, session, caller_id, input.as_str()).await?;
    Ok(true)
}

/// Stores a visitor's message alone (for the workflow, or for staff to read), refused when the
/// conversation belongs to another account.
pub async fn store_visitor_message(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    text: &str,
) -> Result<(), StoreError> {
    let human = ChatMessage {
        author: MessageAuthor::Human,
        content: text.to_owned(),
        created_at: state.clock.now(),
    };
    state
        .store
        .append_chat_messages(session, caller_id, &[human])
        .await
}

/// Stores a visitor's message on its way to the workflow (proxy mode). The workflow answers it,
/// but a visitor asking for a person ("quiero hablar con una persona") is flagged for the
/// inbox, and the staff alerted, as with the built-in assistant: staff learn of it whatever the
/// workflow replies. Refused when the conversation belongs to another account.
pub async fn store_for_workflow(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    text: &str,
) -> Result<(), StoreError> {
    if main_intent(text) != Intent::Human {
        return store_visitor_message(state, session, caller_id, text).await;
    }
    let human = ChatMessage {
        author: MessageAuthor::Human,
        content: text.to_owned(),
        created_at: state.clock.now(),
    };
    flag_needs_person(state, session, caller_id, &[human]).await
}

/// Flags the conversation as waiting for a person and alerts the staff (once, when it starts
/// waiting), writing `messages` with it: for the workflow's visitor who asks in words, and for
/// its agent's `request_person` tool.
pub async fn flag_needs_person(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    messages: &[ChatMessage],
) -> Result<(), StoreError> {
    let now = state.clock.now();
    let alerts = waiting_alerts(state, session, None, now).await?;
    state
        .store
        .commit_chat_turn(&ChatTurnWrite {
            session,
            writer: caller_id,
            messages,
            assistant_state: None,
            change: None,
            hold: None,
            at: now,
            inbox: InboxNote {
                needs_person: true,
                ..InboxNote::default()
            },
            mail: MailWrite {
                queue: &alerts,
                replan_reminder_of: None,
            },
        })
        .await?;
    if !alerts.is_empty() {
        state.outbox.wake();
    }
    Ok(())
}

/// The staff's alerts for a visitor asking for a person: written once, when the conversation
/// starts waiting (none while it already waits).
async fn waiting_alerts(
    state: &AppState,
    session: &ChatSessionId,
    visitor_name: Option<&str>,
    now: OffsetDateTime,
) -> Result<Vec<citabot_store::NewMail>, StoreError> {
    let store = state.store.as_ref();
    let already_waiting = store
        .chat_session_control(session)
        .await?
        .is_some_and(|control| control.needs_person_since.is_some());
    if already_waiting {
        return Ok(Vec::new());
    }
    Ok(Letters::read(store).await?.staff_waiting(
        &state.outbox,
        session.as_str(),
        visitor_name,
        now,
    ))
}

/// Keeps the workflow's reply in the transcript. The visitor already has it, so a failure here
/// is only logged.
pub async fn store_workflow_reply(
    state: &AppState,
    session: ChatSessionId,
    owner: Option<String>,
    text: String,
) {
    let reply = ChatMessage {
        author: MessageAuthor::Ai,
        content: text,
        created_at: state.clock.now(),
    };
    if let Err(error) = state
        .store
        .append_chat_messages(&session, owner.as_deref(), &[reply])
        .await
    {
        tracing::error!(%error, "cannot store the workflow's reply");
    }
}
