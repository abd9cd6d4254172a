//! Taps instead of typing: what each reply offers, and that every tap, sent back as the visitor's
//! message, is understood where it was offered. Same salon and day as `tests.rs`.

use std::collections::HashSet;

use super::tests::{Chat, marta};
use super::*;
use crate::quick_replies::{CardRow, QuickReplies, QuickReply, ReplyCard};

fn javier() -> Caller {
    Caller::Staff {
        user_id: "javier".into(),
        name: "Javier Gómez".into(),
    }
}

/// Sends `message` and returns the whole turn.
fn turn(chat: &mut Chat, message: &str) -> Turn {
    let turn = step(chat.state.clone(), message, &chat.context());
    chat.state = turn.state.clone();
    turn
}

fn labels(taps: &[QuickReply]) -> Vec<&str> {
    taps.iter().map(|tap| tap.label.as_str()).collect()
}

/// Every tap of the turn: its suggestions and its card's buttons.
fn taps(turn: &Turn) -> Vec<QuickReply> {
    let mut taps = turn.quick.suggestions.clone();
    if let Some(card) = &turn.quick.card {
        taps.extend(card.actions.iter().cloned());
    }
    taps
}

#[test]
fn offered_times_are_taps_and_a_tapped_time_brings_the_summary_card() {
    let mut chat = Chat::new(marta());
    let offer = turn(&mut chat, "quiero un corte de pelo el lunes 23");
    assert_eq!(
        labels(&offer.quick.suggestions),
        ["09:30", "11:45", "17:15", "19:45"],
        "{}",
        offer.reply
    );
    for tap in &offer.quick.suggestions {
        assert!(offer.reply.contains(&format!("**{}**", tap.label)));
    }
    let summary = turn(&mut chat, &offer.quick.suggestions[1].value);
    assert_eq!(chat.state.step, Step::ConfirmBooking);
    let card = summary.quick.card.expect("the summary is a card");
    assert_eq!(card.title, "Resumen de tu cita");
    assert_eq!(card.lead, None);
    // The card says what the text says, row by row.
    for row in &card.rows {
        assert!(
            summary
                .reply
                .contains(&format!("- **{}**: {}", row.label, row.value)),
            "{} — {}\n{}",
            row.label,
            row.value,
            summary.reply
        );
    }
    let rows: Vec<&str> = card.rows.iter().map(|row| row.label.as_str()).collect();
    assert_eq!(
        rows,
        ["Servicio", "Día", "Hora", "Con", "A nombre de", "Precio"]
    );
    assert!(summary.quick.suggestions.is_empty());
    assert_eq!(labels(&card.actions), ["Confirmar", "Cambiar"]);
    // "Confirmar" books.
    let confirmed = turn(&mut chat, &card.actions[0].value);
    match confirmed.action {
        Some(Action::Book(booking)) => assert_eq!(booking.start_min, 11 * 60 + 45),
        other => panic!("expected a booking, got {other:?}"),
    }
}

#[test]
fn the_cards_change_button_goes_back_to_the_times_of_that_day() {
    let mut chat = Chat::new(marta());
    let summary = turn(&mut chat, "quiero un corte de pelo el lunes 23 a las 11:45");
    let card = summary.quick.card.clone().expect("a card");
    let change = &card.actions[1];
    let again = turn(&mut chat, &change.value);
    assert_eq!(chat.state.step, Step::Booking);
    assert_eq!(
        chat.state.draft.date,
        Some(time::macros::date!(2026 - 11 - 23))
    );
    assert_eq!(chat.state.draft.service_ids, ["corte"]);
    assert!(
        again.reply.contains("lunes 23 de noviembre"),
        "{}",
        again.reply
    );
    assert_eq!(
        labels(&again.quick.suggestions),
        ["09:30", "11:45", "17:15", "19:45"]
    );
}

