//! The connections the shared SQL runs on: SQLite called in place, on the task that asks.
//!
//! A statement on a local file takes microseconds, far less than handing it to a worker thread
//! and waking the task again (sqlx runs every SQLite statement that way: a turn's dozen
//! statements were two dozen context switches, about half of its CPU). So statements here run
//! where they are asked for, through rusqlite on the same SQLite library sqlx links; sqlx keeps
//! the migrations. Nothing here waits long on a runtime thread: readers never wait for the
//! writer in WAL mode, this process's writers queue in [`Writers`] before they begin, and a
//! write lock held by another process is waited for with async sleeps ([`Writers::begin`]).

use std::ops::{Deref, DerefMut};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use citabot_store::StoreError;
use rusqlite::{Connection, OpenFlags};
use tokio::sync::OwnedMutexGuard;

/// How many prepared statements each connection keeps: every shared statement fits.
const PREPARED_STATEMENTS: usize = 256;
/// How long a reader lets SQLite wait in place: only WAL recovery after a crash makes readers
/// wait at all, for moments.
const READER_BUSY_TIMEOUT: Duration = Duration::from_millis(200);

/// Where connections are opened.
#[derive(Debug, Clone)]
pub(crate) struct Opener {
    /// The database file, or the shared-cache name of an in-memory database.
    name: PathBuf,
    in_memory: bool,
}

impl Opener {
    pub(crate) fn new(name: PathBuf, in_memory: bool) -> Self {
        Self { name, in_memory }
    }

    fn open(&self, busy_timeout: Duration) -> Result<Connection, StoreError> {
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if self.in_memory {
            flags |= OpenFlags::SQLITE_OPEN_MEMORY | OpenFlags::SQLITE_OPEN_SHARED_CACHE;
        }
        let conn = Connection::open_with_flags(&self.name, flags).map_err(sqlite_error)?;
        conn.set_prepared_statement_cache_capacity(PREPARED_STATEMENTS);
        conn.busy_timeout(busy_timeout).map_err(sqlite_error)?;
        // What sqlx sets on its connections (the journal mode is the file's, set at creation).
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
            .map_err(sqlite_error)?;
        Ok(conn)
    }
}

/// This process's one write connection, and the first-come queue for it: SQLite lets a
/// waiting writer only sleep and retry (1, 2, 5, 10… ms apart), so writers that met at its lock
/// would wait far longer than the writes take. In-memory databases read through it too: their
/// connections share a cache whose table locks would refuse a reader beside the writer.
#[derive(Debug, Clone)]
pub(crate) struct Writers(Arc<tokio::sync::Mutex<Connection>>);

impl Writers {
    pub(crate) fn open(opener: &Opener) -> Result<Self, StoreError> {
        // Never a wait in place: another process's lock is waited for in `begin`.
        let conn = opener.open(Duration::ZERO)?;
        Ok(Self(Arc::new(tokio::sync::Mutex::new(conn))))
    }

    /// The write connection, once this process's earlier writers are done with it.
    pub(crate) async fn turn(&self) -> OwnedMutexGuard<Connection> {
        Arc::clone(&self.0).lock_owned().await
    }

    /// A transaction that takes the write lock at once (`BEGIN IMMEDIATE`): a deferred one that
    /// reads first and writes later could find another writer in between and fail at once,
    /// where waiting is what is wanted. Another process's lock is waited for up to `patience`,
    /// asleep between tries.
    pub(crate) async fn begin(&self, patience: Duration) -> Result<Writing, StoreError> {
        let conn = self.turn().await;
        let started = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match conn.execute_batch("BEGIN IMMEDIATE") {
                Ok(()) => return Ok(Writing { conn, open: true }),
                Err(error) if is_busy(&error) && started.elapsed() < patience => {
                    tokio::time::sleep(pause.min(patience.saturating_sub(started.elapsed()))).await;
                    pause = (pause * 2).min(Duration::from_millis(50));
                }
                Err(error) => return Err(sqlite_error(error)),
            }
        }
    }
}

/// A write transaction holding this process's write connection until it ends; dropped
/// without [`Self::commit`], it rolls back.
#[derive(Debug)]
pub struct Writing {
    conn: OwnedMutexGuard<Connection>,
    open: bool,
}

