//! Conversations with the assistant, turn by turn, against a salon with a known agenda.
//! Today is Friday 2026-11-20, 09:00 in Madrid.

use time::macros::date;
use time::{Date, OffsetDateTime, Weekday};

use super::*;
use crate::booking::rules::BookingRules;

const TODAY: Date = date!(2026 - 11 - 20);

fn services() -> Vec<Service> {
    [
        ("corte", "Corte de pelo", 45, 2500),
        ("tinte", "Tinte", 90, 4800),
        ("barba", "Arreglo de barba", 15, 800),
        ("manicura", "Manicura", 40, 2000),
    ]
    .into_iter()
    .map(|(id, name, duration_min, price_cents)| Service {
        id: id.into(),
        name: name.into(),
        description: String::new(),
        duration_min,
        price_cents,
        active: true,
    })
    .collect()
}

fn staff() -> Vec<StaffMember> {
    vec![
        StaffMember {
            user_id: "lucia".into(),
            name: "Lucía Martín".into(),
        },
        StaffMember {
            user_id: "javier".into(),
            name: "Javier Gómez".into(),
        },
    ]
}

pub(super) fn cita(
    id: &str,
    staff_id: &str,
    client_id: &str,
    date: Date,
    start: u16,
    end: u16,
) -> Cita {
    Cita {
        outside_hours: false,
        revision: 0,
        id: id.into(),
        staff_id: staff_id.into(),
        client_id: client_id.into(),
        date,
        start_min: start,
        end_min: end,
        start_at: OffsetDateTime::UNIX_EPOCH,
        end_at: OffsetDateTime::UNIX_EPOCH,
        status: CitaStatus::Pendiente,
        service_ids: vec!["corte".into()],
        created_at: OffsetDateTime::UNIX_EPOCH,
        chat_session_id: None,
    }
}

/// Next Friday (the 27th) both staff members are busy 17:00–18:00.
fn agenda() -> Vec<Cita> {
    vec![
        cita("c-1", "lucia", "k-otra", date!(2026 - 11 - 27), 1020, 1080),
        cita("c-2", "javier", "k-otra", date!(2026 - 11 - 27), 1020, 1080),
        cita("c-3", "lucia", "k-marta", date!(2026 - 11 - 24), 600, 645),
    ]
}

fn clients() -> Vec<Client> {
    vec![
        Client {
            id: "k-marta".into(),
            name: "Marta Ruiz".into(),
            email: Some("marta@cliente.example".into()),
            phone: None,
            user_id: Some("u-marta".into()),
        },
        Client {
            id: "k-otra".into(),
            name: "Otra Persona".into(),
            email: None,
            phone: None,
            user_id: None,
        },
    ]
}

pub(super) fn marta() -> Caller {
    Caller::Cliente {
        user_id: "u-marta".into(),
        name: "Marta Ruiz".into(),
        email: "marta@cliente.example".into(),
        phone: None,
        client_id: Some("k-marta".into()),
    }
}

/// A conversation: the world stays fixed, the state carries over.
pub(super) struct Chat {
    pub(super) business: Business,
    pub(super) services: Vec<Service>,
    pub(super) staff: Vec<StaffMember>,
    pub(super) agenda: Vec<Cita>,
    pub(super) clients: Vec<Client>,
    pub(super) calendar: Calendar,
    pub(super) caller: Caller,
    pub(super) state: State,
    /// Whether the salon sends mail (off unless a test turns it on).
    pub(super) mail: bool,
    pub(super) conversation: Option<String>,
    pub(super) profile: crate::booking::profile::BusinessProfile,
    pub(super) faq: FaqIndex,
    /// Other conversations' holds, and this turn's instant (09:00 in Madrid on `TODAY`).
    pub(super) holds: Vec<SlotHold>,
    pub(super) at: OffsetDateTime,
}

impl Chat {
    pub(super) fn new(caller: Caller) -> Self {
        Self {
            business: crate::booking::demo::salon(),
            services: services(),
            staff: staff(),
            agenda: agenda(),
            clients: clients(),
            // No minimum notice here, so "hoy" offers what the day still has; the rules'
            // own tests are below.
            calendar: Calendar {
                rules: BookingRules {
                    min_notice_min: 0,
                    ..BookingRules::default()
                },
                ..Calendar::default()
            },
            caller,
            state: State::default(),
            mail: false,
            conversation: None,
            profile: crate::booking::profile::BusinessProfile::default(),
            faq: FaqIndex::default(),
            holds: Vec::new(),
            at: time::macros::datetime!(2026-11-20 09:00 +01:00),
        }
    }

    pub(super) fn context(&self) -> Context<'_> {
        Context {
            business: &self.business,
            calendar: &self.calendar,
            services: &self.services,
            staff: &self.staff,
            caller: &self.caller,
            today: TODAY,
            now: (TODAY, 540),
            agenda: &self.agenda,
            holds: &self.holds,
            at: self.at,
            clients: &self.clients,
            sends_mail: self.mail,
            conversation: self.conversation.as_deref(),
            profile: &self.profile,
            faq: &self.faq,
        }
    }

    /// Sends a message; returns the reply and any action.
    pub(super) fn say(&mut self, message: &str) -> (String, Option<Action>) {
        let turn = step(self.state.clone(), message, &self.context());
        self.state = turn.state;
        (turn.reply, turn.action)
    }

    fn settle(&mut self, action: &Action, outcome: &Outcome) -> String {
        let turn = settle(self.state.clone(), action, outcome, &self.context());
        self.state = turn.state;
        turn.reply
    }
}

fn booking(action: Option<Action>) -> Booking {
    match action {
        Some(Action::Book(booking)) => booking,
        other => panic!("expected a booking, got {other:?}"),
    }
}

#[test]
fn a_guest_books_step_by_step() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("hola");
    assert!(reply.contains("Peluquería Lucía"), "{reply}");
    let (reply, _) = chat.say("quiero reservar un corte de pelo");
    assert!(reply.contains("¿Qué día"), "{reply}");
    let (reply, _) = chat.say("el viernes");
    assert!(reply.contains("viernes 27 de noviembre"), "{reply}");
    assert!(
        reply.contains("**09:30**"),
        "the first time of the day: {reply}"
    );
    let (reply, _) = chat.say("a las 10");
    assert!(reply.contains("¿A nombre de quién"), "{reply}");
    let (reply, _) = chat.say("Ana López");
    assert!(reply.contains("email"), "{reply}");
    let (reply, action) = chat.say("ana@ejemplo.es");
    assert!(action.is_none());
    for part in [
        "Corte de pelo",
        "viernes 27 de noviembre",
        "10:00–10:45",
        "Ana López",
        "25,00 €",
        "¿La confirmo?",
    ] {
        assert!(reply.contains(part), "{part} in {reply}");
    }
    let (reply, action) = chat.say("sí, confírmala");
    assert!(
        reply.is_empty(),
        "nothing is claimed before the write: {reply}"
    );
    let booking = booking(action);
    assert_eq!(
        booking,
        Booking {
            client: ClientRef::New {
                name: "Ana López".into(),
                email: Some("ana@ejemplo.es".into()),
                phone: None,
                user_id: None,
            },
            // One cita each that day: the tie goes by name, Javier before Lucía.
            staff_id: "javier".into(),
            date: date!(2026 - 11 - 27),
            start_min: 600,
            end_min: 645,
            service_ids: vec!["corte".into()],
        }
    );
    let written = cita("new", "lucia", "k-ana", date!(2026 - 11 - 27), 600, 645);
    let reply = chat.settle(&Action::Book(booking), &Outcome::Booked(written));
    assert!(
        reply.contains("¡Hecho!") && reply.contains("te confirmará la cita"),
        "{reply}"
    );
    assert_eq!(chat.state.step, Step::Idle);
}

