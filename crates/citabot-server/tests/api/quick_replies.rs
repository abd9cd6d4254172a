//! Quick replies and the summary card on the wire (docs/PROTOCOL.md, "Quick replies and
//! cards"): beside `output` in a JSON answer, in the `end` line's metadata of a stream, relayed
//! as a workflow sends them, and never in history. The demo salon; the test clock says Friday
//! 2026-11-20, 10:30 in Madrid.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::booking::seed_demo;
use crate::helpers::{Backend, TestApp, json_body};

async fn send(app: &TestApp, session_id: &str, text: &str) -> Value {
    let (status, body): (StatusCode, Value) = json_body(
        app.chat(&json!({
            "action": "sendMessage", "sessionId": session_id, "chatInput": text,
            "metadata": { "currentDate": "2026-11-20" },
        }))
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn labels(taps: &Value) -> Vec<&str> {
    taps.as_array()
        .map(|taps| {
            taps.iter()
                .filter_map(|tap| tap["label"].as_str())
                .collect()
        })
        .unwrap_or_default()
}

async fn tapped_through(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    seed_demo(&app).await;
    let offer = send(&app, "s-taps", "quiero un corte de caballero el lunes").await;
    let times = labels(&offer["suggestions"]);
    assert!(times.len() >= 2, "{offer}");
    let output = offer["output"].as_str().expect("text");
    for time in &times {
        // The text carries the same choices, for n8n's widget and for history.
        assert!(output.contains(time), "{time} in {output}");
    }
    assert!(offer.get("card").is_none(), "{offer}");
    let tap = offer["suggestions"][1]["value"]
        .as_str()
        .expect("a value")
        .to_owned();
    let asked = send(&app, "s-taps", &tap).await;
    assert!(
        asked["output"]
            .as_str()
            .unwrap_or_default()
            .contains("¿A nombre de quién"),
        "{asked}"
    );
    // A question to type the answer to offers nothing to tap.
    assert!(
        asked.get("suggestions").is_none() && asked.get("card").is_none(),
        "{asked}"
    );
    send(&app, "s-taps", "Pedro Sanz").await;
    let summary = send(&app, "s-taps", "pedro@ejemplo.es").await;
    let card = &summary["card"];
    assert_eq!(card["title"], "Resumen de tu cita", "{summary}");
    let text = summary["output"].as_str().expect("text");
    for row in card["rows"].as_array().expect("rows") {
        let line = format!(
            "- **{}**: {}",
            row["label"].as_str().expect("a label"),
            row["value"].as_str().expect("a value")
        );
        assert!(text.contains(&line), "{line} in {text}");
    }
    assert!(text.contains(&format!("**Hora**: {}–", times[1])), "{text}");
    assert_eq!(labels(&card["actions"]), ["Confirmar", "Cambiar"]);
    // A reload while the booking waits brings the card back with its buttons, beside the
    // history n8n's widget reads.
    let (_, waiting) = json_body(app.load_previous_session("s-taps").await).await;
    assert_eq!(waiting["card"], *card, "{waiting}");
    assert!(waiting.get("suggestions").is_none(), "{waiting}");
    let confirm = card["actions"][0]["value"].as_str().expect("a value");
    let booked = send(&app, "s-taps", confirm).await;
    assert!(
        booked["output"]
            .as_str()
            .unwrap_or_default()
            .contains("¡Hecho!"),
        "{booked}"
    );
    let citas = app
        .store
        .citas_between(
            time::macros::date!(2026 - 11 - 23),
            time::macros::date!(2026 - 11 - 24),
        )
        .await
        .expect("reads");
    let ours: Vec<_> = citas
        .iter()
        .filter(|cita| cita.chat_session_id.as_deref() == Some("s-taps"))
        .collect();
    assert_eq!(ours.len(), 1, "{citas:?}");
    assert_eq!(
        citabot_domain::booking::format_minutes(ours[0].start_min),
        times[1]
    );

    // What was tapped reads as the visitor's words; once booked, the card is gone, and what
    // the booked reply offers comes back with it (the same as its answer carried).
    let (_, history) = json_body(app.load_previous_session("s-taps").await).await;
    assert!(history.get("card").is_none(), "{history}");
    assert_eq!(
        history.get("suggestions"),
        booked.get("suggestions"),
        "{history}"
    );
    assert!(history.to_string().contains(&tap), "{history}");
}

#[tokio::test]
async fn taps_book_a_cita_on_sqlite() {
    tapped_through(Backend::Sqlite).await;
}

#[tokio::test]
async fn taps_book_a_cita_on_postgres() {
    tapped_through(Backend::Postgres).await;
}

#[tokio::test]
async fn a_stream_carries_the_taps_on_its_end_line() {
    let app = TestApp::spawn_on(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite");
    seed_demo(&app).await;
    let response = app
        .client
        .post(app.url("/api/n8n/chat"))
        .header("accept", "text/plain")
        .json(&json!({ "action": "sendMessage", "sessionId": "s-stream-taps", "chatInput": "quiero reservar" }))
        .send()
        .await
        .expect("answers");
    let body = response.text().await.expect("a body");
    let lines: Vec<Value> = body
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 3, "{body}");
    for line in &lines[..2] {
        assert!(line["metadata"].get("suggestions").is_none(), "{line}");
    }
    let services = labels(&lines[2]["metadata"]["suggestions"]);
    assert_eq!(lines[2]["type"], "end");
    assert!(services.contains(&"Corte de caballero"), "{services:?}");
    for service in &services {
        assert!(
            lines[1]["content"]
                .as_str()
                .unwrap_or_default()
                .to_lowercase()
                .contains(&service.to_lowercase()),
            "{service}"
        );
    }
}
