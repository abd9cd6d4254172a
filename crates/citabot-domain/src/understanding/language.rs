//! Which language the visitor writes: Spanish by default, English when the message clearly is.

use super::lexicon::{EN, ES};
use super::normalize::{normalize, tokens};

/// A language the assistant answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// Spanish, the default.
    Es,
    /// English.
    En,
}

/// The message's language, or `None` when it does not say ("ok", "25/11", an email address).
///
/// Counts words typical of each language; the winner needs more than the other and at least two
/// (one for a one-word message such as "hola" or "thanks"). Accents, `ñ`, `¿` and `¡` count for
/// Spanish.
pub fn detect_language(text: &str) -> Option<Language> {
    let normalized = normalize(text);
    let words = tokens(&normalized);
    let spanish_marks = text
        .chars()
        .filter(|c| "áéíóúñ¿¡ÁÉÍÓÚÑ".contains(*c))
        .count()
        .min(2);
    let es = words
        .iter()
        .filter(|w| ES.telltale_words.contains(w))
        .count()
        + spanish_marks;
    let en = words
        .iter()
        .filter(|w| EN.telltale_words.contains(w))
        .count();
    let needed = words.len().clamp(1, 2);
    if en > es && en >= needed {
        Some(Language::En)
    } else if es > en && es >= needed {
        Some(Language::Es)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_clear_messages_only() {
        let cases = [
            (
                "I'd like to book a haircut tomorrow at 5pm",
                Some(Language::En),
            ),
            ("What time do you open?", Some(Language::En)),
            ("Can I cancel my appointment?", Some(Language::En)),
            ("hi", Some(Language::En)),
            ("thanks", Some(Language::En)),
            ("thanks a lot", Some(Language::En)),
            ("good morning", Some(Language::En)),
            ("cheers, see you", Some(Language::En)),
            ("the second one, please", Some(Language::En)),
            ("how much is a haircut", Some(Language::En)),
            (
                "quiero reservar un corte mañana a las 5",
                Some(Language::Es),
            ),
            ("¿Qué horario tenéis?", Some(Language::Es)),
            ("q horario teneis", Some(Language::Es)),
            ("hola", Some(Language::Es)),
            ("gracias", Some(Language::Es)),
            ("kiero reservar", Some(Language::Es)),
            ("necesito ayuda", Some(Language::Es)),
            ("cuánto cuesta el tinte", Some(Language::Es)),
            ("hola, I want to book for friday", Some(Language::En)),
            ("ok", None),
            ("25/11", None),
            ("ana@example.com", None),
            ("", None),
            ("no", None),
            ("tinte", None),
        ];
        for (text, want) in cases {
            assert_eq!(detect_language(text), want, "{text:?}");
        }
    }
}
