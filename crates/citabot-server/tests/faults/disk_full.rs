//! The disk under the SQLite file runs full (a size-limited tmpfs, filled by the test): every
//! write — a chat message, a sign-up, a sign-in, a sign-out — is 503 with `Retry-After` and a
//! sentence, never a 500; and once space is freed the same server answers again by itself, no
//! restart.
//!
//! Mounting a tmpfs needs root. Without it the case prints that it was skipped, unless
//! `CITABOT_TEST_TMPFS=required` (set by CI) makes that a failure.

use std::io::Write;
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::browser::{browser, origin, post, sign_in, signed_in};
use crate::server::{Chat, Server};

const EMAIL: &str = "lucia@lleno.example";
const PASSWORD: &str = "una contraseña larga";

/// A tmpfs of `size` mounted on a temporary folder, unmounted when dropped.
struct Tmpfs {
    folder: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Option<Self> {
        let folder = tempfile::tempdir().expect("temporary folder");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(folder.path())
            .status()
            .is_ok_and(|status| status.success());
        if mounted {
            return Some(Self { folder });
        }
        let required = std::env::var("CITABOT_TEST_TMPFS").is_ok_and(|value| value == "required");
        assert!(!required, "cannot mount a tmpfs (root is needed)");
        println!(
            "SKIPPED: cannot mount a tmpfs (root is needed); set CITABOT_TEST_TMPFS=required to fail instead"
        );
        None
    }

    fn path(&self) -> &Path {
        self.folder.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.folder.path())
            .status();
    }
}

/// Writes a file in `folder` until the file system has no space left; answers its path.
fn fill(folder: &Path) -> PathBuf {
    let path = folder.join("filler");
    let mut file = std::fs::File::create(&path).expect("create the filler");
    for chunk in [1 << 20, 4096, 512] {
        let bytes = vec![0_u8; chunk];
        while file.write_all(&bytes).is_ok() {}
    }
    path
}

/// Asserts that `status` is what a full disk may answer: 200 (the write fitted) or 503.
fn fitted_or_refused(status: StatusCode, what: &str, server: &Server) -> bool {
    assert!(
        status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE,
        "{what} on a full disk: {status}\n{}",
        server.log_tail(15)
    );
    status == StatusCode::OK
}

/// Sends messages in fresh conversations until one is refused; answers that refusal.
async fn first_refusal(chat: &Chat, server: &Server) -> (usize, crate::server::Answer) {
    for attempt in 0..2000 {
        let answer = chat
            .send(
                &format!("lleno-{attempt}"),
                "hola, quiero un corte el lunes",
            )
            .await
            .expect("an answer, not a dropped connection");
        if !fitted_or_refused(answer.status, "a chat message", server) {
            return (attempt, answer);
        }
    }
    panic!("2000 conversations fitted on a full disk")
}

#[tokio::test]
async fn a_full_disk_is_503_everywhere_and_recovers_without_a_restart() {
    let Some(disk) = Tmpfs::mount("16m") else {
        return;
    };
    let logs = tempfile::tempdir().expect("temporary folder");
    let url = format!("sqlite://{}", disk.path().join("citabot.db").display());
    let server = Server::start(&url, logs.path(), "server").await;
    let chat = server.chat();
    let client = browser(Ipv4Addr::LOCALHOST);
    let signup = |email: &str| {
        json!({ "email": email, "password": PASSWORD, "firstName": "Lucía",
                "lastName": "Ramos", "phone": "+34 600 111 222" })
    };
    let response = client
        .post(format!("{}/api/auth/signup", origin(&server)))
        .header("origin", origin(&server))
        .json(&signup(EMAIL))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::CREATED);
    let lucia = signed_in(response).await;
    let first = chat.send("antes", "hola").await.expect("answers");
    assert_eq!(first.status, StatusCode::OK, "{first:?}");

    let filler = fill(disk.path());
    let (fitted, refused) = first_refusal(&chat, &server).await;
    assert!(
        refused.retry_after.is_some(),
        "503 without Retry-After: {refused:?}"
    );
    let sentence = refused.body["message"].as_str().unwrap_or_default();
    assert!(
        sentence.contains("Vuelve a intentarlo"),
        "a sentence for the visitor: {refused:?}"
    );

    // Every kind of write answers the same while the disk is full.
    let form = signup("otra@lleno.example");
    let credentials = json!({ "email": EMAIL, "password": PASSWORD });
    for (path, who, body, what) in [
        ("/api/auth/signup", None, &form, "a sign-up"),
        ("/api/auth/login", None, &credentials, "a sign-in"),
        ("/api/auth/logout", Some(&lucia), &json!({}), "a sign-out"),
    ] {
        let response = client
            .post(format!("{}{path}", origin(&server)))
            .header("origin", origin(&server))
            .header("cookie", who.map_or("", |who| who.cookie.as_str()))
            .header("x-csrf-token", who.map_or("", |who| who.csrf.as_str()))
            .json(body)
            .send()
            .await
            .expect("an answer");
        assert_eq!(
            response.status(),
            StatusCode::SERVICE_UNAVAILABLE,
            "{what} on a full disk\n{}",
            server.log_tail(10)
        );
        assert!(
            response.headers().contains_key("retry-after"),
            "{what}: 503 without Retry-After"
        );
        let body: serde_json::Value = response.json().await.expect("JSON");
        assert_eq!(body["error"]["code"], "unavailable", "{what}: {body}");
    }

    std::fs::remove_file(&filler).expect("free the space");
    let attempts = server
        .recovers(
            "a chat message after space was freed",
            Duration::from_millis(200),
            || async {
                let answer = chat.send("vuelta", "hola").await.expect("an answer");
                if fitted_or_refused(
                    answer.status,
                    "a chat message after space is freed",
                    &server,
                ) {
                    Ok(())
                } else {
                    Err(format!("{answer:?}"))
                }
            },
        )
        .await;
    let ready = chat.get("/readyz").await.expect("/readyz answers");
    assert_eq!(
        ready.status,
        StatusCode::OK,
        "{ready:?}\n{}",
        server.log_tail(10)
    );
    let again = sign_in(&client, &server, EMAIL, PASSWORD).await;
    let (status, body) = post(
        &client,
        &server,
        Some(&again),
        "/api/auth/logout",
        &json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, body) = post(
        &client,
        &server,
        None,
        "/api/auth/signup",
        &signup("otra@lleno.example"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        chat.history("antes").await.len(),
        2,
        "what was there is intact"
    );

    assert!(
        !server.log_tail(usize::MAX).contains("panicked"),
        "{}",
        server.log_tail(20)
    );
    println!(
        "disk full under the SQLite file: {fitted} more conversation(s) fitted, then the chat was \
         503 (Retry-After {}, {sentence:?}), and so were sign-up, sign-in and sign-out; space \
         freed: answered again after {attempts} attempt(s), ready, sign-in, sign-out and sign-up \
         work, no restart",
        refused.retry_after.as_deref().unwrap_or_default()
    );
}
