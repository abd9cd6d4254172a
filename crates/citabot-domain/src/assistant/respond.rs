//! One message's turn once the stylist asked for is known (REQUIREMENTS B2), in the order the
//! parts are tried: a cita already had (running late, a past service), what is read from the
//! message, starting over or dropping everything, a part of the booking to change, the answer to
//! the step the conversation waits on (a yes, a choice of cita), a question about the salon, an
//! intent acted on, and last the booking's facts taken and the next question asked. Each part
//! either answers the turn or hands the conversation to the next.

use std::ops::ControlFlow;

use super::replies::Replies;
use super::{
    Context, Intent, StaffPreference, State, Step, TimeExpr, Turn, Understanding, Wish, abandon,
    asked_for_contact, asked_for_name, change_part, confirm_booking, facts, first_open_day,
    inside_notice, my_appointments, next_open_day, next_question, open_on, own_citas, pick_cita,
    picked_position, quick, reply, start_cancel, start_moving, start_reschedule, stylist_names,
    summary_refused, time_kept, too_late_to_change, wish, with_aside,
};
use crate::quick_replies::QuickReplies;
use crate::understanding::{
    BookingPart, DateExpr, ServiceMatch, ServiceName, WeekdayMismatch, adds_services, bare_name,
    change_asked, for_several_people, is_question, names_a_cita, opens_as_question, part_named,
    replaced_services, running_late, same_time_asked, stylist_schedule_asked, unoffered_service,
    who_does_asked,
};

/// The state a part hands on, or the turn it answered, returned from [`respond`].
macro_rules! answered_or {
    ($part:expr) => {
        match $part {
            ControlFlow::Break(turn) => return turn,
            ControlFlow::Continue(state) => state,
        }
    };
}

/// The turn: answered by the first part that can.
pub(super) fn respond(
    state: State,
    message: &str,
    heard: Understanding,
    preference: Option<StaffPreference>,
    refused: bool,
    service_names: &[ServiceName],
    context: &Context<'_>,
) -> Turn {
    let say = Replies::new(state.language, context);
    let state = answered_or!(about_a_cita_already_had(state, &heard, context, &say));
    let (state, said) = read(
        state,
        message,
        heard,
        preference,
        refused,
        service_names,
        context,
    );
    let state = answered_or!(starting_over(state, &said, context, &say));
    let state = answered_or!(part_to_change(state, &said, context, &say));
    let state = answered_or!(answer_to_the_step(state, &said, context, &say));
    // A question about the salon: answered from its data, and a booking goes on where it was.
    if let Some(answer) = facts::answer(&said.asked, &state, context, &say) {
        // "no, ¿abrís el sábado?" at the summary: answered, and the no counts too.
        if state.step == Step::ConfirmBooking && said.says_no {
            return with_aside(Some(answer), summary_refused(state, context, &say));
        }
        return super::answered(state, answer, context, &say);
    }
    let aside = facts::aside(&said.asked, context, &say);
    let state = answered_or!(intent_acted_on(state, &said, &aside, context, &say));
    let wants_booking = matches!(said.main, Intent::Book | Intent::Availability)
        || matches!(state.step, Step::Booking | Step::ConfirmBooking)
        || said.booking_facts;
    if !wants_booking {
        return match said.main {
            Intent::Greeting => reply(state, say.greeting()),
            _ => reply(state, say.not_understood()),
        };
    }
    let state = booking_facts_taken(state, &said, context);
    next_of_the_booking(state, &said, aside, context, &say)
}

/// What the message says, read once for every part of the turn.
struct Said<'m> {
    message: &'m str,
    /// The salon's services as the readers match them, built once for the turn.
    service_names: &'m [ServiceName],
    /// The intent acted on ("cancel it" right after a booking is a cancellation).
    main: Intent,
    asked: facts::Asked<'m>,
    /// "sí, resérvalo" puts Book first: a yes counts wherever it is.
    yes: bool,
    says_no: bool,
    services: Vec<ServiceMatch>,
    date: Option<DateExpr>,
    /// Said, or "a la misma hora" as the time of what is being changed.
    time: Option<TimeExpr>,
    soonest: bool,
    named: bool,
    /// The stylist asked for ("con Lucía"), or anyone ("me da igual").
    asks_for: Option<String>,
    anyone: bool,
    /// "sí, pero a las 18:30": what would make a yes a change.
    changes_booking: bool,
    /// A service, day, time, stylist or "lo antes posible" said.
    booking_facts: bool,
    impossible_date: Option<(u8, time::Month)>,
    weekday_mismatch: Option<WeekdayMismatch>,
    invalid_email: Option<String>,
    invalid_phone: Option<String>,
}

