//! Typed settings, layered: built-in defaults, then an optional TOML file, then `CITABOT_*`
//! environment variables and command-line flags (clap reads both; a flag beats its variable).
//!
//! Every setting has one name: `database_url` in the file, `CITABOT_DATABASE_URL` in the
//! environment, `--database-url` on the command line. `citabot --help` lists them all.

use std::net::SocketAddr;
use std::path::Path;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::client_address::TrustedProxies;

mod mail;
pub use mail::{MailFrom, SmtpTarget, StartTls};

/// The types a chat file may be, told by content (`citabot_domain::file_type::sniff`).
pub const KNOWN_TYPES: [&str; 6] = [
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "application/pdf",
    "text/plain",
];

/// How many requests one API key may make in a minute by default: two a second, ample for a
/// workflow, and a runaway loop is stopped within the minute.
pub const API_KEY_REQUESTS_PER_MINUTE: u32 = 120;

/// The effective settings of one server process.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Address and port to listen on.
    pub listen: SocketAddr,
    /// `sqlite://path/to/file.db` (created with its folder when missing) or
    /// `postgres://user:password@host:port/database`.
    pub database_url: String,
    /// Upper bound of the database connection pool.
    pub database_max_connections: u32,
    /// Log lines as human-readable text or as JSON objects.
    pub log_format: LogFormat,
    /// Which log lines to keep, in `tracing` filter syntax (`RUST_LOG` wins when set).
    pub log_filter: String,
    /// Largest request body the chat gateway reads, in bytes.
    pub chat_max_body_bytes: usize,
    /// On SIGINT/SIGTERM, how long running requests may take to finish, in seconds.
    pub shutdown_grace_secs: u64,
    /// Seconds between a stop signal and closing the listener, while `/readyz` answers 503 so
    /// that a load balancer sends new requests elsewhere; everything is still served meanwhile.
    pub shutdown_drain_secs: u64,
    /// Seconds a client has to send a request's headers; an idle keep-alive connection is
    /// closed after the same time.
    pub header_read_timeout_secs: u64,
    /// Seconds a request body may take to arrive in full (uploads included).
    pub request_body_timeout_secs: u64,
    /// Open connections the server accepts in all; more are closed at once.
    pub max_connections: usize,
    /// Open connections one client address may hold (behind a reverse proxy, every client
    /// shares the proxy's address: raise this).
    pub max_connections_per_address: usize,
    /// The proxies in front of citabot (CIDRs or addresses): only their `Forwarded` or
    /// `X-Forwarded-For` is believed about who the client is. Empty: every peer is a client.
    pub trusted_proxies: TrustedProxies,
    /// Mark cookies `Secure` (and name the session cookie `__Host-…`): turn on behind HTTPS.
    pub secure_cookies: bool,
    /// How long a sign-in lasts, in days.
    pub session_days: u32,
    /// On the first start against an empty database, write the demo's week of citas (with a
    /// few reviews) beside the demo salon; removable in the diary.
    pub demo_week: bool,
    /// Other sites allowed to call the APIs from a browser (exact origins, such as
    /// `https://peluqueria.example`); the server's own origin is always allowed.
    pub allowed_origins: Vec<String>,
    /// Other sites allowed to show our pages in a frame (exact origins; `frame-ancestors`).
    pub frame_ancestors: Vec<String>,
    /// An external n8n chat webhook (`https://n8n.example/webhook/<id>/chat`) to answer the
    /// chat instead of the built-in assistant. Fixed here, never taken from a request.
    pub webhook_url: Option<String>,
    /// When set, every forwarded request carries `X-Citabot-Signature`, an HMAC-SHA256 of
    /// `<timestamp>.<body>` with this secret, so the workflow can refuse calls not from us.
    pub webhook_secret: Option<String>,
    /// Seconds to wait for a connection to the webhook.
    pub webhook_connect_timeout_secs: u64,
    /// Seconds the webhook may take to answer, or (streaming) to send its next chunk.
    pub webhook_timeout_secs: u64,
    /// Chat messages one visitor (an account, or else an address) may send per minute.
    pub chat_messages_per_minute: u32,
    /// Requests one API key may make per minute (a program's, so it is held apart from people).
    pub api_key_requests_per_minute: u32,
    /// Files one chat message may carry.
    pub chat_max_files: usize,
    /// Largest file a chat message may carry, in bytes.
    pub chat_max_file_bytes: usize,
    /// What files may be, told by their content: any of image/png, image/jpeg, image/gif,
    /// image/webp, application/pdf, text/plain.
    pub chat_allowed_file_types: Vec<String>,
    /// How the built-in assistant's replies travel: `json` in the HTTP answer (n8n's "last
    /// node" mode), or `live` over the `/chat` WebSocket (n8n's "response nodes" mode).
    pub chat_reply_mode: ReplyMode,
    /// Seconds between heartbeats on a live channel.
    pub live_heartbeat_secs: u64,
    /// Seconds of client silence after which a live channel is dropped.
    pub live_idle_secs: u64,
    /// Live channels one visitor (an account, or an address for guests) may hold at once.
    pub live_channels_per_visitor: usize,
    /// Seconds a visitor who asked for a person waits, during opening hours, before the
    /// assistant tells them nobody could come now and when the team will answer (1 to 86,400;
    /// 5 minutes by default).
    pub person_wait_secs: u64,
    /// The mail server messages go through: `smtp://user:password@host:587` (STARTTLS when the
    /// server offers it; `?tls=required` insists on it, `?tls=none` never uses it) or
    /// `smtps://user:password@host:465` (TLS from the start). Unset, messages are kept in the
    /// outbox (shown in "Correos") and not sent.
    pub smtp_url: Option<SmtpTarget>,
    /// A PEM file of certificates to trust for the mail server besides the system's: a private
    /// CA or the server's own self-signed certificate.
    pub smtp_ca_file: Option<String>,
    /// Who messages come from, `Name <address>`.
    pub mail_from: MailFrom,
    /// The address the links in messages point to (`https://citas.example`); unset, the
    /// listening address.
    pub public_url: Option<String>,
    /// Seconds between the mail sender's looks at the outbox (it also wakes after every write
    /// that queues a message).
    pub mail_poll_secs: u64,
    /// For tests only: the instant the server's clock starts at (RFC 3339, such as
    /// `2026-12-01T10:20:00+01:00`); from there it runs at the real speed. Unset, the real time.
    #[serde(with = "time::serde::rfc3339::option")]
    pub clock_start: Option<OffsetDateTime>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ReplyMode {
    Json,
    Live,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 3000)),
            database_url: "sqlite://data/citabot.db".to_owned(),
            database_max_connections: 8,
            log_format: LogFormat::Text,
            log_filter: "info".to_owned(),
            chat_max_body_bytes: 1024 * 1024,
            shutdown_grace_secs: 30,
            shutdown_drain_secs: 5,
            header_read_timeout_secs: 10,
            request_body_timeout_secs: 60,
            max_connections: 10_000,
            max_connections_per_address: 256,
            trusted_proxies: TrustedProxies::default(),
            secure_cookies: false,
            session_days: 14,
            demo_week: true,
            allowed_origins: Vec::new(),
            frame_ancestors: Vec::new(),
            webhook_url: None,
            webhook_secret: None,
            webhook_connect_timeout_secs: 5,
            webhook_timeout_secs: 120,
            chat_messages_per_minute: 30,
            api_key_requests_per_minute: API_KEY_REQUESTS_PER_MINUTE,
            chat_max_files: 5,
            chat_max_file_bytes: 5 * 1024 * 1024,
            chat_allowed_file_types: KNOWN_TYPES.map(str::to_owned).to_vec(),
            chat_reply_mode: ReplyMode::Json,
            live_heartbeat_secs: 30,
            live_idle_secs: 60,
            live_channels_per_visitor: 8,
            person_wait_secs: 300,
            smtp_url: None,
            smtp_ca_file: None,
            mail_from: MailFrom::parse("citabot <citas@localhost>").expect("a mailbox"),
            public_url: None,
            mail_poll_secs: 5,
            clock_start: None,
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("listen", &self.listen)
            .field("database_url", &redact_url_password(&self.database_url))
            .field("database_max_connections", &self.database_max_connections)
            .field("log_format", &self.log_format)
            .field("log_filter", &self.log_filter)
            .field("chat_max_body_bytes", &self.chat_max_body_bytes)
            .field("shutdown_grace_secs", &self.shutdown_grace_secs)
            .field("shutdown_drain_secs", &self.shutdown_drain_secs)
            .field("header_read_timeout_secs", &self.header_read_timeout_secs)
            .field("request_body_timeout_secs", &self.request_body_timeout_secs)
            .field("max_connections", &self.max_connections)
            .field(
                "max_connections_per_address",
                &self.max_connections_per_address,
            )
            .field("trusted_proxies", &self.trusted_proxies)
            .field("secure_cookies", &self.secure_cookies)
            .field("session_days", &self.session_days)
            .field("demo_week", &self.demo_week)
            .field("allowed_origins", &self.allowed_origins)
            .field("frame_ancestors", &self.frame_ancestors)
            .field(
                "webhook_url",
                &self.webhook_url.as_deref().map(redact_url_password),
            )
            .field(
                "webhook_secret",
                &self.webhook_secret.as_ref().map(|_| "***"),
            )
            .field(
                "webhook_connect_timeout_secs",
                &self.webhook_connect_timeout_secs,
            )
            .field("webhook_timeout_secs", &self.webhook_timeout_secs)
            .field("chat_messages_per_minute", &self.chat_messages_per_minute)
            .field(
                "api_key_requests_per_minute",
                &self.api_key_requests_per_minute,
            )
            .field("chat_max_files", &self.chat_max_files)
            .field("chat_max_file_bytes", &self.chat_max_file_bytes)
            .field("chat_allowed_file_types", &self.chat_allowed_file_types)
            .field("chat_reply_mode", &self.chat_reply_mode)
            .field("live_heartbeat_secs", &self.live_heartbeat_secs)
            .field("live_idle_secs", &self.live_idle_secs)
            .field("live_channels_per_visitor", &self.live_channels_per_visitor)
            .field("person_wait_secs", &self.person_wait_secs)
            .field("smtp_url", &self.smtp_url)
            .field("smtp_ca_file", &self.smtp_ca_file)
            .field("mail_from", &self.mail_from)
            .field("public_url", &self.public_url)
            .field("mail_poll_secs", &self.mail_poll_secs)
            .field("clock_start", &self.clock_start)
            .finish()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

