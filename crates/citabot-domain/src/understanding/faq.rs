//! The salon's FAQ matched by meaning, without a model (issue 12).
//!
//! Each entry is read once into terms ([`terms`](super::terms): stop-words dropped, synonyms and
//! light stems joined, English and Spanish meeting in the same concepts): the question's terms
//! are its key, the answer's add a little. A message scores against an entry as a weighted
//! overlap:
//!
//! ```text
//!            Σ w(t), t in message ∩ question  +  ½ · Σ w(t), t in message ∩ answer only
//! score  =  ──────────────────────────────────────────────────────────────────────────
//!                           Σ w(t), t in message ∪ question
//! ```
//!
//! where `w(t) = ln(1 + entries / entries with t)` (a term every entry has weighs little; a
//! term no entry has weighs most, so a message about something else scores low). Words the
//! message says that the entry lacks, and the entry's question words the message lacks, both
//! pull the score down; alternatives in a question ("¿cómo cancelo o cambio mi cita?") count as
//! one, said when either is. An entry matches when at least one of its question's terms is said and
//! the score reaches [`THRESHOLD`]; the best score wins, and on a tie the earlier entry. When
//! none does, a concept of the trade (a word of the synonym table, as "amoniaco") that only one
//! entry's answer names still finds that entry, unless the message says something as telling
//! of another entry's question.
//!
//! The index is built once from the entries ([`FaqIndex::new`]) and holds no reference to them;
//! the server keeps it until the salon's FAQ changes.

use std::collections::BTreeMap;

use super::terms::{Term, Vocabulary, is_concept, term_groups, terms};
use crate::booking::profile::Faq;

/// The lowest score that counts as a match (tuned on the tuning tables in `faq/tests.rs`, never
/// on the held-out ones).
pub const THRESHOLD: f64 = 0.5;

/// How much a term found only in an entry's answer counts, next to one in its question.
const ANSWER_WEIGHT: f64 = 0.5;

/// The FAQ, read for matching.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaqIndex {
    entries: Vec<Faq>,
    keys: Vec<Key>,
    /// Term → how many entries have it.
    entries_with: BTreeMap<Term, usize>,
    vocabulary: Vocabulary,
}

/// An entry's terms.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Key {
    /// The question's terms, alternatives ("cancelo o cambio") grouped.
    question: Vec<Vec<Term>>,
    /// The answer's terms that are not the question's.
    answer: Vec<Term>,
}

/// An entry that matched a message.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FaqMatch<'a> {
    /// The entry's position in the FAQ.
    pub index: usize,
    pub faq: &'a Faq,
    pub score: f64,
}

impl FaqIndex {
    /// Reads `entries` (questions and answers) into an index.
    pub fn new(entries: &[Faq]) -> Self {
        let mut vocabulary = Vocabulary::default();
        for entry in entries {
            vocabulary.learn(&entry.question);
            vocabulary.learn(&entry.answer);
        }
        let keys: Vec<Key> = entries
            .iter()
            .map(|entry| {
                let question = term_groups(&entry.question, Some(&vocabulary));
                let answer = terms(&entry.answer, Some(&vocabulary))
                    .into_iter()
                    .filter(|term| !question.iter().flatten().any(|asked| asked == term))
                    .collect();
                Key { question, answer }
            })
            .collect();
        let mut entries_with: BTreeMap<Term, usize> = BTreeMap::new();
        for key in &keys {
            for term in key.question.iter().flatten().chain(&key.answer) {
                *entries_with.entry(term.clone()).or_default() += 1;
            }
        }
        Self {
            entries: entries.to_vec(),
            keys,
            entries_with,
            vocabulary,
        }
    }

    /// The entries it was built from.
    pub fn entries(&self) -> &[Faq] {
        &self.entries
    }

