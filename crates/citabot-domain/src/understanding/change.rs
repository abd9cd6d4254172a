//! Which part of the booking being put together the visitor wants changed, said without the new
//! value: "otra hora", "cambiar el día", "otro servicio", "another time", or a bare "cambiar".
//! ("a las 18:30" or "mejor el martes" give the new value and are read as those facts.)

use super::lexicon;
use super::normalize::{normalize, number_at, tokens};

/// A part of a booking in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingPart {
    Service,
    Day,
    Time,
    /// "más tarde", "later": a time after the one chosen or offered.
    Later,
    /// "más pronto", "earlier": a time before it.
    Earlier,
    /// "otro estilista", "con otra persona".
    Stylist,
    /// "cambiar", "quiero cambiar algo": which part is still to be asked.
    Unsaid,
}

/// The part of a booking `word` names, if any.
fn part_of(word: &str) -> Option<BookingPart> {
    lexicon::all(|l| l.booking_parts)
        .find(|(_, words)| words.contains(&word))
        .map(|(part, _)| *part)
}

/// Whole short answers that refuse what was offered or ask to move it, by their words.
fn said_as_a_whole(words: &[&str]) -> Option<BookingPart> {
    let has = |word: &str| words.contains(&word);
    // Only a short answer made of these words asks to move the time.
    let short_answer = words
        .iter()
        .all(|word| lexicon::has(|l| l.move_answer_words, word));
    // "más tarde", "un poco más tarde", "algo más pronto", "later", "earlier please".
    if short_answer && (has("tarde") && (has("mas") || has("despues")) || has("later")) {
        return Some(BookingPart::Later);
    }
    if short_answer
        && ((has("pronto") || has("temprano") || has("antes")) && has("mas") || has("earlier"))
    {
        return Some(BookingPart::Earlier);
    }
    // "ninguna", "no me va ninguna", "esa no, otra", "none of them".
    if has("ninguna")
        || has("ninguno")
        || has("none")
        || words == ["otra"]
        || words.ends_with(&["no", "otra"])
    {
        return Some(BookingPart::Time);
    }
    // "no puedo ese día", "ese día no"; "no puedo a esa hora", "esa hora no".
    if has("ese") && has("dia") && has("no") || has("that") && has("day") {
        return Some(BookingPart::Day);
    }
    if has("esa") && has("hora") && has("no") || has("that") && has("time") {
        return Some(BookingPart::Time);
    }
    None
}

/// The part a message asks to change: a change word before a part ("otra hora", "cambiar el
/// día") or a bare change verb. Only short messages count: a sentence that merely contains the
/// words ("¿a qué hora cambiáis de turno?") is something else.
pub fn change_asked(message: &str) -> Option<BookingPart> {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    if words.is_empty() || words.len() > 8 {
        return None;
    }
    // "¿más tarde no hay?" asks for the same as "más tarde".
    if let Some(part) = said_as_a_whole(&words) {
        return Some(part);
    }
    if message.contains('?') {
        return None;
    }
    let change_at = words
        .iter()
        .position(|word| lexicon::has(|l| l.change_words, word))?;
    let part = words[change_at + 1..].iter().find_map(|word| part_of(word));
    if let Some(part) = part {
        return Some(part);
    }
    // Only the verb and filler: "cambiar", "quiero cambiar algo".
    let bare = words.iter().all(|word| {
        lexicon::has(|l| l.change_filler, word) || lexicon::has(|l| l.change_words, word)
    });
    let verb = words[change_at];
    (bare && (verb.starts_with("cambi") || verb == "change")).then_some(BookingPart::Unsaid)
}

/// A part named alone, the answer to "¿qué quieres cambiar?": "la hora", "el día", "the service".
pub fn part_named(message: &str) -> Option<BookingPart> {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    let mut parts = words
        .iter()
        .filter(|word| !lexicon::has(|l| l.change_filler, word));
    let part = part_of(parts.next()?)?;
    parts.next().is_none().then_some(part)
}

/// "el martes a la misma hora", "same time on Friday": the time kept from what is being changed
/// (the cita being moved, or the time already chosen), said instead of a clock time.
pub fn same_time_asked(message: &str) -> bool {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    // "el lunes a la misma": the hour left unsaid, at the end of the message.
    lexicon::says(|l| l.same_time, &words) || words.ends_with(&["a", "la", "misma"])
}

/// A move by an amount from the cita's own time, in minutes, later positive: "retrásala media
/// hora" (+30), "push it back an hour" (+60), "adelántala 15 minutos" (-15), "una hora antes"
/// (-60). Both an amount and a direction must be said; a clock time is not a shift.
pub fn time_shift(message: &str) -> Option<i32> {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    let has = |word: &str| words.contains(&word);
    let starts = |prefix: &str| words.iter().any(|word| word.starts_with(prefix));
    let later = starts("retras")
        || starts("atras")
        || has("later")
        || has("back")
        || (has("mas") || has("despues")) && has("tarde");
    let earlier = starts("adelant")
        || has("earlier")
        || has("forward")
        || has("antes")
        || has("mas") && has("pronto");
    let direction = match (later, earlier) {
        (true, false) => 1,
        (false, true) => -1,
        _ => return None,
    };
    Some(direction * shift_amount(&words)?)
}

