//! Which part of the booking being put together the visitor wants changed, said without the new
//! value: "otra hora", "cambiar el día", "otro servicio", "another time", or a bare "cambiar".
//! ("a las 18:30" or "mejor el martes" give the new value and are read as those facts.)

use super::normalize::{normalize, tokens};

/// A part of a booking in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingPart {
    Service,
    Day,
    Time,
    /// "cambiar", "quiero cambiar algo": which part is still to be asked.
    Unsaid,
}

/// Words that say something else is wanted, before the part they change.
const CHANGE_WORDS: &[&str] = &[
    "otra",
    "otro",
    "otras",
    "otros",
    "cambiar",
    "cambia",
    "cambiame",
    "cambiarla",
    "cambiarlo",
    "cambio",
    "distinta",
    "distinto",
    "diferente",
    "another",
    "other",
    "different",
    "change",
];

/// Words that fill a request without changing what it asks ("quiero cambiar algo, porfa").
const FILLER: &[&str] = &[
    "quiero",
    "quisiera",
    "prefiero",
    "mejor",
    "pues",
    "algo",
    "la",
    "el",
    "lo",
    "de",
    "porfa",
    "por",
    "favor",
    "i",
    "want",
    "to",
    "would",
    "like",
    "something",
    "it",
    "please",
    "the",
    "a",
    "an",
    "ver",
    "see",
    "show",
    "me",
];

fn part_of(word: &str) -> Option<BookingPart> {
    match word {
        "hora" | "horas" | "horario" | "time" | "times" | "slot" => Some(BookingPart::Time),
        "dia" | "dias" | "fecha" | "day" | "date" => Some(BookingPart::Day),
        "servicio" | "servicios" | "service" | "services" => Some(BookingPart::Service),
        _ => None,
    }
}

/// The part a message asks to change: a change word before a part ("otra hora", "cambiar el
/// día") or a bare change verb. Only short messages count: a sentence that merely contains the
/// words ("¿a qué hora cambiáis de turno?") is something else.
pub fn change_asked(message: &str) -> Option<BookingPart> {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    if words.is_empty() || words.len() > 8 || message.contains('?') {
        return None;
    }
    let change_at = words.iter().position(|word| CHANGE_WORDS.contains(word))?;
    let part = words[change_at + 1..].iter().find_map(|word| part_of(word));
    if let Some(part) = part {
        return Some(part);
    }
    // Only the verb and filler: "cambiar", "quiero cambiar algo".
    let bare = words
        .iter()
        .all(|word| FILLER.contains(word) || CHANGE_WORDS.contains(word));
    (bare && words[change_at].starts_with("cambi") || bare && words[change_at] == "change")
        .then_some(BookingPart::Unsaid)
}

/// A part named alone, the answer to "¿qué quieres cambiar?": "la hora", "el día", "the service".
pub fn part_named(message: &str) -> Option<BookingPart> {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    let mut parts = words.iter().filter(|word| !FILLER.contains(word));
    let part = part_of(parts.next()?)?;
    parts.next().is_none().then_some(part)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "quiero cambiar de peluquero",
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
