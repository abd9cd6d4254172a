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
    /// As people type it, before the normaliser reads it: the phone spellings are what it
    /// turns into words, so they are no normalised words themselves ("mñn"); not checked.
    AsTyped,
}

/// Every table of `lexicon` by name, with how it is read and its entries (words or phrases).
fn tables(lexicon: &'static Lexicon) -> Vec<(&'static str, Read, Vec<String>)> {
    use Read::*;
    vec![
        ("weekdays", Normalized, keys(lexicon.weekdays)),
        ("months", Normalized, keys(lexicon.months)),
        ("telltale_words", Normalized, owned(lexicon.telltale_words)),
        (
            "question_starts",
            Normalized,
            owned(lexicon.question_starts),
        ),
        ("payment_words", KeepingEnye, values(lexicon.payment_words)),
        ("intent_phrases", Normalized, values(lexicon.intent_phrases)),
        ("deny_cancel", Normalized, owned(lexicon.deny_cancel)),
        (
            "needed_openings",
            Normalized,
            joined(lexicon.needed_openings),
        ),
        ("booking_words", Normalized, owned(lexicon.booking_words)),
        ("never_typos", Normalized, owned(lexicon.never_typos)),
        ("shorthand", Normalized, keys(lexicon.shorthand)),
        ("affirm_short", Normalized, owned(lexicon.affirm_short)),
        ("agreeable", Normalized, owned(lexicon.agreeable)),
        ("synonyms", KeepingEnye, values(lexicon.synonyms)),
        ("stop_words", Normalized, owned(lexicon.stop_words)),
        ("stem_endings", Normalized, owned(lexicon.stem_endings)),
        (
            "introduces_address",
            Normalized,
            owned(lexicon.introduces_address),
        ),
        ("says_phone", Normalized, owned(lexicon.says_phone)),
        (
            "answer_openings",
            Normalized,
            owned(lexicon.answer_openings),
        ),
        ("contact_labels", Normalized, owned(lexicon.contact_labels)),
        ("not_bare_names", Normalized, owned(lexicon.not_bare_names)),
        ("name_ends", Normalized, owned(lexicon.name_ends)),
        ("calendar_words", Normalized, owned(lexicon.calendar_words)),
        (
            "name_connectors",
            Normalized,
            owned(lexicon.name_connectors),
        ),
        ("not_names", Normalized, owned(lexicon.not_names)),
        (
            "everyday_service_names keys",
            Normalized,
            keys(lexicon.everyday_service_names),
        ),
        (
            "everyday_service_names",
            KeepingEnye,
            values(lexicon.everyday_service_names),
        ),
        (
            "unoffered_services",
            Normalized,
            values(lexicon.unoffered_services),
        ),
        (
            "adding_services",
            Normalized,
            joined(lexicon.adding_services),
        ),
        ("instead_of", Normalized, owned(lexicon.instead_of)),
        (
            "service_function_words",
            KeepingEnye,
            owned(lexicon.service_function_words),
        ),
        (
            "never_service_typos",
            KeepingEnye,
            owned(lexicon.never_service_typos),
        ),
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
        (
            "asks_for_stylist",
            Normalized,
            owned(lexicon.asks_for_stylist),
        ),
        ("who", Normalized, owned(lexicon.who)),
        ("who_not_asking", Normalized, owned(lexicon.who_not_asking)),
        ("does", Normalized, owned(lexicon.does)),
        (
            "about_working_days",
            Normalized,
            owned(lexicon.about_working_days),
        ),
        ("own_name_after", Normalized, owned(lexicon.own_name_after)),
        ("anyone_will_do", Normalized, joined(lexicon.anyone_will_do)),
        ("about_when", Normalized, owned(lexicon.about_when)),
        ("change_words", Normalized, owned(lexicon.change_words)),
        ("change_filler", Normalized, owned(lexicon.change_filler)),
        ("booking_parts", Normalized, values(lexicon.booking_parts)),
        (
            "move_answer_words",
            Normalized,
            owned(lexicon.move_answer_words),
        ),
        ("same_time", Normalized, joined(lexicon.same_time)),
        ("soonest", Normalized, joined(lexicon.soonest)),
        (
            "day_parts_after_la",
            Normalized,
            keys(lexicon.day_parts_after_la),
        ),
        ("day_parts_alone", Normalized, keys(lexicon.day_parts_alone)),
        (
            "day_part_phrases",
            Normalized,
            phrase_keys(lexicon.day_part_phrases),
        ),
        ("running_late", Normalized, joined(lexicon.running_late)),
        ("delayed", Normalized, owned(lexicon.delayed)),
        ("past_service", Normalized, joined(lexicon.past_service)),
        ("number_words", Normalized, keys(lexicon.number_words)),
        ("ordinals", Normalized, keys(lexicon.ordinals)),
        ("phone_spellings", AsTyped, keys(lexicon.phone_spellings)),
        ("several_people", Normalized, owned(lexicon.several_people)),
        ("companions", Normalized, owned(lexicon.companions)),
        (
            "counted_per_person",
            Normalized,
            owned(lexicon.counted_per_person),
        ),
        ("names_a_cita", Normalized, owned(lexicon.names_a_cita)),
        ("move_verbs", Normalized, owned(lexicon.move_verbs)),
        ("wants", Normalized, owned(lexicon.wants)),
        ("no_first", Normalized, owned(lexicon.no_first)),
        ("no_last", Normalized, owned(lexicon.no_last)),
        ("negations", Normalized, owned(lexicon.negations)),
        ("after_negation", Normalized, owned(lexicon.after_negation)),
        ("own_cita", Normalized, joined(lexicon.own_cita)),
        ("bare_cita", Normalized, joined(lexicon.bare_cita)),
        ("anyone_there", Normalized, joined(lexicon.anyone_there)),
        (
            "no_longer_wanted",
            Normalized,
            joined(lexicon.no_longer_wanted),
        ),
        ("dont_know", Normalized, joined(lexicon.dont_know)),
        ("how_much", Normalized, joined(lexicon.how_much)),
        ("mine", Normalized, owned(lexicon.mine)),
        ("where_words", Normalized, owned(lexicon.where_words)),
        ("how_words", Normalized, owned(lexicon.how_words)),
        ("confirmation", Normalized, owned(lexicon.confirmation)),
        (
            "messages_to_visitor",
            Normalized,
            owned(lexicon.messages_to_visitor),
        ),
        ("sending_verbs", Normalized, owned(lexicon.sending_verbs)),
    ]
}

