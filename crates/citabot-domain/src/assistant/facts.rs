//! Answers about the salon from its own data (issue 12): where it is and how to reach it, how to
//! pay, parking and access, the opening hours with the closures ahead, the FAQ the salon wrote,
//! and an honest "no lo sé" with the salon's phone or email for a question none of that answers.
//! A field the salon left empty is never filled in: the visitor is told it is not known and
//! where to ask.

use time::{Date, Month};

use super::replies::{Replies, capitalise};
use super::sentences::{Sentences, fill};
use super::{Context, State, Step, last_bookable_day};
use crate::account::Phone;
use crate::booking::rules::Closure;
use crate::understanding::{
    DateExpr, Holiday, Intent, Language, PaymentMethod, SalonQuestion, Topic, detect_language,
    is_question, normalize, parse_date, parse_time, payment_methods, salon_question, terms,
    without_name,
};

/// What this turn's message said, as [`answer`] needs it.
#[derive(Debug, Clone)]
pub(super) struct Asked<'m> {
    pub message: &'m str,
    pub intents: Vec<Intent>,
    /// "¿hay que pedir cita?": whether a cita is needed at all.
    pub asks_whether_needed: bool,
    /// The ids of the services named.
    pub services: Vec<String>,
    pub date: Option<DateExpr>,
    pub time_named: bool,
    /// "con Lucía se puede?": a stylist asked for is part of a booking, never "no lo sé".
    pub names_stylist: bool,
    /// "¿qué días trabaja Lucía?": the stylist (id) whose week is asked.
    pub schedule_of: Option<String>,
    /// "¿quién hace mechas?" (`Some(None)`), "¿Javier hace mechas?" (`Some(Some(id))`).
    pub who_does: Option<Option<String>>,
    /// The visitor gave their own email or phone: "email" or "teléfono" then is not a question.
    pub gave_email: bool,
    pub gave_phone: bool,
    /// The visitor's name, when the message gives it.
    pub name: Option<String>,
    /// The message answers what the booking asked ("la segunda", a bare name), even with a
    /// question mark: never "no lo sé".
    pub answers_the_booking: bool,
}

