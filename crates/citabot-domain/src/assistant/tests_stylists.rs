//! Stylists and true "no" replies (issue 12): a stylist asked for at any step, the work spread
//! when nobody is, and a reply of its own for each reason a wished day or time cannot be had.
//!
//! The salon is the demo's: Lucía does everything but beards, Javier everything but highlights
//! and keratin; closed on Sundays and on Christmas Day; the default booking rules (one hour's
//! notice, 60 days ahead). Now is Friday 2026-11-20, 10:30 in Madrid, as in the transcripts.

use time::macros::date;
use time::{Date, OffsetDateTime};

use super::*;
use crate::booking::availability::{Busy, Slot, one_per_start};
use crate::booking::profile::BusinessProfile;
use crate::booking::rules::{Closure, StaffSchedule, TimeOff};

const TODAY: Date = date!(2026 - 11 - 20);
const NOW: DayMinute = 630;

fn services() -> Vec<Service> {
    [
        ("corte", "Corte de pelo", 45),
        ("tinte", "Tinte", 90),
        ("mechas", "Mechas", 120),
        ("keratina", "Alisado de keratina", 150),
        ("barba", "Arreglo de barba", 15),
        ("manicura", "Manicura", 40),
    ]
    .into_iter()
    .map(|(id, name, duration_min)| Service {
        id: id.into(),
        name: name.into(),
        description: String::new(),
        duration_min,
        price_cents: 2000,
        active: true,
    })
    .collect()
}

fn member(id: &str, name: &str) -> StaffMember {
    StaffMember {
        user_id: id.into(),
        name: name.into(),
    }
}

fn skills(staff_id: &str, services: &[&str]) -> StaffSchedule {
    StaffSchedule {
        service_ids: Some(services.iter().map(|id| (*id).to_owned()).collect()),
        ..StaffSchedule::default_for(staff_id)
    }
}

fn cita(staff_id: &str, date: Date, start: DayMinute, end: DayMinute) -> Cita {
    Cita {
        id: format!("c-{staff_id}-{date}-{start}"),
        staff_id: staff_id.into(),
        client_id: "k-otra".into(),
        date,
        start_min: start,
        end_min: end,
        start_at: OffsetDateTime::UNIX_EPOCH,
        end_at: OffsetDateTime::UNIX_EPOCH,
        status: CitaStatus::Confirmada,
        service_ids: vec!["corte".into()],
        created_at: OffsetDateTime::UNIX_EPOCH,
        chat_session_id: None,
        outside_hours: false,
        revision: 0,
    }
}

/// A conversation against the demo salon; the world stays fixed, the state carries over.
struct Salon {
    business: Business,
    calendar: Calendar,
    services: Vec<Service>,
    staff: Vec<StaffMember>,
    agenda: Vec<Cita>,
    caller: Caller,
    now: (Date, DayMinute),
    state: State,
    profile: BusinessProfile,
    faq: FaqIndex,
}

impl Salon {
    fn new(caller: Caller) -> Self {
        Self {
            business: crate::booking::demo::salon(),
            calendar: Calendar {
                closures: crate::booking::demo::christmas(2026).into_iter().collect(),
                schedules: vec![
                    skills(
                        "lucia",
                        &["corte", "tinte", "mechas", "keratina", "manicura"],
                    ),
                    skills("javier", &["corte", "tinte", "barba", "manicura"]),
                ],
                ..Calendar::default()
            },
            services: services(),
            staff: vec![
                member("javier", "Javier Gómez"),
                member("lucia", "Lucía Martín"),
            ],
            agenda: Vec::new(),
            caller,
            now: (TODAY, NOW),
            state: State::default(),
            profile: BusinessProfile::default(),
            faq: FaqIndex::default(),
        }
    }

    fn guest() -> Self {
        Self::new(Caller::Guest)
    }

    fn cliente() -> Self {
        Self::new(Caller::Cliente {
            user_id: "u-marta".into(),
            name: "Marta Ruiz".into(),
            email: "marta@cliente.example".into(),
            phone: None,
            client_id: Some("k-marta".into()),
        })
    }

    fn at(mut self, date: Date, minute: DayMinute) -> Self {
        self.now = (date, minute);
        self
    }

    fn with(mut self, citas: impl IntoIterator<Item = Cita>) -> Self {
        self.agenda.extend(citas);
        self
    }

    fn off(mut self, staff_id: &str, date: Date) -> Self {
        self.calendar.time_off.push(TimeOff {
            id: format!("off-{staff_id}"),
            staff_id: staff_id.into(),
            from: date,
            to: date,
            reason: "Asuntos propios".into(),
        });
        self
    }

    fn closed(mut self, from: Date, to: Date, reason: &str) -> Self {
        self.calendar.closures.push(Closure {
            id: format!("closure-{from}"),
            from,
            to,
            reason: reason.into(),
        });
        self
    }

    fn context(&self) -> Context<'_> {
        Context {
            business: &self.business,
            calendar: &self.calendar,
            services: &self.services,
            staff: &self.staff,
            caller: &self.caller,
            today: self.now.0,
            now: self.now,
            agenda: &self.agenda,
            holds: &[],
            at: time::OffsetDateTime::UNIX_EPOCH,
            clients: &[],
            sends_mail: false,
            conversation: None,
            profile: &self.profile,
            faq: &self.faq,
        }
    }

    fn say(&mut self, message: &str) -> String {
        let turn = step(self.state.clone(), message, &self.context());
        self.state = turn.state;
        turn.reply
    }

    /// Says `message` and returns the booking the following "sí" would write.
    fn books(&mut self, message: &str) -> Booking {
        let reply = self.say(message);
        assert!(
            reply.contains("¿La confirmo?") || reply.contains("Shall I confirm it?"),
            "{message}: {reply}"
        );
        let turn = step(self.state.clone(), "sí", &self.context());
        match turn.action {
            Some(Action::Book(booking)) => booking,
            other => panic!("{message}: expected a booking, got {other:?}"),
        }
    }

    /// Says a yes at the summary and returns what it books.
    fn confirm(&mut self, yes: &str) -> Booking {
        let turn = step(self.state.clone(), yes, &self.context());
        self.state = turn.state;
        match turn.action {
            Some(Action::Book(booking)) => booking,
            other => panic!(
                "{yes}: expected a booking, got {other:?} and {}",
                turn.reply
            ),
        }
    }

    fn stylist(&self) -> Option<&str> {
        self.state.draft.stylist.as_deref()
    }

    fn offered_staff(&self) -> Vec<&str> {
        self.state
            .draft
            .offered
            .iter()
            .map(|(staff_id, _)| staff_id.as_str())
            .collect()
    }

    fn offered_times(&self) -> Vec<DayMinute> {
        self.state
            .draft
            .offered
            .iter()
            .map(|(_, start)| *start)
            .collect()
    }
}

