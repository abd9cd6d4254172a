//! Text normalisation and the small string tools every matcher shares: accent folding, the
//! token list, typo distance and number words.

use super::lexicon;

/// Normalises a message for matching: lowercase, accents and diacritics folded (`á`→`a`,
/// `ñ`→`n`, `ü`→`u`), `¿` `¡` and other punctuation turned into spaces, whitespace collapsed.
///
/// Two exceptions keep the things people type with punctuation intact: a `:` `.` `/` or `-`
/// between two digits stays (`10:30`, `25/11`, `10.30`), and an apostrophe inside a word is
/// dropped rather than split (`I'd` → `id`). `€` becomes the word `euros`, so a price never looks
/// like a bare number to the date and time readers.
///
/// Folding `ñ` loses "año" versus "ano"; no word the assistant looks for depends on it.
pub fn normalize(text: &str) -> String {
    normalize_with(text, false)
}

/// [`normalize`], except that `ñ` stays: service names need "uñas" apart from "unas" ("some").
pub(crate) fn normalize_keeping_enye(text: &str) -> String {
    normalize_with(text, true)
}

fn normalize_with(text: &str, keep_enye: bool) -> String {
    // An email address is contact, not words: "peter@parker.example" says nothing of parking.
    let without_addresses;
    let text = if text.contains('@') {
        without_addresses = text
            .split_whitespace()
            .filter(|word| !word.contains('@'))
            .collect::<Vec<_>>()
            .join(" ");
        without_addresses.as_str()
    } else {
        text
    };
    let folded = fold_text(text, keep_enye);
    if !folded.split(' ').any(|word| phone_spelling(word).is_some()) {
        return folded;
    }
    folded
        .split(' ')
        .map(|word| phone_spelling(word).unwrap_or(word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The word a phone spelling stands for, for the spellings that can mean nothing else: "kiero
/// cita pa mñn" is "quiero cita para mañana" to every reader (intents, dates, services, FAQ).
fn phone_spelling(word: &str) -> Option<&'static str> {
    lexicon::all(|l| l.phone_spellings)
        .find(|(typed, _)| *typed == word)
        .map(|(_, meant)| *meant)
}

fn fold_text(text: &str, keep_enye: bool) -> String {
    let chars: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let kept: Option<&str> = if keep_enye && c == 'ñ' {
            None
        } else if let Some(folded) = fold(c) {
            Some(folded)
        } else if matches!(c, ':' | '.' | '/' | '-')
            && prev.is_some_and(|p| p.is_ascii_digit())
            && next.is_some_and(|n| n.is_ascii_digit())
        {
            None // pushed below as itself
        } else if matches!(c, '\'' | '’')
            && prev.is_some_and(char::is_alphabetic)
            && next.is_some_and(char::is_alphabetic)
        {
            continue;
        } else if c == '€' {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str("euros");
            pending_space = true;
            continue;
        } else {
            pending_space = !out.is_empty();
            continue;
        };
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        match kept {
            Some(s) => out.push_str(s),
            None => out.push(c),
        }
    }
    out
}

/// The ASCII spelling of a lowercase letter or digit, or `None` for anything that is not part of
/// a word.
fn fold(c: char) -> Option<&'static str> {
    let s = match c {
        'a'..='z' | '0'..='9' => return ascii_str(c),
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' => "a",
        'é' | 'è' | 'ê' | 'ë' | 'ē' | 'ę' => "e",
        'í' | 'ì' | 'î' | 'ï' | 'ī' => "i",
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ō' => "o",
        'ú' | 'ù' | 'û' | 'ü' | 'ū' => "u",
        'ñ' => "n",
        'ç' => "c",
        'ý' | 'ÿ' => "y",
        'ß' => "ss",
        'æ' => "ae",
        'œ' => "oe",
        _ => return None,
    };
    Some(s)
}

fn ascii_str(c: char) -> Option<&'static str> {
    const ALNUM: &str = "abcdefghijklmnopqrstuvwxyz0123456789";
    let i = ALNUM.find(c)?;
    Some(&ALNUM[i..i + 1])
}

/// The words of a normalised message.
pub(crate) fn tokens(normalized: &str) -> Vec<&str> {
    normalized.split(' ').filter(|t| !t.is_empty()).collect()
}

