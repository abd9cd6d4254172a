//! What the assistant says, in Spanish and English. Markdown, as the widget renders it.

use std::borrow::{Borrow, Cow};
use std::fmt::Write;

use time::{Date, Month, Weekday};

use super::times::{self, Absence, Instead};
use super::{Context, Draft, Lang, Wish};
use crate::booking::rules::Closure;
use crate::booking::{
    Cita, CitaStatus, DAY_MINUTES, DayMinute, OpeningPeriod, format_minutes, format_price,
    format_price_english,
};
use crate::understanding::{DayPart, WeekdayMismatch, phone_for_reading};

pub(super) struct Replies<'a> {
    lang: Lang,
    context: &'a Context<'a>,
}

impl<'a> Replies<'a> {
    pub(super) fn new(lang: Lang, context: &'a Context<'a>) -> Self {
        Self { lang, context }
    }

    pub(super) fn pick(&self, es: &str, en: &str) -> String {
        match self.lang {
            Lang::Es => es.to_owned(),
            Lang::En => en.to_owned(),
        }
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

    fn staff_name(&self, staff_id: &str) -> String {
        self.context
            .staff
            .iter()
            .find(|member| member.user_id == staff_id)
            .map_or_else(
                || self.pick("el equipo", "the team"),
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
        let and = self.pick(" y ", " and ");
        match items {
            [] => String::new(),
            [one] => one.borrow().to_owned(),
            [rest @ .., last] => format!("{}{and}{}", rest.join(", "), last.borrow()),
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
        let name = &self.context.business.name;
        // A signed-in cliente is known: greeted by her first name.
        let hello = match self.context.caller {
            super::Caller::Cliente { name, .. } => {
                let first = name.split_whitespace().next().unwrap_or_default();
                self.pick(&format!("¡Hola, {first}!"), &format!("Hi, {first}!"))
            }
            _ => self.pick("¡Hola!", "Hi!"),
        };
        match self.lang {
            Lang::Es => format!(
                "{hello} Soy el asistente de reservas de {name}. Puedo darte cita, decirte precios y horarios, o ver y cancelar tus citas. ¿Qué necesitas?"
            ),
            Lang::En => format!(
                "{hello} I'm {name}'s booking assistant. I can book you in, tell you prices and opening hours, or show and cancel your appointments. What do you need?"
            ),
        }
    }

    pub(super) fn help(&self) -> String {
        self.pick(
            "Puedo ayudarte con esto:\n\n- **Reservar**: «quiero un corte el viernes a las 17:00»\n- **Precios**: «¿cuánto cuesta el tinte?»\n- **Horario**: «¿a qué hora abrís?»\n- **Huecos**: «¿tenéis hueco mañana por la tarde?»\n- **Mis citas** y **cancelar** una cita\n- **Hablar con una persona**",
            "I can help with:\n\n- **Booking**: \"a haircut on Friday at 5pm\"\n- **Prices**: \"how much is a colour?\"\n- **Opening hours**\n- **Free times**: \"anything tomorrow afternoon?\"\n- **My appointments** and **cancelling** one\n- **Talking to a person**",
        )
    }

    pub(super) fn not_understood(&self) -> String {
        self.pick(
            "Perdona, no te he entendido. Puedo reservarte una cita, decirte precios y horarios o ver tus citas. Escribe «ayuda» para ver ejemplos.",
            "Sorry, I didn't get that. I can book an appointment, tell you prices and hours, or show your appointments. Type \"help\" for examples.",
        )
    }

    pub(super) fn thanks(&self) -> String {
        self.pick(
            "¡De nada! Aquí estoy si necesitas algo más.",
            "You're welcome! I'm here if you need anything else.",
        )
    }

    pub(super) fn thanks_before_the_yes(&self) -> String {
        self.pick(
            "¡De nada! ¿Te confirmo la cita?",
            "You're welcome! Shall I confirm the booking?",
        )
    }

    pub(super) fn goodbye(&self) -> String {
        self.pick("¡Hasta pronto! 👋", "Goodbye! 👋")
    }

    pub(super) fn human(&self) -> String {
        self.pick(
            "Entendido: aviso al equipo para que una persona siga la conversación aquí mismo en cuanto pueda. Mientras tanto, puedo seguir ayudándote.",
            "Got it: I'll let the team know so a person can pick up this conversation here as soon as possible. Meanwhile, I can keep helping.",
        )
    }

    /// Running late: the cita found (the next one), the salon's word on lateness when its FAQ
    /// has one, and that the team is told.
    pub(super) fn running_late(&self, cita: Option<&Cita>, policy: Option<&str>) -> String {
        let mut text = self.pick("Gracias por avisar.", "Thanks for letting us know.");
        if let Some(cita) = cita {
            let with = self.staff_name(&cita.staff_id);
            let _ = match self.lang {
                Lang::Es => write!(
                    text,
                    " Tu cita es el **{}** a las **{}** con {with}.",
                    self.day(cita.date),
                    format_minutes(cita.start_min)
                ),
                Lang::En => write!(
                    text,
                    " Your appointment is on **{}** at **{}** with {with}.",
                    self.day(cita.date),
                    format_minutes(cita.start_min)
                ),
            };
        }
        if let Some(policy) = policy {
            text.push_str("\n\n");
            text.push_str(policy);
        }
        text.push_str(&self.pick(
            "\n\nSe lo digo al equipo ahora mismo, y si hace falta te responderán aquí.",
            "\n\nI'm telling the team right now; if needed, they'll answer you here.",
        ));
        text
    }

    /// Something wrong with a service already done: a person of the team answers.
    pub(super) fn about_a_past_service(&self) -> String {
        self.pick(
            "Siento que no haya ido bien. Esto prefiero que lo vea una persona del equipo: les aviso ahora para que te respondan aquí mismo en cuanto puedan. Si quieres, cuéntame mientras tanto qué pasó y cuándo fue tu cita.",
            "I'm sorry it didn't go well. I'd rather a person from the team looks at this: I'm letting them know now so they answer you here as soon as they can. Meanwhile, feel free to tell me what happened and when your appointment was.",
        )
    }

    pub(super) fn reschedule_needs_account(&self) -> String {
        self.pick(
            "No veo ninguna cita reservada en esta conversación. Para cambiar una cita de antes, inicia sesión con tu cuenta y vuelve a pedírmelo, o llama al salón.",
            "I can't see an appointment booked in this conversation. To move an earlier one, sign in to your account and ask me again, or call the salon.",
        )
    }

    pub(super) fn which_cita_to_move(&self, citas: &[&Cita]) -> String {
        let question = self.pick("¿Cuál quieres cambiar?", "Which one should I move?");
        format!("{question}\n\n{}", self.numbered(citas))
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
        match self.lang {
            Lang::Es => format!(
                "¡Hecho! Tu cita ahora es el **{}** a las **{}** con {} ✅",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id)
            ),
            Lang::En => format!(
                "Done! Your appointment is now on **{}** at **{}** with {} ✅",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id)
            ),
        }
    }

    pub(super) fn not_moved(&self) -> String {
        self.pick(
            "Esa cita ya no se puede cambiar (puede que esté cancelada o completada). No he cambiado nada.",
            "That appointment can no longer be moved (it may be cancelled or completed). Nothing was changed.",
        )
    }

    pub(super) fn services(&self) -> String {
        let mut text = self.pick(
            "Estos son nuestros servicios:\n\n",
            "These are our services:\n\n",
        );
        text.push_str(&self.pick(
            "| Servicio | Duración | Precio |\n| --- | --- | ---: |\n",
            "| Service | Duration | Price |\n| --- | --- | ---: |\n",
        ));
        for service in self.context.services.iter().filter(|s| s.active) {
            let _ = writeln!(
                text,
                "| {} | {} min | {} |",
                service.name,
                service.duration_min,
                self.price(service.price_cents)
            );
        }
        text.push_str(&self.pick(
            "\n¿Quieres reservar alguno?",
            "\nWould you like to book one?",
        ));
        text
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
            text.push_str(&self.pick("\n\n¿Quieres reservar?", "\n\nWould you like to book?"));
        }
        text
    }

