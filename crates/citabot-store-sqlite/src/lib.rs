//! The SQLite adapter of the storage port: the default backend, one file under `./data`, in WAL
//! mode so readers never wait for the writer. It owns its migrations and the SQL only SQLite
//! runs; the SQL both databases share runs here through [`statements`].

mod statements;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use citabot_store::identity::EmailFold;
use citabot_store::sql::SqlBackend;
use citabot_store::{SharedState, StoreError};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, Connection, Sqlite, Transaction};
use statements::Statements;

/// A write transaction holding this process's writer turn until it ends.
#[derive(Debug)]
pub struct Writing {
    tx: Transaction<'static, Sqlite>,
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

impl std::ops::Deref for Writing {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for Writing {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.tx
    }
}

impl Writing {
    async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await.map_err(db_error)
    }
}

/// How long a writer waits for another writer's lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a readiness check waits for another writer's lock: a turn holds it for
/// milliseconds, and a probe must answer within about a second.
const PING_BUSY_TIMEOUT: Duration = Duration::from_millis(500);

/// A [`Store`] on one SQLite database file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    /// This process's writers, in line for SQLite's one write lock ([`Self::begin_write`]).
    writers: Arc<tokio::sync::Mutex<()>>,
}

impl SqliteStore {
    /// Opens (and creates, with its parent folder) the database at `url`
    /// (`sqlite://path/to/file.db`, or `sqlite::memory:` for a private in-memory database).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        // sqlx would take any other string for a file name.
        if !url.starts_with("sqlite:") {
            return Err(StoreError::InvalidUrl(format!(
                "{url} is not a sqlite: URL"
            )));
        }
        let options = SqliteConnectOptions::from_str(url)
            .map_err(db_error)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        if let Some(folder) = options.get_filename().parent()
            && !folder.as_os_str().is_empty()
        {
            std::fs::create_dir_all(folder).map_err(StoreError::backend)?;
        }
        let in_memory = options.get_filename().as_os_str() == ":memory:";
        let pool = SqlitePoolOptions::new()
            // An in-memory database lives in one connection: a second would see another database.
            .max_connections(if in_memory { 1 } else { max_connections })
            // A COMMIT refused by a full disk leaves SQLite rolled back and sqlx's rollback
            // failing with "no transaction is active": the connection would stay counted as in
            // a transaction, and every later BEGIN on it fail. Such a connection is closed.
            .before_acquire(|conn, _| Box::pin(async move { Ok(!conn.is_in_transaction()) }))
            // No ping on every acquire: it is a round trip to the connection's worker thread,
            // one more per read and per transaction, and a connection to a local file does not
            // hang up (a failed statement is answered as such; the hook above drops the one
            // case that would stay broken).
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(db_error)?;
        Ok(Self {
            pool,
            writers: Arc::default(),
        })
    }

    /// The database file `url` names; `None` for an in-memory database or a URL that is not
    /// SQLite's.
    pub fn file_of(url: &str) -> Option<std::path::PathBuf> {
        let options = SqliteConnectOptions::from_str(url).ok()?;
        let file = options.get_filename();
        (url.starts_with("sqlite:") && file.as_os_str() != ":memory:").then(|| file.to_path_buf())
    }

    /// A transaction that takes the write lock at once (`BEGIN IMMEDIATE`): a deferred one that
    /// reads first and writes later could find another writer in between and fail at once,
    /// where waiting is what is wanted. This process's writers first wait their turn in a
    /// first-come queue: SQLite lets a waiting writer only sleep and retry (1, 2, 5, 10… ms
    /// apart), so writers that met at the lock would wait far longer than the writes take. The
    /// busy timeout is left for other processes (the command-line tools).
    async fn begin_write(&self) -> Result<Writing, StoreError> {
        let turn = Arc::clone(&self.writers).lock_owned().await;
        let tx = self
            .pool
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(db_error)?;
        Ok(Writing { tx, _turn: turn })
    }

    /// Brings the schema up to date, then folds account emails stored before their key
    /// ([`citabot_store::identity`]); safe to run on every start. Returns what the fold changed.
    pub async fn migrate(&self) -> Result<Vec<EmailFold>, StoreError> {
        sqlx::migrate!("./migrations")
            .run(&self.pool)
            .await
            .map_err(StoreError::backend)?;
        citabot_store::sql::store::fold_user_emails(self).await
    }
}

