//! How the SQL shared by both adapters ([`citabot_store::sql`]) runs on SQLite: each statement
//! is one sqlx query with its values bound, its failure named the port's way
//! ([`statement_error`]).

use std::ops::DerefMut;

use citabot_store::StoreError;
use citabot_store::sql::{Arg, SqlConn, SqlRow, SqlTx, WriteLock};
use sqlx::sqlite::{SqliteArguments, SqliteRow};
use sqlx::{AssertSqlSafe, Row, Sqlite, SqliteConnection};
use time::{Date, OffsetDateTime};

use crate::{Writing, db_error};

/// A refused statement as the port names it: a double booking (the `slot_taken` trigger) is
/// [`StoreError::SlotTaken`], a unique key [`StoreError::Conflict`], the rest as [`db_error`].
fn statement_error(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.message().contains("slot_taken") => StoreError::SlotTaken,
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            StoreError::Conflict("a unique key")
        }
        _ => db_error(error),
    }
}

/// A connection the shared SQL runs on: one from the pool, or a write transaction.
#[derive(Debug)]
pub struct Statements<C>(pub(crate) C);

fn query<'q>(sql: &str, args: &[Arg<'q>]) -> sqlx::query::Query<'q, Sqlite, SqliteArguments> {
    // What the conformance suite ran, for its check that every shared statement runs.
    #[cfg(test)]
    citabot_store::conformance::statements::note_statement(sql);
    args.iter()
        .fold(sqlx::query(AssertSqlSafe(sql)), |query, arg| match *arg {
            Arg::Int(value) => query.bind(value),
            Arg::Text(value) => query.bind(value),
            Arg::Bool(value) => query.bind(value),
            Arg::Instant(value) => query.bind(value),
            Arg::Date(value) => query.bind(value),
            Arg::Bytes(value) => query.bind(value),
        })
}

impl<C> SqlConn for Statements<C>
where
    C: DerefMut<Target = SqliteConnection> + Send,
{
    type Row = Columns;
    /// One writer at a time: a claim's `UPDATE` already excludes every other.
    const SKIP_LOCKED: &'static str = "";

    async fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64, StoreError> {
        let done = query(sql, args)
            .execute(&mut *self.0)
            .await
            .map_err(statement_error)?;
        Ok(done.rows_affected())
    }

    async fn rows(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Columns>, StoreError> {
        let rows = query(sql, args)
            .fetch_all(&mut *self.0)
            .await
            .map_err(statement_error)?;
        Ok(rows.into_iter().map(Columns).collect())
    }

    /// Nothing to take: a write transaction here waits its turn and begins IMMEDIATE, holding
    /// the database's one write lock until it ends, so writers run one at a time already.
    async fn lock(&mut self, _lock: WriteLock<'_>) -> Result<(), StoreError> {
        Ok(())
    }
}

impl SqlTx for Statements<Writing> {
    async fn commit(self) -> Result<(), StoreError> {
        self.0.commit().await
    }
}

/// A row of a shared query.
#[derive(Debug)]
pub struct Columns(SqliteRow);

impl Columns {
    fn get<T>(&self, column: usize) -> Result<Option<T>, StoreError>
    where
        T: for<'r> sqlx::Decode<'r, Sqlite> + sqlx::Type<Sqlite>,
    {
        self.0.try_get(column).map_err(StoreError::backend)
    }
}

impl SqlRow for Columns {
    fn int(&self, column: usize) -> Result<Option<i64>, StoreError> {
        self.get(column)
    }
    fn text(&self, column: usize) -> Result<Option<String>, StoreError> {
        self.get(column)
    }
    fn boolean(&self, column: usize) -> Result<Option<bool>, StoreError> {
        self.get(column)
    }
    fn instant(&self, column: usize) -> Result<Option<OffsetDateTime>, StoreError> {
        self.get(column)
    }
    fn date(&self, column: usize) -> Result<Option<Date>, StoreError> {
        self.get(column)
    }
    fn bytes(&self, column: usize) -> Result<Option<Vec<u8>>, StoreError> {
        self.get(column)
    }
}
