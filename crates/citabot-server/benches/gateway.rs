//! `make bench` (gateway part): the chat gateway under load on loopback, printed, never asserted.
//!
//! 1. `sendMessage` turns per second and p50/p99 latency at concurrency 1, 16 and 64: an axum
//!    handler answering at once (the floor, beside which the others are given as ratios), the
//!    minimal responder (SQLite, a fresh database), then the booking assistant on the demo salon
//!    (every turn loads the agenda and keeps its state) on SQLite and, when reachable,
//!    PostgreSQL.
//! 2. The agent tools through `/mcp` with an API key (`find_free_times` over a week, then
//!    `book_cita` into free times one after another), beside a built-in chat turn on the same
//!    server, at concurrency 1.
//! 3. The proxy's added latency: a local upstream called directly, then through the gateway.
//! 4. Idle live channels: the memory the release binary (its own process) spends on each open
//!    WebSocket, as channels per GiB.
//! 5. The release binary's start, on an empty and on an existing SQLite database.
//!
//! Client and server share this process (and its two cores), so absolute numbers are lower
//! bounds; compare ratios within one run. Each phase is bounded in time.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use citabot_domain::clock::SystemClock;
use citabot_server::app::Application;
use citabot_server::config::Settings;
use serde_json::json;

const PHASE: Duration = Duration::from_secs(4);

#[tokio::main]
async fn main() {
    let folder = tempfile::tempdir().expect("temporary folder");
    // `cargo bench --bench gateway -- channels`: the idle channels only.
    if std::env::args().any(|arg| arg == "channels") {
        idle_channels(&folder, 1_000).await;
        return;
    }
    println!("citabot gateway benchmark (loopback, client and server in one process)");

    // The floor: an axum handler that answers at once, beside which every figure is read.
    let echo = echo_upstream().await;
    let mut floor = Vec::new();
    for concurrency in [1, 16, 64] {
        let report = load(&format!("http://{echo}/webhook/bench/chat"), concurrency).await;
        print_load("axum echo            ", concurrency, &report, None);
        floor.push(report.per_second);
    }
    let local = start(sqlite(&folder, "local.db"), false, |_| {}).await;
    for (concurrency, echo) in [1, 16, 64].into_iter().zip(&floor) {
        let report = load(&format!("http://{local}/api/n8n/chat"), concurrency).await;
        print_load("responder sendMessage", concurrency, &report, Some(*echo));
    }
    let sqlite_salon = start(sqlite(&folder, "salon.db"), true, |_| {}).await;
    for (concurrency, echo) in [1, 16, 64].into_iter().zip(&floor) {
        let report = load(&format!("http://{sqlite_salon}/api/n8n/chat"), concurrency).await;
        print_load("assistant SQLite     ", concurrency, &report, Some(*echo));
    }
    match citabot_store_postgres::testing::TestDatabase::create().await {
        Some(database) => {
            let pg_salon = start(database.url().to_owned(), true, |_| {}).await;
            for (concurrency, echo) in [1, 16, 64].into_iter().zip(&floor) {
                let report = load(&format!("http://{pg_salon}/api/n8n/chat"), concurrency).await;
                print_load("assistant PostgreSQL ", concurrency, &report, Some(*echo));
            }
        }
        None => println!("assistant PostgreSQL : skipped, no PostgreSQL reachable"),
    }
    start_times(&folder).await;

    agent_tools(&folder).await;

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

    idle_channels(&folder, 1_000).await;
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
    tokio::spawn(app.run_until(std::future::pending::<()>()));
    address
}

fn sqlite(folder: &tempfile::TempDir, file: &str) -> String {
    format!("sqlite://{}", folder.path().join(file).display())
}

fn print_load(what: &str, concurrency: usize, report: &Report, echo: Option<f64>) {
    let beside = echo.map_or(String::new(), |echo| {
        format!("  ({:.4}× the echo)", report.per_second / echo)
    });
    println!(
        "{what} c={concurrency:>2}: {:>7.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>7.2} ms  ({} requests){beside}",
        report.per_second, report.p50_ms, report.p99_ms, report.max_ms, report.count
    );
}

/// The release binary started on an empty SQLite database (migrations and the demo salon
/// written) and on an existing one, until it says it serves: the median of three, and its
/// resident memory then.
async fn start_times(folder: &tempfile::TempDir) {
    let mut empty = Vec::new();
    let mut existing = Vec::new();
    for round in 0..3 {
        let url = sqlite(folder, &format!("start-{round}.db"));
        empty.push(serve_until_ready(&url).await);
        existing.push(serve_until_ready(&url).await);
    }
    for (what, mut runs) in [
        ("an empty database   ", empty),
        ("an existing database", existing),
    ] {
        runs.sort_by_key(|run| run.0);
        let (took, resident) = runs[1];
        println!(
            "start on {what}: ready in {:.0} ms (median of 3), {:.1} MiB resident",
            took.as_secs_f64() * 1000.0,
            resident as f64 / (1 << 20) as f64
        );
    }
}