/// The answer to a question about the salon, or `None` when the message is not one (a booking,
/// a request, a greeting) and the conversation goes on as before.
pub(super) fn answer(
    asked: &Asked<'_>,
    state: &State,
    context: &Context<'_>,
    replies: &Replies<'_>,
) -> Option<String> {
    let main = main_intent(asked);
    // "¿Javier hace mechas?": who does it, before what it costs; with a day or a time it is a
    // booking, and the times offered name who.
    if let Some(stylist) = &asked.who_does
        && !asked.services.is_empty()
        && asked.date.is_none()
        && !asked.time_named
        && !matches!(
            main,
            Intent::Human | Intent::MyAppointments | Intent::Cancel
        )
    {
        return Some(replies.who_does(&asked.services, stylist.as_deref()));
    }
    // Requests: acted on elsewhere (and not read further: most turns are these).
    if matches!(
        main,
        Intent::Human
            | Intent::Restart
            | Intent::Abandon
            | Intent::MyAppointments
            | Intent::Book
            | Intent::Availability
            | Intent::Help
    ) {
        return None;
    }
    if let Some(stylist) = &asked.schedule_of {
        return Some(format!("{}.", replies.stylist_week(stylist, true)));
    }
    let question = read(asked)?;
    let say = Say { context, replies };
    // "¿hay que pedir cita?" is what a salon's FAQ asks as "¿se puede ir sin cita?".
    let query = if asked.asks_whether_needed {
        "¿se puede ir sin cita?"
    } else {
        asked.message
    };
    // The whole message, else one of its questions ("¿cuánto dura la keratina? y ¿cuánto
    // aguanta el resultado?").
    let faq = || {
        context.faq.best(query).or_else(|| {
            question_clauses(asked.message, context.today)
                .find_map(|clause| context.faq.best(clause))
        })
    };
    match main {
        Intent::Human
        | Intent::Restart
        | Intent::Abandon
        | Intent::MyAppointments
        | Intent::Book
        | Intent::Availability
        | Intent::Help => None,
        // "¿cómo cancelo mi cita?" asks how, when the salon has said how.
        Intent::Cancel | Intent::Reschedule => question
            .how
            .then(faq)
            .flatten()
            .map(|found| say.faq(&found.faq.answer)),
        Intent::OpeningHours => Some(say.parts(asked, &question, true)),
        // "¿cuánto cuesta el parking?"; prices alone are answered as before.
        Intent::Services if !question.topics.is_empty() => Some(say.parts(asked, &question, false)),
        // "¿cuánto aguanta la keratina?": the salon's word on it, with the price and length of
        // the visit; what a service costs is the catalogue's to say.
        Intent::Services => faq()
            .filter(|found| {
                !terms(&found.faq.question, None)
                    .iter()
                    .any(|t| t == "precio")
            })
            .map(|found| {
                let prices = replies.prices(&asked.services, true);
                format!("{}\n\n{prices}", say.faq(&found.faq.answer))
            }),
        _ if !question.topics.is_empty() => Some(say.parts(asked, &question, false)),
        _ if !question.is_question => None,
        _ => {
            if let Some(found) = faq() {
                return Some(say.faq(&found.faq.answer));
            }
            let booking_facts = !asked.services.is_empty()
                || asked.date.is_some()
                || asked.time_named
                || asked.names_stylist;
            if booking_facts {
                // "¿tenéis mechas?": asked about, not booked; in a booking it is the answer
                // to "¿qué servicio quieres?".
                let about_a_service = state.step == Step::Idle
                    && !asked.services.is_empty()
                    && asked.date.is_none()
                    && !asked.time_named;
                return about_a_service.then(|| replies.prices(&asked.services, true));
            }
            // "sí, ¿hacéis tatuajes?": the yes is acted on, and the question after it still not
            // known; a yes or no alone ("mejor no?") asks nothing.
            let asked_text = match main {
                Intent::Affirm | Intent::Deny => after_first_clause(asked.message),
                _ => asked.message,
            };
            let says_something = !terms(asked_text, None).is_empty();
            (matches!(
                main,
                Intent::Unknown | Intent::Greeting | Intent::Thanks | Intent::Affirm | Intent::Deny
            ) && says_something
                && !asked.answers_the_booking)
                .then(|| say.dont_know())
        }
    }
}

/// What follows a message's first clause ("sí, ¿hacéis tatuajes?" → "¿hacéis tatuajes?"); empty
/// for a message of one clause.
fn after_first_clause(message: &str) -> &str {
    let trimmed = message.trim_start_matches(['¿', '¡', ' ']);
    trimmed
        .find([',', '.', ';', '!', '¿', ':'])
        .map_or("", |at| &trimmed[at..])
}

/// What a booking request also asks about the salon ("quiero un corte el viernes, ¿dónde
/// estáis?"), answered before the booking's next question.
pub(super) fn aside(
    asked: &Asked<'_>,
    context: &Context<'_>,
    replies: &Replies<'_>,
) -> Option<String> {
    // Asked as a question ("…, ¿tenéis parking?"); a plain request is not read further.
    if !matches!(
        main_intent(asked),
        Intent::Book | Intent::Availability | Intent::Reschedule | Intent::MyAppointments
    ) || !is_question(asked.message)
    {
        return None;
    }
    let say = Say { context, replies };
    if let Some(question) = read(asked).filter(|question| !question.topics.is_empty()) {
        return Some(say.parts(asked, &question, false));
    }
    // "¿puedo cambiar mi cita?" is the move itself, not a question about how to; "¿cuánto me
    // costará mi cita?" is answered by the cita's own line.
    if matches!(
        main_intent(asked),
        Intent::Reschedule | Intent::MyAppointments
    ) {
        return None;
    }
    // "¿cuánto dura un tinte? y me das cita el jueves": the question clause, answered by the
    // salon's FAQ, else by the catalogue when it asks what a service named costs or lasts.
    question_clauses(asked.message, context.today).find_map(|clause| {
        if let Some(found) = context.faq.best(clause) {
            return Some(say.faq(&found.faq.answer));
        }
        let about = terms(clause, None);
        (!asked.services.is_empty() && about.iter().any(|t| t == "duracion" || t == "precio"))
            .then(|| replies.prices(&asked.services, false))
    })
}