#[test]
fn an_answer_with_the_summary_leads_the_card() {
    let mut chat = Chat::new(marta());
    chat.profile.payment_methods = vec!["Tarjeta".into(), "Efectivo".into()];
    turn(&mut chat, "corte de pelo el lunes 23 a las 11:45");
    let asked = turn(&mut chat, "sí, ¿abrís el sábado?");
    assert_eq!(chat.state.step, Step::ConfirmBooking, "{}", asked.reply);
    let card = asked.quick.card.expect("the summary said again is a card");
    let lead = card.lead.expect("the answer leads it");
    assert!(asked.reply.starts_with(&lead), "{lead}\n{}", asked.reply);
    assert!(lead.contains("sábado"), "{lead}");
}

#[test]
fn the_summary_asked_again_without_its_rows_offers_the_buttons() {
    let mut chat = Chat::new(marta());
    turn(&mut chat, "corte de pelo el lunes 23 a las 11:45");
    let thanks = turn(&mut chat, "gracias");
    assert_eq!(chat.state.step, Step::ConfirmBooking, "{}", thanks.reply);
    assert!(!thanks.reply.contains("- **Hora**"), "{}", thanks.reply);
    assert_eq!(thanks.quick.card, None);
    assert_eq!(labels(&thanks.quick.suggestions), ["Confirmar", "Cambiar"]);
}

#[test]
fn the_services_are_taps_when_the_service_is_asked() {
    let mut chat = Chat::new(Caller::Guest);
    let asked = turn(&mut chat, "quiero reservar");
    assert_eq!(
        labels(&asked.quick.suggestions),
        ["Corte de pelo", "Tinte", "Arreglo de barba", "Manicura"]
    );
    let chosen = turn(&mut chat, &asked.quick.suggestions[1].value);
    assert_eq!(chat.state.draft.service_ids, ["tinte"], "{}", chosen.reply);
}

#[test]
fn free_days_are_taps_when_the_day_is_asked() {
    let mut chat = Chat::new(marta());
    let asked = turn(&mut chat, "quiero un corte de pelo");
    // Friday the 20th at 09:00: today still has room, then Saturday, Monday and Tuesday
    // (the demo salon closes on Sundays).
    assert_eq!(
        labels(&asked.quick.suggestions),
        ["Hoy", "Mañana", "lun 23 nov", "mar 24 nov"],
        "{}",
        asked.reply
    );
    let monday = turn(&mut chat, &asked.quick.suggestions[2].value);
    assert_eq!(
        chat.state.draft.date,
        Some(time::macros::date!(2026 - 11 - 23))
    );
    assert!(!monday.quick.suggestions.is_empty(), "{}", monday.reply);
}

#[test]
fn a_long_service_name_is_cut_on_its_button_and_sent_whole() {
    let mut chat = Chat::new(marta());
    let long = format!("Tratamiento {}", "muy especial ".repeat(10))
        .trim()
        .to_owned();
    chat.services[0].name = long.clone();
    let asked = turn(&mut chat, "quiero reservar");
    let tap = &asked.quick.suggestions[0];
    assert_eq!(tap.label.chars().count(), QuickReply::MAX_LABEL_CHARS);
    assert!(tap.label.ends_with('…'));
    assert_eq!(tap.value, long);
}

#[test]
fn in_english_the_taps_are_english() {
    let mut chat = Chat::new(Caller::Guest);
    let asked = turn(&mut chat, "I'd like a haircut on Monday 23");
    assert_eq!(chat.state.language, Lang::En);
    assert_eq!(asked.quick.suggestions[0].value, "At 09:30");
    turn(&mut chat, "At 11:45");
    turn(&mut chat, "Ann Lee");
    let summary = turn(&mut chat, "ann@example.com");
    let card = summary.quick.card.expect("a card");
    assert_eq!(card.title, "Your booking");
    assert_eq!(labels(&card.actions), ["Confirm", "Change"]);
    let idle = Chat::new(Caller::Guest);
    let mut idle = idle;
    let hello = turn(&mut idle, "hi there");
    assert_eq!(
        labels(&hello.quick.suggestions),
        ["Book an appointment", "Talk to a person"]
    );
}

