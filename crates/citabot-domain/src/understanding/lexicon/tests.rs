use std::collections::HashSet;

use super::*;
use crate::understanding::normalize::{normalize, normalize_keeping_enye};

/// How a table's entries are read, so the test knows what "normalised" means for it.
#[derive(Clone, Copy)]
enum Read {
    /// Against [`normalize`]'s words.
    Normalized,
    /// Against [`normalize_keeping_enye`]'s words ("uñas" is not "unas").
    KeepingEnye,
}

/// Every table of `lexicon` by name, with how it is read and its entries (words or phrases).
fn tables(lexicon: &'static Lexicon) -> Vec<(&'static str, Read, Vec<&'static str>)> {
    use Read::*;
    vec![
        ("weekdays", Normalized, keys(lexicon.weekdays)),
        ("months", Normalized, keys(lexicon.months)),
        (
            "telltale_words",
            Normalized,
            lexicon.telltale_words.to_vec(),
        ),
        (
            "question_starts",
            Normalized,
            lexicon.question_starts.to_vec(),
        ),
        (
            "payment_words",
            KeepingEnye,
            lexicon
                .payment_words
                .iter()
                .flat_map(|(_, words)| words.iter().copied())
                .collect(),
        ),
        (
            "intent_phrases",
            Normalized,
            lexicon
                .intent_phrases
                .iter()
                .flat_map(|(_, phrases)| phrases.iter().copied())
                .collect(),
        ),
        ("deny_cancel", Normalized, lexicon.deny_cancel.to_vec()),
        (
            "needed_openings",
            Normalized,
            joined(lexicon.needed_openings),
        ),
        ("booking_words", Normalized, lexicon.booking_words.to_vec()),
        ("never_typos", Normalized, lexicon.never_typos.to_vec()),
        ("shorthand", Normalized, keys(lexicon.shorthand)),
        ("affirm_short", Normalized, lexicon.affirm_short.to_vec()),
        ("agreeable", Normalized, lexicon.agreeable.to_vec()),
        (
            "synonyms",
            KeepingEnye,
            lexicon
                .synonyms
                .iter()
                .flat_map(|(_, words)| words.iter().copied())
                .collect(),
        ),
        ("stop_words", Normalized, lexicon.stop_words.to_vec()),
        ("stem_endings", Normalized, lexicon.stem_endings.to_vec()),
        (
            "introduces_address",
            Normalized,
            lexicon.introduces_address.to_vec(),
        ),
        ("says_phone", Normalized, lexicon.says_phone.to_vec()),
        (
            "answer_openings",
            Normalized,
            lexicon.answer_openings.to_vec(),
        ),
        (
            "contact_labels",
            Normalized,
            lexicon.contact_labels.to_vec(),
        ),
        (
            "not_bare_names",
            Normalized,
            lexicon.not_bare_names.to_vec(),
        ),
        ("name_ends", Normalized, lexicon.name_ends.to_vec()),
        (
            "calendar_words",
            Normalized,
            lexicon.calendar_words.to_vec(),
        ),
        (
            "name_connectors",
            Normalized,
            lexicon.name_connectors.to_vec(),
        ),
        ("not_names", Normalized, lexicon.not_names.to_vec()),
        ("names_after", Normalized, joined(lexicon.names_after)),
        (
            "names_maybe_after",
            Normalized,
            joined(lexicon.names_maybe_after),
        ),
        (
            "names_capitalised_after",
            Normalized,
            joined(lexicon.names_capitalised_after),
        ),
    ]
}

/// The phrases of a table of phrases given word by word, each as one entry.
fn joined(phrases: &'static [&'static [&'static str]]) -> Vec<&'static str> {
    phrases
        .iter()
        .map(|phrase| &*phrase.join(" ").leak())
        .collect()
}

/// The words of a table of (word, value) rows.
fn keys<T>(rows: &'static [(&'static str, T)]) -> Vec<&'static str> {
    rows.iter().map(|(word, _)| *word).collect()
}

/// The words of an entry, without the pattern marks of intent phrases (`^`, `..`, a stem's `*`).
fn words_of(entry: &str) -> impl Iterator<Item = &str> {
    entry
        .split(' ')
        .filter(|word| !matches!(*word, "^" | ".."))
        .map(|word| word.strip_suffix('*').unwrap_or(word))
}

#[test]
fn every_entry_is_normalised() {
    let mut wrong = Vec::new();
    for lexicon in LEXICONS {
        for (table, read, entries) in tables(lexicon) {
            for entry in entries {
                let normal = match read {
                    Read::Normalized => normalize(entry),
                    Read::KeepingEnye => normalize_keeping_enye(entry),
                };
                let words_ok = words_of(entry).all(|word| !word.is_empty());
                let same = normal == words_of(entry).collect::<Vec<_>>().join(" ");
                if !words_ok || !same {
                    wrong.push(format!("{table}: {entry:?} (normalised {normal:?})"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_table_repeats_an_entry() {
    let mut wrong = Vec::new();
    for lexicon in LEXICONS {
        for (table, _, entries) in tables(lexicon) {
            let mut seen = HashSet::new();
            for entry in entries {
                if !seen.insert(entry) {
                    wrong.push(format!("{table}: {entry:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
