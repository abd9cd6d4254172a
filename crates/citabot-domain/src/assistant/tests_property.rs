//! The assistant's safety property (issue 12): for random conversations over a random salon
//! (hours, closures, stylists' schedules, skills and time off, notice and horizon, an agenda),
//! nothing is ever written outside the hours, schedules and skills, over another cita, or
//! without the visitor saying yes to a summary of exactly that booking.

use proptest::prelude::*;
use time::macros::date;
use time::{Date, Duration, OffsetDateTime, Weekday};

use super::*;
use crate::booking::profile::BusinessProfile;
use crate::booking::rules::{BookingRules, Closure, Proposed, StaffSchedule, TimeOff};
use crate::booking::{OpeningPeriod, WeeklyHours};
use crate::understanding::intents;

/// A Friday.
const TODAY: Date = date!(2026 - 11 - 20);

/// What visitors say, mixed at random: services, days, times, stylists, contact details,
/// picks, yeses, noes and changes of mind.
const SAYINGS: &[&str] = &[
    "quiero un corte de pelo",
    "un tinte",
    "manicura y corte de pelo",
    "arreglo de barba",
    "en vez de corte, tinte",
    "también manicura",
    "hoy",
    "mañana",
    "pasado mañana",
    "el lunes",
    "el sábado",
    "el domingo",
    "mejor el jueves",
    "el 25 de diciembre",
    "el 31 de febrero",
    "ayer",
    "a las 10",
    "a las 17:30",
    "a las 9 de la noche",
    "por la tarde",
    "a primera hora",
    "a media mañana",
    "con Lucía",
    "prefiero con Javier",
    "con Ana",
    "me da igual",
    "la primera",
    "la segunda",
    "Ana López",
    "Lucía Pérez, 600111222",
    "ana@ejemplo.es",
    "sí",
    "si porfa",
    "vale",
    "no",
    "espera",
    "sí, pero a las 18:30",
    "sí, ¿aceptáis tarjeta?",
    "vale y donde estais",
    "no, ¿abrís el sábado?",
    "olvídalo",
    "empezar de nuevo",
    "hola",
    "¿cuánto cuesta?",
    "quiero cancelar mi cita",
    "cámbiala al martes a las 12",
];

const SERVICES: [(&str, &str, u16); 4] = [
    ("corte", "Corte de pelo", 45),
    ("tinte", "Tinte", 90),
    ("barba", "Arreglo de barba", 15),
    ("manicura", "Manicura", 40),
];

const STAFF: [(&str, &str); 3] = [
    ("lucia", "Lucía Martín"),
    ("javier", "Javier Gómez"),
    ("ana", "Ana Ruiz"),
];

#[derive(Debug, Clone)]
struct Salon {
    business: Business,
    calendar: Calendar,
    agenda: Vec<Cita>,
    now_min: DayMinute,
}

fn periods() -> impl Strategy<Value = Vec<OpeningPeriod>> {
    // Closed, one period, or two with a break; on quarter hours.
    prop_oneof![
        Just(Vec::new()),
        (28u16..56, 4u16..40).prop_map(|(open, long)| vec![OpeningPeriod {
            open: open * 15,
            close: (open + long).min(95) * 15,
        }]),
        (28u16..44, 4u16..16, 1u16..8, 4u16..20).prop_map(|(open, first, pause, second)| {
            let close = open + first;
            let reopen = close + pause;
            vec![
                OpeningPeriod {
                    open: open * 15,
                    close: close * 15,
                },
                OpeningPeriod {
                    open: reopen * 15,
                    close: (reopen + second).min(95) * 15,
                },
            ]
        }),
    ]
}

fn weekly() -> impl Strategy<Value = WeeklyHours> {
    proptest::collection::vec(periods(), 7).prop_map(|days| {
        let weekdays = [
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
            Weekday::Saturday,
            Weekday::Sunday,
        ];
        WeeklyHours::new(weekdays.into_iter().zip(days)).expect("generated hours are valid")
    })
}

fn day_range() -> impl Strategy<Value = (Date, Date)> {
    (0i64..20, 0i64..4).prop_map(|(start, long)| {
        let from = TODAY + Duration::days(start);
        (from, from + Duration::days(long))
    })
}

fn schedule(index: usize) -> impl Strategy<Value = StaffSchedule> {
    (
        prop::option::of(weekly()),
        prop::option::of(proptest::sample::subsequence(vec![0usize, 1, 2, 3], 0..=4)),
        prop::bool::weighted(0.85),
    )
        .prop_map(move |(periods, skills, bookable)| StaffSchedule {
            staff_id: STAFF[index].0.to_owned(),
            periods,
            service_ids: skills.map(|skills| {
                skills
                    .into_iter()
                    .map(|skill| SERVICES[skill].0.to_owned())
                    .collect()
            }),
            bookable,
        })
}