#[test]
fn staff_are_never_offered_a_person_and_a_hand_off_offers_nothing() {
    let mut staff = Chat::new(javier());
    let hello = turn(&mut staff, "hola");
    assert_eq!(labels(&hello.quick.suggestions), ["Reservar cita"]);
    let mut guest = Chat::new(Caller::Guest);
    let hello = turn(&mut guest, "hola");
    assert_eq!(
        labels(&hello.quick.suggestions),
        ["Reservar cita", "Hablar con una persona"]
    );
    let person = turn(&mut guest, &hello.quick.suggestions[1].value);
    assert!(person.wants_person, "{}", person.reply);
    assert!(person.quick.is_empty());
}

#[test]
fn choosing_a_cita_to_cancel_is_a_tap_and_so_is_the_yes() {
    let mut chat = Chat::new(marta());
    chat.agenda.push(super::tests::cita(
        "c-4",
        "javier",
        "k-marta",
        time::macros::date!(2026 - 11 - 26),
        600,
        645,
    ));
    let which = turn(&mut chat, "quiero cancelar mi cita");
    assert!(
        matches!(chat.state.step, Step::ChooseCancel(_)),
        "{}",
        which.reply
    );
    let citas = labels(&which.quick.suggestions);
    assert_eq!(citas.len(), 2, "{citas:?}");
    assert!(
        citas[1].starts_with("jueves 26 de noviembre, 10:00"),
        "{citas:?}"
    );
    let sure = turn(&mut chat, &which.quick.suggestions[1].value);
    assert_eq!(
        chat.state.step,
        Step::ConfirmCancel("c-4".into()),
        "{}",
        sure.reply
    );
    assert_eq!(
        labels(&sure.quick.suggestions),
        ["Sí, cancélala", "No, mantenerla"]
    );
    let done = turn(&mut chat, &sure.quick.suggestions[0].value);
    assert_eq!(
        done.action,
        Some(Action::Cancel {
            cita_id: "c-4".into()
        })
    );
}

#[test]
fn a_change_of_part_asks_for_that_part_again_and_keeps_the_rest() {
    let summary_then = |said: &str| {
        let mut chat = Chat::new(marta());
        turn(&mut chat, "corte de pelo el lunes 23 a las 11:45");
        assert_eq!(chat.state.step, Step::ConfirmBooking);
        let again = turn(&mut chat, said);
        (chat, again)
    };
    for said in ["otra hora", "Quiero cambiar la hora", "mejor a otra hora"] {
        let (chat, again) = summary_then(said);
        // Marta has a cita on the 24th: "cambiar la hora" here is this booking's, not that one.
        assert_eq!(chat.state.draft.moving, None, "{said}");
        assert!(
            again.reply.contains("lunes 23 de noviembre"),
            "{said}: {}",
            again.reply
        );
        assert!(!again.quick.suggestions.is_empty(), "{said}");
    }
    let (chat, again) = summary_then("otro día");
    assert_eq!(chat.state.draft.date, None);
    assert_eq!(chat.state.draft.service_ids, ["corte"]);
    assert!(
        again.reply.contains("otro día para corte de pelo"),
        "{}",
        again.reply
    );
    assert!(
        !again.quick.suggestions.is_empty(),
        "the free days: {}",
        again.reply
    );
    let (chat, again) = summary_then("cámbiame el servicio");
    assert!(chat.state.draft.service_ids.is_empty());
    assert_eq!(
        chat.state.draft.date,
        Some(time::macros::date!(2026 - 11 - 23))
    );
    assert!(again.reply.contains("¿Qué servicio"), "{}", again.reply);
    let (mut chat, again) = summary_then("cambiar");
    assert!(
        again.reply.contains("¿Qué quieres cambiar"),
        "{}",
        again.reply
    );
    assert_eq!(
        labels(&again.quick.suggestions),
        ["El servicio", "El día", "La hora"]
    );
    let times = turn(&mut chat, "la hora");
    assert!(times.reply.contains("**09:30**"), "{}", times.reply);
}

