//! A real SMTP server for the mail tests: `tests/smtp/sink.py` (aiosmtpd) in the venv that
//! `make smtp-venv` builds, started on a free port, killed when dropped. It keeps each accepted
//! message as a JSON file, which [`SmtpSink::received`] reads back.
//!
//! Without the venv the tests that need it are skipped with a printed reason, unless
//! `CITABOT_TEST_SMTP=required` (set by CI), which turns that into a failure.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde::Deserialize;

/// The user and password a sink started with [`SinkOptions::login`] accepts.
pub const SINK_USER: &str = "citas@peluqueria.example";
pub const SINK_PASSWORD: &str = "c0ntraseña:segura";

/// How the sink speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinkTls {
    /// Clear text only.
    None,
    /// STARTTLS offered, and nothing accepted before it.
    StartTls,
    /// TLS from the first byte (`smtps://`).
    Implicit,
}

#[derive(Debug, Clone, Copy)]
pub struct SinkOptions {
    pub tls: SinkTls,
    /// Insists on a login as [`SINK_USER`].
    pub login: bool,
    /// Answers 451 to this many messages first.
    pub fail: u32,
    /// Never answers a message.
    pub stall: bool,
}

impl Default for SinkOptions {
    fn default() -> Self {
        Self {
            tls: SinkTls::None,
            login: false,
            fail: 0,
            stall: false,
        }
    }
}

/// One message the sink accepted, decoded by Python's `email` package.
#[derive(Debug, Clone, Deserialize)]
pub struct Received {
    pub rcpt_tos: Vec<String>,
    /// The raw message, as sent.
    pub data: String,
    /// Whether the session was encrypted (STARTTLS or implicit TLS).
    pub tls: bool,
    /// Who logged in, if anybody did.
    pub login: Option<String>,
    pub subject: String,
    pub from: String,
    pub message_id: String,
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Part {
    #[serde(rename = "type")]
    pub content_type: String,
    #[serde(default)]
    pub params: std::collections::HashMap<String, String>,
    pub filename: Option<String>,
    /// The decoded content (absent for multipart containers).
    pub content: Option<String>,
}

impl Received {
    /// The decoded content of the first part of this type (`text/plain`, `text/calendar`…).
    pub fn part(&self, content_type: &str) -> Option<&Part> {
        self.parts
            .iter()
            .find(|part| part.content_type == content_type)
    }

