//! The built-in booking assistant's conversation (REQUIREMENTS B2): a state machine over what the
//! visitor says. [`step`] reads a message with what the server loaded for this turn
//! ([`Context`]) and returns the next state and either a reply or an [`Action`] to carry out;
//! after carrying it out the server calls [`settle`] with the outcome, so the assistant never
//! claims a booking or a cancellation that was not written.
//!
//! It asks only for what is missing, takes every fact a message gives at any step (the visitor
//! may change their mind), offers only free times, and confirms before writing. Role rules
//! (REQUIREMENTS B2): a guest gives a name and an email; a `cliente` is never asked who they are
//! and manages their own citas; staff book for a named client and read their agenda.

mod facts;
mod quick;
pub(crate) mod replies;
mod respond;
mod sentences;
mod times;

use serde::{Deserialize, Serialize};
use time::{Date, Duration, OffsetDateTime};

use crate::booking::profile::BusinessProfile;
use crate::booking::rules::{Booker, Breach, Calendar};
use crate::booking::{
    Business, Cita, CitaStatus, Client, DAY_MINUTES, DayMinute, Service, SlotHold, StaffMember,
};
use crate::quick_replies::QuickReplies;
use crate::understanding::{
    BookingPart, DateExpr, DayPart, FaqIndex, Intent, Language, ResolvedTime, ServiceMatch,
    ServiceName, StaffName, StaffPreference, TimeExpr, Understanding, everyday_names, parse_date,
    parse_dates, resolve_in_hours, same_time_asked, staff_preference, time_shift, typed_full_name,
    understand, unknown_stylist,
};
use replies::Replies;
pub use replies::day_words;
use respond::respond;
use times::Settled;

/// Times offered when the wished one is taken or only a part of the day was named.
pub const MAX_OFFERS: usize = 4;
/// How far ahead the assistant looks for a free day.
pub const LOOKAHEAD_DAYS: i64 = 60;

/// Who is writing, as the gateway established it from the session (never from the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    Guest,
    Cliente {
        user_id: String,
        name: String,
        email: String,
        phone: Option<String>,
        /// The client record linked to the account, once there is one.
        client_id: Option<String>,
    },
    Staff {
        user_id: String,
        name: String,
    },
}

/// What the server loaded for this turn. `agenda` holds the citas from `today` to the
/// horizon of the booking rules ([`last_bookable_day`]); `clients` those the agenda and the caller refer to.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub business: &'a Business,
    /// Closures, schedules, time off, skills and the booking rules: the assistant books as a
    /// client does (the minimum notice and the horizon bind it).
    pub calendar: &'a Calendar,
    pub services: &'a [Service],
    pub staff: &'a [StaffMember],
    pub caller: &'a Caller,
    /// The visitor's date (dates like "mañana" are relative to it).
    pub today: Date,
    /// The business's local date and minute now: nothing is offered before it.
    pub now: (Date, DayMinute),
    pub agenda: &'a [Cita],
    /// Times other conversations hold while their visitors give their details: offered to
    /// nobody else until they expire (see [`held_slot`] for this conversation's own).
    pub holds: &'a [SlotHold],
    /// The instant of this turn (when a hold is still alive).
    pub at: OffsetDateTime,
    pub clients: &'a [Client],
    /// Whether the salon sends its clients email (confirmations, reminders): only then is an
    /// email asked for "to send the confirmation"; otherwise any contact will do.
    pub sends_mail: bool,
    /// The chat session of this turn: a guest manages the citas booked in it.
    pub conversation: Option<&'a str>,
    /// What the salon says about itself: address, contact, payment, parking, access, FAQ.
    pub profile: &'a BusinessProfile,
    /// The profile's FAQ, read for matching (built once per FAQ, not per turn).
    pub faq: &'a FaqIndex,
}

/// The conversation so far, kept between turns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub language: Lang,
    pub step: Step,
    pub draft: Draft,
    /// The cita this conversation booked last: a "sí" repeated after the booking (a reply lost
    /// on the way, a retried request) answers with it instead of booking again.
    #[serde(default)]
    pub last_booked: Option<String>,
    /// The answer to a question about the salon asked with the yes that wrote the last action
    /// ("sí, ¿aceptáis tarjeta?"): [`settle`] says it after the outcome and drops it, so it is
    /// said once and never outlives the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_after: Option<String>,
    /// The services whose prices the last reply gave with "¿Quieres reservar?": the next
    /// message's yes, or a day or time without a service, books them. Kept for one turn only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered_to_book: Vec<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    /// Its ISO 639-1 code, as stored and sent: `es`, `en`.
    pub fn code(self) -> &'static str {
        match self {
            Self::Es => "es",
            Self::En => "en",
        }
    }

    /// The language of an ISO 639-1 code this assistant speaks.
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "es" => Some(Self::Es),
            "en" => Some(Self::En),
            _ => None,
        }
    }
}

