//! Two instances on one PostgreSQL database behind Debian's HAProxy, as a salon would run them:
//! round robin, a health check on `/readyz`, `X-Forwarded-For` added by the proxy and trusted by
//! citabot. Through it a guest books with every request on the next instance, a staff member
//! takes a conversation over live, and two visitors behind the one proxy address keep their own
//! chat budgets.
//!
//! Without HAProxy installed the case prints that it was skipped, unless
//! `CITABOT_TEST_HAPROXY=required` (set by CI, which installs it) makes that a failure.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::browser::{Site, attach, next_text, post, sign_in, start, take_over_and_hand_back};
use crate::database::{Backend, Database};
use crate::server::Server;

const ADMIN: &str = "lucia@proxy.example";
const PASSWORD: &str = "una contraseña larga";
/// Each visitor's chat messages per minute, on both instances together.
const BUDGET: usize = 12;

/// HAProxy in the foreground on a loopback port, stopped when dropped.
struct Proxy {
    child: Child,
    address: SocketAddr,
}

impl Site for Proxy {
    fn address(&self) -> SocketAddr {
        self.address
    }
}

impl Proxy {
    fn start(folder: &Path, servers: [&Server; 2]) -> Option<Self> {
        let Some(haproxy) = ["/usr/sbin/haproxy", "/usr/bin/haproxy"]
            .into_iter()
            .find(|path| Path::new(path).exists())
        else {
            let required =
                std::env::var("CITABOT_TEST_HAPROXY").is_ok_and(|value| value == "required");
            assert!(!required, "HAProxy is required but not installed");
            println!(
                "SKIPPED: HAProxy is not installed; set CITABOT_TEST_HAPROXY=required to fail instead"
            );
            return None;
        };
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let backends: String = servers
            .iter()
            .zip(["a", "b"])
            .map(|(server, name)| {
                format!(
                    "  server {name} {} check inter 300ms fall 1 rise 1\n",
                    server.address
                )
            })
            .collect();
        let config = format!(
            "defaults\n  mode http\n  timeout connect 5s\n  timeout client 60s\n  \
             timeout server 60s\n  timeout tunnel 1h\n  option forwardfor\n  retries 2\n  \
             option redispatch\n\
             frontend site\n  bind 127.0.0.1:{port}\n  default_backend citabot\n\
             backend citabot\n  balance roundrobin\n  option httpchk GET /readyz\n  \
             http-check expect status 200\n{backends}"
        );
        let path = folder.join("haproxy.cfg");
        std::fs::write(&path, config).expect("write the HAProxy config");
        let log = std::fs::File::create(folder.join("haproxy.log")).expect("the proxy's log");
        let child = Command::new(haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("share the log"))
            .stderr(log)
            .spawn()
            .expect("HAProxy starts");
        Some(Self {
            child,
            address: SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
        })
    }

    /// Waits until the proxy answers and both instances have been checked by it.
    async fn wait_until_both_serve(&self, servers: [&Server; 2]) {
        let client = no_reuse(Ipv4Addr::LOCALHOST);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let through = client
                .get(format!("http://{}/readyz", self.address))
                .send()
                .await
                .is_ok_and(|response| response.status() == StatusCode::OK);
            let mut checked = true;
            for server in servers {
                checked &= answered(server, "/readyz", "GET", "200").await > 0;
            }
            if through && checked {
                return;
            }
            assert!(Instant::now() < deadline, "HAProxy never served both");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser calling from `from` that opens a new connection for every request, so that round
/// robin sends each one to the next instance.
fn no_reuse(from: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(from))
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client")
}

/// Sends `text` as a guest in `session` through `proxy`; answers the status and the body.
async fn say(
    client: &reqwest::Client,
    proxy: &Proxy,
    session: &str,
    text: &str,
) -> (StatusCode, Value) {
    let message = json!({ "action": "sendMessage", "sessionId": session, "chatInput": text });
    post(client, proxy, None, "/api/n8n/chat", &message).await
}

/// How many `method` requests of `route` `server` answered with `status`, from its `/metrics`.
async fn answered(server: &Server, route: &str, method: &str, status: &str) -> u64 {
    let metrics = reqwest::get(format!("http://{}/metrics", server.address))
        .await
        .expect("/metrics answers")
        .text()
        .await
        .expect("the metrics");
    let series = format!(
        "citabot_http_requests_total{{route=\"{route}\",method=\"{method}\",status=\"{status}\"}} "
    );
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(&series))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or(0)
}

/// How many chat messages each instance answered.
async fn chat_requests(servers: [&Server; 2]) -> [u64; 2] {
    let mut counts = [0; 2];
    for (count, server) in counts.iter_mut().zip(servers) {
        *count = answered(server, "/api/n8n/chat", "POST", "200").await;
    }
    counts
}

