//! Picks the store adapter from the database URL's scheme, connects and migrates.

use std::sync::Arc;

use anyhow::{Context, bail};
use citabot_store::Store;
use citabot_store::identity::{EmailFold, FoldReason};
use citabot_store_postgres::PgStore;
use citabot_store_sqlite::SqliteStore;

use crate::config::{Settings, redact_url_password};

/// Opens the configured database and brings its schema up to date.
pub async fn open(settings: &Settings) -> anyhow::Result<Arc<dyn Store>> {
    let url = settings.database_url.as_str();
    let shown = redact_url_password(url);
    let pool_size = settings.database_max_connections;
    let store: Arc<dyn Store> = if url.starts_with("sqlite:") {
        let store = SqliteStore::connect(url, pool_size)
            .await
            .with_context(|| format!("cannot open the SQLite database {shown}"))?;
        let folds = store
            .migrate()
            .await
            .context("cannot migrate the SQLite database")?;
        log_email_folds(&folds);
        Arc::new(store)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        let store = PgStore::connect(url, pool_size)
            .await
            .with_context(|| format!("cannot connect to PostgreSQL at {shown}"))?;
        let folds = store
            .migrate()
            .await
            .context("cannot migrate the PostgreSQL database")?;
        log_email_folds(&folds);
        Arc::new(store)
    } else {
        bail!("unsupported database URL {shown}: use sqlite://… or postgres://…");
    };
    Ok(store)
}

/// Held while this process serves a SQLite database: dropping it lets another server start.
#[derive(Debug)]
pub struct ServingLock {
    _file: Option<std::fs::File>,
}

/// Makes sure no other server serves the same SQLite file: SQLite is for one instance (two would
/// each keep their own limits, live channels and caches). Tools such as `citabot user add` may
/// still open the file beside the server. Nothing to hold for PostgreSQL, which several
/// instances share.
pub fn claim_for_serving(settings: &Settings) -> anyhow::Result<ServingLock> {
    let Some(database) = SqliteStore::file_of(&settings.database_url) else {
        return Ok(ServingLock { _file: None });
    };
    let mut name = database.clone().into_os_string();
    name.push(".serving");
    if let Some(folder) = database.parent()
        && !folder.as_os_str().is_empty()
    {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&name)
        .with_context(|| format!("cannot open {}", name.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(ServingLock { _file: Some(file) }),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "another citabot server is already serving {}: a SQLite database is served by one \
             process only. Stop that one first, or use PostgreSQL to run several instances",
            database.display()
        ),
        Err(std::fs::TryLockError::Error(error)) => {
            Err(error).with_context(|| format!("cannot lock {}", name.display()))
        }
    }
}

/// Says what the start-up fold of account emails did (`citabot_store::identity`): by account
/// id, since the addresses are personal data; a set-aside one keeps its old address in the
/// `users.email` column for whoever runs the server.
fn log_email_folds(folds: &[EmailFold]) {
    for fold in folds {
        let user = fold.user_id.as_str();
        match fold.reason {
            FoldReason::Normalised => {
                tracing::info!(
                    user,
                    "account email rewritten in its key form (NFKC, lower case)"
                );
            }
            FoldReason::Collides => tracing::warn!(
                user,
                kept_by = fold.kept_by.as_deref().unwrap_or_default(),
                "account email is another account's once folded: set aside (marked \"[apartada …]\", \
                 signed out; it cannot sign in until its email is changed in the database)"
            ),
            FoldReason::Unreadable => tracing::warn!(
                user,
                "account email is no longer a valid address (invisible characters or mixed \
                 scripts): set aside (marked \"[apartada …]\", signed out; it cannot sign in until its \
                 email is changed in the database)"
            ),
        }
    }
}