/// What the assistant is waiting for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    #[default]
    Idle,
    /// Building a booking: the next missing piece is asked for.
    Booking,
    /// Waiting for a yes to the summary.
    ConfirmBooking,
    /// Waiting for which cita to cancel (ids offered, in order).
    ChooseCancel(Vec<String>),
    /// Waiting for a yes to cancel this cita.
    ConfirmCancel(String),
    /// Waiting for which cita to move (ids offered, in order).
    ChooseReschedule(Vec<String>),
}

/// The booking being put together.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    pub service_ids: Vec<String>,
    pub date: Option<Date>,
    /// An exact wished time, or a window of the day.
    pub time: Option<Wish>,
    /// The slot chosen: staff member and start.
    pub slot: Option<(String, DayMinute)>,
    /// Times offered last, so "la segunda" or "a las 18:15" can pick one.
    pub offered: Vec<(String, DayMinute)>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub client_phone: Option<String>,
    /// The cita being moved, when this draft reschedules one instead of booking anew.
    #[serde(default)]
    pub moving: Option<String>,
    /// The stylist the visitor asked for ("con Lucía"): only their times are offered. `None`:
    /// anyone (see `times` for who is chosen then).
    #[serde(default)]
    pub stylist: Option<String>,
    /// "lo antes posible": without a day, the first with free times; without a time, that
    /// day's first free times.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub soonest: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wish {
    At(DayMinute),
    /// A start in `[from, to)`: a part of the day ("por la tarde"), "después de las 6".
    Between(DayMinute, DayMinute),
    /// The whole cita inside `[from, until]`: a said range ("de 5 a 7", "antes de las 12"),
    /// where the visitor has that time and no more.
    Within(DayMinute, DayMinute),
}

impl Wish {
    /// Whether some offered start is what was wished: the time itself, or one inside the window.
    fn met_by(self, offered: &[(String, DayMinute)]) -> bool {
        offered.iter().any(|(_, start)| match self {
            Wish::At(minute) => *start == minute,
            Wish::Between(from, to) | Wish::Within(from, to) => (from..to).contains(start),
        })
    }

    /// The starts that meet the wish for a visit of `length` minutes: a said range ends its
    /// latest start `length` before its end (empty when the visit is longer than the range).
    fn starts(self, length: DayMinute) -> Wish {
        match self {
            Wish::Within(from, until) => Wish::Between(
                from,
                until.saturating_sub(length).saturating_add(1).max(from),
            ),
            other => other,
        }
    }
}

/// Something to write, decided by the conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Book(Booking),
    Cancel {
        cita_id: String,
    },
    /// Moves a cita of the caller's to the booking's time (its client and services stay).
    Move {
        cita_id: String,
        to: Booking,
    },
}

/// A confirmed booking, ready to write as a `pendiente` cita.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub client: ClientRef,
    pub staff_id: String,
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub service_ids: Vec<String>,
}

/// The client a booking is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientRef {
    Existing(String),
    /// Found by email when there is one, else created.
    New {
        name: String,
        email: Option<String>,
        phone: Option<String>,
        user_id: Option<String>,
    },
}

impl Booking {
    /// The name of the client the booking is for, as the conversation knows it.
    fn client_name<'a>(&'a self, context: &'a Context<'_>) -> Option<&'a str> {
        match &self.client {
            ClientRef::New { name, .. } => Some(name),
            ClientRef::Existing(id) => context
                .clients
                .iter()
                .find(|client| &client.id == id)
                .map(|client| client.name.as_str()),
        }
    }
}

/// What writing an [`Action`] came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Booked(Cita),
    /// Someone else took the time between the offer and the yes.
    SlotTaken,
    Cancelled,
    /// The cita was no longer there to cancel.
    NotCancelled,
    Moved(Cita),
    /// The cita was no longer there to move.
    NotMoved,
    Failed,
}

/// One turn's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub state: State,
    pub reply: String,
    pub action: Option<Action>,
    /// The visitor asked for a person: the reply says the team is told, and the conversation
    /// waits for one of them.
    pub wants_person: bool,
    /// What the reply offers to tap instead of typing.
    pub quick: QuickReplies,
}

