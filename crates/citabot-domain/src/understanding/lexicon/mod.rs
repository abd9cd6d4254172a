//! The words the understanding reads, as data: one [`Lexicon`] per language ([`ES`], [`EN`]).
//!
//! Each field is one table; the readers (`date`, `intent`, `contact`…) keep the matching logic
//! and go over a table in both languages with [`all`], [`has`] or [`says`]. Every entry is
//! already normalised (lower case, accents folded, as [`normalize`](super::normalize) writes it),
//! so a reader compares whole words, never substrings. A word both languages use ("no", "ok") is in
//! each lexicon where it is a word of that language; the merged reading dedupes.

mod en;
mod es;

use time::Weekday;

use super::change::BookingPart;
use super::daytime::DayPart;
use super::intent::Intent;

use super::question::PaymentMethod;
use super::services::ServiceKind;

pub(crate) use en::EN;
pub(crate) use es::ES;

/// The words of one language, table by table.
pub(crate) struct Lexicon {
    // Dates.
    /// Weekday names and their chat shortenings; a name of five letters or more forgives a
    /// typo, the first such name in order winning.
    pub weekdays: &'static [(&'static str, Weekday)],
    /// Month names (month number 1–12) and their shortenings; only names of six letters or more
    /// forgive a typo, the first in order winning.
    pub months: &'static [(&'static str, u8)],

    // Language.
    /// Words typical of the language: the language detector counts them in a message.
    pub telltale_words: &'static [&'static str],

    // Questions.
    /// Words that open a clause as a question ("dónde", "can"); also what may follow a yes and
    /// make it a yes plus a question ("vale, ¿dónde estáis?").
    pub question_starts: &'static [&'static str],
    /// The words for each way of paying; a word of five letters or more forgives a typo. The
    /// synonym table reads them all as the concept `pago` too.
    pub payment_words: &'static [(PaymentMethod, &'static [&'static str])],

    // Intents.
    /// Phrases per intent, over normalised words. A word ending in `*` is a stem ("reserv*"),
    /// `^` anchors at the clause start, `..` skips up to three words; other words of six letters
    /// or more forgive one typo. Any phrase of an intent matching anywhere in a clause is a hit,
    /// so their order does not matter.
    pub intent_phrases: &'static [(Intent, &'static [&'static str])],
    /// Deny phrases built on a cancel verb ("cancela eso"): they drop a proposal, they do not
    /// cancel a booking.
    pub deny_cancel: &'static [&'static str],
    /// How a clause opens that asks whether a cita is needed at all ("hay que", "do I need")…
    pub needed_openings: &'static [&'static [&'static str]],
    /// …when it ends on one of these words for a cita or booking.
    pub booking_words: &'static [&'static str],
    /// Words never read as a typo of an intent keyword: everyday words one edit away ("espero
    /// que tengáis hueco" is a hope, not "espera") and words other readers look for ("reservas"
    /// is not a misspelt "reservar", "tarde" not "tarda").
    pub never_typos: &'static [&'static str],
    /// Chat shorthand read as the word it stands for ("q" is "que", "appt" "appointment").
    pub shorthand: &'static [(&'static str, &'static str)],

    // Yes and no.
    /// Words that are a yes when they open a short clause ("vale", "ok, gracias"); "cuánto vale"
    /// is a price question, so not anywhere.
    pub affirm_short: &'static [&'static str],
    /// Words that may follow a yes without making it something else: "sí, por favor", "sí
    /// quiero".
    pub agreeable: &'static [&'static str],

    // Terms (the FAQ and the questions about the salon).
    /// The concepts a salon's visitors ask about, with the words and phrases that mean each
    /// (normalised, `ñ` kept). A concept's name is the term it becomes, the same in every
    /// lexicon; no word means two concepts. Phrases are read before words, longest first.
    pub synonyms: &'static [(&'static str, &'static [&'static str])],
    /// Words that carry no meaning of their own here, in order (binary search): function words,
    /// question words, greetings, politeness, the verbs every question has, the salon itself,
    /// and words of time that the date and time readers handle.
    pub stop_words: &'static [&'static str],
    /// Inflection endings a light stem takes off (the longest that leaves three letters).
    pub stem_endings: &'static [&'static str],

    // Names and contacts.
    /// Words that introduce a dictated address ("my email is", "mi correo es"): its name starts
    /// after the last of them.
    pub introduces_address: &'static [&'static str],
    /// Words before a name that say it is one, longest first where one starts another ("under
    /// the name of" before "under the name"): "me llamo", "my name is".
    pub names_after: &'static [&'static [&'static str]],
    /// Words before a name that may also open something else ("soy cliente", "I'm looking").
    pub names_maybe_after: &'static [&'static [&'static str]],
    /// Words before a name written with a capital ("para Teresa Blanco"; never "para mañana").
    pub names_capitalised_after: &'static [&'static [&'static str]],
    /// Words that say a phone number follows ("mi teléfono es", "tel").
    pub says_phone: &'static [&'static str],
    /// Words that open an answer without being part of it: "vale, Ana", "bueno, Ana Gil".
    pub answer_openings: &'static [&'static str],
    /// Words that may sit between a name and its contact details: "y mi teléfono es …".
    pub contact_labels: &'static [&'static str],
    /// Words that are never part of a bare name: greetings, yeses and noes, commands, choices,
    /// question words and the verbs and fillers of a sentence, insults.
    pub not_bare_names: &'static [&'static str],
    /// Words that end a name.
    pub name_ends: &'static [&'static str],
    /// Days and months, which people capitalise in English: "for Monday" is not a name.
    pub calendar_words: &'static [&'static str],
    /// Words joining the parts of a Spanish name ("María de la Cruz").
    pub name_connectors: &'static [&'static str],
    /// Words that follow "soy" / "I'm" but are not names.
    pub not_names: &'static [&'static str],

    // Services.
    /// Everyday names for a salon's usual services, keyed by the service's name as a salon
    /// lists it ("corte de pelo"); `ñ` kept in the names, as the service matcher reads them.
    pub everyday_service_names: &'static [(&'static str, &'static [&'static str])],
    /// The words for services a salon may well not offer ("masaje", "waxing"), by kind.
    pub unoffered_services: &'static [(ServiceKind, &'static [&'static str])],
    /// Words that add a service to those already chosen ("también", "as well"), word by word.
    pub adding_services: &'static [&'static [&'static str]],
    /// Words before the service a visitor drops for another ("en vez de", "instead of").
    pub instead_of: &'static [&'static str],
    /// Words of a service's name that mean nothing on their own ("de", "y"): never matched
    /// alone, never forgiven a typo (`ñ` kept).
    pub service_function_words: &'static [&'static str],
    /// Frequent words never read as a typo of a service word ("corto" is no "corte"; `ñ` kept).
    pub never_service_typos: &'static [&'static str],

    // Stylists.
    /// Words after which a stylist's name is a request for them, one or two words back ("con
    /// Lucía", "prefiero a Lucía", "with Javier").
    pub asks_for_stylist: &'static [&'static str],
    /// "Who", asking who in the team does a service…
    pub who: &'static [&'static str],
    /// …unless one of these follows it: "con quien sea" is a preference, "con quien tengo la
    /// cita" another question.
    pub who_not_asking: &'static [&'static str],
    /// The verb "does" next to a stylist's name: "¿Javier hace mechas?".
    pub does: &'static [&'static str],
    /// Words about a stylist's working days ("trabaja", "horario", "schedule").
    pub about_working_days: &'static [&'static str],
    /// Words before a visitor's own name ("soy", "me llamo"): a stylist's name after them is the
    /// visitor's.
    pub own_name_after: &'static [&'static str],
    /// Phrases saying anyone will do, word by word ("me da igual", "anyone").
    pub anyone_will_do: &'static [&'static [&'static str]],
    /// Words about when, which make "me da igual" say nothing about who ("me da igual la hora").
    pub about_when: &'static [&'static str],

    // Changing a booking in progress.
    /// Words that say something else is wanted, before the part they change ("otra hora").
    pub change_words: &'static [&'static str],
    /// Words that fill a request to change without saying what ("quiero cambiar algo, porfa").
    pub change_filler: &'static [&'static str],
    /// The words for each part of a booking ("hora", "día", "stylist").
    pub booking_parts: &'static [(BookingPart, &'static [&'static str])],
    /// The only words of a short answer asking to move the time ("un poco más tarde", "earlier
    /// please"): "¿abrís más tarde los viernes?" is a question about the hours.
    pub move_answer_words: &'static [&'static str],
    /// Phrases keeping the time of what is being changed, word by word ("la misma hora").
    pub same_time: &'static [&'static [&'static str]],

    // Times of day.
    /// Phrases asking for the first free time, whatever the day, word by word ("lo antes
    /// posible", "first available").
    pub soonest: &'static [&'static [&'static str]],
    /// Parts of the day named by a word after "por la", "esta" or a day ("por la tarde",
    /// "mañana noche"); alone, "mañana" is a day.
    pub day_parts_after_la: &'static [(&'static str, DayPart)],
    /// Parts of the day a word names alone ("morning", "tonight"); never after "good".
    pub day_parts_alone: &'static [(&'static str, DayPart)],
    /// Parts of the day named by a phrase, word by word, the first matching winning: a phrase
    /// comes before any it starts with ("primera hora de la tarde" before "primera hora").
    pub day_part_phrases: &'static [(&'static [&'static str], DayPart)],

    // A cita already had or booked.
    /// Phrases saying the visitor will be late, word by word ("running late"); Spanish says it
    /// with a verb of arriving and "tarde", which the reader looks for apart.
    pub running_late: &'static [&'static [&'static str]],
    /// Words for a delay ("voy con retraso").
    pub delayed: &'static [&'static str],
    /// Phrases about a service already done, word by word ("me hicisteis", "complaint").
    pub past_service: &'static [&'static [&'static str]],

    // Numbers and typed spellings.
    /// Numbers said in words, 0 to 31 and a few larger tens ("tres", "veintitres", "twenty").
    pub number_words: &'static [(&'static str, u32)],
    /// Ordinal days said in words ("third", "twentieth"); the reader takes "first" and "second"
    /// only after a ten ("twenty first"), where they cannot mean "the first free time".
    pub ordinals: &'static [(&'static str, u32)],
    /// Phone spellings that can mean nothing else, as typed (not normalised: "mñn" keeps its
    /// `ñ` when the normaliser does), and the normalised word each stands for: "kiero cita pa
    /// mñn" is "quiero cita para mañana" to every reader.
    pub phone_spellings: &'static [(&'static str, &'static str)],

    // Intents read apart from the phrases.
    /// How many people, said in words ("las dos", "somos tres", "two haircuts").
    pub several_people: &'static [&'static str],
    /// Someone booked for together with the visitor: "my wife and I".
    pub companions: &'static [&'static str],
    /// What is counted per person after a number: "dos cortes", "three people".
    pub counted_per_person: &'static [&'static str],
    /// Words that speak of a cita already booked: the words for one, and "my".
    pub names_a_cita: &'static [&'static str],
    /// Phrases naming one's own cita, word by word ("mi cita", "lo del martes").
    pub own_cita: &'static [&'static [&'static str]],
    /// Verbs that move a cita, beside those starting "cambi".
    pub move_verbs: &'static [&'static str],
    /// Words of a wish or a request ("quiero", "need", "get"): with a service or a date, a
    /// booking.
    pub wants: &'static [&'static str],
    /// A whole message that only asks for a cita ("una cita").
    pub bare_cita: &'static [&'static [&'static str]],
    /// A whole clause asking whether anybody is there ("¿hay alguien?"): for a person.
    pub anyone_there: &'static [&'static [&'static str]],
    /// A whole answer saying what was going on is no longer wanted ("ya no", "no importa").
    pub no_longer_wanted: &'static [&'static [&'static str]],
    /// Words that say no opening a clause…
    pub no_first: &'static [&'static str],
    /// …or closing a short one.
    pub no_last: &'static [&'static str],
    /// A whole clause saying "I don't know", which is no refusal ("no sé").
    pub dont_know: &'static [&'static [&'static str]],
    /// Words that negate an intent phrase after them ("no quiero cancelar")…
    pub negations: &'static [&'static str],
    /// …with only these words between ("no me cancele", "I don't want to cancel").
    pub after_negation: &'static [&'static str],

    // Questions about the salon, read apart from the terms.
    /// Phrases asking a price, word by word ("cuánto", "how much").
    pub how_much: &'static [&'static [&'static str]],
    /// "My": "mi teléfono es…" gives the visitor's own, it does not ask the salon's.
    pub mine: &'static [&'static str],
    /// "Where": alone in a question, it asks where the salon is.
    pub where_words: &'static [&'static str],
    /// "How", opening a clause: how something is done.
    pub how_words: &'static [&'static str],
    /// The word for a confirmation…
    pub confirmation: &'static [&'static str],
    /// …the messages sent to a visitor ("correo", "sms")…
    pub messages_to_visitor: &'static [&'static str],
    /// …and the verbs of sending one ("me llegará", "will I get"): two of the three ask about
    /// being told a cita is confirmed.
    pub sending_verbs: &'static [&'static str],
}

/// Every lexicon, Spanish first.
pub(crate) static LEXICONS: [&Lexicon; 2] = [&ES, &EN];

/// One table of every lexicon, Spanish's entries first: `all(|l| l.months)`.
pub(crate) fn all<T: 'static>(
    table: impl Fn(&'static Lexicon) -> &'static [T],
) -> impl Iterator<Item = &'static T> {
    LEXICONS.iter().flat_map(move |lexicon| table(lexicon))
}

/// Whether `word` is in one table of any lexicon.
pub(crate) fn has(table: impl Fn(&'static Lexicon) -> &'static [&'static str], word: &str) -> bool {
    LEXICONS
        .iter()
        .any(|lexicon| table(lexicon).contains(&word))
}

/// Whether `words` say a phrase of one table (phrases given word by word) of any lexicon.
pub(crate) fn says(
    table: impl Fn(&'static Lexicon) -> &'static [&'static [&'static str]],
    words: &[&str],
) -> bool {
    LEXICONS
        .iter()
        .any(|lexicon| super::normalize::says_any(words, table(lexicon)))
}

#[cfg(test)]
mod tests;
