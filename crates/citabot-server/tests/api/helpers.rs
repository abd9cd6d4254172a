//! Starting the real application for a test: a fresh database, port 0, a fixed clock, and a
//! handle that stops the server when dropped.

use std::net::SocketAddr;
use std::sync::Arc;

use citabot_domain::clock::ManualClock;
use citabot_server::app::Application;
use citabot_server::config::Settings;
use citabot_store::Store;
use citabot_store_postgres::testing::TestDatabase;
use serde_json::{Value, json};
use time::macros::datetime;

/// Which database a test app runs on.
#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Whatever keeps a test database alive until the test ends.
#[derive(Debug)]
enum DatabaseGuard {
    Sqlite(#[expect(dead_code, reason = "held for its Drop")] tempfile::TempDir),
    Postgres(#[expect(dead_code, reason = "held for its Drop")] TestDatabase),
    /// Another app's database: that app keeps it alive.
    Borrowed,
}

#[derive(Debug)]
pub struct TestApp {
    pub address: SocketAddr,
    pub client: reqwest::Client,
    pub store: Arc<dyn Store>,
    /// The database the app runs on, for tests that reach into it (fault injection).
    pub database_url: String,
    /// "Now" for the server: fixed at 2026-11-20 09:30 UTC until a test advances it.
    pub clock: Arc<ManualClock>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    _database: DatabaseGuard,
}

impl TestApp {
    /// Starts the app on `backend`, or returns `None` when PostgreSQL is unreachable and not
    /// required (the skip is printed by [`TestDatabase::create`]).
    pub async fn spawn_on(backend: Backend, adjust: impl FnOnce(&mut Settings)) -> Option<Self> {
        if std::env::var_os("TEST_LOG").is_some() {
            citabot_server::telemetry::init(&Settings {
                log_filter: "debug".into(),
                ..Settings::default()
            });
        }
        let (database_url, guard) = match backend {
            Backend::Sqlite => {
                let folder = tempfile::tempdir().expect("temporary folder");
                let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
                (url, DatabaseGuard::Sqlite(folder))
            }
            Backend::Postgres => {
                let database = TestDatabase::create().await?;
                (database.url().to_owned(), DatabaseGuard::Postgres(database))
            }
        };
        let mut settings = Settings {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url,
            database_max_connections: 4,
            shutdown_grace_secs: 5,
            // Tests stop their servers at once; the drain has its own test.
            shutdown_drain_secs: 0,
            ..Settings::default()
        };
        adjust(&mut settings);
        let database_url = settings.database_url.clone();
        let store = citabot_server::database::open(&settings)
            .await
            .expect("open the test database");
        let clock = Arc::new(ManualClock::new(datetime!(2026-11-20 09:30 UTC)));
        let app = Application::build(&settings, Arc::clone(&store), clock.clone())
            .await
            .expect("bind");
        let address = app.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        Some(Self {
            address,
            client: reqwest::Client::new(),
            store,
            database_url,
            clock,
            stop: Some(stop),
            server: Some(server),
            _database: guard,
        })
    }

    /// A second server on `app`'s database and clock, as after a restart.
    pub async fn restart(app: &TestApp) -> Self {
        Self::restart_with(app, |_| {}).await
    }

    /// [`TestApp::restart`] with `adjust`ed settings.
    pub async fn restart_with(app: &TestApp, adjust: impl FnOnce(&mut Settings)) -> Self {
        let mut settings = Settings {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            shutdown_grace_secs: 5,
            // Tests stop their servers at once; the drain has its own test.
            shutdown_drain_secs: 0,
            ..Settings::default()
        };
        adjust(&mut settings);
        let built = Application::build(&settings, Arc::clone(&app.store), app.clock.clone())
            .await
            .expect("bind");
        let address = built.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(built.run_until(async move {
            let _ = stopped.await;
        }));
        Self {
            address,
            client: reqwest::Client::new(),
            store: Arc::clone(&app.store),
            database_url: app.database_url.clone(),
            clock: app.clock.clone(),
            stop: Some(stop),
            server: Some(server),
            _database: DatabaseGuard::Borrowed,
        }
    }

    /// Starts the app on SQLite with the default settings.
    pub async fn spawn() -> Self {
        Self::spawn_on(Backend::Sqlite, |_| {})
            .await
            .expect("SQLite is always available")
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// GETs a path of the app.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the app answers")
    }

    /// POSTs a JSON value to the chat gateway.
    pub async fn chat(&self, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/api/n8n/chat"))
            .json(body)
            .send()
            .await
            .expect("the gateway answers")
    }

    pub async fn send_message(&self, session: &str, text: &str) -> reqwest::Response {
        self.chat(&json!({ "action": "sendMessage", "sessionId": session, "chatInput": text }))
            .await
    }

    pub async fn load_previous_session(&self, session: &str) -> reqwest::Response {
        self.chat(&json!({ "action": "loadPreviousSession", "sessionId": session }))
            .await
    }

    /// The server's own origin, as a browser on its pages would send it.
    pub fn origin(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Signs up a `cliente` and returns its session.
    pub async fn sign_up(&self, email: &str) -> Session {
        let form = json!({
            "email": email, "password": "contraseña segura", "firstName": "Ana",
            "lastName": "López", "phone": "+34 600 123 456"
        });
        self.session_from("/api/auth/signup", &form, reqwest::StatusCode::CREATED)
            .await
    }

    /// Signs in with a password and returns the new session.
    pub async fn sign_in(&self, email: &str, password: &str) -> Session {
        let form = json!({ "email": email, "password": password });
        self.session_from("/api/auth/login", &form, reqwest::StatusCode::OK)
            .await
    }

    /// Posts an account form to `path`, checks it answers `status`, and reads the session.
    async fn session_from(&self, path: &str, form: &Value, status: reqwest::StatusCode) -> Session {
        let response = self
            .client
            .post(self.url(path))
            .json(form)
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), status, "{path} for {}", form["email"]);
        Session::from_response(response).await
    }

    /// Asks the server to stop and waits until it has.
    pub async fn shut_down(mut self) -> std::io::Result<()> {
        self.stop_server().await
    }

    /// Sends the stop signal without waiting for the server to stop: it drains first.
    pub fn signal_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Stops the server (and its mail sender) but keeps the database, for another app on it.
    pub async fn stop_server(&mut self) -> std::io::Result<()> {
        self.signal_stop();
        let server = self.server.take().expect("the server runs until shut down");
        server.await.expect("the server task does not panic")
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Reads a JSON body, failing with the status and raw text when it is not JSON.
pub async fn json_body(response: reqwest::Response) -> (reqwest::StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.expect("a body");
    let value =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: not JSON: {text}"));
    (status, value)
}

/// A signed-in browser: its session cookie and CSRF token.
#[derive(Debug, Clone)]
pub struct Session {
    pub cookie: String,
    pub csrf_token: String,
    pub body: Value,
}

impl Session {
    /// Reads the `Set-Cookie` and the body of a sign-up or sign-in answer.
    pub async fn from_response(response: reqwest::Response) -> Self {
        let cookie = session_cookie(&response).expect("a session cookie is set");
        let body: Value = response.json().await.expect("JSON body");
        let csrf_token = body["csrfToken"].as_str().expect("a CSRF token").to_owned();
        Self {
            cookie,
            csrf_token,
            body,
        }
    }

    /// The `Cookie` header value.
    pub fn cookie_header(&self) -> String {
        format!("citabot_session={}", self.cookie)
    }
}

/// The session token a response sets, if any (empty when it clears the cookie).
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(|value| value.strip_prefix("citabot_session="))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
}
