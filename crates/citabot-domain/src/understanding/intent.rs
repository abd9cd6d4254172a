//! What the visitor wants, from keyword phrases in Spanish and English.
//!
//! A message may carry several intents ("hola, quiero reservar" is a greeting and a booking);
//! [`intents`] returns them ordered by priority, so the first is the one to act on and the rest
//! are context (a confirmation step looks for [`Intent::Affirm`] anywhere in the list).
//!
//! The message is read clause by clause (split at `, . ; ! ?`), so "no, quiero reservar" is a
//! "no" and a booking, while in "no quiero cancelar" the "no" negates the cancelling. Phrase words
//! ending in `*` are stems ("reserv*" is reservar, reservo…); other words of six letters or more
//! forgive one typo ("resevar"), unless the word said is itself another keyword.

use std::sync::LazyLock;

use time::macros::date;

use super::date::parse_date_tokens;
use super::daytime::parse_time_tokens;
use super::lexicon::{self, Lexicon};
use super::normalize::{normalize, tokens, within_one_edit};

/// What a message asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intent {
    /// "hola", "buenas tardes", "hi".
    Greeting,
    /// The services and their prices: "qué servicios tenéis", "cuánto cuesta el tinte".
    Services,
    /// When the business is open: "qué horario tenéis", "a qué hora abrís".
    OpeningHours,
    /// Free slots: "¿tienen hueco el viernes?".
    Availability,
    /// Making a booking: "quiero reservar", "pedir cita", "I'd like to book".
    Book,
    /// The visitor's own bookings: "qué citas tengo".
    MyAppointments,
    /// Cancelling a booking: "cancelar mi cita", "anular".
    Cancel,
    /// Moving a booking: "cambiar mi cita", "aplazar".
    Reschedule,
    /// Talking to a person: "hablar con una persona".
    Human,
    /// Dropping everything said so far: "empezar de nuevo", "start over".
    Restart,
    /// Dropping the booking in progress, and saying so: "olvídalo", "déjalo", "ya no".
    Abandon,
    /// What the assistant can do: "ayuda".
    Help,
    /// "gracias", "thanks".
    Thanks,
    /// "adiós", "chao", "hasta luego".
    Goodbye,
    /// Yes: "sí", "vale", "de acuerdo", "confirmo", "ok".
    Affirm,
    /// No: "no", "mejor no", "cancela eso".
    Deny,
    /// Nothing recognised.
    Unknown,
}

/// Highest priority first: asking for a person trumps everything; changing or cancelling an
/// existing booking trumps making one; a yes or no matters more than politeness.
const PRIORITY: [Intent; 17] = [
    Intent::Human,
    Intent::Restart,
    Intent::Reschedule,
    Intent::Cancel,
    Intent::MyAppointments,
    Intent::Book,
    Intent::Availability,
    Intent::Abandon,
    Intent::Services,
    Intent::OpeningHours,
    Intent::Help,
    Intent::Deny,
    Intent::Affirm,
    Intent::Goodbye,
    Intent::Thanks,
    Intent::Greeting,
    Intent::Unknown,
];

/// Whether `message` books for more than one person: "para mí y mi hija", "las dos corte",
/// "dos cortes", "somos tres", "me and my wife", "two haircuts" (never "a las dos", a time).
pub fn for_several_people(message: &str) -> bool {
    let normalized = normalize(message);
    let words = tokens(&normalized);
    let several =
        |word: &str| matches!(word, "2" | "3" | "4") || lexicon::has(|l| l.several_people, word);
    let family = |word: &str| lexicon::has(|l| l.companions, word);
    (0..words.len()).any(|i| {
        let at = |k: usize| words.get(i + k).copied().unwrap_or("");
        let before = i.checked_sub(1).map_or("", |b| words[b]);
        match (at(0), at(1), at(2)) {
            ("mi", "y", "mi" | "para" | "a") | ("me", "and", "my") | ("both", "of", "us") => true,
            (person, "and", "i") => family(person),
            ("los" | "somos", number, _) => several(number),
            // "las dos, corte" is two people; "a las dos" is two o'clock.
            ("las", number, next) => {
                several(number)
                    && !matches!(
                        next,
                        "de" | "y" | "menos" | "en" | "pm" | "am" | "primeras" | "ultimas"
                    )
                    && !matches!(
                        before,
                        "a" | "para" | "sobre" | "hacia" | "de" | "hasta" | "desde" | "entre" | "y"
                    )
            }
            (number, counted, _) if lexicon::has(|l| l.counted_per_person, counted) => {
                several(number)
            }
            _ => false,
        }
    })
}