    /// The hours of the day the visitor asked about: that day's closure when there is one,
    /// else its weekday's hours, said for the date ("el sábado 21 de noviembre") and as the
    /// weekly rule they are ("como todos los sábados").
    pub(super) fn hours_on(&self, date: Date) -> String {
        if let Some(closure) = self.context.calendar.closure_on(date) {
            let reason = closure.reason.trim();
            let day = self.day(date);
            return match (self.lang, reason.is_empty()) {
                (Lang::Es, true) => format!("El **{day}** cerramos."),
                (Lang::Es, false) => format!("El **{day}** cerramos por {reason}."),
                (Lang::En, true) => format!("We're closed on **{day}**."),
                (Lang::En, false) => format!("We're closed on **{day}** ({reason})."),
            };
        }
        let weekday = date.weekday();
        let every = match self.lang {
            Lang::Es => format!("como todos los {}", plural_es(weekday_es(weekday))),
            Lang::En => format!("as every {weekday}"),
        };
        if self.context.business.hours.on(weekday).is_empty() {
            return match self.lang {
                Lang::Es => format!("El {} cerramos, {every}.", self.day(date)),
                Lang::En => format!("We're closed on {}, {every}.", self.day(date)),
            };
        }
        let spans = self.hours_of(date);
        match self.lang {
            Lang::Es => format!("El {} abrimos {spans}, {every}.", self.day(date)),
            Lang::En => format!("On {} we're open {spans}, {every}.", self.day(date)),
        }
    }

    pub(super) fn staff_manage_in_dashboard(&self) -> String {
        self.pick(
            "Las citas de los clientes se cancelan o se cambian desde el panel (**/dashboard**, en Citas). Aquí puedo reservar para un cliente o enseñarte tu agenda («¿qué citas tengo mañana?»).",
            "Clients' appointments are cancelled or moved from the dashboard (**/dashboard**, Appointments). Here I can book for a client or show your agenda (\"what appointments do I have tomorrow?\").",
        )
    }

    /// A cita's status, in the visitor's language.
    fn status(&self, status: CitaStatus) -> String {
        match (self.lang, status) {
            (Lang::Es, CitaStatus::NoPresentado) => "no presentada".to_owned(),
            (Lang::Es, _) => status.as_str().to_owned(),
            (Lang::En, CitaStatus::Pendiente) => "pending".to_owned(),
            (Lang::En, CitaStatus::Confirmada) => "confirmed".to_owned(),
            (Lang::En, CitaStatus::Cancelada) => "cancelled".to_owned(),
            (Lang::En, CitaStatus::Completada) => "completed".to_owned(),
            (Lang::En, CitaStatus::NoPresentado) => "no-show".to_owned(),
        }
    }

