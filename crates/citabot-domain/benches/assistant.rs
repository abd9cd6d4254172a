//! What one turn of the built-in assistant costs (REQUIREMENTS B5: well under a millisecond of
//! CPU), measured on the conversation itself, without I/O: the demo salon with two staff members
//! and a busy agenda (six weeks, every stylist booked an hour in every three), and a six-turn
//! booking by a guest.
//! Prints figures; asserts nothing.

use std::time::{Duration, Instant};

use citabot_domain::assistant::{Caller, Context, State, step};
use citabot_domain::booking::rules::Calendar;
use citabot_domain::booking::{Cita, CitaStatus, Service, StaffMember};
use citabot_domain::understanding::FaqIndex;
use time::OffsetDateTime;
use time::macros::date;

const TURNS: [&str; 6] = [
    "hola, ¿qué tal?",
    "quiero un corte de pelo",
    "el jueves que viene por la tarde",
    "la segunda",
    "me llamo Ana López, ana@ejemplo.es",
    "sí, confírmala",
];

fn main() {
    let business = citabot_domain::booking::demo::salon();
    let services: Vec<Service> = [
        ("corte", "Corte de pelo", 45),
        ("tinte", "Tinte", 90),
        ("barba", "Arreglo de barba", 15),
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
    .collect();
    let staff: Vec<StaffMember> = ["lucia", "javier"]
        .into_iter()
        .map(|id| StaffMember {
            user_id: id.into(),
            name: id.into(),
        })
        .collect();
    // Every stylist busy one hour in every three, six weeks ahead.
    let today = date!(2026 - 11 - 20);
    let mut agenda = Vec::new();
    let mut day = today;
    for _ in 0..42 {
        for member in &staff {
            for start in (570..1200).step_by(180) {
                agenda.push(Cita {
                    id: format!("{day}-{}-{start}", member.user_id),
                    staff_id: member.user_id.clone(),
                    client_id: "k".into(),
                    date: day,
                    start_min: start,
                    end_min: start + 60,
                    start_at: OffsetDateTime::UNIX_EPOCH,
                    end_at: OffsetDateTime::UNIX_EPOCH,
                    status: CitaStatus::Confirmada,
                    service_ids: vec!["corte".into()],
                    created_at: OffsetDateTime::UNIX_EPOCH,
                    chat_session_id: None,
                    outside_hours: false,
                    revision: 0,
                });
            }
        }
        day = day.next_day().expect("a next day");
    }
    let caller = Caller::Guest;
    let calendar = Calendar::default();
    let settings = citabot_domain::booking::demo::settings();
    let faq = FaqIndex::new(&settings.profile.faq);
    let context = Context {
        business: &business,
        calendar: &calendar,
        services: &services,
        staff: &staff,
        caller: &caller,
        today,
        now: (today, 600),
        agenda: &agenda,
        holds: &[],
        at: time::OffsetDateTime::UNIX_EPOCH,
        clients: &[],
        sends_mail: false,
        conversation: None,
        profile: &settings.profile,
        faq: &faq,
    };

    // The conversation measured must be the real thing: it ends in a booking to write.
    let mut state = State::default();
    let mut booked = false;
    for message in TURNS {
        let turn = step(state, message, &context);
        booked = turn.action.is_some();
        state = turn.state;
    }
    println!("the measured conversation ends in a booking: {booked}");

    let conversations = 300;
    let mut per_turn: Vec<Duration> = Vec::with_capacity(conversations * TURNS.len());
    let mut by_message = [Duration::ZERO; TURNS.len()];
    let started = Instant::now();
    for _ in 0..conversations {
        let mut state = State::default();
        for (index, message) in TURNS.iter().enumerate() {
            let turn_started = Instant::now();
            let turn = step(state, message, &context);
            let spent = turn_started.elapsed();
            per_turn.push(spent);
            by_message[index] += spent;
            state = turn.state;
        }
    }
    for (message, spent) in TURNS.iter().zip(by_message) {
        println!(
            "  {:>8.1} µs  {message}",
            spent.as_secs_f64() * 1e6 / conversations as f64
        );
    }
    let total = started.elapsed();
    per_turn.sort_unstable();
    let at = |q: f64| per_turn[((per_turn.len() - 1) as f64 * q) as usize];
    println!(
        "assistant turn ({} citas in the agenda, {} turns): p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs, {:.0} turns/s on one core",
        agenda.len(),
        per_turn.len(),
        at(0.5).as_secs_f64() * 1e6,
        at(0.99).as_secs_f64() * 1e6,
        at(1.0).as_secs_f64() * 1e6,
        per_turn.len() as f64 / total.as_secs_f64()
    );
}