fn salon() -> impl Strategy<Value = Salon> {
    (
        weekly(),
        prop::sample::select(vec![10u16, 15, 20, 30]),
        prop::sample::select(vec![0u32, 30, 60, 180, 1440]),
        prop::sample::select(vec![1u16, 7, 30, 60]),
        proptest::collection::vec(day_range(), 0..3),
        (schedule(0), schedule(1), schedule(2)),
        proptest::collection::vec((0usize..3, day_range()), 0..3),
        proptest::collection::vec((0usize..3, 0i64..10, 32u16..80, 0usize..4), 0..6),
        32u16..84,
    )
        .prop_map(
            |(hours, step, notice, horizon, closures, schedules, off, citas, now)| {
                let business = Business::new("Salón Azar", "Europe/Madrid", hours, step)
                    .expect("a valid business");
                let calendar = Calendar {
                    rules: BookingRules {
                        min_notice_min: notice,
                        horizon_days: horizon,
                        ..BookingRules::default()
                    },
                    closures: closures
                        .into_iter()
                        .enumerate()
                        .map(|(i, (from, to))| Closure {
                            id: format!("closure-{i}"),
                            from,
                            to,
                            reason: "Vacaciones".into(),
                        })
                        .collect(),
                    schedules: vec![schedules.0, schedules.1, schedules.2],
                    time_off: off
                        .into_iter()
                        .enumerate()
                        .map(|(i, (staff, (from, to)))| TimeOff {
                            id: format!("off-{i}"),
                            staff_id: STAFF[staff].0.into(),
                            from,
                            to,
                            reason: String::new(),
                        })
                        .collect(),
                };
                let agenda = citas
                    .into_iter()
                    .enumerate()
                    .map(|(i, (staff, day, quarter, service))| {
                        let start = quarter * 15;
                        cita(
                            &format!("c-{i}"),
                            STAFF[staff].0,
                            TODAY + Duration::days(day),
                            start,
                            start + SERVICES[service].2,
                        )
                    })
                    .collect();
                Salon {
                    business,
                    calendar,
                    agenda,
                    now_min: now * 15,
                }
            },
        )
}