/// The amount of [`time_shift`]: "media hora", "una hora y media", "45 minutos", "2 horas",
/// "half an hour", "an hour", "20 min", "un cuarto de hora" (at most 600 minutes).
fn shift_amount(words: &[&str]) -> Option<i32> {
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    for i in 0..words.len() {
        match (at(i), at(i + 1), at(i + 2), at(i + 3)) {
            ("media", "hora", ..) | ("half", "an", "hour", _) => return Some(30),
            ("cuarto", "de", "hora", _) | ("quarter", "of", "an", "hour") => return Some(15),
            _ => {}
        }
        // "an hour", "una hora", "2 horas", "veinte minutos".
        let counted = match at(i) {
            "an" | "a" => Some((1, 1)),
            _ => number_at(words, i),
        };
        let Some((count, used)) = counted.and_then(|(count, used)| {
            let count = i32::try_from(count)
                .ok()
                .filter(|n| (1..=600).contains(n))?;
            Some((count, used))
        }) else {
            continue;
        };
        let unit = i + used;
        match at(unit) {
            "hora" | "horas" | "hour" | "hours" => {
                // "una hora y media", "an hour and a half".
                let half = matches!((at(unit + 1), at(unit + 2)), ("y", "media") | ("and", "a"));
                return Some(count * 60 + if half { 30 } else { 0 });
            }
            "minutos" | "minuto" | "min" | "mins" | "minutes" | "minute" => return Some(count),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_needs_an_amount_and_a_direction() {
        for (said, minutes) in [
            ("retrásala media hora porfa", 30),
            ("could you push my appointment back an hour?", 60),
            ("adelántala 15 minutos", -15),
            ("¿me la pones una hora antes?", -60),
            ("media hora más tarde", 30),
            ("una hora y media más tarde", 90),
            ("can you move it 30 minutes earlier", -30),
            ("push it back half an hour", 30),
            ("retrasa la cita 2 horas", 120),
            ("un cuarto de hora más tarde", 15),
            ("la del 2026 retrásala 20 minutos", 20),
        ] {
            assert_eq!(time_shift(said), Some(minutes), "{said}");
        }
        for said in [
            "más tarde",
            "a las 5 de la tarde",
            "retrásala",
            "una hora",
            "llego tarde",
            "¿cuánto dura? una hora?",
        ] {
            assert_eq!(time_shift(said), None, "{said}");
        }
    }

    #[test]
    fn the_same_time_is_asked_by_those_words_only() {
        for said in [
            "mejor el martes a la misma hora",
            "el lunes a la misma",
            "¿puede ser el jueves a la misma hora?",
            "mismo horario pero el viernes",
            "same time on Friday",
        ] {
            assert!(same_time_asked(said), "{said}");
        }
        for said in [
            "a la hora de siempre no",
            "¿a qué hora abrís?",
            "la misma persona",
            "el martes",
            "sometime on Friday",
        ] {
            assert!(!same_time_asked(said), "{said}");
        }
    }

    #[test]
    fn a_change_word_before_a_part_asks_to_change_it() {
        for (said, part) in [
            ("otra hora", BookingPart::Time),
            ("Quiero otra hora", BookingPart::Time),
            ("cambiar la hora", BookingPart::Time),
            ("mejor a otra hora", BookingPart::Time),
            ("ver otras horas", BookingPart::Time),
            ("another time please", BookingPart::Time),
            ("otro día", BookingPart::Day),
            ("cámbiame el día porfa", BookingPart::Day),
            ("mejor otra fecha", BookingPart::Day),
            ("a different day", BookingPart::Day),
            ("otro servicio", BookingPart::Service),
            ("change the service", BookingPart::Service),
            ("cambiar", BookingPart::Unsaid),
            ("Quiero cambiar algo", BookingPart::Unsaid),
            ("change it", BookingPart::Unsaid),
            ("más tarde", BookingPart::Later),
            ("¿más tarde no hay?", BookingPart::Later),
            ("un poco más tarde", BookingPart::Later),
            ("later please", BookingPart::Later),
            ("algo más pronto", BookingPart::Earlier),
            ("mas temprano", BookingPart::Earlier),
            ("earlier", BookingPart::Earlier),
            ("ninguna me va bien", BookingPart::Time),
            ("no me va ninguna", BookingPart::Time),
            ("esa no, otra", BookingPart::Time),
            ("none of them", BookingPart::Time),
            ("no puedo a esa hora", BookingPart::Time),
            ("no puedo ese día", BookingPart::Day),
            ("ese día no", BookingPart::Day),
            ("that day doesn't work", BookingPart::Day),
            ("con otra persona", BookingPart::Stylist),
            ("otro estilista", BookingPart::Stylist),
            ("cambiar de peluquera", BookingPart::Stylist),
            ("a different stylist", BookingPart::Stylist),
        ] {
            assert_eq!(change_asked(said), Some(part), "{said}");
        }
    }

    #[test]
    fn other_sentences_with_the_words_are_not_changes() {
        for said in [
            "¿a qué hora cambiáis de turno?",
            "hola",
            "a las 10",
            "la hora",
            "cambiar mi cita del martes a otra hora porque no puedo ir ese día",
            "otra cosa",
            "quiero cambiar de coche",
            "esta tarde",
            "por la tarde",
            "¿abrís más tarde los viernes?",
        ] {
            assert_eq!(change_asked(said), None, "{said}");
        }
    }

    #[test]
    fn a_part_named_alone_answers_which_to_change() {
        for (said, part) in [
            ("la hora", BookingPart::Time),
            ("Hora", BookingPart::Time),
            ("el día", BookingPart::Day),
            ("la fecha", BookingPart::Day),
            ("el servicio", BookingPart::Service),
            ("the time", BookingPart::Time),
        ] {
            assert_eq!(part_named(said), Some(part), "{said}");
        }
        for said in ["la hora de cierre", "Lucía", "sí", ""] {
            assert_eq!(part_named(said), None, "{said}");
        }
    }
}
