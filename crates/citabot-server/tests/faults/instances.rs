//! Two `citabot serve` processes on one PostgreSQL database, as behind a load balancer: a live
//! channel started on one attaches on the other, a staff member on one reaches a visitor on the
//! other live (and so does the hand-back), signing out on one closes the channels on the other,
//! the chat budget and the sign-in throttle are one across both, and a SIGTERM drains one while
//! the other stays ready; of two guests racing for one time on two instances one holds it, and
//! a wait for a person kept by two instances ends once. And SQLite, served by one process only,
//! refuses a second.

use std::net::Ipv4Addr;
use std::process::Command;
use std::time::Duration;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use crate::browser::{
    attach, browser, next, next_text, origin, post, sign_in, signed_in, start,
    take_over_and_hand_back,
};
use crate::database::{Backend, Database};
use crate::server::Server;

const ADMIN: &str = "lucia@instancias.example";
const PASSWORD: &str = "una contraseña larga";
const BUDGET: u32 = 30;

/// The settings both instances run with.
const SETTINGS: &[(&str, &str)] = &[
    ("CITABOT_CHAT_REPLY_MODE", "live"),
    ("CITABOT_CHAT_MESSAGES_PER_MINUTE", "30"),
    ("CITABOT_SHUTDOWN_DRAIN_SECS", "3"),
];