/// Whether `words` say one of `phrases`, each as consecutive words.
pub(crate) fn says_any(words: &[&str], phrases: &[&[&str]]) -> bool {
    phrases
        .iter()
        .any(|phrase| words.windows(phrase.len()).any(|window| window == *phrase))
}

/// Damerau–Levenshtein distance (optimal string alignment: an adjacent swap costs one edit), by
/// characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    if a.is_ascii() && b.is_ascii() {
        return osa_distance(a.as_bytes(), b.as_bytes());
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    osa_distance(&a, &b)
}

fn osa_distance<T: Eq>(a: &[T], b: &[T]) -> usize {
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        d[i * width] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

/// How many typos a word of this length may carry and still count: none below four letters (too
/// many short words differ by one letter), one up to seven, two from eight.
pub(crate) fn typo_budget(word: &str) -> usize {
    let letters = if word.is_ascii() {
        word.len()
    } else {
        word.chars().count()
    };
    match letters {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Whether `said` is `wanted` or a typo of it within [`typo_budget`] of `wanted`.
pub(crate) fn near(said: &str, wanted: &str) -> bool {
    said == wanted
        || match typo_budget(wanted) {
            0 => false,
            1 => within_one_edit(said, wanted),
            budget => {
                said.len().abs_diff(wanted.len()) <= 4 * budget
                    && said.chars().count().abs_diff(wanted.chars().count()) <= budget
                    && edit_distance(said, wanted) <= budget
            }
        }
}

/// Whether two words are at most one edit apart (insertion, deletion, substitution or swap of
/// two neighbours): the same answer as `edit_distance(a, b) <= 1` in linear time and without
/// allocating, since every keyword check on every word of every message comes through here.
pub(crate) fn within_one_edit(a: &str, b: &str) -> bool {
    // One edit changes the length by at most one character, four bytes: most pairs stop here.
    if a.len().abs_diff(b.len()) > 4 {
        return false;
    }
    if a.is_ascii() && b.is_ascii() {
        return one_edit(a.as_bytes(), b.as_bytes());
    }
    let (mut a_buf, mut b_buf) = (['\0'; 32], ['\0'; 32]);
    match (chars_into(a, &mut a_buf), chars_into(b, &mut b_buf)) {
        (Some(a), Some(b)) => one_edit(a, b),
        _ => edit_distance(a, b) <= 1,
    }
}

fn one_edit<T: Eq>(a: &[T], b: &[T]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    match (a, b) {
        ([] | [_], [] | [_]) => true,
        ([x1, x2], [y1, y2]) => x1 == y2 && x2 == y1,
        _ => false,
    }
}

/// The characters of a word in `buf`, or `None` when it does not fit.
fn chars_into<'b>(word: &str, buf: &'b mut [char; 32]) -> Option<&'b [char]> {
    let mut n = 0;
    for c in word.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(&buf[..n])
}

/// Reads a number written in digits or in words (Spanish or English, 0 to 31 and a few
/// larger tens) at `tokens[at]`, returning it and how many tokens it used: `"25"`, `"tres"`,
/// `"veintitres"`, `"treinta y uno"`, `"twenty five"`.
pub(crate) fn number_at(tokens: &[&str], at: usize) -> Option<(u32, usize)> {
    let first = *tokens.get(at)?;
    if !first.is_empty() && first.len() <= 4 && first.bytes().all(|b| b.is_ascii_digit()) {
        return first.parse().ok().map(|n| (n, 1));
    }
    let value = word_number(first).or_else(|| ordinal(first).filter(|n| *n >= 3))?;
    // "treinta y uno", "twenty five", "twenty-five" (the hyphen became a space), "twenty
    // seventh".
    if value % 10 == 0 && value >= 20 {
        let (unit_at, used) = match tokens.get(at + 1) {
            Some(&"y") => (at + 2, 3),
            _ => (at + 1, 2),
        };
        if let Some(unit) = tokens
            .get(unit_at)
            .and_then(|t| word_number(t).or_else(|| ordinal(t)))
            && (1..=9).contains(&unit)
        {
            return Some((value + unit, used));
        }
    }
    Some((value, 1))
}

/// An English ordinal day said in words, "third" to "thirtieth"; "first" and "second" only
/// after a ten ("twenty first"), where they cannot mean "the first free time" or "a second".
fn ordinal(word: &str) -> Option<u32> {
    lexicon::all(|l| l.ordinals)
        .find(|(said, _)| *said == word)
        .map(|(_, day)| *day)
}

/// A number said in a word ("tres", "twenty").
fn word_number(word: &str) -> Option<u32> {
    lexicon::all(|l| l.number_words)
        .find(|(said, _)| *said == word)
        .map(|(_, number)| *number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_case_accents_and_punctuation() {
        let cases = [
            ("¿Qué horario tenéis?", "que horario teneis"),
            ("¡Hola!  Buenas   tardes", "hola buenas tardes"),
            ("MAÑANA por la mañana", "manana por la manana"),
            ("Pingüino, ÁÉÍÓÚ ñ Ç", "pinguino aeiou n c"),
            ("a las 10:30, el 25/11", "a las 10:30 el 25/11"),
            ("10.30h", "10.30h"),
            ("25-11-2026", "25-11-2026"),
            ("I'd like it", "id like it"),
            ("don’t", "dont"),
            ("cuesta 25€", "cuesta 25 euros"),
            ("cuesta 25 €.", "cuesta 25 euros"),
            ("fin.", "fin"),
            ("corte-y-tinte", "corte y tinte"),
            ("  ", ""),
            ("tel: 612-345-678", "tel 612-345-678"),
            // Phone spellings that can mean nothing else.
            ("kiero cita pa mñn", "quiero cita para manana"),
            (
                "Qiero una cita MÑN x la tarde",
                "quiero una cita manana x la tarde",
            ),
            ("cual es vuestro tlf?", "cual es vuestro telefono"),
            ("kieres", "quieres"),
            ("papa pan", "papa pan"),
        ];
        for (input, want) in cases {
            assert_eq!(normalize(input), want, "normalize({input:?})");
        }
        assert_eq!(normalize_keeping_enye("Las UÑAS, ¿sí?"), "las uñas si");
        assert_eq!(normalize_keeping_enye("uñas pa mñn"), "uñas para manana");
    }

    #[test]
    fn edit_distance_counts_swaps_as_one() {
        assert_eq!(edit_distance("corte", "corte"), 0);
        assert_eq!(edit_distance("resevar", "reservar"), 1);
        assert_eq!(edit_distance("tnite", "tinte"), 1);
        assert_eq!(edit_distance("peinado", "pienado"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("recorte", "corte"), 2);
    }

    #[test]
    fn within_one_edit_agrees_with_the_distance() {
        let words = [
            "corte", "crote", "corto", "cortes", "corte", "orte", "cortex", "recorte", "tinte",
            "tnite", "uñas", "unas", "uas", "uñs", "ñu", "un", "nu", "", "a", "ab", "ba", "abc",
            "acb", "bac", "reservar", "resevar", "reserbar", "reservas", "horario", "orario",
            "horarios", "hoario",
        ];
        for a in words {
            for b in words {
                assert_eq!(
                    within_one_edit(a, b),
                    edit_distance(a, b) <= 1,
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn near_uses_the_length_budget() {
        assert!(near("tnite", "tinte"));
        assert!(!near("tos", "dos"), "three letters must be exact");
        assert!(near("manicrua", "manicura"));
        assert!(near("semipermante", "semipermanente"));
        assert!(!near("semipermanentes", "corte"));
    }

    #[test]
    fn numbers_in_digits_and_words() {
        let read = |s: &str| {
            let n = normalize(s);
            number_at(&tokens(&n), 0)
        };
        assert_eq!(read("25"), Some((25, 1)));
        assert_eq!(read("tres días"), Some((3, 1)));
        assert_eq!(read("veintitrés"), Some((23, 1)));
        assert_eq!(read("treinta y uno"), Some((31, 3)));
        assert_eq!(read("twenty-five"), Some((25, 2)));
        assert_eq!(read("treinta y"), Some((30, 1)));
        assert_eq!(read("hola"), None);
        assert_eq!(read("12345"), None);
    }
}