/// Some of the settings: what one layer (the file, or the flags and environment) sets. Field
/// names match [`Settings`]; defaults are listed at the end of `--help`.
#[derive(Debug, Default, Args, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsLayer {
    /// Address and port to listen on.
    #[arg(long, env = "CITABOT_LISTEN", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<SocketAddr>,
    /// Database: sqlite://path/to/file.db or postgres://user:password@host:port/database.
    #[arg(
        long,
        env = "CITABOT_DATABASE_URL",
        global = true,
        hide_env_values = true
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_url: Option<String>,
    /// Upper bound of the database connection pool.
    #[arg(long, env = "CITABOT_DATABASE_MAX_CONNECTIONS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_max_connections: Option<u32>,
    /// Log lines as text or JSON.
    #[arg(long, env = "CITABOT_LOG_FORMAT", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_format: Option<LogFormat>,
    /// Which log lines to keep, in tracing filter syntax (RUST_LOG wins when set).
    #[arg(long, env = "CITABOT_LOG_FILTER", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_filter: Option<String>,
    /// Largest request body the chat gateway reads, in bytes.
    #[arg(long, env = "CITABOT_CHAT_MAX_BODY_BYTES", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_max_body_bytes: Option<usize>,
    /// On SIGINT/SIGTERM, how long running requests may take to finish, in seconds.
    #[arg(long, env = "CITABOT_SHUTDOWN_GRACE_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown_grace_secs: Option<u64>,
    /// Seconds /readyz answers 503 after a stop signal before the listener closes.
    #[arg(long, env = "CITABOT_SHUTDOWN_DRAIN_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown_drain_secs: Option<u64>,
    /// Seconds a client has to send a request's headers (and an idle connection stays open).
    #[arg(long, env = "CITABOT_HEADER_READ_TIMEOUT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header_read_timeout_secs: Option<u64>,
    /// Seconds a request body may take to arrive in full.
    #[arg(long, env = "CITABOT_REQUEST_BODY_TIMEOUT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_body_timeout_secs: Option<u64>,
    /// Open connections the server accepts in all.
    #[arg(long, env = "CITABOT_MAX_CONNECTIONS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_connections: Option<usize>,
    /// Open connections one client address may hold.
    #[arg(long, env = "CITABOT_MAX_CONNECTIONS_PER_ADDRESS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_connections_per_address: Option<usize>,
    /// Mark cookies Secure (and name the session cookie __Host-…): turn on behind HTTPS.
    /// The proxies in front of citabot, comma-separated CIDRs or addresses (10.0.0.0/8,::1):
    /// their Forwarded or X-Forwarded-For tells the client's address.
    #[arg(
        long,
        env = "CITABOT_TRUSTED_PROXIES",
        global = true,
        value_delimiter = ','
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trusted_proxies: Option<Vec<String>>,
    #[arg(long, env = "CITABOT_SECURE_COOKIES", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secure_cookies: Option<bool>,
    /// How long a sign-in lasts, in days.
    #[arg(long, env = "CITABOT_SESSION_DAYS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_days: Option<u32>,
    /// Write the demo's week of citas on the first start (true by default).
    #[arg(long, env = "CITABOT_DEMO_WEEK", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo_week: Option<bool>,
    /// Other sites allowed to call the APIs from a browser, comma-separated exact origins.
    #[arg(
        long,
        env = "CITABOT_ALLOWED_ORIGINS",
        global = true,
        value_delimiter = ','
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_origins: Option<Vec<String>>,
    /// Other sites allowed to show our pages in a frame, comma-separated exact origins.
    #[arg(
        long,
        env = "CITABOT_FRAME_ANCESTORS",
        global = true,
        value_delimiter = ','
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame_ancestors: Option<Vec<String>>,
    /// An external n8n chat webhook to answer the chat instead of the built-in assistant.
    #[arg(long, env = "CITABOT_WEBHOOK_URL", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_url: Option<String>,
    /// Secret for the X-Citabot-Signature HMAC on forwarded requests.
    #[arg(
        long,
        env = "CITABOT_WEBHOOK_SECRET",
        global = true,
        hide_env_values = true
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_secret: Option<String>,
    /// Seconds to wait for a connection to the webhook.
    #[arg(long, env = "CITABOT_WEBHOOK_CONNECT_TIMEOUT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_connect_timeout_secs: Option<u64>,
    /// Seconds the webhook may take to answer, or (streaming) to send its next chunk.
    #[arg(long, env = "CITABOT_WEBHOOK_TIMEOUT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_timeout_secs: Option<u64>,
    /// Chat messages one visitor may send per minute.
    #[arg(long, env = "CITABOT_CHAT_MESSAGES_PER_MINUTE", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_messages_per_minute: Option<u32>,
    /// Requests one API key may make per minute.
    #[arg(long, env = "CITABOT_API_KEY_REQUESTS_PER_MINUTE", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_key_requests_per_minute: Option<u32>,
    /// Files one chat message may carry.
    #[arg(long, env = "CITABOT_CHAT_MAX_FILES", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_max_files: Option<usize>,
    /// Largest file a chat message may carry, in bytes.
    #[arg(long, env = "CITABOT_CHAT_MAX_FILE_BYTES", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_max_file_bytes: Option<usize>,
    /// Accepted file types, comma-separated, told by content.
    #[arg(
        long,
        env = "CITABOT_CHAT_ALLOWED_FILE_TYPES",
        global = true,
        value_delimiter = ','
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_allowed_file_types: Option<Vec<String>>,
    /// How the built-in assistant's replies travel: json (in the HTTP answer) or live (WebSocket).
    #[arg(long, env = "CITABOT_CHAT_REPLY_MODE", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_reply_mode: Option<ReplyMode>,
    /// Seconds between heartbeats on a live channel.
    #[arg(long, env = "CITABOT_LIVE_HEARTBEAT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_heartbeat_secs: Option<u64>,
    /// Seconds of client silence after which a live channel is dropped.
    #[arg(long, env = "CITABOT_LIVE_IDLE_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_idle_secs: Option<u64>,
    /// Live channels one visitor may hold at once.
    #[arg(long, env = "CITABOT_LIVE_CHANNELS_PER_VISITOR", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_channels_per_visitor: Option<usize>,
    /// Seconds a visitor who asked for a person waits before being told when the team answers.
    #[arg(long, env = "CITABOT_PERSON_WAIT_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person_wait_secs: Option<u64>,
    /// Mail server: smtp://user:password@host:587 (STARTTLS when offered; ?tls=required or
    /// ?tls=none) or smtps://user:password@host:465. Unset, messages are kept, not sent.
    #[arg(long, env = "CITABOT_SMTP_URL", global = true, hide_env_values = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub smtp_url: Option<String>,
    /// A PEM file of certificates to trust for the mail server (a private CA, a self-signed one).
    #[arg(long, env = "CITABOT_SMTP_CA_FILE", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub smtp_ca_file: Option<String>,
    /// Who messages come from: Name <address>.
    #[arg(long, env = "CITABOT_MAIL_FROM", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mail_from: Option<String>,
    /// The address links in messages point to (https://citas.example); default the listening one.
    #[arg(long, env = "CITABOT_PUBLIC_URL", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_url: Option<String>,
    /// Seconds between the mail sender's looks at the outbox.
    #[arg(long, env = "CITABOT_MAIL_POLL_SECS", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mail_poll_secs: Option<u64>,
    /// For tests only: start the server's clock at this instant (RFC 3339), then run on.
    #[arg(long, env = "CITABOT_CLOCK_START", global = true, value_parser = parse_instant)]
    #[serde(
        default,
        with = "time::serde::rfc3339::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub clock_start: Option<OffsetDateTime>,
}

