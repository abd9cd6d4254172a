//! A guest's details: email, phone and name, as they type them in a sentence.

use super::lexicon;
use super::normalize::normalize;
use crate::account::Phone;

/// The first valid email address in the text, lowercased. Valid means a plain `local@domain.tld`:
/// ASCII letters, digits and `._%+-` before the `@`, no leading, trailing or doubled dots, and a
/// domain of dot-separated labels ending in a letters-only top-level domain.
pub fn extract_email(text: &str) -> Option<String> {
    typed_email(text).or_else(|| spoken_email(text).map(|(address, _)| address))
}

/// The first valid address typed as one ("ana@correo.es"), lowercased.
pub(crate) fn typed_email(text: &str) -> Option<String> {
    text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ',' | ';' | '<' | '>' | '(' | ')' | '"' | '\'' | '¿' | '?' | '¡' | '!' | ':'
            )
    })
    .map(|w| w.trim_end_matches('.').to_lowercase())
    .find(|w| valid_email(w))
}

/// An address said in words, as a dictating phone writes it: "lauren price at gmail dot com"
/// (laurenprice@gmail.com), "ana punto lopez arroba correo punto es" (ana.lopez@correo.es).
/// The domain needs a "dot"; the name is the words before "at", back to one that introduces it
/// ("my email is", "mi correo es"). With the words it was read from, so they are no intent.
pub(crate) fn spoken_email(text: &str) -> Option<(String, String)> {
    if text.contains('@') {
        return None;
    }
    let normalized = normalize(text);
    let words: Vec<&str> = normalized.split(' ').filter(|w| !w.is_empty()).collect();
    let at = words.iter().rposition(|w| matches!(*w, "at" | "arroba"))?;
    let spelled = |word: &str| match word {
        "dot" | "punto" => Some("."),
        "dash" | "guion" | "hyphen" => Some("-"),
        "underscore" => Some("_"),
        _ if word.bytes().all(|b| b.is_ascii_alphanumeric()) => None,
        _ => Some(""),
    };
    let mut domain = String::new();
    for word in &words[at + 1..] {
        match spelled(word) {
            Some("") => break,
            Some(mark) => domain.push_str(mark),
            None => domain.push_str(word),
        }
    }
    let local_from = words[..at]
        .iter()
        .rposition(|word| lexicon::has(|l| l.introduces_address, word) || spelled(word) == Some(""))
        .map_or(0, |at| at + 1)
        .max(at.saturating_sub(5));
    let local: String = words[local_from..at]
        .iter()
        .map(|word| spelled(word).unwrap_or(word))
        .collect();
    let address = format!("{local}@{domain}");
    (domain.contains('.') && valid_email(&address))
        .then(|| (address, words[local_from..].join(" ")))
}

fn valid_email(w: &str) -> bool {
    let Some((local, domain)) = w.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._%+-".contains(&b))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && domain.len() <= 253
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()));
    local_ok && domain_ok
}

/// What the visitor meant as an email but is not a valid one ("ana@ejemplo", "ana@@x.es"), as
/// typed, so the assistant can say so instead of asking again as if nothing was said. `None`
/// when the text holds a valid email or nothing with an `@`.
pub fn invalid_email(text: &str) -> Option<String> {
    if extract_email(text).is_some() {
        return None;
    }
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '<' | '>' | '(' | ')'))
        .map(|word| word.trim_end_matches(['.', '?', '!']))
        .find(|word| word.contains('@'))
        .map(str::to_owned)
}

/// Digits given as a phone ("mi teléfono es 61234", "tel 00 12") that do not make a valid
/// number, as typed. Only after a word that says a phone follows, so dates, times and prices
/// are never taken for a failed phone. `None` when the text holds a valid phone.
pub fn invalid_phone(text: &str) -> Option<String> {
    if extract_phone(text).is_some() {
        return None;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|word| {
        lexicon::has(
            |l| l.says_phone,
            normalize(word.trim_end_matches([':', ',', '.'])).as_str(),
        )
    })?;
    // The digits after the keyword and a few filler words ("es", "el", "is").
    let digits: String = words[at + 1..]
        .iter()
        .skip_while(|word| !word.starts_with(|c: char| c.is_ascii_digit() || c == '+'))
        .take_while(|word| {
            word.trim_end_matches([',', '.'])
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | '(' | ')'))
        })
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let digits = digits.trim_end_matches([',', '.']);
    (digits.chars().any(|c| c.is_ascii_digit())).then(|| digits.to_owned())
}

