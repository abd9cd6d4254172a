//! Slow and greedy clients (REQUIREMENTS H13), over raw TCP on loopback: heads that never end,
//! idle connections, bodies that trickle, oversized URLs and header blocks, connection floods.
//! Every test is bounded in connections and time.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{Backend, TestApp};

/// Slack over a configured timeout before a test calls the server late: generous, since the
/// machine running the tests may be busy.
const SLACK: Duration = Duration::from_secs(4);

async fn spawn_with(adjust: impl FnOnce(&mut citabot_server::config::Settings)) -> TestApp {
    TestApp::spawn_on(Backend::Sqlite, adjust)
        .await
        .expect("SQLite is always available")
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address).await.expect("connect")
}

/// Waits until the server closes `stream` (end of file or reset) and returns how long that took;
/// panics if it stays open past `limit`. Whatever the server answered first is ignored.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Duration {
    let started = Instant::now();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((started + limit).into(), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => {}
            Err(_) => panic!("the server kept the connection open past {limit:?}"),
        }
    }
}

/// Sends `request` on a fresh connection and returns the status line and headers of the answer.
async fn raw_exchange(app: &TestApp, request: &[u8]) -> String {
    let mut stream = connect(app).await;
    // The server may answer and close before reading everything: a failed write is fine.
    let _ = stream.write_all(request).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn heads_sent_a_byte_at_a_time_are_cut_off_while_others_are_served() {
    let app = spawn_with(|settings| settings.header_read_timeout_secs = 2).await;
    let mut slow = Vec::new();
    for _ in 0..100 {
        let mut stream = connect(&app).await;
        stream.write_all(b"G").await.expect("first byte");
        slow.push(stream);
    }
    // A byte every second keeps each head alive as long as the server lets it.
    let trickle = tokio::spawn(async move {
        for byte in b"ET /healthz HTTP/1.1\r\nHost: x\r\n".iter().take(3) {
            tokio::time::sleep(Duration::from_secs(1)).await;
            for stream in &mut slow {
                let _ = stream.write_all(&[*byte]).await;
            }
        }
        slow
    });
    let started = Instant::now();
    let healthy = app.get("/healthz").await;
    assert_eq!(healthy.status(), StatusCode::OK);
    assert!(
        started.elapsed() < SLACK,
        "a normal request waited {:?} behind 100 slow ones",
        started.elapsed()
    );
    let mut slow = trickle.await.expect("trickle");
    for stream in &mut slow {
        closed_within(stream, Duration::from_secs(2) + SLACK).await;
    }
}

#[tokio::test]
async fn idle_keep_alive_connections_are_closed_after_the_header_timeout() {
    let app = spawn_with(|settings| settings.header_read_timeout_secs = 1).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: citabot\r\n\r\n")
        .await
        .expect("request");
    let mut answer = [0u8; 1024];
    let read = stream.read(&mut answer).await.expect("answer");
    assert!(
        answer[..read].starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer[..read])
    );
    // Then nothing more: the connection must not be kept for ever.
    closed_within(&mut stream, Duration::from_secs(1) + SLACK).await;
}

#[tokio::test]
async fn a_body_trickling_past_its_deadline_gets_408_and_frees_the_handler() {
    let app = spawn_with(|settings| settings.request_body_timeout_secs = 1).await;
    let mut stream = connect(&app).await;
    let head = format!(
        "POST /api/n8n/chat HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
        app.address
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let started = Instant::now();
    let mut answer = Vec::new();
    // One byte every 200 ms: steady, and far too slow for 1,000 bytes in a second.
    let outcome = tokio::time::timeout(Duration::from_secs(1) + SLACK, async {
        loop {
            tokio::select! {
                read = stream.read_buf(&mut answer) => {
                    if read.unwrap_or(0) == 0 || answer.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
                () = tokio::time::sleep(Duration::from_millis(200)) => {
                    let _ = stream.write_all(b" ").await;
                }
            }
        }
    })
    .await;
    assert!(
        outcome.is_ok(),
        "no answer {:?} after the deadline",
        started.elapsed()
    );
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("connection: close"),
        "{answer}"
    );
    closed_within(&mut stream, SLACK).await;

    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        // The scrape itself is the one request in flight.
        metrics
            .lines()
            .any(|line| line == "citabot_http_requests_in_flight 1"),
        "{metrics}"
    );
}

#[tokio::test]
async fn oversized_urls_and_header_blocks_are_refused() {
    let app = TestApp::spawn().await;
    let long_url = format!(
        "GET /{} HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    let answer = raw_exchange(&app, long_url.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414"), "{:.200}", answer);

    let big_headers = format!(
        "GET /healthz HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n{}\r\n",
        (0..8)
            .map(|i| format!("X-Filler-{i}: {}\r\n", "b".repeat(8 * 1024)))
            .collect::<String>()
    );
    let answer = raw_exchange(&app, big_headers.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{:.200}", answer);

    let many_headers = format!(
        "GET /healthz HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n{}\r\n",
        (0..1000)
            .map(|i| format!("X-Line-{i}: x\r\n"))
            .collect::<String>()
    );
    let answer = raw_exchange(&app, many_headers.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{:.200}", answer);

    // And the server still serves.
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn connections_past_the_per_address_cap_are_closed_and_places_come_back() {
    let app = spawn_with(|settings| settings.max_connections_per_address = 3).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut stream = connect(&app).await;
        // A complete request, so each connection is surely accepted before the next one.
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: citabot\r\n\r\n")
            .await
            .expect("request");
        let mut answer = [0u8; 256];
        let read = stream.read(&mut answer).await.expect("answer");
        assert!(answer[..read].starts_with(b"HTTP/1.1 200"));
        held.push(stream);
    }
    let mut refused = connect(&app).await;
    let _ = refused
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: citabot\r\n\r\n")
        .await;
    closed_within(&mut refused, SLACK).await;

    drop(held.pop());
    // The server notices the close when it next reads; give it a moment, then try again.
    let mut served = false;
    for _ in 0..50 {
        let mut stream = connect(&app).await;
        let _ = stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: citabot\r\nConnection: close\r\n\r\n")
            .await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(SLACK, stream.read_to_end(&mut answer)).await;
        if answer.starts_with(b"HTTP/1.1 200") {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(served, "a freed place was never given to a new connection");
}
