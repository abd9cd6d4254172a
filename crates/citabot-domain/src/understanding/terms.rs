//! The words of a message that carry its meaning, as comparable terms: what FAQ matching and the
//! questions about the salon read (issue 12).
//!
//! A message becomes terms in four steps, all deterministic and cheap:
//!
//! 1. [`normalize_keeping_enye`] (lower case, accents folded, `ñ` kept so "uñas" is not "unas").
//! 2. Phrases of the synonym table are read first, longest first ("sin cita", "how long",
//!    "silla de ruedas"), so a phrase counts as one term however common its words are.
//! 3. Stop-words go: articles, pronouns, question words, greetings and the verbs every question
//!    has ("tener", "poder", "hacer", "do", "can").
//! 4. Each other word becomes a concept of the synonym table (the lexicons' `synonyms`) when it, its plural or
//!    its light stem is one of the concept's words ("cobráis" and "price" are both `precio`),
//!    else its light stem ("productos" and "products" are both `product`). A word of five
//!    letters or more that is none of the words known (the synonym table's and the caller's
//!    [`Vocabulary`]) is read as the known word one edit away, if there is one ("parkin",
//!    "tarjta", "aparcamineto" is two: not forgiven).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use super::lexicon;
use super::normalize::{normalize_keeping_enye, tokens, within_one_edit};

/// A comparable unit of meaning: a concept of the synonym table or a light stem.
pub type Term = String;

/// The shortest word that may carry a typo (edit distance one).
const TYPO_MIN_LETTERS: usize = 5;

/// Words known beyond the synonym table (a FAQ's own words), so a typo of them is forgiven too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    /// Surface word → its term, for typos; ordered, so the first close word is always the same.
    words: BTreeMap<String, Term>,
    /// Every term of those words.
    terms: BTreeSet<Term>,
}

impl Vocabulary {
    /// Learns the words of `text` (they are then known, and their typos forgiven).
    pub fn learn(&mut self, text: &str) {
        let normalized = normalize_keeping_enye(text);
        let words = tokens(&normalized);
        for (term, start, end) in read(&words, None) {
            if end == start + 1 {
                self.terms.insert(term.clone());
                self.words.entry(words[start].to_owned()).or_insert(term);
            }
        }
    }

    fn knows(&self, word: &str) -> bool {
        self.words.contains_key(word) || self.terms.contains(word)
    }
}

/// Whether `term` is one of the synonym table's concepts (a word the salon's trade has a name
/// for, as "amoniaco"), not a word of the message kept as it came.
pub fn is_concept(term: &str) -> bool {
    TABLE.concepts.contains(term)
}

/// The distinct terms of `text`, in order of first appearance.
pub fn terms(text: &str, vocabulary: Option<&Vocabulary>) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for term in term_groups(text, vocabulary).into_iter().flatten() {
        if !out.contains(&term) {
            out.push(term);
        }
    }
    out
}

/// The terms of `text` in groups of alternatives: terms joined by "o" / "or" are one group
/// ("¿cómo cancelo o cambio mi cita?" is `[[cancelar, cambiar], [cita]]`), any other term is a
/// group of its own. A term said twice stays in its first group.
pub fn term_groups(text: &str, vocabulary: Option<&Vocabulary>) -> Vec<Vec<Term>> {
    let normalized = normalize_keeping_enye(text);
    let words = tokens(&normalized);
    let mut groups: Vec<Vec<Term>> = Vec::new();
    let mut seen: Vec<Term> = Vec::new();
    let mut last_end = None;
    for (term, start, end) in read(&words, vocabulary) {
        let alternative = last_end.is_some_and(|last: usize| {
            start == last + 1 && matches!(words[last], "o" | "or" | "u")
        });
        last_end = Some(end);
        if seen.contains(&term) {
            continue;
        }
        seen.push(term.clone());
        match groups.last_mut() {
            Some(group) if alternative => group.push(term),
            _ => groups.push(vec![term]),
        }
    }
    groups
}