/// Whether `message` speaks of a cita already booked ("cancela mi cita", "anula la reserva")
/// rather than of the one being put together ("cancela", "cancélalo todo").
pub fn names_a_cita(message: &str) -> bool {
    tokens(&normalize(message))
        .iter()
        .any(|word| lexicon::has(|l| l.names_a_cita, word))
}

/// The intents of a message, highest priority first; `[Unknown]` when none is recognised.
///
/// Without the catalogue this cannot know that "quiero un corte" names a service; use
/// [`understand`](super::understand), which can, to read that as [`Intent::Book`].
pub fn intents(text: &str) -> Vec<Intent> {
    detect(text, false).intents
}

/// The intent to act on: the first of [`intents`].
pub fn main_intent(text: &str) -> Intent {
    intents(text)[0]
}

/// What the intent reader found in a message: its intents, and what the conversation asks of
/// the same clauses, read once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reading {
    /// Highest priority first; `[Unknown]` when none is recognised.
    pub intents: Vec<Intent>,
    /// A clause says no and is no question: "no, ¿abrís el sábado?" refuses and asks, "¿no
    /// tenéis parking?" and "no tenéis parking?" only ask.
    pub says_no: bool,
    /// A "no" that is one of the "cancel that" phrases ("cancela eso", "cancel it"): it drops a
    /// proposal; with none, right after a booking, it means cancelling that cita.
    pub cancels_that: bool,
    /// A clause asks whether a cita is needed at all ("¿hay que pedir cita?", "do I need an
    /// appointment?"): a question about the salon's ways, not a request.
    pub asks_whether_needed: bool,
}

/// The intents of a message, knowing whether it names a service.
pub(crate) fn detect(text: &str, names_service: bool) -> Reading {
    let mut found: Vec<Intent> = Vec::new();
    let mut says_no = false;
    let mut cancels_that = false;
    let mut asks_whether_needed = false;
    let all = normalize(text);
    let all = tokens(&all);
    // Each clause with the mark that ends it, so a question's clause is known.
    for clause in text.split_inclusive([',', '.', ';', '!', '?', '\n']) {
        let normalized = normalize(clause);
        let words: Vec<&str> = tokens(&normalized).into_iter().map(shorthand).collect();
        if words.is_empty() {
            continue;
        }
        let said = clause_intents(clause, &words, &mut cancels_that, &mut asks_whether_needed);
        says_no |= said.contains(&Intent::Deny) && !clause.contains('¿') && !clause.ends_with('?');
        found.extend(said);
    }
    // "mi cita del martes a las 10 se puede cambiar?", "cambiar lo del martes": a cita of
    // one's own and a change verb anywhere in the message.
    let own_cita = lexicon::says(|l| l.own_cita, &all);
    let changes = all
        .iter()
        .any(|w| w.starts_with("cambi") || lexicon::has(|l| l.move_verbs, w));
    if own_cita && changes && !found.contains(&Intent::Cancel) {
        found.push(Intent::Reschedule);
    }
    // "quiero un corte el viernes", "cita para mañana", "corte el viernes a las 5": a booking
    // said without a booking verb.
    let acts = |i: &Intent| {
        !matches!(
            i,
            Intent::Greeting | Intent::Thanks | Intent::Affirm | Intent::Goodbye
        )
    };
    // "I want a keratin treatment with Javier on Monday at 4:30": a service word beside a
    // service, a day and a wish is a booking too; "¿cuánto cuesta un corte el lunes?" asks.
    let only_services = found
        .iter()
        .filter(|i| acts(i))
        .all(|i| *i == Intent::Services);
    if only_services {
        // Any reference day will do: only whether a date is named matters here.
        let names_when = parse_date_tokens(&all, date!(2026 - 01 - 01)).is_some()
            || parse_time_tokens(&all).is_some();
        let wants = all.iter().any(|w| lexicon::has(|l| l.wants, w));
        // A bare "cita" asks for one.
        let bare = is_one_of(&all, |l| l.bare_cita);
        // "keratin treatment on tuesday dec 8 at 4:30pm pls" says no "want" and asks nothing.
        let asks = text.contains(['?', '¿']);
        let books = if found.contains(&Intent::Services) {
            names_service && names_when && (wants || !asks)
        } else {
            (names_service || names_when) && wants || names_service && names_when || bare
        };
        if books {
            found.push(Intent::Book);
        }
    }
    let mut ordered: Vec<Intent> = PRIORITY
        .iter()
        .copied()
        .filter(|i| found.contains(i))
        .collect();
    if ordered.is_empty() {
        ordered.push(Intent::Unknown);
    }
    Reading {
        intents: ordered,
        says_no,
        cancels_that,
        asks_whether_needed,
    }
}

