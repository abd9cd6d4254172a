//! The taps a reply offers (see [`crate::quick_replies`]), read from where the conversation
//! stands after the turn: what it waits for decides what can be tapped. A reply that asks
//! something else sets its own ([`Turn::quick`]) and is left as it is.
//!
//! Every value is a sentence the assistant understands at that step, in the conversation's
//! language, so a tap is the same as typing it (the property tests feed them back).

use super::replies::Replies;
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
    let say = Replies::new(state.language, context);
    let pick = |es: &str, en: &str| say.pick(es, en);
    let draft = &state.draft;
    match &state.step {
        Step::Idle => QuickReplies::suggest(idle(context, &pick)),
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
                        QuickReply::new(
                            &time,
                            pick(&format!("A las {time}"), &format!("At {time}")),
                        )
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
                QuickReply::new(
                    pick("Confirmar", "Confirm"),
                    pick("Sí, confírmala", "Yes, confirm it"),
                ),
                QuickReply::new(pick("Cambiar", "Change"), pick("Otra hora", "Another time")),
            ];
            let summary = say.summary(draft, context);
            // The summary said in full is drawn as the card; said after an answer, that answer
            // leads the card. A reply that only asks again ("¿la confirmo?") gets the buttons.
            match reply.strip_suffix(summary.as_str()) {
                Some(before) => {
                    let (title, rows) = say.summary_rows(draft, context);
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
            QuickReply::new(
                pick("Sí, cancélala", "Yes, cancel it"),
                pick("Sí, cancélala", "Yes, cancel it"),
            ),
            QuickReply::new(
                pick("No, mantenerla", "No, keep it"),
                pick("No, la mantengo", "No, keep it"),
            ),
        ]),
        Step::ChooseCancel(ids) | Step::ChooseReschedule(ids) => {
            let ordinals = [
                pick("La primera", "The first"),
                pick("La segunda", "The second"),
                pick("La tercera", "The third"),
                pick("La cuarta", "The fourth"),
            ];
            QuickReplies::suggest(
                ids.iter()
                    .zip(ordinals)
                    .filter_map(|(id, ordinal)| {
                        let cita = context.agenda.iter().find(|cita| &cita.id == id)?;
                        Some(tap(&say.cita_tap(cita), &ordinal))
                    })
                    .collect(),
            )
        }
        Step::Booking => QuickReplies::default(),
    }
}

/// With nothing in progress: book, and a person for those who are not the salon's staff.
fn idle(context: &Context<'_>, pick: &dyn Fn(&str, &str) -> String) -> Vec<QuickReply> {
    let mut taps = vec![QuickReply::new(
        pick("Reservar cita", "Book an appointment"),
        pick(
            "Quiero reservar una cita",
            "I'd like to book an appointment",
        ),
    )];
    if !matches!(context.caller, Caller::Staff { .. }) {
        taps.push(QuickReply::new(
            pick("Hablar con una persona", "Talk to a person"),
            pick(
                "Quiero hablar con una persona",
                "I'd like to talk to a person",
            ),
        ));
    }
    taps
}

/// "¿Qué quieres cambiar?": the parts, as taps.
pub(super) fn parts_to_change(lang: Lang) -> QuickReplies {
    let taps: [(&str, &str); 3] = match lang {
        Lang::Es => [
            ("El servicio", "Otro servicio"),
            ("El día", "Otro día"),
            ("La hora", "Otra hora"),
        ],
        Lang::En => [
            ("The service", "Another service"),
            ("The day", "Another day"),
            ("The time", "Another time"),
        ],
    };
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
    const WEEKDAYS_ES: [&str; 7] = ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"];
    const MONTHS_ES: [&str; 12] = [
        "ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic",
    ];
    let weekday = usize::from(day.weekday().number_days_from_monday());
    let month = usize::from(u8::from(day.month())) - 1;
    let tomorrow = today.next_day();
    match lang {
        Lang::Es if day == today => QuickReply::new("Hoy", "hoy"),
        Lang::Es if Some(day) == tomorrow => QuickReply::new("Mañana", "mañana"),
        Lang::Es => QuickReply::new(
            format!(
                "{} {} {}",
                WEEKDAYS_ES[weekday],
                day.day(),
                MONTHS_ES[month]
            ),
            format!("el {}", day_words(lang, day)),
        ),
        Lang::En if day == today => QuickReply::new("Today", "today"),
        Lang::En if Some(day) == tomorrow => QuickReply::new("Tomorrow", "tomorrow"),
        Lang::En => {
            let words = day_words(lang, day);
            let short: Vec<String> = words
                .split(' ')
                .map(|word| match word.parse::<u8>() {
                    Ok(_) => word.to_owned(),
                    Err(_) => word.chars().take(3).collect(),
                })
                .collect();
            QuickReply::new(short.join(" "), words)
        }
    }
}

/// "¿Con quién prefieres?": each stylist who does the services ("Con Lucía"), and anyone.
pub(super) fn stylists(who: &[&str], context: &Context<'_>, lang: Lang) -> QuickReplies {
    let mut taps: Vec<QuickReply> = who
        .iter()
        .filter_map(|id| context.staff.iter().find(|member| member.user_id == *id))
        .map(|member| {
            let first = member
                .name
                .split_whitespace()
                .next()
                .unwrap_or(&member.name);
            let said = match lang {
                Lang::Es => format!("Con {first}"),
                Lang::En => format!("With {first}"),
            };
            tap(&said, &said)
        })
        .collect();
    taps.push(match lang {
        Lang::Es => QuickReply::new("Me da igual", "Me da igual"),
        Lang::En => QuickReply::new("Anyone", "Anyone is fine"),
    });
    QuickReplies::suggest(taps)
}
