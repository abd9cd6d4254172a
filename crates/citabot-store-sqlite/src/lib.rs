//! The SQLite adapter of the storage port: the default backend, one file under `./data`, in WAL
//! mode so readers never wait for the writer. It owns its migrations and the SQL only SQLite
//! runs; the SQL both databases share runs here through [`statements`].

mod connections;
mod statements;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use citabot_store::identity::EmailFold;
use citabot_store::sql::SqlBackend;
use citabot_store::{SharedState, StoreError};
use connections::{Opener, Readers, Reading, Writers, Writing};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use statements::Statements;

/// How long a writer waits for another process's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a readiness check waits for another process's write lock: a turn holds it for
/// milliseconds, and a probe must answer within about a second.
const PING_BUSY_TIMEOUT: Duration = Duration::from_millis(500);

/// A [`Store`] on one SQLite database file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    /// sqlx's connections, for the migrations (and the adapter's tests).
    pool: SqlitePool,
    /// This process's one write connection, in line for SQLite's one write lock.
    writers: Writers,
    /// Connections to read on; none for an in-memory database, read through the writer's.
    readers: Option<Arc<Readers>>,
    /// Set by [`SqlBackend::close_pool`]: from then on every statement is refused.
    closed: Arc<std::sync::atomic::AtomicBool>,
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
        let in_memory = is_in_memory(url);
        if !in_memory
            && let Some(folder) = options.get_filename().parent()
            && !folder.as_os_str().is_empty()
        {
            std::fs::create_dir_all(folder).map_err(StoreError::backend)?;
        }
        let opener = Opener::new(options.get_filename().to_path_buf(), in_memory);
        let pool = SqlitePoolOptions::new()
            // The migrations run on it; an in-memory database lives while any of its
            // connections does, and the writer's stays open.
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(db_error)?;
        // Opened once sqlx has created the file in WAL mode.
        let writers = Writers::open(&opener)?;
        let readers =
            (!in_memory).then(|| Arc::new(Readers::new(opener, max_connections as usize)));
        Ok(Self {
            pool,
            writers,
            readers,
            closed: Arc::default(),
        })
    }

    /// The database file `url` names; `None` for an in-memory database or a URL that is not
    /// SQLite's.
    pub fn file_of(url: &str) -> Option<std::path::PathBuf> {
        let options = SqliteConnectOptions::from_str(url).ok()?;
        (url.starts_with("sqlite:") && !is_in_memory(url))
            .then(|| options.get_filename().to_path_buf())
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

impl SqliteStore {
    /// [`StoreError::Unavailable`] once the store is closed, as sqlx's closed pool answers.
    fn open(&self) -> Result<(), StoreError> {
        if self.closed.load(std::sync::atomic::Ordering::Acquire) {
            return Err(StoreError::Unavailable(Box::new(std::io::Error::other(
                "the database is closed",
            ))));
        }
        Ok(())
    }
}

/// Whether `url` names an in-memory database (`sqlite::memory:`, `mode=memory`).
fn is_in_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// A failure of sqlx (opening, migrating) as the port names it: [`StoreError::Unavailable`]
/// when the database cannot work just now (as [`connections::sqlite_error`] says), else
/// [`StoreError::Backend`].
pub(crate) fn db_error(error: sqlx::Error) -> StoreError {
    let unavailable = match &error {
        sqlx::Error::Database(db) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(connections::means_unavailable),
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
    type Conn = Statements<Reading>;
    type Tx = Statements<Writing>;

    async fn connection(&self) -> Result<Self::Conn, StoreError> {
        self.open()?;
        match &self.readers {
            Some(readers) => readers.take().map(Statements),
            None => Ok(Statements(Reading::shared(self.writers.turn().await))),
        }
    }

    async fn write(&self) -> Result<Self::Tx, StoreError> {
        self.open()?;
        self.writers.begin(BUSY_TIMEOUT).await.map(Statements)
    }

    fn name(&self) -> &'static str {
        "sqlite"
    }

    /// One process per database file: nothing is shared.
    fn shared_state(&self) -> Option<std::sync::Arc<dyn SharedState>> {
        None
    }

    /// Whether a write could start now: `SELECT 1` would pass under another process's write
    /// lock (WAL readers never wait), so the write lock is taken and given back, waiting a
    /// moment only. In line with this process's writers, so that the short wait is only for
    /// another process's lock.
    async fn check_ready(&self) -> Result<(), StoreError> {
        self.open()?;
        self.writers.begin(PING_BUSY_TIMEOUT).await.map(drop)
    }

    async fn close_pool(&self) {
        self.closed
            .store(true, std::sync::atomic::Ordering::Release);
        if let Some(readers) = &self.readers {
            readers.close();
        }
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citabot_store::Store;
    use sqlx::{Connection, SqliteConnection};

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

    /// A migrated database file with `readers` connections to read on, its URL, and the folder
    /// that keeps it.
    async fn migrated_file_store(readers: u32) -> (SqliteStore, String, tempfile::TempDir) {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
        let store = SqliteStore::connect(&url, readers)
            .await
            .expect("open SQLite");
        store.migrate().await.expect("migrate SQLite");
        (store, url, folder)
    }

    /// Ends the other process's transaction that [`hold_the_write_lock`] began.
    async fn release(holder: &mut SqliteConnection) {
        sqlx::raw_sql("ROLLBACK")
            .execute(holder)
            .await
            .expect("release the lock");
    }

    /// Another process's connection holding the database's write lock until it is dropped
    /// or rolls back.
    async fn hold_the_write_lock(url: &str) -> SqliteConnection {
        let mut holder = SqliteConnection::connect(url)
            .await
            .expect("a second opener");
        sqlx::raw_sql("BEGIN IMMEDIATE; CREATE TABLE held (x INTEGER);")
            .execute(&mut holder)
            .await
            .expect("take the write lock");
        holder
    }

    /// A write started while another process holds the lock for `held`, then lets it go.
    async fn write_after_a_lock_held_for(store: &SqliteStore, url: &str, held: Duration) {
        let mut holder = hold_the_write_lock(url).await;
        let writing = tokio::spawn({
            let store = store.clone();
            async move { store.write().await.map(drop) }
        });
        tokio::time::sleep(held).await;
        assert!(!writing.is_finished(), "the write waits for the lock");
        release(&mut holder).await;
        writing
            .await
            .expect("the write ran")
            .expect("the write began once the lock was free");
    }

    #[tokio::test]
    async fn ping_fails_while_another_process_holds_the_write_lock() {
        let (store, url, _folder) = migrated_file_store(1).await;
        store.ping().await.expect("nobody else writes");

        // In WAL mode readers never wait for a writer, so `SELECT 1` would still succeed.
        let mut holder = hold_the_write_lock(&url).await;
        let started = std::time::Instant::now();
        let error = store.ping().await.expect_err("no write can start now");
        assert!(matches!(error, StoreError::Unavailable(_)), "{error:?}");
        assert!(
            started.elapsed() < BUSY_TIMEOUT,
            "a ping waits its own short while"
        );
        release(&mut holder).await;
        store.ping().await.expect("writable again");

        // Writes still wait longer than a ping would.
        write_after_a_lock_held_for(&store, &url, PING_BUSY_TIMEOUT * 2).await;
        store.close().await;
    }

    #[tokio::test]
    async fn a_ping_given_up_on_leaves_writes_waiting_as_before() {
        let (store, url, _folder) = migrated_file_store(1).await;
        let mut holder = hold_the_write_lock(&url).await;
        // A probe's deadline drops the ping while it waits for the lock.
        let given_up = tokio::time::timeout(Duration::from_millis(50), store.ping()).await;
        assert!(
            given_up.is_err(),
            "the ping was still waiting: {given_up:?}"
        );
        release(&mut holder).await;
        write_after_a_lock_held_for(&store, &url, PING_BUSY_TIMEOUT * 2).await;
        store.close().await;
    }

    #[tokio::test]
    async fn a_write_waits_for_another_process_without_stopping_this_one() {
        let (store, url, _folder) = migrated_file_store(2).await;
        // One runtime thread: a write that waited in place would stop the read below too.
        let mut holder = hold_the_write_lock(&url).await;
        let writing = tokio::spawn({
            let store = store.clone();
            async move { store.write().await.map(drop) }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        citabot_store::conformance::unknown_session_has_no_history(&store)
            .await
            .expect("reads go on while the write waits");
        assert!(!writing.is_finished());
        release(&mut holder).await;
        writing.await.expect("ran").expect("began");
        store.close().await;
    }

    #[tokio::test]
    async fn a_bad_url_is_an_error_not_a_panic() {
        assert!(SqliteStore::connect("mysql://nope", 1).await.is_err());
    }
}