/// Each term with the words it came from (`start..end`).
pub(super) fn read(words: &[&str], vocabulary: Option<&Vocabulary>) -> Vec<(Term, usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < words.len() {
        if let Some((concept, len)) = phrase_at(words, at) {
            out.push((concept.to_owned(), at, at + len));
            at += len;
            continue;
        }
        if let Some(term) = word_term(words[at], vocabulary) {
            out.push((term, at, at + 1));
        }
        at += 1;
    }
    out
}

/// The longest phrase of the synonym table starting at `at`, and how many words it takes. A
/// phrase's words of five letters or more forgive one typo ("sin reseva").
fn phrase_at(words: &[&str], at: usize) -> Option<(&'static str, usize)> {
    let said = &words[at..];
    TABLE
        .phrases
        .iter()
        .filter(|(phrase, _)| {
            phrase.len() <= said.len()
                && phrase.iter().zip(said).all(|(want, word)| {
                    want == word || want.len() >= TYPO_MIN_LETTERS && within_one_edit(word, want)
                })
        })
        .map(|(phrase, concept)| (*concept, phrase.len()))
        .max_by_key(|(_, len)| *len)
}

/// The term of one word, or `None` for a stop-word or a bare number.
fn word_term(word: &str, vocabulary: Option<&Vocabulary>) -> Option<Term> {
    // "uñas" is a service, "unas" a stop-word.
    if let Some(concept) = TABLE.words.get(word) {
        return Some((*concept).to_owned());
    }
    if is_stop(word) || word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if let Some(concept) = concept_of(word) {
        return Some(concept.to_owned());
    }
    let stemmed = stem(word);
    if is_stop(&stemmed) {
        return None;
    }
    let known = vocabulary.is_some_and(|v| v.knows(word) || v.knows(&stemmed));
    if !known
        && word.chars().count() >= TYPO_MIN_LETTERS
        && let Some(term) = typo_of(word, vocabulary)
    {
        return Some(term);
    }
    Some(stemmed)
}

/// The concept a word stands for: the word itself, without its plural, without the pronoun a
/// verb carries ("comprarlos", "lavarme"), or its stem, among the synonym table's single words.
fn concept_of(word: &str) -> Option<&'static str> {
    let forms = [
        word.strip_suffix("es"),
        word.strip_suffix('s'),
        without_pronoun(word),
    ];
    std::iter::once(word)
        .chain(forms.into_iter().flatten())
        .find_map(|w| TABLE.words.get(w).copied())
        // Short words by their stem would be guesses ("Rey", a surname, is not "reyes").
        .or_else(|| {
            (word.chars().count() >= TYPO_MIN_LETTERS)
                .then(|| TABLE.stems.get(stem(word).as_str()).copied())
                .flatten()
        })
}

/// An infinitive without the pronoun joined to it: "comprarlos" → "comprar".
fn without_pronoun(word: &str) -> Option<&str> {
    [
        "los", "las", "les", "nos", "lo", "la", "le", "me", "te", "se", "os",
    ]
    .iter()
    .filter_map(|pronoun| word.strip_suffix(pronoun))
    .find(|verb| verb.len() > 3 && verb.ends_with('r'))
}

/// The term of the known word one edit away from `word` (the first in alphabetical order).
fn typo_of(word: &str, vocabulary: Option<&Vocabulary>) -> Option<Term> {
    let letters = word.chars().count();
    // One edit changes the length by one letter at most: most known words are passed over on
    // their length alone.
    let from_table = TABLE
        .typo_targets
        .iter()
        .find(|(known, known_letters, _)| {
            known_letters.abs_diff(letters) <= 1 && within_one_edit(word, known)
        })
        .map(|(known, _, concept)| ((*known).to_owned(), (*concept).to_owned()));
    let from_vocabulary = vocabulary.and_then(|v| {
        v.words
            .iter()
            .find(|(known, _)| {
                let known_letters = known.chars().count();
                known_letters >= TYPO_MIN_LETTERS
                    && known_letters.abs_diff(letters) <= 1
                    && within_one_edit(word, known)
                    && !is_stop(known)
            })
            .map(|(known, term)| (known.clone(), term.clone()))
    });
    [from_table, from_vocabulary]
        .into_iter()
        .flatten()
        .min()
        .map(|(_, term)| term)
}

