//! What the assistant says, in Spanish and English. Markdown, as the widget renders it.
//!
//! The sentences themselves are in [`super::sentences`], one catalogue per language; this file
//! chooses which sentence a reply says and fills in its parts (days, times, names, prices).

use std::borrow::{Borrow, Cow};
use std::fmt::Write;

use time::{Date, Month, Weekday};

use super::sentences::{self, Sentences, fill};
use super::times::{self, Absence, Instead};
use super::{Context, Draft, Lang, Wish};
use crate::account::Phone;
use crate::booking::rules::Closure;
use crate::booking::{
    Cita, CitaStatus, DAY_MINUTES, DayMinute, OpeningPeriod, format_minutes, format_price,
    format_price_english,
};
use crate::understanding::{DayPart, WeekdayMismatch};

pub(super) struct Replies<'a> {
    lang: Lang,
    context: &'a Context<'a>,
}

impl<'a> Replies<'a> {
    pub(super) fn new(lang: Lang, context: &'a Context<'a>) -> Self {
        Self { lang, context }
    }

    /// The sentences of the conversation's language.
    pub(super) fn say(&self) -> &'static Sentences {
        sentences::of(self.lang)
    }

    /// "25,00 €" / "€25.00".
    pub(super) fn price(&self, cents: u32) -> String {
        match self.lang {
            Lang::Es => format_price(cents),
            Lang::En => format_price_english(cents),
        }
    }

    /// "viernes 27 de noviembre" / "Friday 27 November".
    pub(super) fn day(&self, date: Date) -> String {
        day_words(self.lang, date)
    }

    fn weekday(&self, weekday: Weekday) -> &'static str {
        weekday_name(self.lang, weekday)
    }

    /// A weekday meaning every such day ("sábados", "Saturday"): see
    /// [`Sentences::weekdays_recurring`].
    fn recurring(&self, weekday: Weekday) -> &'static str {
        self.say().weekdays_recurring[usize::from(weekday.number_days_from_monday())]
    }

    fn month(&self, month: Month) -> &'static str {
        month_name(self.lang, month)
    }

    fn staff_name(&self, staff_id: &str) -> String {
        self.context
            .staff
            .iter()
            .find(|member| member.user_id == staff_id)
            .map_or_else(
                || self.say().the_team.to_owned(),
                |member| member.name.clone(),
            )
    }

    /// The names of the services of `ids`, joined, as they read inside a sentence ("Perfecto,
    /// corte de pelo y tinte"); with `opening`, the first opens a line or a field and keeps its
    /// capital ("- **Servicio**: Corte de pelo y tinte").
    fn service_names(&self, ids: &[String], opening: bool) -> String {
        let names: Vec<Cow<'_, str>> = ids
            .iter()
            .filter_map(|id| self.context.services.iter().find(|s| &s.id == id))
            .enumerate()
            .map(|(at, service)| {
                if opening && at == 0 {
                    Cow::Borrowed(service.name.as_str())
                } else {
                    self.in_sentence(&service.name)
                }
            })
            .collect();
        self.join(&names)
    }

    /// A name (of a service) as it reads inside a sentence: in Spanish a common noun, its first
    /// letter in lower case ("corte de pelo"), unless its first word has another capital (an
    /// acronym: "IPL facial"); in English as the salon wrote it.
    fn in_sentence<'n>(&self, name: &'n str) -> Cow<'n, str> {
        match self.lang {
            Lang::Es => lower_first(name),
            Lang::En => Cow::Borrowed(name),
        }
    }

    pub(super) fn join<S: Borrow<str>>(&self, items: &[S]) -> String {
        match items {
            [] => String::new(),
            [one] => one.borrow().to_owned(),
            [rest @ .., last] => format!(
                "{}{}{}",
                rest.join(", "),
                self.say().list_and,
                last.borrow()
            ),
        }
    }

    fn times(&self, offers: &[(String, DayMinute)]) -> String {
        let times: Vec<String> = offers
            .iter()
            .enumerate()
            .map(|(index, (_, start))| format!("{}. **{}**", index + 1, format_minutes(*start)))
            .collect();
        times.join("\n")
    }

    pub(super) fn greeting(&self) -> String {
        let say = self.say();
        // A signed-in cliente is known: greeted by her first name.
        let hello = match self.context.caller {
            super::Caller::Cliente { name, .. } => {
                let first = name.split_whitespace().next().unwrap_or_default();
                fill(say.greeting_hello_named, &[("first", first)])
            }
            _ => say.greeting_hello.to_owned(),
        };
        fill(
            say.greeting,
            &[("hello", &hello), ("salon", &self.context.business.name)],
        )
    }

    pub(super) fn help(&self) -> String {
        self.say().help.to_owned()
    }

    pub(super) fn not_understood(&self) -> String {
        self.say().not_understood.to_owned()
    }

    pub(super) fn thanks(&self) -> String {
        self.say().thanks.to_owned()
    }

    pub(super) fn thanks_before_the_yes(&self) -> String {
        self.say().thanks_before_the_yes.to_owned()
    }

    pub(super) fn goodbye(&self) -> String {
        self.say().goodbye.to_owned()
    }

    pub(super) fn human(&self) -> String {
        self.say().human.to_owned()
    }

    /// Running late: the cita found (the next one), the salon's word on lateness when its FAQ
    /// has one, and that the team is told.
    pub(super) fn running_late(&self, cita: Option<&Cita>, policy: Option<&str>) -> String {
        let say = self.say();
        let mut text = say.running_late.to_owned();
        if let Some(cita) = cita {
            text.push_str(&fill(
                say.running_late_cita,
                &[
                    ("day", &self.day(cita.date)),
                    ("time", &format_minutes(cita.start_min)),
                    ("with", &self.staff_name(&cita.staff_id)),
                ],
            ));
        }
        if let Some(policy) = policy {
            text.push_str("\n\n");
            text.push_str(policy);
        }
        text.push_str(say.running_late_team_told);
        text
    }

    /// Something wrong with a service already done: a person of the team answers.
    pub(super) fn about_a_past_service(&self) -> String {
        self.say().about_a_past_service.to_owned()
    }

    pub(super) fn reschedule_needs_account(&self) -> String {
        self.say().reschedule_needs_account.to_owned()
    }

    pub(super) fn which_cita_to_move(&self, citas: &[&Cita]) -> String {
        format!(
            "{}\n\n{}",
            self.say().which_cita_to_move,
            self.numbered(citas)
        )
    }

    /// The citas as a numbered list, so "la segunda" can pick one.
    fn numbered(&self, citas: &[&Cita]) -> String {
        citas
            .iter()
            .enumerate()
            .map(|(index, cita)| format!("{}. {}", index + 1, self.cita_line(cita)))
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub(super) fn moved(&self, cita: &Cita) -> String {
        fill(
            self.say().moved,
            &[
                ("day", &self.day(cita.date)),
                ("time", &format_minutes(cita.start_min)),
                ("with", &self.staff_name(&cita.staff_id)),
            ],
        )
    }

    pub(super) fn not_moved(&self) -> String {
        self.say().not_moved.to_owned()
    }

    pub(super) fn services(&self) -> String {
        let say = self.say();
        let mut text = say.services_heading.to_owned();
        text.push_str(say.services_table_head);
        for service in self.context.services.iter().filter(|s| s.active) {
            let _ = writeln!(
                text,
                "| {} | {} min | {} |",
                service.name,
                service.duration_min,
                self.price(service.price_cents)
            );
        }
        text.push_str(say.services_offer);
        text
    }

    /// Whether `reply` ends by inviting to book the services it priced ([`Replies::prices`]).
    pub(super) fn offers_to_book(&self, reply: &str) -> bool {
        reply.ends_with(self.say().prices_offer)
    }

    /// The price and length of the services asked about; `offer` adds an invitation to book.
    pub(super) fn prices(&self, ids: &[String], offer: bool) -> String {
        let lines: Vec<String> = ids
            .iter()
            .filter_map(|id| self.context.services.iter().find(|s| &s.id == id))
            .map(|service| {
                format!(
                    "- **{}**: {} ({} min)",
                    service.name,
                    self.price(service.price_cents),
                    service.duration_min
                )
            })
            .collect();
        let mut text = lines.join("\n");
        if offer {
            text.push_str(self.say().prices_offer);
        }
        text
    }

    /// " por Navidad" / " (Navidad)": why a closure closes, or nothing when the salon gave no
    /// reason.
    pub(super) fn closure_reason(&self, reason: &str) -> String {
        let reason = reason.trim();
        if reason.is_empty() {
            String::new()
        } else {
            fill(self.say().closure_reason, &[("reason", reason)])
        }
    }

    /// The hours of the day the visitor asked about: that day's closure when there is one,
    /// else its weekday's hours, said for the date ("el sábado 21 de noviembre") and as the
    /// weekly rule they are ("como todos los sábados").
    pub(super) fn hours_on(&self, date: Date) -> String {
        let say = self.say();
        let day = self.day(date);
        if let Some(closure) = self.context.calendar.closure_on(date) {
            let why = self.closure_reason(&closure.reason);
            return fill(say.hours_on_closure, &[("day", &day), ("why", &why)]);
        }
        let weekday = date.weekday();
        let every = fill(say.hours_as_every, &[("weekday", self.recurring(weekday))]);
        if self.context.business.hours.on(weekday).is_empty() {
            return fill(
                say.hours_on_closed_weekday,
                &[("day", &day), ("every", &every)],
            );
        }
        fill(
            say.hours_on_open,
            &[
                ("day", &day),
                ("spans", &self.hours_of(date)),
                ("every", &every),
            ],
        )
    }

    pub(super) fn staff_manage_in_dashboard(&self) -> String {
        self.say().staff_manage_in_dashboard.to_owned()
    }

    /// A cita's status, in the visitor's language.
    fn status(&self, status: CitaStatus) -> &'static str {
        let say = self.say();
        match status {
            CitaStatus::Pendiente => say.status_pending,
            CitaStatus::Confirmada => say.status_confirmed,
            CitaStatus::Cancelada => say.status_cancelled,
            CitaStatus::Completada => say.status_completed,
            CitaStatus::NoPresentado => say.status_no_show,
        }
    }

    pub(super) fn hours(&self) -> String {
        let say = self.say();
        let mut text = say.hours_heading.to_owned();
        for (weekday, periods) in self.context.business.hours.days() {
            let day = capitalise(self.weekday(weekday));
            let times = if periods.is_empty() {
                say.hours_closed.to_owned()
            } else {
                let spans: Vec<String> = periods
                    .iter()
                    .map(|p| format!("{}–{}", format_minutes(p.open), format_minutes(p.close)))
                    .collect();
                self.join(&spans)
            };
            let _ = writeln!(text, "- **{day}**: {times}");
        }
        text
    }

    /// The active services' names, as they read inside a sentence.
    fn active_names(&self) -> Vec<Cow<'_, str>> {
        self.context
            .services
            .iter()
            .filter(|s| s.active)
            .map(|s| self.in_sentence(&s.name))
            .collect()
    }

    pub(super) fn ask_services(&self) -> String {
        let services = self.join(&self.active_names());
        fill(self.say().ask_services, &[("services", &services)])
    }

    /// A booking for several people: each cita is one person's.
    pub(super) fn one_person_per_cita(&self) -> String {
        self.say().one_person_per_cita.to_owned()
    }

    /// A service the salon does not offer ("quiero un masaje"): said, with what it does offer.
    /// The service's words come in both languages from the reader's table of such services.
    pub(super) fn not_offered(&self, (es, en): (&str, &str)) -> String {
        let service = match self.lang {
            Lang::Es => es,
            Lang::En => en,
        };
        let services = self.join(&self.active_names());
        fill(
            self.say().not_offered,
            &[("service", service), ("services", &services)],
        )
    }

    /// The day is known (and said back), the service not yet.
    pub(super) fn ask_services_for(&self, date: Date) -> String {
        let services = self.join(&self.active_names());
        fill(
            self.say().ask_services_for,
            &[("day", &self.day(date)), ("services", &services)],
        )
    }

    pub(super) fn ask_date(&self, draft: &Draft) -> String {
        let services = self.service_names(&draft.service_ids, false);
        fill(self.say().ask_date, &[("services", &services)])
    }

    /// Another day asked for ("otro día"): the rest of the booking stays.
    pub(super) fn ask_other_date(&self, draft: &Draft) -> String {
        let services = self.service_names(&draft.service_ids, false);
        fill(self.say().ask_other_date, &[("services", &services)])
    }

    /// Another stylist asked for: who does the booking's services.
    pub(super) fn ask_stylist(&self, who: &[&str]) -> String {
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        fill(self.say().ask_stylist, &[("names", &self.join(&names))])
    }

    /// None of the times offered suits: the day's hours, and a question for the time wished.
    pub(super) fn ask_other_time(&self, date: Date) -> String {
        fill(
            self.say().ask_other_time,
            &[("hours", &self.hours_on(date))],
        )
    }

    /// "31 de febrero": a day the month does not have.
    pub(super) fn no_such_date(&self, day: u8, month: Month) -> String {
        fill(
            self.say().no_such_date,
            &[("day", &day.to_string()), ("month", self.month(month))],
        )
    }

    /// "con Marta" when nobody of that name works here: who does.
    pub(super) fn no_such_stylist(&self, name: &str) -> String {
        let team: Vec<&str> = self
            .context
            .staff
            .iter()
            .map(|member| member.name.as_str())
            .collect();
        fill(
            self.say().no_such_stylist,
            &[("name", name), ("team", &self.join(&team))],
        )
    }

    /// "el lunes 10" when the 10th is a Thursday: both readings, asked.
    pub(super) fn weekday_mismatch(&self, mismatch: &WeekdayMismatch) -> String {
        let WeekdayMismatch {
            said,
            date,
            weekday_date,
        } = *mismatch;
        fill(
            self.say().weekday_mismatch,
            &[
                ("day", &date.day().to_string()),
                ("month", self.month(date.month())),
                ("weekday", self.weekday(date.weekday())),
                ("said", self.weekday(said)),
                ("said_day", &weekday_date.day().to_string()),
            ],
        )
    }

    pub(super) fn date_in_past(&self, date: Date) -> String {
        fill(self.say().date_in_past, &[("day", &self.day(date))])
    }

    /// A closure of the salon ("Navidad") covering the day asked for.
    pub(super) fn closure(
        &self,
        closure: &Closure,
        stylist: Option<&str>,
        instead: Option<&Instead>,
    ) -> String {
        let say = self.say();
        let why = self.closure_reason(&closure.reason);
        let (from, to) = (closure.from, closure.to);
        let told = if from == to {
            fill(
                say.closure_one_day,
                &[("day", &self.day(from)), ("why", &why)],
            )
        } else if from.month() == to.month() {
            fill(
                say.closure_days_in_month,
                &[
                    ("from_day", &from.day().to_string()),
                    ("to_day", &to.day().to_string()),
                    ("month", self.month(to.month())),
                    ("why", &why),
                ],
            )
        } else {
            fill(
                say.closure_days,
                &[
                    ("from_day", &from.day().to_string()),
                    ("from_month", self.month(from.month())),
                    ("to_day", &to.day().to_string()),
                    ("to_month", self.month(to.month())),
                    ("why", &why),
                ],
            )
        };
        format!("{told} {}", self.instead(closure.to, stylist, instead))
    }

    /// A weekday the salon never opens.
    pub(super) fn closed_weekday(
        &self,
        date: Date,
        stylist: Option<&str>,
        instead: Option<&Instead>,
    ) -> String {
        let told = fill(
            self.say().closed_weekday,
            &[
                ("day", &self.day(date)),
                ("weekdays", self.recurring(date.weekday())),
            ],
        );
        format!("{told} {}", self.instead(date, stylist, instead))
    }

    /// Inside the minimum notice (today, at the time wished or at all): the notice said, and the
    /// first times after it.
    pub(super) fn too_soon(
        &self,
        date: Date,
        wish: Option<Wish>,
        notice_min: u32,
        stylist: Option<&str>,
        instead: Option<&Instead>,
    ) -> String {
        let when = wish.map(|wish| format!(" {}", self.when(wish)));
        let when = when.unwrap_or_default();
        let told = fill(
            self.say().too_soon,
            &[
                ("notice", &self.notice(notice_min)),
                ("day", &self.day(date)),
                ("when", &when),
            ],
        );
        format!("{told} {}", self.instead(date, stylist, instead))
    }

    /// Today is over: the salon has closed (`closed`), or nothing fits before it does.
    pub(super) fn closed_for_today(
        &self,
        date: Date,
        close: DayMinute,
        closed: bool,
        stylist: Option<&str>,
        instead: Option<&Instead>,
    ) -> String {
        let say = self.say();
        let template = if closed {
            say.closed_for_today
        } else {
            say.no_time_left_today
        };
        let told = fill(
            template,
            &[("day", &self.day(date)), ("close", &format_minutes(close))],
        );
        format!("{told} {}", self.instead(date, stylist, instead))
    }

    /// The stylist asked for does not work that day (`absent`, and why) or has nothing free:
    /// the others' times that day, and the stylist's own first free day (`hers`).
    pub(super) fn stylist_cannot_that_day(
        &self,
        stylist: &str,
        date: Date,
        absent: Option<Absence>,
        others: &[(String, DayMinute)],
        hers: Option<&Instead>,
    ) -> String {
        let say = self.say();
        let name = self.first_name(stylist);
        let day = self.day(date);
        let (name, day) = (name.as_str(), day.as_str());
        let told = match absent {
            // Her week is said, so the visitor can pick a day she works.
            Some(Absence::Weekly) => fill(
                say.stylist_off_that_weekday,
                &[
                    ("name", name),
                    ("day", day),
                    ("week", &self.stylist_week(stylist, false)),
                ],
            ),
            // Time off is said without its reason (the salon's private note).
            Some(Absence::Away { until }) if until > date => fill(
                say.stylist_away_until,
                &[("name", name), ("day", day), ("until", &self.day(until))],
            ),
            Some(_) => fill(say.stylist_off_that_day, &[("name", name), ("day", day)]),
            None => fill(say.stylist_full_that_day, &[("name", name), ("day", day)]),
        };
        if others.is_empty() {
            return format!(
                "{told} {} {}",
                say.nobody_else_that_day,
                self.instead(date, Some(stylist), hers)
            );
        }
        let theirs = fill(
            say.others_free_that_day,
            &[("times", &self.times_with_names(others))],
        );
        let later = match hers {
            Some(hers) => fill(
                say.stylist_first_free_day_later,
                &[
                    ("name", name),
                    ("day", &self.day(hers.date)),
                    ("weekday", self.weekday(hers.date.weekday())),
                ],
            ),
            None => fill(say.stylist_nothing_ahead_later, &[("name", name)]),
        };
        format!("{told} {theirs}{later}")
    }

    /// Nothing free all day for the services: the first day that has.
    pub(super) fn day_full(&self, date: Date, instead: Option<&Instead>) -> String {
        let told = fill(self.say().day_full, &[("day", &self.day(date))]);
        format!("{told} {}", self.instead(date, None, instead))
    }

    /// The time wished today has already begun or passed.
    pub(super) fn time_gone(
        &self,
        date: Date,
        wish: Wish,
        stylist: Option<&str>,
        first: &[(String, DayMinute)],
    ) -> String {
        let say = self.say();
        let day = self.day(date);
        let told = match wish {
            Wish::At(minute) => fill(
                say.time_gone,
                &[("time", &format_minutes(minute)), ("day", &day)],
            ),
            Wish::Between(..) | Wish::Within(..) => fill(
                say.part_of_day_gone,
                &[("day", &day), ("when", &self.when(wish))],
            ),
        };
        format!("{told} {}", self.listed(stylist, first))
    }

    /// The salon is closed at the time or in the part of the day wished: the real hours.
    pub(super) fn closed_then(
        &self,
        date: Date,
        wish: Wish,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let say = self.say();
        let template = match wish {
            Wish::At(_) => say.closed_at_time,
            Wish::Between(..) | Wish::Within(..) => say.closed_in_part_of_day,
        };
        let told = fill(
            template,
            &[
                ("day", &self.day(date)),
                ("when", &self.when(wish)),
                ("hours", &self.hours_of(date)),
            ],
        );
        format!("{told} {}", self.listed(stylist, offers))
    }

    /// The services wished at that time would run past closing.
    pub(super) fn runs_past_close(
        &self,
        date: Date,
        wish: Wish,
        minutes: DayMinute,
        close: DayMinute,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let told = fill(
            self.say().runs_past_close,
            &[
                ("day", &self.day(date)),
                ("when", &self.when(wish)),
                ("minutes", &minutes.to_string()),
                ("close", &format_minutes(close)),
            ],
        );
        // English opens with the time wished ("At 19:00 on …").
        let told = capitalise(&told);
        format!("{told} {}", self.listed(stylist, offers))
    }

    /// A said range shorter than the visit ("de 5 a 6" for a 90-minute tint).
    pub(super) fn longer_than_range(
        &self,
        date: Date,
        wish: Wish,
        minutes: DayMinute,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let told = fill(
            self.say().longer_than_range,
            &[
                ("minutes", &minutes.to_string()),
                ("when", &self.when(wish)),
                ("day", &self.day(date)),
            ],
        );
        format!("{told} {}", self.listed(stylist, offers))
    }

    /// The time wished is taken (with the stylist asked for, who else is free then).
    pub(super) fn time_taken(
        &self,
        minute: DayMinute,
        date: Date,
        stylist: Option<&str>,
        free_then: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let say = self.say();
        let at = format_minutes(minute);
        let day = self.day(date);
        let told = match stylist {
            None => fill(say.time_taken, &[("time", &at), ("day", &day)]),
            Some(stylist) => {
                let also = free_then.map_or_else(String::new, |other| {
                    fill(say.also_free_then, &[("name", &self.staff_name(other))])
                });
                let name = self.first_name(stylist);
                match self.outside_own_hours(stylist, date, minute) {
                    Some(hours) => fill(
                        say.stylist_not_working_then,
                        &[
                            ("time", &at),
                            ("day", &day),
                            ("name", &name),
                            ("hours", &hours),
                            ("also", &also),
                        ],
                    ),
                    None => fill(
                        say.stylist_taken_then,
                        &[
                            ("time", &at),
                            ("day", &day),
                            ("name", &name),
                            ("also", &also),
                        ],
                    ),
                }
            }
        };
        let offer = match stylist {
            None => say.can_offer.to_owned(),
            Some(stylist) => fill(say.can_offer_with, &[("name", &self.first_name(stylist))]),
        };
        format!(
            "{told} {offer}\n\n{}\n\n{}",
            self.times(offers),
            say.which_one
        )
    }

    /// The stylist's own hours of `date` ("de 10:00 a 14:00") when `minute` falls outside them
    /// though she works that day: the time is not taken, she is not there.
    fn outside_own_hours(&self, stylist: &str, date: Date, minute: DayMinute) -> Option<String> {
        let periods =
            self.context
                .calendar
                .weekly_periods(self.context.business, stylist, date.weekday());
        let inside = periods.iter().any(|p| p.open <= minute && minute < p.close);
        (!periods.is_empty() && !inside).then(|| self.spans(&periods))
    }

    /// Open in the part of the day wished, but nothing free then.
    pub(super) fn nothing_then(
        &self,
        date: Date,
        wish: Wish,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let say = self.say();
        let (day, when) = (self.day(date), self.when(wish));
        let told = match stylist.map(|id| self.first_name(id)) {
            None => fill(say.nothing_then, &[("day", &day), ("when", &when)]),
            Some(name) => fill(
                say.nothing_then_with,
                &[("day", &day), ("when", &when), ("name", &name)],
            ),
        };
        format!("{told} {}", self.listed(stylist, offers))
    }

    pub(super) fn offer_times(
        &self,
        date: Date,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let say = self.say();
        let (day, times) = (self.day(date), self.times(offers));
        match stylist {
            None => fill(say.offer_times, &[("day", &day), ("times", &times)]),
            Some(stylist) => fill(
                say.offer_times_with,
                &[
                    ("name", &self.first_name(stylist)),
                    ("day", &day),
                    ("times", &times),
                ],
            ),
        }
    }

    /// The stylist asked for does not do a service of the booking: who does.
    pub(super) fn stylist_lacks_service(
        &self,
        stylist: &str,
        service_id: &str,
        who: &[&str],
    ) -> String {
        let say = self.say();
        let name = self.first_name(stylist);
        let service = self.service_names(&[service_id.to_owned()], false);
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        let template = match who.len() {
            0 => {
                return fill(
                    say.stylist_lacks_service,
                    &[("name", &name), ("service", &service)],
                );
            }
            1 => say.stylist_lacks_service_one_does,
            _ => say.stylist_lacks_service_some_do,
        };
        fill(
            template,
            &[("name", &name), ("service", &service), ("names", &names)],
        )
    }

    /// Who does the services of `ids`: "Sí, Javier hace …" or why not and who does, for the
    /// stylist asked about; else everyone who does them. The prices follow, with an offer.
    pub(super) fn who_does(&self, ids: &[String], asked: Option<&str>) -> String {
        let say = self.say();
        let who = times::who_does(ids, self.context);
        let services = self.service_names(ids, false);
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        let told = match asked {
            Some(stylist) if !who.contains(&stylist) => match ids.iter().find(|id| {
                times::cannot_do(stylist, std::slice::from_ref(*id), self.context).is_some()
            }) {
                Some(id) => self.stylist_lacks_service(stylist, id, &who),
                None => self.stylist_not_bookable(stylist, &who),
            },
            Some(stylist) => fill(
                say.who_does_yes,
                &[("name", &self.first_name(stylist)), ("services", &services)],
            ),
            None if who.is_empty() => fill(say.who_does_nobody, &[("services", &services)]),
            None => {
                let template = if who.len() > 1 {
                    say.who_does_some
                } else {
                    say.who_does_one
                };
                // English opens with the services' names, as they read inside a sentence.
                capitalise(&fill(
                    template,
                    &[("services", &services), ("names", &names)],
                ))
            }
        };
        format!("{told}\n\n{}", self.prices(ids, true))
    }

    /// The stylist asked for takes no bookings.
    pub(super) fn stylist_not_bookable(&self, stylist: &str, who: &[&str]) -> String {
        let say = self.say();
        let name = self.first_name(stylist);
        if who.is_empty() {
            return fill(say.stylist_not_bookable, &[("name", &name)]);
        }
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        fill(
            say.stylist_not_bookable_others_can,
            &[("name", &name), ("names", &self.join(&names))],
        )
    }

    /// A wished time found free, said back with its day and stylist.
    pub(super) fn time_free(&self, date: Date, start: DayMinute, staff_id: &str) -> String {
        fill(
            self.say().time_free,
            &[
                ("day", &self.day(date)),
                ("time", &format_minutes(start)),
                ("with", &self.staff_name(staff_id)),
            ],
        )
    }

    /// What can be had instead of the day asked for (`asked`): the times of `instead`, on that
    /// day or the first day that has some.
    fn instead(&self, asked: Date, stylist: Option<&str>, instead: Option<&Instead>) -> String {
        let say = self.say();
        let with = stylist.map(|id| self.first_name(id));
        let Some(instead) = instead else {
            return match with {
                None => say.nothing_ahead.to_owned(),
                Some(name) => fill(say.nothing_ahead_with, &[("name", &name)]),
            };
        };
        if instead.date == asked {
            return self.listed(stylist, &instead.offers);
        }
        let day = self.day(instead.date);
        let told = match with {
            None => fill(say.first_free_day, &[("day", &day)]),
            Some(name) => fill(say.first_free_day_with, &[("name", &name), ("day", &day)]),
        };
        format!(
            "{told}\n\n{}\n\n{}",
            self.times(&instead.offers),
            say.which_one
        )
    }

    /// Times free on the day being talked about.
    fn listed(&self, stylist: Option<&str>, offers: &[(String, DayMinute)]) -> String {
        let say = self.say();
        let told = match stylist {
            None => say.free_times.to_owned(),
            Some(id) => fill(say.free_times_with, &[("name", &self.first_name(id))]),
        };
        format!("{told}\n\n{}\n\n{}", self.times(offers), say.which_one)
    }

    /// "a las 21:00", "por la tarde", "de 17:00 a 19:00".
    fn when(&self, wish: Wish) -> String {
        match wish {
            Wish::At(minute) => fill(self.say().time_at, &[("time", &format_minutes(minute))]),
            Wish::Within(start, until) => self.range_words(start, until),
            Wish::Between(start, end) => {
                if let Some(words) = self.part_words(start, end) {
                    return words.to_owned();
                }
                // A said range keeps its latest start as an exclusive end one minute later.
                let end = if end % 5 == 1 { end - 1 } else { end };
                self.range_words(start, end.min(DAY_MINUTES))
            }
        }
    }

    /// The words of a part of the day whose whole window `[start, end)` is this.
    fn part_words(&self, start: DayMinute, end: DayMinute) -> Option<&'static str> {
        let say = self.say();
        let parts = [
            (DayPart::Morning, say.part_morning),
            (DayPart::Afternoon, say.part_afternoon),
            (DayPart::Evening, say.part_evening),
            (DayPart::AfterLunch, say.part_after_lunch),
            (DayPart::MidMorning, say.part_mid_morning),
            (DayPart::LateMorning, say.part_late_morning),
            (DayPart::EarlyAfternoon, say.part_early_afternoon),
            (DayPart::MidAfternoon, say.part_mid_afternoon),
        ];
        parts
            .into_iter()
            .find(|(part, _)| part.window(0, DAY_MINUTES) == Some((start, end)))
            .map(|(_, words)| words)
    }

    /// "de 17:00 a 19:00", "from 17:00 to 19:00".
    fn range_words(&self, start: DayMinute, end: DayMinute) -> String {
        fill(
            self.say().time_range,
            &[
                ("start", &format_minutes(start)),
                ("end", &format_minutes(end)),
            ],
        )
    }

    /// "de 09:30 a 14:00 y de 16:30 a 20:30": the opening hours of `date`.
    fn hours_of(&self, date: Date) -> String {
        self.spans(self.context.business.hours.on(date.weekday()))
    }

    /// "1 hora", "30 minutos", "1 hora y 30 minutos".
    fn notice(&self, minutes: u32) -> String {
        let say = self.say();
        let (hours, rest) = (minutes / 60, minutes % 60);
        let hours_count = hours.to_string();
        let minutes_text = fill(say.notice_minutes, &[("minutes", &rest.to_string())]);
        match (hours, rest) {
            (0, _) => minutes_text,
            (1, 0) => say.notice_one_hour.to_owned(),
            (_, 0) => fill(say.notice_hours, &[("hours", &hours_count)]),
            (1, _) => fill(say.notice_one_hour_and, &[("minutes", &minutes_text)]),
            _ => fill(
                say.notice_hours_and,
                &[("hours", &hours_count), ("minutes", &minutes_text)],
            ),
        }
    }

    /// The times, each with who would do it.
    fn times_with_names(&self, offers: &[(String, DayMinute)]) -> String {
        offers
            .iter()
            .enumerate()
            .map(|(index, (staff_id, start))| {
                let time = fill(
                    self.say().time_with_stylist,
                    &[
                        ("time", &format_minutes(*start)),
                        ("name", &self.staff_name(staff_id)),
                    ],
                );
                format!("{}. {time}", index + 1)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A stylist's ordinary week, consecutive days with the same hours said together: "su
    /// horario es de martes a viernes de 10:00 a 19:00 y los sábados de 9:00 a 14:00"; with
    /// `named`, opening with the name ("Lucía trabaja …").
    pub(super) fn stylist_week(&self, stylist: &str, named: bool) -> String {
        let days: Vec<(Weekday, Vec<OpeningPeriod>)> = self
            .context
            .business
            .hours
            .days()
            .map(|(weekday, _)| {
                let periods =
                    self.context
                        .calendar
                        .weekly_periods(self.context.business, stylist, weekday);
                (weekday, periods)
            })
            .collect();
        let mut runs: Vec<(Weekday, Weekday, &[OpeningPeriod])> = Vec::new();
        for (weekday, periods) in &days {
            match runs.last_mut() {
                Some((_, last, spans))
                    if *spans == periods.as_slice() && last.next() == *weekday =>
                {
                    *last = *weekday;
                }
                _ => runs.push((*weekday, *weekday, periods)),
            }
        }
        let parts: Vec<String> = runs
            .iter()
            .filter(|(_, _, spans)| !spans.is_empty())
            .map(|(first, last, spans)| {
                format!("{} {}", self.weekdays(*first, *last), self.spans(spans))
            })
            .collect();
        let say = self.say();
        let name = self.first_name(stylist);
        match (parts.is_empty(), named) {
            (true, _) => fill(say.stylist_no_working_days, &[("name", &name)]),
            (false, true) => fill(
                say.stylist_works,
                &[("name", &name), ("days", &self.join(&parts))],
            ),
            (false, false) => fill(say.stylist_days, &[("days", &self.join(&parts))]),
        }
    }

    /// "los sábados", "los lunes y martes", "de martes a viernes"; in English "Saturdays",
    /// "Monday and Tuesday", "Tuesday to Friday".
    fn weekdays(&self, first: Weekday, last: Weekday) -> String {
        let say = self.say();
        let length = last.number_days_from_monday() - first.number_days_from_monday() + 1;
        match length {
            1 => fill(say.weekdays_one, &[("weekday", self.recurring(first))]),
            2 => fill(
                say.weekdays_two,
                &[
                    ("first", self.recurring(first)),
                    ("last", self.recurring(last)),
                ],
            ),
            _ => fill(
                say.weekdays_run,
                &[("first", self.weekday(first)), ("last", self.weekday(last))],
            ),
        }
    }

    /// "de 9:30 a 14:00 y de 16:30 a 20:30".
    fn spans(&self, periods: &[OpeningPeriod]) -> String {
        let spans: Vec<String> = periods
            .iter()
            .map(|p| self.range_words(p.open, p.close))
            .collect();
        self.join(&spans)
    }

    /// What people call a stylist: the first word of their name.
    fn first_name(&self, staff_id: &str) -> String {
        let name = self.staff_name(staff_id);
        name.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned()
    }

    pub(super) fn ask_name(&self) -> String {
        self.say().ask_name.to_owned()
    }

    /// The name, and in the same breath how to reach the guest: what [`Self::ask_contact`]
    /// asks, said as the second half.
    pub(super) fn ask_name_and_contact(&self) -> String {
        let say = self.say();
        let contact = if self.context.sends_mail {
            say.ask_name_then_mail
        } else {
            say.ask_name_then_contact
        };
        format!("{} {contact}", say.ask_name)
    }

    pub(super) fn ask_client_name(&self) -> String {
        self.say().ask_client_name.to_owned()
    }

    /// How to reach a guest: an email for the confirmation when the salon sends mail, else any
    /// contact (the salon sees it beside the cita), promising nothing.
    pub(super) fn ask_contact(&self) -> String {
        let say = self.say();
        let asked = if self.context.sends_mail {
            say.ask_mail
        } else {
            say.ask_contact
        };
        asked.to_owned()
    }

    /// A guest who would rather not leave a contact: why the salon needs one, and the smallest.
    pub(super) fn contact_needed(&self) -> String {
        self.say().contact_needed.to_owned()
    }

    /// The day of a cita being moved was not said yet.
    pub(super) fn ask_new_date(&self, line: &str) -> String {
        fill(self.say().ask_new_date, &[("cita", line)])
    }

    /// "No" to a move: the cita stays as it was.
    pub(super) fn move_dropped(&self, line: &str) -> String {
        fill(self.say().move_dropped, &[("cita", line)])
    }

    /// Beyond the booking rules' horizon: the last day that can be booked.
    pub(super) fn too_far_ahead(&self, last_day: Date) -> String {
        fill(self.say().too_far_ahead, &[("day", &self.day(last_day))])
    }

    pub(super) fn invalid_email(&self, typed: &str) -> String {
        fill(self.say().invalid_email, &[("typed", typed)])
    }

    pub(super) fn invalid_phone(&self, typed: &str) -> String {
        fill(self.say().invalid_phone, &[("typed", typed)])
    }

    pub(super) fn summary(&self, draft: &Draft, context: &Context<'_>) -> String {
        if draft.date.is_none() || draft.slot.is_none() {
            return self.not_understood();
        }
        let say = self.say();
        let (_, rows) = self.summary_rows(draft, context);
        let lines: Vec<String> = rows
            .iter()
            .map(|(label, value)| field_line(label, value))
            .collect();
        let heading = if draft.moving.is_some() {
            say.summary_heading_moving
        } else {
            say.summary_heading
        };
        fill(
            say.summary,
            &[("heading", heading), ("rows", &lines.join("\n"))],
        )
    }

    /// The summary's title and rows (label, value), for the text and for its card. Empty rows
    /// when the draft has no time yet.
    pub(super) fn summary_rows(
        &self,
        draft: &Draft,
        context: &Context<'_>,
    ) -> (String, Vec<(String, String)>) {
        let say = self.say();
        // Staff book for someone else: not "your" cita.
        let for_client = matches!(context.caller, super::Caller::Staff { .. });
        let title = match (draft.moving.is_some(), for_client) {
            (false, false) => say.summary_title,
            (false, true) => say.summary_title_for_client,
            (true, _) => say.summary_title_moving,
        };
        let (Some(date), Some((staff_id, start))) = (draft.date, draft.slot.as_ref()) else {
            return (title.to_owned(), Vec::new());
        };
        let minutes = super::duration(draft, context);
        let price: u32 = super::chosen_services(draft, context)
            .map(|s| s.price_cents)
            .sum();
        // A moved cita keeps its client.
        let moved_client = draft
            .moving
            .as_ref()
            .and_then(|id| context.agenda.iter().find(|cita| &cita.id == id))
            .and_then(|cita| context.clients.iter().find(|c| c.id == cita.client_id));
        let who = match (context.caller, moved_client) {
            (super::Caller::Cliente { name, .. }, _) => name.clone(),
            (_, Some(client)) => client.name.clone(),
            _ => draft.client_name.clone().unwrap_or_default(),
        };
        let mut rows = vec![
            (
                say.label_service.to_owned(),
                self.service_names(&draft.service_ids, true),
            ),
            (say.label_day.to_owned(), self.day(date)),
            (
                say.label_time.to_owned(),
                format!(
                    "{}–{}",
                    format_minutes(*start),
                    format_minutes(start + minutes)
                ),
            ),
            (say.label_with.to_owned(), self.staff_name(staff_id)),
            (say.label_name.to_owned(), who),
        ];
        if let Some(email) = &draft.client_email {
            rows.push((say.label_email.to_owned(), email.clone()));
        }
        if let Some(phone) = &draft.client_phone {
            rows.push((say.label_phone.to_owned(), Phone::readable(phone)));
        }
        rows.push((say.label_price.to_owned(), self.price(price)));
        (title.to_owned(), rows)
    }

    pub(super) fn ask_what_to_change(&self) -> String {
        self.say().ask_what_to_change.to_owned()
    }

    pub(super) fn what_to_change(&self) -> String {
        let say = self.say();
        format!("{} {}", say.not_booked, say.ask_what_to_change)
    }

    /// `client` is the name the cita is for, when known (staff booking for someone).
    pub(super) fn booked(&self, cita: &Cita, client: Option<&str>) -> String {
        if let (super::Caller::Staff { .. }, Some(client)) = (self.context.caller, client) {
            return self.booked_for_client(cita, client);
        }
        let say = self.say();
        // The salon decides whether chat bookings start confirmed (its booking rules); one
        // sentence says which, and what happens next, with no "reservada" beside "pendiente".
        let (opening, closing) = if cita.status == CitaStatus::Confirmada {
            (say.booked_confirmed_opening, say.booked_confirmed_closing)
        } else {
            (say.booked_pending_opening, "")
        };
        let fields = [
            (
                say.label_service,
                self.service_names(&cita.service_ids, true),
            ),
            (say.label_day, self.day(cita.date)),
            (say.label_time, format_minutes(cita.start_min)),
            (say.label_with, self.staff_name(&cita.staff_id)),
        ]
        .map(|(label, value)| field_line(label, &value))
        .join("\n");
        format!("{opening}\n\n{fields}{closing}")
    }

    /// Staff booked for a client: what was booked, for whom (no welcome meant for the client).
    fn booked_for_client(&self, cita: &Cita, client: &str) -> String {
        fill(
            self.say().booked_for_client,
            &[
                ("client", client),
                ("day", &self.day(cita.date)),
                ("time", &format_minutes(cita.start_min)),
                ("with", &self.staff_name(&cita.staff_id)),
                ("services", &self.service_names(&cita.service_ids, false)),
                ("status", &self.status(cita.status).to_lowercase()),
            ],
        )
    }

    pub(super) fn slot_just_taken(&self) -> String {
        self.say().slot_just_taken.to_owned()
    }

    pub(super) fn write_failed(&self) -> String {
        self.say().write_failed.to_owned()
    }

    pub(super) fn restarted(&self) -> String {
        self.say().restarted.to_owned()
    }

    /// A "sí" after the booking was made: the booking that exists, never a second one.
    pub(super) fn already_booked(&self, cita: &Cita) -> String {
        fill(
            self.say().already_booked,
            &[
                ("day", &self.day(cita.date)),
                ("time", &format_minutes(cita.start_min)),
                ("with", &self.staff_name(&cita.staff_id)),
                ("services", &self.service_names(&cita.service_ids, false)),
            ],
        )
    }

    /// A cita on a button: "lunes 30 de noviembre, 10:30 · corte de pelo".
    pub(super) fn cita_tap(&self, cita: &Cita) -> String {
        format!(
            "{}, {} · {}",
            self.day(cita.date),
            format_minutes(cita.start_min),
            self.service_names(&cita.service_ids, false)
        )
    }

    /// A cita in one line: its day, time and stylist, what it is, what it costs at today's
    /// prices, and how it stands.
    pub(super) fn cita_line(&self, cita: &Cita) -> String {
        let price: u32 = self
            .context
            .services
            .iter()
            .filter(|service| cita.service_ids.contains(&service.id))
            .map(|service| service.price_cents)
            .sum();
        fill(
            self.say().cita_line,
            &[
                ("day", &self.day(cita.date)),
                ("time", &format_minutes(cita.start_min)),
                ("with", &self.staff_name(&cita.staff_id)),
                ("services", &self.service_names(&cita.service_ids, false)),
                ("price", &self.price(price)),
                ("status", self.status(cita.status)),
            ],
        )
    }

    pub(super) fn confirm_cancel(&self, line: &str) -> String {
        fill(self.say().confirm_cancel, &[("cita", line)])
    }

    pub(super) fn which_cita(&self, citas: &[&Cita]) -> String {
        format!(
            "{}\n\n{}",
            self.say().which_cita_to_cancel,
            self.numbered(citas)
        )
    }

    /// A booking in progress, dropped at the visitor's word.
    pub(super) fn booking_dropped(&self) -> String {
        self.say().booking_dropped.to_owned()
    }

    /// A move dropped before choosing which cita.
    pub(super) fn move_dropped_unchosen(&self) -> String {
        self.say().move_dropped_unchosen.to_owned()
    }

    /// "olvídalo" with nothing in progress.
    pub(super) fn nothing_to_drop(&self) -> String {
        self.say().nothing_to_drop.to_owned()
    }

    pub(super) fn kept(&self) -> String {
        self.say().kept.to_owned()
    }

    pub(super) fn cancelled(&self) -> String {
        self.say().cancelled.to_owned()
    }

    /// A client's cita inside the minimum notice: it stays as it is; the salon's phone for what
    /// can still be arranged.
    pub(super) fn too_late_to_change(&self, line: &str, notice_min: u32) -> String {
        let say = self.say();
        let notice = self.notice(notice_min);
        let phone = &self.context.profile.phone;
        if phone.is_empty() {
            fill(
                say.too_late_to_change,
                &[("cita", line), ("notice", &notice)],
            )
        } else {
            fill(
                say.too_late_to_change_call,
                &[("cita", line), ("notice", &notice), ("phone", phone)],
            )
        }
    }

    pub(super) fn not_cancelled(&self) -> String {
        self.say().not_cancelled.to_owned()
    }

    pub(super) fn cancel_needs_account(&self) -> String {
        self.say().cancel_needs_account.to_owned()
    }

    pub(super) fn appointments_need_account(&self) -> String {
        self.say().appointments_need_account.to_owned()
    }

    pub(super) fn no_citas(&self) -> String {
        self.say().no_citas.to_owned()
    }

    pub(super) fn own_citas(&self, citas: &[&Cita]) -> String {
        if citas.is_empty() {
            return self.no_citas();
        }
        let lines: Vec<String> = citas
            .iter()
            .map(|cita| format!("- {}", self.cita_line(cita)))
            .collect();
        fill(self.say().own_citas, &[("citas", &lines.join("\n"))])
    }

    pub(super) fn agenda(&self, day: Date, citas: &[&Cita]) -> String {
        let say = self.say();
        if citas.is_empty() {
            return fill(say.agenda_empty, &[("day", &self.day(day))]);
        }
        let lines: Vec<String> = citas
            .iter()
            .map(|cita| {
                let client = self
                    .context
                    .clients
                    .iter()
                    .find(|client| client.id == cita.client_id)
                    .map_or("?", |client| client.name.as_str());
                format!(
                    "- **{}–{}** {} — {} ({})",
                    format_minutes(cita.start_min),
                    format_minutes(cita.end_min),
                    client,
                    self.service_names(&cita.service_ids, false),
                    self.status(cita.status)
                )
            })
            .collect();
        fill(
            say.agenda,
            &[("day", &self.day(day)), ("citas", &lines.join("\n"))],
        )
    }
}

/// One field of a summary or a booking: "- **Día**: viernes 27 de noviembre".
fn field_line(label: &str, value: &str) -> String {
    format!("- **{label}**: {value}")
}

/// A day in words, "viernes 27 de noviembre" or "Friday 27 November": the assistant's and the
/// mail's one way of naming a day.
pub fn day_words(lang: Lang, date: Date) -> String {
    fill(
        sentences::of(lang).day_in_words,
        &[
            ("weekday", weekday_name(lang, date.weekday())),
            ("day", &date.day().to_string()),
            ("month", month_name(lang, date.month())),
        ],
    )
}

/// "sábado", "Saturday".
pub(crate) fn weekday_name(lang: Lang, weekday: Weekday) -> &'static str {
    sentences::of(lang).weekdays[usize::from(weekday.number_days_from_monday())]
}

/// "noviembre", "November".
pub(crate) fn month_name(lang: Lang, month: Month) -> &'static str {
    sentences::of(lang).months[usize::from(u8::from(month)) - 1]
}