/// The clauses of `message` that end in a question mark, each from the sentence it opens
/// ("Hola, el tinte lleva amoníaco? Soy alérgica" → "Hola, el tinte lleva amoníaco?"), without
/// those that carry a day or a time (the booking's own "¿me das cita el jueves?").
fn question_clauses(message: &str, today: Date) -> impl Iterator<Item = &str> {
    message
        .split_inclusive('?')
        .filter(|part| part.ends_with('?'))
        .map(|part| {
            let start = part.rfind(['.', '!', '\n']).map_or(0, |at| at + 1);
            part[start..].trim()
        })
        .filter(move |clause| parse_date(clause, today).is_none() && parse_time(clause).is_none())
}

fn main_intent(asked: &Asked<'_>) -> Intent {
    asked.intents.first().copied().unwrap_or(Intent::Unknown)
}

/// What the message asks about the salon, or `None` when it only answers the booking's
/// question (a bare name, "la segunda").
fn read(asked: &Asked<'_>) -> Option<SalonQuestion> {
    if asked.answers_the_booking && !is_question(asked.message) {
        return None;
    }
    // "me llamo María Reyes": the name is not a holiday.
    let mut question = salon_question(&without_name(asked.message, asked.name.as_deref()));
    // "mi correo es…" with the address: given, not asked.
    question.topics.retain(|topic| match topic {
        Topic::Email => !asked.gave_email,
        Topic::Phone => !asked.gave_phone,
        _ => true,
    });
    Some(question)
}

/// The wording, in the conversation's language (the replies').
struct Say<'a> {
    context: &'a Context<'a>,
    replies: &'a Replies<'a>,
}

