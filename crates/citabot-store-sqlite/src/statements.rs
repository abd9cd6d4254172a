//! How the SQL shared by both adapters ([`citabot_store::sql`]) runs on SQLite: each statement
//! prepared once per connection, its values bound and its rows read in place
//! ([`crate::connections`]), its failure named the port's way ([`statement_error`]). Values are
//! stored as sqlx stores them (instants as RFC 3339 text, dates as `YYYY-MM-DD`, booleans as
//! 0 and 1), so the migrations' rows and these agree.

use std::ops::DerefMut;

use citabot_store::StoreError;
use citabot_store::sql::{Arg, SqlConn, SqlRow, SqlTx, WriteLock};
use rusqlite::types::Value;
use rusqlite::{CachedStatement, Connection};
use time::format_description::BorrowedFormatItem;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime, PrimitiveDateTime};

use crate::connections::{Writing, sqlite_error};

const DATE: &[BorrowedFormatItem<'_>] = format_description!("[year]-[month]-[day]");
/// An instant without an offset (UTC), the other form SQLite's own date functions write.
const UTC_DATE_TIME: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day] [hour]:[minute]:[second][optional [.[subsecond]]]");

/// A refused statement as the port names it: a double booking (the `slot_taken` trigger) is
/// [`StoreError::SlotTaken`], a unique key [`StoreError::Conflict`], the rest as
/// [`sqlite_error`].
fn statement_error(error: rusqlite::Error) -> StoreError {
    if let rusqlite::Error::SqliteFailure(failure, message) = &error {
        if message
            .as_deref()
            .is_some_and(|text| text.contains("slot_taken"))
        {
            return StoreError::SlotTaken;
        }
        if matches!(
            failure.extended_code,
            rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
        ) {
            return StoreError::Conflict("a unique key");
        }
    }
    sqlite_error(error)
}

/// A connection the shared SQL runs on: one to read on, or a write transaction.
#[derive(Debug)]
pub struct Statements<C>(pub(crate) C);

/// `sql` prepared (or found prepared) on `conn` with `args` bound. The shared SQL numbers its
/// parameters `$1`, `$2`…, which SQLite takes as names: each is bound by its number.
fn prepared<'c>(
    conn: &'c Connection,
    sql: &str,
    args: &[Arg<'_>],
) -> Result<CachedStatement<'c>, StoreError> {
    // What the conformance suite ran, for its check that every shared statement runs.
    #[cfg(test)]
    citabot_store::conformance::statements::note_statement(sql);
    let mut statement = conn.prepare_cached(sql).map_err(statement_error)?;
    for index in 1..=statement.parameter_count() {
        let number = statement
            .parameter_name(index)
            .and_then(|name| name.strip_prefix('$'))
            .and_then(|number| number.parse::<usize>().ok())
            .filter(|number| *number >= 1)
            .ok_or_else(|| StoreError::Corrupt(format!("parameter {index} of {sql} has no $N")))?;
        let arg = args.get(number - 1).ok_or_else(|| {
            StoreError::Corrupt(format!("{sql} wants ${number}, given {}", args.len()))
        })?;
        let bound = match *arg {
            Arg::Int(value) => statement.raw_bind_parameter(index, value),
            Arg::Text(value) => statement.raw_bind_parameter(index, value),
            Arg::Bool(value) => statement.raw_bind_parameter(index, value),
            Arg::Instant(value) => {
                let text = value
                    .map(|instant| instant.format(&Rfc3339))
                    .transpose()
                    .map_err(StoreError::backend)?;
                statement.raw_bind_parameter(index, text)
            }
            Arg::Date(value) => {
                let text = value
                    .map(|date| date.format(DATE))
                    .transpose()
                    .map_err(StoreError::backend)?;
                statement.raw_bind_parameter(index, text)
            }
            Arg::Bytes(value) => statement.raw_bind_parameter(index, value),
        };
        bound.map_err(statement_error)?;
    }
    Ok(statement)
}

