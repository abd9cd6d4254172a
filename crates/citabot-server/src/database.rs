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