#[test]
fn a_cliente_says_everything_at_once_and_is_never_asked_who_she_is() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("quiero corte de pelo y tinte el lunes 30 a las 5 de la tarde");
    assert!(reply.contains("Corte de pelo y tinte"), "{reply}");
    assert!(reply.contains("17:00–19:15"), "durations add up: {reply}");
    assert!(
        reply.contains("Marta Ruiz") && reply.contains("73,00 €"),
        "{reply}"
    );
    let booking = booking(chat.say("sí, resérvala").1);
    assert_eq!(booking.client, ClientRef::Existing("k-marta".into()));
    assert_eq!(booking.service_ids, ["corte", "tinte"]);
    assert_eq!((booking.start_min, booking.end_min), (1020, 1155));
}

#[test]
fn a_taken_time_gets_the_nearest_free_ones_and_a_pick_by_position() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("un corte de pelo el viernes 27 a las 17:00");
    assert!(reply.contains("no hay hueco"), "{reply}");
    assert!(
        !reply.contains("**17:00**"),
        "never offers a taken time: {reply}"
    );
    let offered = chat.state.draft.offered.clone();
    assert!(!offered.is_empty() && offered.len() <= MAX_OFFERS);
    assert!(
        offered
            .iter()
            .all(|(_, start)| *start + 45 <= 1020 || *start >= 1080)
    );
    let (reply, _) = chat.say("la segunda");
    assert!(reply.contains("¿La confirmo?"), "{reply}");
    assert_eq!(chat.state.draft.slot, Some(offered[1].clone()));
}

#[test]
fn the_visitor_may_change_their_mind_before_confirming() {
    let mut chat = Chat::new(marta());
    chat.say("una manicura el martes 24 a las 12");
    assert_eq!(chat.state.step, Step::ConfirmBooking);
    let (reply, _) = chat.say("mejor el sábado a las 10");
    assert!(
        reply.contains("sábado 21 de noviembre") || reply.contains("sábado 28"),
        "{reply}"
    );
    assert!(reply.contains("¿La confirmo?"), "{reply}");
    let booking = booking(chat.say("sí").1);
    assert_eq!(booking.start_min, 600);
    assert_eq!(booking.date.weekday(), Weekday::Saturday);
    assert_eq!(booking.service_ids, ["manicura"]);
}

#[test]
fn no_to_the_summary_writes_nothing_and_asks_what_to_change() {
    let mut chat = Chat::new(marta());
    chat.say("corte de pelo el martes 24 a las 12");
    let (reply, action) = chat.say("no");
    assert!(action.is_none());
    assert!(reply.contains("no la reservo"), "{reply}");
}

#[test]
fn closed_days_and_past_dates_are_said_so() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("corte de pelo el domingo");
    assert!(reply.contains("los domingos no abrimos"), "{reply}");
    assert_eq!(
        chat.state.draft.date,
        Some(date!(2026 - 11 - 23)),
        "the first day with times offered instead"
    );
}

#[test]
fn a_slot_taken_meanwhile_is_never_claimed_as_booked() {
    let mut chat = Chat::new(marta());
    chat.say("corte de pelo el martes 24 a las 12");
    let (_, action) = chat.say("sí");
    let action = action.expect("a booking");
    let reply = chat.settle(&action, &Outcome::SlotTaken);
    assert!(reply.contains("otra persona acaba de coger"), "{reply}");
    assert!(!reply.contains("¡Hecho!"), "{reply}");
    let reply = chat.settle(&action, &Outcome::Failed);
    assert!(reply.contains("No se ha reservado"), "{reply}");
}

#[test]
fn a_cliente_lists_and_cancels_her_cita() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("¿qué citas tengo?");
    assert!(reply.contains("martes 24 de noviembre, 10:00"), "{reply}");
    let (reply, _) = chat.say("quiero cancelar mi cita");
    assert!(reply.contains("¿Cancelo esta cita?"), "{reply}");
    let (reply, action) = chat.say("sí");
    assert!(reply.is_empty());
    let action = action.expect("a cancellation");
    assert_eq!(
        action,
        Action::Cancel {
            cita_id: "c-3".into()
        }
    );
    let reply = chat.settle(&action, &Outcome::Cancelled);
    assert!(reply.contains("Cita cancelada"), "{reply}");
}

#[test]
fn guests_cannot_see_or_cancel_citas() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, action) = chat.say("cancelar mi cita");
    assert!(action.is_none());
    assert!(reply.contains("inicia sesión"), "{reply}");
    let (reply, _) = chat.say("qué citas tengo");
    assert!(reply.contains("inicia sesión"), "{reply}");
}

#[test]
fn staff_read_their_agenda_and_book_for_a_named_client() {
    let lucia = Caller::Staff {
        user_id: "lucia".into(),
        name: "Lucía Martín".into(),
    };
    let mut chat = Chat::new(lucia);
    let (reply, _) = chat.say("¿qué citas tengo el viernes 27?");
    assert!(
        reply.contains("17:00–18:00") && reply.contains("Otra Persona"),
        "{reply}"
    );
    assert!(!reply.contains("Marta"), "only her own agenda: {reply}");

    let (reply, _) = chat.say("reserva un arreglo de barba el lunes 23 a las 11");
    assert!(reply.contains("¿Para qué cliente"), "{reply}");
    let (reply, _) = chat.say("a nombre de Pedro Sanz, pedro@ejemplo.es");
    assert!(
        reply.contains("Pedro Sanz") && reply.contains("¿La confirmo?"),
        "{reply}"
    );
    let booking = booking(chat.say("sí").1);
    assert_eq!(
        booking.client,
        ClientRef::New {
            name: "Pedro Sanz".into(),
            email: Some("pedro@ejemplo.es".into()),
            phone: None,
            user_id: None
        }
    );
}

#[test]
fn prices_and_hours_are_answered_from_the_business() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("¿qué servicios tenéis y cuánto cuestan?");
    assert!(reply.contains("| Tinte | 90 min | 48,00 € |"), "{reply}");
    let (reply, _) = chat.say("¿a qué hora abrís?");
    assert!(
        reply.contains("**Lunes**: 09:30–14:00 y 16:30–20:30"),
        "{reply}"
    );
    assert!(reply.contains("**Domingo**: cerrado"), "{reply}");
}

#[test]
fn english_visitors_get_english() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("Hi, I'd like to book a manicura tomorrow at 10am");
    assert!(reply.contains("What name"), "{reply}");
    assert_eq!(chat.state.language, Lang::En);
}

#[test]
fn the_state_survives_a_restart_as_json() {
    let mut chat = Chat::new(marta());
    chat.say("corte de pelo el martes 24 a las 12");
    let saved = serde_json::to_string(&chat.state).expect("serialises");
    let restored: State = serde_json::from_str(&saved).expect("deserialises");
    assert_eq!(restored, chat.state);
    chat.state = restored;
    assert!(matches!(chat.say("sí").1, Some(Action::Book(_))));
}

