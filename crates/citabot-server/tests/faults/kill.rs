//! SIGKILL in the middle of concurrent chat bookings, then a restart on the same database: what
//! a visitor was told "¡Hecho!" is there, nothing is half-written, and sending "sí" again to
//! every conversation books each one at most once.

use reqwest::StatusCode;

use crate::conversations::{Guest, audit, guests, up_to_the_summary};
use crate::database::{Backend, Database};
use crate::server::{Answer, Server};

const GUESTS: usize = 32;
/// Guests who want the time of another guest (same staff member, same slot).
const SHARING: usize = 4;
/// Answers to wait for before the kill: the rest are in flight, or not sent yet.
const ANSWERS_BEFORE_THE_KILL: usize = 3;

async fn kill_nine_in_the_middle_of_bookings(backend: Backend) {
    let Some(database) = Database::create(backend).await else {
        return;
    };
    let label = format!("kill -9 mid-booking ({backend:?})");
    let mut server = Server::start(database.url(), database.folder.path(), "first").await;
    let chat = server.chat();
    let guests = guests("kill", GUESTS, SHARING);
    futures_util::future::join_all(guests.iter().map(|guest| up_to_the_summary(&chat, guest)))
        .await;

    // Every "sí" at once; the process dies once the first answers are back.
    let (answered, mut answers) = tokio::sync::mpsc::unbounded_channel();
    let confirmations: Vec<_> = guests
        .iter()
        .map(|guest| {
            let (chat, session, answered) = (chat.clone(), guest.session.clone(), answered.clone());
            tokio::spawn(async move {
                let answer = chat.send(&session, "sí").await;
                let _ = answered.send(());
                answer
            })
        })
        .collect();
    for _ in 0..ANSWERS_BEFORE_THE_KILL {
        answers.recv().await;
    }
    server.kill();
    let mut told = Vec::new();
    for (guest, confirmation) in guests.iter().zip(confirmations) {
        told.push((guest, confirmation.await.expect("the request task")));
    }
    let booked_before: Vec<(&Guest, &Answer)> = told
        .iter()
        .filter_map(|(guest, told)| match told {
            Ok(answer)
                if answer.status == StatusCode::OK && answer.output().starts_with("¡Hecho!") =>
            {
                Some((*guest, answer))
            }
            _ => None,
        })
        .collect();
    let other_answers = told.iter().filter(|(_, told)| told.is_ok()).count() - booked_before.len();
    let dropped = told.iter().filter(|(_, told)| told.is_err()).count();
    for (guest, told) in &told {
        if let Ok(answer) = told {
            assert_eq!(
                answer.status,
                StatusCode::OK,
                "{}: {answer:?}\n{}",
                guest.session,
                server.log_tail(20)
            );
        }
    }

    // The same database, a new process.
    let server = Server::start(database.url(), database.folder.path(), "restarted").await;
    let chat = server.chat();
    let store = database.store().await;
    let sessions: Vec<String> = guests.iter().map(|guest| guest.session.clone()).collect();
    let after_restart = audit(&chat, store.as_ref(), &sessions).await;
    for (guest, answer) in &booked_before {
        assert!(
            after_restart.citas.contains_key(&guest.session),
            "{} was told \"¡Hecho!\" but has no cita after the restart",
            guest.session
        );
        let transcript = &after_restart.transcripts[&guest.session];
        assert_eq!(
            transcript.last().map(|(_, text)| text.as_str()),
            Some(answer.output()),
            "{}: the transcript ends elsewhere",
            guest.session
        );
    }

    // Every conversation says "sí" again: the booked are told so, the others book now (or hear
    // that their time went).
    let again = futures_util::future::join_all(guests.iter().map(|guest| {
        let chat = chat.clone();
        async move { (guest, chat.send(&guest.session, "sí").await) }
    }))
    .await;
    let (mut told_booked, mut booked_now, mut slot_gone) = (0, 0, 0);
    for (guest, answer) in again {
        let answer = answer.expect("the restarted server answers");
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "{}: {answer:?}",
            guest.session
        );
        let reply = answer.output();
        if after_restart.citas.contains_key(&guest.session) {
            assert!(
                reply.contains("ya está reservada"),
                "{} has its cita, yet: {reply}",
                guest.session
            );
            told_booked += 1;
        } else if reply.starts_with("¡Hecho!") {
            booked_now += 1;
        } else {
            // Only a guest who never heard about this "sí" must be told why it did not book.
            let heard_before = told.iter().any(|(other, told)| {
                other.session == guest.session
                    && told.as_ref().is_ok_and(|a| a.status == StatusCode::OK)
            });
            assert!(
                heard_before || reply.contains("acaba de coger"),
                "{}: neither booked nor told the time went: {reply}",
                guest.session
            );
            slot_gone += 1;
        }
    }
    let last = audit(&chat, store.as_ref(), &sessions).await;
    for (session, cita) in &after_restart.citas {
        assert_eq!(last.citas.get(session).map(|c| &c.id), Some(&cita.id));
    }
    assert_eq!(last.citas.len(), after_restart.citas.len() + booked_now);
    println!(
        "{label}: {GUESTS} guests ({SHARING} racing for another's time); killed after \
         {ANSWERS_BEFORE_THE_KILL} answers: {} \"¡Hecho!\" before the kill, {other_answers} other \
         answers, {dropped} requests cut off; after the restart {} citas ({} booked without the \
         visitor hearing it); \"sí\" again: {told_booked} told \"ya está reservada\", \
         {booked_now} booked now, {slot_gone} not booked (their time was taken); {} citas in the end, none twice",
        booked_before.len(),
        after_restart.citas.len(),
        after_restart.citas.len() - booked_before.len(),
        last.citas.len(),
    );
    store.close().await;
}

#[tokio::test]
async fn kill_nine_in_the_middle_of_bookings_on_sqlite() {
    kill_nine_in_the_middle_of_bookings(Backend::Sqlite).await;
}

#[tokio::test]
async fn kill_nine_in_the_middle_of_bookings_on_postgres() {
    kill_nine_in_the_middle_of_bookings(Backend::Postgres).await;
}