/// Reads one message and decides the next state, and a reply or an action.
pub fn step(state: State, message: &str, context: &Context<'_>) -> Turn {
    let mut state = state;
    // Left by a turn whose action was never settled: not this turn's to say.
    state.answer_after = None;
    // "Mercedes Cortés" asked for a name is that name, not a change to a cut.
    if state.step == Step::Booking
        && asked_for_name(&state.draft, context)
        && let Some(name) = typed_full_name(message)
    {
        state.draft.client_name = Some(name);
        let say = Replies::new(state.language, context);
        return quick::decorate(next_question(state, context, &say), context);
    }
    let service_names = catalog(context.services);
    let mut heard = understand(message, context.today, &service_names);
    let offered = std::mem::take(&mut state.offered_to_book);
    if state.step == Step::Idle {
        book_what_was_priced(&mut heard, &offered, &service_names);
    }
    let priced: Vec<String> = heard
        .services
        .iter()
        .map(|found| found.id.clone())
        .collect();
    if let Some(language) = heard.language {
        state.language = match language {
            Language::En => Lang::En,
            Language::Es => Lang::Es,
        };
    }
    let mut preference = staff_preference(message, &stylist_names(context));
    // "mejor con Lucía" for a service of the booking she does not do: said, with who does, and
    // nothing of the booking changes (its time, its stylist); the rest of the message is read.
    let refused = match &preference {
        Some(StaffPreference::Only(id)) if heard.services.is_empty() => {
            times::cannot_do(id, &state.draft.service_ids, context).map(|breach| {
                let say = Replies::new(state.language, context);
                cannot_note(id, breach, &state.draft.service_ids, context, &say)
            })
        }
        _ => None,
    };
    if refused.is_some() {
        preference = None;
    }
    // "con Marta" when nobody called Marta works here: said, with who does, never booked
    // silently with whoever is free.
    let refused = refused.or_else(|| {
        let name = unknown_stylist(message, &stylist_names(context))
            .filter(|_| preference.is_none())
            .filter(|name| !names_a_service(name, context))?;
        Some(Replies::new(state.language, context).no_such_stylist(&name))
    });
    let mut turn = respond(
        state,
        message,
        heard,
        preference,
        refused.is_some(),
        &service_names,
        context,
    );
    if turn.state.step == Step::Idle
        && Replies::new(turn.state.language, context).offers_to_book(&turn.reply)
    {
        turn.state.offered_to_book = priced;
    }
    quick::decorate(with_aside(refused, turn), context)
}

/// After "¿Quieres reservar?" under the prices of `offered`: a yes ("sí", "vale") books them,
/// and so does a day or a time said without a service ("si merece la pena pido para el sábado a
/// las 10"); anything else is read as it stands.
fn book_what_was_priced(heard: &mut Understanding, offered: &[String], catalog: &[ServiceName]) {
    if offered.is_empty() || !heard.services.is_empty() {
        return;
    }
    let main = heard.main_intent();
    let yes = main == Intent::Affirm;
    let wants = matches!(main, Intent::Book | Intent::Availability)
        || heard.date.is_some()
        || heard.time.is_some();
    if !(yes || wants) || heard.says_no {
        return;
    }
    heard.services = offered
        .iter()
        .filter_map(|id| catalog.iter().find(|service| &service.id == id))
        .map(|service| ServiceMatch {
            id: service.id.clone(),
            name: service.name.clone(),
            said: String::new(),
            exact: true,
        })
        .collect();
    if yes && let Some(first) = heard.intents.first_mut() {
        *first = Intent::Book;
    }
}

/// "No" to the summary: nothing is written; a move is dropped (the cita stays as it was), a new
/// booking waits for what to change.
fn summary_refused(mut state: State, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    if let Some(cita_id) = state.draft.moving.take() {
        state.step = Step::Idle;
        state.draft = Draft::default();
        let line = context
            .agenda
            .iter()
            .find(|cita| cita.id == cita_id)
            .map(|cita| say.cita_line(cita))
            .unwrap_or_default();
        return reply(state, say.move_dropped(&line));
    }
    state.step = Step::Booking;
    Turn {
        quick: quick::parts_to_change(state.language),
        ..reply(state, say.what_to_change())
    }
}

/// Drops the part of the booking the visitor wants changed and asks for it again (the times
/// of the same day, the day, the service); with no part said, asks which.
fn change_part(
    mut state: State,
    part: BookingPart,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    state.step = Step::Booking;
    if part == BookingPart::Unsaid {
        return Turn {
            quick: quick::parts_to_change(state.language),
            ..reply(state, say.ask_what_to_change())
        };
    }
    // "otra hora" with the times already offered and none chosen: none of those suits, so the
    // day's hours are said and the offer stays to tap.
    if part == BookingPart::Time
        && state.draft.slot.is_none()
        && !state.draft.offered.is_empty()
        && let Some(date) = state.draft.date
    {
        return reply(state, say.ask_other_time(date));
    }
    if part == BookingPart::Stylist {
        let who = times::who_does(&state.draft.service_ids, context);
        let quick = quick::stylists(&who, context, state.language);
        return Turn {
            quick,
            ..reply(state, say.ask_stylist(&who))
        };
    }
    if matches!(part, BookingPart::Later | BookingPart::Earlier)
        && let Some(window) = later_or_earlier(&state.draft, part, context)
    {
        let draft = &mut state.draft;
        draft.slot = None;
        draft.offered.clear();
        draft.time = Some(window);
        return next_question(state, context, say);
    }
    let draft = &mut state.draft;
    draft.slot = None;
    draft.offered.clear();
    draft.time = None;
    match part {
        BookingPart::Day => {
            draft.date = None;
            if !draft.service_ids.is_empty() {
                let question = say.ask_other_date(draft);
                return reply(state, question);
            }
        }
        BookingPart::Service => draft.service_ids.clear(),
        _ => {}
    }
    next_question(state, context, say)
}