/// Chat shorthand read as the word it stands for.
fn shorthand(w: &str) -> &str {
    lexicon::all(|l| l.shorthand)
        .find(|(short, _)| *short == w)
        .map_or(w, |(_, word)| word)
}

/// The intents of one clause (`raw`, read into `w`); sets `cancels_that` and `needed` when the
/// clause is a "cancel that" or asks whether a cita is needed.
fn clause_intents(
    raw: &str,
    w: &[&str],
    cancels_that: &mut bool,
    needed: &mut bool,
) -> Vec<Intent> {
    let mut out = Vec::new();
    for (intent, phrases) in PATTERNS.iter() {
        let hit = phrases.iter().any(|pattern| {
            (0..w.len()).any(|start| matches_at(w, start, pattern) && !negated(w, start, *intent))
        });
        if hit {
            out.push(*intent);
        }
    }
    // "cancela eso", "cancel that": dropping what was just proposed, not a booking.
    if out.contains(&Intent::Deny) && lexicon::all(|l| l.deny_cancel).any(|p| contains(w, p)) {
        out.retain(|i| *i != Intent::Cancel);
        *cancels_that = true;
    }
    // "¿hay que pedir cita?", "do I need an appointment?": whether one is needed, not a request.
    if asks_whether_needed(w) {
        out.retain(|i| *i != Intent::Book);
        *needed = true;
    }
    // "¿hay alguien?" as the whole message asks for a person ("¿hay alguien que haga mechas?"
    // asks about the team).
    if is_one_of(w, |l| l.anyone_there) {
        out.push(Intent::Human);
    }
    // "ya no", "no importa" as the whole answer: the visitor no longer wants what was going on.
    if is_one_of(w, |l| l.no_longer_wanted) {
        out.push(Intent::Abandon);
    }
    let first = yes_word(w[0]);
    let last = w[w.len() - 1];
    // "sí" is yes; "si" is also "if": yes only with an accent or in a short clause.
    let accented_si = raw.trim_start().to_lowercase().starts_with("sí");
    // The words after the yes that only agree ("sí, por favor"), and what follows them.
    let agreeing = w[1..]
        .iter()
        .take_while(|x| lexicon::has(|l| l.agreeable, x))
        .count();
    let agreeable = agreeing == w.len() - 1;
    // "vale y dónde estáis", "si porfa teneis parking": a yes, then a question of its own (a
    // bare "si" before a question is "if": "si tenéis hueco, avisadme").
    let then_asks = || {
        (first != "si" || agreeing > 0)
            && match &w[1 + agreeing..] {
                ["y" | "and" | "pero" | "but", next, ..] | [next, ..] => {
                    lexicon::has(|l| l.question_starts, next)
                }
                [] => false,
            }
    };
    let short_yes = lexicon::has(|l| l.affirm_short, first)
        && (w.len() <= 3 && first != "si" || agreeable || then_asks());
    if first == "si" && accented_si
        || short_yes
        || w.ends_with(&["por", "que", "no"])
        || w.ends_with(&["why", "not"])
    {
        out.push(Intent::Affirm);
    } else if (lexicon::has(|l| l.no_first, first)
        || lexicon::has(|l| l.no_last, last) && w.len() <= 4)
        // "no sé" is "I don't know", not a refusal.
        && !is_one_of(w, |l| l.dont_know)
    {
        out.push(Intent::Deny);
    }
    out
}