/// B5's transcript suite: 120 conversations, each a cliente asking for a service in one of ten
/// ways of naming the day and twelve ways of naming the time, confirming, and getting exactly
/// the cita she asked for (the salon is empty those days, so every asked time is free).
#[test]
fn one_hundred_twenty_conversations_book_exactly_what_was_asked() {
    // Today is Friday 2026-11-20.
    let days: [(&str, Date); 10] = [
        ("mañana", date!(2026 - 11 - 21)),
        ("el lunes", date!(2026 - 11 - 23)),
        ("el martes 24", date!(2026 - 11 - 24)),
        ("el 25 de noviembre", date!(2026 - 11 - 25)),
        ("el 26/11", date!(2026 - 11 - 26)),
        ("dentro de 5 días", date!(2026 - 11 - 25)),
        ("el próximo jueves", date!(2026 - 11 - 26)),
        ("el sábado 28", date!(2026 - 11 - 28)),
        ("pasado mañana", date!(2026 - 11 - 22)),
        ("el 1 de diciembre", date!(2026 - 12 - 01)),
    ];
    let times: [(&str, u16); 12] = [
        ("a las 10", 600),
        ("a las 10:30", 630),
        ("a las 11 y cuarto", 675),
        ("a las 12", 720),
        ("a las 9 y media", 570),
        ("a las 13:00", 780),
        ("a las 12 y media", 750),
        ("a las 11 menos cuarto", 645),
        ("a las 10h", 600),
        ("a las 12.15", 735),
        ("a mediodía", 720),
        ("a las 11:45", 705),
    ];
    let mut conversations = 0;
    for (said_day, day) in days {
        for (said_time, minute) in times {
            let mut chat = Chat::new(marta());
            chat.agenda.clear();
            let message = format!("quiero una manicura {said_day} {said_time}");
            let (reply, _) = chat.say(&message);
            // Sundays (pasado mañana) are closed: the assistant says so and offers Monday.
            if day.weekday() == Weekday::Sunday {
                assert!(
                    reply.contains("los domingos no abrimos"),
                    "{message}: {reply}"
                );
                continue;
            }
            // Saturday opens 09:00–14:00: every asked time plus 40 minutes still fits.
            assert!(reply.contains("¿La confirmo?"), "{message}: {reply}");
            let booking = booking(chat.say("sí, confirmo").1);
            assert_eq!(
                (booking.date, booking.start_min, booking.end_min),
                (day, minute, minute + 40),
                "{message}"
            );
            assert_eq!(booking.service_ids, ["manicura"], "{message}");
            assert_eq!(booking.client, ClientRef::Existing("k-marta".into()));
            conversations += 1;
        }
    }
    assert_eq!(
        conversations, 108,
        "every open day's conversation ended in its booking"
    );
}

#[test]
fn a_cliente_moves_her_cita_to_another_free_time() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("quiero cambiar mi cita del martes al jueves 26 a las 12");
    assert!(reply.contains("Te cambio la cita a esto"), "{reply}");
    assert!(
        reply.contains("jueves 26 de noviembre") && reply.contains("12:00–12:45"),
        "{reply}"
    );
    let (reply, action) = chat.say("sí");
    assert!(reply.is_empty());
    let action = action.expect("a move");
    let Action::Move { cita_id, to } = &action else {
        panic!("expected a move, got {action:?}");
    };
    assert_eq!(cita_id, "c-3");
    assert_eq!(
        (to.date, to.start_min, to.end_min),
        (date!(2026 - 11 - 26), 720, 765)
    );
    assert_eq!(to.service_ids, ["corte"], "the services stay");
    let moved = cita("c-3", &to.staff_id, "k-marta", to.date, 720, 765);
    let reply = chat.settle(&action, &Outcome::Moved(moved));
    assert!(
        reply.contains("ahora es el **jueves 26 de noviembre** a las **12:00**"),
        "{reply}"
    );

    // Asked without a new time, it asks; a guest is sent to sign in.
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("¿puedo cambiar mi cita?");
    assert!(
        reply.contains("¿A qué día y hora quieres cambiar esta cita?"),
        "{reply}"
    );
    let mut guest = Chat::new(Caller::Guest);
    let (reply, _) = guest.say("quiero cambiar mi cita");
    assert!(reply.contains("inicia sesión"), "{reply}");
}

// Fixes found by the transcript suite (crates/citabot-server/tests/api/transcripts).

#[test]
fn a_pick_by_position_or_a_yes_is_never_taken_for_a_name() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("quiero un corte de pelo el lunes");
    let (reply, _) = chat.say("la segunda");
    assert!(reply.contains("¿A nombre de quién"), "{reply}");
    assert_eq!(chat.state.draft.client_name, None);
    let (reply, _) = chat.say("Nuria Sáez");
    assert!(reply.contains("email"), "{reply}");
    assert_eq!(chat.state.draft.client_name.as_deref(), Some("Nuria Sáez"));

    let mut staff = Chat::new(Caller::Staff {
        user_id: "javier".into(),
        name: "Javier Gómez".into(),
    });
    staff.say("reserva una manicura el lunes 23 a las 12");
    let (reply, action) = staff.say("sí");
    assert!(action.is_none());
    assert!(reply.contains("¿Para qué cliente"), "{reply}");
    assert_eq!(staff.state.draft.client_name, None);
}

#[test]
fn staff_name_the_client_after_para() {
    let mut staff = Chat::new(Caller::Staff {
        user_id: "javier".into(),
        name: "Javier Gómez".into(),
    });
    let (reply, _) =
        staff.say("corte de pelo el jueves a las 10 para Teresa Blanco, teléfono 655 443 322");
    assert!(
        reply.contains("Teresa Blanco") && reply.contains("+34 655 443 322"),
        "{reply}"
    );
}

#[test]
fn no_with_a_new_day_at_the_summary_changes_the_day() {
    let mut chat = Chat::new(marta());
    chat.say("una manicura el jueves a las 12");
    let (reply, action) = chat.say("no, mejor el viernes 27 a las 12");
    assert!(action.is_none());
    assert!(
        reply.contains("viernes 27 de noviembre") && reply.contains("¿La confirmo?"),
        "{reply}"
    );
}

#[test]
fn an_invalid_email_or_phone_is_said_so() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("un arreglo de barba el lunes a las 12");
    chat.say("Diego Pardo");
    let (reply, _) = chat.say("diego@ejemplo");
    assert!(
        reply.contains("«diego@ejemplo» no parece un email válido"),
        "{reply}"
    );
    assert_eq!(chat.state.draft.client_email, None);
    let (reply, _) = chat.say("diego@ejemplo.es, mi teléfono es 61234");
    assert!(
        reply.contains("«61234» no parece un teléfono válido"),
        "{reply}"
    );
    assert_eq!(
        chat.state.draft.client_email.as_deref(),
        Some("diego@ejemplo.es"),
        "the valid part is kept"
    );
    let (reply, _) = chat.say("612 345 679");
    assert!(reply.contains("- **Teléfono**: +34 612 345 679"), "{reply}");
}