    pub fn text(&self) -> &str {
        self.part("text/plain")
            .and_then(|part| part.content.as_deref())
            .expect("a text/plain part")
    }
}

/// A certificate authority and a certificate it signed for 127.0.0.1 and localhost, made with
/// `openssl`: the sink presents the certificate, the app trusts the authority (`smtp_ca_file`).
#[derive(Debug)]
pub struct TestCertificates {
    pub ca: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl TestCertificates {
    pub fn make(folder: &Path) -> Self {
        let path = |name: &str| folder.join(name);
        std::fs::write(
            path("leaf.ext"),
            "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n\
             extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n",
        )
        .expect("writes the extensions");
        let ec = [
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
        ];
        openssl(
            folder,
            &[
                &["req", "-x509"],
                &ec[..],
                &[
                    "-keyout",
                    "ca.key",
                    "-out",
                    "ca.pem",
                    "-days",
                    "2",
                    "-subj",
                    "/CN=citabot test CA",
                ],
            ],
        );
        openssl(
            folder,
            &[
                &["req"],
                &ec[..],
                &[
                    "-keyout",
                    "key.pem",
                    "-out",
                    "leaf.csr",
                    "-subj",
                    "/CN=127.0.0.1",
                ],
            ],
        );
        openssl(
            folder,
            &[&[
                "x509",
                "-req",
                "-in",
                "leaf.csr",
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca.key",
                "-CAcreateserial",
                "-out",
                "cert.pem",
                "-days",
                "2",
                "-extfile",
                "leaf.ext",
            ]],
        );
        Self {
            ca: path("ca.pem"),
            cert: path("cert.pem"),
            key: path("key.pem"),
        }
    }
}

fn openssl(folder: &Path, args: &[&[&str]]) {
    let output = Command::new("openssl")
        .args(args.concat())
        .current_dir(folder)
        .output()
        .expect("openssl runs");
    assert!(
        output.status.success(),
        "openssl {:?}: {}",
        args.concat(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A running sink; killed on drop.
#[derive(Debug)]
pub struct SmtpSink {
    pub port: u16,
    implicit: bool,
    child: Child,
    out: tempfile::TempDir,
    /// Kept alive with the sink: the CA its certificate chains to.
    certificates: Option<(tempfile::TempDir, TestCertificates)>,
}

impl SmtpSink {
    /// Starts a sink, or returns `None` (printing why) when the venv is missing and
    /// `CITABOT_TEST_SMTP` is not `required`.
    pub async fn start(options: SinkOptions) -> Option<Self> {
        let python = python()?;
        let out = tempfile::tempdir().expect("a folder for received mail");
        let certificates = (options.tls != SinkTls::None).then(|| {
            let folder = tempfile::tempdir().expect("a folder for certificates");
            let made = TestCertificates::make(folder.path());
            (folder, made)
        });
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smtp/sink.py");
        let mut command = Command::new(python);
        command
            .arg(script)
            .arg("--out")
            .arg(out.path())
            .arg("--fail")
            .arg(options.fail.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some((_, made)) = &certificates {
            let tls = match options.tls {
                SinkTls::StartTls => "starttls",
                _ => "implicit",
            };
            command
                .args(["--tls", tls, "--cert"])
                .arg(&made.cert)
                .arg("--key")
                .arg(&made.key);
        }
        if options.login {
            command.args(["--login", &format!("{SINK_USER}:{SINK_PASSWORD}")]);
        }
        if options.stall {
            command.arg("--stall");
        }
        let mut child = command.spawn().expect("the sink starts");
        let stdout = child.stdout.take().expect("piped");
        // The script prints `ready <port>` once it listens (or exits, failing to).
        let line = tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            std::io::BufReader::new(stdout)
                .read_line(&mut line)
                .map(|_| line)
        })
        .await
        .expect("reads the sink's first line")
        .expect("the sink's output");
        let port = line
            .trim()
            .strip_prefix("ready ")
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("the sink did not start: {line:?}"));
        Some(Self {
            port,
            implicit: options.tls == SinkTls::Implicit,
            child,
            out,
            certificates,
        })
    }

    /// The `smtp_url` for this sink: `smtp://` (`?tls=none` for a clear-text sink) or
    /// `smtps://`, with the login when `login` is given.
    pub fn url(&self, login: Option<(&str, &str)>) -> String {
        let login = login.map_or_else(String::new, |(user, password)| {
            format!("{}:{}@", escape(user), escape(password))
        });
        match self.certificates {
            None => format!("smtp://{login}127.0.0.1:{}?tls=none", self.port),
            Some(_) if self.implicit => format!("smtps://{login}127.0.0.1:{}", self.port),
            Some(_) => format!("smtp://{login}127.0.0.1:{}?tls=required", self.port),
        }
    }

    /// The authority to trust (`smtp_ca_file`), for a TLS sink.
    pub fn ca_file(&self) -> Option<String> {
        self.certificates
            .as_ref()
            .map(|(_, made)| made.ca.display().to_string())
    }

    /// Every message accepted so far, in the order accepted.
    pub fn received(&self) -> Vec<Received> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.out.path())
            .expect("reads the sink's folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).expect("reads a message");
                serde_json::from_str(&text).expect("a message record")
            })
            .collect()
    }

    /// Whether a stalled sink holds a message it will never answer.
    pub fn holds_a_message(&self) -> bool {
        std::fs::read_dir(self.out.path())
            .expect("reads the sink's folder")
            .any(|entry| {
                entry
                    .expect("an entry")
                    .path()
                    .extension()
                    .is_some_and(|ext| ext == "stalled")
            })
    }

    /// Waits (up to 20 seconds) until the sink has accepted `count` messages, and returns them.
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        eventually(|| {
            let received = self.received();
            (received.len() >= count).then_some(received)
        })
        .await
        .unwrap_or_else(|| panic!("{count} messages, got {:?}", self.received().len()))
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `value` inside a URL's user or password.
fn escape(value: &str) -> String {
    value
        .bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

/// Polls `check` every 50 ms for up to 20 seconds.
pub async fn eventually<T>(mut check: impl FnMut() -> Option<T>) -> Option<T> {
    for _ in 0..400 {
        if let Some(found) = check() {
            return Some(found);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// The venv's Python (`CITABOT_TEST_SMTP_PYTHON` overrides it), or `None` after printing why
/// when it is missing and not required.
fn python() -> Option<PathBuf> {
    let path = std::env::var_os("CITABOT_TEST_SMTP_PYTHON").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/smtp-venv/bin/python3"),
        PathBuf::from,
    );
    let ready = Command::new(&path)
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if ready {
        return Some(path);
    }
    let required = std::env::var("CITABOT_TEST_SMTP").is_ok_and(|value| value == "required");
    assert!(
        !required,
        "aiosmtpd is required but {} cannot import it: run `make smtp-venv`",
        path.display()
    );
    eprintln!(
        "SKIPPED: no aiosmtpd at {} (run `make smtp-venv`); set CITABOT_TEST_SMTP=required to fail instead",
        path.display()
    );
    None
}