impl Said<'_> {
    /// Booking facts or a name: "otra hora" with them is no bare change of a part.
    fn gives_facts(&self) -> bool {
        self.booking_facts || self.named
    }
}

/// About a cita already had or booked: for the salon's people, never a new booking.
fn about_a_cita_already_had(
    state: State,
    heard: &Understanding,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> ControlFlow<Turn, State> {
    if heard.running_late && !matches!(heard.main_intent(), Intent::Cancel | Intent::Reschedule) {
        // The salon's word on it, when its FAQ asks about being late.
        let policy = context
            .faq
            .entries()
            .iter()
            .find(|entry| running_late(&entry.question))
            .map(|entry| entry.answer.clone());
        let cita = own_citas(context).first().copied();
        return ControlFlow::Break(Turn {
            wants_person: true,
            ..reply(state, say.running_late(cita, policy.as_deref()))
        });
    }
    if heard.about_a_past_service {
        return ControlFlow::Break(Turn {
            wants_person: true,
            ..reply(state, say.about_a_past_service())
        });
    }
    ControlFlow::Continue(state)
}

/// Reads the message into [`Said`], and takes at once what counts whenever it is said: the
/// name and contact details, and the stylist asked for.
fn read<'m>(
    mut state: State,
    message: &'m str,
    heard: Understanding,
    preference: Option<StaffPreference>,
    refused: bool,
    service_names: &'m [ServiceName],
    context: &Context<'_>,
) -> (State, Said<'m>) {
    let mut main = heard.main_intent();
    // "cancel it" drops a proposal; with none, right after a booking, it means that cita.
    if main == Intent::Deny
        && state.step == Step::Idle
        && state.last_booked.is_some()
        && heard.cancels_that
    {
        main = Intent::Cancel;
    }
    let stylists = stylist_names(context);
    let asked = facts::Asked {
        names_stylist: preference.is_some() || refused,
        schedule_of: stylist_schedule_asked(message, &stylists),
        who_does: who_does_asked(message, &stylists),
        message,
        asks_whether_needed: heard.asks_whether_needed,
        // As acted on: a "cancel that" right after a booking cancels it, and is no question
        // left unanswered ("sorry, something came up, can you cancel that booking?").
        intents: {
            let mut intents = heard.intents.clone();
            if let Some(first) = intents.first_mut() {
                *first = main;
            }
            intents
        },
        services: heard
            .services
            .iter()
            .map(|found| found.id.clone())
            .collect(),
        date: heard.date,
        time_named: heard.time.is_some(),
        gave_email: heard.email.is_some(),
        gave_phone: heard.phone.is_some(),
        name: heard.name.clone(),
        answers_the_booking: state.step == Step::Booking
            && !opens_as_question(message)
            && (picked_position(message).is_some()
                || asked_for_name(&state.draft, context) && bare_name(message).is_some()),
    };
    // "el martes a la misma hora": the time of what is being changed, as if said.
    let time = heard.time.or_else(|| {
        same_time_asked(message)
            .then(|| time_kept(&state.draft, context))
            .flatten()
            .map(|minutes| TimeExpr::At {
                minutes,
                ambiguous_half_day: false,
            })
    });
    // Contact details count whenever they are said, also with a greeting or a question
    // ("hola, me llamo Inés"), so they are never asked for again.
    let named = heard.name.is_some();
    if let Some(name) = heard.name {
        state.draft.client_name = Some(name);
    }
    if let Some(email) = heard.email {
        state.draft.client_email = Some(email);
    }
    if let Some(phone) = heard.phone {
        state.draft.client_phone = Some(phone);
    }
    // "con Lucía" at any step; a change of stylist drops a chosen time that is not theirs.
    let asks_for = match &preference {
        Some(StaffPreference::Only(id)) => Some(id.clone()),
        _ => None,
    };
    let stylist_changes = asks_for.as_ref().is_some_and(|id| {
        state.draft.stylist.as_ref() != Some(id)
            && state
                .draft
                .slot
                .as_ref()
                .is_none_or(|(staff_id, _)| staff_id != id)
    });
    let anyone = matches!(preference, Some(StaffPreference::Anyone));
    match preference {
        Some(StaffPreference::Only(id)) => {
            if state
                .draft
                .slot
                .as_ref()
                .is_some_and(|(staff_id, _)| *staff_id != id)
            {
                state.draft.slot = None;
            }
            state.draft.stylist = Some(id);
        }
        Some(StaffPreference::Anyone) => state.draft.stylist = None,
        None => {}
    }
    let (services, date) = (heard.services, heard.date);
    // "sí, pero a las 18:30": a yes that changes the booking is a change, asked again ("sí, el
    // martes" repeating the day already chosen is still a yes).
    let changes_booking = time.is_some()
        || stylist_changes
        || refused
        || date.is_some_and(|day| Some(day.first()) != state.draft.date)
        || services
            .iter()
            .any(|found| !state.draft.service_ids.contains(&found.id));
    // A stylist refused is still a fact of the booking said ("no, con Lucía" is no bare no).
    // A date that cannot be ("el 31 de noviembre") is still one said, and said back.
    let booking_facts = !services.is_empty()
        || date.is_some()
        || heard.impossible_date.is_some()
        || heard.weekday_mismatch.is_some()
        || time.is_some()
        || heard.soonest
        || asks_for.is_some()
        || refused;
    let said = Said {
        message,
        service_names,
        main,
        asked,
        yes: heard.intents.contains(&Intent::Affirm),
        says_no: heard.says_no,
        services,
        date,
        time,
        soonest: heard.soonest,
        named,
        asks_for,
        anyone,
        changes_booking,
        booking_facts,
        impossible_date: heard.impossible_date,
        weekday_mismatch: heard.weekday_mismatch,
        invalid_email: heard.invalid_email,
        invalid_phone: heard.invalid_phone,
    };
    (state, said)
}

