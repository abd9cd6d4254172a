//! The SQLite file write-locked by another process for longer than the server's busy timeout
//! (5 s): a chat message and a sign-in are 503 with `Retry-After` and a sentence (never a 500),
//! `/readyz` says
//! unavailable while the lock is held, and both recover once it is released.

use std::time::Duration;

use std::net::Ipv4Addr;

use reqwest::StatusCode;
use serde_json::json;
use sqlx::{Connection, SqliteConnection};

use crate::browser::{browser, post, sign_in};
use crate::database::{Backend, Database};
use crate::server::Server;

const SESSION: &str = "lock-1";
const EMAIL: &str = "lucia@bloqueo.example";
const PASSWORD: &str = "una contraseña larga";

#[tokio::test]
async fn a_write_locked_sqlite_file_is_503_then_recovers() {
    let database = Database::create(Backend::Sqlite)
        .await
        .expect("SQLite is always there");
    let server = Server::start(database.url(), database.folder.path(), "server").await;
    let chat = server.chat();
    let hello = chat.send(SESSION, "hola").await.expect("answers");
    assert_eq!(hello.status, StatusCode::OK, "{hello:?}");
    let client = browser(Ipv4Addr::LOCALHOST);
    let account = json!({ "email": EMAIL, "password": PASSWORD, "firstName": "Lucía",
                          "lastName": "Ramos", "phone": "+34 600 111 222" });
    let (status, body) = post(&client, &server, None, "/api/auth/signup", &account).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Another process's writer: the write lock taken, a write made, the transaction left open.
    let mut holder = SqliteConnection::connect(database.url())
        .await
        .expect("the test opens the file");
    sqlx::raw_sql(
        "BEGIN IMMEDIATE; CREATE TABLE fault_lock (held INTEGER); INSERT INTO fault_lock VALUES (1);",
    )
    .execute(&mut holder)
    .await
    .expect("take the write lock");

    let ready = chat.get("/readyz").await.expect("/readyz answers");
    assert_eq!(
        ready.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "/readyz while no write can start: {ready:?}"
    );
    assert_eq!(ready.body["status"], "unavailable", "{ready:?}");

    let request = "quiero un corte de caballero el lunes a las 10";
    let refused = chat
        .send(SESSION, request)
        .await
        .expect("an answer, not a dropped connection");
    assert_eq!(
        refused.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "a message while the file is locked: {refused:?}\n{}",
        server.log_tail(10)
    );
    assert!(
        refused.retry_after.is_some(),
        "503 without Retry-After: {refused:?}"
    );
    let sentence = refused.body["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        sentence.contains("Vuelve a intentarlo"),
        "a sentence for the visitor: {refused:?}"
    );
    // Signing in writes a session: the same answer, after the same wait.
    let credentials = json!({ "email": EMAIL, "password": PASSWORD });
    let (status, body) = post(&client, &server, None, "/api/auth/login", &credentials).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (StatusCode::SERVICE_UNAVAILABLE, &json!("unavailable")),
        "a sign-in while the file is locked: {body}"
    );
    // Readers are not blocked by a writer (WAL): the history still loads.
    let history_under_lock = chat.history(SESSION).await.len();
    assert_eq!(history_under_lock, 2);
    let still = chat.get("/readyz").await.expect("/readyz answers");
    assert_eq!(still.status, StatusCode::SERVICE_UNAVAILABLE, "{still:?}");

    sqlx::raw_sql("ROLLBACK")
        .execute(&mut holder)
        .await
        .expect("release the lock");
    holder.close().await.expect("close the test's connection");

    let probes = server
        .recovers("/readyz", Duration::from_millis(100), || async {
            let ready = chat.get("/readyz").await.expect("/readyz answers");
            if ready.status == StatusCode::OK {
                Ok(())
            } else {
                Err(format!("{ready:?}"))
            }
        })
        .await;
    let answered = chat.send(SESSION, request).await.expect("answers");
    assert_eq!(
        answered.status,
        StatusCode::OK,
        "after the lock: {answered:?}"
    );
    sign_in(&client, &server, EMAIL, PASSWORD).await;
    let history = chat.history(SESSION).await;
    assert_eq!(
        history.len(),
        4,
        "the refused message was not stored, the answered one was: {history:#?}"
    );
    println!(
        "SQLite file write-locked by another process: /readyz 503 while held, the chat message \
         503 (Retry-After {}, {sentence:?}), history still readable ({history_under_lock} \
         messages), a sign-in 503 too; released: ready again after {probes} probe(s), the message \
         answered 200, the sign-in too, nothing of the refused turn stored",
        refused.retry_after.as_deref().unwrap_or_default(),
    );
}
