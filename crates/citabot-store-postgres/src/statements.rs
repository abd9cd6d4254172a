//! How the SQL shared by both adapters ([`citabot_store::sql`]) runs on PostgreSQL: each
//! statement is one sqlx query with its values bound, its failure named the port's way
//! ([`statement_error`]).

use std::ops::DerefMut;

use citabot_store::StoreError;
use citabot_store::sql::{Arg, SqlConn, SqlRow, SqlTx, WriteLock};
use sqlx::postgres::{PgArguments, PgRow};
use sqlx::{AssertSqlSafe, Column, PgConnection, Postgres, Row, Transaction, TypeInfo};
use time::{Date, OffsetDateTime};

use crate::db_error;

/// A refused statement as the port names it: a double booking (the exclusion constraint,
/// SQLSTATE 23P01) is [`StoreError::SlotTaken`], a unique key [`StoreError::Conflict`], the rest
/// as [`db_error`].
fn statement_error(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("23P01") => StoreError::SlotTaken,
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            StoreError::Conflict("a unique key")
        }
        _ => db_error(error),
    }
}

/// A connection the shared SQL runs on: one from the pool, or a write transaction.
#[derive(Debug)]
pub struct Statements<C>(pub(crate) C);

fn query<'q>(sql: &str, args: &[Arg<'q>]) -> sqlx::query::Query<'q, Postgres, PgArguments> {
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
    C: DerefMut<Target = PgConnection> + Send,
{
    type Row = Columns;
    const SKIP_LOCKED: &'static str = "FOR UPDATE SKIP LOCKED";

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

    /// Under READ COMMITTED two transactions could each miss the other's row: a
    /// transaction-scoped advisory lock puts them in line (the exclusion constraint still
    /// refuses every double booking underneath). Each kind of lock hashes its key with a seed
    /// of its own.
    async fn lock(&mut self, lock: WriteLock<'_>) -> Result<(), StoreError> {
        let (key, seed): (String, i64) = match lock {
            WriteLock::StylistDay { staff_id, date } => (format!("{staff_id}|{date}"), 17),
            WriteLock::Recipient(address) => (address.to_owned(), 13),
            WriteLock::Accounts => {
                return self
                    .execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE", &[])
                    .await
                    .map(drop);
            }
        };
        self.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended($1, $2))",
            citabot_store::args![key.as_str(), seed],
        )
        .await
        .map(drop)
    }
}

impl SqlTx for Statements<Transaction<'static, Postgres>> {
    async fn commit(self) -> Result<(), StoreError> {
        self.0.commit().await.map_err(db_error)
    }
}

/// A row of a shared query.
#[derive(Debug)]
pub struct Columns(PgRow);

impl Columns {
    fn get<T>(&self, column: usize) -> Result<Option<T>, StoreError>
    where
        T: for<'r> sqlx::Decode<'r, Postgres> + sqlx::Type<Postgres>,
    {
        self.0.try_get(column).map_err(StoreError::backend)
    }
}

impl SqlRow for Columns {
    /// Whatever the column's width: the schema's minutes and positions are `integer`, counts
    /// are `bigint`.
    fn int(&self, column: usize) -> Result<Option<i64>, StoreError> {
        let width = self.0.try_column(column).map_err(StoreError::backend)?;
        match width.type_info().name() {
            "INT2" => Ok(self.get::<i16>(column)?.map(i64::from)),
            "INT4" => Ok(self.get::<i32>(column)?.map(i64::from)),
            _ => self.get(column),
        }
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