#[test]
fn past_and_too_distant_dates_are_refused() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("quiero un tinte el 10 de noviembre a las 10");
    assert!(reply.contains("ya ha pasado"), "{reply}");
    let (reply, _) = chat.say("el 15 de marzo");
    assert!(
        reply.contains("Se puede reservar hasta el **martes 19 de enero**"),
        "{reply}"
    );
    assert_eq!(chat.state.draft.date, None);
}

#[test]
fn services_said_to_be_added_join_the_others() {
    let mut chat = Chat::new(marta());
    chat.say("corte de pelo el lunes a las 10");
    let (reply, _) = chat.say("añade también un tinte");
    assert!(reply.contains("Corte de pelo y tinte"), "{reply}");
    assert_eq!(chat.state.draft.service_ids, ["corte", "tinte"]);
    let (reply, _) = chat.say("mejor solo una manicura");
    assert_eq!(chat.state.draft.service_ids, ["manicura"], "{reply}");
}

#[test]
fn english_visitors_name_services_in_english() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("I'd like a haircut and a beard trim on Monday at 12");
    assert!(
        reply.contains("Corte de pelo and Arreglo de barba"),
        "{reply}"
    );
}

#[test]
fn a_move_to_another_time_the_same_day_keeps_the_stylist() {
    let mut chat = Chat::new(marta());
    // Her cita (c-3) is Tuesday 24 at 10:00; with Javier, who comes second in the staff list.
    chat.agenda[2].staff_id = "javier".into();
    let (reply, _) = chat.say("quiero mover mi cita del martes a las 10:30");
    assert!(
        reply.contains("martes 24 de noviembre") && reply.contains("10:30–11:15"),
        "{reply}"
    );
    assert!(reply.contains("Javier Gómez"), "{reply}");
    let (reply, action) = chat.say("no");
    assert!(action.is_none());
    assert!(
        reply.contains("no la cambio") && reply.contains("martes 24 de noviembre, 10:00"),
        "{reply}"
    );
    assert_eq!(chat.state.step, Step::Idle);
}

#[test]
fn a_price_or_the_hours_of_one_day_are_answered_alone() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("cuanto cuesta el tinte");
    assert_eq!(reply, "- **Tinte**: 48,00 € (90 min)\n\n¿Quieres reservar?");
    let (reply, _) = chat.say("¿a qué hora abrís el sábado?");
    assert_eq!(
        reply,
        "El sábado 21 de noviembre abrimos de 09:00 a 14:00, como todos los sábados."
    );
    let (reply, _) = chat.say("¿abrís el domingo?");
    assert!(
        reply.contains("El domingo 22 de noviembre cerramos, como todos los domingos."),
        "{reply}"
    );
}

#[test]
fn a_question_in_the_middle_of_a_booking_is_answered_and_the_booking_goes_on() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("un arreglo de barba el lunes a las 12");
    let (reply, _) = chat.say("¿cuánto cuesta?");
    assert_eq!(
        reply,
        "- **Arreglo de barba**: 8,00 € (15 min)\n\n¿A nombre de quién hago la reserva? Y un email o teléfono de contacto, por si el salón necesita avisarte."
    );
    let (reply, _) = chat.say("¿cuánto cuesta el tinte?");
    assert!(reply.starts_with("- **Tinte**: 48,00 €"), "{reply}");
    assert_eq!(
        chat.state.draft.service_ids,
        ["barba"],
        "a question changes nothing"
    );
    let (reply, _) = chat.say("¿a qué hora cerráis el lunes?");
    assert!(
        reply.contains("El lunes 23 de noviembre abrimos de 09:30 a 14:00 y de 16:30 a 20:30")
            && reply.contains("¿A nombre de quién hago la reserva?"),
        "{reply}"
    );
}

#[test]
fn staff_are_sent_to_the_dashboard_to_cancel_or_move_and_book_themselves_first() {
    let javier = || Caller::Staff {
        user_id: "javier".into(),
        name: "Javier Gómez".into(),
    };
    let mut chat = Chat::new(javier());
    for message in [
        "cancela la cita de Otra Persona",
        "cambia la cita del viernes",
    ] {
        let (reply, action) = chat.say(message);
        assert!(action.is_none());
        assert!(reply.contains("/dashboard"), "{reply}");
        assert!(!reply.contains("inicia sesión"), "{reply}");
    }
    let mut chat = Chat::new(javier());
    // Lucía comes first in the staff list and is free too.
    let (reply, _) = chat.say("una manicura el lunes 23 a las 12 para Pedro Sanz");
    assert!(reply.contains("- **Con**: Javier Gómez"), "{reply}");
}

#[test]
fn english_cita_lines_give_the_status_in_english() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("show my appointments");
    assert!(
        reply.contains(
            "Tuesday 24 November, 10:00 with Lucía Martín — Corte de pelo, €25.00 (pending)"
        ),
        "{reply}"
    );
}

#[test]
fn a_part_of_the_day_when_closed_is_said_so() {
    let mut chat = Chat::new(marta());
    // Saturday closes at 14:00.
    let (reply, _) = chat.say("una manicura mañana por la tarde");
    assert!(
        reply.starts_with(
            "El sábado 21 de noviembre por la tarde cerramos; ese día abrimos de 09:00 a 14:00."
        ),
        "{reply}"
    );
    assert!(reply.contains("1. **09:00**"), "{reply}");
}

#[test]
fn a_name_given_with_a_greeting_is_not_asked_for_again() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("hola, me llamo Inés Soto");
    assert!(reply.contains("Peluquería Lucía"), "{reply}");
    let (reply, _) = chat.say("quiero un corte de pelo el viernes 27 a las 12");
    assert!(reply.contains("email"), "{reply}");
    let (reply, _) = chat.say("ines.soto@ejemplo.es");
    assert!(
        reply.contains("- **A nombre de**: Inés Soto") && reply.contains("¿La confirmo?"),
        "{reply}"
    );
}

/// Issue 12: every everyday yes at the summary books; every "no, espera" books nothing.
#[test]
fn everyday_yeses_at_the_summary_book_and_waits_do_not() {
    for yes in [
        "si porfa",
        "sí, porfa",
        "sip",
        "vale",
        "venga",
        "dale",
        "perfecto",
        "ok",
        "sii",
        "si xfa",
        "adelante",
        "claro que sí",
        "yes please",
    ] {
        let mut chat = Chat::new(marta());
        chat.say("una manicura el martes 24 a las 12");
        assert_eq!(chat.state.step, Step::ConfirmBooking, "{yes:?}");
        let booking = booking(chat.say(yes).1);
        assert_eq!(booking.start_min, 720, "{yes:?}");
        assert_eq!(booking.service_ids, ["manicura"], "{yes:?}");
    }
    for wait in [
        "mejor no",
        "espera",
        "un momento",
        "todavía no",
        "no, espera",
    ] {
        let mut chat = Chat::new(marta());
        chat.say("una manicura el martes 24 a las 12");
        let (reply, action) = chat.say(wait);
        assert!(action.is_none(), "{wait:?}");
        assert!(reply.contains("no la reservo"), "{wait:?}: {reply}");
    }
}

