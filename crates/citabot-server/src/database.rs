//! Picks the store adapter from the database URL's scheme, connects and migrates.

use std::sync::Arc;

use anyhow::{Context, bail};
use citabot_store::Store;
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
        store
            .migrate()
            .await
            .context("cannot migrate the SQLite database")?;
        Arc::new(store)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        let store = PgStore::connect(url, pool_size)
            .await
            .with_context(|| format!("cannot connect to PostgreSQL at {shown}"))?;
        store
            .migrate()
            .await
            .context("cannot migrate the PostgreSQL database")?;
        Arc::new(store)
    } else {
        bail!("unsupported database URL {shown}: use sqlite://… or postgres://…");
    };
    Ok(store)
}
