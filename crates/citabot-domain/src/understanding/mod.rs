//! The assistant's understanding of a visitor's message (REQUIREMENTS B2): what they want
//! (intents), which language they write, which services, dates and times they name, and the
//! guest details they give. Pure functions over text, deterministic and cheap: no I/O, no model,
//! nothing learnt at run time. The conversation state machine decides what to do with the result.
//!
//! Every reader starts from [`normalize`] (lowercase, accents folded, punctuation to spaces) and
//! works on whole words, so a keyword never matches inside another word ("no" in "noviembre").
//!
//! The words the readers look for are data in `lexicon`: one lexicon per language
//! (`lexicon/es.rs`, `lexicon/en.rs`), a table per kind of word; each reader keeps its matching
//! logic and reads a table in both languages.

mod change;
mod contact;
mod date;
mod daytime;
mod existing;
mod faq;
mod intent;
mod language;
mod lexicon;
mod normalize;
mod question;
mod services;
mod staff;
mod terms;

use time::Date;

pub use change::{BookingPart, change_asked, part_named, same_time_asked, time_shift};
pub use contact::{
    bare_name, extract_email, extract_name, extract_phone, invalid_email, invalid_phone,
    typed_full_name, without_name,
};
pub use date::{
    DateExpr, WeekdayMismatch, impossible_date, parse_date, parse_dates, weekday_mismatch,
};
pub use daytime::{DayPart, ResolvedTime, TimeExpr, parse_time, resolve_in_hours, soonest_asked};
pub use existing::{about_a_past_service, running_late};
pub use faq::{FaqIndex, FaqMatch};
pub use intent::{Intent, for_several_people, intents, main_intent, names_a_cita};
pub use language::{Language, detect_language};
pub use normalize::normalize;
pub use question::{
    Holiday, PaymentMethod, SalonQuestion, Topic, is_question, opens_as_question, payment_methods,
    salon_question,
};
pub use services::{
    ServiceMatch, ServiceName, adds_services, everyday_names, match_services, replaced_services,
    unoffered_service,
};
pub use staff::{
    StaffName, StaffPreference, staff_preference, stylist_schedule_asked, unknown_stylist,
    who_does_asked,
};
pub use terms::{Term, Vocabulary, stem, term_groups, terms};

/// Everything a message says, read at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Understanding {
    /// The intents, highest priority first; never empty (`[Unknown]` at least).
    pub intents: Vec<Intent>,
    /// A "no" said as such, not inside a question ("no, ¿abrís el sábado?"; never "¿no tenéis
    /// parking?").
    pub says_no: bool,
    /// A "no" that is a "cancel that" ("cancela eso", "cancel it"): it drops a proposal; with
    /// none, right after a booking, it means that cita.
    pub cancels_that: bool,
    /// The message asks whether a cita is needed at all ("¿hay que pedir cita?").
    pub asks_whether_needed: bool,
    /// The language, when the message shows it.
    pub language: Option<Language>,
    /// The services named, in order of appearance.
    pub services: Vec<ServiceMatch>,
    /// The date named, resolved against the visitor's today; `None` when its weekday and its
    /// day disagree (see `weekday_mismatch`).
    pub date: Option<DateExpr>,
    /// A weekday said with a day it is not ("el lunes 10", the 10th a Thursday).
    pub weekday_mismatch: Option<WeekdayMismatch>,
    /// A day and month named that no calendar has ("31 de febrero").
    pub impossible_date: Option<(u8, time::Month)>,
    /// The time named.
    pub time: Option<TimeExpr>,
    /// The first free time asked for, whatever it is ("lo antes posible").
    pub soonest: bool,
    /// The visitor says they will be late to a cita.
    pub running_late: bool,
    /// Something about a service already done (a complaint, a charge).
    pub about_a_past_service: bool,
    /// A valid email address, lowercased.
    pub email: Option<String>,
    /// A phone number in E.164.
    pub phone: Option<String>,
    /// The visitor's name, capitalised.
    pub name: Option<String>,
    /// Something meant as an email that is not a valid one, as typed.
    pub invalid_email: Option<String>,
    /// Digits given as a phone that are not a valid number, as typed.
    pub invalid_phone: Option<String>,
}

impl Understanding {
    /// The intent to act on.
    pub fn main_intent(&self) -> Intent {
        self.intents.first().copied().unwrap_or(Intent::Unknown)
    }
}