/// Starts `citabot serve` on `url`; answers how long it took to say it serves, and its
/// resident memory then.
async fn serve_until_ready(url: &str) -> (Duration, u64) {
    let started = Instant::now();
    let mut serving = Released::serve(url, &[("CITABOT_LOG_FORMAT", "json")]).await;
    let took = started.elapsed();
    let resident = serving.resident_bytes();
    serving.stop();
    (took, resident)
}

/// The release binary serving in its own process, so that its memory is its own.
struct Released {
    child: std::process::Child,
    address: SocketAddr,
}

impl Released {
    /// `citabot serve` on `url` with the variables `env`, once it says where it serves.
    async fn serve(url: &str, env: &[(&str, &str)]) -> Self {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_citabot"));
        command
            .arg("serve")
            .env("CITABOT_DATABASE_URL", url)
            .env("CITABOT_LISTEN", "127.0.0.1:0")
            // The benchmark books times of its own: no demo week in its way.
            .env("CITABOT_DEMO_WEEK", "false")
            .envs(env.iter().copied())
            // The log goes to stderr.
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        tokio::task::spawn_blocking(move || {
            use std::io::BufRead;
            let mut child = command.spawn().expect("citabot starts");
            let mut log = std::io::BufReader::new(child.stderr.take().expect("stderr"));
            let mut line = String::new();
            while log.read_line(&mut line).expect("its log") > 0 {
                if let Some((_, rest)) = line.split_once("citabot is serving on http://") {
                    let address = rest
                        .split(|c: char| c != '.' && c != ':' && !c.is_ascii_digit())
                        .next()
                        .and_then(|address| address.parse().ok())
                        .expect("the address it serves on");
                    // The rest of the log is drained, so the server never blocks on a full pipe.
                    std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));
                    return Self { child, address };
                }
                line.clear();
            }
            let ended = child.wait().expect("reap it");
            panic!("citabot ended ({ended}) without serving");
        })
        .await
        .expect("the start was watched")
    }

    fn resident_bytes(&self) -> u64 {
        resident_bytes_of(&format!("/proc/{}/status", self.child.id()))
    }

    fn stop(&mut self) {
        self.child.kill().expect("stop it");
        self.child.wait().expect("reap it");
    }
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
    })
        // Spawned now, all of them: a lazy map would start each after the last had finished.
        .collect::<Vec<_>>();
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.expect("worker"));
    }
    report(latencies, started.elapsed())
}

/// Counts, rate and percentiles of `latencies` measured over `elapsed`.
fn report(mut latencies: Vec<Duration>, elapsed: Duration) -> Report {
    let elapsed = elapsed.as_secs_f64();
    let count = latencies.len();
    latencies.sort();
    if latencies.is_empty() {
        latencies.push(Duration::ZERO);
    }
    let percentile = |p: f64| {
        latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)].as_secs_f64()
            * 1000.0
    };
    Report {
        count,
        per_second: count as f64 / elapsed,
        p50_ms: percentile(0.50),
        p99_ms: percentile(0.99),
        max_ms: latencies
            .last()
            .map_or(0.0, |max| max.as_secs_f64() * 1000.0),
    }
}