/// Issue 12: "olvídalo", "déjalo", "ya no" drop the booking in progress and say so, at any step;
/// nothing is booked by a later "sí".
#[test]
fn dropping_a_booking_says_so_and_books_nothing() {
    for drop in [
        "olvídalo",
        "déjalo",
        "ya no",
        "olvídalo, déjalo",
        "no, olvídalo",
        "ya no hace falta",
    ] {
        // At the summary.
        let mut chat = Chat::new(marta());
        chat.say("una manicura el martes 24 a las 12");
        let (reply, action) = chat.say(drop);
        assert!(action.is_none(), "{drop:?}");
        assert!(reply.contains("no he reservado nada"), "{drop:?}: {reply}");
        assert_eq!(chat.state.step, Step::Idle, "{drop:?}");
        assert_eq!(chat.state.draft, Draft::default(), "{drop:?}");
        let (_, action) = chat.say("sí");
        assert!(action.is_none(), "a yes after {drop:?} booked");

        // A guest at the name question.
        let mut chat = Chat::new(Caller::Guest);
        chat.say("corte de pelo el martes 24 a las 12");
        let (reply, _) = chat.say(drop);
        assert!(reply.contains("no he reservado nada"), "{drop:?}: {reply}");
        assert_eq!(chat.state.draft.client_name, None, "{drop:?} became a name");
    }
    // A cancellation being confirmed is kept.
    let mut chat = Chat::new(marta());
    chat.say("cancelar mi cita");
    let (reply, action) = chat.say("olvídalo");
    assert!(action.is_none());
    assert!(reply.contains("la mantengo"), "{reply}");
    // Nothing in progress: said plainly, nothing invented.
    let mut chat = Chat::new(Caller::Guest);
    let (reply, action) = chat.say("olvídalo");
    assert!(action.is_none());
    assert!(!reply.contains("no te he entendido"), "{reply}");
}

/// Issue 12: "a media mañana" is 10:00–12:00, never tomorrow, never the afternoon.
#[test]
fn mid_morning_offers_mid_morning_times_on_the_day_said() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("una manicura el lunes a media mañana");
    assert!(reply.contains("lunes 23"), "{reply}");
    for offered in &chat.state.draft.offered {
        assert!(
            (600..720).contains(&offered.1),
            "offered {offered:?}: {reply}"
        );
    }
    assert!(!chat.state.draft.offered.is_empty(), "{reply}");
}

/// Issue 12: "Lucía Pérez, 600111222" answers the name question once; commands and greetings
/// at that question never become the name.
#[test]
fn a_name_with_contact_details_is_taken_once_and_commands_never_are() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("corte de pelo el martes 24 a las 12");
    let (reply, _) = chat.say("Lucía Pérez, 600111222");
    assert_eq!(chat.state.draft.client_name.as_deref(), Some("Lucía Pérez"));
    assert_eq!(
        chat.state.draft.client_phone.as_deref(),
        Some("+34600111222")
    );
    assert!(!reply.contains("nombre de quién"), "{reply}");
    for not_a_name in [
        "hola",
        "la segunda",
        "vale",
        "espera",
        "me da igual",
        "mañana",
    ] {
        let mut chat = Chat::new(Caller::Guest);
        chat.say("corte de pelo el martes 24 a las 12");
        chat.say(not_a_name);
        assert_eq!(
            chat.state.draft.client_name, None,
            "{not_a_name:?} became a name"
        );
    }
}

/// Issue 12: "ayer" and "el lunes pasado" are told they have passed; "31 de febrero" is told it
/// does not exist; the service said with them is kept.
#[test]
fn past_and_impossible_dates_are_said_so_and_the_service_kept() {
    for past in ["un corte ayer", "un corte el lunes pasado"] {
        let mut chat = Chat::new(marta());
        let (reply, action) = chat.say(past);
        assert!(action.is_none());
        assert!(reply.contains("ya ha pasado"), "{past:?}: {reply}");
        assert_eq!(chat.state.draft.service_ids, ["corte"], "{past:?}");
    }
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("un corte el 31 de febrero");
    assert!(reply.contains("31 de febrero no existe"), "{reply}");
    assert_eq!(chat.state.draft.service_ids, ["corte"]);
    assert_eq!(chat.state.draft.date, None);
    let (reply, _) = chat.say("el 3 de diciembre a las 10");
    assert!(reply.contains("jueves 3 de diciembre"), "{reply}");
}

/// Issue 12: "cuánto tarda" is a question about the service, answered with its duration; it
/// starts no booking.
#[test]
fn how_long_a_service_takes_is_answered() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, action) = chat.say("cuánto tarda el tinte");
    assert!(action.is_none());
    assert!(reply.contains("90 min"), "{reply}");
    assert_eq!(chat.state.step, Step::Idle, "{reply}");
}

/// Issue 12: "sí, pero a las 18:30" at the summary changes the time and asks again; it never
/// books the time it was changing.
#[test]
fn a_yes_with_a_change_at_the_summary_changes_and_asks_again() {
    let mut chat = Chat::new(marta());
    chat.say("una manicura el martes 24 a las 12");
    assert_eq!(chat.state.step, Step::ConfirmBooking);
    let (reply, action) = chat.say("sí, pero a las 18:30");
    assert!(action.is_none(), "booked before the change: {reply}");
    assert!(reply.contains("18:30"), "{reply}");
    assert!(reply.contains("¿La confirmo?"), "{reply}");
    let changed = booking(chat.say("sí").1);
    assert_eq!(changed.start_min, 18 * 60 + 30);
    assert_eq!(changed.service_ids, ["manicura"]);

    let mut chat = Chat::new(marta());
    chat.say("una manicura el martes 24 a las 12");
    let (_, action) = chat.say("vale, pero mejor el miércoles");
    assert!(action.is_none());
    let moved = booking(chat.say("sí").1);
    assert_eq!(moved.date, date!(2026 - 11 - 25));
}

#[test]
fn a_yes_repeating_the_chosen_day_or_service_still_books() {
    let mut chat = Chat::new(marta());
    chat.say("una manicura el martes 24 a las 12");
    let chosen = booking(chat.say("sí, la manicura del martes 24").1);
    assert_eq!(chosen.start_min, 720);
}

/// Issue 12, promises kept: without mail being sent, a guest is asked for "un email o teléfono
/// de contacto" (either will do) and nothing promises a confirmation by email.
#[test]
fn without_mail_a_guest_is_asked_for_any_contact_and_promised_nothing() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("quiero un corte de pelo el lunes 23 a las 10");
    let (reply, _) = chat.say("Ana López");
    assert!(reply.contains("email o teléfono de contacto"), "{reply}");
    assert!(
        !reply.contains("confirmación"),
        "promises no email: {reply}"
    );
    let (reply, _) = chat.say("600111222");
    assert!(
        reply.contains("¿La confirmo?") && reply.contains("+34 600 111 222"),
        "a phone is enough: {reply}"
    );
    let booked = booking(chat.say("sí").1);
    assert!(matches!(booked.client, ClientRef::New { email: None, .. }));

    let mut english = Chat::new(Caller::Guest);
    english.say("I'd like a haircut on Monday 23 at 10am");
    let (reply, _) = english.say("Ann Lopez");
    assert!(reply.contains("email or phone"), "{reply}");
    assert!(!reply.contains("confirmation"), "{reply}");
}