fn execute(conn: &Connection, sql: &str, args: &[Arg<'_>]) -> Result<u64, StoreError> {
    let changed = prepared(conn, sql, args)?
        .raw_execute()
        .map_err(statement_error)?;
    Ok(changed as u64)
}

fn rows(conn: &Connection, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Columns>, StoreError> {
    let mut statement = prepared(conn, sql, args)?;
    let width = statement.column_count();
    let mut rows = statement.raw_query();
    let mut read = Vec::new();
    while let Some(row) = rows.next().map_err(statement_error)? {
        let values = (0..width)
            .map(|column| row.get::<_, Value>(column))
            .collect::<Result<Vec<_>, _>>()
            .map_err(statement_error)?;
        read.push(Columns(values));
    }
    Ok(read)
}

impl<C> SqlConn for Statements<C>
where
    C: DerefMut<Target = Connection> + Send,
{
    type Row = Columns;
    /// One writer at a time: a claim's `UPDATE` already excludes every other.
    const SKIP_LOCKED: &'static str = "";

    async fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64, StoreError> {
        execute(&self.0, sql, args)
    }

    async fn rows(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Columns>, StoreError> {
        rows(&self.0, sql, args)
    }

    /// Nothing to take: a write transaction here waits its turn and begins IMMEDIATE, holding
    /// the database's one write lock until it ends, so writers run one at a time already.
    async fn lock(&mut self, _lock: WriteLock<'_>) -> Result<(), StoreError> {
        Ok(())
    }
}

impl SqlTx for Statements<Writing> {
    async fn commit(self) -> Result<(), StoreError> {
        self.0.commit()
    }
}

/// A row of a shared query.
#[derive(Debug)]
pub struct Columns(Vec<Value>);

impl Columns {
    fn value(&self, column: usize) -> Result<&Value, StoreError> {
        self.0
            .get(column)
            .ok_or_else(|| StoreError::Corrupt(format!("no column {column}")))
    }

    fn text_of(&self, column: usize) -> Result<Option<&str>, StoreError> {
        match self.value(column)? {
            Value::Null => Ok(None),
            Value::Text(text) => Ok(Some(text)),
            other => Err(wrong_type(column, "text", other)),
        }
    }
}

fn wrong_type(column: usize, wanted: &str, found: &Value) -> StoreError {
    StoreError::Corrupt(format!(
        "column {column} holds {:?}, not {wanted}",
        found.data_type()
    ))
}

fn corrupt(column: usize, error: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("column {column}: {error}"))
}

impl SqlRow for Columns {
    fn int(&self, column: usize) -> Result<Option<i64>, StoreError> {
        match self.value(column)? {
            Value::Null => Ok(None),
            Value::Integer(value) => Ok(Some(*value)),
            other => Err(wrong_type(column, "an integer", other)),
        }
    }

    fn text(&self, column: usize) -> Result<Option<String>, StoreError> {
        Ok(self.text_of(column)?.map(str::to_owned))
    }

    fn boolean(&self, column: usize) -> Result<Option<bool>, StoreError> {
        Ok(self.int(column)?.map(|value| value != 0))
    }

    fn instant(&self, column: usize) -> Result<Option<OffsetDateTime>, StoreError> {
        match self.value(column)? {
            Value::Null => Ok(None),
            Value::Integer(seconds) => OffsetDateTime::from_unix_timestamp(*seconds)
                .map(Some)
                .map_err(|error| corrupt(column, error)),
            Value::Text(text) => OffsetDateTime::parse(text, &Rfc3339)
                .or_else(|_| {
                    PrimitiveDateTime::parse(text, UTC_DATE_TIME).map(PrimitiveDateTime::assume_utc)
                })
                .map(Some)
                .map_err(|error| corrupt(column, format_args!("{text:?}: {error}"))),
            other => Err(wrong_type(column, "an instant", other)),
        }
    }

    fn date(&self, column: usize) -> Result<Option<Date>, StoreError> {
        self.text_of(column)?
            .map(|text| Date::parse(text, DATE).map_err(|error| corrupt(column, error)))
            .transpose()
    }

    fn bytes(&self, column: usize) -> Result<Option<Vec<u8>>, StoreError> {
        match self.value(column)? {
            Value::Null => Ok(None),
            Value::Blob(bytes) => Ok(Some(bytes.clone())),
            other => Err(wrong_type(column, "bytes", other)),
        }
    }
}
