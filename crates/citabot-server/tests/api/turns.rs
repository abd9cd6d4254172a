//! A chat turn is written whole or not at all, on both databases: a fault injected into the
//! database in the middle of a booking turn leaves no cita behind, a retried "sí" books once,
//! a repeated one answers with the booking that exists, and a conversation's owner and client
//! records are never someone else's. The test clock says Friday 2026-11-20, 10:30 in Madrid.

use reqwest::StatusCode;
use serde_json::json;
use time::macros::date;

use crate::booking::{salon, say, sign_in};
use crate::helpers::{Backend, TestApp, json_body};

/// Runs SQL straight on the app's database, as an operator (or a fault) would.
async fn run_sql(app: &TestApp, sqlite: &'static str, postgres: &'static str) {
    if app.database_url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(&app.database_url)
            .await
            .expect("open the test database");
        sqlx::raw_sql(sqlite).execute(&pool).await.expect("runs");
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(&app.database_url)
            .await
            .expect("open the test database");
        sqlx::raw_sql(postgres).execute(&pool).await.expect("runs");
        pool.close().await;
    }
}

/// From now on the database refuses to store the assistant's replies.
async fn refuse_replies(app: &TestApp) {
    run_sql(
        app,
        "CREATE TRIGGER refuse_replies BEFORE INSERT ON chat_messages WHEN NEW.author = 'ai' \
         BEGIN SELECT RAISE(ABORT, 'injected fault'); END;",
        "CREATE FUNCTION refuse_replies() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN IF NEW.author = 'ai' THEN RAISE EXCEPTION 'injected fault'; END IF; \
         RETURN NEW; END $$; \
         CREATE TRIGGER refuse_replies BEFORE INSERT ON chat_messages \
         FOR EACH ROW EXECUTE FUNCTION refuse_replies();",
    )
    .await;
}

async fn accept_replies(app: &TestApp) {
    run_sql(
        app,
        "DROP TRIGGER refuse_replies;",
        "DROP TRIGGER refuse_replies ON chat_messages;",
    )
    .await;
}

/// A guest's booking up to the summary: a men's cut on Monday 23 at 10:00.
async fn up_to_the_summary(app: &TestApp, session: &str, name: &str, email: &str) {
    say(
        app,
        None,
        session,
        "quiero un corte de caballero el lunes a las 10",
    )
    .await;
    say(app, None, session, name).await;
    let summary = say(app, None, session, email).await;
    assert!(
        summary.contains("lunes 23 de noviembre") && summary.contains("10:00"),
        "{summary}"
    );
}

async fn mondays_citas(app: &TestApp) -> Vec<citabot_domain::booking::Cita> {
    app.store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads")
}

async fn history_len(app: &TestApp, session: &str) -> usize {
    let (_, history) = json_body(app.load_previous_session(session).await).await;
    history["data"].as_array().map_or(0, Vec::len)
}

async fn a_failed_turn_books_nothing_and_its_retry_books_once(backend: Backend) {
    let Some((app, _)) = salon(backend).await else {
        return;
    };
    up_to_the_summary(&app, "s-fault", "Pedro Sanz", "pedro@ejemplo.es").await;
    let before = history_len(&app, "s-fault").await;

    refuse_replies(&app).await;
    let failed = app.send_message("s-fault", "sí").await;
    assert!(failed.status().is_server_error(), "{}", failed.status());
    assert!(
        mondays_citas(&app).await.is_empty(),
        "the cita of a turn that failed must not be written"
    );
    assert_eq!(history_len(&app, "s-fault").await, before, "nothing stored");

    // The visitor sends the same "sí" again once the database is back: booked, once.
    accept_replies(&app).await;
    let reply = say(&app, None, "s-fault", "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");
    assert_eq!(mondays_citas(&app).await.len(), 1);

    // And once more, as after a reply lost on the way: the booking that exists, not another.
    let reply = say(&app, None, "s-fault", "sí").await;
    assert!(
        reply.contains("ya está reservada") && reply.contains("10:00"),
        "{reply}"
    );
    let citas = mondays_citas(&app).await;
    assert_eq!(citas.len(), 1, "{citas:?}");
}

