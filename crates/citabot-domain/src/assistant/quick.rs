//! The taps a reply offers (see [`crate::quick_replies`]), read from where the conversation
//! stands after the turn: what it waits for decides what can be tapped. A reply that asks
//! something else sets its own ([`Turn::quick`]) and is left as it is.
//!
//! Every value is a sentence the assistant understands at that step, in the conversation's
//! language, so a tap is the same as typing it (the property tests feed them back).

use super::replies::Replies;
use super::sentences::{self, Sentences, fill};
use super::{Caller, Context, Lang, State, Step, Turn, times};
use time::Date;

use super::replies::day_words;
use crate::booking::format_minutes;
use crate::quick_replies::{CardRow, QuickReplies, QuickReply, ReplyCard};

/// Most services offered as taps; the reply's text names them all.
const MAX_SERVICE_TAPS: usize = 8;
/// Days with free times offered as taps when the day is asked for.
const MAX_DAY_TAPS: usize = 4;

/// Fills in `turn.quick` from its state, unless the reply set its own.
pub(super) fn decorate(mut turn: Turn, context: &Context<'_>) -> Turn {
    if turn.quick.is_empty() && !turn.wants_person && turn.action.is_none() {
        turn.quick = for_state(&turn.state, &turn.reply, context);
    }
    turn
}

fn for_state(state: &State, reply: &str, context: &Context<'_>) -> QuickReplies {
    let replies = Replies::new(state.language, context);
    let say = replies.say();
    let draft = &state.draft;
    match &state.step {
        Step::Idle => QuickReplies::suggest(idle(context, say)),
        Step::Booking if draft.service_ids.is_empty() && draft.moving.is_none() => {
            QuickReplies::suggest(
                context
                    .services
                    .iter()
                    .filter(|service| service.active)
                    .take(MAX_SERVICE_TAPS)
                    .map(|service| tap(&service.name, &service.name))
                    .collect(),
            )
        }
        Step::Booking if draft.slot.is_none() && !draft.offered.is_empty() => {
            let mut seen = Vec::new();
            QuickReplies::suggest(
                draft
                    .offered
                    .iter()
                    .filter(|(_, start)| {
                        let new = !seen.contains(start);
                        seen.push(*start);
                        new
                    })
                    .map(|(_, start)| {
                        let time = format_minutes(*start);
                        QuickReply::new(&time, fill(say.tap_at_time, &[("time", &time)]))
                    })
                    .collect(),
            )
        }
        Step::Booking
            if draft.date.is_none() && draft.slot.is_none() && draft.offered.is_empty() =>
        {
            QuickReplies::suggest(
                times::free_days(draft, context, MAX_DAY_TAPS)
                    .into_iter()
                    .map(|day| day_tap(day, context.now.0, state.language))
                    .collect(),
            )
        }
        Step::ConfirmBooking => {
            let actions = vec![
                QuickReply::new(say.tap_confirm, say.tap_confirm_said),
                QuickReply::new(say.tap_change, say.tap_change_said),
            ];
            let summary = replies.summary(draft, context);
            // The summary said in full is drawn as the card; said after an answer, that answer
            // leads the card. A reply that only asks again ("¿la confirmo?") gets the buttons.
            match reply.strip_suffix(summary.as_str()) {
                Some(before) => {
                    let (title, rows) = replies.summary_rows(draft, context);
                    let lead = before.trim();
                    QuickReplies {
                        suggestions: Vec::new(),
                        card: Some(ReplyCard {
                            title,
                            lead: (!lead.is_empty()).then(|| lead.to_owned()),
                            rows: rows
                                .into_iter()
                                .map(|(label, value)| CardRow { label, value })
                                .collect(),
                            actions,
                        }),
                    }
                }
                None => QuickReplies::suggest(actions),
            }
        }
        Step::ConfirmCancel(_) => QuickReplies::suggest(vec![
            QuickReply::new(say.tap_cancel_it, say.tap_cancel_it),
            QuickReply::new(say.tap_keep_it, say.tap_keep_it_said),
        ]),
        Step::ChooseCancel(ids) | Step::ChooseReschedule(ids) => QuickReplies::suggest(
            ids.iter()
                .zip(say.ordinal_taps)
                .filter_map(|(id, ordinal)| {
                    let cita = context.agenda.iter().find(|cita| &cita.id == id)?;
                    Some(tap(&replies.cita_tap(cita), ordinal))
                })
                .collect(),
        ),
        Step::Booking => QuickReplies::default(),
    }
}