fn cita(id: &str, staff_id: &str, date: Date, start: DayMinute, end: DayMinute) -> Cita {
    Cita {
        id: id.into(),
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

/// A conversation that heads for a booking (a request naming a service, a day and a time;
/// a pick among offered times; contact details; a yes) with random sayings mixed in anywhere.
fn conversation() -> impl Strategy<Value = Vec<String>> {
    let request = (
        prop::sample::select(vec!["un corte de pelo", "un tinte", "manicura", "barba"]),
        prop::sample::select(vec![
            "hoy",
            "mañana",
            "el lunes",
            "el sábado",
            "el jueves que viene",
        ]),
        prop::sample::select(vec![
            "a las 10",
            "a las 12:30",
            "por la tarde",
            "a las 6 de la tarde",
            "",
        ]),
    )
        .prop_map(|(service, day, time)| format!("quiero {service} {day} {time}"));
    let noise = || proptest::collection::vec(prop::sample::select(SAYINGS), 0..4);
    (request, noise(), noise(), noise()).prop_map(|(request, first, second, third)| {
        let mut messages = vec![request];
        messages.extend(first.into_iter().map(str::to_owned));
        messages.extend(["la primera", "Ana López, ana@ejemplo.es", "sí"].map(str::to_owned));
        messages.extend(second.into_iter().map(str::to_owned));
        messages.extend(["la segunda", "sí"].map(str::to_owned));
        messages.extend(third.into_iter().map(str::to_owned));
        messages
    })
}

fn callers() -> impl Strategy<Value = Caller> {
    prop_oneof![
        Just(Caller::Guest),
        Just(Caller::Cliente {
            user_id: "u-marta".into(),
            name: "Marta Ruiz".into(),
            email: "marta@cliente.example".into(),
            phone: None,
            client_id: Some("k-marta".into()),
        }),
        Just(Caller::Staff {
            user_id: "javier".into(),
            name: "Javier Gómez".into(),
        }),
    ]
}

/// Every rule a written booking must keep, given what the visitor was shown and said.
fn check_write(
    salon: &Salon,
    before: &State,
    message: &str,
    booking: &Booking,
    moving: Option<&str>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        &before.step,
        &Step::ConfirmBooking,
        "written without a summary first: {:?}",
        message
    );
    prop_assert!(
        intents(message).contains(&Intent::Affirm),
        "written on {:?}, which is no yes",
        message
    );
    let draft = &before.draft;
    prop_assert_eq!(draft.date, Some(booking.date), "a day not summarised");
    prop_assert_eq!(
        draft.slot.clone(),
        Some((booking.staff_id.clone(), booking.start_min)),
        "a time or stylist not summarised"
    );
    prop_assert_eq!(
        &draft.service_ids,
        &booking.service_ids,
        "services not summarised"
    );
    let proposed = Proposed {
        staff_id: &booking.staff_id,
        date: booking.date,
        start: booking.start_min,
        end: booking.end_min,
        service_ids: &booking.service_ids,
    };
    let checked = salon.calendar.check(
        &salon.business,
        &proposed,
        Booker::Client,
        (TODAY, salon.now_min),
    );
    prop_assert!(checked.is_ok(), "breaks the salon's rules: {:?}", checked);
    let clash = salon.agenda.iter().find(|cita| {
        Some(cita.id.as_str()) != moving
            && cita.staff_id == booking.staff_id
            && cita.status.holds_time()
            && cita.collides_with(booking.date, booking.start_min, booking.end_min)
    });
    prop_assert!(clash.is_none(), "over another cita: {:?}", clash);
    Ok(())
}

/// Plays a conversation over `salon`, checking every write; returns how many there were.
fn play(mut salon: Salon, caller: &Caller, messages: &[String]) -> Result<usize, TestCaseError> {
    let mut writes = 0;
    let services: Vec<Service> = SERVICES
        .iter()
        .map(|(id, name, duration_min)| Service {
            id: (*id).into(),
            name: (*name).into(),
            description: String::new(),
            duration_min: *duration_min,
            price_cents: 1000,
            active: true,
        })
        .collect();
    let staff: Vec<StaffMember> = STAFF
        .iter()
        .map(|(id, name)| StaffMember {
            user_id: (*id).into(),
            name: (*name).into(),
        })
        .collect();
    let (profile, faq) = (BusinessProfile::default(), FaqIndex::default());
    let mut state = State::default();
    for (turn, message) in messages.iter().enumerate() {
        let context = Context {
            business: &salon.business,
            calendar: &salon.calendar,
            services: &services,
            staff: &staff,
            caller,
            today: TODAY,
            now: (TODAY, salon.now_min),
            agenda: &salon.agenda,
            holds: &[],
            at: time::OffsetDateTime::UNIX_EPOCH,
            clients: &[],
            sends_mail: false,
            conversation: Some("chat-azar"),
            profile: &profile,
            faq: &faq,
        };
        let before = state.clone();
        let step_turn = step(state, message, &context);
        let Some(action) = step_turn.action.clone() else {
            state = step_turn.state;
            continue;
        };
        let (booking, moving) = match &action {
            Action::Book(booking) => (booking, None),
            Action::Move { cita_id, to } => (to, Some(cita_id.as_str())),
            Action::Cancel { .. } => {
                state = step_turn.state;
                continue;
            }
        };
        check_write(&salon, &before, message, booking, moving)?;
        writes += 1;
        let mut written = cita(
            &format!("new-{turn}"),
            &booking.staff_id,
            booking.date,
            booking.start_min,
            booking.end_min,
        );
        written.service_ids.clone_from(&booking.service_ids);
        written.chat_session_id = Some("chat-azar".into());
        let outcome = match moving {
            Some(_) => Outcome::Moved(written.clone()),
            None => Outcome::Booked(written.clone()),
        };
        state = settle(step_turn.state, &action, &outcome, &context).state;
        prop_assert_eq!(&state.answer_after, &None, "an answer kept past its turn");
        if let Some(id) = moving {
            salon.agenda.retain(|cita| cita.id != id);
        }
        salon.agenda.push(written);
    }
    Ok(writes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn nothing_is_written_outside_the_rules_or_without_a_yes(
        salon in salon(),
        caller in callers(),
        messages in conversation(),
    ) {
        play(salon, &caller, &messages)?;
    }
}

/// The property is not vacuous: a plain conversation over an open salon does write, through
/// the same checks.
#[test]
fn the_checked_conversations_do_write() {
    let weekday = vec![OpeningPeriod {
        open: 540,
        close: 1200,
    }];
    let hours = WeeklyHours::new(
        [
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
        ]
        .map(|day| (day, weekday.clone())),
    )
    .expect("valid hours");
    let salon = Salon {
        business: Business::new("Salón Azar", "Europe/Madrid", hours, 15).expect("valid"),
        calendar: Calendar::default(),
        agenda: Vec::new(),
        now_min: 600,
    };
    let messages = [
        "quiero un corte de pelo el lunes a las 10",
        "Ana López, ana@ejemplo.es",
        "sí",
    ]
    .map(str::to_owned);
    let writes = play(salon, &Caller::Guest, &messages).expect("every rule kept");
    assert_eq!(writes, 1);
}
