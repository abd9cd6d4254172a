//! Which times the assistant offers for the booking in progress, who would do each, and, when it
//! cannot give what was asked, the true reason (issue 12): a past day, beyond the horizon, a
//! closure, a weekday or a part of the day the salon is closed, a time already gone or inside
//! the minimum notice, a service that does not fit before closing, a full day, or the stylist
//! asked for off, busy or not doing the service. Each reason has its own reply, and every reply
//! that cannot give the wished time offers times that can be had, so there is always something
//! to pick.
//!
//! Who does a time: the stylist asked for (only her times are offered); else the stylist of the
//! cita being moved, or the staff member booking, when free then; else whoever has the fewest
//! citas that day, ties by name ([`availability::one_per_start`]).

use time::Date;

use super::replies::Replies;
use super::{Caller, Context, Draft, MAX_OFFERS, State, Wish, duration, last_bookable_day};
use crate::booking::availability::{self, Busy, Slot, SlotQuery};
use crate::booking::rules::{Booker, Breach, Window};
use crate::booking::{DAY_MINUTES, DayMinute, OpeningPeriod};

/// Why a stylist asked for works no time on a day the salon is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Absence {
    /// Not one of their days in an ordinary week.
    Weekly,
    /// Time off, through `until`.
    Away { until: Date },
    /// Anything else (not taking bookings).
    Other,
}

/// Free times on a day other than the one asked for (or on it, when the reason was the time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Instead {
    pub date: Date,
    /// `(staff_id, start)`, in time order.
    pub offers: Vec<(String, DayMinute)>,
}

/// What settling the day and time came to.
pub(super) enum Settled {
    /// A slot is chosen (`newly`: in this turn, from a wished time).
    Chosen { state: State, newly: bool },
    /// Nothing chosen: the reply offers times or says why there are none.
    Said { state: State, reply: String },
}

