//! A throw-away database for one case, and the store the test reads it through.

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::Arc;

use citabot_server::config::Settings;
use citabot_store::Store;
use citabot_store_postgres::testing::TestDatabase;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that lives as long as this value, with a folder for the servers' logs.
#[derive(Debug)]
pub struct Database {
    url: String,
    pub folder: tempfile::TempDir,
    _postgres: Option<TestDatabase>,
}

impl Database {
    /// A fresh, empty database, or `None` when PostgreSQL is unreachable and not required (the
    /// skip is printed by [`TestDatabase::create`]).
    pub async fn create(backend: Backend) -> Option<Self> {
        let folder = tempfile::tempdir().expect("temporary folder");
        let (url, postgres) = match backend {
            Backend::Sqlite => (
                format!("sqlite://{}", folder.path().join("citabot.db").display()),
                None,
            ),
            Backend::Postgres => {
                let database = TestDatabase::create().await?;
                (database.url().to_owned(), Some(database))
            }
        };
        Some(Self {
            url,
            folder,
            _postgres: postgres,
        })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The store on this database, as the test reads it (the server has migrated it already).
    pub async fn store(&self) -> Arc<dyn Store> {
        let settings = Settings {
            database_url: self.url.clone(),
            database_max_connections: 2,
            ..Settings::default()
        };
        citabot_server::database::open(&settings)
            .await
            .expect("the test opens the database")
    }

    /// Adds an administrador (Lucía Pérez) with `citabot user add`, as a salon's owner would.
    pub fn add_administrador(&self, email: &str, password: &str) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_citabot"))
            .args([
                "user",
                "add",
                "--role",
                "administrador",
                "--email",
                email,
                "--first-name",
                "Lucía",
                "--last-name",
                "Pérez",
                "--password-stdin",
            ])
            .env("CITABOT_DATABASE_URL", self.url())
            .stdin(Stdio::piped())
            .spawn()
            .expect("citabot user add starts");
        writeln!(child.stdin.take().expect("stdin"), "{password}")
            .expect("the password is written");
        assert!(
            child.wait().expect("it ends").success(),
            "the administrador is made"
        );
    }
}