/// An RFC 3339 instant from the command line or the environment.
fn parse_instant(value: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(value, &Rfc3339)
        .map_err(|error| format!("{error}: write it as 2026-12-01T10:20:00+01:00"))
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the settings file {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("the settings file {path} is not valid: {source}")]
    File {
        path: String,
        source: toml::de::Error,
    },
    #[error("invalid settings: {0}")]
    Invalid(String),
}

impl Settings {
    /// Defaults, overlaid by the TOML file at `file` (when given), overlaid by `overrides`.
    pub fn load(file: Option<&Path>, overrides: &SettingsLayer) -> Result<Self, ConfigError> {
        let mut layers = to_table(&Settings::default())?;
        if let Some(path) = file {
            let shown = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                path: shown.clone(),
                source,
            })?;
            // Parsed as a layer, so only the keys the file names override the defaults, and a
            // mistyped value or unknown key is reported with its line.
            let from_file: SettingsLayer =
                toml::from_str(&text).map_err(|source| ConfigError::File {
                    path: shown,
                    source,
                })?;
            layers.extend(to_table(&from_file)?);
        }
        layers.extend(to_table(overrides)?);
        let settings: Settings = layers
            .try_into()
            .map_err(|error: toml::de::Error| ConfigError::Invalid(error.to_string()))?;
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if self.shutdown_drain_secs > 300 {
            return Err(ConfigError::Invalid(
                "shutdown_drain_secs must be at most 300".into(),
            ));
        }
        if self.database_max_connections == 0 {
            return Err(ConfigError::Invalid(
                "database_max_connections must be at least 1".into(),
            ));
        }
        if self.session_days == 0 || self.session_days > 365 {
            return Err(ConfigError::Invalid(
                "session_days must be between 1 and 365".into(),
            ));
        }
        if let Some(bad) = self
            .allowed_origins
            .iter()
            .find(|origin| !is_origin(origin))
        {
            return Err(ConfigError::Invalid(format!(
                "allowed_origins: {bad:?} is not an origin like https://example.com (scheme, host, optional port; no path)"
            )));
        }
        if let Some(url) = &self.webhook_url
            && !is_http_url(url)
        {
            return Err(ConfigError::Invalid(format!(
                "webhook_url: {:?} is not an http:// or https:// URL with a host",
                redact_url_password(url)
            )));
        }
        if self.webhook_timeout_secs == 0 || self.webhook_connect_timeout_secs == 0 {
            return Err(ConfigError::Invalid(
                "webhook timeouts must be at least 1 second".into(),
            ));
        }
        let known = KNOWN_TYPES;
        if let Some(unknown) = self
            .chat_allowed_file_types
            .iter()
            .find(|t| !known.contains(&t.as_str()))
        {
            return Err(ConfigError::Invalid(format!(
                "chat_allowed_file_types: {unknown:?} is not one of {}",
                known.join(", ")
            )));
        }
        if self.live_heartbeat_secs == 0 || self.live_idle_secs < self.live_heartbeat_secs {
            return Err(ConfigError::Invalid(
                "live_heartbeat_secs must be at least 1 and live_idle_secs at least live_heartbeat_secs".into(),
            ));
        }
        if self.chat_max_file_bytes == 0 {
            return Err(ConfigError::Invalid(
                "chat_max_file_bytes must be at least 1".into(),
            ));
        }
        if self.chat_messages_per_minute == 0 {
            return Err(ConfigError::Invalid(
                "chat_messages_per_minute must be at least 1".into(),
            ));
        }
        if self.api_key_requests_per_minute == 0 {
            return Err(ConfigError::Invalid(
                "api_key_requests_per_minute must be at least 1".into(),
            ));
        }
        if self.live_channels_per_visitor == 0 {
            return Err(ConfigError::Invalid(
                "live_channels_per_visitor must be at least 1".into(),
            ));
        }
        if !(1..=86_400).contains(&self.person_wait_secs) {
            return Err(ConfigError::Invalid(
                "person_wait_secs must be between 1 and 86400".into(),
            ));
        }
        if self.header_read_timeout_secs == 0 || self.request_body_timeout_secs == 0 {
            return Err(ConfigError::Invalid(
                "header_read_timeout_secs and request_body_timeout_secs must be at least 1".into(),
            ));
        }
        if self.max_connections == 0 || self.max_connections_per_address == 0 {
            return Err(ConfigError::Invalid(
                "max_connections and max_connections_per_address must be at least 1".into(),
            ));
        }
        if let Some(url) = &self.public_url
            && !is_http_url(url)
        {
            return Err(ConfigError::Invalid(format!(
                "public_url: {url:?} is not an http:// or https:// URL with a host"
            )));
        }
        if !(1..=3600).contains(&self.mail_poll_secs) {
            return Err(ConfigError::Invalid(
                "mail_poll_secs must be between 1 and 3600".into(),
            ));
        }
        if self.chat_max_body_bytes < 1024 {
            return Err(ConfigError::Invalid(
                "chat_max_body_bytes must be at least 1024".into(),
            ));
        }
        Ok(())
    }

    /// The largest chat request: the JSON limit, or a multipart form with every file at its
    /// largest (plus room for the form's own framing).
    pub fn chat_max_request_bytes(&self) -> usize {
        let files = self.chat_max_files.saturating_mul(self.chat_max_file_bytes);
        self.chat_max_body_bytes
            .saturating_add(files)
            .saturating_add(64 * 1024)
    }

    /// The settings as a TOML document, with any password in the database URL hidden.
    pub fn to_redacted_toml(&self) -> String {
        let mut shown = self.clone();
        shown.database_url = redact_url_password(&self.database_url);
        shown.webhook_url = self.webhook_url.as_deref().map(redact_url_password);
        shown.webhook_secret = self.webhook_secret.as_ref().map(|_| "***".to_owned());
        shown.smtp_url = self.smtp_url.as_ref().map(SmtpTarget::redacted);
        toml::to_string(&shown).unwrap_or_default()
    }

    /// Where the links in messages point: `public_url`, else the listening address (without a
    /// trailing slash).
    pub fn link_base(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.listen))
            .trim_end_matches('/')
            .to_owned()
    }
}