/// Walks every tap from several openings, breadth first, and checks that each is understood
/// where it was offered: never "no te he entendido", and the conversation moves (its step or
/// draft changes, or an action is decided).
#[test]
fn every_tap_is_understood_where_it_is_offered() {
    let openings: [(Caller, &str); 5] = [
        (Caller::Guest, "hola"),
        (marta(), "hola"),
        (javier(), "hola"),
        (Caller::Guest, "hi"),
        (marta(), "quiero cancelar mi cita"),
    ];
    let mut checked = 0;
    for (caller, opening) in openings {
        let mut chat = Chat::new(caller);
        let first = turn(&mut chat, opening);
        let not_understood = [
            Replies::new(Lang::Es, &chat.context()).not_understood(),
            Replies::new(Lang::En, &chat.context()).not_understood(),
        ];
        let mut queue = vec![(chat.state.clone(), first, 0)];
        let mut seen = HashSet::new();
        while let Some((state, shown, depth)) = queue.pop() {
            if depth > 8 {
                continue;
            }
            fits_the_widget(&shown.quick);
            for tap in taps(&shown) {
                if !seen.insert(format!("{state:?}{}", tap.value)) {
                    continue;
                }
                chat.state = state.clone();
                let next = turn(&mut chat, &tap.value);
                checked += 1;
                assert!(
                    !not_understood.contains(&next.reply),
                    "{opening}: {:?} at {:?} was not understood",
                    tap.value,
                    state.step
                );
                assert!(
                    next.action.is_some() || next.wants_person || next.state != state,
                    "{opening}: {:?} changed nothing at {:?}: {}",
                    tap.value,
                    state.step,
                    next.reply
                );
                let mut next = next;
                // A guest's details are typed, not tapped.
                for typed in ["Ana López", "ana@ejemplo.es"] {
                    if taps(&next).is_empty() && next.action.is_none() && !next.wants_person {
                        next = turn(&mut chat, typed);
                    }
                }
                if next.action.is_none() {
                    queue.push((chat.state.clone(), next, depth + 1));
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} taps were walked");
}

/// What the widget keeps: a tap, row or card past these limits would be dropped there.
fn fits_the_widget(quick: &QuickReplies) {
    let within = |text: &str, max: usize| !text.trim().is_empty() && text.chars().count() <= max;
    assert!(quick.suggestions.len() <= QuickReplies::MAX_SUGGESTIONS);
    let taps = quick
        .suggestions
        .iter()
        .chain(quick.card.iter().flat_map(|card| &card.actions));
    for tap in taps {
        assert!(within(&tap.label, QuickReply::MAX_LABEL_CHARS), "{tap:?}");
        assert!(within(&tap.value, QuickReply::MAX_VALUE_CHARS), "{tap:?}");
    }
    if let Some(card) = &quick.card {
        assert!(within(&card.title, ReplyCard::MAX_TITLE_CHARS), "{card:?}");
        assert!(
            card.lead
                .as_ref()
                .is_none_or(|lead| lead.chars().count() <= ReplyCard::MAX_LEAD_CHARS)
        );
        assert!(
            card.rows.len() <= ReplyCard::MAX_ROWS && card.actions.len() <= ReplyCard::MAX_ACTIONS
        );
        for CardRow { label, value } in &card.rows {
            assert!(
                within(label, CardRow::MAX_LABEL_CHARS) && within(value, CardRow::MAX_VALUE_CHARS),
                "{label}: {value}"
            );
        }
    }
}

#[test]
fn later_and_earlier_move_the_offer_around_the_time_chosen() {
    let at_summary = |said: &str| {
        let mut chat = Chat::new(marta());
        turn(&mut chat, "quiero un corte de pelo el lunes 23 a las 11:45");
        let moved = turn(&mut chat, said);
        (chat, moved)
    };
    for said in ["más tarde", "prefiero más tarde", "later"] {
        let (chat, moved) = at_summary(said);
        assert_eq!(chat.state.step, Step::Booking, "{said}: {}", moved.reply);
        let offered = labels(&moved.quick.suggestions);
        assert!(!offered.is_empty(), "{said}: {}", moved.reply);
        assert!(
            offered.iter().all(|time| *time > "11:45"),
            "{said}: {offered:?}"
        );
    }
    let (_, moved) = at_summary("algo más pronto");
    let offered = labels(&moved.quick.suggestions);
    assert!(!offered.is_empty(), "{}", moved.reply);
    assert!(offered.iter().all(|time| *time < "11:45"), "{offered:?}");
}

#[test]
fn none_of_the_offered_times_asks_which_time_with_the_days_hours() {
    for said in ["ninguna me va bien", "esa no, otra", "no me va ninguna"] {
        let mut chat = Chat::new(marta());
        turn(&mut chat, "quiero un corte de pelo el lunes 23");
        let asked = turn(&mut chat, said);
        assert!(
            asked.reply.contains("¿A qué hora te vendría bien?"),
            "{said}: {}",
            asked.reply
        );
        assert!(
            asked.reply.contains("de 09:30 a 14:00"),
            "{said}: {}",
            asked.reply
        );
        // The offer still stands, to tap.
        assert_eq!(labels(&asked.quick.suggestions).len(), 4, "{said}");
    }
}

#[test]
fn another_stylist_is_asked_with_a_tap_for_each() {
    let mut chat = Chat::new(marta());
    turn(&mut chat, "quiero un corte de pelo el lunes 23 a las 11:45");
    assert_eq!(
        chat.state.draft.slot.as_ref().map(|slot| slot.0.as_str()),
        Some("javier")
    );
    let asked = turn(&mut chat, "con otra persona");
    assert!(
        asked.reply.contains("¿Con quién prefieres?"),
        "{}",
        asked.reply
    );
    assert_eq!(
        labels(&asked.quick.suggestions),
        ["Con Lucía", "Con Javier", "Me da igual"]
    );
    let lucia = turn(&mut chat, &asked.quick.suggestions[0].value);
    assert_eq!(
        chat.state.draft.stylist.as_deref(),
        Some("lucia"),
        "{}",
        lucia.reply
    );
    // Asking for a person is never read as another stylist.
    let mut chat = Chat::new(marta());
    turn(&mut chat, "quiero un corte de pelo el lunes 23 a las 11:45");
    assert!(turn(&mut chat, "quiero hablar con otra persona").wants_person);
}

#[test]
fn a_refused_time_is_not_refused_again_to_a_message_that_picks_nothing() {
    let mut chat = Chat::new(Caller::Guest);
    // 40 minutes of manicura do not fit before 14:00.
    let refused = turn(&mut chat, "manicura el lunes 23 a las 13:30");
    assert!(refused.reply.contains("no da tiempo"), "{}", refused.reply);
    for said in ["Elena Soto", "vale", "hmm"] {
        let again = turn(&mut chat, said);
        assert!(
            !again.reply.contains("no da tiempo"),
            "{said}: {}",
            again.reply
        );
    }
    // A new day keeps the wished time.
    let mut chat = Chat::new(Caller::Guest);
    turn(&mut chat, "manicura el lunes 23 a las 13:30");
    turn(&mut chat, "¿y el martes?");
    assert_eq!(chat.state.draft.time, Some(Wish::At(13 * 60 + 30)));
}