/// "empezar de nuevo", "olvídalo", and a yes or thanks right after a booking.
fn starting_over(
    state: State,
    said: &Said<'_>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> ControlFlow<Turn, State> {
    if said.main == Intent::Restart {
        let language = state.language;
        return ControlFlow::Break(reply(
            State {
                language,
                ..State::default()
            },
            say.restarted(),
        ));
    }
    if said.main == Intent::Abandon {
        return ControlFlow::Break(abandon(state, context, say));
    }
    if state.step == Step::Idle
        && said.main == Intent::Affirm
        && let Some(cita) = state
            .last_booked
            .as_ref()
            .and_then(|id| context.agenda.iter().find(|cita| &cita.id == id))
    {
        // "perfecto, gracias" after the booking is thanks, not a second yes.
        let text = if said.asked.intents.contains(&Intent::Thanks) {
            say.thanks()
        } else {
            say.already_booked(cita)
        };
        // "sí, ¿aceptáis tarjeta?" sent again: the question is answered again.
        let text = match facts::answer(&said.asked, &state, context, say) {
            Some(answer) => format!("{text}\n\n{answer}"),
            None => text,
        };
        return ControlFlow::Break(reply(state, text));
    }
    ControlFlow::Continue(state)
}

/// "otra hora", "otro día", "cambiar": that part of the booking is asked again.
fn part_to_change(
    state: State,
    said: &Said<'_>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> ControlFlow<Turn, State> {
    if matches!(state.step, Step::Booking | Step::ConfirmBooking)
        && !said.gives_facts()
        && said.main != Intent::Human
        && let Some(part) = change_asked(said.message).or_else(|| {
            // The answer to "¿qué quieres cambiar?", asked with a time still chosen.
            (state.step == Step::Booking && state.draft.slot.is_some())
                .then(|| part_named(said.message))
                .flatten()
        })
        && !(part == BookingPart::Service && state.draft.moving.is_some())
    {
        return ControlFlow::Break(change_part(state, part, context, say));
    }
    ControlFlow::Continue(state)
}

