//! The release binary as a child process: `citabot serve` on a port the kernel picks, its log in
//! a file, and a chat client for it.

use std::fs::File;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

/// How long a start may take (migrations on a busy machine included).
const START_DEADLINE: Duration = Duration::from_secs(90);

/// A running `citabot serve`; killed when dropped.
#[derive(Debug)]
pub struct Server {
    child: Child,
    pub address: SocketAddr,
    log: PathBuf,
}

impl Server {
    /// Starts the server on `database_url`, its log in `folder/<name>.log`, and waits until it
    /// says where it listens.
    pub async fn start(database_url: &str, folder: &Path, name: &str) -> Self {
        Self::start_with(database_url, folder, name, &[]).await
    }

    /// [`Self::start`] with settings of its own (`CITABOT_…` variables, after the defaults).
    pub async fn start_with(
        database_url: &str,
        folder: &Path,
        name: &str,
        settings: &[(&str, &str)],
    ) -> Self {
        let log = folder.join(format!("{name}.log"));
        let out = File::create(&log).expect("create the log file");
        let err = out.try_clone().expect("share the log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_citabot"));
        command.arg("serve");
        for (key, _) in std::env::vars().filter(|(key, _)| key.starts_with("CITABOT_")) {
            command.env_remove(key);
        }
        command
            .env_remove("RUST_LOG")
            .env("CITABOT_LISTEN", "127.0.0.1:0")
            .env("CITABOT_DATABASE_URL", database_url)
            .env("CITABOT_LOG_FORMAT", "json")
            // The tests book times of their own: no demo week in their way.
            .env("CITABOT_DEMO_WEEK", "false")
            .env("CITABOT_LOG_FILTER", "info")
            // Every guest here comes from 127.0.0.1: one visitor's budget would refuse the burst.
            .env("CITABOT_CHAT_MESSAGES_PER_MINUTE", "1000000")
            .envs(settings.iter().copied())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        let mut child = command.spawn().expect("the binary starts");
        let deadline = Instant::now() + START_DEADLINE;
        let address = loop {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            if let Some(address) = serving_address(&text) {
                break address;
            }
            if let Some(status) = child.try_wait().expect("the child's status") {
                panic!("citabot exited ({status}) before serving:\n{text}");
            }
            assert!(
                Instant::now() < deadline,
                "citabot did not start in {START_DEADLINE:?}:\n{text}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        Self {
            child,
            address,
            log,
        }
    }

    /// SIGKILL: no shutdown, no flushing, no rollback but the database's own.
    pub fn kill(&mut self) {
        self.child.kill().expect("SIGKILL the server");
        self.child.wait().expect("reap the server");
    }

    /// SIGTERM, as a service manager stops it; does not wait for it to end.
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "SIGTERM sent");
    }

    pub fn chat(&self) -> Chat {
        Chat {
            base: format!("http://{}", self.address),
            client: reqwest::Client::builder()
                // A request that hangs fails the case instead of hanging it.
                .timeout(Duration::from_secs(60))
                .build()
                .expect("an HTTP client"),
        }
    }

    /// The last lines of the server's log, for failure messages.
    pub fn log_tail(&self, lines: usize) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }

    /// Calls `probe` every `every` until it answers `Ok`, for at most a minute (a recovery that
    /// takes longer fails the case with the last `Err` and the log); answers how many calls it
    /// took.
    pub async fn recovers<F, Fut>(&self, what: &str, every: Duration, mut probe: F) -> usize
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<(), String>>,
    {
        let deadline = Instant::now() + Duration::from_secs(60);
        for call in 1.. {
            let last = match probe().await {
                Ok(()) => return call,
                Err(last) => last,
            };
            assert!(
                Instant::now() < deadline,
                "{what} still failed after a minute: {last}\n{}",
                self.log_tail(20)
            );
            tokio::time::sleep(every).await;
        }
        unreachable!()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Already reaped after kill(): both calls then fail harmlessly.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The address in the log line "citabot is serving on http://…".
fn serving_address(log: &str) -> Option<SocketAddr> {
    const MARK: &str = "citabot is serving on http://";
    let start = log.find(MARK)? + MARK.len();
    let rest = &log[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ':'))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// What the server answered.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: StatusCode,
    pub retry_after: Option<String>,
    /// The JSON body (a string when it was not JSON).
    pub body: Value,
}

impl Answer {
    /// The assistant's reply of a 200 answer; empty otherwise.
    pub fn output(&self) -> &str {
        self.body["output"].as_str().unwrap_or_default()
    }
}

/// The chat gateway of one server, as a visitor's browser calls it (a guest: no cookie).
#[derive(Debug, Clone)]
pub struct Chat {
    base: String,
    client: reqwest::Client,
}

impl Chat {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends `text` in `session`; `Err` when the connection failed or was dropped.
    pub async fn send(&self, session: &str, text: &str) -> Result<Answer, reqwest::Error> {
        let body = json!({ "action": "sendMessage", "sessionId": session, "chatInput": text });
        self.post(&body).await
    }

    /// A conversation's messages as the widget reads them (`loadPreviousSession`):
    /// `(is_human, text)` in order.
    pub async fn history(&self, session: &str) -> Vec<(bool, String)> {
        let answer = self.load(session).await.expect("the history answers");
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "history of {session}: {answer:?}"
        );
        answer.body["data"]
            .as_array()
            .expect("a data array")
            .iter()
            .map(|message| {
                let human = message["id"][2] == "HumanMessage";
                let text = message["kwargs"]["content"].as_str().unwrap_or_default();
                (human, text.to_owned())
            })
            .collect()
    }

    /// Asks for a conversation's history (`loadPreviousSession`).
    pub async fn load(&self, session: &str) -> Result<Answer, reqwest::Error> {
        let body = json!({ "action": "loadPreviousSession", "sessionId": session });
        self.post(&body).await
    }

    pub async fn get(&self, path: &str) -> Result<Answer, reqwest::Error> {
        let response = self.client.get(self.url(path)).send().await?;
        read(response).await
    }

    async fn post(&self, body: &Value) -> Result<Answer, reqwest::Error> {
        let response = self
            .client
            .post(self.url("/api/n8n/chat"))
            .json(body)
            .send()
            .await?;
        read(response).await
    }
}

async fn read(response: reqwest::Response) -> Result<Answer, reqwest::Error> {
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    let text = response.text().await?;
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Ok(Answer {
        status,
        retry_after,
        body,
    })
}