/// Reads a message against the visitor's `today` and the business's service catalogue. Knowing
/// the catalogue lets a bare "quiero un corte" count as a booking.
pub fn understand(text: &str, today: Date, catalog: &[ServiceName]) -> Understanding {
    let services = match_services(text, catalog);
    let name = extract_name(text);
    // "my name is Lauren Price" asks no price: a name's words are no intent.
    // A name's and a dictated address's words are no intent either ("lauren price at …").
    let spoken = contact::spoken_email(text);
    let mut plain = contact::without_name(text, name.as_deref());
    if let Some((_, said)) = &spoken {
        plain = contact::without_name(&plain, Some(said));
    }
    let reading = intent::detect(&plain, !services.is_empty());
    let mismatch = weekday_mismatch(text, today);
    Understanding {
        intents: reading.intents,
        says_no: reading.says_no,
        cancels_that: reading.cancels_that,
        asks_whether_needed: reading.asks_whether_needed,
        language: detect_language(text),
        services,
        // Never one of the two silently: the visitor is asked which they meant.
        date: parse_date(text, today).filter(|_| mismatch.is_none()),
        weekday_mismatch: mismatch,
        impossible_date: impossible_date(text),
        time: parse_time(text),
        soonest: soonest_asked(text),
        running_late: running_late(text),
        about_a_past_service: about_a_past_service(text),
        email: contact::typed_email(text).or(spoken.map(|(address, _)| address)),
        phone: extract_phone(text),
        name,
        invalid_email: invalid_email(text),
        invalid_phone: invalid_phone(text),
    }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    fn catalog() -> Vec<ServiceName> {
        vec![
            ServiceName::new("corte", "Corte de pelo", &["corte", "haircut"]),
            ServiceName::new("tinte", "Tinte", &["color"]),
            ServiceName::new("peinado", "Peinado", &[]),
        ]
    }

    /// A Friday.
    const TODAY: Date = date!(2026 - 11 - 20);

    fn ids(u: &Understanding) -> Vec<&str> {
        u.services.iter().map(|s| s.id.as_str()).collect()
    }

    #[test]
    fn a_booking_in_one_sentence() {
        let u = understand(
            "quiero corte y tinte el viernes a las 17:00",
            TODAY,
            &catalog(),
        );
        assert_eq!(u.main_intent(), Intent::Book);
        assert_eq!(ids(&u), ["corte", "tinte"]);
        assert_eq!(u.date, Some(DateExpr::Day(date!(2026 - 11 - 27))));
        assert_eq!(
            u.time,
            Some(TimeExpr::At {
                minutes: 17 * 60,
                ambiguous_half_day: false
            })
        );
        assert_eq!(u.language, Some(Language::Es));
        assert_eq!((u.email, u.phone, u.name), (None, None, None));
    }

    #[test]
    fn a_guest_gives_everything() {
        let u = understand(
            "Hola, me llamo Ana López, mi correo es ana@example.com y mi móvil 612 345 678. Quiero reservar un peinado mañana por la tarde",
            TODAY,
            &catalog(),
        );
        assert_eq!(u.intents, [Intent::Book, Intent::Greeting]);
        assert_eq!(ids(&u), ["peinado"]);
        assert_eq!(u.date, Some(DateExpr::Day(date!(2026 - 11 - 21))));
        assert_eq!(u.time, Some(TimeExpr::Part(DayPart::Afternoon)));
        assert_eq!(u.email.as_deref(), Some("ana@example.com"));
        assert_eq!(u.phone.as_deref(), Some("+34612345678"));
        assert_eq!(u.name.as_deref(), Some("Ana López"));
    }

    #[test]
    fn english() {
        let u = understand(
            "I'd like to book a haircut tomorrow at 5pm",
            TODAY,
            &catalog(),
        );
        assert_eq!(u.main_intent(), Intent::Book);
        assert_eq!(u.language, Some(Language::En));
        assert_eq!(ids(&u), ["corte"]);
        assert_eq!(u.date, Some(DateExpr::Day(date!(2026 - 11 - 21))));
        assert_eq!(
            u.time,
            Some(TimeExpr::At {
                minutes: 17 * 60,
                ambiguous_half_day: false
            })
        );
    }

    #[test]
    fn the_catalogue_turns_a_wish_into_a_booking() {
        assert_eq!(
            understand("quiero un corte", TODAY, &catalog()).main_intent(),
            Intent::Book
        );
        assert_eq!(
            understand("corte el viernes a las 5", TODAY, &catalog()).main_intent(),
            Intent::Book
        );
        assert_eq!(
            understand("hola, un tinte para mañana", TODAY, &catalog()).intents,
            [Intent::Book, Intent::Greeting]
        );
        assert_eq!(
            understand("cuánto cuesta el tinte", TODAY, &catalog()).main_intent(),
            Intent::Services
        );
        assert_eq!(
            understand("corte?", TODAY, &catalog()).main_intent(),
            Intent::Unknown
        );
        assert_eq!(
            main_intent("quiero un corte"),
            Intent::Unknown,
            "without the catalogue"
        );
        let u = understand("¿tienen hueco el viernes para un corte?", TODAY, &catalog());
        assert_eq!(u.main_intent(), Intent::Availability);
        assert_eq!(ids(&u), ["corte"]);
    }

    #[test]
    fn nothing_said() {
        let u = understand("", TODAY, &catalog());
        assert_eq!(u.intents, [Intent::Unknown]);
        assert_eq!(u.main_intent(), Intent::Unknown);
        assert!(
            u.services.is_empty() && u.date.is_none() && u.time.is_none() && u.language.is_none()
        );
    }
}