#[tokio::test]
async fn behind_haproxy_a_guest_books_staff_take_over_and_visitors_are_told_apart() {
    let Some(database) = Database::create(Backend::Postgres).await else {
        return;
    };
    database.add_administrador(ADMIN, PASSWORD);
    let budget = BUDGET.to_string();
    let settings = [
        ("CITABOT_CHAT_REPLY_MODE", "live"),
        ("CITABOT_TRUSTED_PROXIES", "127.0.0.1/32"),
        ("CITABOT_CHAT_MESSAGES_PER_MINUTE", budget.as_str()),
        ("CITABOT_CLOCK_START", "2026-12-09T10:00:00+01:00"),
    ];
    let (url, folder) = (database.url(), database.folder.path());
    let a = Server::start_with(url, folder, "a", &settings).await;
    let b = Server::start_with(url, folder, "b", &settings).await;
    let Some(proxy) = Proxy::start(folder, [&a, &b]) else {
        return;
    };
    proxy.wait_until_both_serve([&a, &b]).await;
    let before = chat_requests([&a, &b]).await;

    // A guest books, each message on the next instance.
    let guest = no_reuse(Ipv4Addr::new(127, 0, 0, 5));
    for text in [
        "quiero un corte de caballero el jueves a las 10",
        "Pedro Sanz",
        "pedro@ejemplo.es",
        "sí",
    ] {
        let (status, body) = say(&guest, &proxy, "s-reserva", text).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
    }
    // Live replies go to the channel; the conversation as stored says how it went.
    let load = json!({ "action": "loadPreviousSession", "sessionId": "s-reserva" });
    let (status, history) = post(&guest, &proxy, None, "/api/n8n/chat", &load).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let done = history["data"]
        .as_array()
        .and_then(|messages| messages.last())
        .and_then(|last| last["kwargs"]["content"].as_str())
        .unwrap_or_default()
        .to_owned();
    assert!(done.contains("¡Hecho!"), "{history:#}");
    let after = chat_requests([&a, &b]).await;
    let spread = [after[0] - before[0], after[1] - before[1]];
    assert!(
        spread[0] >= 1 && spread[1] >= 1,
        "both instances answered the booking: {spread:?}"
    );
    println!(
        "a guest booked through HAProxy, its messages and history answered {spread:?} by A and B: {done:?}"
    );

    // A visitor asks for a person; her channel and the staff member's calls go where the proxy
    // sends them.
    let visitor = no_reuse(Ipv4Addr::new(127, 0, 0, 6));
    let waiting = start(
        &visitor,
        &proxy,
        None,
        "s-persona",
        "quiero hablar con una persona",
    )
    .await;
    let mut socket = attach(&proxy, None, "s-persona", &waiting).await;
    next_text(&mut socket).await;
    let staff = no_reuse(Ipv4Addr::new(127, 0, 0, 7));
    let lucia = sign_in(&staff, &proxy, ADMIN, PASSWORD).await;
    let heard = take_over_and_hand_back(
        &staff,
        &proxy,
        &lucia,
        "s-persona",
        "Hola, soy Lucía, te atiendo yo",
        &mut socket,
    )
    .await;
    drop(socket);
    println!(
        "a staff member took a conversation over through HAProxy and was heard live: {heard:?}"
    );

    // Two visitors behind the one proxy address: one spends her budget, the other is not touched.
    let spender = no_reuse(Ipv4Addr::new(127, 0, 0, 8));
    let mut accepted = 0;
    let mut refused: Option<Value> = None;
    for turn in 0..BUDGET + 3 {
        let message = json!({ "action": "sendMessage", "sessionId": format!("s-gasta-{turn}"), "chatInput": "hola" });
        let (status, body) = post(&spender, &proxy, None, "/api/n8n/chat", &message).await;
        match status {
            StatusCode::OK => accepted += 1,
            StatusCode::TOO_MANY_REQUESTS => refused = Some(body),
            other => panic!("message {turn}: {other} {body}"),
        }
    }
    assert_eq!(accepted, BUDGET, "one budget for her across both instances");
    assert!(refused.is_some(), "the rest refused");
    let other = no_reuse(Ipv4Addr::new(127, 0, 0, 9));
    let (status, reply) = say(&other, &proxy, "s-otra", "hola").await;
    assert_eq!(
        status,
        StatusCode::OK,
        "another visitor is not refused: {reply}"
    );
    println!(
        "behind one proxy address: a visitor got {accepted} of {} messages, the next visitor's \
         first was answered",
        BUDGET + 3
    );
}