/// Once the salon sends mail, the email question says what it is for, and that a phone is
/// enough (issue 22: a guest who would rather not give an email still books).
#[test]
fn with_mail_the_email_is_asked_for_the_confirmation() {
    let mut chat = Chat::new(Caller::Guest);
    chat.mail = true;
    chat.say("quiero un corte de pelo el lunes 23 a las 10");
    let (reply, _) = chat.say("Ana López");
    assert!(
        reply.contains("email para enviarte la confirmación") && reply.contains("teléfono basta"),
        "{reply}"
    );
    let (reply, _) = chat.say("600111222");
    assert!(
        reply.contains("¿La confirmo?"),
        "a phone is enough: {reply}"
    );

    let mut chat = Chat::new(Caller::Guest);
    chat.mail = true;
    chat.say("quiero un corte de pelo el lunes 23 a las 10");
    chat.say("Ana López");
    let (reply, _) = chat.say("ana@ejemplo.es");
    assert!(reply.contains("¿La confirmo?"), "{reply}");
}

/// Staff booking for a client are told what was booked for whom, not welcomed as the client.
#[test]
fn staff_are_answered_as_staff_when_a_cita_is_booked() {
    let mut chat = Chat::new(Caller::Staff {
        user_id: "lucia".into(),
        name: "Lucía Martín".into(),
    });
    chat.say("reserva un corte de pelo el martes 24 a las 12 para Gonzalo Ruiz");
    let (_, action) = chat.say("sí");
    let booked = booking(action);
    let cita = Cita {
        service_ids: booked.service_ids.clone(),
        ..cita(
            "c-new",
            &booked.staff_id,
            "k-gonzalo",
            booked.date,
            booked.start_min,
            booked.end_min,
        )
    };
    chat.clients.push(Client {
        id: "k-gonzalo".into(),
        name: "Gonzalo Ruiz".into(),
        email: None,
        phone: None,
        user_id: None,
    });
    let reply = chat.settle(&Action::Book(booked), &Outcome::Booked(cita));
    assert!(
        reply.contains("Cita reservada para Gonzalo Ruiz")
            && reply.contains("martes 24 de noviembre a las 12:00 con Lucía Martín"),
        "{reply}"
    );
    for client_words in ["Tu cita", "Te esperamos"] {
        assert!(!reply.contains(client_words), "{client_words}: {reply}");
    }
}

/// A signed-in cliente is greeted by her first name.
#[test]
fn a_cliente_is_greeted_by_her_first_name() {
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("hola");
    assert!(reply.starts_with("¡Hola, Marta!"), "{reply}");
    let mut guest = Chat::new(Caller::Guest);
    let (reply, _) = guest.say("hola");
    assert!(reply.starts_with("¡Hola!"), "{reply}");
}

/// Issue 12, managing citas in the chat: a guest cancels or moves the cita booked earlier in the
/// same conversation (and only that one); with none booked here, the reply says how instead.
#[test]
fn a_guest_manages_the_cita_booked_in_this_conversation() {
    let mut chat = Chat::new(Caller::Guest);
    chat.conversation = Some("chat-1".into());
    let (reply, _) = chat.say("quiero cancelar mi cita");
    assert!(
        reply.contains("llama al salón"),
        "none booked here: {reply}"
    );

    let mut here = cita(
        "c-here",
        "javier",
        "k-nueva",
        date!(2026 - 11 - 23),
        600,
        645,
    );
    here.chat_session_id = Some("chat-1".into());
    let mut elsewhere = cita(
        "c-elsewhere",
        "lucia",
        "k-nueva",
        date!(2026 - 11 - 25),
        600,
        645,
    );
    elsewhere.chat_session_id = Some("chat-2".into());
    chat.agenda.extend([here, elsewhere]);

    let (reply, _) = chat.say("quiero cancelar mi cita");
    assert!(
        reply.contains("¿Cancelo esta cita?") && reply.contains("lunes 23 de noviembre"),
        "{reply}"
    );
    assert!(!reply.contains("miércoles 25"), "only this chat's: {reply}");
    let (_, action) = chat.say("sí");
    assert_eq!(
        action,
        Some(Action::Cancel {
            cita_id: "c-here".into()
        })
    );

    let mut moving = Chat::new(Caller::Guest);
    moving.conversation = Some("chat-1".into());
    moving.agenda = chat.agenda.clone();
    let (reply, _) = moving.say("¿puedo cambiarla al martes a las 12?");
    assert!(
        reply.contains("Te cambio la cita") && reply.contains("martes 24 de noviembre"),
        "{reply}"
    );
    let (_, action) = moving.say("vale");
    assert!(
        matches!(action, Some(Action::Move { ref cita_id, ref to }) if cita_id == "c-here" && to.start_min == 720),
        "{action:?}"
    );
}
/// Questions about the salon (issue 12).
mod facts;
mod goals;

/// "en vez de" replaces the service named after it and keeps the rest (issue 12's trial: it
/// was added instead).
#[test]
fn en_vez_de_replaces_a_service() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("quiero un corte de pelo el lunes 23 a las 10");
    chat.say("no, mejor que sea tinte en vez de corte");
    assert_eq!(chat.state.draft.service_ids, ["tinte"]);
    chat.say("y también manicura");
    chat.say("en lugar de la manicura, arreglo de barba");
    assert_eq!(chat.state.draft.service_ids, ["tinte", "barba"]);
}

/// After a booking, "perfecto, gracias" is thanked; a bare second "sí" hears that it is booked.
#[test]
fn thanks_after_a_booking_are_thanked() {
    let mut chat = Chat::new(marta());
    chat.say("un corte de pelo el lunes 23 a las 10");
    let booked = booking(chat.say("sí").1);
    let mut cita = cita(
        "c-new",
        &booked.staff_id,
        "k-marta",
        booked.date,
        booked.start_min,
        booked.end_min,
    );
    cita.service_ids.clone_from(&booked.service_ids);
    chat.agenda.push(cita.clone());
    chat.settle(&Action::Book(booked), &Outcome::Booked(cita));
    let (reply, action) = chat.say("perfecto gracias");
    assert!(
        reply.starts_with("¡De nada!") && action.is_none(),
        "{reply}"
    );
    let (reply, action) = chat.say("sí");
    assert!(
        reply.contains("ya está reservada") && action.is_none(),
        "{reply}"
    );
}

/// Another conversation's hold on `staff` at `start`–`end` of `date`, alive until `until`.
fn hold(
    conversation: &str,
    staff: &str,
    date: Date,
    (start, end): (u16, u16),
    until: OffsetDateTime,
) -> SlotHold {
    SlotHold {
        conversation: conversation.into(),
        staff_id: staff.into(),
        date,
        start_min: start,
        end_min: end,
        expires_at: until,
    }
}

#[test]
fn a_time_another_visitor_holds_is_offered_to_nobody_else_until_it_expires() {
    let friday = date!(2026 - 11 - 27);
    let alive = time::macros::datetime!(2026-11-20 09:05 +01:00);
    let mut chat = Chat::new(Caller::Guest);
    chat.conversation = Some("chat-mine".into());
    // Both stylists' 10:00 is held by other visitors: 10:00 is not free for anyone.
    chat.holds = vec![
        hold("chat-a", "lucia", friday, (600, 645), alive),
        hold("chat-b", "javier", friday, (585, 630), alive),
    ];
    let (reply, _) = chat.say("un corte de pelo el viernes 27 a las 10");
    assert!(
        !reply.contains("**10:00**"),
        "a held time is never offered: {reply}"
    );
    assert!(
        chat.state.draft.slot.is_none(),
        "nothing was picked: {reply}"
    );

    // The same holds, expired: 10:00 is free again.
    let expired = time::macros::datetime!(2026-11-20 08:59 +01:00);
    let mut chat = Chat::new(Caller::Guest);
    chat.holds = vec![
        hold("chat-a", "lucia", friday, (600, 645), expired),
        hold("chat-b", "javier", friday, (585, 630), expired),
    ];
    chat.say("un corte de pelo el viernes 27 a las 10");
    assert_eq!(chat.state.draft.slot.as_ref().map(|slot| slot.1), Some(600));
}