/// "más tarde" / "más pronto": the window after (or before) the time chosen, else the times
/// offered, on the same day. `None` without a day or a time to go from.
fn later_or_earlier(draft: &Draft, part: BookingPart, context: &Context<'_>) -> Option<Wish> {
    let date = draft.date?;
    let starts = draft
        .slot
        .iter()
        .chain(&draft.offered)
        .map(|(_, start)| *start);
    let step = context.business.slot_step.max(1);
    let periods = context.business.hours.on(date.weekday());
    if part == BookingPart::Later {
        let from = starts.max()?.saturating_add(step);
        let close = periods.iter().map(|period| period.close).max()?;
        (from < close).then_some(Wish::Between(from, close))
    } else {
        let until = starts.min()?;
        let open = periods.iter().map(|period| period.open).min()?;
        (open < until).then_some(Wish::Between(open, until))
    }
}

/// After carrying out `action`: the reply that tells what really happened, then the answer to a
/// question asked with the yes.
pub fn settle(state: State, action: &Action, outcome: &Outcome, context: &Context<'_>) -> Turn {
    let mut state = state;
    let mut answer = state.answer_after.take();
    let say = Replies::new(state.language, context);
    let text = match (action, outcome) {
        (Action::Book(booking), Outcome::Booked(cita)) => {
            state.step = Step::Idle;
            state.draft = Draft::default();
            state.last_booked = Some(cita.id.clone());
            say.booked(cita, booking.client_name(context))
        }
        (Action::Move { .. }, Outcome::Moved(cita)) => {
            state.step = Step::Idle;
            state.draft = Draft::default();
            say.moved(cita)
        }
        (Action::Move { .. }, Outcome::NotMoved) => {
            state.step = Step::Idle;
            state.draft = Draft::default();
            say.not_moved()
        }
        (Action::Book(_) | Action::Move { .. }, Outcome::SlotTaken) => {
            state.step = Step::Booking;
            state.draft.slot = None;
            let again = next_question(state.clone(), context, &say);
            state = again.state;
            // The answer before the booking's question, which is what waits for a reply.
            let answer = answer.take().map(|text| format!("{text}\n\n"));
            format!(
                "{}\n\n{}{}",
                say.slot_just_taken(),
                answer.unwrap_or_default(),
                again.reply
            )
        }
        (Action::Cancel { .. }, Outcome::Cancelled) => {
            state.step = Step::Idle;
            say.cancelled()
        }
        (Action::Cancel { .. }, Outcome::NotCancelled) => {
            state.step = Step::Idle;
            say.not_cancelled()
        }
        _ => {
            state.step = Step::Idle;
            say.write_failed()
        }
    };
    let turn = match answer {
        Some(answer) => reply(state, format!("{text}\n\n{answer}")),
        None => reply(state, text),
    };
    quick::decorate(turn, context)
}

/// "olvídalo", "déjalo", "ya no": whatever was in progress is dropped and the reply says what
/// that means (a cita being cancelled stays, a cita being moved stays where it was, a new
/// booking is not made).
fn abandon(mut state: State, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    let step = std::mem::take(&mut state.step);
    let draft = std::mem::take(&mut state.draft);
    let text = match step {
        Step::ConfirmCancel(_) | Step::ChooseCancel(_) => say.kept(),
        _ if draft.moving.is_some() => {
            let line = draft
                .moving
                .as_ref()
                .and_then(|id| context.agenda.iter().find(|cita| &cita.id == id))
                .map(|cita| say.cita_line(cita))
                .unwrap_or_default();
            say.move_dropped(&line)
        }
        Step::ChooseReschedule(_) => say.move_dropped_unchosen(),
        Step::Booking | Step::ConfirmBooking => say.booking_dropped(),
        Step::Idle if draft != Draft::default() => say.booking_dropped(),
        Step::Idle => say.nothing_to_drop(),
    };
    reply(state, text)
}

/// Whether `message` asks to start the conversation over ("empezar de nuevo").
pub fn wants_restart(message: &str) -> bool {
    crate::understanding::intents(message).contains(&Intent::Restart)
}

/// The reply when the conversation's saved state cannot be read: said plainly, nothing changed,
/// and how to go on (the server keeps the state for a person to look at until the visitor asks
/// to start over).
pub fn unreadable_state_reply(message: &str) -> String {
    let lang = match crate::understanding::detect_language(message) {
        Some(Language::En) => Lang::En,
        _ => Lang::Es,
    };
    sentences::of(lang).unreadable_state.to_owned()
}

/// A question answered. In the middle of a booking the booking goes on where it was, without
/// taking the question's words as changes to it.
fn answered(state: State, answer: String, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    if matches!(state.step, Step::Booking | Step::ConfirmBooking) {
        let again = next_question(state, context, say);
        return reply(again.state, format!("{answer}\n\n{}", again.reply));
    }
    reply(state, answer)
}