impl Say<'_> {
    fn say(&self) -> &'static Sentences {
        self.replies.say()
    }

    /// Every part the message asks, one paragraph each: the prices of the services named when
    /// the message also asks a price, the hours (and closures) when asked, then each topic.
    fn parts(&self, asked: &Asked<'_>, question: &SalonQuestion, hours: bool) -> String {
        let mut parts = Vec::new();
        if asked.intents.contains(&Intent::Services) && !asked.services.is_empty() {
            parts.push(self.replies.prices(&asked.services, false));
        }
        if hours || question.topics.contains(&Topic::Closures) {
            parts.push(self.hours(asked, question));
        }
        for topic in &question.topics {
            if let Some(part) = self.topic(*topic, asked) {
                parts.push(part);
            }
        }
        parts.join("\n\n")
    }

    fn topic(&self, topic: Topic, asked: &Asked<'_>) -> Option<String> {
        let (profile, say) = (self.context.profile, self.say());
        let text = match topic {
            Topic::Closures => return None,
            Topic::Address => self.address(),
            Topic::Phone => (!profile.phone.is_empty()).then(|| {
                fill(
                    say.our_phone,
                    &[("phone", &Phone::readable(&profile.phone))],
                )
            }),
            Topic::Email => (!profile.email.is_empty())
                .then(|| fill(say.our_email, &[("email", &profile.email)])),
            Topic::Payment => self.payment(asked.message),
            Topic::Parking => self.note(&profile.parking, say.heading_parking),
            Topic::Access => self.note(&profile.access, say.heading_access),
            Topic::About => self.note(&profile.description, say.heading_about),
            Topic::Confirmation => return Some(self.confirmation()),
        };
        // A field left empty: the salon's FAQ may still say it; else it is not known.
        let text = text
            .or_else(|| {
                self.context
                    .faq
                    .best_by_question(asked.message)
                    .map(|found| self.faq(&found.faq.answer))
            })
            .unwrap_or_else(|| self.not_on_record(topic));
        Some(text)
    }

    /// Whether the salon writes to confirm: only when it sends mail, to the email given.
    fn confirmation(&self) -> String {
        let say = self.say();
        let answer = if self.context.sends_mail {
            say.confirmation_by_mail
        } else {
            say.confirmation_none
        };
        answer.to_owned()
    }

    /// "Calle de Fuencarral 45, 28004 Madrid"; without a street, only where it is.
    fn address(&self) -> Option<String> {
        let address = &self.context.profile.address;
        let town = [address.postal_code.trim(), address.city.trim()]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let street = address.street.trim();
        if street.is_empty() {
            if town.is_empty() {
                return None;
            }
            return Some(fill(
                self.say().address_town_only,
                &[("town", &town), ("where_to_ask", &self.where_to_ask())],
            ));
        }
        let full = if town.is_empty() {
            street.to_owned()
        } else {
            format!("{street}, {town}")
        };
        Some(fill(self.say().our_address, &[("address", &full)]))
    }

    /// The ways of paying, and whether the ones asked about are among them: "Sí, aceptamos
    /// tarjeta. También efectivo y Bizum."
    fn payment(&self, message: &str) -> Option<String> {
        let say = self.say();
        let methods = &self.context.profile.payment_methods;
        if methods.is_empty() {
            return None;
        }
        let mut lines = Vec::new();
        let mut taken_asked = Vec::new();
        for asked in payment_methods(message) {
            let taken = methods
                .iter()
                .any(|method| payment_methods(method).contains(&asked));
            let method = asked_method(asked, say);
            lines.push(if taken {
                fill(say.payment_taken, &[("method", method)])
            } else {
                fill(say.payment_not_taken, &[("method", &capitalise(method))])
            });
            if taken {
                taken_asked.push(asked);
            }
        }
        // The others, when the visitor already heard yes to theirs.
        let rest: Vec<String> = methods
            .iter()
            .filter(|method| {
                !payment_methods(method)
                    .iter()
                    .any(|family| taken_asked.contains(family))
            })
            .map(|method| self.method_name(method))
            .collect();
        let rest = self.replies.join(&rest);
        if !rest.is_empty() {
            let template = if taken_asked.is_empty() {
                say.payment_accepted
            } else {
                say.payment_also_accepted
            };
            lines.push(fill(template, &[("methods", &rest)]));
        }
        Some(lines.join(" "))
    }

    /// A way of paying as the salon listed it, in the sentence's language: "Tarjeta" reads
    /// "tarjeta" in Spanish and "card" in English; a name of its own stays as written.
    fn method_name(&self, method: &str) -> String {
        let say = self.say();
        let known = match normalize(method).as_str() {
            "tarjeta" | "tarjetas" | "card" | "cards" => Some(say.paying_by_card),
            "efectivo" | "cash" => Some(say.paying_in_cash),
            "transferencia" | "bank transfer" => Some(say.paying_by_transfer),
            _ => None,
        };
        known.map_or_else(|| method.trim().to_owned(), str::to_owned)
    }

    /// A note the salon wrote, under its heading; in English, said to be in Spanish when it is.
    fn note(&self, text: &str, heading: &str) -> Option<String> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let say = self.say();
        let template = if detect_language(text) == Some(Language::En) {
            say.salon_note
        } else {
            say.salon_note_in_spanish
        };
        Some(fill(template, &[("heading", heading), ("text", text)]))
    }

    /// A FAQ answer as the salon wrote it; in English, with a lead-in when it is in Spanish.
    fn faq(&self, answer: &str) -> String {
        if detect_language(answer) == Some(Language::En) {
            answer.to_owned()
        } else {
            fill(self.say().faq_answer_in_spanish, &[("answer", answer)])
        }
    }

    /// A topic whose field the salon left empty.
    fn not_on_record(&self, topic: Topic) -> String {
        let say = self.say();
        let what = match topic {
            Topic::Address => say.unknown_address,
            Topic::Access => say.unknown_access,
            Topic::Parking => say.unknown_parking,
            Topic::Payment => say.unknown_payment,
            Topic::Phone => say.unknown_phone,
            Topic::Email => say.unknown_email,
            Topic::About | Topic::Closures | Topic::Confirmation => say.unknown_description,
        };
        fill(
            say.not_on_record,
            &[("what", what), ("where_to_ask", &self.where_to_ask())],
        )
    }

    /// "No lo sé", where to ask, and the offer of a person.
    fn dont_know(&self) -> String {
        fill(
            self.say().dont_know,
            &[("where_to_ask", &self.where_to_ask())],
        )
    }

    /// The salon's phone and email, whichever it gave, and the offer of a person.
    fn where_to_ask(&self) -> String {
        let (say, profile) = (self.say(), self.context.profile);
        let (phone, email) = (Phone::readable(profile.phone.trim()), profile.email.trim());
        match (phone.is_empty(), email.is_empty()) {
            (false, false) => fill(
                say.where_to_ask_phone_or_email,
                &[("phone", &phone), ("email", email)],
            ),
            (false, true) => fill(say.where_to_ask_phone, &[("phone", &phone)]),
            (true, false) => fill(say.where_to_ask_email, &[("email", email)]),
            (true, true) => say.where_to_ask_person.to_owned(),
        }
    }

    /// The hours asked: of one day (a closure said as such), the closures of a span or a
    /// holiday, or the week with the closures ahead.
    fn hours(&self, asked: &Asked<'_>, question: &SalonQuestion) -> String {
        let say = self.say();
        let today = self.context.now.0;
        if let Some(DateExpr::Day(day)) = asked.date {
            return self.replies.hours_on(day);
        }
        let span = match asked.date {
            Some(DateExpr::Range { first, last }) => Some((first, last)),
            _ => question
                .month
                .and_then(|month| month_span(month, today))
                .or_else(|| holiday_span(&question.holidays, today)),
        };
        if span.is_none() && question.holidays.is_empty() {
            let ahead = self.closures(None);
            let mut text = self.replies.hours();
            if !ahead.is_empty() {
                text.push_str(say.closures_also);
                text.push_str(&self.closure_list(&ahead));
            }
            return text;
        }
        let closures = self.closures(span);
        if closures.is_empty() {
            let until = match span {
                Some(_) => say.closures_none_in_dates.to_owned(),
                None => {
                    let last = self.replies.day(last_bookable_day(self.context));
                    fill(say.closures_none_until, &[("day", &last)])
                }
            };
            return fill(
                say.closures_none,
                &[("until", &until), ("hours", &self.replies.hours())],
            );
        }
        let mut text = match span {
            Some(_) => say.closures_in_dates.to_owned(),
            None => {
                let last = self.replies.day(last_bookable_day(self.context));
                fill(say.closures_until, &[("day", &last)])
            }
        };
        text.push_str(&self.closure_list(&closures));
        text.push_str(say.closures_otherwise_open);
        text
    }

    /// The closures overlapping `span` (from today on), or those from today to the booking
    /// horizon.
    fn closures(&self, span: Option<(Date, Date)>) -> Vec<&Closure> {
        let today = self.context.now.0;
        let (first, last) = span.unwrap_or((today, last_bookable_day(self.context)));
        self.context
            .calendar
            .closures
            .iter()
            .filter(|closure| closure.to >= today.max(first) && closure.from <= last)
            .collect()
    }

    /// " el viernes 25 de diciembre por Navidad." after "Cerramos", or a list of them.
    fn closure_list(&self, closures: &[&Closure]) -> String {
        match closures {
            [one] => format!(" {}.", self.closure(one)),
            many => {
                let lines: Vec<String> = many
                    .iter()
                    .map(|closure| format!("- {}", self.closure(closure)))
                    .collect();
                format!(":\n\n{}", lines.join("\n"))
            }
        }
    }

    /// "el **viernes 25 de diciembre** por Navidad" / "on **Friday 25 December** (Navidad)".
    fn closure(&self, closure: &Closure) -> String {
        let say = self.say();
        let from = self.replies.day(closure.from);
        let span = if closure.from == closure.to {
            fill(say.closure_on, &[("day", &from)])
        } else {
            let to = self.replies.day(closure.to);
            fill(say.closure_from_to, &[("from", &from), ("to", &to)])
        };
        span + &self.replies.closure_reason(&closure.reason)
    }
}