/// "sip", "sii", "siii": a yes typed fast reads as "si".
fn yes_word(word: &str) -> &str {
    let stretched = word.len() > 2
        && word.starts_with('s')
        && word[1..].trim_end_matches('p').chars().all(|c| c == 'i')
        && word[1..].contains('i');
    if stretched { "si" } else { word }
}

/// "hay que pedir cita", "hace falta reservar", "es necesario cita", "do I need an appointment":
/// a question about the salon's ways, with nothing of a booking after the word for it.
fn asks_whether_needed(w: &[&str]) -> bool {
    lexicon::all(|l| l.needed_openings).any(|opening| w.starts_with(opening))
        && w.last()
            .is_some_and(|last| lexicon::has(|l| l.booking_words, last))
}

/// Whether the phrase match at `start` is negated: "no quiero cancelar", "no me cancele la cita",
/// "I don't want to cancel".
fn negated(w: &[&str], start: usize, intent: Intent) -> bool {
    if !matches!(
        intent,
        Intent::Book | Intent::Cancel | Intent::Reschedule | Intent::Human | Intent::Availability
    ) {
        return false;
    }
    if w[start] == "no" {
        return false;
    }
    let mut i = start;
    while i > 0 {
        i -= 1;
        if lexicon::has(|l| l.negations, w[i]) {
            return true;
        }
        if !lexicon::has(|l| l.after_negation, w[i]) {
            return false;
        }
    }
    false
}

/// Whether the words `w` are, all of them, one of the phrases of a table.
fn is_one_of(
    w: &[&str],
    table: impl Fn(&'static Lexicon) -> &'static [&'static [&'static str]],
) -> bool {
    lexicon::all(table).any(|phrase| w == *phrase)
}

fn contains(w: &[&str], phrase: &str) -> bool {
    let pattern: Vec<&str> = phrase.split(' ').collect();
    (0..w.len()).any(|start| matches_at(w, start, &pattern))
}

/// Whether `pattern` matches `w` from `start`. `^` anchors at the clause start, `..` skips up to
/// three words.
fn matches_at(w: &[&str], start: usize, pattern: &[&str]) -> bool {
    let Some((&first, rest)) = pattern.split_first() else {
        return true;
    };
    if first == "^" {
        return start == 0 && matches_at(w, start, rest);
    }
    if first == ".." {
        return (0..=3).any(|skip| start + skip <= w.len() && matches_at(w, start + skip, rest));
    }
    match w.get(start) {
        Some(said) if word_matches(said, first) => matches_at(w, start + 1, rest),
        _ => false,
    }
}

fn word_matches(said: &str, wanted: &str) -> bool {
    if let Some(stem) = wanted.strip_suffix('*') {
        return said.starts_with(stem);
    }
    said == wanted
        || wanted.len() >= 6
            && within_one_edit(said, wanted)
            && !KEYWORDS.contains(&said)
            && !lexicon::has(|l| l.never_typos, said)
}

/// A phrase of the lexicons' `intent_phrases` split into its words.
type Pattern = Vec<&'static str>;