/// A booking's next question after the answer to what the same message asked about the salon.
fn with_aside(aside: Option<String>, mut turn: Turn) -> Turn {
    if let Some(aside) = aside
        && turn.action.is_none()
    {
        turn.reply = format!("{aside}\n\n{}", turn.reply);
    }
    turn
}

fn reply(state: State, text: String) -> Turn {
    Turn {
        state,
        reply: text,
        action: None,
        wants_person: false,
        quick: QuickReplies::default(),
    }
}

/// The active services as the understanding layer matches them.
fn catalog(services: &[Service]) -> Vec<ServiceName> {
    services
        .iter()
        .filter(|service| service.active)
        .map(|service| ServiceName::new(&service.id, &service.name, everyday_names(&service.name)))
        .collect()
}

/// The precise day of `date`, or the first day of a range that is open and not past.
fn first_open_day(date: DateExpr, context: &Context<'_>) -> Date {
    let (first, last) = (date.first().max(context.now.0), date.last());
    let mut day = first;
    while day <= last {
        if !context.business.hours.on(day.weekday()).is_empty() {
            return day;
        }
        match day.next_day() {
            Some(next) => day = next,
            None => break,
        }
    }
    date.first()
}

/// Whether the salon opens on `day` at all: its weekday has hours and no closure covers it.
fn open_on(day: Date, context: &Context<'_>) -> bool {
    !context.business.hours.on(day.weekday()).is_empty()
        && context.calendar.closure_on(day).is_none()
}

/// The first day after `day`, within the booking horizon, on which the salon opens.
fn next_open_day(day: Date, context: &Context<'_>) -> Option<Date> {
    std::iter::successors(day.next_day(), |d| d.next_day())
        .take(LOOKAHEAD_DAYS as usize)
        .find(|d| open_on(*d, context))
}

fn wish(time: TimeExpr, date: Option<Date>, context: &Context<'_>) -> Wish {
    // A part of the day whose hours are not the salon's keeps its own window, so a reply can
    // name it ("el sábado por la tarde cerramos"); only the open times in it are offered anyway.
    if let TimeExpr::Part(part) = time
        && !matches!(part, DayPart::FirstThing | DayPart::LastThing)
        && let Some((start, end)) = part.window(0, DAY_MINUTES)
    {
        return Wish::Between(start, end);
    }
    let periods = date.map_or(&[][..], |day| context.business.hours.on(day.weekday()));
    let open = periods.first().map_or(9 * 60, |period| period.open);
    let close = periods.last().map_or(21 * 60, |period| period.close);
    // "de 5 a 7", "antes de las 12": the visitor has until then, so the cita must end by it;
    // "después de las 6" only says when it may start.
    let said_end = matches!(time, TimeExpr::Between { to, .. } if to < DAY_MINUTES);
    let window = |start, end| {
        if said_end {
            Wish::Within(start, end)
        } else {
            Wish::Between(start, end)
        }
    };
    match resolve_in_hours(time, open, close) {
        Some(ResolvedTime::Exact(minute)) => Wish::At(minute),
        Some(ResolvedTime::Window { start, end }) => window(start, end),
        // Closed all of it: read as meant over the whole day ("entre las 5 y las 7" is the
        // afternoon), so the visitor is told the salon is closed then.
        None => match resolve_in_hours(time, 0, DAY_MINUTES) {
            Some(ResolvedTime::Exact(minute)) => Wish::At(minute),
            Some(ResolvedTime::Window { start, end }) if said_end => Wish::Within(start, end),
            // The latest start is said, and a cita starting then must be offered too.
            Some(ResolvedTime::Window { start, end }) => {
                Wish::Between(start, end.saturating_add(1))
            }
            None => Wish::Between(close, close),
        },
    }
}

/// The draft's services, in the order asked.
fn chosen_services<'a>(
    draft: &'a Draft,
    context: &'a Context<'_>,
) -> impl Iterator<Item = &'a Service> {
    draft
        .service_ids
        .iter()
        .filter_map(|id| context.services.iter().find(|service| &service.id == id))
}

/// The draft's services back to back.
fn duration(draft: &Draft, context: &Context<'_>) -> DayMinute {
    chosen_services(draft, context)
        .map(|service| service.duration_min)
        .sum()
}

/// The time a change keeps when "the same time" is asked: the one chosen for the booking, else
/// the start of the cita being moved.
fn time_kept(draft: &Draft, context: &Context<'_>) -> Option<DayMinute> {
    if let Some((_, start)) = &draft.slot {
        return Some(*start);
    }
    let moving = draft.moving.as_deref()?;
    context
        .agenda
        .iter()
        .find(|cita| cita.id == moving)
        .map(|cita| cita.start_min)
}