/// The method asked about, as a sentence names it; brands keep their names.
fn asked_method(method: PaymentMethod, say: &Sentences) -> &'static str {
    match method {
        PaymentMethod::Card => say.paying_by_card_asked,
        PaymentMethod::Cash => say.paying_in_cash,
        PaymentMethod::Bizum => "Bizum",
        PaymentMethod::Transfer => say.paying_by_transfer_asked,
        PaymentMethod::PayPal => "PayPal",
    }
}

/// The next `month` from today: this one while it lasts, else the next with that name.
fn month_span(month: Month, today: Date) -> Option<(Date, Date)> {
    let year = if month as u8 >= today.month() as u8 {
        today.year()
    } else {
        today.year() + 1
    };
    let first = Date::from_calendar_date(year, month, 1).ok()?;
    let last =
        Date::from_calendar_date(year, month, time::util::days_in_month(month, year)).ok()?;
    Some((first, last))
}

/// The days of the holidays named, the next time they come; `None` for "vacaciones" and
/// "festivos", which have no dates of their own: every closure ahead then.
fn holiday_span(holidays: &[Holiday], today: Date) -> Option<(Date, Date)> {
    let spans: Vec<(Date, Date)> = holidays
        .iter()
        .filter_map(|holiday| {
            // (month, day) to (month, day), the end possibly in the next year.
            let ((from_month, from_day), (to_month, to_day)) = match holiday {
                Holiday::Christmas => ((Month::December, 24), (Month::January, 6)),
                Holiday::NewYear => ((Month::December, 31), (Month::January, 1)),
                Holiday::Epiphany => ((Month::January, 5), (Month::January, 6)),
                Holiday::Easter => return holy_week(today),
                Holiday::Vacation | Holiday::BankHoliday => return None,
            };
            (today.year() - 1..=today.year() + 1).find_map(|year| {
                let from = Date::from_calendar_date(year, from_month, from_day).ok()?;
                let to_year = if (to_month as u8) < (from_month as u8) {
                    year + 1
                } else {
                    year
                };
                let to = Date::from_calendar_date(to_year, to_month, to_day).ok()?;
                (to >= today).then_some((from, to))
            })
        })
        .collect();
    let first = spans.iter().map(|span| span.0).min()?;
    let last = spans.iter().map(|span| span.1).max()?;
    Some((first, last))
}