/// The intent phrases of both lexicons, split into their words and grouped by intent, once.
static PATTERNS: LazyLock<Vec<(Intent, Vec<Pattern>)>> = LazyLock::new(|| {
    let mut patterns: Vec<(Intent, Vec<Pattern>)> = Vec::new();
    for (intent, phrases) in lexicon::all(|l| l.intent_phrases) {
        let at = match patterns.iter().position(|(known, _)| known == intent) {
            Some(at) => at,
            None => {
                patterns.push((*intent, Vec::new()));
                patterns.len() - 1
            }
        };
        for phrase in *phrases {
            let pattern: Pattern = phrase.split(' ').collect();
            // A phrase both languages say ("menu") is one pattern.
            if !patterns[at].1.contains(&pattern) {
                patterns[at].1.push(pattern);
            }
        }
    }
    patterns
});

/// Every exact keyword of the intent phrases: a word that is one keyword is never a typo of
/// another. Built once: the phrases are constant.
static KEYWORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    lexicon::all(|l| l.intent_phrases)
        .flat_map(|(_, phrases)| phrases.iter().flat_map(|p| p.split(' ')))
        .filter(|w| !w.ends_with('*'))
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;
    use Intent::*;

    #[test]
    fn bookings_for_several_people() {
        for said in [
            "hola kiero pedir cita para mi y mi hija, las dos corte",
            "dos cortes el lunes a las 5 porfa, para mi marido y para mi",
            "las dos queremos mechas",
            "somos tres",
            "me and my wife, two haircuts",
            "my daughter and I need a cut",
            "2 personas el viernes",
        ] {
            assert!(for_several_people(said), "{said:?}");
        }
        for said in [
            "corte el lunes a las dos",
            "para las dos y media",
            "mechas, las dos primeras horas no",
            "a haircut and I want it on friday",
            "quiero un corte para mi",
        ] {
            assert!(!for_several_people(said), "{said:?}");
        }
    }

    /// Asserts every case at once, listing all that fail with the intents found.
    fn check<T: PartialEq<W>, W: std::fmt::Debug>(cases: &[(&str, W)], read: impl Fn(&str) -> T) {
        let wrong: Vec<_> = cases
            .iter()
            .filter(|(text, want)| read(text) != *want)
            .map(|(text, want)| format!("{text:?}: want {want:?}, got {:?}", intents(text)))
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn main_intents() {
        let cases = [
            // Greeting
            ("hola", Greeting),
            ("Holaa!", Greeting),
            ("buenas", Greeting),
            ("buenos días", Greeting),
            ("buenas tardes", Greeting),
            ("hello there", Greeting),
            ("good morning", Greeting),
            // Services
            ("¿qué servicios tenéis?", Services),
            ("cuánto cuesta", Services),
            ("cuanto cuesta un corte", Services),
            ("precio del tinte", Services),
            ("¿cuánto vale?", Services),
            ("lista de precios", Services),
            ("how much is a haircut", Services),
            ("what services do you have", Services),
            // Opening hours
            ("q horario teneis", OpeningHours),
            ("¿Qué horario tenéis?", OpeningHours),
            ("a q hora abris", OpeningHours),
            ("¿a qué hora cerráis?", OpeningHours),
            ("¿estáis abiertos el domingo?", OpeningHours),
            ("what time do you open", OpeningHours),
            ("opening hours", OpeningHours),
            ("orario", OpeningHours),
            // Availability
            ("tienen hueco el viernes", Availability),
            ("¿hay algún hueco libre mañana?", Availability),
            ("disponibilidad para el lunes", Availability),
            ("que horas teneis el sabado", Availability),
            ("are you available tomorrow", Availability),
            ("¿tenéis citas para el 24/12?", Availability),
            ("¿tenéis algo el viernes?", Availability),
            ("do you have anything on friday afternoon?", Availability),
            // Book
            ("quiero reservar", Book),
            ("quiero resevar", Book),
            ("kiero reserbar cita", Book),
            ("quisiera pedir cita", Book),
            ("reserva un corte para mañana", Book),
            ("necesito una cita", Book),
            ("me gustaría una cita", Book),
            ("cita para el viernes", Book),
            ("cita", Book),
            ("¿Una cita?", Book),
            ("quiero el viernes a las 5", Book),
            ("I'd like to book", Book),
            ("¿me podéis dar hora para mañana?", Book),
            ("can I make an appointment", Book),
            // My appointments
            ("que citas tengo", MyAppointments),
            ("¿tengo alguna cita?", MyAppointments),
            ("¿tengo hora el martes?", MyAppointments),
            ("ver mis reservas", MyAppointments),
            ("¿cuándo es mi cita?", MyAppointments),
            ("show my appointments", MyAppointments),
            // How long a service takes (issue 12)
            ("cuánto tarda la keratina", Services),
            ("cuanto tarda un tinte?", Services),
            ("cuánto dura el corte", Services),
            ("¿cuánto tiempo lleva la manicura?", Services),
            ("qué duración tiene el tinte", Services),
            ("how long does a haircut take", Services),
            // Cancel
            ("cancelar mi cita", Cancel),
            ("quiero cancelar", Cancel),
            ("anular", Cancel),
            ("anula la reserva del viernes", Cancel),
            ("no puedo ir a mi cita", Cancel),
            ("cancel my appointment", Cancel),
            ("please cancel my booking", Cancel),
            // Reschedule
            ("cambiar mi cita", Reschedule),
            ("quiero cambiar la hora de mi cita", Reschedule),
            ("¿puedo mover mi cita al lunes?", Reschedule),
            ("aplazar la cita", Reschedule),
            ("necesito cambiarla", Reschedule),
            ("¿hay que pedir cita?", Unknown),
            ("¿hace falta reservar?", Unknown),
            ("do I need an appointment?", Unknown),
            ("hay que pedir cita para un corte mañana", Book),
            ("¿la puedes cambiar al martes a las 17?", Reschedule),
            ("cámbiala al jueves porfa", Reschedule),
            ("¿me la mueves a las 18:30?", Reschedule),
            ("muévela al lunes", Reschedule),
            ("reschedule my appointment", Reschedule),
            ("I need to change my booking", Reschedule),
            // Human
            ("hablar con una persona", Human),
            ("quiero hablar con alguien", Human),
            ("hola? hay alguien?", Human),
            ("¿hay alguien ahí?", Human),
            ("is anyone there?", Human),
            ("¿me pasas con un humano?", Human),
            ("talk to a real person", Human),
            ("retrásala media hora porfa", Reschedule),
            ("can i get a haircut tomorrow?", Book),
            (
                "oye mi cita del martes a las 10 se puede cambiar a por la tarde?",
                Reschedule,
            ),
            (
                "necesito cambiar lo del martes... no se si el miercoles",
                Reschedule,
            ),
            ("could you push my appointment back an hour?", Reschedule),
            ("can i move my appt to thursday, same time?", Reschedule),
            ("la cita del martes me la puedes poner a las 6?", Reschedule),
            ("a q hora tenia yo la cita?? no me acuerdo", MyAppointments),
            ("con quien tengo la cita del martes?", MyAppointments),
            (
                "a q hora era mi cita del martes? no me acuerdo",
                MyAppointments,
            ),
            ("me podes pasar el turno al sabado 28 a las 11?", Reschedule),
            (
                "quiero que me atienda alguien del equipo, no un chat",
                Human,
            ),
            ("can someone from the salon answer me, not a bot", Human),
            ("quiero hablar con una persona para reservar", Human),
            // Help
            ("ayuda", Help),
            ("¿qué puedes hacer?", Help),
            ("help", Help),
            ("¿qué puedo hacer aquí?", Help),
            // Thanks
            ("gracias", Thanks),
            ("muchas gracias!", Thanks),
            ("thanks a lot", Thanks),
            // Goodbye
            ("adiós", Goodbye),
            ("chao", Goodbye),
            ("hasta luego", Goodbye),
            ("bye", Goodbye),
            ("gracias, adiós", Goodbye),
            // Affirm
            ("sí", Affirm),
            ("si", Affirm),
            ("Sí, por favor", Affirm),
            ("si por favor", Affirm),
            ("vale", Affirm),
            ("ok", Affirm),
            ("de acuerdo", Affirm),
            ("confirmo", Affirm),
            ("perfecto, gracias", Affirm),
            ("yes", Affirm),
            ("sounds good", Affirm),
            ("¿por qué no?", Affirm),
            // Deny
            ("no", Deny),
            ("No.", Deny),
            ("mejor no", Deny),
            ("cancela eso", Deny),
            ("no gracias", Deny),
            ("creo que no", Deny),
            ("no quiero cancelar", Deny),
            ("nope", Deny),
            // Unknown
            ("asdf", Unknown),
            ("", Unknown),
            ("el perro de mi vecino", Unknown),
        ];
        check(&cases, main_intent);
    }

    #[test]
    fn several_intents_in_priority_order() {
        let cases: &[(&str, &[Intent])] = &[
            ("hola, quiero reservar", &[Book, Greeting]),
            ("no, quiero reservar para el sábado", &[Book, Deny]),
            ("sí, confirmo la reserva", &[Affirm]),
            ("gracias, adiós", &[Goodbye, Thanks]),
            (
                "hola! ¿qué horario tenéis y cuánto cuesta el tinte?",
                &[Services, OpeningHours, Greeting],
            ),
            (
                "no puedo ir el viernes, quiero cambiar la cita",
                &[Reschedule, Cancel, Deny],
            ),
            ("vale, gracias", &[Affirm, Thanks]),
        ];
        check(cases, intents);
    }

    /// How people really say yes and no at a summary, and how they drop a booking (issue 12):
    /// typed on a phone, without accents, with "porfa" and friends.
    #[test]
    fn everyday_yes_no_and_dropping_a_booking() {
        let cases = [
            // Yes
            ("si porfa", Affirm),
            ("sí, porfa", Affirm),
            ("si porfi", Affirm),
            ("si xfa", Affirm),
            ("sip", Affirm),
            ("sii", Affirm),
            ("siii", Affirm),
            ("sí sí", Affirm),
            ("claro que sí", Affirm),
            ("claro", Affirm),
            ("vale vale", Affirm),
            ("venga", Affirm),
            ("venga va", Affirm),
            ("dale", Affirm),
            ("perfecto", Affirm),
            ("ok", Affirm),
            ("okey", Affirm),
            ("oki", Affirm),
            ("vale perfecto", Affirm),
            ("sí, adelante", Affirm),
            ("adelante", Affirm),
            ("hecho", Affirm),
            ("genial, gracias", Affirm),
            ("si, esta bien", Affirm),
            ("sí, confírmala", Affirm),
            ("yes please", Affirm),
            ("yep", Affirm),
            ("ok perfect", Affirm),
            ("yes, that works", Affirm),
            // No, or not yet
            ("mejor no", Deny),
            ("espera", Deny),
            ("espera un momento", Deny),
            ("un momento", Deny),
            ("no, espera", Deny),
            ("todavía no", Deny),
            ("aún no", Deny),
            ("ahora no", Deny),
            ("no no", Deny),
            ("nop", Deny),
            ("nah", Deny),
            ("wait", Deny),
            ("hold on", Deny),
            ("not yet", Deny),
            // Dropping the booking in progress
            ("olvídalo", Abandon),
            ("olvidalo", Abandon),
            ("déjalo", Abandon),
            ("dejalo", Abandon),
            ("déjalo estar", Abandon),
            ("ya no", Abandon),
            ("ya no quiero", Abandon),
            ("ya no hace falta", Abandon),
            ("no importa", Abandon),
            ("olvídalo, déjalo", Abandon),
            ("mejor lo dejamos", Abandon),
            ("da igual, déjalo", Abandon),
            ("forget it", Abandon),
            ("never mind", Abandon),
            ("nevermind", Abandon),
        ];
        check(&cases, main_intent);
    }

    /// A yes or a no with a question after it, typed without the comma too (issue 12's
    /// polish): the yes is read, and a no is told from a question that opens with "no".
    #[test]
    fn a_yes_or_a_no_then_a_question() {
        for text in [
            "vale y donde estais",
            "venga y como llego",
            "si porfa teneis parking",
            "ok perfecto aceptais tarjeta",
            "yes and do you take cards",
            "sure where are you",
        ] {
            assert!(
                intents(text).contains(&Affirm),
                "{text:?} → {:?}",
                intents(text)
            );
        }
        for text in [
            "si teneis hueco el viernes me avisan",
            "si donde estais",
            "vale que hora es",
        ] {
            assert!(
                !intents(text).contains(&Affirm),
                "{text:?} → {:?}",
                intents(text)
            );
        }
        let says_no = |text: &str| detect(text, false).says_no;
        for text in [
            "no",
            "no, ¿abrís el sábado?",
            "no. donde estais",
            "mejor no, teneis parking?",
            "no thanks, do you take cards?",
        ] {
            assert!(says_no(text), "{text:?}");
        }
        for text in [
            "¿no tenéis parking?",
            "no aceptais tarjeta?",
            "vale",
            "no sé",
        ] {
            assert!(!says_no(text), "{text:?}");
        }
    }

    /// What the conversation asks of the same clauses, read with the intents (never again).
    #[test]
    fn cancel_that_and_whether_a_cita_is_needed_are_read_with_the_intents() {
        let read = |text: &str| detect(text, false);
        for text in [
            "cancela eso",
            "no, cancela eso",
            "cancelalo todo",
            "cancel it",
            "ok cancel that",
        ] {
            assert!(read(text).cancels_that, "{text:?}");
            assert_eq!(read(text).intents[0], Deny, "{text:?}");
        }
        for text in ["cancela mi cita", "no quiero cancelar", "cancelar", "eso"] {
            assert!(!read(text).cancels_that, "{text:?}");
        }
        for text in [
            "¿hay que pedir cita?",
            "hace falta cita?",
            "hola. ¿es necesario reservar?",
            "do i need an appointment",
            "hace falta reservar?",
        ] {
            assert!(read(text).asks_whether_needed, "{text:?}");
            assert!(!read(text).intents.contains(&Book), "{text:?}");
        }
        for text in [
            "necesito cita para un corte mañana",
            "hay que pedir cita para el viernes?",
            "quiero pedir cita",
        ] {
            assert!(!read(text).asks_whether_needed, "{text:?}");
        }
    }

    #[test]
    fn dropping_a_booking_is_not_cancelling_a_cita_nor_a_new_request() {
        let cases: &[(&str, Intent)] = &[
            ("ya no puedo ir a mi cita", Cancel),
            ("olvídalo, quiero reservar el viernes", Book),
            ("no, olvídalo", Abandon),
            ("espera, mejor el martes", Deny),
        ];
        check(cases, main_intent);
    }

    #[test]
    fn no_false_positives_from_parts_of_words() {
        for (text, not) in [
            ("noviembre", Deny),
            ("el 25 de noviembre", Deny),
            ("mi nombre es Ana", Deny),
            ("cuánto vale el tinte", Affirm),
            ("si tienen hueco el viernes me avisan", Affirm),
            ("quiero reservar para alguien más", Human),
            ("mis reservas", Book),
            ("cancela eso", Cancel),
            ("no quiero cancelar", Cancel),
            ("I don't want to cancel", Cancel),
            ("hasta mañana", Book),
            ("buenas tardes", Availability),
            ("¿por qué no?", Deny),
            ("no sé", Deny),
            ("espero que tengáis hueco el viernes", Deny),
        ] {
            assert!(
                !intents(text).contains(&not),
                "{text:?} → {:?}",
                intents(text)
            );
        }
    }
}