/// The entries of a table of words or phrases.
fn owned(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|entry| (*entry).to_owned()).collect()
}

/// The phrases of a table of phrases given word by word, each as one entry.
fn joined(phrases: &[&[&str]]) -> Vec<String> {
    phrases.iter().map(|phrase| phrase.join(" ")).collect()
}

/// The words of a table of (word, value) rows.
fn keys<T>(rows: &[(&str, T)]) -> Vec<String> {
    rows.iter().map(|(word, _)| (*word).to_owned()).collect()
}

/// The phrases of a table of (phrase, value) rows, phrases given word by word.
fn phrase_keys<T>(rows: &[(&[&str], T)]) -> Vec<String> {
    rows.iter().map(|(phrase, _)| phrase.join(" ")).collect()
}

/// The words of a table of (key, words) rows, every row's together.
fn values<K>(rows: &[(K, &[&str])]) -> Vec<String> {
    rows.iter().flat_map(|(_, words)| owned(words)).collect()
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
                    Read::Normalized => normalize(&entry),
                    Read::KeepingEnye => normalize_keeping_enye(&entry),
                    Read::AsTyped => continue,
                };
                let words_ok = words_of(&entry).all(|word| !word.is_empty());
                let same = normal == words_of(&entry).collect::<Vec<_>>().join(" ");
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
            for entry in &entries {
                if !seen.insert(entry) {
                    wrong.push(format!("{table}: {entry:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