/// Waiting for a yes or a choice: answers to that come first.
fn answer_to_the_step(
    mut state: State,
    said: &Said<'_>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> ControlFlow<Turn, State> {
    let (yes, main) = (said.yes, said.main);
    match state.step.clone() {
        Step::ConfirmBooking if yes && main != Intent::Deny && !said.changes_booking => {
            // "sí, ¿aceptáis tarjeta?": the question is answered with the outcome of the write.
            let answer = facts::answer(&said.asked, &state, context, say);
            let mut turn = confirm_booking(state, context, say);
            if turn.action.is_none() {
                return ControlFlow::Break(with_aside(answer, turn));
            }
            turn.state.answer_after = answer;
            ControlFlow::Break(turn)
        }
        // "sí, cancélala" and "si cancela" (an unaccented "si" before a verb reads as "if")
        // answer "¿Cancelo esta cita?" as a yes does; "no la canceles" does not.
        Step::ConfirmCancel(cita_id)
            if (yes || main == Intent::Cancel && !said.says_no) && main != Intent::Deny =>
        {
            // "sí, ¿y dónde estáis?": answered with the outcome of the write.
            state.answer_after = facts::answer(&said.asked, &state, context, say);
            ControlFlow::Break(Turn {
                reply: String::new(),
                action: Some(super::Action::Cancel { cita_id }),
                state,
                wants_person: false,
                quick: QuickReplies::default(),
            })
        }
        Step::ConfirmCancel(_) if main == Intent::Deny => {
            // "no, ¿aceptáis tarjeta?": kept, and answered.
            let answer = facts::answer(&said.asked, &state, context, say);
            state.step = Step::Idle;
            ControlFlow::Break(with_aside(answer, reply(state, say.kept())))
        }
        Step::ChooseReschedule(ids) => match pick_cita(said.message, &ids, context) {
            Some(id) => ControlFlow::Break(start_moving(state, &id, said.message, context, say)),
            None => ControlFlow::Continue(state),
        },
        Step::ChooseCancel(ids) => {
            let Some(id) = pick_cita(said.message, &ids, context) else {
                return ControlFlow::Continue(state);
            };
            let picked = context.agenda.iter().find(|cita| cita.id == id);
            if let Some(cita) = picked.filter(|cita| inside_notice(cita, context)) {
                return ControlFlow::Break(too_late_to_change(state, cita, context, say));
            }
            let summary = picked.map(|cita| say.cita_line(cita)).unwrap_or_default();
            state.step = Step::ConfirmCancel(id);
            ControlFlow::Break(reply(state, say.confirm_cancel(&summary)))
        }
        _ => ControlFlow::Continue(state),
    }
}