/// The defaults, as shown at the end of `citabot --help`.
pub fn defaults_help() -> String {
    format!(
        "Settings come from defaults, then the TOML file (--config), then CITABOT_* variables and \
         flags. Defaults:\n\n{}",
        Settings::default().to_redacted_toml()
    )
}

/// `http(s)://host...` with a non-empty host.
fn is_http_url(value: &str) -> bool {
    value.split_once("://").is_some_and(|(scheme, rest)| {
        matches!(scheme, "http" | "https")
            && rest
                .split(['/', '?', '#'])
                .next()
                .is_some_and(|authority| !authority.is_empty())
    })
}

/// `http(s)://host[:port]`, nothing after.
fn is_origin(value: &str) -> bool {
    let Some((scheme, authority)) = value.split_once("://") else {
        return false;
    };
    matches!(scheme, "http" | "https")
        && !authority.is_empty()
        && !authority.contains(['/', '?', '#', '@', ' '])
}

fn to_table(value: &impl Serialize) -> Result<toml::Table, ConfigError> {
    toml::Table::try_from(value).map_err(|error| ConfigError::Invalid(error.to_string()))
}

/// `scheme://user:secret@host/...` → `scheme://user:***@host/...`; other strings unchanged.
pub fn redact_url_password(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let authority_end = url[scheme_end..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| scheme_end + i);
    let authority = &url[scheme_end..authority_end];
    let Some(at) = authority.rfind('@') else {
        return url.to_owned();
    };
    match authority[..at].split_once(':') {
        Some((user, _secret)) => format!(
            "{}{user}:***{}",
            &url[..scheme_end],
            &url[scheme_end + at..]
        ),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(contents: &str) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        file.write_all(contents.as_bytes()).expect("write");
        file
    }

    #[test]
    fn defaults_apply_without_file_or_overrides() {
        let settings = Settings::load(None, &SettingsLayer::default()).expect("defaults load");
        assert_eq!(settings, Settings::default());
        assert_eq!(settings.listen.to_string(), "127.0.0.1:3000");
        assert_eq!(settings.database_url, "sqlite://data/citabot.db");
    }

    #[test]
    fn the_file_overrides_defaults_and_flags_override_the_file() {
        let file = file_with(
            "listen = \"0.0.0.0:8080\"\nlog_format = \"json\"\nshutdown_grace_secs = 5\n",
        );
        let overrides = SettingsLayer {
            shutdown_grace_secs: Some(9),
            ..SettingsLayer::default()
        };
        let settings = Settings::load(Some(file.path()), &overrides).expect("loads");
        assert_eq!(settings.listen.to_string(), "0.0.0.0:8080");
        assert_eq!(settings.log_format, LogFormat::Json);
        assert_eq!(settings.shutdown_grace_secs, 9, "the flag beats the file");
        assert_eq!(
            settings.database_url,
            Settings::default().database_url,
            "untouched keys keep defaults"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_in_the_file_are_named() {
        let typo = file_with("lisen = \"0.0.0.0:1\"\n");
        let error = Settings::load(Some(typo.path()), &SettingsLayer::default()).expect_err("typo");
        assert!(
            error.to_string().contains("unknown field `lisen`"),
            "{error}"
        );

        let bad = file_with("chat_max_body_bytes = \"lots\"\n");
        let error =
            Settings::load(Some(bad.path()), &SettingsLayer::default()).expect_err("bad type");
        assert!(error.to_string().contains("chat_max_body_bytes"), "{error}");
    }

    #[test]
    fn a_missing_file_is_a_clear_error() {
        let error = Settings::load(
            Some(Path::new("/nonexistent/citabot.toml")),
            &SettingsLayer::default(),
        )
        .expect_err("missing file");
        assert!(
            error.to_string().contains("/nonexistent/citabot.toml"),
            "{error}"
        );
    }

    #[test]
    fn limits_are_validated() {
        let overrides = SettingsLayer {
            chat_max_body_bytes: Some(10),
            ..SettingsLayer::default()
        };
        let error = Settings::load(None, &overrides).expect_err("too small");
        assert!(
            error
                .to_string()
                .contains("chat_max_body_bytes must be at least 1024"),
            "{error}"
        );
    }

    #[test]
    fn trusted_proxies_are_networks_from_the_file_or_the_flags() {
        let file = file_with("trusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n");
        let settings = Settings::load(Some(file.path()), &SettingsLayer::default()).expect("loads");
        assert!(
            settings
                .trusted_proxies
                .contains("10.20.30.40".parse().unwrap())
        );
        assert!(settings.trusted_proxies.contains("::1".parse().unwrap()));
        assert!(
            !settings
                .trusted_proxies
                .contains("192.0.2.1".parse().unwrap())
        );
        assert!(Settings::default().trusted_proxies.is_empty());

        let overrides = SettingsLayer {
            trusted_proxies: Some(vec!["10.0.0.0/8".into(), "haproxy.internal".into()]),
            ..SettingsLayer::default()
        };
        let error = Settings::load(None, &overrides).expect_err("a name is no network");
        assert!(
            error.to_string().contains("trusted_proxies")
                && error.to_string().contains("haproxy.internal"),
            "{error}"
        );
    }

    #[test]
    fn the_wait_for_a_person_is_bounded() {
        for (secs, ok) in [(0, false), (1, true), (86_400, true), (86_401, false)] {
            let overrides = SettingsLayer {
                person_wait_secs: Some(secs),
                ..SettingsLayer::default()
            };
            let loaded = Settings::load(None, &overrides);
            assert_eq!(loaded.is_ok(), ok, "{secs}");
        }
    }

    #[test]
    fn allowed_origins_must_be_bare_origins() {
        let overrides = SettingsLayer {
            allowed_origins: Some(vec![
                "https://peluqueria.example".into(),
                "http://localhost:5173".into(),
            ]),
            ..SettingsLayer::default()
        };
        assert!(Settings::load(None, &overrides).is_ok());
        for bad in [
            "peluqueria.example",
            "https://peluqueria.example/",
            "https://a.example/path",
            "*",
        ] {
            let overrides = SettingsLayer {
                allowed_origins: Some(vec![bad.into()]),
                ..SettingsLayer::default()
            };
            let error = Settings::load(None, &overrides).expect_err(bad);
            assert!(error.to_string().contains("allowed_origins"), "{error}");
        }
    }

    #[test]
    fn passwords_never_show() {
        assert_eq!(
            redact_url_password("postgres://app:s3cret@db:5432/citabot?sslmode=require"),
            "postgres://app:***@db:5432/citabot?sslmode=require"
        );
        assert_eq!(
            redact_url_password("postgres://app@db/citabot"),
            "postgres://app@db/citabot"
        );
        assert_eq!(
            redact_url_password("sqlite://data/citabot.db"),
            "sqlite://data/citabot.db"
        );
        let settings = Settings {
            database_url: "postgres://app:s3cret@db/citabot".into(),
            ..Settings::default()
        };
        assert!(!format!("{settings:?}").contains("s3cret"));
        assert!(!settings.to_redacted_toml().contains("s3cret"));
        let with_webhook = Settings {
            webhook_url: Some("https://user:hunter2@n8n.example/webhook/x/chat".into()),
            webhook_secret: Some("signing-secret".into()),
            ..Settings::default()
        };
        for shown in [format!("{with_webhook:?}"), with_webhook.to_redacted_toml()] {
            assert!(
                !shown.contains("hunter2") && !shown.contains("signing-secret"),
                "{shown}"
            );
        }
    }

    #[test]
    fn mail_settings_are_checked_and_the_smtp_password_never_shows() {
        for (url, ok) in [
            ("smtp://user:pw@mail.example:587", true),
            ("smtps://mail.example", true),
            ("smtp://127.0.0.1:2525?tls=none", true),
            ("http://mail.example", false),
            ("smtp://", false),
            ("smtp://user:pw@:25", false),
        ] {
            let overrides = SettingsLayer {
                smtp_url: Some(url.into()),
                ..SettingsLayer::default()
            };
            assert_eq!(Settings::load(None, &overrides).is_ok(), ok, "{url}");
        }
        let refused = Settings::load(
            None,
            &SettingsLayer {
                smtp_url: Some("http://citas:s3cr3t-mail@mail.example".into()),
                ..SettingsLayer::default()
            },
        )
        .expect_err("not an SMTP URL")
        .to_string();
        assert!(
            refused.contains("smtp_url") && refused.contains("scheme"),
            "{refused}"
        );
        assert!(!refused.contains("s3cr3t-mail"), "{refused}");
        let with_mail = Settings {
            smtp_url: SmtpTarget::parse("smtp://citas:s3cr3t-mail@mail.example:587").ok(),
            ..Settings::default()
        };
        for shown in [format!("{with_mail:?}"), with_mail.to_redacted_toml()] {
            assert!(!shown.contains("s3cr3t-mail"), "{shown}");
            assert!(shown.contains("citas:***@mail.example"), "{shown}");
        }
        for (from, ok) in [
            ("Peluquería Ana <citas@ana.example>", true),
            ("citas@ana.example", true),
            ("Ana <nope>", false),
            ("", false),
        ] {
            let overrides = SettingsLayer {
                mail_from: Some(from.into()),
                ..SettingsLayer::default()
            };
            assert_eq!(Settings::load(None, &overrides).is_ok(), ok, "{from}");
        }
        let overrides = SettingsLayer {
            public_url: Some("ftp://x".into()),
            ..SettingsLayer::default()
        };
        assert!(Settings::load(None, &overrides).is_err());
        assert_eq!(Settings::default().link_base(), "http://127.0.0.1:3000");
        let public = Settings {
            public_url: Some("https://citas.example/".into()),
            ..Settings::default()
        };
        assert_eq!(public.link_base(), "https://citas.example");
    }

    #[test]
    fn the_clock_start_is_an_rfc3339_instant_from_any_layer() {
        use time::macros::datetime;
        assert_eq!(Settings::default().clock_start, None);

        let file = file_with("clock_start = \"2026-12-01T10:20:00+01:00\"\n");
        let settings = Settings::load(Some(file.path()), &SettingsLayer::default()).expect("loads");
        assert_eq!(settings.clock_start, Some(datetime!(2026-12-01 09:20 UTC)));
        assert!(
            settings
                .to_redacted_toml()
                .contains("clock_start = \"2026-12-01T10:20:00+01:00\""),
            "{}",
            settings.to_redacted_toml()
        );

        let overrides = SettingsLayer {
            clock_start: Some(parse_instant("2027-03-05T18:00:00Z").expect("parses")),
            ..SettingsLayer::default()
        };
        let settings = Settings::load(Some(file.path()), &overrides).expect("loads");
        assert_eq!(
            settings.clock_start,
            Some(datetime!(2027-03-05 18:00 UTC)),
            "a flag or variable beats the file"
        );

        for bad in ["2026-12-01", "2026-12-01 10:20", "mañana"] {
            assert!(parse_instant(bad).is_err(), "{bad}");
            let file = file_with(&format!("clock_start = \"{bad}\"\n"));
            let error = Settings::load(Some(file.path()), &SettingsLayer::default())
                .expect_err("not an instant");
            assert!(error.to_string().contains("clock_start"), "{error}");
        }
    }

    #[test]
    fn the_webhook_url_must_be_http() {
        for (url, ok) in [
            ("https://n8n.example/webhook/abc/chat", true),
            ("http://127.0.0.1:5678/webhook/abc/chat", true),
            ("file:///etc/passwd", false),
            ("gopher://n8n.example/", false),
            ("https:///nohost", false),
            ("n8n.example/webhook", false),
        ] {
            let overrides = SettingsLayer {
                webhook_url: Some(url.into()),
                ..SettingsLayer::default()
            };
            assert_eq!(Settings::load(None, &overrides).is_ok(), ok, "{url}");
        }
    }
}