impl Writing {
    pub(crate) fn commit(mut self) -> Result<(), StoreError> {
        self.open = false;
        let committed = self.conn.execute_batch("COMMIT").map_err(sqlite_error);
        // A COMMIT refused (a full disk) can leave the transaction open or rolled back; either
        // way the connection is left with none, ready for the next writer.
        if committed.is_err() && !self.conn.is_autocommit() {
            self.conn.execute_batch("ROLLBACK").ok();
        }
        committed
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        if self.open && !self.conn.is_autocommit() {
            self.conn.execute_batch("ROLLBACK").ok();
        }
    }
}

impl Deref for Writing {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        &self.conn
    }
}

impl DerefMut for Writing {
    fn deref_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }
}

/// Connections for reads, opened as needed and kept for the next read. A read runs to its end
/// without waiting on anything, so about as many are open as the runtime has threads.
#[derive(Debug)]
pub(crate) struct Readers {
    opener: Opener,
    idle: Mutex<Vec<Connection>>,
    keep: usize,
}

impl Readers {
    pub(crate) fn new(opener: Opener, keep: usize) -> Self {
        Self {
            opener,
            idle: Mutex::default(),
            keep: keep.max(1),
        }
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Connection>> {
        // A panic while the list was held cannot leave it half-changed: push and pop only.
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(crate) fn take(self: &Arc<Self>) -> Result<Reading, StoreError> {
        let idle = self.idle().pop();
        let conn = match idle {
            Some(conn) => conn,
            None => self.opener.open(READER_BUSY_TIMEOUT)?,
        };
        Ok(Reading(Held::Pooled {
            conn: Some(conn),
            readers: Arc::clone(self),
        }))
    }

    pub(crate) fn close(&self) {
        self.idle().clear();
    }
}

/// A connection to read on: one of [`Readers`], or an in-memory database's one connection.
#[derive(Debug)]
pub struct Reading(Held);

#[derive(Debug)]
enum Held {
    Pooled {
        conn: Option<Connection>,
        readers: Arc<Readers>,
    },
    Shared(OwnedMutexGuard<Connection>),
}

impl Reading {
    /// The in-memory database's one connection, `writer`'s.
    pub(crate) fn shared(writer: OwnedMutexGuard<Connection>) -> Self {
        Self(Held::Shared(writer))
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        if let Held::Pooled { conn, readers } = &mut self.0
            && let Some(conn) = conn.take()
            // One left inside a transaction (a statement cannot leave it so; kept safe) goes.
            && conn.is_autocommit()
        {
            let mut idle = readers.idle();
            if idle.len() < readers.keep {
                idle.push(conn);
            }
        }
    }
}

impl Deref for Reading {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        match &self.0 {
            Held::Pooled { conn, .. } => conn.as_ref().expect("taken only when dropped"),
            Held::Shared(conn) => conn,
        }
    }
}

impl DerefMut for Reading {
    fn deref_mut(&mut self) -> &mut Connection {
        match &mut self.0 {
            Held::Pooled { conn, .. } => conn.as_mut().expect("taken only when dropped"),
            Held::Shared(conn) => conn,
        }
    }
}

fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(error, rusqlite::Error::SqliteFailure(failure, _)
        if matches!(failure.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

/// A failure of SQLite as the port names it. [`StoreError::Unavailable`] when it is about the
/// database not being able to work just now — locked by another process (`SQLITE_BUSY`,
/// `SQLITE_LOCKED`), read-only, an I/O error, out of disk, the file gone — so
/// callers answer "try again shortly"; anything else is [`StoreError::Backend`].
pub(crate) fn sqlite_error(error: rusqlite::Error) -> StoreError {
    let unavailable = match &error {
        rusqlite::Error::SqliteFailure(failure, _) => means_unavailable(failure.extended_code),
        _ => false,
    };
    if unavailable {
        StoreError::Unavailable(Box::new(error))
    } else {
        StoreError::backend(error)
    }
}

/// Whether SQLite's result `code` says the database cannot work just now: busy (5), locked (6),
/// read-only (8), an I/O error (10), full (13), cannot open (14). The primary result code is the
/// low byte of an extended one.
pub(crate) fn means_unavailable(code: i32) -> bool {
    matches!(code & 0xff, 5 | 6 | 8 | 10 | 13 | 14)
}