/// The intents that are answered on their own: a service not on offer, a person, cancelling,
/// moving, the client's citas, prices, goodbye and thanks, free times without a service.
fn intent_acted_on(
    mut state: State,
    said: &Said<'_>,
    aside: &Option<String>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> ControlFlow<Turn, State> {
    let (main, services, date) = (said.main, &said.services, said.date);
    // "quiero un masaje", "depilación el martes": not on offer is said, with what is.
    if services.is_empty()
        && matches!(main, Intent::Book | Intent::Availability | Intent::Unknown)
        && let Some(kind) = unoffered_service(said.message, said.service_names)
    {
        if let Some(day) = date {
            state.step = Step::Booking;
            state.draft.date = Some(first_open_day(day, context));
        }
        return ControlFlow::Break(with_aside(
            aside.clone(),
            reply(state, say.not_offered(kind)),
        ));
    }
    let booking = matches!(state.step, Step::Booking | Step::ConfirmBooking);
    let turn = match main {
        Intent::Human => Turn {
            wants_person: true,
            ..reply(state, say.human())
        },
        // "no, gracias" to the contact question: why it is needed, and that a phone is enough;
        // the booking waits (only "olvídalo" drops it).
        Intent::Deny
            if state.step == Step::Booking
                && asked_for_contact(&state.draft, context)
                && !said.gives_facts() =>
        {
            reply(state, say.contact_needed())
        }
        // "no", "al final no", "no quiero la cita" once the time is chosen (what is left to ask is
        // who it is for), or a "cancela" that names no cita while one is being put together:
        // the booking in progress is dropped, not asked about again.
        Intent::Deny
            if state.step == Step::Booking && state.draft.slot.is_some() && !said.gives_facts() =>
        {
            abandon(state, context, say)
        }
        Intent::Cancel if booking && !said.gives_facts() && !names_a_cita(said.message) => {
            abandon(state, context, say)
        }
        Intent::Cancel => start_cancel(state, context, say),
        // "cámbiala a las 18:30" while a booking is being put together changes that booking.
        Intent::Reschedule if said.booking_facts && booking => {
            return ControlFlow::Continue(state);
        }
        Intent::Reschedule => with_aside(
            aside.clone(),
            start_reschedule(state, said.message, context, say),
        ),
        // "how much is my appt on the 24th? cash ok?": the citas, and the question beside them.
        Intent::MyAppointments => {
            with_aside(aside.clone(), my_appointments(state, context, say, date))
        }
        // "keratin treatment" in answer to "¿qué servicio quieres?" is that service.
        Intent::Services
            if booking
                && state.draft.service_ids.is_empty()
                && !services.is_empty()
                && !is_question(said.message) =>
        {
            return ControlFlow::Continue(state);
        }
        Intent::Services | Intent::Help => {
            let asked: Vec<String> = if services.is_empty() && booking {
                state.draft.service_ids.clone()
            } else {
                services.iter().map(|found| found.id.clone()).collect()
            };
            let answer = match main {
                Intent::Services if !asked.is_empty() => say.prices(&asked, !booking),
                Intent::Services => say.services(),
                _ => say.help(),
            };
            super::answered(state, answer, context, say)
        }
        Intent::Goodbye => {
            state.step = Step::Idle;
            reply(state, say.goodbye())
        }
        // Thanks with the summary waiting: the question still stands.
        Intent::Thanks if !said.booking_facts && state.step == Step::ConfirmBooking => {
            reply(state, say.thanks_before_the_yes())
        }
        Intent::Thanks if !said.booking_facts => reply(state, say.thanks()),
        // "no, mejor el viernes" changes the booking: the facts are taken below.
        Intent::Deny if state.step == Step::ConfirmBooking && !said.booking_facts => {
            summary_refused(state, context, say)
        }
        Intent::Availability if services.is_empty() && state.draft.service_ids.is_empty() => {
            free_times_without_a_service(state, date, aside, context, say)
        }
        _ => return ControlFlow::Continue(state),
    };
    ControlFlow::Break(turn)
}

/// "¿tenéis hueco el viernes?": which times are free depends on how long the visit is, so the
/// service is asked; a closed day is said at once, and the next open day is the one asked about.
fn free_times_without_a_service(
    mut state: State,
    date: Option<DateExpr>,
    aside: &Option<String>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    state.step = Step::Booking;
    state.draft.date = date.map(|d| d.first()).or(state.draft.date);
    let closed = state.draft.date.filter(|day| !open_on(*day, context));
    if let Some(day) = closed {
        state.draft.date = next_open_day(day, context);
    }
    let question = match state.draft.date {
        Some(day) => say.ask_services_for(day),
        None => say.ask_services(),
    };
    let question = match closed {
        Some(day) => format!("{}\n\n{question}", say.hours_on(day)),
        None => question,
    };
    with_aside(aside.clone(), reply(state, question))
}

/// Takes every fact the message gives; a new one replaces the old (a change of mind), except
/// services the visitor says to add.
fn booking_facts_taken(mut state: State, said: &Said<'_>, context: &Context<'_>) -> State {
    // Whether the last question was for a name, before this message changes the draft.
    let name_was_asked = state.step == Step::Booking && asked_for_name(&state.draft, context);
    let message = said.message;
    let draft = &mut state.draft;
    if !said.services.is_empty() {
        // "tinte en vez de mechas": mechas goes, tinte comes; the others stay.
        let dropped = replaced_services(message, &said.services);
        let named = said
            .services
            .iter()
            .map(|found| found.id.clone())
            .filter(|id| !dropped.contains(&id.as_str()));
        if adds_services(message) || !dropped.is_empty() {
            draft
                .service_ids
                .retain(|id| !dropped.contains(&id.as_str()));
            for id in named {
                if !draft.service_ids.contains(&id) {
                    draft.service_ids.push(id);
                }
            }
        } else {
            draft.service_ids = named.collect();
        }
        // Times offered for another visit are no longer on offer.
        draft.slot = None;
        draft.offered.clear();
    }
    if let Some(date) = said.date {
        draft.date = Some(first_open_day(date, context));
        draft.slot = None;
        draft.offered.clear();
    }
    if said.soonest {
        draft.soonest = true;
        if said.time.is_none() {
            draft.time = None;
        }
        if said.date.is_none() {
            draft.date = None;
        }
        draft.slot = None;
        draft.offered.clear();
    }
    let mut picked = false;
    if let Some(time) = said.time {
        let wished = wish(time, draft.date, context);
        draft.time = Some(wished);
        draft.slot = None;
        // A time offered with another stylist than the one asked for ("Lucía no trabaja ese
        // día; con Javier: 11:00…"), named alone: taken as the pick it is.
        if let Wish::At(minute) = wished
            && said.date.is_none()
            && said.asks_for.is_none()
            && let Some(stylist) = &draft.stylist
            && draft
                .offered
                .iter()
                .any(|(staff_id, start)| *start == minute && staff_id != stylist)
        {
            draft.stylist = None;
        }
    } else if let Some(choice) = picked_position(message).and_then(|i| draft.offered.get(i)) {
        if draft.stylist.as_ref().is_some_and(|id| *id != choice.0) {
            draft.stylist = None;
        }
        draft.slot = Some(choice.clone());
        picked = true;
    }
    if !said.named
        && name_was_asked
        && !picked
        && !said.booking_facts
        // "vale, Ana" opens with a yes and is still the name.
        && matches!(said.main, Intent::Unknown | Intent::Affirm)
        && let Some(name) = bare_name(message)
    {
        // A bare answer to "¿a nombre de quién?", maybe with contact details after it; never
        // "la segunda" or "sí".
        state.draft.client_name = Some(name);
    }
    // A wished time already answered with why not and what instead, and a message that neither
    // picks an offer nor changes the booking: the refusal is not said again (the day's times
    // are offered). A new day keeps the wish ("¿y el lunes?" looks at the same time then), and
    // so does a wish the offers meet ("a primera hora", then "perfecto": those times again).
    if !said.booking_facts
        && !said.anyone
        && !picked
        && state.draft.slot.is_none()
        && !state.draft.offered.is_empty()
        && !state
            .draft
            .time
            .is_some_and(|wish| wish.met_by(&state.draft.offered))
    {
        state.draft.time = None;
    }
    state.step = Step::Booking;
    state
}

/// What was said but cannot be (a date that does not exist, a weekday that is not the date's, an
/// address or phone that is not one), else the booking's next question.
fn next_of_the_booking(
    state: State,
    said: &Said<'_>,
    aside: Option<String>,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Turn {
    // Said but not valid: tell the visitor, keep everything else they said.
    if said.date.is_none()
        && let Some((day, month)) = said.impossible_date
    {
        return reply(state, say.no_such_date(day, month));
    }
    if said.date.is_none()
        && let Some(mismatch) = &said.weekday_mismatch
    {
        return Turn {
            quick: quick::days(
                &[mismatch.date, mismatch.weekday_date],
                context.today,
                state.language,
            ),
            ..reply(state, say.weekday_mismatch(mismatch))
        };
    }
    if let Some(typed) = said
        .invalid_email
        .as_ref()
        .filter(|_| state.draft.client_email.is_none())
    {
        return reply(state, say.invalid_email(typed));
    }
    if let Some(typed) = said
        .invalid_phone
        .as_ref()
        .filter(|_| state.draft.client_phone.is_none())
    {
        return reply(state, say.invalid_phone(typed));
    }
    // "para mí y mi hija": one cita is one person, said before anything is held for two.
    let aside = match (for_several_people(said.message), aside) {
        (true, Some(aside)) => Some(format!("{}\n\n{aside}", say.one_person_per_cita())),
        (true, None) => Some(say.one_person_per_cita()),
        (false, aside) => aside,
    };
    with_aside(aside, next_question(state, context, say))
}