#[tokio::test]
async fn two_instances_on_one_postgres_database_act_as_one() {
    let Some(database) = Database::create(Backend::Postgres).await else {
        return;
    };
    database.add_administrador(ADMIN, PASSWORD);
    let a = Server::start_with(database.url(), database.folder.path(), "a", SETTINGS).await;
    let b = Server::start_with(database.url(), database.folder.path(), "b", SETTINGS).await;
    let guest = browser(Ipv4Addr::new(127, 0, 0, 1));

    // The assistant's live reply, started on A, read on B.
    let execution = start(&guest, &a, None, "s-across", "hola").await;
    let mut socket = attach(&b, None, "s-across", &execution).await;
    let reply = next_text(&mut socket).await;
    assert!(!reply.is_empty() && !reply.starts_with("Error"), "{reply}");
    println!("a reply started on A arrived on B: {reply:?}");
    drop(socket);

    // A staff member on B answers a visitor whose channel is on A, then hands back.
    let waiting = start(&guest, &a, None, "s-staff", "quiero hablar con una persona").await;
    let mut visitor = attach(&a, None, "s-staff", &waiting).await;
    next_text(&mut visitor).await;
    let staff_client = browser(Ipv4Addr::new(127, 0, 0, 1));
    let lucia = sign_in(&staff_client, &b, ADMIN, PASSWORD).await;
    let heard = take_over_and_hand_back(
        &staff_client,
        &b,
        &lucia,
        "s-staff",
        "Hola, te atiendo yo",
        &mut visitor,
    )
    .await;
    println!(
        "a staff message written on B reached the socket on A, and so did the hand-back: {heard:?}"
    );
    drop(visitor);

    // Signing out on A closes that sign-in's channel on B.
    let marta_client = browser(Ipv4Addr::new(127, 0, 0, 1));
    let form = json!({
        "email": "marta@instancias.example", "password": PASSWORD, "firstName": "Marta",
        "lastName": "Gil", "phone": "+34 600 111 222"
    });
    let response = marta_client
        .post(format!("{}/api/auth/signup", origin(&a)))
        .header("origin", origin(&a))
        .json(&form)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::CREATED);
    let marta = signed_in(response).await;
    let hers = start(&marta_client, &a, Some(&marta), "s-marta", "hola").await;
    let mut socket = attach(&b, Some(&marta), "s-marta", &hers).await;
    next_text(&mut socket).await;
    let (status, _) = post(
        &marta_client,
        &a,
        Some(&marta),
        "/api/auth/logout",
        &json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    match next(&mut socket).await {
        Message::Close(Some(frame)) => assert_eq!(frame.code, CloseCode::Policy, "{frame:?}"),
        other => panic!("the channel on B outlived the sign-out on A: {other:?}"),
    }
    println!("signing out on A closed the channel on B");
    let _ = socket
        .send(Message::Text(Utf8Bytes::from_static("bye")))
        .await;

    // One chat budget across both: a new visitor alternating between them.
    let visitor = browser(Ipv4Addr::new(127, 0, 0, 2));
    let mut accepted = 0;
    for turn in 0..BUDGET + 4 {
        let server = if turn % 2 == 0 { &a } else { &b };
        let message =
            json!({ "action": "sendMessage", "sessionId": "s-budget", "chatInput": "hola" });
        let (status, body) = post(&visitor, server, None, "/api/n8n/chat", &message).await;
        match status {
            StatusCode::OK => accepted += 1,
            StatusCode::TOO_MANY_REQUESTS => {}
            other => panic!("message {turn}: {other} {body}"),
        }
    }
    assert_eq!(accepted, BUDGET, "the budget is one across both instances");
    println!("{accepted} of {} messages accepted across both", BUDGET + 4);

    // 20 messages of one conversation at once, half on each: every one answered, in turn.
    let burst = browser(Ipv4Addr::new(127, 0, 0, 4));
    let sent = (0..20).map(|turn| {
        let (client, server) = (burst.clone(), if turn % 2 == 0 { &a } else { &b });
        async move {
            let message = json!({
                "action": "sendMessage", "sessionId": "s-burst", "chatInput": "¿cuánto cuesta un corte?"
            });
            post(&client, server, None, "/api/n8n/chat", &message).await
        }
    });
    for (status, body) in futures_util::future::join_all(sent).await {
        assert_eq!(
            status,
            StatusCode::OK,
            "{body}\nA:\n{}\nB:\n{}",
            a.log_tail(8),
            b.log_tail(8)
        );
    }
    let history = a.chat().history("s-burst").await;
    let asked = history.iter().filter(|(human, _)| *human).count();
    assert_eq!(asked, 20, "{history:?}");
    for pair in history.windows(2) {
        assert!(
            !(pair[0].0 && pair[1].0),
            "two questions without an answer between: {history:?}"
        );
    }
    println!("20 messages of one conversation at once on two instances: 20 answered in turn");

    // The sign-in throttle too: one address gets 3 free wrong passwords in all, not per instance.
    let guesser = browser(Ipv4Addr::new(127, 0, 0, 3));
    let mut refused_at = None;
    for attempt in 1..=6 {
        let server = if attempt % 2 == 0 { &a } else { &b };
        let wrong = json!({ "email": ADMIN, "password": "no es esta" });
        let (status, _) = post(&guesser, server, None, "/api/auth/login", &wrong).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            refused_at = Some(attempt);
            break;
        }
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        refused_at,
        Some(5),
        "3 free failures, a wait after the 4th, across both"
    );
    // The owner, from her own address, is not slowed by it.
    sign_in(&staff_client, &a, ADMIN, PASSWORD).await;

    // SIGTERM drains A: it says 503 on /readyz while it still serves; B stays ready.
    let ready = |server: &Server| format!("{}/readyz", origin(server));
    a.terminate();
    let mut drained = false;
    for _ in 0..40 {
        match guest.get(ready(&a)).send().await {
            Ok(response) if response.status() == StatusCode::SERVICE_UNAVAILABLE => {
                drained = true;
                break;
            }
            Ok(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(error) => panic!("A stopped listening before draining: {error}"),
        }
    }
    assert!(drained, "A never said 503 while stopping");
    let b_ready = guest.get(ready(&b)).send().await.expect("B answers");
    assert_eq!(b_ready.status(), StatusCode::OK);
    println!("SIGTERM: A drained with 503 on /readyz, B stayed ready");
}

/// The two guests' messages of a hold race: the same time, each on its own instance.
async fn race(a: &Server, b: &Server, round: usize, wish: &str) -> [(String, String); 2] {
    let side = |server: &Server, last: u8| {
        let client = browser(Ipv4Addr::new(127, 0, 0, last));
        let session = format!("race-{round}-{last}");
        let message = json!({ "action": "sendMessage", "sessionId": session, "chatInput": wish });
        let origin = origin(server);
        async move {
            let response = client
                .post(format!("{origin}/api/n8n/chat"))
                .header("origin", &origin)
                .json(&message)
                .send()
                .await
                .expect("answers");
            assert_eq!(response.status(), StatusCode::OK);
            let body: Value = response.json().await.expect("JSON");
            (
                session,
                body["output"].as_str().unwrap_or_default().to_owned(),
            )
        }
    };
    let (first, second) = tokio::join!(side(a, 5), side(b, 6));
    [first, second]
}