/// Whether a write could start now: `SELECT 1` would pass under another process's write lock
/// (WAL readers never wait), so the write lock is taken and given back, waiting a moment only.
async fn write_could_start(pool: &SqlitePool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await.map_err(db_error)?;
    let checked = async {
        set_busy_timeout(&mut conn, PING_BUSY_TIMEOUT).await?;
        let tx = conn.begin_with("BEGIN IMMEDIATE").await.map_err(db_error)?;
        tx.rollback().await.map_err(db_error)
    }
    .await;
    // Back to the pool only with the pool's busy timeout, or writes would give up early.
    if let Err(error) = set_busy_timeout(&mut conn, BUSY_TIMEOUT).await {
        conn.close().await.ok();
        return checked.and(Err(error));
    }
    checked
}

/// Sets how long `conn` waits for another writer's lock.
async fn set_busy_timeout(conn: &mut SqliteConnection, wait: Duration) -> Result<(), StoreError> {
    // A pragma takes no bound parameters; the number is ours.
    let pragma = AssertSqlSafe(format!("PRAGMA busy_timeout = {}", wait.as_millis()));
    sqlx::raw_sql(pragma)
        .execute(conn)
        .await
        .map(drop)
        .map_err(db_error)
}

/// A database failure as the port names it. [`StoreError::Unavailable`] when it is about the
/// database not being able to work just now — locked by another process (`SQLITE_BUSY`,
/// `SQLITE_LOCKED`), read-only, out of disk, an I/O error, the file gone, the pool exhausted —
/// so callers answer "try again shortly"; anything else is [`StoreError::Backend`].
pub(crate) fn db_error(error: sqlx::Error) -> StoreError {
    let unavailable = match &error {
        sqlx::Error::Database(db) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            // The primary result code is the low byte of an extended one.
            .is_some_and(|code| matches!(code & 0xff, 5 | 6 | 8 | 10 | 13 | 14)),
        sqlx::Error::Io(_)
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

impl SqlBackend for SqliteStore {
    type Conn = Statements<PoolConnection<Sqlite>>;
    type Tx = Statements<Writing>;

    async fn connection(&self) -> Result<Self::Conn, StoreError> {
        self.pool.acquire().await.map(Statements).map_err(db_error)
    }

    async fn write(&self) -> Result<Self::Tx, StoreError> {
        self.begin_write().await.map(Statements)
    }

    fn name(&self) -> &'static str {
        "sqlite"
    }

    /// One process per database file: nothing is shared.
    fn shared_state(&self) -> Option<std::sync::Arc<dyn SharedState>> {
        None
    }

    async fn check_ready(&self) -> Result<(), StoreError> {
        // On a task of its own: a caller that stops waiting (a probe's deadline) must not drop
        // the connection back into the pool while it has the short busy timeout. In line with
        // this process's writers, so that the short wait is only for another process's lock.
        let pool = self.pool.clone();
        let writers = Arc::clone(&self.writers);
        tokio::spawn(async move {
            let _turn = writers.lock_owned().await;
            write_could_start(&pool).await
        })
        .await
        .map_err(StoreError::backend)?
    }

    async fn close_pool(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citabot_store::Store;

    /// A fresh database file in its own temporary folder, removed with the guard.
    async fn fresh_store() -> Option<(SqliteStore, tempfile::TempDir)> {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!(
            "sqlite://{}",
            folder.path().join("nested/citabot.db").display()
        );
        let store = SqliteStore::connect(&url, 4).await.expect("open SQLite");
        store.migrate().await.expect("migrate SQLite");
        Some((store, folder))
    }

    citabot_store::store_conformance_tests!(fresh_store; also legacy_emails_are_folded);

    #[tokio::test]
    async fn in_memory_databases_work_and_migrations_are_idempotent() {
        let store = SqliteStore::connect("sqlite::memory:", 4)
            .await
            .expect("open");
        store.migrate().await.expect("first migration");
        store.migrate().await.expect("second migration is a no-op");
        citabot_store::conformance::history_keeps_order_and_content(&store)
            .await
            .expect("in-memory store keeps history");
    }

    /// The first migration of the email key; rows written before it are legacy.
    const IDENTITY_MIGRATION: i64 = 20261126000008;

    #[tokio::test]
    async fn legacy_emails_are_folded_once_at_migration() {
        legacy_emails_are_folded().await;
    }

    /// Rows written before the email key are folded by the migration that follows, once.
    async fn legacy_emails_are_folded() {
        let (store, _folder) = fresh_store_before(IDENTITY_MIGRATION).await;
        citabot_store::conformance::identity::legacy_emails_fold_once(&store, async || {
            store.migrate().await
        })
        .await;
    }

    /// The migration that rebuilds `citas` for the no-show status.
    const NO_SHOW_MIGRATION: i64 = 20261127000010;

    #[tokio::test]
    async fn the_no_show_rebuild_keeps_citas_indexes_triggers_and_keys() {
        use citabot_domain::booking::CitaStatus;
        use citabot_store::BookingStore;

        let (store, _folder) = fresh_store_before(NO_SHOW_MIGRATION).await;
        let setup = [
            "INSERT INTO users (id, email, password_hash, first_name, last_name, role, created_at) \
             VALUES ('u-ana', 'ana@salon.es', 'h', 'Ana', 'López', 'usuario', '2026-11-20T09:30:00Z')",
            "INSERT INTO services (id, position, name, description, duration_min, price_cents, active) \
             VALUES ('corte', 0, 'Corte', '', 30, 1800, 1)",
            "INSERT INTO clients (id, name, email, phone, user_id, created_at, search_key) \
             VALUES ('k-1', 'Marta', NULL, NULL, NULL, '2026-11-20T09:30:00Z', 'marta')",
            "INSERT INTO citas (id, staff_id, client_id, date, start_min, end_min, start_at, end_at, \
             status, created_at, chat_session_id) VALUES \
             ('c-1', 'u-ana', 'k-1', '2026-11-27', 600, 630, '2026-11-27T09:00:00Z', \
              '2026-11-27T09:30:00Z', 'confirmada', '2026-11-20T09:30:00.5Z', 'chat-1'), \
             ('c-2', 'u-ana', 'k-1', '2026-11-27', 600, 630, '2026-11-27T09:00:00Z', \
              '2026-11-27T09:30:00Z', 'cancelada', '2026-11-20T09:30:00Z', NULL)",
            "INSERT INTO cita_servicio (cita_id, position, service_id) VALUES ('c-1', 0, 'corte'), \
             ('c-2', 0, 'corte')",
        ];
        for statement in setup {
            sqlx::query(statement)
                .execute(&store.pool)
                .await
                .expect(statement);
        }
        let schema = |kind: &'static str| {
            let pool = store.pool.clone();
            async move {
                let rows: Vec<(String,)> = sqlx::query_as(
                    "SELECT name FROM sqlite_schema WHERE type = ? AND tbl_name = 'citas' \
                     AND name NOT LIKE 'sqlite_%' ORDER BY name",
                )
                .bind(kind)
                .fetch_all(&pool)
                .await
                .expect("the schema");
                rows.into_iter().map(|(name,)| name).collect::<Vec<_>>()
            }
        };
        let (indexes, triggers) = (schema("index").await, schema("trigger").await);

        store.migrate().await.expect("migrate");
        assert_eq!(schema("index").await, indexes);
        assert_eq!(schema("trigger").await, triggers);
        assert_eq!(triggers.len(), 2, "{triggers:?}");
        assert_eq!(indexes.len(), 5, "{indexes:?}");

        let citas = store.client_citas("k-1").await.expect("read");
        let kept: Vec<(&str, CitaStatus, &[String], Option<&str>)> = citas
            .iter()
            .map(|cita| {
                (
                    cita.id.as_str(),
                    cita.status,
                    cita.service_ids.as_slice(),
                    cita.chat_session_id.as_deref(),
                )
            })
            .collect();
        let corte = ["corte".to_owned()];
        assert_eq!(
            kept,
            [
                ("c-1", CitaStatus::Confirmada, &corte[..], Some("chat-1")),
                ("c-2", CitaStatus::Cancelada, &corte[..], None),
            ]
        );
        let broken: Vec<(String, Option<i64>, String, i64)> =
            sqlx::query_as("PRAGMA foreign_key_check")
                .fetch_all(&store.pool)
                .await
                .expect("check the keys");
        assert!(broken.is_empty(), "{broken:?}");
        let (keys_on,): (i64,) = sqlx::query_as("PRAGMA foreign_keys")
            .fetch_one(&store.pool)
            .await
            .expect("read the pragma");
        assert_eq!(keys_on, 1, "foreign keys are on again");
        // The foreign keys of the rebuilt table still hold: no cita for an unknown client.
        let orphan = sqlx::query(
            "INSERT INTO citas (id, staff_id, client_id, date, start_min, end_min, start_at, \
             end_at, status, created_at) VALUES ('c-9', 'u-ana', 'k-0', '2026-11-28', 600, 630, \
             '2026-11-28T09:00:00Z', '2026-11-28T09:30:00Z', 'pendiente', '2026-11-20T09:30:00Z')",
        )
        .execute(&store.pool)
        .await;
        assert!(orphan.is_err(), "{orphan:?}");

        // Double bookings are still refused, on insert and on update.
        let mut overlapping = store.cita("c-1").await.expect("read").expect("c-1");
        overlapping.id = "c-3".into();
        overlapping.status = CitaStatus::Pendiente;
        overlapping.start_min = 615;
        overlapping.end_min = 645;
        assert!(matches!(
            store.create_cita(&overlapping).await,
            Err(StoreError::SlotTaken)
        ));
        assert!(matches!(
            store
                .change_cita_status("c-2", CitaStatus::Cancelada, CitaStatus::Pendiente)
                .await,
            Err(StoreError::SlotTaken)
        ));
        // The new status is taken, and holds no time.
        assert!(
            store
                .change_cita_status("c-1", CitaStatus::Confirmada, CitaStatus::NoPresentado)
                .await
                .expect("a no-show")
        );
        store
            .create_cita(&overlapping)
            .await
            .expect("the time is free");
        store.close().await;
    }

    /// A database with the migrations before `version` only.
    async fn fresh_store_before(version: i64) -> (SqliteStore, tempfile::TempDir) {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
        let store = SqliteStore::connect(&url, 4).await.expect("open SQLite");
        let older = sqlx::migrate!("./migrations")
            .migrations
            .iter()
            .filter(|migration| migration.version < version)
            .cloned()
            .collect();
        sqlx::migrate::Migrator::with_migrations(older)
            .run(&store.pool)
            .await
            .expect("older migrations");
        (store, folder)
    }

    /// The pool's busy timeout, in milliseconds, as its (only) connection has it.
    async fn busy_timeout_ms(store: &SqliteStore) -> i64 {
        let (ms,): (i64,) = sqlx::query_as("PRAGMA busy_timeout")
            .fetch_one(&store.pool)
            .await
            .expect("read the busy timeout");
        ms
    }

    #[tokio::test]
    async fn ping_fails_while_another_process_holds_the_write_lock() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
        // One connection: what ping does to it, the next query sees.
        let store = SqliteStore::connect(&url, 1).await.expect("open SQLite");
        store.migrate().await.expect("migrate SQLite");
        store.ping().await.expect("nobody else writes");
        assert_eq!(busy_timeout_ms(&store).await, 5000);

        // In WAL mode readers never wait for a writer, so `SELECT 1` would still succeed.
        let mut holder = SqliteConnection::connect(&url)
            .await
            .expect("a second opener");
        sqlx::raw_sql("BEGIN IMMEDIATE; CREATE TABLE held (x INTEGER);")
            .execute(&mut holder)
            .await
            .expect("take the write lock");
        let error = store.ping().await.expect_err("no write can start now");
        assert!(matches!(error, StoreError::Unavailable(_)), "{error:?}");
        assert_eq!(
            busy_timeout_ms(&store).await,
            5000,
            "writes wait the whole busy timeout again"
        );

        sqlx::raw_sql("ROLLBACK")
            .execute(&mut holder)
            .await
            .expect("release the lock");
        store.ping().await.expect("writable again");
        store.close().await;
    }

    #[tokio::test]
    async fn a_ping_given_up_on_leaves_the_busy_timeout_as_it_was() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
        let store = SqliteStore::connect(&url, 1).await.expect("open SQLite");
        store.migrate().await.expect("migrate SQLite");
        let mut holder = SqliteConnection::connect(&url)
            .await
            .expect("a second opener");
        sqlx::raw_sql("BEGIN IMMEDIATE; CREATE TABLE held (x INTEGER);")
            .execute(&mut holder)
            .await
            .expect("take the write lock");
        // A probe's deadline drops the ping while it waits for the lock.
        let given_up = tokio::time::timeout(Duration::from_millis(50), store.ping()).await;
        assert!(
            given_up.is_err(),
            "the ping was still waiting: {given_up:?}"
        );
        sqlx::raw_sql("ROLLBACK")
            .execute(&mut holder)
            .await
            .expect("release the lock");
        assert_eq!(busy_timeout_ms(&store).await, 5000);
        store.close().await;
    }

    #[tokio::test]
    async fn a_bad_url_is_an_error_not_a_panic() {
        assert!(SqliteStore::connect("mysql://nope", 1).await.is_err());
    }
}