#[test]
fn a_conversation_is_never_kept_from_the_time_it_holds_itself() {
    let friday = date!(2026 - 11 - 27);
    let alive = time::macros::datetime!(2026-11-20 09:05 +01:00);
    let mut chat = Chat::new(Caller::Guest);
    chat.conversation = Some("chat-mine".into());
    chat.holds = vec![
        hold("chat-mine", "lucia", friday, (600, 645), alive),
        hold("chat-mine", "javier", friday, (600, 645), alive),
    ];
    chat.say("un corte de pelo el viernes 27 a las 10");
    assert_eq!(chat.state.draft.slot.as_ref().map(|slot| slot.1), Some(600));
}

#[test]
fn the_picked_time_is_held_for_the_salons_hold_time_and_never_stretched() {
    let mut chat = Chat::new(Caller::Guest);
    chat.conversation = Some("chat-mine".into());
    assert_eq!(held_slot(&chat.state, &chat.context(), None), None);
    chat.say("un corte de pelo el viernes 27 a las 10");
    let held = held_slot(&chat.state, &chat.context(), None).expect("the picked time is held");
    assert_eq!(held.conversation, "chat-mine");
    assert_eq!(
        (held.date, held.start_min, held.end_min),
        (date!(2026 - 11 - 27), 600, 645)
    );
    assert_eq!(held.expires_at, chat.at + time::Duration::minutes(10));

    // Five minutes later, giving a name: the same slot keeps its first expiry.
    chat.at += time::Duration::minutes(5);
    chat.say("Ana Gil");
    let again = held_slot(&chat.state, &chat.context(), Some(&held)).expect("still held");
    assert_eq!(again.expires_at, held.expires_at);

    // Another time is a new hold, for the salon's hold time (a setting) from now.
    chat.calendar.rules.hold_min = 3;
    chat.say("mejor a las 11");
    let moved = held_slot(&chat.state, &chat.context(), Some(&held)).expect("the new time is held");
    assert_eq!(moved.start_min, 660);
    assert_eq!(moved.expires_at, chat.at + time::Duration::minutes(3));

    // Dropping the booking releases it.
    chat.say("olvídalo");
    assert_eq!(held_slot(&chat.state, &chat.context(), Some(&moved)), None);
}

#[test]
fn a_written_booking_holds_nothing_any_more() {
    let mut chat = Chat::new(marta());
    chat.conversation = Some("chat-marta".into());
    chat.say("una manicura el martes 24 a las 12");
    assert!(held_slot(&chat.state, &chat.context(), None).is_some());
    let turn = step(chat.state.clone(), "sí", &chat.context());
    let action = turn.action.clone().expect("a booking");
    let Action::Book(booking) = &action else {
        panic!("{action:?}")
    };
    let cita = cita(
        "c-new",
        &booking.staff_id,
        "k-marta",
        booking.date,
        booking.start_min,
        booking.end_min,
    );
    let settled = settle(turn.state, &action, &Outcome::Booked(cita), &chat.context());
    assert_eq!(held_slot(&settled.state, &chat.context(), None), None);
}

/// Spanish writes common nouns in lower case: a service's name inside a sentence starts in
/// lower case ("¿Qué día…? Perfecto, corte de pelo"), unless its first word is an acronym
/// ("IPL facial"); a name that opens a line or a field keeps its capital, and English replies
/// keep the names as the salon wrote them.
#[test]
fn service_names_are_lower_case_in_the_middle_of_a_sentence() {
    let ipl = Service {
        id: "ipl".into(),
        name: "IPL facial".into(),
        description: String::new(),
        duration_min: 30,
        price_cents: 6000,
        active: true,
    };
    /// Who, what is said in turn, what the last reply says, what it never says.
    type Case = (
        Caller,
        &'static [&'static str],
        &'static [&'static str],
        &'static [&'static str],
    );
    let cases: &[Case] = &[
        (
            Caller::Guest,
            &["quiero un corte de pelo"],
            &["Perfecto, corte de pelo. ¿Qué día te viene bien?"],
            &["Corte"],
        ),
        (
            Caller::Guest,
            &["quiero corte de pelo y tinte"],
            &["Perfecto, corte de pelo y tinte."],
            &["Tinte"],
        ),
        (
            Caller::Guest,
            &["quiero reservar"],
            &["Tenemos: corte de pelo, tinte, arreglo de barba, manicura y IPL facial."],
            &["Corte", "Manicura"],
        ),
        (
            Caller::Guest,
            &["¿tenéis hueco el lunes?"],
            &["Tenemos: corte de pelo, tinte"],
            &["Tinte"],
        ),
        (
            Caller::Guest,
            &["quiero ipl facial"],
            &["Perfecto, IPL facial."],
            &["ipl facial"],
        ),
        (
            marta(),
            &["corte de pelo y tinte el lunes 30 a las 17"],
            &["- **Servicio**: Corte de pelo y tinte\n"],
            &["y Tinte"],
        ),
        (
            marta(),
            &["qué citas tengo"],
            &[
                "martes 24 de noviembre, 10:00 con Lucía Martín — corte de pelo, 25,00 € (pendiente)",
            ],
            &["Corte"],
        ),
        (
            marta(),
            &["quiero cancelar mi cita"],
            &[
                "- martes 24 de noviembre, 10:00 con Lucía Martín — corte de pelo, 25,00 € (pendiente)",
            ],
            &["Corte"],
        ),
        (
            Caller::Staff {
                user_id: "lucia".into(),
                name: "Lucía Martín".into(),
            },
            &["qué citas tengo el martes 24"],
            &["Marta Ruiz — corte de pelo (pendiente)"],
            &["Corte"],
        ),
        // Names opening a line keep their capital.
        (
            Caller::Guest,
            &["cuánto cuesta el tinte y la manicura"],
            &["- **Tinte**: 48,00 €", "- **Manicura**: 20,00 €"],
            &[],
        ),
        (
            Caller::Guest,
            &["qué servicios tenéis"],
            &["| Corte de pelo | 45 min |", "| IPL facial | 30 min |"],
            &[],
        ),
        // English keeps the salon's names.
        (
            Caller::Guest,
            &["I'd like a haircut and a dye"],
            &["Great, Corte de pelo and Tinte."],
            &[],
        ),
        (
            marta(),
            &["a haircut and a dye on Monday 30 at 5pm"],
            &["- **Service**: Corte de pelo and Tinte\n"],
            &[],
        ),
        (
            marta(),
            &["what appointments do I have"],
            &["Tuesday 24 November, 10:00 with Lucía Martín — Corte de pelo, €25.00 (pending)"],
            &[],
        ),
    ];
    for (caller, said, parts, never) in cases {
        let mut chat = Chat::new(caller.clone());
        chat.services.push(ipl.clone());
        let mut reply = String::new();
        for message in *said {
            reply = chat.say(message).0;
        }
        for part in *parts {
            assert!(reply.contains(part), "{said:?}: {part:?} in {reply}");
        }
        for part in *never {
            assert!(!reply.contains(part), "{said:?}: {part:?} in {reply}");
        }
    }
}