    /// The entry that answers `text`, if one scores at least [`THRESHOLD`]; else the one entry
    /// whose answer alone names a concept the message asks about ("¿lleva amoníaco?" against
    /// "¿Qué productos usáis?", answered "tintes sin amoniaco").
    pub fn best(&self, text: &str) -> Option<FaqMatch<'_>> {
        self.best_by_question(text)
            .or_else(|| self.named_in_one_answer(text))
    }

    /// The entry that answers `text` by its question's terms alone, if one scores at least
    /// [`THRESHOLD`]: what a question on a topic the salon's profile covers ("¿dónde estáis?"
    /// with no address filled in) may find, where a word of another entry's answer ("la calle
    /// de Fuencarral 70", about parking) is no answer.
    pub fn best_by_question(&self, text: &str) -> Option<FaqMatch<'_>> {
        self.ranked(text)
            .into_iter()
            .next()
            .filter(|found| found.score >= THRESHOLD)
    }

    /// The entry whose answer is the only place of the FAQ that names a concept of `text`,
    /// when exactly one entry is and nothing `text` says is as telling of another entry's
    /// question ("¿vendéis tarjetas regalo?" is about cards, not the products one can buy).
    fn named_in_one_answer(&self, text: &str) -> Option<FaqMatch<'_>> {
        let said = terms(text, Some(&self.vocabulary));
        let mut named = said
            .iter()
            .filter(|term| is_concept(term) && self.entries_with.get(*term) == Some(&1))
            .filter_map(|term| {
                let index = self.keys.iter().position(|key| key.answer.contains(term))?;
                Some((index, self.weight(term)))
            });
        let (index, weight) = named.next()?;
        if named.any(|(other, _)| other != index) {
            return None;
        }
        let elsewhere = said
            .iter()
            .filter(|term| {
                self.keys.iter().enumerate().any(|(other, key)| {
                    other != index && key.question.iter().flatten().any(|asked| asked == *term)
                })
            })
            .map(|term| self.weight(term))
            .fold(0.0, f64::max);
        (weight > elsewhere).then(|| FaqMatch {
            index,
            faq: &self.entries[index],
            score: THRESHOLD,
        })
    }

    /// Every entry sharing a question term with `text`, best first (ties: the earlier entry).
    pub fn ranked(&self, text: &str) -> Vec<FaqMatch<'_>> {
        let said = terms(text, Some(&self.vocabulary));
        let mut found: Vec<FaqMatch<'_>> = self
            .keys
            .iter()
            .enumerate()
            .filter_map(|(index, key)| {
                let score = self.score(&said, key)?;
                Some(FaqMatch {
                    index,
                    faq: &self.entries[index],
                    score,
                })
            })
            .collect();
        found.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.index.cmp(&b.index)));
        found
    }

    /// The score of `said` against an entry, or `None` when no question term is said. A group
    /// of alternatives is said when any of them is, and missed as its weightiest.
    fn score(&self, said: &[Term], key: &Key) -> Option<f64> {
        let mut in_question = 0.0;
        let mut missed = 0.0;
        for group in &key.question {
            let hits: f64 = group
                .iter()
                .filter(|term| said.contains(term))
                .map(|term| self.weight(term))
                .sum();
            if hits > 0.0 {
                in_question += hits;
            } else {
                missed += group
                    .iter()
                    .map(|term| self.weight(term))
                    .fold(0.0, f64::max);
            }
        }
        if in_question == 0.0 {
            return None;
        }
        let in_answer: f64 = said
            .iter()
            .filter(|term| key.answer.contains(term))
            .map(|term| self.weight(term))
            .sum();
        let union: f64 = said.iter().map(|term| self.weight(term)).sum::<f64>() + missed;
        Some((in_question + ANSWER_WEIGHT * in_answer) / union)
    }

    /// How telling a term is: rarer across the entries weighs more; unknown weighs most.
    fn weight(&self, term: &str) -> f64 {
        let entries = self.keys.len().max(1) as f64;
        let with = self.entries_with.get(term).copied().unwrap_or(0).max(1) as f64;
        (1.0 + entries / with).ln()
    }
}

#[cfg(test)]
mod held_out;
#[cfg(test)]
mod tests;