fn wrong<T: std::fmt::Debug + PartialEq>(cases: &[(&str, T, T)]) -> Vec<String> {
    cases
        .iter()
        .filter(|(_, want, got)| want != got)
        .map(|(said, want, got)| format!("{said:?}: want {want:?}, got {got:?}"))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Asking for a stylist

#[test]
fn a_stylist_asked_for_after_the_service_is_kept_in_the_draft() {
    let cases: Vec<(&str, Option<&str>)> = vec![
        ("con Lucía", Some("lucia")),
        ("con lucia", Some("lucia")),
        ("con Lucía se puede?", Some("lucia")),
        ("prefiero con Javier", Some("javier")),
        ("prefiero a Javier", Some("javier")),
        ("que me lo haga Javier", Some("javier")),
        ("que me atienda Lucía", Some("lucia")),
        ("que sea Lucía", Some("lucia")),
        ("mejor con Javier", Some("javier")),
        ("el viernes con Lucía", Some("lucia")),
        ("with Lucía please", Some("lucia")),
        ("I'd prefer Javier", Some("javier")),
        ("can I see Lucía?", Some("lucia")),
        ("con Luica", Some("lucia")),
        // Not a stylist asked for.
        ("el viernes", None),
        ("me da igual", None),
        ("me da igual la hora", None),
        ("con lavado", None),
        ("para el viernes", None),
    ];
    let results: Vec<(&str, Option<&str>, Option<String>)> = cases
        .into_iter()
        .map(|(said, want)| {
            let mut salon = Salon::guest();
            salon.say("quiero un corte de pelo");
            salon.say(said);
            (said, want, salon.stylist().map(str::to_owned))
        })
        .collect();
    let bad: Vec<String> = results
        .iter()
        .filter(|(_, want, got)| want.map(str::to_owned) != *got)
        .map(|(said, want, got)| format!("{said:?}: want {want:?}, got {got:?}"))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn anyone_clears_the_stylist() {
    for said in [
        "me da igual",
        "cualquiera",
        "quien sea",
        "el que esté libre",
        "no tengo preferencia",
        "anyone",
        "I don't mind",
    ] {
        let mut salon = Salon::guest();
        salon.say("un corte con Lucía el viernes");
        assert_eq!(salon.stylist(), Some("lucia"), "{said}");
        let reply = salon.say(said);
        assert_eq!(salon.stylist(), None, "{said}: {reply}");
        assert!(!reply.contains("Con Lucía"), "{said}: {reply}");
    }
}

#[test]
fn a_client_named_like_a_stylist_asks_for_nobody() {
    // A guest gives her name when asked.
    for said in [
        "Lucía Pérez",
        "Lucía Pérez, 600111222",
        "me llamo Lucía Pérez",
        "soy Javier",
        "Lucía Pérez y mi email lucia@correo.es",
        "a nombre de Lucía Sanz",
    ] {
        let mut salon = Salon::guest();
        let reply = salon.say("un corte el viernes 27 a las 10");
        assert!(reply.contains("¿A nombre de quién"), "{reply}");
        let reply = salon.say(said);
        assert_eq!(salon.stylist(), None, "{said}: {reply}");
        assert!(salon.state.draft.client_name.is_some(), "{said}: {reply}");
        assert!(salon.state.draft.slot.is_some(), "{said}: the time stays");
    }
    // Staff name a client after "para".
    let mut salon = Salon::new(Caller::Staff {
        user_id: "javier".into(),
        name: "Javier Gómez".into(),
    });
    salon.say("un corte el viernes 27 a las 10 para Lucía García");
    assert_eq!(salon.stylist(), None);
    assert_eq!(
        salon.state.draft.client_name.as_deref(),
        Some("Lucía García")
    );
}

#[test]
fn only_the_stylists_times_are_offered_and_said_to_be_theirs() {
    let mut salon = Salon::guest();
    let reply = salon.say("quiero un corte el viernes con Lucía");
    assert!(
        reply.starts_with("Con Lucía tengo libre el viernes 27 de noviembre:"),
        "{reply}"
    );
    assert!(salon.offered_staff().iter().all(|id| *id == "lucia"));
    let booking = {
        let reply = salon.say("la primera");
        assert!(reply.contains("¿A nombre de quién"), "{reply}");
        salon.say("Ana López");
        salon.books("ana@correo.es")
    };
    assert_eq!(booking.staff_id, "lucia");
    let mut salon = Salon::guest();
    let reply = salon.say("a haircut on Friday with Javier please");
    assert!(
        reply.starts_with("With Javier I have these times on Friday 27 November:"),
        "{reply}"
    );
}

#[test]
fn a_change_of_mind_after_an_offer_or_at_the_summary_offers_again() {
    let mut salon = Salon::cliente();
    salon.say("un corte el viernes 27 a las 10");
    assert_eq!(salon.state.step, Step::ConfirmBooking);
    // Nobody else that day: the tie goes by name, Javier first.
    assert!(salon.say("¿cuánto cuesta?").contains("¿La confirmo?"));
    let reply = salon.say("mejor con Lucía, se puede?");
    assert!(reply.contains("- **Con**: Lucía Martín"), "{reply}");
    assert!(reply.contains("10:00–10:45"), "{reply}");
    assert_eq!(salon.state.step, Step::ConfirmBooking);
    let booking = salon.confirm("sí, con Lucía");
    assert_eq!(
        (booking.staff_id.as_str(), booking.start_min),
        ("lucia", 600)
    );

    // After an offer of anyone's times, asking for Javier offers his.
    let mut salon = Salon::cliente().with([cita("javier", date!(2026 - 11 - 27), 570, 1230)]);
    let reply = salon.say("un corte el viernes 27");
    assert!(
        reply.starts_with("El viernes 27 de noviembre tengo hueco"),
        "{reply}"
    );
    let reply = salon.say("con Javier");
    assert!(
        reply.starts_with("Javier no tiene hueco el viernes 27 de noviembre"),
        "{reply}"
    );
}

#[test]
fn the_summary_names_the_stylist() {
    let mut salon = Salon::cliente();
    let reply = salon.say("una manicura el lunes a las 12 con Javier");
    assert!(reply.contains("- **Con**: Javier Gómez"), "{reply}");
    let mut salon = Salon::cliente();
    let reply = salon.say("a manicure on Monday at 12 with Lucía");
    assert!(reply.contains("- **With**: Lucía Martín"), "{reply}");
}

#[test]
fn a_stylist_who_does_not_do_the_service_is_said_so_with_who_does() {
    let cases = [
        (
            "un arreglo de barba el lunes con Lucía",
            "Lucía no hace arreglo de barba; lo hace Javier Gómez.",
            "javier",
        ),
        (
            "mechas el lunes con Javier",
            "Javier no hace mechas; lo hace Lucía Martín.",
            "lucia",
        ),
        (
            "keratina el lunes, que me lo haga Javier",
            "Javier no hace alisado de keratina; lo hace Lucía Martín.",
            "lucia",
        ),
        (
            "a beard trim on Monday with Lucía",
            "Lucía doesn't do Arreglo de barba; Javier Gómez does.",
            "javier",
        ),
    ];
    for (said, told, by) in cases {
        let mut salon = Salon::guest();
        let reply = salon.say(said);
        assert!(reply.starts_with(told), "{said}: {reply}");
        assert_eq!(salon.stylist(), None, "{said}");
        assert!(salon.offered_staff().iter().all(|id| *id == by), "{said}");
        assert!(!salon.offered_staff().is_empty(), "{said}: {reply}");
    }
}

/// At the summary, a stylist who does not do the booking's service is said so, with who does,
/// and the summary stays as it was (time, stylist, services), still waiting for the yes: a time
/// picked from the offers ("la segunda") was dropped until now.
#[test]
fn a_stylist_who_does_not_do_the_service_asked_for_at_the_summary_keeps_it() {
    // (the booking, how its time is chosen, what is asked, what is said, who stays)
    let cases = [
        (
            "un arreglo de barba el lunes",
            "la segunda",
            "mejor con Lucía",
            "Lucía no hace arreglo de barba; lo hace Javier Gómez.",
            "Javier Gómez",
        ),
        (
            "un arreglo de barba el lunes",
            "la primera",
            "con lucia",
            "Lucía no hace arreglo de barba; lo hace Javier Gómez.",
            "Javier Gómez",
        ),
        (
            "arreglo de barba el lunes por la tarde",
            "la tercera",
            "mejor con lucia porfa",
            "Lucía no hace arreglo de barba; lo hace Javier Gómez.",
            "Javier Gómez",
        ),
        (
            "un arreglo de barba el lunes",
            "a las 12",
            "prefiero que me lo haga lucia",
            "Lucía no hace arreglo de barba; lo hace Javier Gómez.",
            "Javier Gómez",
        ),
        (
            "mechas el martes",
            "la segunda",
            "mejor con javier",
            "Javier no hace mechas; lo hace Lucía Martín.",
            "Lucía Martín",
        ),
        (
            "keratina el martes",
            "la primera",
            "q me lo haga javier",
            "Javier no hace alisado de keratina; lo hace Lucía Martín.",
            "Lucía Martín",
        ),
        (
            "a beard trim on Monday",
            "the second",
            "with lucia please",
            "Lucía doesn't do Arreglo de barba; Javier Gómez does.",
            "Javier Gómez",
        ),
    ];
    for (booked, chosen, asked, told, with) in cases {
        let mut salon = Salon::cliente();
        salon.say(booked);
        let summary = salon.say(chosen);
        assert!(
            summary.contains(&format!("**: {with}")),
            "{booked}, {chosen}: {summary}"
        );
        let before = salon.state.clone();
        let reply = salon.say(asked);
        assert!(reply.starts_with(told), "{asked}: {reply}");
        assert!(
            reply.ends_with(&summary),
            "{asked}: the same summary: {reply}"
        );
        assert_eq!(
            salon.state, before,
            "{asked}: nothing of the booking changed"
        );
        let booking = salon.confirm("si");
        assert_eq!(
            Some((booking.staff_id.clone(), booking.start_min)),
            before.draft.slot,
            "{asked}"
        );
    }
    // "sí, con Lucía" is no yes to a summary with Javier: said, and asked again.
    let mut salon = Salon::cliente();
    salon.say("un arreglo de barba el lunes");
    salon.say("la segunda");
    let before = salon.state.clone();
    let turn = step(salon.state.clone(), "sí, con Lucía", &salon.context());
    assert!(turn.action.is_none(), "{}", turn.reply);
    assert!(
        turn.reply.starts_with("Lucía no hace") && turn.reply.contains("¿La confirmo?"),
        "{}",
        turn.reply
    );
    assert_eq!(turn.state, before);
    // "no, con Lucía" neither: said, and the summary stays.
    let turn = step(before.clone(), "no, con lucia", &salon.context());
    assert!(turn.reply.starts_with("Lucía no hace"), "{}", turn.reply);
    assert_eq!(turn.state, before, "{}", turn.reply);
    // A guest asked for her name: told, asked again, and the stylist is no name.
    let mut salon = Salon::guest();
    salon.say("un arreglo de barba el lunes a las 12");
    let reply = salon.say("con Lucía");
    assert!(
        reply.starts_with("Lucía no hace") && reply.contains("¿A nombre de quién"),
        "{reply}"
    );
    assert_eq!(salon.state.draft.client_name, None);
    assert_eq!(salon.state.draft.slot, Some(("javier".into(), 720)));
}

#[test]
fn a_stylist_off_that_day_offers_the_others_and_her_next_day() {
    let monday = date!(2026 - 11 - 23);
    let mut salon = Salon::guest().off("lucia", monday);
    let reply = salon.say("un corte el lunes con Lucía");
    assert!(
        reply.starts_with(
            "Lucía no trabaja el lunes 23 de noviembre. Ese día sí hay hueco con otras personas del equipo:"
        ),
        "{reply}"
    );
    assert!(
        reply.ends_with(
            "¿Te viene bien alguna? Con Lucía, el primer día con hueco es el **martes 24 de noviembre**; si lo prefieres, dime «el martes»."
        ),
        "{reply}"
    );
    assert!(reply.contains("1. **09:30** con Javier Gómez"), "{reply}");
    assert_eq!(salon.state.draft.date, Some(monday));
    // The Tuesday with Lucía.
    let reply = salon.say("el martes");
    assert!(
        reply.starts_with("Con Lucía tengo libre el martes 24 de noviembre:"),
        "{reply}"
    );
    // Or one of Javier's Monday times, by position or by its time.
    let mut salon = Salon::guest().off("lucia", monday);
    salon.say("un corte el lunes con Lucía");
    salon.say("la primera");
    assert_eq!(salon.state.draft.slot, Some(("javier".into(), 570)));
    assert_eq!(salon.stylist(), None);
    let mut salon = Salon::guest().off("lucia", monday);
    salon.say("un corte el lunes con Lucía");
    let offered = salon.offered_times()[1];
    salon.say(&format!(
        "a las {}",
        crate::booking::format_minutes(offered)
    ));
    assert_eq!(salon.state.draft.slot, Some(("javier".into(), offered)));
    // English.
    let mut salon = Salon::guest().off("lucia", monday);
    let reply = salon.say("a haircut on Monday with Lucía");
    assert!(
        reply.starts_with(
            "Lucía doesn't work on Monday 23 November. Others in the team are free that day:"
        ),
        "{reply}"
    );
}

#[test]
fn a_stylist_full_that_day_and_nobody_else_free_moves_to_her_next_day() {
    let monday = date!(2026 - 11 - 23);
    let mut salon = Salon::guest().with([
        cita("lucia", monday, 570, 840),
        cita("lucia", monday, 990, 1230),
        cita("javier", monday, 570, 840),
        cita("javier", monday, 990, 1230),
    ]);
    let reply = salon.say("un tinte el lunes con Lucía");
    assert!(
        reply.starts_with("Lucía no tiene hueco el lunes 23 de noviembre. Ese día no queda hueco con nadie más del equipo. Con Lucía, el primer día con hueco es el **martes 24 de noviembre**:"),
        "{reply}"
    );
    assert_eq!(salon.state.draft.date, Some(date!(2026 - 11 - 24)));
    assert_eq!(salon.stylist(), Some("lucia"));
}

#[test]
fn a_stylist_busy_at_the_time_says_who_is_free_then() {
    let friday = date!(2026 - 11 - 27);
    let mut salon = Salon::cliente().with([cita("lucia", friday, 1020, 1080)]);
    let reply = salon.say("un corte el viernes a las 17:00 con Lucía");
    assert!(
        reply.starts_with("A las 17:00 del viernes 27 de noviembre Lucía no tiene hueco (Javier Gómez sí está libre a esa hora). Con Lucía te puedo ofrecer:"),
        "{reply}"
    );
    assert!(salon.offered_staff().iter().all(|id| *id == "lucia"));
    let booking = salon.books("vale, con Javier");
    assert_eq!(
        (booking.staff_id.as_str(), booking.start_min),
        ("javier", 1020)
    );
}

#[test]
fn moving_a_cita_with_another_stylist() {
    let tuesday = date!(2026 - 11 - 24);
    let mut marta = cita("lucia", tuesday, 600, 645);
    marta.client_id = "k-marta".into();
    marta.id = "c-marta".into();
    let mut salon = Salon::cliente().with([marta]);
    let reply = salon.say("cambia mi cita al jueves a las 12 con Javier");
    assert!(reply.contains("- **Con**: Javier Gómez"), "{reply}");
    assert!(reply.contains("jueves 26 de noviembre"), "{reply}");
}

#[test]
fn a_stylist_who_left_the_team_is_dropped() {
    let mut salon = Salon::guest();
    salon.say("un corte el viernes 27 con Lucía");
    salon.staff.retain(|member| member.user_id != "lucia");
    let reply = salon.say("la primera");
    assert_eq!(salon.stylist(), None, "{reply}");
    let reply = salon.say("un corte el lunes");
    assert!(
        reply.starts_with("El lunes 23 de noviembre tengo hueco"),
        "{reply}"
    );
}

#[test]
fn an_old_saved_state_without_a_stylist_still_loads() {
    let old = r#"{"language":"Es","step":"Booking","draft":{"service_ids":["corte"],"date":[2026,331],"time":null,"slot":null,"offered":[],"client_name":null,"client_email":null,"client_phone":null}}"#;
    let state: State = serde_json::from_str(old).expect("an old state loads");
    assert_eq!(state.draft.stylist, None);
    assert_eq!(state.draft.service_ids, ["corte"]);
    let mut salon = Salon::guest();
    salon.say("un corte con Lucía");
    let saved = serde_json::to_string(&salon.state).expect("saves");
    let back: State = serde_json::from_str(&saved).expect("loads");
    assert_eq!(back.draft.stylist.as_deref(), Some("lucia"));
}

// ---------------------------------------------------------------------------------------------
// Spreading the work

fn slot(staff_id: &str, start: DayMinute) -> Slot {
    Slot {
        staff_id: staff_id.into(),
        start,
        end: start + 30,
    }
}

#[test]
fn each_time_goes_to_the_least_busy_stylist_ties_by_name() {
    let staff = vec![
        member("zoe", "Zoe Abad"),
        member("ana", "Ana Ruiz"),
        member("bea", "Bea Gil"),
    ];
    let slots = [
        slot("zoe", 600),
        slot("ana", 600),
        slot("bea", 600),
        slot("zoe", 630),
        slot("bea", 630),
        slot("zoe", 660),
    ];
    let busy = |ids: &[&'static str]| -> Vec<Busy<'static>> {
        ids.iter()
            .map(|id| Busy {
                staff_id: id,
                start: 900,
                end: 930,
            })
            .collect()
    };
    let pick = |busy: &[Busy<'_>], preferred: Option<&str>| -> Vec<(String, DayMinute)> {
        one_per_start(&slots, &staff, busy, preferred)
            .into_iter()
            .map(|slot| (slot.staff_id, slot.start))
            .collect()
    };
    type Picks = Vec<(String, DayMinute)>;
    let cases: Vec<(&str, Picks, Picks)> = vec![
        (
            "nobody has citas: by name",
            vec![
                ("ana".into(), 600),
                ("bea".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&[], None),
        ),
        (
            "Ana has one: Bea",
            vec![
                ("bea".into(), 600),
                ("bea".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&busy(&["ana"]), None),
        ),
        (
            "Ana and Bea have one: Zoe",
            vec![
                ("zoe".into(), 600),
                ("zoe".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&busy(&["ana", "bea"]), None),
        ),
        (
            "Zoe two, Ana one, Bea one: Ana by name",
            vec![
                ("ana".into(), 600),
                ("bea".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&busy(&["zoe", "zoe", "ana", "bea"]), None),
        ),
        (
            "the preferred stylist when free, busier or not",
            vec![
                ("zoe".into(), 600),
                ("zoe".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&busy(&["zoe", "zoe"]), Some("zoe")),
        ),
        (
            "the preferred stylist not free then: the least busy",
            vec![
                ("ana".into(), 600),
                ("bea".into(), 630),
                ("zoe".into(), 660),
            ],
            pick(&[], Some("nobody")),
        ),
    ];
    let bad = wrong(&cases);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_assistant_spreads_citas_and_staff_still_book_themselves() {
    let monday = date!(2026 - 11 - 23);
    let cases: Vec<(&str, Vec<Cita>, &str)> = vec![
        ("an empty day: Javier by name", vec![], "javier"),
        (
            "Javier has one: Lucía",
            vec![cita("javier", monday, 1100, 1130)],
            "lucia",
        ),
        (
            "Lucía has two, Javier one: Javier",
            vec![
                cita("lucia", monday, 990, 1020),
                cita("lucia", monday, 1100, 1130),
                cita("javier", monday, 1020, 1050),
            ],
            "javier",
        ),
        (
            "one each: Javier by name",
            vec![
                cita("lucia", monday, 990, 1020),
                cita("javier", monday, 1020, 1050),
            ],
            "javier",
        ),
        (
            "the busy one is not free then: the other",
            vec![cita("lucia", monday, 570, 840)],
            "javier",
        ),
    ];
    let results: Vec<(&str, String, String)> = cases
        .into_iter()
        .map(|(case, agenda, want)| {
            let mut salon = Salon::cliente().with(agenda);
            let booking = salon.books("una manicura el lunes a las 10");
            (case, want.to_owned(), booking.staff_id)
        })
        .collect();
    let bad = wrong(&results);
    assert!(bad.is_empty(), "{bad:#?}");
    // Lucía booking for a client takes it herself, though Javier has fewer citas.
    let mut salon = Salon::new(Caller::Staff {
        user_id: "lucia".into(),
        name: "Lucía Martín".into(),
    })
    .with([cita("lucia", monday, 990, 1020)]);
    let booking = salon.books("una manicura el lunes a las 10 para Pedro Sanz");
    assert_eq!(booking.staff_id, "lucia");
    // Offered times carry the stylist chosen for each.
    let mut salon = Salon::guest().with([cita("javier", monday, 1100, 1130)]);
    salon.say("una manicura el lunes");
    assert!(
        salon.offered_staff().iter().all(|id| *id == "lucia"),
        "{:?}",
        salon.offered_staff()
    );
}

// ---------------------------------------------------------------------------------------------
// True "no" replies

/// `(what the visitor says, a part the reply must start with, a part it must contain)`.
fn replies_to(salon: impl Fn() -> Salon, cases: &[(&str, &str, &str)]) {
    let bad: Vec<String> = cases
        .iter()
        .filter_map(|(said, starts, contains)| {
            let mut salon = salon();
            let reply = salon.say(said);
            (!reply.starts_with(starts) || !reply.contains(contains))
                .then(|| format!("{said:?}:\n{reply}"))
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

#[test]
fn closed_weekdays_closures_and_closed_hours_are_said_with_the_real_hours() {
    replies_to(
        Salon::guest,
        &[
            (
                "un corte el domingo",
                "El domingo 22 de noviembre cerramos: los domingos no abrimos. El primer día con hueco es el **lunes 23 de noviembre**:",
                "1. **09:30**",
            ),
            (
                "un tinte pasado mañana a las 10",
                "El domingo 22 de noviembre cerramos: los domingos no abrimos. El primer día con hueco es el **lunes 23 de noviembre**:",
                "**10:00**",
            ),
            (
                "a haircut on Sunday",
                "We're closed on Sunday 22 November: we don't open on Sundays. The first day with free times is **Monday 23 November**:",
                "1. **09:30**",
            ),
            (
                "un corte el 25 de diciembre",
                "El viernes 25 de diciembre cerramos por Navidad. El primer día con hueco es el **sábado 26 de diciembre**:",
                "1. **09:00**",
            ),
            (
                "a haircut on 25 December",
                "We're closed on Friday 25 December (Navidad). The first day with free times is **Saturday 26 December**:",
                "**09:00**",
            ),
            (
                "una manicura mañana por la tarde",
                "El sábado 21 de noviembre por la tarde cerramos; ese día abrimos de 09:00 a 14:00. Tengo libre:",
                "1. **09:00**",
            ),
            (
                "una manicura el sábado después de comer",
                "El sábado 21 de noviembre después de comer cerramos; ese día abrimos de 09:00 a 14:00.",
                "**13:15**",
            ),
            (
                "a manicure tomorrow afternoon",
                "We're closed in the afternoon on Saturday 21 November; that day we're open from 09:00 to 14:00.",
                "1. **09:00**",
            ),
            (
                "un corte el jueves a las 21:00",
                "El jueves 26 de noviembre a las 21:00 estamos cerrados; ese día abrimos de 09:30 a 14:00 y de 16:30 a 20:30. Tengo libre:",
                "4. **19:45**",
            ),
            (
                "un corte mañana a las 9 de la noche",
                "El sábado 21 de noviembre a las 21:00 estamos cerrados; ese día abrimos de 09:00 a 14:00.",
                "**13:15**",
            ),
            (
                "un corte el lunes a las 15:00",
                "El lunes 23 de noviembre a las 15:00 estamos cerrados; ese día abrimos de 09:30 a 14:00 y de 16:30 a 20:30.",
                "**16:30**",
            ),
            (
                "a haircut on Thursday at 9pm",
                "We're closed at 21:00 on Thursday 26 November; that day we're open from 09:30 to 14:00 and from 16:30 to 20:30.",
                "**19:45**",
            ),
        ],
    );
    // A closure of several days, and the first open day after it.
    replies_to(
        || Salon::guest().closed(date!(2026 - 12 - 07), date!(2026 - 12 - 09), "vacaciones"),
        &[(
            "un corte el martes 8 de diciembre",
            "Del 7 al 9 de diciembre cerramos por vacaciones. El primer día con hueco es el **jueves 10 de diciembre**:",
            "1. **09:30**",
        )],
    );
}

#[test]
fn a_full_day_gives_the_next_free_times() {
    let saturday = date!(2026 - 11 - 21);
    let full = || {
        Salon::guest().with([
            cita("lucia", saturday, 540, 840),
            cita("javier", saturday, 540, 840),
        ])
    };
    replies_to(
        full,
        &[
            (
                "un corte mañana",
                "El sábado 21 de noviembre está completo para eso. El primer día con hueco es el **lunes 23 de noviembre**:",
                "1. **09:30**",
            ),
            (
                "un corte mañana a las 10",
                "El sábado 21 de noviembre está completo para eso. El primer día con hueco es el **lunes 23 de noviembre**:",
                "**10:00**",
            ),
            (
                "a haircut tomorrow",
                "Saturday 21 November is fully booked for that. The first day with free times is **Monday 23 November**:",
                "1. **09:30**",
            ),
        ],
    );
    // The draft moves to that day, so a pick books it.
    let mut salon = full();
    salon.say("un corte mañana");
    salon.say("la primera");
    assert_eq!(
        (salon.state.draft.date, salon.state.draft.slot.clone()),
        (Some(date!(2026 - 11 - 23)), Some(("javier".into(), 570)))
    );
}

#[test]
fn the_minimum_notice_and_times_gone_are_said_and_never_offered() {
    replies_to(
        Salon::guest,
        &[
            (
                "un corte hoy a las 11",
                "Reservamos con al menos 1 hora de antelación, así que el viernes 20 de noviembre a las 11:00 ya no puede ser. Tengo libre:",
                "1. **11:30**",
            ),
            (
                "un corte hoy a las 9:30",
                "Las 09:30 de hoy, viernes 20 de noviembre, ya han pasado. Tengo libre:",
                "1. **11:30**",
            ),
            (
                "un corte hoy a las 10:30",
                "Las 10:30 de hoy, viernes 20 de noviembre, ya han pasado.",
                "1. **11:30**",
            ),
            (
                "a haircut today at 11",
                "We book with at least 1 hour's notice, so Friday 20 November at 11:00 is too soon.",
                "1. **11:30**",
            ),
            (
                "a haircut today at 9:30",
                "09:30 today, Friday 20 November, has already passed.",
                "1. **11:30**",
            ),
        ],
    );
    replies_to(
        || Salon::guest().at(TODAY, 900),
        &[
            (
                "un corte hoy por la mañana",
                "Hoy, viernes 20 de noviembre, ya ha pasado esa parte del día (por la mañana). Tengo libre:",
                "1. **16:30**",
            ),
            (
                "un corte hoy a las 13:30",
                "Las 13:30 de hoy, viernes 20 de noviembre, ya han pasado.",
                "1. **16:30**",
            ),
            (
                "un corte hoy a las 15:30",
                "Reservamos con al menos 1 hora de antelación, así que el viernes 20 de noviembre a las 15:30 ya no puede ser.",
                "1. **16:30**",
            ),
        ],
    );
    // Whatever is asked today, nothing before 11:30 is offered.
    for said in [
        "un corte hoy",
        "un corte hoy por la mañana",
        "una barba hoy a las 10:45",
    ] {
        let mut salon = Salon::guest();
        let reply = salon.say(said);
        assert!(
            salon.offered_times().iter().all(|start| *start >= 690),
            "{said}: {reply}"
        );
        for early in ["10:30", "10:45", "11:00", "11:15"] {
            assert!(!reply.contains(&format!("**{early}**")), "{said}: {reply}");
        }
    }
    // Late in the day: the rest of today is inside the notice, or the salon has closed.
    let evening = |minute| move || Salon::guest().at(TODAY, minute);
    replies_to(
        evening(1190),
        &[(
            "una barba hoy",
            "Reservamos con al menos 1 hora de antelación, así que el viernes 20 de noviembre ya no puede ser. El primer día con hueco es el **sábado 21 de noviembre**:",
            "1. **09:00**",
        )],
    );
    replies_to(
        evening(1200),
        &[(
            "un corte hoy",
            "Hoy, viernes 20 de noviembre, ya no da tiempo para eso: cerramos a las 20:30. El primer día con hueco es el **sábado 21 de noviembre**:",
            "1. **09:00**",
        )],
    );
    replies_to(
        evening(1250),
        &[
            (
                "un corte hoy",
                "Hoy, viernes 20 de noviembre, ya hemos cerrado (cerramos a las 20:30). El primer día con hueco es el **sábado 21 de noviembre**:",
                "1. **09:00**",
            ),
            (
                "a haircut today",
                "We've closed for today, Friday 20 November (we close at 20:30). The first day with free times is **Saturday 21 November**:",
                "1. **09:00**",
            ),
        ],
    );
}

#[test]
fn too_far_ahead_past_days_and_what_does_not_fit_before_closing() {
    replies_to(
        Salon::guest,
        &[
            (
                "un corte el 3 de febrero",
                "Se puede reservar hasta el **martes 19 de enero**.",
                "¿Qué día antes de esa fecha te viene bien?",
            ),
            (
                "a haircut on 3 February",
                "Appointments can be booked up to **Tuesday 19 January**.",
                "Which day before then",
            ),
            (
                "un corte ayer",
                "El jueves 19 de noviembre ya ha pasado.",
                "¿Qué otro día te viene bien?",
            ),
            (
                "un corte el lunes a las 20:15",
                "El lunes 23 de noviembre a las 20:15 no da tiempo: son 45 min y a las 20:30 cerramos. Tengo libre:",
                "**19:45**",
            ),
            (
                "una keratina el lunes a última hora",
                "El lunes 23 de noviembre de 19:30 a 20:30 no da tiempo: son 150 min y a las 20:30 cerramos.",
                "**18:00**",
            ),
            (
                "un corte el lunes a las 13:30",
                "El lunes 23 de noviembre a las 13:30 no da tiempo: son 45 min y a las 14:00 cerramos.",
                "**13:15**",
            ),
        ],
    );
}

#[test]
fn relative_days_and_parts_of_the_day_resolve_and_are_said() {
    replies_to(
        Salon::guest,
        &[
            (
                "un corte mañana a las 10",
                "Hay hueco el **sábado 21 de noviembre** a las **10:00** con Javier Gómez.",
                "¿A nombre de quién hago la reserva?",
            ),
            (
                "un corte el jueves que viene a las 12",
                "Hay hueco el **jueves 26 de noviembre** a las **12:00**",
                "¿A nombre de quién",
            ),
            (
                "un corte pasado mañana",
                "El domingo 22 de noviembre cerramos",
                "**lunes 23 de noviembre**",
            ),
            (
                "un corte el lunes a primera hora",
                "El lunes 23 de noviembre tengo hueco a estas horas:",
                "1. **09:30**",
            ),
            (
                "un corte el lunes a última hora",
                "El lunes 23 de noviembre tengo hueco a estas horas:",
                "**19:45**",
            ),
            (
                "a haircut tomorrow at 10",
                "**Saturday 21 November** at **10:00** is free, with Javier Gómez.",
                "What name should I book it under?",
            ),
            (
                "¿tenéis hueco mañana?",
                "¿Qué servicio quieres para el **sábado 21 de noviembre**?",
                "Tenemos: corte de pelo, tinte",
            ),
            (
                "¿abrís el 25 de diciembre?",
                "El **viernes 25 de diciembre** cerramos por Navidad.",
                "",
            ),
            (
                "¿abrís mañana?",
                "El sábado 21 de noviembre abrimos de 09:00 a 14:00, como todos los sábados.",
                "",
            ),
        ],
    );
    // "a primera hora" offers the first hour's times only, "a última hora" the last one's.
    let mut salon = Salon::guest();
    salon.say("un corte el lunes a primera hora");
    assert_eq!(salon.offered_times(), [570, 585, 600, 615]);
    let mut salon = Salon::guest();
    salon.say("un corte el lunes a última hora");
    assert_eq!(salon.offered_times(), [1170, 1185]);
}

#[test]
fn the_notice_is_said_in_hours_and_minutes() {
    let cases = [
        (30, "Reservamos con al menos 30 minutos de antelación"),
        (60, "Reservamos con al menos 1 hora de antelación"),
        (
            90,
            "Reservamos con al menos 1 hora y 30 minutos de antelación",
        ),
        (120, "Reservamos con al menos 2 horas de antelación"),
    ];
    for (notice, told) in cases {
        let mut salon = Salon::guest().at(TODAY, 570);
        salon.calendar.rules.min_notice_min = notice;
        let reply = salon.say("un corte hoy a las 9:45");
        assert!(reply.starts_with(told), "{notice}: {reply}");
    }
}

// ---------------------------------------------------------------------------------------------
// A stylist's own week

/// Lucía works Tuesday to Thursday mornings and Saturdays (her own periods met with the salon's).
fn lucia_part_time(mut salon: Salon) -> Salon {
    use crate::booking::{OpeningPeriod, WeeklyHours};
    let morning = OpeningPeriod {
        open: 600,
        close: 840,
    };
    let week = WeeklyHours::new([
        (time::Weekday::Tuesday, vec![morning]),
        (time::Weekday::Wednesday, vec![morning]),
        (time::Weekday::Thursday, vec![morning]),
        (time::Weekday::Saturday, vec![morning]),
    ])
    .expect("ordered periods");
    for schedule in &mut salon.calendar.schedules {
        if schedule.staff_id == "lucia" {
            schedule.periods = Some(week.clone());
        }
    }
    salon
}

#[test]
fn a_stylist_who_never_works_that_weekday_is_said_with_her_week() {
    let mut salon = lucia_part_time(Salon::guest());
    let reply = salon.say("un corte el lunes con Lucía");
    assert!(
        reply.starts_with(
            "Lucía no trabaja el lunes 23 de noviembre; su horario es de martes a jueves de 10:00 a 14:00 y los sábados de 10:00 a 14:00. Ese día sí hay hueco con otras personas del equipo:"
        ),
        "{reply}"
    );
    let mut salon = lucia_part_time(Salon::guest());
    let reply = salon.say("a haircut on Monday with Lucía");
    assert!(
        reply.starts_with(
            "Lucía doesn't work on Monday 23 November; their days are Tuesday to Thursday from 10:00 to 14:00 and Saturdays from 10:00 to 14:00."
        ),
        "{reply}"
    );
}

#[test]
fn a_stylist_away_for_days_is_said_until_when_without_the_reason() {
    let monday = date!(2026 - 11 - 23);
    let mut salon = Salon::guest();
    salon.calendar.time_off.push(TimeOff {
        id: "off-lucia".into(),
        staff_id: "lucia".into(),
        from: monday,
        to: date!(2026 - 11 - 27),
        reason: "Baja médica".into(),
    });
    let reply = salon.say("un corte el lunes con Lucía");
    assert!(
        reply.starts_with(
            "Lucía no trabaja el lunes 23 de noviembre: está fuera hasta el viernes 27 de noviembre."
        ),
        "{reply}"
    );
    assert!(!reply.contains("médica"), "{reply}");
}

#[test]
fn which_days_a_stylist_works_is_answered_from_her_schedule() {
    let cases = [
        "¿qué días trabaja Lucía?",
        "que dias trabaja lucia",
        "¿Lucía trabaja los lunes?",
        "horario de Lucía?",
        "cual es el horario de lucia",
        "when does Lucía work?",
        "what are Lucia's hours?",
    ];
    let mut wrong = Vec::new();
    for said in cases {
        let salon = lucia_part_time(Salon::guest());
        let turn = step(salon.state.clone(), said, &salon.context());
        let (reply, action) = (turn.reply, turn.action);
        let want_es =
            "Lucía trabaja de martes a jueves de 10:00 a 14:00 y los sábados de 10:00 a 14:00.";
        let want_en = "Lucía works Tuesday to Thursday from 10:00 to 14:00 and Saturdays from 10:00 to 14:00.";
        if action.is_some() || (reply != want_es && reply != want_en) {
            wrong.push(format!("{said:?}: {reply}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // Javier follows the salon's hours.
    let mut salon = Salon::guest();
    let reply = salon.say("¿qué días trabaja Javier?");
    assert_eq!(
        reply,
        "Javier trabaja de lunes a viernes de 09:30 a 14:00 y de 16:30 a 20:30 y los sábados de 09:00 a 14:00."
    );
    // A client called Lucía asking the salon's hours is asked about the salon.
    let mut salon = Salon::guest();
    let reply = salon.say("soy Lucía, ¿qué horario tenéis?");
    assert!(reply.contains("Nuestro horario"), "{reply}");
}
#[test]
fn a_time_outside_a_stylists_own_hours_is_said_as_such() {
    let mut salon = lucia_part_time(Salon::guest());
    let reply = salon.say("un corte el martes a las 18 con Lucía");
    assert!(
        reply.starts_with(
            "A las 18:00 del martes 24 de noviembre Lucía no trabaja: ese día su horario es de 10:00 a 14:00 (Javier Gómez sí está libre a esa hora). Con Lucía te puedo ofrecer:"
        ),
        "{reply}"
    );
    // Inside her hours but taken: as before.
    let tuesday = date!(2026 - 11 - 24);
    let mut salon = lucia_part_time(Salon::guest()).with([cita("lucia", tuesday, 600, 720)]);
    let reply = salon.say("un corte el martes a las 10 con Lucía");
    assert!(
        reply.starts_with("A las 10:00 del martes 24 de noviembre Lucía no tiene hueco"),
        "{reply}"
    );
}

// ---------------------------------------------------------------------------------------------
// A client's cita inside the minimum notice

fn martas(start: DayMinute) -> Cita {
    Cita {
        client_id: "k-marta".into(),
        ..cita("lucia", TODAY, start, start + 30)
    }
}

#[test]
fn a_cita_inside_the_notice_is_neither_cancelled_nor_moved_in_the_chat() {
    let mut salon = Salon::cliente();
    salon.calendar.rules.min_notice_min = 60;
    salon.profile.phone = "+34 910 123 456".into();
    // 11:00 is 30 minutes away: inside the hour's notice.
    let mut salon = salon.with([martas(660)]);
    for (message, lang) in [
        ("quiero cancelar mi cita", "es"),
        ("cambia mi cita al martes", "es"),
        ("I want to cancel my appointment", "en"),
    ] {
        salon.state = State::default();
        let turn = step(salon.state.clone(), message, &salon.context());
        assert!(turn.action.is_none(), "{message}: {}", turn.reply);
        let want = match lang {
            "es" => {
                "empieza en menos de 1 hora: ya no se puede cambiar ni cancelar por aquí. Si lo necesitas, llama al salón al **+34 910 123 456**."
            }
            _ => "is within our 1 hour's notice: it can no longer be moved or cancelled here.",
        };
        assert!(turn.reply.contains(want), "{message}: {}", turn.reply);
        assert_eq!(turn.state.step, Step::Idle, "{message}");
        // A following "sí" does nothing either.
        let after = step(turn.state, "sí", &salon.context());
        assert!(after.action.is_none(), "{message}: {}", after.reply);
    }
    // Outside the notice (12:00, ninety minutes away): asked to confirm, as before.
    let mut salon = Salon::cliente().with([martas(720)]);
    salon.calendar.rules.min_notice_min = 60;
    let reply = salon.say("quiero cancelar mi cita");
    assert!(
        matches!(salon.state.step, Step::ConfirmCancel(_)),
        "{reply}"
    );
    // Picked among several: the one inside the notice is refused.
    let mut salon = Salon::cliente().with([martas(660), {
        let mut later = martas(720);
        later.id = "c-later".into();
        later.date = date!(2026 - 11 - 24);
        later
    }]);
    salon.calendar.rules.min_notice_min = 60;
    salon.say("quiero cancelar una cita");
    let reply = salon.say("la primera");
    assert!(
        reply.contains("ya no se puede cambiar ni cancelar"),
        "{reply}"
    );
    assert_eq!(salon.state.step, Step::Idle);
}