#[tokio::test]
async fn a_time_is_held_once_and_a_wait_ends_once_across_instances() {
    let Some(database) = Database::create(Backend::Postgres).await else {
        return;
    };
    // A Wednesday morning, the salon open: a wait for a person then runs (3 s here).
    let settings = [
        ("CITABOT_CLOCK_START", "2026-12-09T10:00:00+01:00"),
        ("CITABOT_PERSON_WAIT_SECS", "3"),
    ];
    let (url, folder) = (database.url(), database.folder.path());
    let a = Server::start_with(url, folder, "a", &settings).await;
    let b = Server::start_with(url, folder, "b", &settings).await;

    // Two guests on two instances choosing the same time at once: exactly one holds it.
    for (round, hour) in ["10", "11", "12", "13"].iter().enumerate() {
        let wish = format!("quiero un corte de caballero el jueves a las {hour} con Javier");
        let replies = race(&a, &b, round, &wish).await;
        let holders: Vec<_> = replies
            .iter()
            .filter(|(_, reply)| reply.contains("¿A nombre de quién"))
            .collect();
        assert_eq!(
            holders.len(),
            1,
            "round {round}: exactly one holds it: {replies:#?}"
        );
        let (_, told) = replies
            .iter()
            .find(|(_, reply)| !reply.contains("¿A nombre de quién"))
            .expect("the other");
        assert!(!told.contains("acaba de coger"), "round {round}: {told}");
        assert!(
            !told.contains(&format!("**{hour}:00**")) && told.contains("**"),
            "round {round}: other times, not the held one: {told}"
        );
        for ((session, _), last) in replies.iter().zip([5, 6]) {
            let client = browser(Ipv4Addr::new(127, 0, 0, last));
            let forget =
                json!({ "action": "sendMessage", "sessionId": session, "chatInput": "olvídalo" });
            let server = if last == 5 { &a } else { &b };
            let (status, _) = post(&client, server, None, "/api/n8n/chat", &forget).await;
            assert_eq!(status, StatusCode::OK);
        }
    }
    println!("4 races for one time across two instances: one hold each, the other offered others");

    // A wait started on A, and resumed by C when it starts: nobody comes, and it is said once.
    let guest = browser(Ipv4Addr::new(127, 0, 0, 7));
    let ask = json!({ "action": "sendMessage", "sessionId": "s-espera", "chatInput": "quiero hablar con una persona" });
    let (status, _) = post(&guest, &a, None, "/api/n8n/chat", &ask).await;
    assert_eq!(status, StatusCode::OK);
    let c = Server::start_with(url, folder, "c", &settings).await;
    let mut history = Vec::new();
    for _ in 0..100 {
        history = a.chat().history("s-espera").await;
        if history.len() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        history.len(),
        3,
        "the wait ended: {history:#?}\n{}",
        a.log_tail(10)
    );
    // Both A and C were keeping the wait: give the later one time to speak too, if it would.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let after = c.chat().history("s-espera").await;
    assert_eq!(after, history, "the end of the wait was said once");
    println!(
        "a wait for a person kept by two instances ended once: {:?}",
        history[2].1
    );
}

#[tokio::test]
async fn a_second_server_on_one_sqlite_file_is_refused() {
    let Some(database) = Database::create(Backend::Sqlite).await else {
        return;
    };
    let _first = Server::start(database.url(), database.folder.path(), "first").await;
    let second = Command::new(env!("CARGO_BIN_EXE_citabot"))
        .arg("serve")
        .env("CITABOT_DATABASE_URL", database.url())
        .env("CITABOT_LISTEN", "127.0.0.1:0")
        .output()
        .expect("the second starts");
    assert!(!second.status.success(), "the second server must not serve");
    let said = String::from_utf8_lossy(&second.stderr).into_owned()
        + &String::from_utf8_lossy(&second.stdout);
    assert!(
        said.contains("another citabot server is already serving"),
        "{said}"
    );
    // Tools still open the file beside the server.
    let listed = Command::new(env!("CARGO_BIN_EXE_citabot"))
        .args(["key", "list"])
        .env("CITABOT_DATABASE_URL", database.url())
        .output()
        .expect("key list runs");
    assert!(listed.status.success(), "{listed:?}");
}