/// `name` with its first letter in lower case, as a common noun inside a Spanish sentence;
/// unchanged when its first word has another capital ("IPL facial", "OPIs") or it does not
/// start with one.
fn lower_first(name: &str) -> Cow<'_, str> {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return Cow::Borrowed(name);
    };
    let acronym = chars
        .take_while(|c| !c.is_whitespace())
        .any(char::is_uppercase);
    if !first.is_uppercase() || acronym {
        return Cow::Borrowed(name);
    }
    let mut lower: String = first.to_lowercase().collect();
    lower.push_str(&name[first.len_utf8()..]);
    Cow::Owned(lower)
}

pub(super) fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_inside_a_sentence_starts_in_lower_case_unless_an_acronym() {
        for (name, inside) in [
            ("Corte de pelo", "corte de pelo"),
            ("Tinte", "tinte"),
            ("Arreglo de barba", "arreglo de barba"),
            ("Ácido hialurónico", "ácido hialurónico"),
            ("Ñu", "ñu"),
            ("A domicilio", "a domicilio"),
            ("Peinado de Novia", "peinado de Novia"),
            ("manicura", "manicura"),
            ("IPL facial", "IPL facial"),
            ("IPL", "IPL"),
            ("OPIs semipermanente", "OPIs semipermanente"),
            ("UV", "UV"),
            ("3D pestañas", "3D pestañas"),
            ("", ""),
        ] {
            assert_eq!(lower_first(name), inside, "{name:?}");
        }
        assert!(matches!(lower_first("IPL facial"), Cow::Borrowed(_)));
    }
}