/// The first phone number in the text, normalised to E.164 (`+34612345678`).
///
/// Spanish numbers are nine digits starting with 6, 7, 8 or 9, with or without `+34` / `0034`,
/// grouped by spaces, dots or dashes. Other countries' numbers need their `+` (or `00`) prefix
/// and 8 to 15 digits. Digits joined by `/` or `:` (dates, times) never form a number, and a run
/// of digits that is too long or too short is not cut down to fit.
pub fn extract_phone(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() || chars[i] == '+' || chars[i] == '(';
        let glued = i > 0
            && (chars[i - 1].is_alphanumeric()
                || matches!(chars[i - 1], '/' | ':' | '.' | ',' | '-'));
        if !starts || glued {
            i += 1;
            continue;
        }
        let (run, end) = digit_run(&chars, i);
        if let Some(phone) = phone_from(&run) {
            return Some(phone);
        }
        i = end.max(i + 1);
    }
    spoken_digits(text).and_then(|digits| phone_from(&digits))
}

/// A phone number said in words, as dictation writes it ("seis uno dos tres cuatro…", "seis
/// cinco cinco doce treinta y cuatro cincuenta y seis", "six one two…"): the digits of the
/// longest run of number words, when they are as many as a phone has (9 to 12).
fn spoken_digits(text: &str) -> Option<String> {
    let normalized = normalize(text);
    let words = super::normalize::tokens(&normalized);
    let unit = |word: &str| -> Option<u8> {
        Some(match word {
            "cero" | "zero" | "oh" => 0,
            "uno" | "un" | "una" | "one" => 1,
            "dos" | "two" => 2,
            "tres" | "three" => 3,
            "cuatro" | "four" => 4,
            "cinco" | "five" => 5,
            "seis" | "six" => 6,
            "siete" | "seven" => 7,
            "ocho" | "eight" => 8,
            "nueve" | "nine" => 9,
            _ => return None,
        })
    };
    let whole = |word: &str| -> Option<u8> {
        Some(match word {
            "diez" | "ten" => 10,
            "once" | "eleven" => 11,
            "doce" | "twelve" => 12,
            "trece" | "thirteen" => 13,
            "catorce" | "fourteen" => 14,
            "quince" | "fifteen" => 15,
            "dieciseis" | "sixteen" => 16,
            "diecisiete" | "seventeen" => 17,
            "dieciocho" | "eighteen" => 18,
            "diecinueve" | "nineteen" => 19,
            "veinte" => 20,
            "veintiuno" => 21,
            "veintidos" => 22,
            "veintitres" => 23,
            "veinticuatro" => 24,
            "veinticinco" => 25,
            "veintiseis" => 26,
            "veintisiete" => 27,
            "veintiocho" => 28,
            "veintinueve" => 29,
            _ => return None,
        })
    };
    let tens = |word: &str| -> Option<u8> {
        Some(match word {
            "twenty" => 20,
            "treinta" | "thirty" => 30,
            "cuarenta" | "forty" => 40,
            "cincuenta" | "fifty" => 50,
            "sesenta" | "sixty" => 60,
            "setenta" | "seventy" => 70,
            "ochenta" | "eighty" => 80,
            "noventa" | "ninety" => 90,
            _ => return None,
        })
    };
    let mut best = String::new();
    let mut run = String::new();
    let mut i = 0;
    while i <= words.len() {
        let word = words.get(i).copied().unwrap_or("");
        if let Some(ten) = tens(word) {
            // "treinta y cuatro", "thirty four": one group of two digits.
            let (joined, used) = match (words.get(i + 1), words.get(i + 2)) {
                (Some(&"y"), Some(next)) if unit(next).is_some() => (ten + unit(next)?, 3),
                (Some(next), _) if unit(next).is_some() => (ten + unit(next)?, 2),
                _ => (ten, 1),
            };
            run.push_str(&joined.to_string());
            i += used;
            continue;
        }
        if let Some(number) = whole(word) {
            run.push_str(&number.to_string());
        } else if let Some(digit) = unit(word) {
            run.push(char::from(b'0' + digit));
        } else if matches!(word, "doble" | "double")
            && let Some(digit) = words.get(i + 1).and_then(|next| unit(next))
        {
            run.push(char::from(b'0' + digit));
            run.push(char::from(b'0' + digit));
            i += 2;
            continue;
        } else {
            if run.len() > best.len() {
                best = std::mem::take(&mut run);
            }
            run.clear();
        }
        i += 1;
    }
    (9..=12).contains(&best.len()).then_some(best)
}