    pub(super) fn hours(&self) -> String {
        let mut text = self.pick("Nuestro horario:\n\n", "Our opening hours:\n\n");
        for (weekday, periods) in self.context.business.hours.days() {
            let day = match self.lang {
                Lang::Es => capitalise(weekday_es(weekday)),
                Lang::En => weekday.to_string(),
            };
            let times = if periods.is_empty() {
                self.pick("cerrado", "closed")
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
        let names = self.active_names();
        match self.lang {
            Lang::Es => format!("¿Qué servicio quieres? Tenemos: {}.", self.join(&names)),
            Lang::En => format!(
                "Which service would you like? We offer: {}.",
                self.join(&names)
            ),
        }
    }

    /// A booking for several people: each cita is one person's.
    pub(super) fn one_person_per_cita(&self) -> String {
        self.pick(
            "Cada cita es para una persona: reservo primero una y, en cuanto esté, hacemos la siguiente.",
            "Each appointment is for one person: I'll book the first one, and as soon as it's done we'll do the next.",
        )
    }

    /// A service the salon does not offer ("quiero un masaje"): said, with what it does offer.
    pub(super) fn not_offered(&self, (es, en): (&str, &str)) -> String {
        let names = self.active_names();
        match self.lang {
            Lang::Es => format!(
                "{es} no está entre nuestros servicios. Tenemos: {}. ¿Te interesa alguno?",
                self.join(&names)
            ),
            Lang::En => format!(
                "{en} isn't one of our services. We offer: {}. Would you like one of those?",
                self.join(&names)
            ),
        }
    }

    /// The day is known (and said back), the service not yet.
    pub(super) fn ask_services_for(&self, date: Date) -> String {
        let names = self.active_names();
        match self.lang {
            Lang::Es => format!(
                "¿Qué servicio quieres para el **{}**? Tenemos: {}.",
                self.day(date),
                self.join(&names)
            ),
            Lang::En => format!(
                "Which service would you like for **{}**? We offer: {}.",
                self.day(date),
                self.join(&names)
            ),
        }
    }

    pub(super) fn ask_date(&self, draft: &Draft) -> String {
        let what = self.service_names(&draft.service_ids, false);
        match self.lang {
            Lang::Es => format!("Perfecto, {what}. ¿Qué día te viene bien?"),
            Lang::En => format!("Great, {what}. Which day suits you?"),
        }
    }

    /// Another day asked for ("otro día"): the rest of the booking stays.
    pub(super) fn ask_other_date(&self, draft: &Draft) -> String {
        let what = self.service_names(&draft.service_ids, false);
        match self.lang {
            Lang::Es => format!("De acuerdo, buscamos otro día para {what}. ¿Cuál te viene bien?"),
            Lang::En => format!("OK, another day for {what}. Which day suits you?"),
        }
    }

    /// Another stylist asked for: who does the booking's services.
    pub(super) fn ask_stylist(&self, who: &[&str]) -> String {
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        match self.lang {
            Lang::Es => format!("¿Con quién prefieres? Pueden atenderte {names}."),
            Lang::En => format!("Who would you prefer? {names} can see you."),
        }
    }

    /// None of the times offered suits: the day's hours, and a question for the time wanted.
    pub(super) fn ask_other_time(&self, date: Date) -> String {
        let hours = self.hours_on(date);
        match self.lang {
            Lang::Es => format!(
                "{hours} ¿A qué hora te vendría bien? Miro si está libre. También puedo buscar otro día."
            ),
            Lang::En => format!(
                "{hours} What time would suit you? I'll check if it's free. I can also look at another day."
            ),
        }
    }

    /// "31 de febrero": a day the month does not have.
    pub(super) fn no_such_date(&self, day: u8, month: Month) -> String {
        match self.lang {
            Lang::Es => format!(
                "El {day} de {} no existe. ¿Qué día te viene bien?",
                month_es(month)
            ),
            Lang::En => format!("There is no {month} {day}. Which day suits you?"),
        }
    }

    /// "con Marta" when nobody of that name works here: who does.
    pub(super) fn no_such_stylist(&self, name: &str) -> String {
        let team: Vec<&str> = self
            .context
            .staff
            .iter()
            .map(|member| member.name.as_str())
            .collect();
        let team = self.join(&team);
        match self.lang {
            Lang::Es => format!("En el salón no trabaja nadie llamado {name}: atienden {team}."),
            Lang::En => format!("Nobody called {name} works here: our team is {team}."),
        }
    }

    /// "el lunes 10" when the 10th is a Thursday: both readings, asked.
    pub(super) fn weekday_mismatch(&self, mismatch: &WeekdayMismatch) -> String {
        let WeekdayMismatch {
            said,
            date,
            weekday_date,
        } = *mismatch;
        match self.lang {
            Lang::Es => format!(
                "El {} de {} es {}, no {}: ¿el {} {} o el {} {}?",
                date.day(),
                month_es(date.month()),
                weekday_es(date.weekday()),
                weekday_es(said),
                weekday_es(date.weekday()),
                date.day(),
                weekday_es(said),
                weekday_date.day()
            ),
            Lang::En => format!(
                "{} {} is a {}, not a {}: {} {} or {} {}?",
                date.month(),
                date.day(),
                date.weekday(),
                said,
                date.weekday(),
                date.day(),
                said,
                weekday_date.day()
            ),
        }
    }

    pub(super) fn date_in_past(&self, date: Date) -> String {
        match self.lang {
            Lang::Es => format!(
                "El {} ya ha pasado. ¿Qué otro día te viene bien?",
                self.day(date)
            ),
            Lang::En => format!(
                "{} has already passed. Which other day suits you?",
                self.day(date)
            ),
        }
    }

    /// A closure of the salon ("Navidad") covering the day asked for.
    pub(super) fn closure(
        &self,
        closure: &Closure,
        stylist: Option<&str>,
        instead: Option<&Instead>,
    ) -> String {
        let reason = closure.reason.trim();
        let told = match self.lang {
            Lang::Es => {
                let days = if closure.from == closure.to {
                    format!("El {}", self.day(closure.from))
                } else if closure.from.month() == closure.to.month() {
                    format!(
                        "Del {} al {} de {}",
                        closure.from.day(),
                        closure.to.day(),
                        month_es(closure.to.month())
                    )
                } else {
                    format!(
                        "Del {} de {} al {} de {}",
                        closure.from.day(),
                        month_es(closure.from.month()),
                        closure.to.day(),
                        month_es(closure.to.month())
                    )
                };
                let why = if reason.is_empty() {
                    String::new()
                } else {
                    format!(" por {reason}")
                };
                format!("{days} cerramos{why}.")
            }
            Lang::En => {
                let days = if closure.from == closure.to {
                    format!("on {}", self.day(closure.from))
                } else {
                    format!(
                        "from {} {} to {} {}",
                        closure.from.day(),
                        closure.from.month(),
                        closure.to.day(),
                        closure.to.month()
                    )
                };
                let why = if reason.is_empty() {
                    String::new()
                } else {
                    format!(" ({reason})")
                };
                format!("We're closed {days}{why}.")
            }
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
        let told = match self.lang {
            Lang::Es => format!(
                "El {} cerramos: los {} no abrimos.",
                self.day(date),
                plural_es(weekday_es(date.weekday()))
            ),
            Lang::En => format!(
                "We're closed on {}: we don't open on {}s.",
                self.day(date),
                date.weekday()
            ),
        };
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
        let told = match self.lang {
            Lang::Es => format!(
                "Reservamos con al menos {} de antelación, así que el {}{when} ya no puede ser.",
                self.notice(notice_min),
                self.day(date)
            ),
            Lang::En => format!(
                "We book with at least {} notice, so {}{when} is too soon.",
                self.notice(notice_min),
                self.day(date)
            ),
        };
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
        let (day, close) = (self.day(date), format_minutes(close));
        let told = match (self.lang, closed) {
            (Lang::Es, true) => format!("Hoy, {day}, ya hemos cerrado (cerramos a las {close})."),
            (Lang::Es, false) => {
                format!("Hoy, {day}, ya no da tiempo para eso: cerramos a las {close}.")
            }
            (Lang::En, true) => format!("We've closed for today, {day} (we close at {close})."),
            (Lang::En, false) => {
                format!("There's no time left for that today, {day}: we close at {close}.")
            }
        };
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
        let name = self.first_name(stylist);
        let day = self.day(date);
        let told = match (self.lang, absent) {
            // Her week is said, so the visitor can pick a day she works.
            (Lang::Es, Some(Absence::Weekly)) => format!(
                "{name} no trabaja el {day}; {}.",
                self.stylist_week(stylist, false)
            ),
            (Lang::En, Some(Absence::Weekly)) => format!(
                "{name} doesn't work on {day}; {}.",
                self.stylist_week(stylist, false)
            ),
            // Time off is said without its reason (the salon's private note).
            (Lang::Es, Some(Absence::Away { until })) if until > date => format!(
                "{name} no trabaja el {day}: está fuera hasta el {}.",
                self.day(until)
            ),
            (Lang::En, Some(Absence::Away { until })) if until > date => format!(
                "{name} doesn't work on {day}: away until {}.",
                self.day(until)
            ),
            (Lang::Es, Some(_)) => format!("{name} no trabaja el {day}."),
            (Lang::En, Some(_)) => format!("{name} doesn't work on {day}."),
            (Lang::Es, None) => format!("{name} no tiene hueco el {day}."),
            (Lang::En, None) => format!("{name} has nothing free on {day}."),
        };
        if others.is_empty() {
            let nobody = self.pick(
                "Ese día no queda hueco con nadie más del equipo.",
                "Nobody else in the team is free that day either.",
            );
            return format!(
                "{told} {nobody} {}",
                self.instead(date, Some(stylist), hers)
            );
        }
        let theirs = match self.lang {
            Lang::Es => format!(
                "Ese día sí hay hueco con otras personas del equipo:\n\n{}\n\n¿Te viene bien alguna?",
                self.times_with_names(others)
            ),
            Lang::En => format!(
                "Others in the team are free that day:\n\n{}\n\nDoes one of them suit you?",
                self.times_with_names(others)
            ),
        };
        let later = match (self.lang, hers) {
            (Lang::Es, Some(hers)) => format!(
                " Con {name}, el primer día con hueco es el **{}**; si lo prefieres, dime «el {}».",
                self.day(hers.date),
                weekday_es(hers.date.weekday())
            ),
            (Lang::En, Some(hers)) => format!(
                " {name}'s first day with free times is **{}**; if you'd rather, say \"{}\".",
                self.day(hers.date),
                hers.date.weekday()
            ),
            (Lang::Es, None) => format!(" {name} no tiene hueco en los próximos días."),
            (Lang::En, None) => format!(" {name} has nothing free in the coming days."),
        };
        format!("{told} {theirs}{later}")
    }

    /// Nothing free all day for the services: the first day that has.
    pub(super) fn day_full(&self, date: Date, instead: Option<&Instead>) -> String {
        let told = match self.lang {
            Lang::Es => format!("El {} está completo para eso.", self.day(date)),
            Lang::En => format!("{} is fully booked for that.", self.day(date)),
        };
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
        let day = self.day(date);
        let told = match (self.lang, wish) {
            (Lang::Es, Wish::At(minute)) => format!(
                "Las {} de hoy, {day}, ya han pasado.",
                format_minutes(minute)
            ),
            (Lang::Es, Wish::Between(..) | Wish::Within(..)) => format!(
                "Hoy, {day}, ya ha pasado esa parte del día ({}).",
                self.when(wish)
            ),
            (Lang::En, Wish::At(minute)) => format!(
                "{} today, {day}, has already passed.",
                format_minutes(minute)
            ),
            (Lang::En, Wish::Between(..) | Wish::Within(..)) => format!(
                "Today, {day}, that part of the day ({}) has already passed.",
                self.when(wish)
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
        let when = self.when(wish);
        let hours = self.hours_of(date);
        let told = match (self.lang, wish) {
            (Lang::Es, Wish::At(_)) => format!(
                "El {} {when} estamos cerrados; ese día abrimos {hours}.",
                self.day(date)
            ),
            (Lang::Es, Wish::Between(..) | Wish::Within(..)) => format!(
                "El {} {when} cerramos; ese día abrimos {hours}.",
                self.day(date)
            ),
            (Lang::En, _) => format!(
                "We're closed {when} on {}; that day we're open {hours}.",
                self.day(date)
            ),
        };
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
        let when = self.when(wish);
        let told = match self.lang {
            Lang::Es => format!(
                "El {} {when} no da tiempo: son {minutes} min y a las {} cerramos.",
                self.day(date),
                format_minutes(close)
            ),
            Lang::En => format!(
                "{when} on {} there isn't time: it takes {minutes} min and we close at {}.",
                self.day(date),
                format_minutes(close)
            ),
        };
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
        let when = self.when(wish);
        let told = match self.lang {
            Lang::Es => format!(
                "Son {minutes} min, así que {when} no da tiempo el {}.",
                self.day(date)
            ),
            Lang::En => format!(
                "It takes {minutes} min, so it won't fit {when} on {}.",
                self.day(date)
            ),
        };
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
        let at = format_minutes(minute);
        let day = self.day(date);
        let told = match (self.lang, stylist) {
            (Lang::Es, None) => format!("A las {at} del {day} no hay hueco."),
            (Lang::En, None) => format!("{at} on {day} is taken."),
            (Lang::Es, Some(stylist)) => {
                let also = free_then.map_or_else(String::new, |other| {
                    format!(" ({} sí está libre a esa hora)", self.staff_name(other))
                });
                let name = self.first_name(stylist);
                match self.outside_own_hours(stylist, date, minute) {
                    Some(hours) => format!(
                        "A las {at} del {day} {name} no trabaja: ese día su horario es {hours}{also}."
                    ),
                    None => format!("A las {at} del {day} {name} no tiene hueco{also}."),
                }
            }
            (Lang::En, Some(stylist)) => {
                let also = free_then.map_or_else(String::new, |other| {
                    format!(" ({} is free then)", self.staff_name(other))
                });
                let name = self.first_name(stylist);
                match self.outside_own_hours(stylist, date, minute) {
                    Some(hours) => format!(
                        "{name} doesn't work at {at} on {day}: that day their hours are {hours}{also}."
                    ),
                    None => format!("{name} isn't free at {at} on {day}{also}."),
                }
            }
        };
        let offer = match (self.lang, stylist) {
            (Lang::Es, None) => "Te puedo ofrecer:".to_owned(),
            (Lang::En, None) => "I can offer:".to_owned(),
            (Lang::Es, Some(stylist)) => {
                format!("Con {} te puedo ofrecer:", self.first_name(stylist))
            }
            (Lang::En, Some(stylist)) => format!("With {} I can offer:", self.first_name(stylist)),
        };
        format!(
            "{told} {offer}\n\n{}\n\n{}",
            self.times(offers),
            self.pick("¿Cuál prefieres?", "Which one do you prefer?")
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
        let when = self.when(wish);
        let with = stylist.map(|id| self.first_name(id));
        let told = match (self.lang, &with) {
            (Lang::Es, None) => format!("El {} {when} no queda nada.", self.day(date)),
            (Lang::Es, Some(name)) => {
                format!("El {} {when} no queda nada con {name}.", self.day(date))
            }
            (Lang::En, None) => format!("Nothing is free {when} on {}.", self.day(date)),
            (Lang::En, Some(name)) => {
                format!("{name} has nothing free {when} on {}.", self.day(date))
            }
        };
        format!("{told} {}", self.listed(stylist, offers))
    }

    pub(super) fn offer_times(
        &self,
        date: Date,
        stylist: Option<&str>,
        offers: &[(String, DayMinute)],
    ) -> String {
        let times = self.times(offers);
        match (self.lang, stylist) {
            (Lang::Es, None) => format!(
                "El {} tengo hueco a estas horas:\n\n{times}\n\n¿Cuál prefieres? También puedes decirme otra hora.",
                self.day(date)
            ),
            (Lang::Es, Some(stylist)) => format!(
                "Con {} tengo libre el {}:\n\n{times}\n\n¿Cuál prefieres? También puedes decirme otra hora.",
                self.first_name(stylist),
                self.day(date)
            ),
            (Lang::En, None) => format!(
                "On {} I have these times:\n\n{times}\n\nWhich one do you prefer? You can also name another time.",
                self.day(date)
            ),
            (Lang::En, Some(stylist)) => format!(
                "With {} I have these times on {}:\n\n{times}\n\nWhich one do you prefer? You can also name another time.",
                self.first_name(stylist),
                self.day(date)
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
        let name = self.first_name(stylist);
        let service = self.service_names(&[service_id.to_owned()], false);
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        match (self.lang, who.len()) {
            (Lang::Es, 0) => format!("{name} no hace {service}."),
            (Lang::Es, 1) => format!("{name} no hace {service}; lo hace {names}."),
            (Lang::Es, _) => format!("{name} no hace {service}; lo hacen {names}."),
            (Lang::En, 0) => format!("{name} doesn't do {service}."),
            (Lang::En, 1) => format!("{name} doesn't do {service}; {names} does."),
            (Lang::En, _) => format!("{name} doesn't do {service}; {names} do."),
        }
    }

    /// Who does the services of `ids`: "Sí, Javier hace …" or why not and who does, for the
    /// stylist asked about; else everyone who does them. The prices follow, with an offer.
    pub(super) fn who_does(&self, ids: &[String], asked: Option<&str>) -> String {
        let who = times::who_does(ids, self.context);
        let services = self.service_names(ids, false);
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        let told = match (asked, self.lang) {
            (Some(stylist), _) if !who.contains(&stylist) => match ids.iter().find(|id| {
                times::cannot_do(stylist, std::slice::from_ref(*id), self.context).is_some()
            }) {
                Some(id) => self.stylist_lacks_service(stylist, id, &who),
                None => self.stylist_not_bookable(stylist, &who),
            },
            (Some(stylist), Lang::Es) => {
                format!("Sí, {} hace {services}.", self.first_name(stylist))
            }
            (Some(stylist), Lang::En) => {
                format!("Yes, {} does {services}.", self.first_name(stylist))
            }
            (None, Lang::Es) if who.is_empty() => {
                format!("Ahora mismo nadie del equipo tiene citas de {services}.")
            }
            (None, Lang::En) if who.is_empty() => {
                format!("Nobody in the team is taking {services} appointments right now.")
            }
            (None, Lang::Es) => format!(
                "De {services} se encarga{} {names}.",
                if who.len() > 1 { "n" } else { "" }
            ),
            (None, Lang::En) => {
                format!("{} by {names}.", capitalise(&format!("{services} is done")))
            }
        };
        format!("{told}\n\n{}", self.prices(ids, true))
    }

    /// The stylist asked for takes no bookings.
    pub(super) fn stylist_not_bookable(&self, stylist: &str, who: &[&str]) -> String {
        let name = self.first_name(stylist);
        let names: Vec<String> = who.iter().map(|id| self.staff_name(id)).collect();
        let names = self.join(&names);
        match (self.lang, who.is_empty()) {
            (Lang::Es, true) => format!("{name} no tiene citas por ahora."),
            (Lang::Es, false) => {
                format!("{name} no tiene citas por ahora; puede atenderte {names}.")
            }
            (Lang::En, true) => format!("{name} isn't taking appointments for now."),
            (Lang::En, false) => {
                format!("{name} isn't taking appointments for now; {names} can see you.")
            }
        }
    }

    /// A wished time found free, said back with its day and stylist.
    pub(super) fn time_free(&self, date: Date, start: DayMinute, staff_id: &str) -> String {
        match self.lang {
            Lang::Es => format!(
                "Hay hueco el **{}** a las **{}** con {}.",
                self.day(date),
                format_minutes(start),
                self.staff_name(staff_id)
            ),
            Lang::En => format!(
                "**{}** at **{}** is free, with {}.",
                self.day(date),
                format_minutes(start),
                self.staff_name(staff_id)
            ),
        }
    }

    /// What can be had instead of the day asked for (`asked`): the times of `instead`, on that
    /// day or the first day that has some.
    fn instead(&self, asked: Date, stylist: Option<&str>, instead: Option<&Instead>) -> String {
        let with = stylist.map(|id| self.first_name(id));
        let Some(instead) = instead else {
            return match (self.lang, with) {
                (Lang::Es, None) => {
                    "En los próximos días no queda hueco para eso. ¿Probamos con otro servicio?"
                        .to_owned()
                }
                (Lang::Es, Some(name)) => format!(
                    "En los próximos días {name} no tiene hueco para eso. ¿Probamos con otra persona del equipo?"
                ),
                (Lang::En, None) => {
                    "There's nothing free for that in the coming days. Shall we try another service?"
                        .to_owned()
                }
                (Lang::En, Some(name)) => format!(
                    "{name} has nothing free for that in the coming days. Shall we try someone else in the team?"
                ),
            };
        };
        if instead.date == asked {
            return self.listed(stylist, &instead.offers);
        }
        let day = self.day(instead.date);
        let told = match (self.lang, with) {
            (Lang::Es, None) => format!("El primer día con hueco es el **{day}**:"),
            (Lang::Es, Some(name)) => {
                format!("Con {name}, el primer día con hueco es el **{day}**:")
            }
            (Lang::En, None) => format!("The first day with free times is **{day}**:"),
            (Lang::En, Some(name)) => format!("{name}'s first day with free times is **{day}**:"),
        };
        format!(
            "{told}\n\n{}\n\n{}",
            self.times(&instead.offers),
            self.pick("¿Cuál prefieres?", "Which one do you prefer?")
        )
    }

    /// Times free on the day being talked about.
    fn listed(&self, stylist: Option<&str>, offers: &[(String, DayMinute)]) -> String {
        let told = match (self.lang, stylist) {
            (Lang::Es, None) => "Tengo libre:".to_owned(),
            (Lang::Es, Some(id)) => format!("Con {} tengo libre:", self.first_name(id)),
            (Lang::En, None) => "These times are free:".to_owned(),
            (Lang::En, Some(id)) => format!("With {} these times are free:", self.first_name(id)),
        };
        format!(
            "{told}\n\n{}\n\n{}",
            self.times(offers),
            self.pick("¿Cuál prefieres?", "Which one do you prefer?")
        )
    }

    /// "a las 21:00", "por la tarde", "de 17:00 a 19:00".
    fn when(&self, wish: Wish) -> String {
        match wish {
            Wish::At(minute) => match self.lang {
                Lang::Es => format!("a las {}", format_minutes(minute)),
                Lang::En => format!("at {}", format_minutes(minute)),
            },
            Wish::Within(start, until) => self.range_words(start, until),
            Wish::Between(start, end) => {
                if let Some((es, en)) = part_words(start, end) {
                    return self.pick(es, en);
                }
                // A said range keeps its latest start as an exclusive end one minute later.
                let end = if end % 5 == 1 { end - 1 } else { end };
                self.range_words(start, end.min(DAY_MINUTES))
            }
        }
    }

    /// "de 17:00 a 19:00", "from 17:00 to 19:00".
    fn range_words(&self, start: DayMinute, end: DayMinute) -> String {
        let (start, end) = (format_minutes(start), format_minutes(end));
        match self.lang {
            Lang::Es => format!("de {start} a {end}"),
            Lang::En => format!("from {start} to {end}"),
        }
    }

    /// "de 09:30 a 14:00 y de 16:30 a 20:30": the opening hours of `date`.
    fn hours_of(&self, date: Date) -> String {
        self.spans(self.context.business.hours.on(date.weekday()))
    }

    /// "1 hora", "30 minutos", "1 hora y 30 minutos".
    fn notice(&self, minutes: u32) -> String {
        let (hours, rest) = (minutes / 60, minutes % 60);
        let hours_text = match (self.lang, hours) {
            (Lang::Es, 1) => "1 hora".to_owned(),
            (Lang::Es, n) => format!("{n} horas"),
            (Lang::En, 1) => "1 hour's".to_owned(),
            (Lang::En, n) => format!("{n} hours'"),
        };
        let minutes_text = match self.lang {
            Lang::Es => format!("{rest} minutos"),
            Lang::En => format!("{rest} minutes'"),
        };
        match (self.lang, hours, rest) {
            (_, 0, _) => minutes_text,
            (_, _, 0) => hours_text,
            (Lang::Es, _, _) => format!("{hours_text} y {minutes_text}"),
            (Lang::En, 1, _) => format!("1 hour and {minutes_text}"),
            (Lang::En, _, _) => format!("{hours} hours and {minutes_text}"),
        }
    }

    /// The times, each with who would do it.
    fn times_with_names(&self, offers: &[(String, DayMinute)]) -> String {
        offers
            .iter()
            .enumerate()
            .map(|(index, (staff_id, start))| {
                format!(
                    "{}. **{}** {} {}",
                    index + 1,
                    format_minutes(*start),
                    self.pick("con", "with"),
                    self.staff_name(staff_id)
                )
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
        let name = self.first_name(stylist);
        match (self.lang, parts.is_empty(), named) {
            (Lang::Es, true, _) => format!("{name} no tiene días de trabajo en su horario"),
            (Lang::En, true, _) => format!("{name} has no working days in their schedule"),
            (Lang::Es, false, true) => format!("{name} trabaja {}", self.join(&parts)),
            (Lang::Es, false, false) => format!("su horario es {}", self.join(&parts)),
            (Lang::En, false, true) => format!("{name} works {}", self.join(&parts)),
            (Lang::En, false, false) => format!("their days are {}", self.join(&parts)),
        }
    }

    /// "los sábados", "los lunes y martes", "de martes a viernes"; in English "Saturdays",
    /// "Monday and Tuesday", "Tuesday to Friday".
    fn weekdays(&self, first: Weekday, last: Weekday) -> String {
        let (a, b) = match self.lang {
            Lang::Es => (weekday_es(first).to_owned(), weekday_es(last).to_owned()),
            Lang::En => (first.to_string(), last.to_string()),
        };
        let length = last.number_days_from_monday() - first.number_days_from_monday() + 1;
        match (self.lang, length) {
            (Lang::Es, 1) => format!("los {}", plural_es(&a)),
            (Lang::Es, 2) => format!("los {} y {}", plural_es(&a), plural_es(&b)),
            (Lang::Es, _) => format!("de {a} a {b}"),
            (Lang::En, 1) => format!("{a}s"),
            (Lang::En, 2) => format!("{a} and {b}"),
            (Lang::En, _) => format!("{a} to {b}"),
        }
    }

    /// "de 9:30 a 14:00 y de 16:30 a 20:30".
    fn spans(&self, periods: &[OpeningPeriod]) -> String {
        let spans: Vec<String> = periods
            .iter()
            .map(|p| {
                let (open, close) = (format_minutes(p.open), format_minutes(p.close));
                match self.lang {
                    Lang::Es => format!("de {open} a {close}"),
                    Lang::En => format!("from {open} to {close}"),
                }
            })
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
        self.pick(
            "¿A nombre de quién hago la reserva?",
            "What name should I book it under?",
        )
    }

    /// The name, and in the same breath how to reach the guest: what [`Self::ask_contact`]
    /// asks, said as the second half.
    pub(super) fn ask_name_and_contact(&self) -> String {
        let contact = if self.context.sends_mail {
            self.pick(
                "Y un email para enviarte la confirmación (o un teléfono, si lo prefieres).",
                "And an email for the confirmation (or a phone number, if you prefer).",
            )
        } else {
            self.pick(
                "Y un email o teléfono de contacto, por si el salón necesita avisarte.",
                "And an email or phone number, in case the salon needs to reach you.",
            )
        };
        format!("{} {contact}", self.ask_name())
    }

    pub(super) fn ask_client_name(&self) -> String {
        self.pick(
            "¿Para qué cliente es la cita? Dime su nombre (y su email o teléfono si lo tienes).",
            "Which client is it for? Tell me their name (and email or phone if you have it).",
        )
    }

    /// How to reach a guest: an email for the confirmation when the salon sends mail, else any
    /// contact (the salon sees it beside the cita), promising nothing.
    pub(super) fn ask_contact(&self) -> String {
        if self.context.sends_mail {
            self.pick(
                "¿Y un email para enviarte la confirmación? Si lo prefieres, con un teléfono basta.",
                "And an email for the confirmation? A phone number is fine too, if you prefer.",
            )
        } else {
            self.pick(
                "¿Me dejas un email o teléfono de contacto? Lo verá el salón junto a tu cita, por si necesita avisarte de algo.",
                "Could you leave an email or phone number? The salon sees it with your booking, in case they need to reach you.",
            )
        }
    }

    /// A guest who would rather not leave a contact: why the salon needs one, and the smallest.
    pub(super) fn contact_needed(&self) -> String {
        self.pick(
            "Sin un email o un teléfono no puedo dejar la cita reservada: es la única forma que tiene el salón de avisarte si algo cambia, y no se usa para nada más. Con un teléfono basta. ¿Me dejas uno? Si prefieres no reservar, dime «olvídalo».",
            "I can't keep the booking without an email or a phone number: it's the only way the salon can reach you if something changes, and it's used for nothing else. A phone number is enough. Could you leave one? If you'd rather not book, just say \"forget it\".",
        )
    }

    /// The day of a cita being moved was not said yet.
    pub(super) fn ask_new_date(&self, line: &str) -> String {
        match self.lang {
            Lang::Es => format!("¿A qué día y hora quieres cambiar esta cita?\n\n- {line}"),
            Lang::En => {
                format!("Which day and time should I move this appointment to?\n\n- {line}")
            }
        }
    }

    /// "No" to a move: the cita stays as it was.
    pub(super) fn move_dropped(&self, line: &str) -> String {
        match self.lang {
            Lang::Es => format!("De acuerdo, no la cambio. Tu cita sigue así:\n\n- {line}"),
            Lang::En => {
                format!("OK, I won't move it. Your appointment stays as it was:\n\n- {line}")
            }
        }
    }

    /// Beyond the booking rules' horizon: the last day that can be booked.
    pub(super) fn too_far_ahead(&self, last_day: Date) -> String {
        match self.lang {
            Lang::Es => format!(
                "Se puede reservar hasta el **{}**. ¿Qué día antes de esa fecha te viene bien?",
                self.day(last_day)
            ),
            Lang::En => format!(
                "Appointments can be booked up to **{}**. Which day before then suits you?",
                self.day(last_day)
            ),
        }
    }

    pub(super) fn invalid_email(&self, typed: &str) -> String {
        match self.lang {
            Lang::Es => format!(
                "«{typed}» no parece un email válido. ¿Me lo escribes de nuevo? (por ejemplo, nombre@correo.es)"
            ),
            Lang::En => format!(
                "\"{typed}\" doesn't look like a valid email. Could you type it again? (for example, name@mail.com)"
            ),
        }
    }

    pub(super) fn invalid_phone(&self, typed: &str) -> String {
        match self.lang {
            Lang::Es => format!(
                "«{typed}» no parece un teléfono válido (un móvil o fijo español tiene 9 cifras; de otro país, con su prefijo +). ¿Me lo escribes de nuevo? Si prefieres, seguimos sin teléfono."
            ),
            Lang::En => format!(
                "\"{typed}\" doesn't look like a valid phone number (Spanish numbers have 9 digits; others need their + prefix). Could you type it again? Or we can go on without a phone."
            ),
        }
    }

    pub(super) fn summary(&self, draft: &Draft, context: &Context<'_>) -> String {
        if draft.date.is_none() || draft.slot.is_none() {
            return self.not_understood();
        }
        let (_, rows) = self.summary_rows(draft, context);
        let lines: Vec<String> = rows
            .iter()
            .map(|(label, value)| format!("- **{label}**: {value}"))
            .collect();
        let heading = match (self.lang, draft.moving.is_some()) {
            (Lang::Es, false) => "Te resumo la cita:",
            (Lang::Es, true) => "Te cambio la cita a esto:",
            (Lang::En, false) => "Here is the booking:",
            (Lang::En, true) => "I'll move your appointment to this:",
        };
        match self.lang {
            Lang::Es => format!("{heading}\n\n{}\n\n¿La confirmo?", lines.join("\n")),
            Lang::En => format!("{heading}\n\n{}\n\nShall I confirm it?", lines.join("\n")),
        }
    }

    /// The summary's title and rows (label, value), for the text and for its card. Empty rows
    /// when the draft has no time yet.
    pub(super) fn summary_rows(
        &self,
        draft: &Draft,
        context: &Context<'_>,
    ) -> (String, Vec<(String, String)>) {
        // Staff book for someone else: not "your" cita.
        let for_client = matches!(context.caller, super::Caller::Staff { .. });
        let title = match (self.lang, draft.moving.is_some(), for_client) {
            (Lang::Es, false, false) => "Resumen de tu cita",
            (Lang::Es, false, true) => "Resumen de la cita",
            (Lang::Es, true, _) => "Tu cita quedará así",
            (Lang::En, false, false) => "Your booking",
            (Lang::En, false, true) => "The booking",
            (Lang::En, true, _) => "Your appointment will be",
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
                self.pick("Servicio", "Service"),
                self.service_names(&draft.service_ids, true),
            ),
            (self.pick("Día", "Day"), self.day(date)),
            (
                self.pick("Hora", "Time"),
                format!(
                    "{}–{}",
                    format_minutes(*start),
                    format_minutes(start + minutes)
                ),
            ),
            (self.pick("Con", "With"), self.staff_name(staff_id)),
            (self.pick("A nombre de", "Name"), who),
        ];
        if let Some(email) = &draft.client_email {
            rows.push(("Email".to_owned(), email.clone()));
        }
        if let Some(phone) = &draft.client_phone {
            rows.push((self.pick("Teléfono", "Phone"), phone_for_reading(phone)));
        }
        rows.push((self.pick("Precio", "Price"), self.price(price)));
        (title.to_owned(), rows)
    }

    pub(super) fn ask_what_to_change(&self) -> String {
        self.pick(
            "¿Qué quieres cambiar: el servicio, el día o la hora?",
            "What would you like to change: the service, the day or the time?",
        )
    }

    pub(super) fn what_to_change(&self) -> String {
        format!(
            "{} {}",
            self.pick("De acuerdo, no la reservo.", "OK, I won't book it."),
            self.ask_what_to_change()
        )
    }

    /// `client` is the name the cita is for, when known (staff booking for someone).
    pub(super) fn booked(&self, cita: &Cita, client: Option<&str>) -> String {
        if let (super::Caller::Staff { .. }, Some(client)) = (self.context.caller, client) {
            return self.booked_for_client(cita, client);
        }
        let services = self.service_names(&cita.service_ids, true);
        let (day, time, with) = (
            self.day(cita.date),
            format_minutes(cita.start_min),
            self.staff_name(&cita.staff_id),
        );
        // The salon decides whether chat bookings start confirmed (its booking rules); one
        // sentence says which, and what happens next, with no "reservada" beside "pendiente".
        let (opening, closing) = match (self.lang, cita.status == CitaStatus::Confirmada) {
            (Lang::Es, true) => ("¡Hecho! Tu cita está confirmada ✅", "\n\nTe esperamos."),
            (Lang::Es, false) => (
                "¡Hecho! Tu hora queda guardada ✅ El salón te confirmará la cita en cuanto la revise.",
                "",
            ),
            (Lang::En, true) => (
                "Done! Your appointment is confirmed ✅",
                "\n\nSee you then.",
            ),
            (Lang::En, false) => (
                "Done! The time is kept for you ✅ The salon will confirm the appointment once they've reviewed it.",
                "",
            ),
        };
        let fields = match self.lang {
            Lang::Es => format!(
                "- **Servicio**: {services}\n- **Día**: {day}\n- **Hora**: {time}\n- **Con**: {with}"
            ),
            Lang::En => format!(
                "- **Service**: {services}\n- **Day**: {day}\n- **Time**: {time}\n- **With**: {with}"
            ),
        };
        format!("{opening}\n\n{fields}{closing}")
    }

    /// Staff booked for a client: what was booked, for whom (no welcome meant for the client).
    fn booked_for_client(&self, cita: &Cita, client: &str) -> String {
        let services = self.service_names(&cita.service_ids, false);
        let (day, time, with, status) = (
            self.day(cita.date),
            format_minutes(cita.start_min),
            self.staff_name(&cita.staff_id),
            self.status(cita.status).to_lowercase(),
        );
        match self.lang {
            Lang::Es => format!(
                "Cita reservada para {client}: {day} a las {time} con {with} ({services}). Estado: {status}."
            ),
            Lang::En => format!(
                "Booked for {client}: {day} at {time} with {with} ({services}). Status: {status}."
            ),
        }
    }

    pub(super) fn slot_just_taken(&self) -> String {
        self.pick(
            "Vaya, alguien acaba de reservar esa hora y no he podido guardar tu cita.",
            "Someone has just taken that time, so I couldn't save your appointment.",
        )
    }

    pub(super) fn write_failed(&self) -> String {
        self.pick(
            "No he podido guardar el cambio por un problema nuestro. No se ha reservado ni cancelado nada; inténtalo de nuevo en un momento.",
            "I couldn't save that because of a problem on our side. Nothing was booked or cancelled; please try again in a moment.",
        )
    }

    pub(super) fn restarted(&self) -> String {
        self.pick(
            "Empezamos de nuevo. ¿Qué te gustaría reservar? También puedo decirte precios y horarios.",
            "Let's start over. What would you like to book? I can also tell you prices and opening hours.",
        )
    }

    /// A "sí" after the booking was made: the booking that exists, never a second one.
    pub(super) fn already_booked(&self, cita: &Cita) -> String {
        match self.lang {
            Lang::Es => format!(
                "Tu cita ya está reservada: {}, a las {} con {} ({}). No hace falta confirmarla otra vez.",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id),
                self.service_names(&cita.service_ids, false)
            ),
            Lang::En => format!(
                "Your appointment is already booked: {}, at {} with {} ({}). No need to confirm it again.",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id),
                self.service_names(&cita.service_ids, false)
            ),
        }
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
        format!(
            "{}, {} {} {} — {}, {} ({})",
            self.day(cita.date),
            format_minutes(cita.start_min),
            self.pick("con", "with"),
            self.staff_name(&cita.staff_id),
            self.service_names(&cita.service_ids, false),
            self.price(price),
            self.status(cita.status)
        )
    }

    pub(super) fn confirm_cancel(&self, line: &str) -> String {
        match self.lang {
            Lang::Es => format!("¿Cancelo esta cita?\n\n- {line}"),
            Lang::En => format!("Shall I cancel this appointment?\n\n- {line}"),
        }
    }

    pub(super) fn which_cita(&self, citas: &[&Cita]) -> String {
        let question = self.pick("¿Cuál quieres cancelar?", "Which one should I cancel?");
        format!("{question}\n\n{}", self.numbered(citas))
    }

    /// A booking in progress, dropped at the visitor's word.
    pub(super) fn booking_dropped(&self) -> String {
        self.pick(
            "Vale, lo dejamos: no he reservado nada. Si quieres otra cosa, aquí estoy.",
            "All right, I've dropped it: nothing has been booked. If you need anything else, I'm here.",
        )
    }

    /// A move dropped before choosing which cita.
    pub(super) fn move_dropped_unchosen(&self) -> String {
        self.pick(
            "De acuerdo, no cambio nada: tus citas siguen como estaban.",
            "OK, I won't change anything: your appointments stay as they were.",
        )
    }

    /// "olvídalo" with nothing in progress.
    pub(super) fn nothing_to_drop(&self) -> String {
        self.pick(
            "De acuerdo, no hay nada pendiente. ¿Te ayudo con algo más?",
            "OK, there's nothing in progress. Can I help with anything else?",
        )
    }

    pub(super) fn kept(&self) -> String {
        self.pick("De acuerdo, la mantengo.", "OK, I'll keep it.")
    }

    pub(super) fn cancelled(&self) -> String {
        self.pick(
            "Cita cancelada. ¿Quieres reservar otra?",
            "Appointment cancelled. Would you like to book another?",
        )
    }

    /// A client's cita inside the minimum notice: it stays as it is; the salon's phone for what
    /// can still be arranged.
    pub(super) fn too_late_to_change(&self, line: &str, notice_min: u32) -> String {
        let notice = self.notice(notice_min);
        let phone = &self.context.profile.phone;
        match (self.lang, phone.is_empty()) {
            (Lang::Es, false) => format!(
                "Tu cita ({line}) empieza en menos de {notice}: ya no se puede cambiar ni cancelar por aquí. Si lo necesitas, llama al salón al **{phone}**."
            ),
            (Lang::Es, true) => format!(
                "Tu cita ({line}) empieza en menos de {notice}: ya no se puede cambiar ni cancelar por aquí. Si lo necesitas, llama al salón."
            ),
            (Lang::En, false) => format!(
                "Your appointment ({line}) is within our {notice} notice: it can no longer be moved or cancelled here. If you need to, call the salon on **{phone}**."
            ),
            (Lang::En, true) => format!(
                "Your appointment ({line}) is within our {notice} notice: it can no longer be moved or cancelled here. If you need to, call the salon."
            ),
        }
    }

    pub(super) fn not_cancelled(&self) -> String {
        self.pick(
            "Esa cita ya no se puede cancelar (puede que ya estuviera cancelada o completada).",
            "That appointment can no longer be cancelled (it may already be cancelled or completed).",
        )
    }

    pub(super) fn cancel_needs_account(&self) -> String {
        self.pick(
            "No veo ninguna cita reservada en esta conversación. Para cancelar una cita de antes, inicia sesión con tu cuenta y vuelve a pedírmelo, o llama al salón.",
            "I can't see an appointment booked in this conversation. To cancel an earlier one, sign in to your account and ask me again, or call the salon.",
        )
    }

    pub(super) fn appointments_need_account(&self) -> String {
        self.pick(
            "Para ver tus citas, inicia sesión con tu cuenta y vuelve a preguntarme.",
            "To see your appointments, sign in to your account and ask me again.",
        )
    }

    pub(super) fn no_citas(&self) -> String {
        self.pick(
            "No tienes citas próximas. ¿Quieres reservar una?",
            "You have no upcoming appointments. Would you like to book one?",
        )
    }

    pub(super) fn own_citas(&self, citas: &[&Cita]) -> String {
        if citas.is_empty() {
            return self.no_citas();
        }
        let lines: Vec<String> = citas
            .iter()
            .map(|cita| format!("- {}", self.cita_line(cita)))
            .collect();
        match self.lang {
            Lang::Es => format!("Tus próximas citas:\n\n{}", lines.join("\n")),
            Lang::En => format!("Your upcoming appointments:\n\n{}", lines.join("\n")),
        }
    }

    pub(super) fn agenda(&self, day: Date, citas: &[&Cita]) -> String {
        if citas.is_empty() {
            return match self.lang {
                Lang::Es => format!("No tienes citas el {}.", self.day(day)),
                Lang::En => format!("You have no appointments on {}.", self.day(day)),
            };
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
        match self.lang {
            Lang::Es => format!("Tus citas del {}:\n\n{}", self.day(day), lines.join("\n")),
            Lang::En => format!(
                "Your appointments on {}:\n\n{}",
                self.day(day),
                lines.join("\n")
            ),
        }
    }
}

/// A day in words, "viernes 27 de noviembre" or "Friday 27 November": the assistant's and the
/// mail's one way of naming a day.
pub fn day_words(lang: Lang, date: Date) -> String {
    match lang {
        Lang::Es => format!(
            "{} {} de {}",
            weekday_es(date.weekday()),
            date.day(),
            month_es(date.month())
        ),
        Lang::En => format!("{} {} {}", date.weekday(), date.day(), date.month()),
    }
}

pub(crate) fn weekday_es(weekday: Weekday) -> &'static str {
    match weekday {
        Weekday::Monday => "lunes",
        Weekday::Tuesday => "martes",
        Weekday::Wednesday => "miércoles",
        Weekday::Thursday => "jueves",
        Weekday::Friday => "viernes",
        Weekday::Saturday => "sábado",
        Weekday::Sunday => "domingo",
    }
}

pub(crate) fn month_es(month: Month) -> &'static str {
    match month {
        Month::January => "enero",
        Month::February => "febrero",
        Month::March => "marzo",
        Month::April => "abril",
        Month::May => "mayo",
        Month::June => "junio",
        Month::July => "julio",
        Month::August => "agosto",
        Month::September => "septiembre",
        Month::October => "octubre",
        Month::November => "noviembre",
        Month::December => "diciembre",
    }
}

/// "sábados", "lunes": a Spanish weekday's plural.
fn plural_es(weekday: &str) -> String {
    if weekday.ends_with('s') {
        weekday.to_owned()
    } else {
        format!("{weekday}s")
    }
}

/// The words of a part of the day whose whole window `[start, end)` is this.
fn part_words(start: DayMinute, end: DayMinute) -> Option<(&'static str, &'static str)> {
    const PARTS: [(DayPart, &str, &str); 8] = [
        (DayPart::Morning, "por la mañana", "in the morning"),
        (DayPart::Afternoon, "por la tarde", "in the afternoon"),
        (DayPart::Evening, "por la noche", "in the evening"),
        (DayPart::AfterLunch, "después de comer", "after lunch"),
        (DayPart::MidMorning, "a media mañana", "mid-morning"),
        (
            DayPart::LateMorning,
            "a última hora de la mañana",
            "late in the morning",
        ),
        (
            DayPart::EarlyAfternoon,
            "a primera hora de la tarde",
            "early in the afternoon",
        ),
        (DayPart::MidAfternoon, "a media tarde", "mid-afternoon"),
    ];
    PARTS
        .iter()
        .find(|(part, ..)| part.window(0, DAY_MINUTES) == Some((start, end)))
        .map(|(_, es, en)| (*es, *en))
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