/// After the write: the booked reply's field keeps its capital, the rest of the names and the
/// sentences for staff and for a repeated yes are in lower case.
#[test]
fn service_names_after_the_booking_are_lower_case_in_a_sentence() {
    let mut chat = Chat::new(marta());
    chat.say("corte de pelo y tinte el lunes 30 a las 17");
    let booked = booking(chat.say("sí").1);
    let mut written = cita(
        "c-new",
        &booked.staff_id,
        "k-marta",
        booked.date,
        booked.start_min,
        booked.end_min,
    );
    written.service_ids.clone_from(&booked.service_ids);
    let reply = chat.settle(&Action::Book(booked), &Outcome::Booked(written.clone()));
    assert!(
        reply.contains("- **Servicio**: Corte de pelo y tinte\n"),
        "{reply}"
    );
    chat.agenda.push(written.clone());
    let (reply, _) = chat.say("sí");
    assert!(reply.contains("(corte de pelo y tinte)"), "{reply}");

    let mut staff = Chat::new(Caller::Staff {
        user_id: "lucia".into(),
        name: "Lucía Martín".into(),
    });
    staff.clients.push(Client {
        id: "k-gonzalo".into(),
        name: "Gonzalo Ruiz".into(),
        email: None,
        phone: None,
        user_id: None,
    });
    staff.say("reserva un arreglo de barba el martes 24 a las 12 para Gonzalo Ruiz");
    let booked = booking(staff.say("sí").1);
    let mut written = cita(
        "c-gonzalo",
        &booked.staff_id,
        "k-gonzalo",
        booked.date,
        booked.start_min,
        booked.end_min,
    );
    written.service_ids.clone_from(&booked.service_ids);
    let reply = staff.settle(&Action::Book(booked), &Outcome::Booked(written));
    assert!(reply.contains("(arreglo de barba)."), "{reply}");
}

/// "cancela eso" at the summary drops the proposal; right after a booking, with nothing
/// proposed, it cancels the cita just booked (asked first).
#[test]
fn cancel_that_drops_a_proposal_or_cancels_the_cita_just_booked() {
    for said in ["cancela eso", "no, cancela eso", "cancel it"] {
        let mut chat = Chat::new(marta());
        chat.say("una manicura el lunes 23 a las 12");
        let (reply, action) = chat.say(said);
        assert!(action.is_none(), "{said}: {reply}");
        assert!(
            reply.contains("no la reservo") || reply.contains("I won't book it"),
            "{said}: {reply}"
        );

        let mut chat = Chat::new(marta());
        chat.agenda.clear();
        chat.say("una manicura el lunes 23 a las 12");
        let booked = booking(chat.say("sí").1);
        let mut written = cita(
            "c-new",
            &booked.staff_id,
            "k-marta",
            booked.date,
            booked.start_min,
            booked.end_min,
        );
        written.service_ids.clone_from(&booked.service_ids);
        chat.settle(&Action::Book(booked), &Outcome::Booked(written.clone()));
        chat.agenda.push(written);
        let (reply, action) = chat.say(said);
        assert!(action.is_none(), "{said}: {reply}");
        assert!(
            reply.contains("¿Cancelo esta cita?") || reply.contains("Shall I cancel"),
            "{said}: {reply}"
        );
        let (_, action) = chat.say("sí");
        assert_eq!(
            action,
            Some(Action::Cancel {
                cita_id: "c-new".into()
            }),
            "{said}"
        );
    }
}

/// Issue 22: "sorry, something came up, can you cancel that booking?" right after booking is
/// the cancellation of that cita, asked to be confirmed, never "I don't know".
#[test]
fn an_english_guest_cancels_what_she_just_booked() {
    let mut chat = Chat::new(Caller::Guest);
    chat.conversation = Some("chat-en".into());
    chat.say("I'd like a haircut on Monday 23 at 10am");
    chat.say("Ann Lopez");
    chat.say("ann@example.com");
    let booked = booking(chat.say("yes").1);
    let mut cita = cita(
        "c-ann",
        &booked.staff_id,
        "k-ann",
        booked.date,
        booked.start_min,
        booked.end_min,
    );
    cita.service_ids.clone_from(&booked.service_ids);
    cita.chat_session_id = Some("chat-en".into());
    chat.agenda.push(cita.clone());
    chat.settle(&Action::Book(booked), &Outcome::Booked(cita));
    let (reply, action) = chat.say("sorry, something came up, can you cancel that booking?");
    assert!(!reply.contains("I don't know"), "{reply}");
    assert!(
        reply.contains("Monday 23 November") && action.is_none(),
        "the cita is named and asked about: {reply}"
    );
    let (_, action) = chat.say("yes");
    assert_eq!(
        action,
        Some(Action::Cancel {
            cita_id: "c-ann".into()
        })
    );
}

#[test]
fn a_date_that_cannot_be_is_said_back_even_alone() {
    let mut chat = Chat::new(Caller::Guest);
    let (reply, _) = chat.say("cita para el 31 de noviembre");
    assert!(
        reply.starts_with("El 31 de noviembre no existe."),
        "{reply}"
    );
}

#[test]
fn a_british_fringe_trim_at_half_4_is_a_cut_at_half_past() {
    let mut chat = Chat::new(Caller::Guest);
    chat.say("book me in for a fringe trim on monday at half 4");
    assert_eq!(chat.state.draft.service_ids, ["corte"]);
    assert_eq!(
        chat.state.draft.slot.as_ref().map(|(_, start)| *start),
        Some(16 * 60 + 30)
    );
}

#[test]
fn the_yes_to_would_you_like_to_book_books_what_was_priced() {
    // A yes to the invitation under the prices.
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("¿cuánto cuesta un tinte?");
    assert!(reply.ends_with("¿Quieres reservar?"), "{reply}");
    let (reply, _) = chat.say("sí");
    assert!(
        reply.contains("tinte") && reply.contains("¿Qué día"),
        "{reply}"
    );

    // A day and time said without the service, even as a condition.
    let mut chat = Chat::new(marta());
    chat.say("¿cuánto cuesta un tinte?");
    let (reply, _) = chat.say("si merece la pena pido para el sábado a las 10");
    assert!(!reply.contains("¿Qué servicio"), "{reply}");
    assert!(
        reply.contains("Tinte") && reply.contains("10:00"),
        "{reply}"
    );

    // English too.
    let mut chat = Chat::new(marta());
    let (reply, _) = chat.say("how much is a colour?");
    assert!(reply.ends_with("Would you like to book?"), "{reply}");
    let (reply, _) = chat.say("yes please");
    assert!(
        reply.contains("Tinte") && reply.contains("Which day"),
        "{reply}"
    );

    // A no, or anything else, is read as it stands; the offer lasts one turn.
    let mut chat = Chat::new(marta());
    chat.say("¿cuánto cuesta un tinte?");
    let (reply, _) = chat.say("no, gracias");
    assert!(!reply.contains("¿Qué día"), "{reply}");
    let (reply, _) = chat.say("sí");
    assert!(!reply.contains("tinte"), "{reply}");
}