/// The time this conversation holds for its visitor after this turn: the slot picked while the
/// details are asked for and the summary waits for a yes, for the salon's hold time from `at`
/// (or until the hold it already has expires, when it is the same slot: giving details slowly
/// never stretches a hold). `None` once the booking is written, dropped or has no slot.
pub fn held_slot(
    state: &State,
    context: &Context<'_>,
    current: Option<&SlotHold>,
) -> Option<SlotHold> {
    if !matches!(state.step, Step::Booking | Step::ConfirmBooking) {
        return None;
    }
    let draft = &state.draft;
    let ((staff_id, start), date) = (draft.slot.as_ref()?, draft.date?);
    let end = start.saturating_add(duration(draft, context));
    if end == *start {
        return None;
    }
    let fresh_until = context.at + Duration::minutes(i64::from(context.calendar.rules.hold_min));
    let same = |hold: &&SlotHold| {
        hold.staff_id == *staff_id
            && hold.date == date
            && hold.start_min == *start
            && hold.end_min == end
            && hold.expires_at > context.at
    };
    Some(SlotHold {
        conversation: context.conversation?.to_owned(),
        staff_id: staff_id.clone(),
        date,
        start_min: *start,
        end_min: end,
        expires_at: current
            .filter(same)
            .map_or(fresh_until, |hold| hold.expires_at),
    })
}

/// The last day the assistant may book: the booking rules' horizon.
pub fn last_bookable_day(context: &Context<'_>) -> Date {
    let lookahead = context.now.0 + time::Duration::days(LOOKAHEAD_DAYS);
    context
        .calendar
        .window(context.now, Booker::Client)
        .last_date
        .unwrap_or(lookahead)
}

/// Asks for the first missing piece, or shows the summary to confirm.
fn next_question(mut state: State, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    if state.draft.service_ids.is_empty() {
        let question = match state.draft.date {
            Some(date) => say.ask_services_for(date),
            None => say.ask_services(),
        };
        return reply(state, question);
    }
    // A stylist kept from an earlier turn who has left the team since: anyone, then.
    if state
        .draft
        .stylist
        .as_ref()
        .is_some_and(|id| !context.staff.iter().any(|member| &member.user_id == id))
    {
        state.draft.stylist = None;
    }
    if let Some(breach) = times::stylist_cannot(&state.draft, context) {
        // "barba con Lucía" when Lucía does not do beards: said, and the booking goes on with
        // whoever does.
        let stylist = state.draft.stylist.take().unwrap_or_default();
        state.draft.slot = None;
        let note = cannot_note(&stylist, breach, &state.draft.service_ids, context, say);
        let again = next_question(state, context, say);
        return reply(again.state, format!("{note}\n\n{}", again.reply));
    }
    if state.draft.date.is_none() && state.draft.soonest {
        state.draft.date = times::free_days(&state.draft, context, 1).first().copied();
    }
    let Some(date) = state.draft.date else {
        let moving = state
            .draft
            .moving
            .as_ref()
            .and_then(|id| context.agenda.iter().find(|cita| &cita.id == id));
        let question = match moving {
            Some(cita) => say.ask_new_date(&say.cita_line(cita)),
            None => say.ask_date(&state.draft),
        };
        return reply(state, question);
    };
    let newly = match times::settle_time(state, date, context, say) {
        Settled::Said { state, reply: text } => return reply(state, text),
        Settled::Chosen {
            state: chosen,
            newly,
        } => {
            state = chosen;
            newly
        }
    };
    // Who the cita is for (a moved cita keeps its client).
    let question = match context.caller {
        _ if state.draft.moving.is_some() => None,
        Caller::Cliente { .. } => None,
        // Both at once, so a guest who knows them answers in one message.
        Caller::Guest if state.draft.client_name.is_none() => Some(if reachable(&state.draft) {
            say.ask_name()
        } else {
            say.ask_name_and_contact()
        }),
        Caller::Guest if !reachable(&state.draft) => Some(say.ask_contact()),
        Caller::Staff { .. } if state.draft.client_name.is_none() => Some(say.ask_client_name()),
        Caller::Guest | Caller::Staff { .. } => None,
    };
    if let Some(question) = question {
        // A time just found free is said back with its day, so "mañana a las 10" is never
        // taken on trust.
        let text = match (&state.draft.slot, newly) {
            (Some((staff_id, start)), true) => {
                format!("{}\n\n{question}", say.time_free(date, *start, staff_id))
            }
            _ => question,
        };
        return reply(state, text);
    }
    state.step = Step::ConfirmBooking;
    let summary = say.summary(&state.draft, context);
    reply(state, summary)
}

/// Why `stylist` cannot do `service_ids` (`breach`), and who can.
fn cannot_note(
    stylist: &str,
    breach: Breach,
    service_ids: &[String],
    context: &Context<'_>,
    say: &Replies<'_>,
) -> String {
    let who = times::who_does(service_ids, context);
    match breach {
        Breach::Skill { service_id } => say.stylist_lacks_service(stylist, &service_id, &who),
        _ => say.stylist_not_bookable(stylist, &who),
    }
}

