//! What the assistant says, in Spanish and English. Markdown, as the widget renders it.

use std::fmt::Write;

use time::{Date, Month, Weekday};

use super::{Context, Draft, Lang};
use crate::booking::{Cita, CitaStatus, DayMinute, format_minutes, format_price};

pub(super) struct Replies<'a> {
    lang: Lang,
    context: &'a Context<'a>,
}

impl<'a> Replies<'a> {
    pub(super) fn new(lang: Lang, context: &'a Context<'a>) -> Self {
        Self { lang, context }
    }

    fn pick(&self, es: &str, en: &str) -> String {
        match self.lang {
            Lang::Es => es.to_owned(),
            Lang::En => en.to_owned(),
        }
    }

    /// "viernes 27 de noviembre" / "Friday 27 November".
    pub(super) fn day(&self, date: Date) -> String {
        match self.lang {
            Lang::Es => format!(
                "{} {} de {}",
                weekday_es(date.weekday()),
                date.day(),
                month_es(date.month())
            ),
            Lang::En => format!("{} {} {}", date.weekday(), date.day(), date.month()),
        }
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

    fn service_names(&self, ids: &[String]) -> String {
        let names: Vec<&str> = ids
            .iter()
            .filter_map(|id| self.context.services.iter().find(|s| &s.id == id))
            .map(|service| service.name.as_str())
            .collect();
        self.join(&names)
    }

    pub(super) fn join(&self, items: &[&str]) -> String {
        let and = self.pick(" y ", " and ");
        match items {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
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
        match self.lang {
            Lang::Es => format!(
                "¡Hola! Soy el asistente de reservas de {name}. Puedo darte cita, decirte precios y horarios, o ver y cancelar tus citas. ¿Qué necesitas?"
            ),
            Lang::En => format!(
                "Hi! I'm {name}'s booking assistant. I can book you in, tell you prices and opening hours, or show and cancel your appointments. What do you need?"
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

    pub(super) fn goodbye(&self) -> String {
        self.pick("¡Hasta pronto! 👋", "Goodbye! 👋")
    }

    pub(super) fn human(&self) -> String {
        self.pick(
            "Entendido: aviso al equipo para que una persona siga la conversación aquí mismo en cuanto pueda. Mientras tanto, puedo seguir ayudándote.",
            "Got it: I'll let the team know so a person can pick up this conversation here as soon as possible. Meanwhile, I can keep helping.",
        )
    }

    pub(super) fn reschedule_needs_account(&self) -> String {
        self.pick(
            "Para cambiar una cita, inicia sesión con tu cuenta y vuelve a pedírmelo; o llama al salón.",
            "To move an appointment, sign in to your account and ask me again, or call the salon.",
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
                format_price(service.price_cents)
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
                    format_price(service.price_cents),
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

    /// The hours of the weekday the visitor asked about. Said for the weekday ("los sábados"),
    /// since the hours are weekly and "el sábado" may be any Saturday the visitor has in mind.
    pub(super) fn hours_on(&self, date: Date) -> String {
        let weekday = date.weekday();
        let days = match self.lang {
            Lang::Es => {
                let name = weekday_es(weekday);
                let plural = if name.ends_with('s') {
                    name.to_owned()
                } else {
                    format!("{name}s")
                };
                format!("Los {plural}")
            }
            Lang::En => format!("On {weekday}s"),
        };
        let periods = self.context.business.hours.on(weekday);
        if periods.is_empty() {
            return match self.lang {
                Lang::Es => format!("{days} estamos cerrados."),
                Lang::En => format!("{days} we're closed."),
            };
        }
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
        let spans = self.join(&spans.iter().map(String::as_str).collect::<Vec<_>>());
        match self.lang {
            Lang::Es => format!("{days} abrimos {spans}."),
            Lang::En => format!("{days} we're open {spans}."),
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
                self.join(&spans.iter().map(String::as_str).collect::<Vec<_>>())
            };
            let _ = writeln!(text, "- **{day}**: {times}");
        }
        text
    }

    pub(super) fn ask_services(&self) -> String {
        let names: Vec<&str> = self
            .context
            .services
            .iter()
            .filter(|s| s.active)
            .map(|s| s.name.as_str())
            .collect();
        match self.lang {
            Lang::Es => format!("¿Qué servicio quieres? Tenemos: {}.", self.join(&names)),
            Lang::En => format!(
                "Which service would you like? We offer: {}.",
                self.join(&names)
            ),
        }
    }

    pub(super) fn ask_date(&self, draft: &Draft) -> String {
        let what = self.service_names(&draft.service_ids);
        match self.lang {
            Lang::Es => format!("Perfecto, {what}. ¿Qué día te viene bien?"),
            Lang::En => format!("Great, {what}. Which day suits you?"),
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

    pub(super) fn date_in_past(&self) -> String {
        self.pick(
            "Esa fecha ya ha pasado. ¿Qué otro día te viene bien?",
            "That date has passed. Which other day suits you?",
        )
    }

    pub(super) fn closed_that_day(&self, date: Date) -> String {
        match self.lang {
            Lang::Es => format!(
                "El {} estamos cerrados. ¿Te viene bien otro día?",
                self.day(date)
            ),
            Lang::En => format!(
                "We're closed on {}. Would another day suit you?",
                self.day(date)
            ),
        }
    }

    pub(super) fn day_full(&self, date: Date, other: Option<Date>) -> String {
        match (self.lang, other) {
            (Lang::Es, Some(other)) => format!(
                "El {} no queda ningún hueco para eso. El primer día con hueco es el **{}**. ¿Te viene bien?",
                self.day(date),
                self.day(other)
            ),
            (Lang::Es, None) => format!(
                "El {} no queda ningún hueco para eso, ni en los próximos días. ¿Probamos con otro servicio?",
                self.day(date)
            ),
            (Lang::En, Some(other)) => format!(
                "There's nothing free for that on {}. The first day with free times is **{}**. Does it suit you?",
                self.day(date),
                self.day(other)
            ),
            (Lang::En, None) => format!(
                "There's nothing free for that on {} or in the coming days. Shall we try another service?",
                self.day(date)
            ),
        }
    }

    pub(super) fn time_taken(
        &self,
        minute: DayMinute,
        date: Date,
        offers: &[(String, DayMinute)],
    ) -> String {
        match self.lang {
            Lang::Es => format!(
                "A las {} del {} no hay hueco. Te puedo ofrecer:\n\n{}\n\n¿Cuál prefieres?",
                format_minutes(minute),
                self.day(date),
                self.times(offers)
            ),
            Lang::En => format!(
                "{} on {} is taken. I can offer:\n\n{}\n\nWhich one do you prefer?",
                format_minutes(minute),
                self.day(date),
                self.times(offers)
            ),
        }
    }

    pub(super) fn nothing_then(&self, date: Date, offers: &[(String, DayMinute)]) -> String {
        match self.lang {
            Lang::Es => format!(
                "A esa hora no queda nada el {}, pero hay hueco a estas horas:\n\n{}\n\n¿Cuál prefieres?",
                self.day(date),
                self.times(offers)
            ),
            Lang::En => format!(
                "Nothing is free then on {}, but these times are:\n\n{}\n\nWhich one do you prefer?",
                self.day(date),
                self.times(offers)
            ),
        }
    }

    pub(super) fn offer_times(&self, date: Date, offers: &[(String, DayMinute)]) -> String {
        match self.lang {
            Lang::Es => format!(
                "El {} tengo hueco a estas horas:\n\n{}\n\n¿Cuál prefieres? También puedes decirme otra hora.",
                self.day(date),
                self.times(offers)
            ),
            Lang::En => format!(
                "On {} I have these times:\n\n{}\n\nWhich one do you prefer? You can also name another time.",
                self.day(date),
                self.times(offers)
            ),
        }
    }

    pub(super) fn ask_name(&self) -> String {
        self.pick(
            "¿A nombre de quién hago la reserva?",
            "What name should I book it under?",
        )
    }

    pub(super) fn ask_client_name(&self) -> String {
        self.pick(
            "¿Para qué cliente es la cita? Dime su nombre (y su email o teléfono si lo tienes).",
            "Which client is it for? Tell me their name (and email or phone if you have it).",
        )
    }

    pub(super) fn ask_email(&self) -> String {
        self.pick(
            "¿Y un email para enviarte la confirmación?",
            "And an email for the confirmation?",
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

    pub(super) fn too_far_ahead(&self, last_day: Date) -> String {
        match self.lang {
            Lang::Es => format!(
                "Por ahora solo doy citas hasta el **{}**. ¿Te viene bien un día antes?",
                self.day(last_day)
            ),
            Lang::En => format!(
                "For now I can only book up to **{}**. Would an earlier day suit you?",
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
        let (Some(date), Some((staff_id, start))) = (draft.date, draft.slot.as_ref()) else {
            return self.not_understood();
        };
        let minutes = super::duration(draft, context);
        let price: u32 = super::chosen_services(draft, context)
            .map(|s| s.price_cents)
            .sum();
        let who = match context.caller {
            super::Caller::Cliente { name, .. } => name.clone(),
            _ => draft.client_name.clone().unwrap_or_default(),
        };
        let mut lines = vec![
            format!(
                "- **{}**: {}",
                self.pick("Servicio", "Service"),
                self.service_names(&draft.service_ids)
            ),
            format!("- **{}**: {}", self.pick("Día", "Day"), self.day(date)),
            format!(
                "- **{}**: {}–{}",
                self.pick("Hora", "Time"),
                format_minutes(*start),
                format_minutes(start + minutes)
            ),
            format!(
                "- **{}**: {}",
                self.pick("Con", "With"),
                self.staff_name(staff_id)
            ),
            format!("- **{}**: {}", self.pick("A nombre de", "Name"), who),
        ];
        if let Some(email) = &draft.client_email {
            lines.push(format!("- **Email**: {email}"));
        }
        if let Some(phone) = &draft.client_phone {
            lines.push(format!("- **{}**: {phone}", self.pick("Teléfono", "Phone")));
        }
        lines.push(format!(
            "- **{}**: {}",
            self.pick("Precio", "Price"),
            format_price(price)
        ));
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

    pub(super) fn what_to_change(&self) -> String {
        self.pick(
            "De acuerdo, no la reservo. ¿Qué quieres cambiar: el servicio, el día o la hora?",
            "OK, I won't book it. What would you like to change: the service, the day or the time?",
        )
    }

    pub(super) fn booked(&self, cita: &Cita) -> String {
        let services = self.service_names(&cita.service_ids);
        // The salon decides whether chat bookings start confirmed (its booking rules).
        let (estado, status) = if cita.status == CitaStatus::Confirmada {
            ("confirmada", "confirmed")
        } else {
            (
                "pendiente de confirmar por el salón",
                "pending confirmation by the salon",
            )
        };
        match self.lang {
            Lang::Es => format!(
                "¡Hecho! Tu cita está reservada ✅\n\n- **Servicio**: {services}\n- **Día**: {}\n- **Hora**: {}\n- **Con**: {}\n- **Estado**: {estado}\n\nTe esperamos.",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id)
            ),
            Lang::En => format!(
                "Done! Your appointment is booked ✅\n\n- **Service**: {services}\n- **Day**: {}\n- **Time**: {}\n- **With**: {}\n- **Status**: {status}\n\nSee you then.",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id)
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
                self.service_names(&cita.service_ids)
            ),
            Lang::En => format!(
                "Your appointment is already booked: {}, at {} with {} ({}). No need to confirm it again.",
                self.day(cita.date),
                format_minutes(cita.start_min),
                self.staff_name(&cita.staff_id),
                self.service_names(&cita.service_ids)
            ),
        }
    }

    pub(super) fn cita_line(&self, cita: &Cita) -> String {
        format!(
            "{}, {} — {} ({})",
            self.day(cita.date),
            format_minutes(cita.start_min),
            self.service_names(&cita.service_ids),
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

    pub(super) fn not_cancelled(&self) -> String {
        self.pick(
            "Esa cita ya no se puede cancelar (puede que ya estuviera cancelada o completada).",
            "That appointment can no longer be cancelled (it may already be cancelled or completed).",
        )
    }

    pub(super) fn cancel_needs_account(&self) -> String {
        self.pick(
            "Para cancelar una cita, inicia sesión con tu cuenta y vuelve a pedírmelo; o llama al salón.",
            "To cancel an appointment, sign in to your account and ask me again, or call the salon.",
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
                    self.service_names(&cita.service_ids),
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

fn month_es(month: Month) -> &'static str {
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

pub(super) fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
