//! The PostgreSQL adapter of the storage port: the backend for several server instances sharing
//! one database. It owns its migrations and the SQL only PostgreSQL runs (locks, the shared
//! state); the SQL both databases share runs here through [`statements`].

mod shared;
mod statements;
#[cfg(feature = "testing")]
pub mod testing;

use citabot_store::identity::EmailFold;
use citabot_store::sql::SqlBackend;
use citabot_store::{SharedState, StoreError};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Postgres, Transaction};
use statements::Statements;

/// How long a pooled connection may sit unused before it is pinged as it is handed out.
const PING_WHEN_IDLE_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// A [`Store`] on one PostgreSQL database.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
    /// Who hears the other instances' notices: one listening connection for all of them.
    heard_by: std::sync::Arc<tokio::sync::Mutex<Option<shared::Listeners>>>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/database`).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(max_connections)
            // A connection back from a turn a moment ago was answering then, and sqlx pings
            // every connection as it comes back: a ping on every acquire as well would be a
            // round trip more per read and per transaction. One that sat idle is pinged, so a
            // server restart while the pool was quiet costs no request; a failed ping drops the
            // connection and the pool hands out another.
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= PING_WHEN_IDLE_FOR {
                        sqlx::Connection::ping(conn).await?;
                    }
                    Ok(true)
                })
            })
            .connect(url)
            .await
            .map_err(db_error)?;
        Ok(Self {
            pool,
            heard_by: std::sync::Arc::default(),
        })
    }

    /// Brings the schema up to date, then folds account emails stored before their key
    /// ([`citabot_store::identity`]); safe to run on every start, also from several instances
    /// at once (sqlx takes an advisory lock, the fold a lock on `users`). Returns what the fold
    /// changed.
    pub async fn migrate(&self) -> Result<Vec<EmailFold>, StoreError> {
        sqlx::migrate!("./migrations")
            .run(&self.pool)
            .await
            .map_err(StoreError::backend)?;
        citabot_store::sql::store::fold_user_emails(self).await
    }
}

/// A database failure as the port names it. [`StoreError::Unavailable`] when it is about the
/// server not being able to work just now — the connection lost or refused (SQLSTATE class
/// 08), out of resources (53), shutting down or starting (57P01–57P03), read-only (25006), the
/// pool exhausted — so callers answer "try again shortly"; anything else is
/// [`StoreError::Backend`].
pub(crate) fn db_error(error: sqlx::Error) -> StoreError {
    let unavailable = match &error {
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code.starts_with("08")
                || code.starts_with("53")
                || code.starts_with("57P")
                || code == "25006"
        }),
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        _ => false,
    };
    if unavailable {
        StoreError::Unavailable(Box::new(error))
    } else {
        StoreError::backend(error)
    }
}

impl SqlBackend for PgStore {
    type Conn = Statements<PoolConnection<Postgres>>;
    type Tx = Statements<Transaction<'static, Postgres>>;

    async fn connection(&self) -> Result<Self::Conn, StoreError> {
        self.pool.acquire().await.map(Statements).map_err(db_error)
    }

    async fn write(&self) -> Result<Self::Tx, StoreError> {
        self.pool.begin().await.map(Statements).map_err(db_error)
    }

    fn name(&self) -> &'static str {
        "postgres"
    }

    fn shared_state(&self) -> Option<std::sync::Arc<dyn SharedState>> {
        Some(std::sync::Arc::new(self.clone()))
    }

    async fn check_ready(&self) -> Result<(), StoreError> {
        // `SELECT 1` passes on a standby or a read-only database too.
        let (read_only,): (bool,) = sqlx::query_as(
            "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'",
        )
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        if read_only {
            return Err(StoreError::Unavailable(
                "the database takes no writes: read-only, or a standby in recovery".into(),
            ));
        }
        Ok(())
    }

    async fn close_pool(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestDatabase;
    use citabot_store::Store;

    async fn fresh_store() -> Option<(PgStore, TestDatabase)> {
        let database = TestDatabase::create().await?;
        let store = PgStore::connect(database.url(), 4).await.expect("connect");
        store.migrate().await.expect("migrate PostgreSQL");
        Some((store, database))
    }

    citabot_store::store_conformance_tests!(fresh_store; also legacy_emails_are_folded);

    /// The first migration of the email key; rows written before it are legacy.
    const IDENTITY_MIGRATION: i64 = 20261126000008;

    #[tokio::test]
    async fn legacy_emails_are_folded_once_at_migration() {
        legacy_emails_are_folded().await;
    }

    /// Rows written before the email key are folded by the migration that follows, once.
    async fn legacy_emails_are_folded() {
        let Some(database) = TestDatabase::create().await else {
            return;
        };
        let store = PgStore::connect(database.url(), 4).await.expect("connect");
        let older = sqlx::migrate!("./migrations")
            .migrations
            .iter()
            .filter(|migration| migration.version < IDENTITY_MIGRATION)
            .cloned()
            .collect();
        sqlx::migrate::Migrator::with_migrations(older)
            .run(&store.pool)
            .await
            .expect("older migrations");
        citabot_store::conformance::identity::legacy_emails_fold_once(&store, async || {
            store.migrate().await
        })
        .await;
        store.close().await;
    }

    #[tokio::test]
    async fn ping_fails_when_the_database_accepts_no_writes() {
        let Some((migrated, database)) = fresh_store().await else {
            return;
        };
        migrated.close().await;
        // One connection, read-only from now on, as on a standby or a database an operator
        // made read-only: `SELECT 1` would still succeed.
        let store = PgStore::connect(database.url(), 1).await.expect("connect");
        store.ping().await.expect("writable");
        sqlx::query("SET default_transaction_read_only = on")
            .execute(&store.pool)
            .await
            .expect("make the connection read-only");
        let error = store.ping().await.expect_err("no write can start");
        assert!(matches!(error, StoreError::Unavailable(_)), "{error:?}");
        store.close().await;
    }

    #[tokio::test]
    async fn migrations_are_idempotent() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        store.migrate().await.expect("second migration is a no-op");
        store.close().await;
    }
}
