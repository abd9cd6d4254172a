//! Every sentence the assistant says, as one catalogue per language: [`es`] and [`en`] hold the
//! same fields, so a reply picks its language once ([`of`]) and then reads the same field either
//! way. A sentence with variable parts is a template with named placeholders (`{day}`), filled
//! in by [`fill`].
//!
//! Where the languages differ in structure (a plural, a case one language words apart, the
//! English note that a text is in Spanish), each case has its own field, defined in both.

mod en;
mod es;

use super::Lang;

/// Declares [`Sentences`]: one `&'static str` per sentence and one array per list of words,
/// and, for the tests, the list of every sentence with its field's name.
macro_rules! sentences {
    (
        sentences { $( $(#[$sentence_doc:meta])* $sentence:ident, )* }
        words { $( $(#[$words_doc:meta])* $words:ident: [&'static str; $count:literal], )* }
    ) => {
        /// The assistant's sentences in one language.
        pub(super) struct Sentences {
            $( $(#[$sentence_doc])* pub(super) $sentence: &'static str, )*
            $( $(#[$words_doc])* pub(super) $words: [&'static str; $count], )*
        }

        #[cfg(test)]
        impl Sentences {
            /// Every sentence, with the name of its field.
            fn templates(&self) -> Vec<(&'static str, &'static str)> {
                vec![$( (stringify!($sentence), self.$sentence), )*]
            }

            /// Every list of words, with the name of its field.
            fn word_lists(&self) -> Vec<(&'static str, &[&'static str])> {
                vec![$( (stringify!($words), &self.$words[..]), )*]
            }
        }
    };
}

sentences! {
    sentences {
        // The conversation's openings and closings
        /// The greeting's first words, to a visitor not signed in.
        greeting_hello,
        /// The greeting's first words, to a signed-in cliente, by her first name.
        greeting_hello_named,
        greeting,
        help,
        not_understood,
        thanks,
        /// Thanks while a summary waits for its yes.
        thanks_before_the_yes,
        goodbye,
        /// A person asked for: the team is told.
        human,
        /// The conversation's saved state could not be read: nothing changed.
        unreadable_state,
        running_late,
        /// After `running_late`: the cita found.
        running_late_cita,
        running_late_team_told,
        /// Something wrong with a service already done.
        about_a_past_service,
        /// Staff asked to cancel or move a client's cita.
        staff_manage_in_dashboard,
        restarted,
        write_failed,
        // Words inside sentences
        /// Who does a cita whose stylist is not on the staff list.
        the_team,
        /// What joins the last item of a list.
        list_and,
        which_one,
        time_at,
        /// A span of time, also a span of opening hours.
        time_range,
        /// An offered time and who would do it (after its number in the list).
        time_with_stylist,
        part_morning,
        part_afternoon,
        part_evening,
        part_after_lunch,
        part_mid_morning,
        part_late_morning,
        part_early_afternoon,
        part_mid_afternoon,
        /// The minimum notice, said within a sentence.
        notice_one_hour,
        notice_hours,
        notice_minutes,
        /// `{minutes}` is `notice_minutes`.
        notice_one_hour_and,
        /// `{minutes}` is `notice_minutes`.
        notice_hours_and,
        /// A date: the assistant's and the mail's one way of naming a day.
        day_in_words,
        status_pending,
        status_confirmed,
        status_cancelled,
        status_completed,
        status_no_show,
        // The salon: services, prices, hours
        services_heading,
        services_table_head,
        services_offer,
        prices_offer,
        hours_heading,
        /// A weekday in the week's hours when the salon does not open.
        hours_closed,
        /// The hours asked of a day the salon closes; `{why}` is `closure_reason` or empty.
        hours_on_closure,
        /// The weekly rule a day's hours follow; `{weekday}` is from `weekdays_recurring`.
        hours_as_every,
        hours_on_closed_weekday,
        hours_on_open,
        /// Why the salon closes, after the days.
        closure_reason,
        /// `{why}` is `closure_reason` or empty.
        closure_one_day,
        closure_days_in_month,
        closure_days,
        /// A weekday the salon never opens; `{weekdays}` is from `weekdays_recurring`.
        closed_weekday,
        // Asking what is booked
        ask_services,
        /// The day is known, the service not yet.
        ask_services_for,
        /// A service the salon does not offer, and what it does.
        not_offered,
        /// A booking for several people.
        one_person_per_cita,
        ask_date,
        ask_other_date,
        ask_stylist,
        /// None of the times offered suits; `{hours}` is that day's hours.
        ask_other_time,
        /// A day the month does not have.
        no_such_date,
        no_such_stylist,
        /// "el lunes 10" when the 10th is a Thursday: both readings.
        weekday_mismatch,
        date_in_past,
        too_far_ahead,
        // Why a day or a time cannot be had
        /// Inside the minimum notice; `{when}` is empty or a space and the time wished.
        too_soon,
        closed_for_today,
        no_time_left_today,
        /// `{week}` is the stylist's week (`stylist_week`).
        stylist_off_that_weekday,
        stylist_away_until,
        stylist_off_that_day,
        stylist_full_that_day,
        nobody_else_that_day,
        others_free_that_day,
        /// After the others' times: the stylist's own first free day.
        stylist_first_free_day_later,
        stylist_nothing_ahead_later,
        day_full,
        time_gone,
        part_of_day_gone,
        closed_at_time,
        closed_in_part_of_day,
        runs_past_close,
        /// A said range shorter than the visit.
        longer_than_range,
        time_taken,
        /// After a stylist's time taken: who else is free then.
        also_free_then,
        stylist_not_working_then,
        stylist_taken_then,
        can_offer,
        can_offer_with,
        nothing_then,
        nothing_then_with,
        nothing_ahead,
        nothing_ahead_with,
        first_free_day,
        first_free_day_with,
        free_times,
        free_times_with,
        offer_times,
        offer_times_with,
        /// A wished time found free.
        time_free,
        // The stylists
        stylist_lacks_service,
        stylist_lacks_service_one_does,
        stylist_lacks_service_some_do,
        who_does_yes,
        who_does_nobody,
        who_does_one,
        who_does_some,
        stylist_not_bookable,
        stylist_not_bookable_others_can,
        stylist_no_working_days,
        stylist_works,
        /// A stylist's week, said after another sentence.
        stylist_days,
        /// A run of one weekday in a stylist's week; `{weekday}` is from `weekdays_recurring`.
        weekdays_one,
        /// Two weekdays, from `weekdays_recurring`.
        weekdays_two,
        /// Three weekdays or more, from `weekdays`.
        weekdays_run,
        // Who the cita is for, and how to reach them
        ask_name,
        /// After `ask_name`, when the salon sends mail.
        ask_name_then_mail,
        /// After `ask_name`, when the salon sends no mail.
        ask_name_then_contact,
        /// Staff booking for a client.
        ask_client_name,
        /// The salon sends mail.
        ask_mail,
        /// The salon sends no mail: any contact, promising nothing.
        ask_contact,
        /// A guest who would rather not leave a contact.
        contact_needed,
        invalid_email,
        invalid_phone,
        // The summary and the booking
        /// `{heading}` is `summary_heading` or `summary_heading_moving`; `{rows}` the fields.
        summary,
        summary_heading,
        summary_heading_moving,
        /// The summary card's title.
        summary_title,
        /// The card's title when staff book for a client.
        summary_title_for_client,
        summary_title_moving,
        label_service,
        label_day,
        label_time,
        label_with,
        label_name,
        label_email,
        label_phone,
        label_price,
        ask_what_to_change,
        /// A summary refused: said before `ask_what_to_change`.
        not_booked,
        /// The salon's chat bookings start confirmed.
        booked_confirmed_opening,
        /// After the confirmed booking's fields.
        booked_confirmed_closing,
        /// The salon confirms chat bookings itself (nothing said after the fields).
        booked_pending_opening,
        /// Staff booked for a client: no welcome meant for the client.
        booked_for_client,
        /// A yes after the booking was made.
        already_booked,
        slot_just_taken,
        booking_dropped,
        /// "olvídalo" with nothing in progress.
        nothing_to_drop,
        // The visitor's citas
        /// A cita in one line; `{price}` at today's prices.
        cita_line,
        own_citas,
        no_citas,
        appointments_need_account,
        /// A stylist's citas of a day.
        agenda,
        agenda_empty,
        which_cita_to_move,
        /// `{cita}` is the cita's line.
        ask_new_date,
        move_dropped,
        /// A move dropped before choosing which cita.
        move_dropped_unchosen,
        moved,
        not_moved,
        reschedule_needs_account,
        which_cita_to_cancel,
        confirm_cancel,
        kept,
        cancelled,
        not_cancelled,
        cancel_needs_account,
        /// A client's cita inside the minimum notice, and the salon's phone.
        too_late_to_change_call,
        /// The same, the salon having no phone on record.
        too_late_to_change,
        // Answers from the salon's own data (facts.rs)
        our_phone,
        our_email,
        our_address,
        /// `{where_to_ask}` is one of the `where_to_ask_*`.
        address_town_only,
        heading_parking,
        heading_access,
        heading_about,
        /// A note the salon wrote, under its heading.
        salon_note,
        /// A note not written in English; Spanish says it as any note.
        salon_note_in_spanish,
        /// A FAQ answer not written in English; Spanish says it as written.
        faq_answer_in_spanish,
        /// Whether the salon writes to confirm: it sends mail.
        confirmation_by_mail,
        /// It sends none.
        confirmation_none,
        /// A way of paying asked about, taken.
        payment_taken,
        payment_not_taken,
        payment_accepted,
        /// The other ways, after a yes to the one asked.
        payment_also_accepted,
        /// A way of paying as a question about it names it.
        paying_by_card_asked,
        paying_by_transfer_asked,
        /// A way of paying the salon listed, as a list of them names it.
        paying_by_card,
        paying_by_transfer,
        paying_in_cash,
        /// A field the salon left empty; `{what}` is one of the `unknown_*`.
        not_on_record,
        unknown_address,
        unknown_access,
        unknown_parking,
        unknown_payment,
        unknown_phone,
        unknown_email,
        unknown_description,
        dont_know,
        where_to_ask_phone_or_email,
        where_to_ask_phone,
        where_to_ask_email,
        /// The salon left neither phone nor email.
        where_to_ask_person,
        /// After the week's hours: the closures ahead follow.
        closures_also,
        /// `{until}` is `closures_none_in_dates` or `closures_none_until`.
        closures_none,
        closures_none_in_dates,
        closures_none_until,
        /// The closures of the dates asked follow.
        closures_in_dates,
        /// The closures up to the booking horizon follow.
        closures_until,
        closures_otherwise_open,
        /// One closure in a list of them; `closure_reason` may follow.
        closure_on,
        closure_from_to,
        // Taps (quick.rs): a label on the button, and what tapping it says
        tap_at_time,
        tap_confirm,
        tap_confirm_said,
        tap_change,
        tap_change_said,
        /// Label and saying at once.
        tap_cancel_it,
        tap_keep_it,
        tap_keep_it_said,
        tap_book,
        tap_book_said,
        tap_person,
        tap_person_said,
        tap_change_service,
        tap_change_service_said,
        tap_change_day,
        tap_change_day_said,
        tap_change_time,
        tap_change_time_said,
        tap_today,
        tap_today_said,
        tap_tomorrow,
        tap_tomorrow_said,
        /// A free day, from the short names: "sáb 28 nov".
        tap_day,
        /// `{day}` is `day_in_words`.
        tap_day_said,
        /// Label and saying at once.
        tap_with_stylist,
        tap_anyone,
        tap_anyone_said,
    }
    words {
        /// Weekday names, Monday first, as a date prints them.
        weekdays: [&'static str; 7],
        /// A weekday meaning every such day: Spanish says it in the plural ("los sábados"),
        /// English in the singular ("every Saturday"; its templates add the -s of "Saturdays").
        weekdays_recurring: [&'static str; 7],
        /// Month names, January first.
        months: [&'static str; 12],
        /// Weekdays as a tap of a day shortens them ("sáb 28 nov").
        short_weekdays: [&'static str; 7],
        /// Months as a tap of a day shortens them.
        short_months: [&'static str; 12],
        /// Taps picking a cita of a numbered list by its place.
        ordinal_taps: [&'static str; 4],
    }
}

/// The catalogue of `lang`.
pub(super) fn of(lang: Lang) -> &'static Sentences {
    match lang {
        Lang::Es => &es::ES,
        Lang::En => &en::EN,
    }
}

/// `template` with each placeholder `{name}` replaced by the value given for `name`, in one pass.
/// The string is allocated once, for the template and every value (placeholders are said once
/// in nearly every sentence; one said twice may grow it). Every placeholder must be given, and
/// every value must have its placeholder (checked in debug builds); the values are not read for
/// placeholders of their own, so a visitor's "{" passes through.
pub(super) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    debug_assert!(
        values
            .iter()
            .all(|(name, _)| placeholders(template).any(|said| said == *name)),
        "a value for no placeholder of {template:?}: {values:?}"
    );
    let capacity = template.len() + values.iter().map(|(_, value)| value.len()).sum::<usize>();
    let mut filled = String::with_capacity(capacity);
    let mut rest = template;
    while let Some((before, name, after)) = next_placeholder(rest) {
        filled.push_str(before);
        match values.iter().find(|(given, _)| *given == name) {
            Some((_, value)) => filled.push_str(value),
            None => {
                debug_assert!(false, "{{{name}}} of {template:?} not given");
                filled.push_str(&rest[before.len()..rest.len() - after.len()]);
            }
        }
        rest = after;
    }
    filled.push_str(rest);
    filled
}

/// The text before the first placeholder of `text`, its name, and the text after it.
fn next_placeholder(text: &str) -> Option<(&str, &str, &str)> {
    let open = text.find('{')?;
    let close = open + text[open..].find('}')?;
    Some((&text[..open], &text[open + 1..close], &text[close + 1..]))
}

/// The names of the placeholders of `template`, in order.
fn placeholders(template: &str) -> impl Iterator<Item = &str> {
    let mut rest = template;
    std::iter::from_fn(move || {
        let (_, name, after) = next_placeholder(rest)?;
        rest = after;
        Some(name)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn catalogues() -> [(&'static str, &'static Sentences); 2] {
        [("es", of(Lang::Es)), ("en", of(Lang::En))]
    }

    fn is_identifier(name: &str) -> bool {
        let mut chars = name.chars();
        chars
            .next()
            .is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    #[test]
    fn both_languages_fill_in_the_same_placeholders() {
        let es = of(Lang::Es).templates();
        let en = of(Lang::En).templates();
        assert_eq!(es.len(), en.len());
        for ((field, es), (_, en)) in es.iter().zip(&en) {
            let es: BTreeSet<&str> = placeholders(es).collect();
            let en: BTreeSet<&str> = placeholders(en).collect();
            assert_eq!(es, en, "{field}");
        }
    }

    #[test]
    fn a_template_has_no_brace_but_its_placeholders() {
        for (lang, sentences) in catalogues() {
            for (field, template) in sentences.templates() {
                for name in placeholders(template) {
                    assert!(is_identifier(name), "{lang}.{field}: {{{name}}}");
                }
                let mut outside = String::new();
                let mut rest = template;
                while let Some((before, _, after)) = next_placeholder(rest) {
                    outside.push_str(before);
                    rest = after;
                }
                outside.push_str(rest);
                assert!(
                    !outside.contains(['{', '}']),
                    "{lang}.{field}: a stray brace in {template:?}"
                );
            }
        }
    }

    #[test]
    fn no_sentence_and_no_word_is_empty() {
        for (lang, sentences) in catalogues() {
            for (field, template) in sentences.templates() {
                assert!(!template.is_empty(), "{lang}.{field}");
            }
            for (field, words) in sentences.word_lists() {
                assert!(words.iter().all(|word| !word.is_empty()), "{lang}.{field}");
            }
        }
    }

    #[test]
    fn fill_puts_each_value_in_its_placeholder() {
        assert_eq!(
            fill(
                "El {day} a las {time}",
                &[("time", "10:00"), ("day", "lunes")]
            ),
            "El lunes a las 10:00"
        );
        assert_eq!(fill("{a}{a}", &[("a", "x")]), "xx");
        assert_eq!(fill("sin nada", &[]), "sin nada");
        assert_eq!(fill("«{typed}»", &[("typed", "{day}")]), "«{day}»");
        assert_eq!(fill("", &[]), "");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "not given")]
    fn fill_wants_every_placeholder_given() {
        let _ = fill("El {day} a las {time}", &[("day", "lunes")]);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a value for no placeholder")]
    fn fill_wants_no_value_without_its_placeholder() {
        let _ = fill("El {day}", &[("day", "lunes"), ("time", "10:00")]);
    }
}