/// With nothing in progress: book, and a person for those who are not the salon's staff.
fn idle(context: &Context<'_>, say: &Sentences) -> Vec<QuickReply> {
    let mut taps = vec![QuickReply::new(say.tap_book, say.tap_book_said)];
    if !matches!(context.caller, Caller::Staff { .. }) {
        taps.push(QuickReply::new(say.tap_person, say.tap_person_said));
    }
    taps
}

/// "¿Qué quieres cambiar?": the parts, as taps.
pub(super) fn parts_to_change(lang: Lang) -> QuickReplies {
    let say = sentences::of(lang);
    let taps = [
        (say.tap_change_service, say.tap_change_service_said),
        (say.tap_change_day, say.tap_change_day_said),
        (say.tap_change_time, say.tap_change_time_said),
    ];
    QuickReplies::suggest(
        taps.into_iter()
            .map(|(label, value)| QuickReply::new(label, value))
            .collect(),
    )
}

/// Days to choose between, as taps ("¿el jueves 10 o el lunes 14?").
pub(super) fn days(days: &[Date], today: Date, lang: Lang) -> QuickReplies {
    QuickReplies::suggest(days.iter().map(|day| day_tap(*day, today, lang)).collect())
}

/// A tap whose label fits on a button: a longer one (a long service name) is cut with "…".
fn tap(label: &str, value: &str) -> QuickReply {
    let label = if label.chars().count() > QuickReply::MAX_LABEL_CHARS {
        let kept: String = label
            .chars()
            .take(QuickReply::MAX_LABEL_CHARS - 1)
            .collect();
        format!("{}…", kept.trim_end())
    } else {
        label.to_owned()
    };
    QuickReply::new(label, value)
}

/// A free day as a tap: "Hoy", "Mañana", or "sáb 28 nov" sending "el sábado 28 de noviembre".
fn day_tap(day: Date, today: Date, lang: Lang) -> QuickReply {
    let say = sentences::of(lang);
    if day == today {
        return QuickReply::new(say.tap_today, say.tap_today_said);
    }
    if Some(day) == today.next_day() {
        return QuickReply::new(say.tap_tomorrow, say.tap_tomorrow_said);
    }
    let weekday = usize::from(day.weekday().number_days_from_monday());
    let month = usize::from(u8::from(day.month())) - 1;
    let label = fill(
        say.tap_day,
        &[
            ("weekday", say.short_weekdays[weekday]),
            ("day", &day.day().to_string()),
            ("month", say.short_months[month]),
        ],
    );
    let said = fill(say.tap_day_said, &[("day", &day_words(lang, day))]);
    QuickReply::new(label, said)
}

/// "¿Con quién prefieres?": each stylist who does the services ("Con Lucía"), and anyone.
pub(super) fn stylists(who: &[&str], context: &Context<'_>, lang: Lang) -> QuickReplies {
    let say = sentences::of(lang);
    let mut taps: Vec<QuickReply> = who
        .iter()
        .filter_map(|id| context.staff.iter().find(|member| member.user_id == *id))
        .map(|member| {
            let first = member
                .name
                .split_whitespace()
                .next()
                .unwrap_or(&member.name);
            let said = fill(say.tap_with_stylist, &[("name", first)]);
            tap(&said, &said)
        })
        .collect();
    taps.push(QuickReply::new(say.tap_anyone, say.tap_anyone_said));
    QuickReplies::suggest(taps)
}