/// Whether the guest can be reached: an email when the salon sends mail (it carries the
/// confirmation), else an email or a phone.
/// Whether the salon can reach a guest: an email, or a phone (enough, also where the salon
/// sends mail: it calls instead of writing).
fn reachable(draft: &Draft) -> bool {
    draft.client_email.is_some() || draft.client_phone.is_some()
}

/// Whether the last question was for a guest's contact.
fn asked_for_contact(draft: &Draft, context: &Context<'_>) -> bool {
    draft.slot.is_some()
        && draft.client_name.is_some()
        && !reachable(draft)
        && matches!(context.caller, Caller::Guest)
}

/// Whether `word` is (part of) one of the salon's service names ("con Keratina").
fn names_a_service(word: &str, context: &Context<'_>) -> bool {
    let word = crate::understanding::normalize(word);
    context.services.iter().any(|service| {
        crate::understanding::normalize(&service.name)
            .split_whitespace()
            .any(|part| part == word)
    })
}

/// The stylists as the visitor may name them.
fn stylist_names(context: &Context<'_>) -> Vec<StaffName> {
    context
        .staff
        .iter()
        .map(|member| StaffName::new(&member.user_id, &member.name))
        .collect()
}

/// The position in a numbered list the visitor picked ("la primera", "2"), from 0.
fn picked_position(message: &str) -> Option<usize> {
    let text = crate::understanding::normalize(message);
    let ordinals = [
        ["primera", "1", "first", "primer"],
        ["segunda", "2", "second", "segundo"],
        ["tercera", "3", "third", "tercer"],
        ["cuarta", "4", "fourth", "cuarto"],
    ];
    ordinals
        .iter()
        .position(|words| text.split(' ').any(|word| words.contains(&word)))
}

fn confirm_booking(mut state: State, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    let draft = state.draft.clone();
    let (Some(date), Some((staff_id, start))) = (draft.date, draft.slot.clone()) else {
        state.step = Step::Booking;
        return next_question(state, context, say);
    };
    let client = match context.caller {
        Caller::Cliente {
            user_id,
            name,
            email,
            phone,
            client_id,
        } => match client_id {
            Some(id) => ClientRef::Existing(id.clone()),
            None => ClientRef::New {
                name: name.clone(),
                email: Some(email.clone()),
                phone: phone.clone(),
                user_id: Some(user_id.clone()),
            },
        },
        Caller::Guest | Caller::Staff { .. } => ClientRef::New {
            name: draft.client_name.clone().unwrap_or_default(),
            email: draft.client_email.clone(),
            phone: draft.client_phone.clone(),
            user_id: None,
        },
    };
    let booking = Booking {
        client,
        staff_id,
        date,
        start_min: start,
        end_min: start + duration(&draft, context),
        service_ids: draft.service_ids,
    };
    let action = match draft.moving {
        Some(cita_id) => Action::Move {
            cita_id,
            to: booking,
        },
        None => Action::Book(booking),
    };
    Turn {
        action: Some(action),
        ..reply(state, String::new())
    }
}

/// The caller's own upcoming citas: a `cliente`'s by client id, a guest's those booked in this
/// conversation (staff manage citas in the dashboard).
fn own_citas<'a>(context: &'a Context<'_>) -> Vec<&'a Cita> {
    let mine = |cita: &Cita| match context.caller {
        Caller::Cliente {
            client_id: Some(client_id),
            ..
        } => &cita.client_id == client_id,
        Caller::Guest => {
            context.conversation.is_some()
                && cita.chat_session_id.as_deref() == context.conversation
        }
        Caller::Cliente { .. } | Caller::Staff { .. } => false,
    };
    context
        .agenda
        .iter()
        .filter(|cita| mine(cita) && cita.status.holds_time())
        .filter(|cita| (cita.date, cita.start_min) >= context.now)
        .collect()
}

/// Whether `cita` starts inside the minimum notice: its client can no longer move or cancel it
/// (staff can, from the dashboard), as the salon's rules say for the dashboard too.
fn inside_notice(cita: &Cita, context: &Context<'_>) -> bool {
    context
        .calendar
        .window(context.now, Booker::Client)
        .earliest
        .is_some_and(|first| (cita.date, cita.start_min) < first)
}

/// The reply when `cita` is inside the notice: said, with the salon's phone; nothing changes.
fn too_late_to_change(
    mut state: State,
    cita: &Cita,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    state.step = Step::Idle;
    state.draft = Draft::default();
    let line = say.cita_line(cita);
    reply(
        state,
        say.too_late_to_change(&line, context.calendar.rules.min_notice_min),
    )
}