/// Semana Santa, Palm Sunday to Easter Monday, the next time it ends on or after `today`.
fn holy_week(today: Date) -> Option<(Date, Date)> {
    (today.year()..=today.year() + 1).find_map(|year| {
        let easter = easter_sunday(year)?;
        let span = (easter - time::Duration::days(7), easter.next_day()?);
        (span.1 >= today).then_some(span)
    })
}

/// Easter Sunday of `year` in the Gregorian calendar (the anonymous algorithm, as in Meeus,
/// "Astronomical Algorithms").
fn easter_sunday(year: i32) -> Option<Date> {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15).rem_euclid(30);
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k).rem_euclid(7);
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
    Date::from_calendar_date(year, month, u8::try_from(day).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    #[test]
    fn easter_falls_on_its_sunday() {
        for (year, want) in [
            (2024, date!(2024 - 03 - 31)),
            (2025, date!(2025 - 04 - 20)),
            (2026, date!(2026 - 04 - 05)),
            (2027, date!(2027 - 03 - 28)),
            (2038, date!(2038 - 04 - 25)),
        ] {
            assert_eq!(easter_sunday(year), Some(want), "{year}");
        }
        assert_eq!(
            holy_week(date!(2026 - 11 - 20)),
            Some((date!(2027 - 03 - 21), date!(2027 - 03 - 29)))
        );
    }

    #[test]
    fn holidays_come_next_after_today() {
        assert_eq!(
            holiday_span(&[Holiday::Christmas], date!(2026 - 11 - 20)),
            Some((date!(2026 - 12 - 24), date!(2027 - 01 - 06)))
        );
        assert_eq!(
            holiday_span(&[Holiday::Christmas], date!(2027 - 01 - 03)),
            Some((date!(2026 - 12 - 24), date!(2027 - 01 - 06))),
            "while it lasts"
        );
        assert_eq!(
            holiday_span(&[Holiday::Epiphany], date!(2027 - 01 - 07)),
            Some((date!(2028 - 01 - 05), date!(2028 - 01 - 06)))
        );
        assert_eq!(
            holiday_span(&[Holiday::Vacation], date!(2026 - 11 - 20)),
            None
        );
        assert_eq!(
            month_span(Month::February, date!(2026 - 11 - 20)),
            Some((date!(2027 - 02 - 01), date!(2027 - 02 - 28)))
        );
        assert_eq!(
            month_span(Month::November, date!(2026 - 11 - 20)),
            Some((date!(2026 - 11 - 01), date!(2026 - 11 - 30)))
        );
    }
}