/// A light stem shared by Spanish and English inflections: the longest known ending is taken
/// off while three letters stay ("lavado", "lavar" → "lav"; "productos", "products" →
/// "product"; "washing" → "wash").
pub fn stem(word: &str) -> String {
    let letters = word.chars().count();
    // Two endings of one length cannot both end a word: the longest that fits is the one.
    lexicon::all(|l| l.stem_endings)
        .filter(|ending| word.ends_with(*ending) && letters >= ending.chars().count() + 3)
        .max_by_key(|ending| ending.len())
        .map_or_else(
            || word.to_owned(),
            |ending| word[..word.len() - ending.len()].to_owned(),
        )
}

/// Whether `word` is a stop-word, with or without its `ñ` ("mañana", "manana").
/// Whether a (normalised) word means something to the assistant: a stop-word, or a word of the
/// synonym table (a service, a day, an intent…), as itself or by its stem. A name is none.
pub(super) fn is_known_word(word: &str) -> bool {
    is_stop(word) || TABLE.words.contains_key(word) || concept_of(word).is_some()
}

fn is_stop(word: &str) -> bool {
    if word.contains('ñ') {
        return is_stop(&word.replace('ñ', "n"));
    }
    is_stop_word(word)
}

/// Whether `word` is in a lexicon's stop-words, as it is.
fn is_stop_word(word: &str) -> bool {
    lexicon::LEXICONS
        .iter()
        .any(|l| l.stop_words.binary_search(&word).is_ok())
}

/// The synonym table read into lookups, once.
struct Table {
    /// Single words → concept.
    words: BTreeMap<&'static str, &'static str>,
    /// Stems of single words → concept (a stem claimed by two concepts is dropped).
    stems: BTreeMap<String, &'static str>,
    /// Every concept of the table, for [`is_concept`].
    concepts: BTreeSet<&'static str>,
    /// Phrases of two or more words, split.
    phrases: Vec<(Vec<&'static str>, &'static str)>,
    /// The single words a typo may stand for (five letters or more), with their length in
    /// letters, in order.
    typo_targets: Vec<(&'static str, usize, &'static str)>,
}

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    let mut words = BTreeMap::new();
    let mut stems: BTreeMap<String, Option<&'static str>> = BTreeMap::new();
    let mut phrases = Vec::new();
    for (concept, entry) in synonyms() {
        let split: Vec<&'static str> = entry.split(' ').collect();
        if split.len() > 1 {
            phrases.push((split, concept));
            continue;
        }
        words.insert(entry, concept);
        let slot = stems.entry(stem(entry)).or_insert(Some(concept));
        if *slot != Some(concept) {
            *slot = None;
        }
    }
    let typo_targets = words
        .iter()
        .map(|(word, concept)| (*word, word.chars().count(), *concept))
        .filter(|(_, letters, _)| *letters >= TYPO_MIN_LETTERS)
        .collect();
    Table {
        concepts: synonyms().map(|(concept, _)| concept).collect(),
        words,
        typo_targets,
        stems: stems
            .into_iter()
            .filter_map(|(stem, concept)| concept.map(|c| (stem, c)))
            .collect(),
        phrases,
    }
});

