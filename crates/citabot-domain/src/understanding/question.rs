//! Questions about the salon itself (issue 12): where it is, how to reach it, how to pay, where
//! to park, how to get in, when it closes for holidays, and whether a message is a question at
//! all. Read from the message's [terms](super::terms), so synonyms, both languages and one typo in
//! a longer word count ("teneis parkin", "do you take cards", "donde estais").

use time::Month;

use super::date::month;
use super::lexicon::{self, Lexicon};
use super::normalize::{normalize_keeping_enye, tokens, within_one_edit};
use super::terms::read;

/// What a question asks about the salon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Topic {
    /// "¿dónde estáis?", "dirección", "where are you".
    Address,
    /// "¿cómo llego?", "¿es accesible?", "¿hay metro cerca?".
    Access,
    /// "¿tenéis parking?", "where can I park".
    Parking,
    /// "¿aceptáis tarjeta?", "formas de pago", "do you take cards".
    Payment,
    /// "¿cuál es vuestro teléfono?" (never "mi teléfono es…").
    Phone,
    /// "¿tenéis email?" (never "mi correo es…").
    Email,
    /// "¿abrís en Navidad?", "¿cerráis en vacaciones?".
    Closures,
    /// "¿quiénes sois?", "tell me about the salon".
    About,
    /// "¿me llegará un correo de confirmación?", "will I get a confirmation email?": whether the
    /// salon writes to confirm (never where the salon is, though "llegar" is in it).
    Confirmation,
}

/// A holiday a visitor may ask about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Holiday {
    Christmas,
    NewYear,
    Epiphany,
    Easter,
    Vacation,
    BankHoliday,
}

/// A way of paying, as a visitor names it or a salon lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    Card,
    Cash,
    Bizum,
    Transfer,
    PayPal,
}

/// What a message asks about the salon.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalonQuestion {
    /// The topics asked, in [`Topic`] order, each once.
    pub topics: Vec<Topic>,
    /// Whether the message is a question: a question mark, or a clause opening with a question
    /// word or a questioning verb ("donde estais", "teneis parking", "do you…").
    pub is_question: bool,
    /// Whether it asks how to do something ("¿cómo cancelo…?", "how do I…").
    pub how: bool,
    /// The holidays named.
    pub holidays: Vec<Holiday>,
    /// A month named ("¿cerráis en agosto?").
    pub month: Option<Month>,
    /// The ways of paying named when the payment is asked about ("¿aceptáis tarjeta?").
    pub payment_methods: Vec<PaymentMethod>,
}

/// Reads what `text` asks about the salon.
pub fn salon_question(text: &str) -> SalonQuestion {
    let normalized = normalize_keeping_enye(text);
    let words = tokens(&normalized);
    let is_question = is_question(text);
    let price_asked = lexicon::says(|l| l.how_much, &words);
    let mut topics = Vec::new();
    let mut holidays = Vec::new();
    for (term, start, _) in read(&words, None) {
        // "mi teléfono es…", "my email": the visitor's own, not the salon's.
        let own = start > 0 && lexicon::has(|l| l.mine, words[start - 1]);
        let found: &[Topic] = match term.as_str() {
            "direccion" => &[Topic::Address],
            "llegar" => &[Topic::Address, Topic::Access],
            "acceso" => &[Topic::Access],
            "aparcar" => &[Topic::Parking],
            // "¿cuánto tengo que pagar?" asks a price, not how to pay.
            "pago" if !price_asked => &[Topic::Payment],
            "telefono" if is_question && !own => &[Topic::Phone],
            "email" if is_question && !own => &[Topic::Email],
            "sobre_el_salon" => &[Topic::About],
            _ => &[],
        };
        topics.extend_from_slice(found);
        let holiday = match term.as_str() {
            "navidad" => Some(Holiday::Christmas),
            "año_nuevo" => Some(Holiday::NewYear),
            "reyes" => Some(Holiday::Epiphany),
            "semana_santa" => Some(Holiday::Easter),
            "vacaciones" => Some(Holiday::Vacation),
            "festivo" => Some(Holiday::BankHoliday),
            _ => None,
        };
        if let Some(holiday) = holiday
            && !holidays.contains(&holiday)
        {
            holidays.push(holiday);
            topics.push(Topic::Closures);
        }
    }
    if asks_about_confirmation(&words) {
        topics.retain(|topic| !matches!(topic, Topic::Address | Topic::Access | Topic::Email));
        topics.push(Topic::Confirmation);
    }
    // "¿dónde?" alone asks where the salon is; "¿dónde aparco?" asks something else.
    if topics.is_empty()
        && is_question
        && words
            .iter()
            .any(|word| lexicon::has(|l| l.where_words, word))
    {
        topics.push(Topic::Address);
    }
    topics.sort();
    topics.dedup();
    let payment_methods = if topics.contains(&Topic::Payment) {
        payment_methods(text)
    } else {
        Vec::new()
    };
    SalonQuestion {
        topics,
        is_question,
        how: clause_starts(text).any(|first| lexicon::has(|l| l.how_words, &first)),
        holidays,
        month: month_named(&words),
        payment_methods,
    }
}