fn start_reschedule(
    mut state: State,
    message: &str,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    if let Caller::Staff { .. } = context.caller {
        return reply(state, say.staff_manage_in_dashboard());
    }
    let citas = own_citas(context);
    match citas.as_slice() {
        [] if context.caller == &Caller::Guest => reply(state, say.reschedule_needs_account()),
        [] => reply(state, say.no_citas()),
        [only] => {
            let id = only.id.clone();
            start_moving(state, &id, message, context, say)
        }
        many => {
            state.step = Step::ChooseReschedule(many.iter().map(|cita| cita.id.clone()).collect());
            reply(state, say.which_cita_to_move(many))
        }
    }
}

/// Starts moving cita `id`: its services stay; the new day and time come from this message
/// (the last date said: "del martes al jueves") or are asked for.
fn start_moving(
    mut state: State,
    id: &str,
    message: &str,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    let Some(cita) = context.agenda.iter().find(|cita| cita.id == id) else {
        state.step = Step::Idle;
        return reply(state, say.no_citas());
    };
    if inside_notice(cita, context) {
        return too_late_to_change(state, cita, context, say);
    }
    let stylist = match staff_preference(message, &stylist_names(context)) {
        Some(StaffPreference::Only(id)) => Some(id),
        _ => None,
    };
    state.draft = Draft {
        service_ids: cita.service_ids.clone(),
        moving: Some(cita.id.clone()),
        stylist,
        ..Draft::default()
    };
    let said = parse_dates(message, context.today)
        .into_iter()
        .rev()
        .find(|date| !date.contains(cita.date));
    // "el sábado a la misma hora": the cita's own time; "retrásala media hora": from it.
    let time = crate::understanding::parse_time(message).or_else(|| {
        let minutes = if same_time_asked(message) {
            Some(cita.start_min)
        } else {
            time_shift(message)
                .and_then(|shift| DayMinute::try_from(i32::from(cita.start_min) + shift).ok())
        };
        minutes.map(|minutes| TimeExpr::At {
            minutes,
            ambiguous_half_day: false,
        })
    });
    if let Some(date) = said {
        state.draft.date = Some(first_open_day(date, context));
        if let Some(time) = time {
            state.draft.time = Some(wish(time, state.draft.date, context));
        }
    } else if let Some(time) = time.filter(|time| {
        // "mi cita del martes a las 10" names the cita itself when it is at 10.
        !matches!(time, TimeExpr::At { minutes, .. } if *minutes == cita.start_min)
    }) {
        // Only a new time: the same day.
        state.draft.date = Some(cita.date);
        state.draft.time = Some(wish(time, Some(cita.date), context));
    }
    state.step = Step::Booking;
    next_question(state, context, say)
}

fn start_cancel(mut state: State, context: &Context<'_>, say: &Replies<'_>) -> Turn {
    if let Caller::Staff { .. } = context.caller {
        return reply(state, say.staff_manage_in_dashboard());
    }
    let citas = own_citas(context);
    match citas.as_slice() {
        [] if context.caller == &Caller::Guest => reply(state, say.cancel_needs_account()),
        [] => reply(state, say.no_citas()),
        [only] if inside_notice(only, context) => too_late_to_change(state, only, context, say),
        [only] => {
            let line = say.cita_line(only);
            state.step = Step::ConfirmCancel(only.id.clone());
            reply(state, say.confirm_cancel(&line))
        }
        many => {
            state.step = Step::ChooseCancel(many.iter().map(|cita| cita.id.clone()).collect());
            reply(state, say.which_cita(many))
        }
    }
}

/// The cita picked among `ids` by position or by its date.
fn pick_cita(message: &str, ids: &[String], context: &Context<'_>) -> Option<String> {
    if let Some(id) = picked_position(message).and_then(|index| ids.get(index)) {
        return Some(id.clone());
    }
    let date = parse_date(message, context.today)?;
    ids.iter()
        .find(|id| {
            context
                .agenda
                .iter()
                .any(|cita| &cita.id == *id && date.contains(cita.date))
        })
        .cloned()
}

fn my_appointments(
    state: State,
    context: &Context<'_>,
    say: &Replies<'_>,
    date: Option<DateExpr>,
) -> Turn {
    match context.caller {
        Caller::Guest | Caller::Cliente { .. } => {
            let citas = own_citas(context);
            if citas.is_empty() && context.caller == &Caller::Guest {
                return reply(state, say.appointments_need_account());
            }
            reply(state, say.own_citas(&citas))
        }
        Caller::Staff { user_id, .. } => {
            let day = date.map_or(context.now.0, DateExpr::first);
            let citas: Vec<&Cita> = context
                .agenda
                .iter()
                .filter(|cita| &cita.staff_id == user_id && cita.date == day)
                .filter(|cita| cita.status != CitaStatus::Cancelada)
                .collect();
            reply(state, say.agenda(day, &citas))
        }
    }
}

/// Whether the last question was for a name (guest or staff's client).
fn asked_for_name(draft: &Draft, context: &Context<'_>) -> bool {
    draft.slot.is_some()
        && draft.client_name.is_none()
        && !matches!(context.caller, Caller::Cliente { .. })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_property;
#[cfg(test)]
mod tests_quick;
#[cfg(test)]
mod tests_stylists;
