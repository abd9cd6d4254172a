//! Guests booking a men's cut through the chat, and the audit of what the database kept: whole
//! turns only, a cita for every "¡Hecho!" and a "¡Hecho!" for every cita, one cita per
//! conversation and per client, no staff member in two places at once.
//!
//! The server runs on the real clock, so the days are chosen from today: weekdays from the day
//! after tomorrow on (clear of any time zone's "today"), at hours the demo salon is open.

use std::collections::BTreeMap;

use citabot_domain::booking::{Cita, format_minutes};
use citabot_store::Store;
use reqwest::StatusCode;
use time::{Date, Duration, OffsetDateTime, Weekday};

use crate::server::Chat;

/// Starts of a men's cut (30 minutes) inside the demo salon's weekday hours.
const TIMES: [&str; 7] = [
    "10:00", "11:00", "12:00", "13:00", "17:00", "18:00", "19:00",
];
const FIRST_NAMES: [&str; 8] = [
    "Pedro", "Lucía", "Andrés", "Carmen", "Jorge", "Elena", "Marcos", "Inés",
];
const LAST_NAMES: [&str; 5] = ["Sanz", "Moreno", "Gil", "Navarro", "Ortega"];

/// A guest who wants a men's cut at a given day and hour.
#[derive(Debug, Clone)]
pub struct Guest {
    pub session: String,
    pub request: String,
    pub name: String,
    pub email: String,
}

/// `count` guests (at most 40); each wants a slot of its own, except the last `sharing`, who
/// want the slots of the first `sharing` guests too: races for the same time.
pub fn guests(prefix: &str, count: usize, sharing: usize) -> Vec<Guest> {
    assert!(count <= FIRST_NAMES.len() * LAST_NAMES.len() && sharing <= count / 2);
    let days = weekdays_ahead(count.div_ceil(TIMES.len()));
    (0..count)
        .map(|index| {
            let slot = if index >= count - sharing {
                index - (count - sharing)
            } else {
                index
            };
            let day = days[slot / TIMES.len()];
            let time = TIMES[slot % TIMES.len()];
            Guest {
                session: format!("{prefix}-{index:02}"),
                request: format!(
                    "quiero un corte de caballero el {:02}/{:02}/{} a las {time}",
                    day.day(),
                    u8::from(day.month()),
                    day.year()
                ),
                name: format!(
                    "{} {}",
                    FIRST_NAMES[index % FIRST_NAMES.len()],
                    LAST_NAMES[index / FIRST_NAMES.len()]
                ),
                email: format!("{prefix}{index}@ejemplo.es"),
            }
        })
        .collect()
}

/// `count` weekdays (the salon's long days) the demo salon opens (its public holidays left
/// out: 8 December is a Tuesday in 2026), starting the day after tomorrow.
fn weekdays_ahead(count: usize) -> Vec<Date> {
    let mut day = OffsetDateTime::now_utc().date() + Duration::days(2);
    let holidays = citabot_domain::booking::demo::holidays(day);
    let closed = |day: Date| {
        holidays
            .iter()
            .any(|closure| closure.from <= day && day <= closure.to)
    };
    let mut days = Vec::new();
    while days.len() < count {
        if !matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday) && !closed(day) {
            days.push(day);
        }
        day += Duration::days(1);
    }
    days
}

/// Takes a guest up to the booking summary ("¿La confirmo?"), with no fault in the way.
pub async fn up_to_the_summary(chat: &Chat, guest: &Guest) {
    for text in [&guest.request, &guest.name, &guest.email] {
        let answer = chat
            .send(&guest.session, text)
            .await
            .expect("the server answers");
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "{}: {answer:?}",
            guest.session
        );
        if text == &guest.email {
            assert!(
                answer.output().contains("¿La confirmo?"),
                "{} got no summary: {}",
                guest.session,
                answer.output()
            );
        }
    }
}

/// What a guest says next, given the assistant's last reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    Say(String),
    Booked,
    SlotGone,
    /// A reply this script does not follow.
    Lost,
}

pub fn next(guest: &Guest, reply: &str) -> Next {
    if reply.starts_with("¡Hecho!") || reply.contains("ya está reservada") {
        Next::Booked
    } else if reply.contains("acaba de coger") {
        Next::SlotGone
    } else if reply.contains("¿La confirmo?") {
        Next::Say("sí".to_owned())
    } else if reply.contains("¿A nombre de quién") {
        Next::Say(guest.name.clone())
    } else if reply.contains("email") {
        Next::Say(guest.email.clone())
    } else {
        Next::Lost
    }
}

/// What the audit found.
#[derive(Debug, Default)]
pub struct Audit {
    /// The cita of each conversation that has one.
    pub citas: BTreeMap<String, Cita>,
    /// Each conversation's transcript, `(is_human, text)`.
    pub transcripts: BTreeMap<String, Vec<(bool, String)>>,
}

/// Reads back every conversation in `sessions` and every cita of the coming weeks, and checks
/// that nothing is half-written (see the module's documentation).
pub async fn audit(chat: &Chat, store: &dyn Store, sessions: &[String]) -> Audit {
    let today = OffsetDateTime::now_utc().date();
    let citas: Vec<Cita> = store
        .citas_between(today - Duration::days(2), today + Duration::days(70))
        .await
        .expect("read the citas")
        .into_iter()
        .filter(|cita| cita.status.holds_time())
        .collect();
    for (index, cita) in citas.iter().enumerate() {
        for other in &citas[index + 1..] {
            assert!(
                !(cita.staff_id == other.staff_id
                    && other.collides_with(cita.date, cita.start_min, cita.end_min)),
                "staff double-booked:\n{cita:?}\n{other:?}"
            );
            assert_ne!(
                cita.client_id, other.client_id,
                "a client with two citas:\n{cita:?}\n{other:?}"
            );
        }
    }

    for cita in &citas {
        if let Some(session) = &cita.chat_session_id {
            assert!(
                sessions.contains(session),
                "a cita booked by a conversation nobody had: {cita:?}"
            );
        }
    }

    let mut audit = Audit::default();
    for session in sessions {
        let transcript = chat.history(session).await;
        for (index, (human, text)) in transcript.iter().enumerate() {
            assert_eq!(
                *human,
                index % 2 == 0,
                "{session}: message {index} breaks the turns (half a turn written?): {text}\n{transcript:#?}"
            );
        }
        assert!(
            transcript.len() % 2 == 0,
            "{session}: a visitor's message without its reply\n{transcript:#?}"
        );
        let mut own = citas
            .iter()
            .filter(|cita| cita.chat_session_id.as_deref() == Some(session.as_str()));
        let cita = own.next();
        assert!(own.next().is_none(), "{session} has two citas");
        let done: Vec<&str> = transcript
            .iter()
            .filter(|(human, text)| !human && text.starts_with("¡Hecho!"))
            .map(|(_, text)| text.as_str())
            .collect();
        match cita {
            Some(cita) => {
                assert_eq!(
                    done.len(),
                    1,
                    "{session}: its cita needs exactly one \"¡Hecho!\"\n{cita:?}\n{transcript:#?}"
                );
                assert!(
                    done[0].contains(&format_minutes(cita.start_min)),
                    "{session}: the \"¡Hecho!\" names another time: {}\n{cita:?}",
                    done[0]
                );
                audit.citas.insert(session.clone(), cita.clone());
            }
            None => assert!(
                done.is_empty(),
                "{session} says \"¡Hecho!\" without a cita\n{transcript:#?}"
            ),
        }
        audit.transcripts.insert(session.clone(), transcript);
    }
    audit
}
