//! The MCP server driven by an independent client: the official Python SDK (`mcp`, pinned in
//! `tests/mcp/requirements.txt`, installed by `make mcp-venv`) runs `tests/mcp/client.py`
//! against a real server, in the SDK's own negotiation (it probes `server/discover` at the
//! newest revision, 2026-07-28, and speaks it, with no handshake) and in the initialize
//! handshake alone (2025-11-25). Skipped, saying so, when
//! the venv is missing, unless `CITABOT_TEST_MCP=required`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::booking::seed_demo;
use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, TestApp};

/// The venv's Python, or `None` after printing why when it is missing and not required.
fn python() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/mcp-venv/bin/python3");
    let ready = Command::new(&path)
        .args(["-c", "import mcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if ready {
        return Some(path);
    }
    let required = std::env::var("CITABOT_TEST_MCP").is_ok_and(|value| value == "required");
    assert!(
        !required,
        "the MCP SDK is required but {} cannot import it: run `make mcp-venv`",
        path.display()
    );
    eprintln!(
        "SKIPPED: no MCP SDK at {} (run `make mcp-venv`); set CITABOT_TEST_MCP=required to fail instead",
        path.display()
    );
    None
}

/// Runs one scenario of `client.py`; its exit code and the JSON object it printed.
async fn client(python: &Path, arguments: &[&str]) -> (i32, Value) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/client.py");
    let mut command = Command::new(python);
    command.arg(script).args(arguments);
    let output = tokio::task::spawn_blocking(move || command.output())
        .await
        .expect("joins")
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let printed = serde_json::from_str(stdout.trim()).unwrap_or_else(
        |_| json!({"stdout": stdout, "stderr": String::from_utf8_lossy(&output.stderr)}),
    );
    (output.status.code().unwrap_or(-1), printed)
}

/// The capability a relayed message of `session` carried.
async fn capability(app: &TestApp, fake: &FakeN8n, session: &str) -> Value {
    let body =
        json!({"action": "sendMessage", "sessionId": session, "chatInput": "hola, quiero cita"});
    assert!(app.chat(&body).await.status().is_success());
    fake.received().last().expect("relayed").body["metadata"]["citabot"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_python_sdk_books_moves_cancels_and_is_refused_elsewhere() {
    let Some(python) = python() else {
        return;
    };
    let (fake, address) = FakeN8n::start().await;
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
    })
    .await
    .expect("SQLite");
    seed_demo(&app).await;
    let guest = capability(&app, &fake, "sdk-guest").await;
    let url = guest["mcpUrl"].as_str().expect("an URL");

    let (code, listed) = client(&python, &["--url", url, "--scenario", "tools"]).await;
    assert_eq!(code, 0, "{listed}");
    let names = listed["tools"].as_array().expect("names");
    assert_eq!(names.len(), 11, "{listed}");

    let (code, booked) = client(
        &python,
        &["--url", url, "--scenario", "book", "--date", "2026-11-24"],
    )
    .await;
    assert_eq!(code, 0, "{booked}");
    assert_eq!(
        booked["protocolVersion"], "2026-07-28",
        "the SDK's own negotiation finds the newest revision: {booked}"
    );
    assert_eq!(booked["server"]["name"], "citabot", "{booked}");
    let cita = booked["cita"]["id"].as_str().expect("a cita").to_owned();
    assert_eq!(booked["cancelled"]["status"], "cancelada", "{booked}");

    // The handshake alone (as n8n's SDK and the 1.x SDK connect), in another conversation.
    let legacy = capability(&app, &fake, "sdk-legacy").await;
    let legacy_url = legacy["mcpUrl"].as_str().expect("an URL");
    let (code, again) = client(
        &python,
        &[
            "--url",
            legacy_url,
            "--scenario",
            "book",
            "--date",
            "2026-11-24",
            "--mode",
            "legacy",
        ],
    )
    .await;
    assert_eq!(code, 0, "{again}");
    assert_eq!(again["protocolVersion"], "2025-11-25", "{again}");
    assert_ne!(
        again["cita"]["id"].as_str(),
        Some(cita.as_str()),
        "each conversation books its own"
    );

    // Another conversation may neither see nor cancel the first one's cita.
    let (code, refused) = client(
        &python,
        &[
            "--url",
            legacy_url,
            "--scenario",
            "refused",
            "--cita",
            &cita,
        ],
    )
    .await;
    assert_eq!(code, 0, "{refused}");
    assert_eq!(
        refused["cancelCita"]["text"], "Esa cita no existe.",
        "{refused}"
    );

    // No credential, a tampered one, and one that has expired.
    let bare = app.url("/mcp");
    let (code, printed) = client(&python, &["--url", &bare, "--scenario", "unauthorised"]).await;
    assert_eq!(code, 0, "{printed}");
    let token = guest["token"].as_str().expect("a token");
    let last = if token.ends_with('x') { 'y' } else { 'x' };
    let tampered = format!("{}{last}", &token[..token.len() - 1]);
    let (code, printed) = client(
        &python,
        &[
            "--url",
            &bare,
            "--bearer",
            &tampered,
            "--scenario",
            "unauthorised",
        ],
    )
    .await;
    assert_eq!(code, 0, "{printed}");
    app.clock.advance(time::Duration::hours(3));
    let (code, printed) = client(&python, &["--url", url, "--scenario", "unauthorised"]).await;
    assert_eq!(code, 0, "{printed}");
}