/// Settles the draft's time on its `date`: chooses the slot when the wished time is free, else
/// offers times, saying truly why the wish cannot be had.
pub(super) fn settle_time(
    mut state: State,
    date: Date,
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Settled {
    if let Some((staff_id, start)) = state.draft.slot.clone() {
        // A time picked earlier must still fit the visit as it is now: the services or the
        // day may have changed since it was offered.
        let still_free = free_times(&state.draft, date, context, Some(&staff_id))
            .iter()
            .any(|slot| slot.start == start && slot.staff_id == staff_id);
        if still_free {
            return Settled::Chosen {
                state,
                newly: false,
            };
        }
        state.draft.slot = None;
    }
    let draft = &state.draft;
    if date < context.now.0 {
        state.draft.date = None;
        return said(state, say.date_in_past(date));
    }
    let last_day = last_bookable_day(context);
    if date > last_day {
        // The agenda is known only this far: a time beyond it could not be offered truthfully.
        state.draft.date = None;
        return said(state, say.too_far_ahead(last_day));
    }
    if let Some(closure) = context.calendar.closure_on(date) {
        let instead = next_free(draft, closure.to, context);
        let reply = say.closure(closure, draft.stylist.as_deref(), instead.as_ref());
        return elsewhere(state, instead, reply);
    }
    if context.business.hours.on(date.weekday()).is_empty() {
        let instead = next_free(draft, date, context);
        let reply = say.closed_weekday(date, draft.stylist.as_deref(), instead.as_ref());
        return elsewhere(state, instead, reply);
    }
    let times = free_times(draft, date, context, draft.stylist.as_deref());
    if times.is_empty() {
        return nothing_that_day(state, date, context, say);
    }
    match wished(draft, context) {
        Some(Wish::At(minute)) => {
            if let Some(slot) = times.iter().find(|slot| slot.start == minute) {
                state.draft.slot = Some((slot.staff_id.clone(), minute));
                return Settled::Chosen { state, newly: true };
            }
            let reply = not_at(draft, date, minute, &times, context, say);
            offered(state, date, reply)
        }
        Some(Wish::Between(start, end) | Wish::Within(start, end)) => {
            let inside = to_offers(availability::spread(&times, start, end, MAX_OFFERS));
            if !inside.is_empty() {
                let reply = say.offer_times(date, draft.stylist.as_deref(), &inside);
                state.draft.offered = inside;
                return Settled::Said { state, reply };
            }
            let said = draft.time.unwrap_or(Wish::Between(start, end));
            let reply = not_between(draft, date, (start, end), said, &times, context, say);
            offered(state, date, reply)
        }
        None if draft.soonest => {
            let offers = first_offers(&times);
            let reply = say.offer_times(date, draft.stylist.as_deref(), &offers);
            state.draft.offered = offers;
            Settled::Said { state, reply }
        }
        None => {
            let offers = offers_for(None, &times);
            let reply = say.offer_times(date, draft.stylist.as_deref(), &offers);
            state.draft.offered = offers;
            Settled::Said { state, reply }
        }
    }
}

/// The draft's wish as the starts that meet it, for the visit as it is now.
fn wished(draft: &Draft, context: &Context<'_>) -> Option<Wish> {
    draft.time.map(|wish| wish.starts(duration(draft, context)))
}

/// A reply with offers on the day asked for, written by `reply` from them.
struct Offered {
    text: String,
    offers: Vec<(String, DayMinute)>,
}

fn offered(mut state: State, date: Date, reply: Offered) -> Settled {
    state.draft.date = Some(date);
    state.draft.offered = reply.offers;
    Settled::Said {
        state,
        reply: reply.text,
    }
}

fn said(mut state: State, reply: String) -> Settled {
    state.draft.offered.clear();
    Settled::Said { state, reply }
}

/// The day asked for has nothing: the draft moves to the day whose times the reply offers.
fn elsewhere(mut state: State, instead: Option<Instead>, reply: String) -> Settled {
    match instead {
        Some(instead) => {
            state.draft.date = Some(instead.date);
            state.draft.offered = instead.offers;
        }
        None => {
            state.draft.date = None;
            state.draft.offered.clear();
        }
    }
    Settled::Said { state, reply }
}

/// Why an open day has no time at all for the draft: the clock (today is over, or what is left
/// is inside the notice), the stylist asked for (off, or full), or the day is full.
fn nothing_that_day(state: State, date: Date, context: &Context<'_>, say: &Replies<'_>) -> Settled {
    let draft = &state.draft;
    let only = draft.stylist.as_deref();
    if let Some(earliest) = context
        .calendar
        .window(context.now, Booker::Client)
        .earliest
        && date <= earliest.0
    {
        // From the next minute on, without the notice: what the notice alone takes away.
        let after_now = Window {
            earliest: Some((context.now.0, context.now.1.saturating_add(1))),
            last_date: None,
        };
        let busy = busy_on(draft, date, context);
        if !free_slots(draft, date, context, only, after_now, &busy).is_empty() {
            let instead = next_free(draft, date, context);
            let notice = context.calendar.rules.min_notice_min;
            let reply = say.too_soon(date, None, notice, only, instead.as_ref());
            return elsewhere(state, instead, reply);
        }
        // Nothing would fit before closing even with an empty agenda: today is over.
        if date == context.now.0
            && free_slots(draft, date, context, only, after_now, &[]).is_empty()
        {
            let instead = next_free(draft, date, context);
            let close = last_close(context, date);
            let closed = context.now.1 >= close;
            let reply = say.closed_for_today(date, close, closed, only, instead.as_ref());
            return elsewhere(state, instead, reply);
        }
    }
    if let Some(stylist) = only {
        let absent = match context.calendar.working_periods(
            context.business,
            stylist,
            date,
            &draft.service_ids,
            false,
        ) {
            Ok(periods) if periods.is_empty() => Some(Absence::Weekly),
            Ok(_) => None,
            Err(Breach::TimeOff { .. }) => Some(Absence::Away {
                until: context
                    .calendar
                    .time_off_on(stylist, date)
                    .map_or(date, |off| off.to),
            }),
            Err(_) => Some(Absence::Other),
        };
        let others = free_times(draft, date, context, None);
        let hers = next_free(draft, date, context);
        let offers = offers_for(wished(draft, context), &others);
        let reply = say.stylist_cannot_that_day(stylist, date, absent, &offers, hers.as_ref());
        let mut state = state;
        if offers.is_empty() {
            return elsewhere(state, hers, reply);
        }
        state.draft.offered = offers;
        return Settled::Said { state, reply };
    }
    let instead = next_free(draft, date, context);
    let reply = say.day_full(date, instead.as_ref());
    elsewhere(state, instead, reply)
}

/// The wish falls inside the minimum notice: said, with the first times after it.
fn too_soon(
    draft: &Draft,
    date: Date,
    wish: Wish,
    first: &[(String, DayMinute)],
    context: &Context<'_>,
    say: &Replies<'_>,
) -> String {
    let instead = Instead {
        date,
        offers: first.to_vec(),
    };
    say.too_soon(
        date,
        Some(wish),
        context.calendar.rules.min_notice_min,
        draft.stylist.as_deref(),
        Some(&instead),
    )
}

/// Why a free day has nothing at `minute`, with the times offered instead.
fn not_at(
    draft: &Draft,
    date: Date,
    minute: DayMinute,
    times: &[Slot],
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Offered {
    let wish = Wish::At(minute);
    let nearest = to_offers(availability::nearest(times, minute, MAX_OFFERS));
    let first = first_offers(times);
    let gone = date == context.now.0 && minute <= context.now.1;
    let too_early = before_window(date, minute, context);
    let text = if gone {
        say.time_gone(date, wish, draft.stylist.as_deref(), &first)
    } else if too_early {
        too_soon(draft, date, wish, &first, context, say)
    } else if let Some(period) = period_at(context, date, minute) {
        if minute.saturating_add(duration(draft, context)) > period.close {
            say.runs_past_close(
                date,
                wish,
                duration(draft, context),
                period.close,
                draft.stylist.as_deref(),
                &nearest,
            )
        } else {
            // Open then and long enough: taken. Who else is free then, when a stylist was asked.
            let free_then = draft.stylist.as_ref().and_then(|_| {
                free_times(draft, date, context, None)
                    .into_iter()
                    .find(|slot| slot.start == minute)
                    .map(|slot| slot.staff_id)
            });
            say.time_taken(
                minute,
                date,
                draft.stylist.as_deref(),
                free_then.as_deref(),
                &nearest,
            )
        }
    } else {
        say.closed_then(date, wish, draft.stylist.as_deref(), &nearest)
    };
    let offers = if gone || too_early { first } else { nearest };
    Offered { text, offers }
}

/// Why a free day has nothing in `[start, end)`, with the times offered instead.
fn not_between(
    draft: &Draft,
    date: Date,
    (start, end): (DayMinute, DayMinute),
    said: Wish,
    times: &[Slot],
    context: &Context<'_>,
    say: &Replies<'_>,
) -> Offered {
    let wish = said;
    let all = offers_for(None, times);
    let length = duration(draft, context);
    if let Wish::Within(from, until) = said
        && until.saturating_sub(from) < length
    {
        let nearest = to_offers(availability::nearest(times, from, MAX_OFFERS));
        return Offered {
            text: say.longer_than_range(date, said, length, draft.stylist.as_deref(), &nearest),
            offers: nearest,
        };
    }
    let first = first_offers(times);
    let open = context.business.hours.on(date.weekday());
    let overlaps = open
        .iter()
        .any(|period| period.open < end && start < period.close);
    if !overlaps {
        return Offered {
            text: say.closed_then(date, wish, draft.stylist.as_deref(), &all),
            offers: all,
        };
    }
    if before_window(date, end.saturating_sub(1), context) {
        let text = if date == context.now.0 && end <= context.now.1.saturating_add(1) {
            say.time_gone(date, wish, draft.stylist.as_deref(), &first)
        } else {
            too_soon(draft, date, wish, &first, context, say)
        };
        return Offered {
            text,
            offers: first,
        };
    }
    let step = context.business.slot_step.max(1);
    let fits = (start.div_ceil(step) * step..end)
        .step_by(usize::from(step))
        .any(|at| {
            open.iter()
                .any(|period| period.open <= at && at.saturating_add(length) <= period.close)
        });
    let text = if fits {
        say.nothing_then(date, wish, draft.stylist.as_deref(), &all)
    } else {
        let close = open
            .iter()
            .find(|period| start < period.close)
            .map_or(end, |period| period.close);
        say.runs_past_close(date, wish, length, close, draft.stylist.as_deref(), &all)
    };
    Offered { text, offers: all }
}

/// Whether a time on `date` starts before the booking window (now plus the minimum notice).
fn before_window(date: Date, minute: DayMinute, context: &Context<'_>) -> bool {
    context
        .calendar
        .window(context.now, Booker::Client)
        .not_before(date)
        .is_none_or(|first| minute < first)
}

/// The opening period of `date` that `minute` falls in.
fn period_at(context: &Context<'_>, date: Date, minute: DayMinute) -> Option<OpeningPeriod> {
    context
        .business
        .hours
        .on(date.weekday())
        .iter()
        .find(|period| period.open <= minute && minute < period.close)
        .copied()
}

/// When the salon closes on `date` (0 when it does not open).
fn last_close(context: &Context<'_>, date: Date) -> DayMinute {
    context
        .business
        .hours
        .on(date.weekday())
        .last()
        .map_or(0, |period| period.close)
}

/// The citas of `date` that hold a stylist's time, but the one being moved, and the times
/// other conversations hold.
fn busy_on<'a>(draft: &Draft, date: Date, context: &'a Context<'_>) -> Vec<Busy<'a>> {
    let citas = availability::busy_citas(context.agenda, date, draft.moving.as_deref());
    let holds = context
        .holds
        .iter()
        .filter(|hold| hold.date == date && hold.expires_at > context.at)
        .filter(|hold| context.conversation != Some(hold.conversation.as_str()))
        .map(|hold| Busy {
            staff_id: &hold.staff_id,
            start: hold.start_min,
            end: hold.end_min,
        });
    citas.chain(holds).collect()
}

/// Every free slot of `date` for the draft's services within `window`, around `busy`, of
/// `only` when given.
fn free_slots(
    draft: &Draft,
    date: Date,
    context: &Context<'_>,
    only: Option<&str>,
    window: Window,
    busy: &[Busy<'_>],
) -> Vec<Slot> {
    availability::free_slots(
        context.business,
        context.calendar,
        &slot_query(draft, date, context, (only, window), busy),
    )
}

fn slot_query<'a>(
    draft: &'a Draft,
    date: Date,
    context: &'a Context<'_>,
    (only, window): (Option<&'a str>, Window),
    busy: &'a [Busy<'a>],
) -> SlotQuery<'a> {
    SlotQuery {
        date,
        service_ids: &draft.service_ids,
        duration: duration(draft, context),
        staff: context.staff,
        only_staff: only,
        busy,
        window,
    }
}

/// Whether a client could book the draft on `date` at all ([`free_times`] not empty), without
/// working out every time.
fn has_free_time(draft: &Draft, date: Date, context: &Context<'_>, only: Option<&str>) -> bool {
    let window = context.calendar.window(context.now, Booker::Client);
    let busy = busy_on(draft, date, context);
    availability::any_free_slot(
        context.business,
        context.calendar,
        &slot_query(draft, date, context, (only, window), &busy),
    )
}

/// The free times of `date` a client may book, one per start, each with who would do it (see
/// the module's comment); only `only`'s when given.
pub(super) fn free_times(
    draft: &Draft,
    date: Date,
    context: &Context<'_>,
    only: Option<&str>,
) -> Vec<Slot> {
    let window = context.calendar.window(context.now, Booker::Client);
    let busy = busy_on(draft, date, context);
    let slots = free_slots(draft, date, context, only, window, &busy);
    availability::one_per_start(
        &slots,
        context.staff,
        &busy,
        preferred_staff(draft, context),
    )
}

/// Who should do the cita when free at the time: the stylist of the cita being moved, or the
/// staff member booking.
fn preferred_staff<'a>(draft: &Draft, context: &'a Context<'_>) -> Option<&'a str> {
    if let Some(id) = draft.moving.as_deref() {
        return context
            .agenda
            .iter()
            .find(|cita| cita.id == id)
            .map(|cita| cita.staff_id.as_str());
    }
    match context.caller {
        Caller::Staff { user_id, .. } => Some(user_id.as_str()),
        Caller::Guest | Caller::Cliente { .. } => None,
    }
}

/// The first day after `after` with free times for the draft (only its stylist's, when it asks
/// for one), with the times to offer there for what was wished.
pub(super) fn next_free(draft: &Draft, after: Date, context: &Context<'_>) -> Option<Instead> {
    let last = last_bookable_day(context);
    let mut day = after;
    loop {
        day = day.next_day().filter(|next| *next <= last)?;
        let times = free_times(draft, day, context, draft.stylist.as_deref());
        if !times.is_empty() {
            return Some(Instead {
                date: day,
                offers: offers_for(wished(draft, context), &times),
            });
        }
    }
}

/// The first `count` days from today with free times for the draft (its stylist's, when it asks
/// for one), up to the last bookable day.
pub(super) fn free_days(draft: &Draft, context: &Context<'_>, count: usize) -> Vec<Date> {
    let last = last_bookable_day(context);
    std::iter::successors(Some(context.now.0), |day| {
        day.next_day().filter(|next| *next <= last)
    })
    .filter(|day| has_free_time(draft, *day, context, draft.stylist.as_deref()))
    .take(count)
    .collect()
}

/// The times to offer from `times` for a wish: the nearest to a wished time, a wished window's
/// spread over it (or the whole day's when it has none), a handful over the day without one.
fn offers_for(wish: Option<Wish>, times: &[Slot]) -> Vec<(String, DayMinute)> {
    let whole_day = || availability::spread(times, 0, DAY_MINUTES, MAX_OFFERS);
    let picked = match wish {
        Some(Wish::At(minute)) => availability::nearest(times, minute, MAX_OFFERS),
        Some(Wish::Between(start, end) | Wish::Within(start, end)) => {
            let inside = availability::spread(times, start, end, MAX_OFFERS);
            if inside.is_empty() {
                whole_day()
            } else {
                inside
            }
        }
        None => whole_day(),
    };
    to_offers(picked)
}

/// The first free times of the day: what can be had soonest.
fn first_offers(times: &[Slot]) -> Vec<(String, DayMinute)> {
    to_offers(times.iter().take(MAX_OFFERS).collect())
}

fn to_offers(slots: Vec<&Slot>) -> Vec<(String, DayMinute)> {
    slots
        .into_iter()
        .map(|slot| (slot.staff_id.clone(), slot.start))
        .collect()
}

/// Why the stylist asked for cannot do the draft's services at all: `None` when she can.
pub(super) fn stylist_cannot(draft: &Draft, context: &Context<'_>) -> Option<Breach> {
    cannot_do(draft.stylist.as_deref()?, &draft.service_ids, context)
}

/// Why `stylist` cannot do `service_ids` at all (a service she does not do, or she takes no
/// bookings): `None` when she can.
pub(super) fn cannot_do(
    stylist: &str,
    service_ids: &[String],
    context: &Context<'_>,
) -> Option<Breach> {
    match context.calendar.working_periods(
        context.business,
        stylist,
        context.now.0,
        service_ids,
        false,
    ) {
        Err(breach @ (Breach::Skill { .. } | Breach::NotBookable)) => Some(breach),
        _ => None,
    }
}

/// The staff members who do every service of `service_ids` and take bookings.
pub(super) fn who_does<'a>(service_ids: &[String], context: &'a Context<'_>) -> Vec<&'a str> {
    context
        .staff
        .iter()
        .filter(|member| {
            let schedule = context.calendar.schedule(&member.user_id);
            schedule.bookable && service_ids.iter().all(|id| schedule.does(id))
        })
        .map(|member| member.user_id.as_str())
        .collect()
}