/// "¿me llegará un correo de confirmación?", "¿me mandáis un email?", "will I get a
/// confirmation?": a confirmation, or a message to the visitor, said with a verb of sending.
fn asks_about_confirmation(words: &[&str]) -> bool {
    let any_of = |table: fn(&'static Lexicon) -> &'static [&'static str]| {
        words.iter().any(|word| lexicon::has(table, word))
    };
    let confirmation = any_of(|l| l.confirmation);
    let message = any_of(|l| l.messages_to_visitor);
    let sending = any_of(|l| l.sending_verbs);
    confirmation && (message || sending) || message && sending
}

/// Whether `text` is a question: a question mark, or a clause that opens with a question word
/// or a verb that asks ("teneis", "aceptais", "do", "is").
pub fn is_question(text: &str) -> bool {
    text.contains(['?', '¿']) || opens_as_question(text)
}

/// Whether a clause of `text` opens with a question word or a verb that asks: a question
/// however it ends ("¿hacéis tatuajes?" is never a name, "Lucía Pérez?" may be).
pub fn opens_as_question(text: &str) -> bool {
    clause_starts(text).any(|first| lexicon::has(|l| l.question_starts, &first))
}

/// The first word of each clause of `text` (with the second when the first is "que" or
/// "como", so "que tal" and "como quieras" are not taken for questions).
fn clause_starts(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split([',', '.', ';', '!', '\n']).filter_map(|clause| {
        let normalized = normalize_keeping_enye(clause);
        let words = tokens(&normalized);
        // "me podéis decir el teléfono", "oye, dónde estáis": the question starts after these.
        let lead = words
            .iter()
            .take_while(|word| matches!(**word, "me" | "nos" | "y" | "oye" | "perdona" | "perdone"))
            .count();
        let words = &words[lead..];
        let first = match *words.first()? {
            "q" | "k" | "ke" => "que",
            other => other,
        };
        match (first, words.get(1)) {
            // A bare "¿qué?" or "como" says nothing; "que tal" greets; "como quieras" agrees.
            ("que" | "como", None | Some(&("tal" | "quieras" | "quiera" | "veas" | "sea"))) => None,
            _ => Some(first.to_owned()),
        }
    })
}

/// A month named in full ("agosto", "in August"): "may" only after "in".
fn month_named(words: &[&str]) -> Option<Month> {
    words.iter().enumerate().find_map(|(at, word)| {
        if word.len() < 4 && !(*word == "may" && at > 0 && words[at - 1] == "in") {
            return None;
        }
        month(word)
    })
}

/// The ways of paying `text` names, in order, each once; a word of five letters or more may
/// carry one typo ("tarjta").
pub fn payment_methods(text: &str) -> Vec<PaymentMethod> {
    let normalized = normalize_keeping_enye(text);
    let mut found = Vec::new();
    for word in tokens(&normalized) {
        let method = lexicon::all(|l| l.payment_words).find_map(|(method, names)| {
            names
                .iter()
                .any(|name| *name == word || name.len() >= 5 && within_one_edit(word, name))
                .then_some(*method)
        });
        if let Some(method) = method
            && !found.contains(&method)
        {
            found.push(method);
        }
    }
    found
}

#[cfg(test)]
mod tests;