/// Each word or phrase of the synonym table with its concept: the lexicons' `synonyms`, and the ways of
/// paying of the lexicons' `payment_words` as `pago` (one list, shared with
/// [`payment_methods`](super::payment_methods)).
fn synonyms() -> impl Iterator<Item = (&'static str, &'static str)> {
    let table = lexicon::all(|l| l.synonyms)
        .flat_map(|(concept, said)| said.iter().map(move |entry| (*concept, *entry)));
    let paying = lexicon::all(|l| l.payment_words)
        .flat_map(|(_, names)| names.iter().map(|name| ("pago", *name)));
    table.chain(paying)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_words_are_in_order() {
        for lexicon in lexicon::LEXICONS {
            let stop_words = lexicon.stop_words;
            assert!(
                stop_words.windows(2).all(|pair| pair[0] < pair[1]),
                "{:?}",
                stop_words.windows(2).find(|pair| pair[0] >= pair[1])
            );
        }
    }

    #[test]
    fn no_word_means_two_concepts() {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        for (concept, word) in synonyms() {
            assert!(!is_stop_word(word), "{word} is a stop-word and a synonym");
            // Both lexicons may list a word ("visa"), for the same concept.
            if let Some(other) = seen.insert(word, concept)
                && other != concept
            {
                panic!("{word}: {other} and {concept}");
            }
        }
    }

    #[test]
    fn words_become_terms() {
        let cases: &[(&str, &[&str])] = &[
            ("¿Cuánto cobráis por un corte?", &["precio", "corte"]),
            ("how much is a haircut", &["precio", "corte"]),
            ("¿Se puede ir sin cita?", &["sin_cita"]),
            ("do you take walk-ins?", &["sin_cita"]),
            ("teneis parkin?", &["aparcar"]),
            ("aceptais tarjta", &["pago"]),
            ("¿qué productos usáis?", &["producto"]),
            ("what products do you use?", &["producto"]),
            ("¿hacéis uñas?", &["manicura"]),
            ("unas mechas", &["mechas"]),
            ("¿dónde estáis?", &["direccion"]),
            ("where are you", &["direccion"]),
            ("hola buenas", &[]),
            ("", &[]),
            ("¿¿??", &[]),
            ("los tatuajes", &["tatuaj"]),
            ("¿abrís mañana?", &["horario"]),
            ("Ada Rey", &["ada", "rey"]),
        ];
        for (text, want) in cases {
            assert_eq!(terms(text, None), *want, "{text:?}");
        }
    }

    #[test]
    fn alternatives_are_grouped() {
        assert_eq!(
            term_groups("¿Cómo cancelo o cambio mi cita?", None),
            [vec!["cancelar", "cambiar"], vec!["cita"]]
        );
        assert_eq!(
            term_groups("tinte or highlights, and a haircut", None),
            [vec!["tinte", "mechas"], vec!["corte"]]
        );
        assert_eq!(term_groups("o tinte", None), [vec!["tinte"]]);
        assert_eq!(term_groups("tinte o tinte", None), [vec!["tinte"]]);
    }

    #[test]
    fn stems_join_inflections() {
        for (a, b) in [
            ("lavado", "lavar"),
            ("productos", "products"),
            ("washing", "washed"),
            ("cortes", "corte"),
            ("niños", "niño"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} {b}");
        }
        assert_eq!(stem("sol"), "sol", "three letters stay");
        assert_eq!(terms("comprarlos", None), ["comprar"]);
        assert_eq!(terms("lavarme", None), ["lavar"]);
    }

    #[test]
    fn a_vocabulary_forgives_typos_of_its_own_words() {
        let mut vocabulary = Vocabulary::default();
        vocabulary.learn("¿Tenéis wifi gratuito?");
        assert_eq!(
            terms("wifi gratuto", Some(&vocabulary)),
            ["wifi", "gratuit"]
        );
        assert_eq!(terms("wifi gratuto", None), ["wifi", "gratut"]);
        // Two edits are not a typo.
        assert_eq!(terms("gartuto", Some(&vocabulary)), ["gartut"]);
    }
}