/// `find_free_times` and `book_cita` through `/mcp`, and a chat turn, on one demo salon.
async fn agent_tools(folder: &tempfile::TempDir) {
    let database_url = sqlite(folder, "tools.db");
    // One key makes every call: lift its per-minute budget.
    let address = start(database_url.clone(), true, |settings| {
        settings.api_key_requests_per_minute = u32::MAX;
    })
    .await;
    let settings = Settings {
        database_url,
        ..Settings::default()
    };
    let store = citabot_server::database::open(&settings)
        .await
        .expect("database");
    let key = citabot_server::usecases::api_keys::create(
        store.as_ref(),
        citabot_server::usecases::api_keys::Maker::COMMAND_LINE,
        "bench",
        citabot_domain::account::Role::Usuario,
        time::OffsetDateTime::now_utc(),
    )
    .await
    .expect("a key")
    .text;
    let client = reqwest::Client::new();
    let url = format!("http://{address}/mcp");
    let call = |tool: &'static str, arguments: serde_json::Value| {
        let request = client.post(&url).bearer_auth(&key).json(&json!({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}}));
        async move {
            let answer: serde_json::Value = request
                .send()
                .await
                .expect("answers")
                .json()
                .await
                .expect("JSON");
            answer["result"].clone()
        }
    };
    let services = call("list_services", json!({})).await;
    let service = services["structuredContent"]["services"][0]["id"].clone();
    let today = time::OffsetDateTime::now_utc().date();
    let week = json!({"serviceIds": [service], "from": (today + time::Duration::days(1)).to_string(),
        "to": (today + time::Duration::days(7)).to_string()});

    let mut latencies = Vec::new();
    let started = Instant::now();
    while started.elapsed() < PHASE {
        let sent = Instant::now();
        let result = call("find_free_times", week.clone()).await;
        assert_eq!(result["isError"], false, "{result}");
        latencies.push(sent.elapsed());
    }
    let find = report(latencies, started.elapsed());
    print_load("mcp find_free_times  ", 1, &find, None);

    let free = call(
        "find_free_times",
        json!({"serviceIds": [service], "from": (today + time::Duration::days(1)).to_string(),
            "to": (today + time::Duration::days(30)).to_string(), "limit": 100}),
    )
    .await;
    // Times that do not overlap for their stylist, so each booking is a real write, not a
    // refusal of a time the previous booking took.
    let duration = services["structuredContent"]["services"][0]["durationMin"]
        .as_u64()
        .unwrap_or(60);
    let minutes = |time: &serde_json::Value| {
        let text = time["time"].as_str().unwrap_or("00:00");
        let (hours, minutes) = text.split_once(':').unwrap_or(("0", "0"));
        hours.parse::<u64>().unwrap_or(0) * 60 + minutes.parse::<u64>().unwrap_or(0)
    };
    let mut free_until = std::collections::HashMap::new();
    let times: Vec<serde_json::Value> = free["structuredContent"]["times"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|time| {
            let key = (time["date"].to_string(), time["staffId"].to_string());
            let start = minutes(time);
            if free_until.get(&key).is_some_and(|until| start < *until) {
                return false;
            }
            free_until.insert(key, start + duration);
            true
        })
        .collect();
    let (mut latencies, mut refused) = (Vec::new(), 0);
    let started = Instant::now();
    for (index, time) in times.iter().enumerate() {
        if started.elapsed() >= PHASE {
            break;
        }
        let sent = Instant::now();
        let result = call(
            "book_cita",
            json!({"serviceIds": [service], "start": time["start"], "staffId": time["staffId"],
                "client": {"name": format!("Bench {index}"), "email": format!("bench{index}@cliente.example")},
                "idempotencyKey": format!("bench-{index}")}),
        )
        .await;
        latencies.push(sent.elapsed());
        if result["isError"] != false {
            refused += 1;
        }
    }
    let book = report(latencies, started.elapsed());
    print_load("mcp book_cita        ", 1, &book, None);
    if refused > 0 {
        println!("  ({refused} of {} bookings refused)", book.count);
    }
    let turn = load(&format!("http://{address}/api/n8n/chat"), 1).await;
    print_load("chat turn, same salon", 1, &turn, None);
    println!(
        "tools beside a chat turn (p50): find_free_times {:.2}×, book_cita {:.2}×",
        find.p50_ms / turn.p50_ms,
        book.p50_ms / turn.p50_ms
    );
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

/// Opens `count` live channels on the release binary (its own process) and leaves them idle;
/// prints the resident memory the server spends on each.
async fn idle_channels(folder: &tempfile::TempDir, count: usize) {
    // One address opens every channel here: the per-address and per-visitor caps are lifted.
    let mut server = Released::serve(
        &sqlite(folder, "live.db"),
        &[
            ("CITABOT_CHAT_REPLY_MODE", "live"),
            ("CITABOT_LIVE_CHANNELS_PER_VISITOR", "100000"),
            ("CITABOT_MAX_CONNECTIONS_PER_ADDRESS", "100000"),
            ("CITABOT_CHAT_MESSAGES_PER_MINUTE", "1000000"),
        ],
    )
    .await;
    let address = server.address;
    let client = reqwest::Client::new();
    // Every execution is started first: the turns' passing allocations are then not counted
    // as the channels'.
    let mut urls = Vec::with_capacity(count + 100);
    for i in 0..count + 100 {
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
        urls.push(format!(
            "ws://{address}/chat?sessionId=idle-{i}&executionId={}&isPublic=true&token={}",
            started["executionId"].as_str().expect("id"),
            started["resumeToken"].as_str().expect("token")
        ));
    }
    // A first hundred, so the figure leaves out what the first channels set up once.
    let (warm_up, measured) = urls.split_at(100);
    let _warm = open_channels(warm_up).await;
    let before = server.resident_bytes();
    let _sockets = open_channels(measured).await;
    let per_channel = server.resident_bytes().saturating_sub(before) as f64 / count as f64;
    println!(
        "idle live channels: {count} more open, {:.1} KiB each in the server's own process → about {:.0} per GiB",
        per_channel / 1024.0,
        (1u64 << 30) as f64 / per_channel.max(1.0)
    );
    server.stop();
}

/// Opens a live channel at each of `urls`, then lets the server settle for half a second.
async fn open_channels(
    urls: &[String],
) -> Vec<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>>
{
    let mut sockets = Vec::with_capacity(urls.len());
    for url in urls {
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        sockets.push(socket);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    sockets
}

fn resident_bytes_of(status: &str) -> u64 {
    std::fs::read_to_string(status)
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
