//! Messages about a cita already had or booked rather than a new one (issue 22): running late
//! to it, or something wrong with a service already done. Both are for the salon's people, so
//! the assistant says what it found and tells the team; neither is ever read as a booking.

use super::lexicon;
use super::normalize::{normalize, tokens};

/// "voy a llegar 10 minutos tarde", "llego un pelín tarde", "running 15 mins late".
pub fn running_late(text: &str) -> bool {
    let normalized = normalize(text);
    let words = tokens(&normalized);
    let arrives =
        |word: &str| word.starts_with("lleg") || matches!(word, "voy" | "vamos" | "ire" | "estare");
    // "tarde" as lateness, not the afternoon ("a las 5 de la tarde").
    let late_after = |i: usize| {
        (i + 1..words.len().min(i + 6))
            .any(|k| words[k] == "tarde" && !matches!(words[k - 1], "la" | "esta"))
    };
    let spanish = words
        .iter()
        .enumerate()
        .any(|(i, w)| arrives(w) && late_after(i))
        || words.iter().any(|w| lexicon::has(|l| l.delayed, w))
            && !words
                .iter()
                .any(|w| w.starts_with("retras") && w.ends_with("la"));
    spanish || lexicon::says(|l| l.running_late, &words)
}

/// "el tinte que me hicisteis me ha quedado naranja", "me cobrasteis de más", "quiero poner
/// una queja", "I'm not happy with my colour".
pub fn about_a_past_service(text: &str) -> bool {
    let normalized = normalize(text);
    let words = tokens(&normalized);
    lexicon::says(|l| l.past_service, &words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_late_as_typed() {
        for late in [
            "voy a llegar 10 minutos tarde a mi cita de las 13",
            "hola, el martes voy a llegar 10 min tarde a mi cita, lo siento!",
            "el martes llego un pelin tarde 🙈 el metro va fatal",
            "que voy a llegar un poquito tarde a la cita del martes",
            "voy con retraso",
            "hey running about 15 mins late for my appt",
            "I'll be a bit late, sorry",
        ] {
            assert!(running_late(late), "{late}");
        }
        for not_late in [
            "quiero cita por la tarde",
            "llego a las 5 de la tarde",
            "retrásala media hora",
            "mañana tarde",
            "i'd like a late appointment",
        ] {
            assert!(!running_late(not_late), "{not_late}");
        }
    }

    #[test]
    fn a_past_service() {
        for past in [
            "el tinte que me hicisteis me ha quedado naranja",
            "me cobrasteis 65 euros por unas mechas",
            "quiero poner una queja",
            "I'm not happy with the colour you did",
        ] {
            assert!(about_a_past_service(past), "{past}");
        }
        for not_past in [
            "quiero un tinte naranja",
            "¿me hacéis mechas?",
            "I want highlights",
        ] {
            assert!(!about_a_past_service(not_past), "{not_past}");
        }
    }
}
