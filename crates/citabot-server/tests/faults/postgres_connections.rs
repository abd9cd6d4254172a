//! PostgreSQL's connections terminated again and again while guests book: every answer is 200,
//! or 503 with `Retry-After` (never a 500, never a dropped connection), the server recovers
//! once the terminations stop, and no turn is half-written.
//!
//! The terminations last a fixed time rather than until every guest is through: a turn longer
//! than the pause between two rounds may never get through while they go on (on a busy machine
//! the booking turn is), and what the case asks is that it does once they stop.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use sqlx::{Connection, PgConnection};

use crate::conversations::{Guest, Next, audit, guests, next};
use crate::database::{Backend, Database};
use crate::server::{Answer, Chat, Server};

const GUESTS: usize = 32;
const SHARING: usize = 4;
/// Questions each guest asks after the booking, to keep the burst going.
const FOLLOW_UPS: [&str; 4] = [
    "¿cuánto cuesta un tinte?",
    "¿abrís el sábado?",
    "¿qué servicios tenéis?",
    "gracias",
];
/// Pause between two rounds of terminations: long enough for most turns to get through.
const KILL_EVERY: Duration = Duration::from_millis(100);
/// How long the terminations go on (less if every guest is through sooner).
const TERMINATE_FOR: Duration = Duration::from_secs(10);
/// How long after the terminations end every message must have been answered.
const RECOVER_WITHIN: Duration = Duration::from_secs(60);

#[derive(Debug)]
struct Counts {
    requests: AtomicUsize,
    ok: AtomicUsize,
    unavailable: AtomicUsize,
    /// After this, a message still answered 503 fails the case.
    give_up_at: Instant,
}

/// Makes `request` until it is answered with 200; a 503 must carry `Retry-After` and is made
/// again (sooner than the header asks, to keep the case short). Anything else fails the case.
async fn until_answered<F, R>(what: &str, counts: &Counts, request: F) -> Answer
where
    F: Fn() -> R,
    R: Future<Output = Result<Answer, reqwest::Error>>,
{
    while Instant::now() < counts.give_up_at {
        counts.requests.fetch_add(1, Ordering::Relaxed);
        let answer = match request().await {
            Ok(answer) => answer,
            Err(error) => panic!("{what}: the connection failed: {error}"),
        };
        match answer.status {
            StatusCode::OK => {
                counts.ok.fetch_add(1, Ordering::Relaxed);
                return answer;
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                assert!(
                    answer.retry_after.is_some(),
                    "{what}: a 503 without Retry-After: {answer:?}"
                );
                counts.unavailable.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            _ => panic!("{what}: answered {answer:?}"),
        }
    }
    panic!(
        "{what}: still unanswered {} s after the terminations ended",
        RECOVER_WITHIN.as_secs()
    );
}

async fn say(chat: &Chat, session: &str, text: &str, counts: &Counts) -> Answer {
    let what = format!("{session} saying {text:?}");
    until_answered(&what, counts, || chat.send(session, text)).await
}

/// One guest's booking, as far as it goes, then a few questions.
async fn converse(chat: &Chat, guest: &Guest, counts: &Counts) -> Next {
    let mut text = guest.request.clone();
    let end = loop {
        let answer = say(chat, &guest.session, &text, counts).await;
        match next(guest, answer.output()) {
            Next::Say(said) => text = said,
            end => {
                if end == Next::Lost {
                    println!(
                        "{}: the script stops at {:?}",
                        guest.session,
                        answer.output()
                    );
                }
                break end;
            }
        }
    };
    // Questions, and the widget reading the conversation back (a read under the same faults).
    for question in FOLLOW_UPS {
        say(chat, &guest.session, question, counts).await;
        let what = format!("{}'s history", guest.session);
        until_answered(&what, counts, || chat.load(&guest.session)).await;
    }
    end
}

/// Terminates every other connection to the database for `TERMINATE_FOR` or until `stop`;
/// answers (rounds, ended).
async fn terminate_connections(url: String, stop: Arc<AtomicBool>) -> (usize, usize) {
    let mut connection = PgConnection::connect(&url)
        .await
        .expect("the test connects to PostgreSQL");
    let (mut rounds, mut ended) = (0, 0);
    let until = Instant::now() + TERMINATE_FOR;
    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
        let terminated: Vec<(bool,)> = sqlx::query_as(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .fetch_all(&mut connection)
        .await
        .expect("terminate the server's connections");
        rounds += 1;
        ended += terminated.iter().filter(|(done,)| *done).count();
        tokio::time::sleep(KILL_EVERY).await;
    }
    connection.close().await.ok();
    (rounds, ended)
}

#[tokio::test]
async fn postgres_connections_terminated_mid_burst() {
    let Some(database) = Database::create(Backend::Postgres).await else {
        return;
    };
    let server = Server::start(database.url(), database.folder.path(), "server").await;
    let chat = server.chat();
    let guests = guests("pg", GUESTS, SHARING);
    let counts = Counts {
        requests: AtomicUsize::new(0),
        ok: AtomicUsize::new(0),
        unavailable: AtomicUsize::new(0),
        give_up_at: Instant::now() + TERMINATE_FOR + RECOVER_WITHIN,
    };

    let stop = Arc::new(AtomicBool::new(false));
    let killer = tokio::spawn(terminate_connections(
        database.url().to_owned(),
        Arc::clone(&stop),
    ));
    let ends =
        futures_util::future::join_all(guests.iter().map(|guest| converse(&chat, guest, &counts)))
            .await;
    stop.store(true, Ordering::Relaxed);
    let (rounds, ended) = killer.await.expect("the terminating task");

    // Recovery: ready again, and a new conversation is answered.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut probes = 0;
    loop {
        probes += 1;
        let ready = chat.get("/readyz").await.expect("/readyz answers");
        if ready.status == StatusCode::OK {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not ready again: {ready:?}\n{}",
            server.log_tail(20)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let hello = chat.send("pg-after", "hola").await.expect("answers");
    assert_eq!(hello.status, StatusCode::OK, "{hello:?}");

    let store = database.store().await;
    let sessions: Vec<String> = guests.iter().map(|guest| guest.session.clone()).collect();
    let found = audit(&chat, store.as_ref(), &sessions).await;
    let booked = ends.iter().filter(|end| **end == Next::Booked).count();
    assert_eq!(
        found.citas.len(),
        booked,
        "every conversation that ended booked has its cita, and only those"
    );
    println!(
        "PostgreSQL connections terminated mid-burst: {rounds} rounds of pg_terminate_backend \
         ended {ended} connections; {} chat requests (messages and history reads): {} answered 200, {} answered 503 with \
         Retry-After (sent again), none other; {booked} guests booked, {} heard the time went, \
         {} left the script; ready again after {probes} probe(s); {} citas, every turn whole",
        counts.requests.load(Ordering::Relaxed),
        counts.ok.load(Ordering::Relaxed),
        counts.unavailable.load(Ordering::Relaxed),
        ends.iter().filter(|end| **end == Next::SlotGone).count(),
        ends.iter().filter(|end| **end == Next::Lost).count(),
        found.citas.len(),
    );
    store.close().await;
}