/// The digits of a phone-like run starting at `start` (keeping a leading `+`), and where it ends.
/// Single spaces, dots, dashes and parentheses may separate digit groups; anything else ends it.
fn digit_run(chars: &[char], start: usize) -> (String, usize) {
    let mut run = String::new();
    let mut i = start;
    if chars[i] == '+' {
        run.push('+');
        i += 1;
    }
    let mut last_digit_end = i;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            run.push(c);
            i += 1;
            last_digit_end = i;
        } else if matches!(c, ' ' | '.' | '-' | '(' | ')')
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_digit() || *n == '(' || (c == ')' && *n == ' '))
        {
            i += 1;
        } else {
            break;
        }
    }
    // A run glued to letters, a slash or a colon is part of something else (a date, a time, a
    // reference code).
    if chars
        .get(last_digit_end)
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '/' | ':' | '€' | '%'))
    {
        return (String::new(), last_digit_end);
    }
    (run, last_digit_end)
}

fn phone_from(run: &str) -> Option<String> {
    Phone::from_compact(run).map(|phone| phone.as_str().to_owned())
}

/// `message` without the words of `name` ("me llamo Lauren Price, ¿precio?" keeps its question,
/// and the name's "Price" is no question about prices).
pub fn without_name(message: &str, name: Option<&str>) -> String {
    let Some(name) = name else {
        return message.to_owned();
    };
    let name_words: Vec<String> = normalize(name).split(' ').map(str::to_owned).collect();
    message
        .split_whitespace()
        .filter(|word| !name_words.contains(&normalize(word)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The visitor's name when they give it: "me llamo Ana López", "soy Ana", "mi nombre es…", "a
/// nombre de Luis García", "I'm John Smith", "my name is…", and "para Teresa Blanco" / "for John
/// Smith" when written with a capital (a day or month is not a name). Each word is capitalised ("de", "del",
/// "la" inside a name stay lowercase); the name stops at punctuation, a digit, "y"/"and", "mi"/
/// "my", or after four words. `None` for phrases that are not names ("soy cliente", "soy nueva",
/// "I'm looking for…").
pub fn extract_name(text: &str) -> Option<String> {
    // Words of the original text (accents kept).
    let words = words_of(text);
    let norm: Vec<&str> = words.iter().map(|(_, n, _)| n.as_str()).collect();
    for start in 0..norm.len() {
        // Strong triggers first, then the weak, then those needing a capital.
        let triggers = lexicon::all(|l| l.names_after)
            .map(|trigger| (*trigger, true, false))
            .chain(lexicon::all(|l| l.names_maybe_after).map(|trigger| (*trigger, false, false)))
            .chain(
                lexicon::all(|l| l.names_capitalised_after).map(|trigger| (*trigger, false, true)),
            );
        for (trigger, strong, capitalised) in triggers {
            let end = start + trigger.len();
            if norm.get(start..end) != Some(trigger) || words[end - 1].2 && trigger != ["nombre"] {
                continue;
            }
            if capitalised
                && !words.get(end).is_some_and(|(raw, norm, _)| {
                    raw.chars().next().is_some_and(char::is_uppercase)
                        && !lexicon::has(|l| l.not_names, norm.as_str())
                        && !lexicon::has(|l| l.calendar_words, norm.as_str())
                })
            {
                continue;
            }
            // "nombre: Ana" only with its colon; a bare "nombre" is a word in a sentence.
            if trigger == ["nombre"] && !words[start].2 {
                continue;
            }
            if let Some(name) = name_at(&words, end, strong) {
                return Some(name);
            }
        }
    }
    None
}

/// The whole message as an answer to "¿a nombre de quién?": one to four words of a name, alone or
/// followed only by contact details and their labels ("Lucía Pérez, 600111222", "Ana Gil y mi
/// email ana@correo.es"). `None` for anything else: a command, a greeting, a yes or no, a
/// calendar word, a choice ("la segunda") or a sentence, so none of them becomes a client's name.
pub fn bare_name(text: &str) -> Option<String> {
    let words = words_of(text);
    // "vale, Ana", "pues Ana López": a word that only opens the answer, then the name.
    let opening = words
        .iter()
        .take_while(|(_, norm, _)| lexicon::has(|l| l.answer_openings, norm.as_str()))
        .count();
    let words = &words[opening..];
    let name = name_at(words, 0, false)?;
    let used = name.split_whitespace().count();
    // "nueva", "mayor" alone are not names; "Ana Mayor" is one.
    let alone = used == 1;
    let not_a_name = |norm: &str| {
        lexicon::has(|l| l.not_bare_names, norm)
            || alone && lexicon::has(|l| l.not_names, norm)
            || lexicon::has(|l| l.calendar_words, norm)
    };
    if used > 4 || words[..used].iter().any(|(_, norm, _)| not_a_name(norm)) {
        return None;
    }
    let contact_detail = |(raw, norm, _): &(&str, String, bool)| {
        raw.contains('@')
            || raw.chars().any(|c| c.is_ascii_digit())
                && raw
                    .chars()
                    .all(|c| c.is_ascii_digit() || "+-.()".contains(c))
            || norm.is_empty()
            || lexicon::has(|l| l.contact_labels, norm.as_str())
    };
    words[used..].iter().all(contact_detail).then_some(name)
}

/// The whole message as a full name typed with capitals, two to four words ("Mercedes Cortés",
/// "Dolores Mañana", "Ángeles Barba"): the answer to "¿a nombre de quién?" even when a word of
/// it is also a service or a day, which [`bare_name`] cannot tell.
pub fn typed_full_name(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|word| word.trim_matches(|c: char| matches!(c, ',' | '.' | '!' | ';')))
        .filter(|word| !word.is_empty())
        .collect();
    let capitalised = |word: &&str| {
        let mut letters = word.chars();
        letters.next().is_some_and(char::is_uppercase)
            && letters.all(|c| c.is_alphabetic() || c == '-' || c == '\'')
    };
    let opens_otherwise = words.first().is_some_and(|first| {
        let first = normalize(first);
        lexicon::has(|l| l.answer_openings, first.as_str())
            || lexicon::has(|l| l.name_ends, first.as_str())
            || lexicon::has(|l| l.not_bare_names, first.as_str())
    });
    ((2..=4).contains(&words.len()) && words.iter().all(capitalised) && !opens_otherwise)
        .then(|| words.join(" "))
}

/// The message's words with their normalised forms and whether punctuation closed each.
fn words_of(text: &str) -> Vec<(&str, String, bool)> {
    text.split_whitespace()
        .map(|raw| {
            let trimmed = raw.trim_start_matches(['¿', '¡', '"', '(', '\'']);
            let core = trimmed.trim_end_matches(|c: char| !c.is_alphanumeric());
            (core, normalize(core), core.len() < trimmed.len())
        })
        .collect()
}

fn name_at(words: &[(&str, String, bool)], at: usize, strong: bool) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut i = at;
    while i < words.len() && parts.len() < 4 {
        let (raw, norm, closed) = &words[i];
        let is_word = !raw.is_empty()
            && raw
                .chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == '\'');
        if !is_word || lexicon::has(|l| l.name_ends, norm.as_str()) {
            break;
        }
        let connector = lexicon::has(|l| l.name_connectors, norm.as_str());
        if connector {
            // Only inside a name: "María de la Cruz", not "Ana de Madrid"… which reads the same,
            // so a connector needs a capitalised word after it.
            let next_capitalised = words[i + 1..]
                .iter()
                .find(|(_, n, _)| !lexicon::has(|l| l.name_connectors, n.as_str()))
                .is_some_and(|(r, _, _)| r.chars().next().is_some_and(char::is_uppercase));
            if parts.is_empty() || *closed || !next_capitalised {
                break;
            }
            parts.push(norm.clone());
        } else {
            if parts.is_empty()
                && (lexicon::has(|l| l.not_names, norm.as_str())
                    || !strong && norm.ends_with("ing"))
            {
                return None;
            }
            // "soy Marta Ruiz quería cancelar": a name typed with capitals ends at the first
            // word without one.
            let typed_with_capitals = words[at].0.chars().next().is_some_and(char::is_uppercase);
            if !parts.is_empty()
                && typed_with_capitals
                && !raw.chars().next().is_some_and(char::is_uppercase)
            {
                break;
            }
            parts.push(capitalise(raw));
        }
        i += 1;
        if *closed {
            break;
        }
    }
    while parts
        .last()
        .is_some_and(|p| lexicon::has(|l| l.name_connectors, p.as_str()))
    {
        parts.pop();
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn capitalise(word: &str) -> String {
    word.split_inclusive(['-', '\''])
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first
                    .to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_said_in_words() {
        for (said, phone) in [
            (
                "seis uno dos tres cuatro cinco seis siete ocho",
                "+34612345678",
            ),
            (
                "mi cel es seis cinco cinco doce treinta y cuatro cincuenta y seis",
                "+34655123456",
            ),
            (
                "six one two three four five six seven eight",
                "+34612345678",
            ),
            (
                "seis doble cero uno dos tres cuatro cinco seis",
                "+34600123456",
            ),
        ] {
            assert_eq!(extract_phone(said).as_deref(), Some(phone), "{said}");
        }
        for not_a_phone in [
            "a las cinco y media",
            "dos cortes y un tinte",
            "twenty five",
        ] {
            assert_eq!(extract_phone(not_a_phone), None, "{not_a_phone}");
        }
        assert_eq!(
            typed_full_name("Mercedes Cortés").as_deref(),
            Some("Mercedes Cortés")
        );
        assert_eq!(
            typed_full_name("Dolores Mañana,").as_deref(),
            Some("Dolores Mañana")
        );
        for not_a_name in [
            "Con Javier",
            "Mañana Tarde?",
            "el Lunes",
            "Ana",
            "Vale Gracias",
        ] {
            assert_eq!(typed_full_name(not_a_name), None, "{not_a_name}");
        }
    }

    /// Issue 12: an answer to "¿a nombre de quién?" is a name, alone or with contact details
    /// after it; commands, greetings, calendar words and sentences never are.
    #[test]
    fn bare_names_with_or_without_contact_details() {
        let cases = [
            ("Lucía Pérez", Some("Lucía Pérez")),
            ("lucía pérez", Some("Lucía Pérez")),
            ("Lucía Pérez, 600111222", Some("Lucía Pérez")),
            (
                "Daniela Cárdenas, mi cel es 644 556 677",
                Some("Daniela Cárdenas"),
            ),
            ("Lucía Pérez 600111222", Some("Lucía Pérez")),
            ("Lucía Pérez, 600 111 222", Some("Lucía Pérez")),
            ("Lucía Pérez, lucia@correo.es", Some("Lucía Pérez")),
            ("Lucía Pérez lucia@correo.es 600111222", Some("Lucía Pérez")),
            ("Lucía Pérez, mi teléfono es 600111222", Some("Lucía Pérez")),
            (
                "Lucía Pérez y mi email lucia@correo.es",
                Some("Lucía Pérez"),
            ),
            ("Lucía Pérez, tel: 600111222", Some("Lucía Pérez")),
            ("María de la Cruz", Some("María de la Cruz")),
            ("jean-luc picard", Some("Jean-Luc Picard")),
            ("O'Brien", Some("O'Brien")),
            ("Ana", Some("Ana")),
            ("Ana.", Some("Ana")),
            ("Ana Mayor", Some("Ana Mayor")),
            ("cliente nueva", None),
            ("nueva", None),
            ("cliente", None),
            ("Gonzalo Ruiz +34 611 222 333", Some("Gonzalo Ruiz")),
            ("vale, ana", Some("Ana")),
            ("bueno, Ana Gil", Some("Ana Gil")),
            // Not names.
            ("joder q lento eres", None),
            ("pues nada", None),
            ("vale, vale", None),
            ("empezar de nuevo", None),
            ("hola", None),
            ("buenas tardes", None),
            ("olvídalo", None),
            ("déjalo", None),
            ("ya no", None),
            ("espera", None),
            ("sí", None),
            ("si porfa", None),
            ("vale", None),
            ("no", None),
            ("gracias", None),
            ("el martes", None),
            ("martes", None),
            ("mañana", None),
            ("por la tarde", None),
            ("la segunda", None),
            ("la primera", None),
            ("mejor tinte", None),
            ("no lo sé", None),
            ("qué precio tiene", None),
            ("cuánto cuesta", None),
            ("con Lucía", None),
            ("prefiero con Javier", None),
            ("me da igual", None),
            ("quiero cancelar", None),
            ("no quiero dar mi nombre", None),
            ("para qué lo necesitas", None),
            ("600111222", None),
            ("lucia@correo.es", None),
            ("Lucía Pérez quiere el martes", None),
            ("uno dos tres cuatro cinco", None),
            ("", None),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(text, want)| bare_name(text).as_deref() != *want)
            .map(|(text, want)| format!("{text:?}: want {want:?}, got {:?}", bare_name(text)))
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn emails() {
        let cases = [
            (
                "mi email es Ana.Lopez@Example.com",
                Some("ana.lopez@example.com"),
            ),
            ("ana+citas@correo.es, gracias", Some("ana+citas@correo.es")),
            ("escríbeme a luis_g@mail.co.uk.", Some("luis_g@mail.co.uk")),
            ("<pepe@dominio.org>", Some("pepe@dominio.org")),
            (
                "correo: maria-jose@sub.dominio-web.com",
                Some("maria-jose@sub.dominio-web.com"),
            ),
            ("¿ana@example.com?", Some("ana@example.com")),
            ("ana@example", None),
            ("ana@.com", None),
            ("ana@example.c", None),
            ("ana@example.c0m", None),
            (".ana@example.com", None),
            ("ana..lopez@example.com", None),
            ("ana@-example.com", None),
            ("@example.com", None),
            ("ana @ example.com", None),
            ("sin correo", None),
            ("ana@exam_ple.com", None),
            // Dictated.
            (
                "lauren price at gmail dot com",
                Some("laurenprice@gmail.com"),
            ),
            (
                "mi correo es ana punto lopez arroba correo punto es",
                Some("ana.lopez@correo.es"),
            ),
            (
                "my email is j dash smith at mail dot co dot uk",
                Some("j-smith@mail.co.uk"),
            ),
            ("see you at ten thirty", None),
            ("at gmail dot com", None),
            ("nos vemos en la peluqueria at five", None),
        ];
        for (text, want) in cases {
            assert_eq!(extract_email(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn emails_that_are_not_valid_are_reported_as_typed() {
        let cases = [
            ("diego@ejemplo", Some("diego@ejemplo")),
            ("anabelen@@ejemplo.es", Some("anabelen@@ejemplo.es")),
            ("mi correo es ana@.com, gracias", Some("ana@.com")),
            ("jack@example", Some("jack@example")),
            ("@ejemplo.es", Some("@ejemplo.es")),
            ("diego@ejemplo.es", None),
            ("escribe a ana@x.com o ana@", None),
            ("Pedro Sanz", None),
            ("", None),
        ];
        for (text, want) in cases {
            assert_eq!(invalid_email(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn phones_that_are_not_valid_are_reported_as_typed() {
        let cases = [
            ("raul@ejemplo.es, mi teléfono es 61234", Some("61234")),
            ("tel 612 345", Some("612 345")),
            ("mi móvil: 512345678", Some("512345678")),
            ("my phone number is 12345.", Some("12345")),
            ("mi teléfono es 612 345 678", None),
            ("el 25 a las 10:30", None),
            ("cuesta 25 €", None),
            ("mi teléfono te lo doy luego", None),
            ("", None),
        ];
        for (text, want) in cases {
            assert_eq!(invalid_phone(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn phones() {
        let cases = [
            ("mi móvil es 612345678", Some("+34612345678")),
            ("612 345 678", Some("+34612345678")),
            ("612.345.678", Some("+34612345678")),
            ("612-34-56-78", Some("+34612345678")),
            ("61 234 56 78", Some("+34612345678")),
            ("+34 612 345 678", Some("+34612345678")),
            ("+34612345678", Some("+34612345678")),
            ("0034 612 34 56 78", Some("+34612345678")),
            ("llamadme al 912 34 56 78", Some("+34912345678")),
            ("tel: 712345678.", Some("+34712345678")),
            ("(+34) 612 345 678", Some("+34612345678")),
            ("names Sophie Turner 07700 900123", Some("07700900123")),
            ("06 12 34 56 78", Some("0612345678")),
            ("+44 20 7946 0958", Some("+442079460958")),
            ("+1 (415) 555-2671", Some("+14155552671")),
            ("0044 20 7946 0958", Some("+442079460958")),
            ("el 25 y mi tel 612345678", Some("+34612345678")),
        ];
        for (text, want) in cases {
            assert_eq!(extract_phone(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn no_phones_from_dates_times_prices_or_wrong_lengths() {
        for text in [
            "25/11/2026",
            "el 25-11-2026",
            "2026-11-25",
            "a las 10:30",
            "cuesta 25 €",
            "512345678",
            "61234567",
            "6123456789",
            "612345678901",
            "pedido 612345678A",
            "+34 512 345 678",
            "+12",
            "el 25 de noviembre a las 10",
            "",
        ] {
            assert_eq!(extract_phone(text), None, "{text:?}");
        }
    }

    #[test]
    fn names() {
        let cases = [
            ("me llamo Ana López", Some("Ana López")),
            (
                "me llamo ana lópez y mi email es ana@x.com",
                Some("Ana López"),
            ),
            ("soy Ana", Some("Ana")),
            ("Hola, soy ana, quiero una cita", Some("Ana")),
            ("mi nombre es maría josé garcía", Some("María José García")),
            ("a nombre de Luis García", Some("Luis García")),
            ("a nombre de LUIS GARCÍA, por favor", Some("Luis García")),
            ("Me llamo María de la Cruz", Some("María de la Cruz")),
            ("me llamo Ana de", Some("Ana")),
            (
                "me llamo José Luis, mi teléfono es 612345678",
                Some("José Luis"),
            ),
            ("me llamo Ana 612345678", Some("Ana")),
            ("nombre: Pedro Ruiz", Some("Pedro Ruiz")),
            ("soy ana-maría", Some("Ana-María")),
            (
                "corte el jueves a las 10 para Teresa Blanco, teléfono 655 443 322",
                Some("Teresa Blanco"),
            ),
            ("para Marta Ruiz, marta@cliente.example", Some("Marta Ruiz")),
            ("book it for John Smith", Some("John Smith")),
            ("una cita para mañana", None),
            ("para el lunes", None),
            ("a haircut for Monday", None),
            ("Para mañana a las 10", None),
            ("I'm John Smith", Some("John Smith")),
            ("my name is john o'neil", Some("John O'Neil")),
            ("Hi, I am Sarah and I want a haircut", Some("Sarah")),
            ("call me Bob", Some("Bob")),
            ("under the name of John Smith", Some("John Smith")),
            ("under the name Kate", Some("Kate")),
            ("this is perfect", None),
            ("soy cliente", None),
            ("soy nueva aquí", None),
            ("soy de Madrid", None),
            ("I'm looking for a haircut", None),
            ("I'm not sure", None),
            ("quiero cambiar el nombre de la cita", None),
            ("hola", None),
            ("me llamo", None),
            ("soy 123", None),
        ];
        for (text, want) in cases {
            assert_eq!(extract_name(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn spanish_phones_read_back_in_groups_of_three() {
        assert_eq!(Phone::readable("+34612345678"), "+34 612 345 678");
        assert_eq!(
            Phone::readable(&extract_phone("mi tlf es 600112233").expect("a phone")),
            "+34 600 112 233"
        );
        assert_eq!(Phone::readable("+33612345678"), "+33612345678");
        assert_eq!(Phone::readable("+3461234567"), "+3461234567");
    }
}