#[tokio::test]
async fn a_failed_turn_books_nothing_and_its_retry_books_once_on_sqlite() {
    a_failed_turn_books_nothing_and_its_retry_books_once(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_failed_turn_books_nothing_and_its_retry_books_once_on_postgres() {
    a_failed_turn_books_nothing_and_its_retry_books_once(Backend::Postgres).await;
}

async fn an_unreadable_state_is_said_never_silently_reset(backend: Backend) {
    let Some((app, _)) = salon(backend).await else {
        return;
    };
    up_to_the_summary(&app, "s-broken", "Pedro Sanz", "pedro@ejemplo.es").await;
    let garbage = "UPDATE assistant_states SET state = '{\"step\": 42';";
    run_sql(&app, garbage, garbage).await;

    let reply = say(&app, None, "s-broken", "sí").await;
    assert!(
        reply.contains("no he podido recuperar") && reply.contains("empezar de nuevo"),
        "{reply}"
    );
    assert!(mondays_citas(&app).await.is_empty(), "nothing booked");
    // The state is still there to be looked at; only the visitor's say-so starts over.
    let reply = say(&app, None, "s-broken", "vale, empezar de nuevo").await;
    assert!(!reply.contains("no he podido recuperar"), "{reply}");
    let reply = say(
        &app,
        None,
        "s-broken",
        "quiero un corte de caballero el lunes a las 10",
    )
    .await;
    assert!(reply.contains("¿A nombre de quién"), "{reply}");
}

#[tokio::test]
async fn an_unreadable_state_is_said_never_silently_reset_on_sqlite() {
    an_unreadable_state_is_said_never_silently_reset(Backend::Sqlite).await;
}

#[tokio::test]
async fn an_unreadable_state_is_said_never_silently_reset_on_postgres() {
    an_unreadable_state_is_said_never_silently_reset(Backend::Postgres).await;
}

async fn a_guest_conversation_becomes_the_account_s_that_writes_in_it(backend: Backend) {
    let Some((app, logins)) = salon(backend).await else {
        return;
    };
    say(&app, None, "s-shared", "hola").await;
    let marta = sign_in(&app, &logins, "marta@cliente.example").await;
    let reply = say(&app, Some(&marta), "s-shared", "¿qué citas tengo?").await;
    assert!(!reply.is_empty());

    // Whoever started it without Marta's cookie can no longer read it, nor write in it.
    assert_eq!(history_len(&app, "s-shared").await, 0);
    let refused = app.send_message("s-shared", "hola otra vez").await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    // Marta reads the whole conversation.
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("cookie", marta.cookie_header())
        .header("x-csrf-token", &marta.csrf_token)
        .json(&json!({ "action": "loadPreviousSession", "sessionId": "s-shared" }))
        .send()
        .await
        .expect("answers");
    let (_, history) = json_body(response).await;
    assert_eq!(history["data"].as_array().map(Vec::len), Some(4));
}

#[tokio::test]
async fn a_guest_conversation_becomes_the_account_s_that_writes_in_it_on_sqlite() {
    a_guest_conversation_becomes_the_account_s_that_writes_in_it(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_guest_conversation_becomes_the_account_s_that_writes_in_it_on_postgres() {
    a_guest_conversation_becomes_the_account_s_that_writes_in_it(Backend::Postgres).await;
}

async fn a_guest_typing_an_account_s_email_gets_a_client_of_their_own(backend: Backend) {
    let Some((app, _)) = salon(backend).await else {
        return;
    };
    up_to_the_summary(&app, "s-laura", "Laura Gómez", "MARTA@cliente.example").await;
    let reply = say(&app, None, "s-laura", "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");

    let citas = mondays_citas(&app).await;
    let client = app
        .store
        .client(&citas[0].client_id)
        .await
        .expect("reads")
        .expect("exists");
    assert_eq!(
        (client.name.as_str(), client.user_id.as_deref()),
        ("Laura Gómez", None),
        "the typed name, on a client of no account"
    );
    assert_eq!(client.email.as_deref(), Some("marta@cliente.example"));
    let marta = app
        .store
        .user_credentials(
            &citabot_domain::account::Email::parse("marta@cliente.example").expect("valid"),
        )
        .await
        .expect("reads")
        .expect("the demo cliente");
    let martas_client = app
        .store
        .client_for_user(&marta.user.id)
        .await
        .expect("reads")
        .expect("the demo cliente has a client");
    assert_ne!(martas_client.id, client.id);
    assert!(martas_client.name.starts_with("Marta"), "{martas_client:?}");
}

#[tokio::test]
async fn a_guest_typing_an_account_s_email_gets_a_client_of_their_own_on_sqlite() {
    a_guest_typing_an_account_s_email_gets_a_client_of_their_own(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_guest_typing_an_account_s_email_gets_a_client_of_their_own_on_postgres() {
    a_guest_typing_an_account_s_email_gets_a_client_of_their_own(Backend::Postgres).await;
}

/// Twenty messages of one conversation sent at once: each is answered, none with a 5xx, and the
/// history pairs each message with its own reply (turns queue instead of failing when busy).
async fn messages_sent_together_are_answered_one_after_another(backend: Backend) {
    const MESSAGES: usize = 20;
    // The salon's default budget (30 a minute) holds all twenty.
    let Some((app, _)) = salon(backend).await else {
        return;
    };
    let sent: Vec<_> = (0..MESSAGES)
        .map(|at| {
            let (client, url) = (app.client.clone(), app.url("/api/n8n/chat"));
            tokio::spawn(async move {
                let body = json!({
                    "action": "sendMessage", "sessionId": "s-busy",
                    "chatInput": format!("¿cuánto cuesta un corte? ({at})")
                });
                let response = client.post(url).json(&body).send().await.expect("answers");
                response.status()
            })
        })
        .collect();
    for task in sent {
        assert_eq!(task.await.expect("the request ran"), StatusCode::OK);
    }
    let (_, history) = json_body(app.load_previous_session("s-busy").await).await;
    let messages = history["data"].as_array().expect("data is a list");
    assert_eq!(messages.len(), 2 * MESSAGES, "every message and its reply");
    for (at, pair) in messages.chunks(2).enumerate() {
        let kind = |item: &serde_json::Value| item["id"][2].as_str().unwrap_or_default().to_owned();
        assert_eq!(
            (kind(&pair[0]).as_str(), kind(&pair[1]).as_str()),
            ("HumanMessage", "AIMessage"),
            "turn {at}: a message, then its reply"
        );
        let reply = pair[1]["kwargs"]["content"].as_str().unwrap_or_default();
        assert!(reply.contains('€'), "turn {at} is answered: {reply}");
    }
}

#[tokio::test]
async fn messages_sent_together_are_answered_one_after_another_on_sqlite() {
    messages_sent_together_are_answered_one_after_another(Backend::Sqlite).await;
}

#[tokio::test]
async fn messages_sent_together_are_answered_one_after_another_on_postgres() {
    messages_sent_together_are_answered_one_after_another(Backend::Postgres).await;
}
