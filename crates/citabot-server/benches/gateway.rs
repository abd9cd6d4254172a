//! `make bench` (gateway part): the chat gateway under load on loopback, printed, never asserted.
//!
//! 1. `sendMessage` turns per second and p50/p99 latency through the minimal responder at
//!    concurrency 1, 16 and 64 (SQLite, a fresh database), then through the booking assistant
//!    on the demo salon (every turn loads the agenda and keeps its state) on SQLite and, when
//!    reachable, PostgreSQL.
//! 2. The proxy's added latency: a local upstream called directly, then through the gateway.
//! 3. Idle live channels: memory per open WebSocket, as channels per GiB.
//!
//! Client and server share this process (and its two cores), so absolute numbers are lower
//! bounds; compare ratios within one run. Each phase is bounded in time.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use citabot_domain::clock::SystemClock;
use citabot_server::app::Application;
use citabot_server::config::{ReplyMode, Settings};
use serde_json::json;

const PHASE: Duration = Duration::from_secs(4);

#[tokio::main]
async fn main() {
    let folder = tempfile::tempdir().expect("temporary folder");
    println!("citabot gateway benchmark (loopback, client and server in one process)");

    let local = start(sqlite(&folder, "local.db"), false, |_| {}).await;
    for concurrency in [1, 16, 64] {
        let report = load(&format!("http://{local}/api/n8n/chat"), concurrency).await;
        print_load("responder sendMessage", concurrency, &report);
    }
    let sqlite_salon = start(sqlite(&folder, "salon.db"), true, |_| {}).await;
    for concurrency in [1, 16] {
        let report = load(&format!("http://{sqlite_salon}/api/n8n/chat"), concurrency).await;
        print_load("assistant SQLite     ", concurrency, &report);
    }
    match citabot_store_postgres::testing::TestDatabase::create().await {
        Some(database) => {
            let pg_salon = start(database.url().to_owned(), true, |_| {}).await;
            for concurrency in [1, 16] {
                let report = load(&format!("http://{pg_salon}/api/n8n/chat"), concurrency).await;
                print_load("assistant PostgreSQL ", concurrency, &report);
            }
        }
        None => println!("assistant PostgreSQL : skipped, no PostgreSQL reachable"),
    }

    let upstream = echo_upstream().await;
    let proxied = start(sqlite(&folder, "proxied.db"), false, |settings| {
        settings.webhook_url = Some(format!("http://{upstream}/webhook/bench/chat"));
    })
    .await;
    let direct = load(&format!("http://{upstream}/webhook/bench/chat"), 1).await;
    let through = load(&format!("http://{proxied}/api/n8n/chat"), 1).await;
    println!(
        "proxy c=1: upstream direct p50 {:.2} ms, through the gateway p50 {:.2} ms: added {:.2} ms (p99 {:.2} → {:.2} ms)",
        direct.p50_ms,
        through.p50_ms,
        through.p50_ms - direct.p50_ms,
        direct.p99_ms,
        through.p99_ms
    );

    // One address opens every channel here: lift the per-address and per-visitor caps.
    let live = start(sqlite(&folder, "live.db"), false, |settings| {
        settings.chat_reply_mode = ReplyMode::Live;
        settings.live_channels_per_visitor = 10_000;
        settings.max_connections_per_address = 10_000;
    })
    .await;
    idle_channels(&live, 1_000).await;
}

/// A server on `database_url`; with `demo`, the demo salon is seeded so the assistant answers.
async fn start(database_url: String, demo: bool, adjust: impl FnOnce(&mut Settings)) -> SocketAddr {
    let mut settings = Settings {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url,
        chat_messages_per_minute: u32::MAX,
        ..Settings::default()
    };
    adjust(&mut settings);
    let store = citabot_server::database::open(&settings)
        .await
        .expect("database");
    if demo {
        citabot_server::demo::seed_if_empty(store.as_ref(), &SystemClock)
            .await
            .expect("demo data");
    }
    let app = Application::build(&settings, store, Arc::new(SystemClock))
        .await
        .expect("bind");
    let address = app.local_addr();
    tokio::spawn(app.run_until(std::future::pending()));
    address
}

fn sqlite(folder: &tempfile::TempDir, file: &str) -> String {
    format!("sqlite://{}", folder.path().join(file).display())
}

fn print_load(what: &str, concurrency: usize, report: &Report) {
    println!(
        "{what} c={concurrency:>2}: {:>7.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>7.2} ms  ({} requests)",
        report.per_second, report.p50_ms, report.p99_ms, report.max_ms, report.count
    );
}

struct Report {
    count: usize,
    per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

/// `concurrency` workers send `sendMessage` for `PHASE`, each in its own conversation.
async fn load(url: &str, concurrency: usize) -> Report {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let workers = (0..concurrency).map(|worker| {
        let (client, url) = (client.clone(), url.to_owned());
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            let session = format!("bench-{worker}-{}", std::process::id());
            while started.elapsed() < PHASE {
                let body = json!({ "action": "sendMessage", "sessionId": session, "chatInput": "hola, ¿tenéis hueco el viernes?" });
                let sent = Instant::now();
                let response = client.post(&url).json(&body).send().await.expect("answers");
                assert!(response.status().is_success(), "{}", response.status());
                response.bytes().await.expect("body");
                latencies.push(sent.elapsed());
            }
            latencies
        })
    });
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.expect("worker"));
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let percentile = |p: f64| {
        latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)].as_secs_f64()
            * 1000.0
    };
    Report {
        count: latencies.len(),
        per_second: latencies.len() as f64 / elapsed,
        p50_ms: percentile(0.50),
        p99_ms: percentile(0.99),
        max_ms: latencies
            .last()
            .map_or(0.0, |max| max.as_secs_f64() * 1000.0),
    }
}

/// The smallest n8n stand-in: answers every message with `{"output": ...}` at once.
async fn echo_upstream() -> SocketAddr {
    let app = axum::Router::new().fallback(|| async { axum::Json(json!({ "output": "echo" })) });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

/// Opens `count` live channels and leaves them idle; prints the resident memory they cost.
async fn idle_channels(address: &SocketAddr, count: usize) {
    let client = reqwest::Client::new();
    let before = resident_bytes();
    let mut sockets = Vec::with_capacity(count);
    for i in 0..count {
        let body = json!({ "action": "sendMessage", "sessionId": format!("idle-{i}"), "chatInput": "hola" });
        let started: serde_json::Value = client
            .post(format!("http://{address}/api/n8n/chat"))
            .json(&body)
            .send()
            .await
            .expect("answers")
            .json()
            .await
            .expect("JSON");
        let url = format!(
            "ws://{address}/chat?sessionId=idle-{i}&executionId={}&isPublic=true&token={}",
            started["executionId"].as_str().expect("id"),
            started["resumeToken"].as_str().expect("token")
        );
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        sockets.push(socket);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let per_channel = resident_bytes().saturating_sub(before) as f64 / count as f64;
    println!(
        "idle live channels: {count} open, {:.1} KiB each (server and client together) → about {:.0} per GiB",
        per_channel / 1024.0,
        (1u64 << 30) as f64 / per_channel.max(1.0)
    );
    drop(sockets);
}

fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|value| {
                    value
                        .trim()
                        .trim_end_matches(" kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        })
        .map_or(0, |kib| kib * 1024)
}
