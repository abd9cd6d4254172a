//! The SQL both adapters run, written once. An adapter gives this module a way to run a
//! statement ([`SqlConn`]) and to open a connection or a write transaction ([`SqlBackend`]);
//! every use case written here then works on SQLite and on PostgreSQL alike, and the
//! [`crate::conformance`] suite runs each of its statements on both.
//!
//! The SQL here keeps to what both dialects read the same way:
//! - parameters are `$1`, `$2`… (SQLite takes them as numbered parameters too);
//! - instants are compared and ordered through `julianday(…)`: SQLite keeps them as RFC 3339
//!   text, which does not sort by time when fractions of a second differ in length, and the
//!   PostgreSQL schema defines `julianday(timestamptz)` as the identity, which its planner
//!   inlines (its indexes still serve);
//! - integers are read and bound as `i64`, whatever width a column has.
//!
//! No SQL text here is built from a caller's value: values are always bound.

mod api_keys;
mod booking;
mod conversations;
mod holds;
mod images;
mod mail;
mod reviews;
pub mod store;

use std::future::Future;

use time::{Date, OffsetDateTime};

use crate::StoreError;

/// One bound value. `None` is SQL `NULL` of that type (PostgreSQL needs to know which).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg<'a> {
    Int(Option<i64>),
    Text(Option<&'a str>),
    Bool(Option<bool>),
    Instant(Option<OffsetDateTime>),
    Date(Option<Date>),
    Bytes(Option<&'a [u8]>),
}

/// The bound values of a statement, in parameter order: `args![id, at]`.
#[macro_export]
macro_rules! args {
    ($($value:expr),* $(,)?) => {
        &[$($crate::sql::Arg::from($value)),*]
    };
}

macro_rules! arg_from {
    ($variant:ident: $($from:ty => |$value:ident| $to:expr),* $(,)?) => {$(
        impl<'a> From<$from> for Arg<'a> {
            fn from($value: $from) -> Self {
                Arg::$variant($to)
            }
        }
    )*};
}

arg_from!(Int:
    i64 => |value| Some(value),
    u32 => |value| Some(i64::from(value)),
    u16 => |value| Some(i64::from(value)),
    u8 => |value| Some(i64::from(value)),
    Option<i64> => |value| value,
);
arg_from!(Text:
    &'a str => |value| Some(value),
    &'a String => |value| Some(value.as_str()),
    Option<&'a str> => |value| value,
);
arg_from!(Bool: bool => |value| Some(value));
arg_from!(Instant:
    OffsetDateTime => |value| Some(value),
    Option<OffsetDateTime> => |value| value,
);
arg_from!(Date: Date => |value| Some(value), Option<Date> => |value| value);
arg_from!(Bytes: &'a [u8] => |value| Some(value));

/// One row of a result, read by column position. Each getter is `None` for `NULL`, and an error
/// for a column that does not hold that type.
pub trait SqlRow: Send {
    fn int(&self, column: usize) -> Result<Option<i64>, StoreError>;
    fn text(&self, column: usize) -> Result<Option<String>, StoreError>;
    fn boolean(&self, column: usize) -> Result<Option<bool>, StoreError>;
    fn instant(&self, column: usize) -> Result<Option<OffsetDateTime>, StoreError>;
    fn date(&self, column: usize) -> Result<Option<Date>, StoreError>;
    fn bytes(&self, column: usize) -> Result<Option<Vec<u8>>, StoreError>;
}

/// A value one column of a row holds.
pub trait Column: Sized {
    fn read(row: &impl SqlRow, column: usize) -> Result<Self, StoreError>;
}

macro_rules! column {
    ($($ty:ty => $getter:ident),* $(,)?) => {$(
        impl Column for Option<$ty> {
            fn read(row: &impl SqlRow, column: usize) -> Result<Self, StoreError> {
                row.$getter(column)
            }
        }
        impl Column for $ty {
            fn read(row: &impl SqlRow, column: usize) -> Result<Self, StoreError> {
                row.$getter(column)?.ok_or_else(|| {
                    StoreError::Corrupt(format!("column {column} is NULL where a value must be"))
                })
            }
        }
    )*};
}

column!(
    i64 => int,
    String => text,
    bool => boolean,
    OffsetDateTime => instant,
    Date => date,
    Vec<u8> => bytes,
);

/// A whole row as a tuple of [`Column`]s, in the order the query selects them.
pub trait FromSqlRow: Sized {
    fn from_row(row: &impl SqlRow) -> Result<Self, StoreError>;
}

macro_rules! tuple_from_row {
    ($($name:ident: $index:tt),+) => {
        impl<$($name: Column),+> FromSqlRow for ($($name,)+) {
            fn from_row(row: &impl SqlRow) -> Result<Self, StoreError> {
                Ok(($($name::read(row, $index)?,)+))
            }
        }
    };
}

tuple_from_row!(A: 0);
tuple_from_row!(A: 0, B: 1);
tuple_from_row!(A: 0, B: 1, C: 2);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10, L: 11);
tuple_from_row!(A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10, L: 11, M: 12);
tuple_from_row!(
    A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10, L: 11, M: 12, N: 13
);
tuple_from_row!(
    A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10, L: 11, M: 12, N: 13, O: 14
);
tuple_from_row!(
    A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, G: 6, H: 7, I: 8, J: 9, K: 10, L: 11, M: 12, N: 13, O: 14,
    P: 15
);

/// What a transaction locks before it reads what it is about to write, so that two writers
/// never both miss each other's row. A database whose write transactions already run one at a
/// time (SQLite) has nothing to take; PostgreSQL, under READ COMMITTED, takes an advisory lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteLock<'a> {
    /// A stylist's day: its holds and bookings are written one at a time (of two guests racing
    /// for one time, exactly one holds it).
    StylistDay { staff_id: &'a str, date: Date },
    /// The booking confirmations to one address: the per-address limit counts them one
    /// booking at a time.
    Recipient(&'a str),
    /// Every account: the fold of account emails at start runs once however many instances
    /// start together.
    Accounts,
}

/// Somewhere statements run: a pooled connection or an open transaction. The adapter turns the
/// database's refusals into the port's errors: a unique key into [`StoreError::Conflict`], a
/// double booking into [`StoreError::SlotTaken`], a database that cannot work just now into
/// [`StoreError::Unavailable`].
pub trait SqlConn: Send {
    type Row: SqlRow;

    /// What follows a `SELECT` of rows to claim so that two claimers take different rows and
    /// neither waits for the other (`FOR UPDATE SKIP LOCKED`); empty where one writer at a time
    /// claims anyway.
    const SKIP_LOCKED: &'static str;

    /// Runs a statement; how many rows it changed.
    fn execute(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<u64, StoreError>> + Send;

    /// Runs a query; all its rows.
    fn rows(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<Vec<Self::Row>, StoreError>> + Send;

    /// Takes `lock` until the transaction ends; taking it again in the same transaction waits
    /// for nothing.
    fn lock(&mut self, lock: WriteLock<'_>) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Runs a query; its rows read as `T`.
    fn all<T: FromSqlRow + Send>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<Vec<T>, StoreError>> + Send {
        async move {
            let rows = self.rows(sql, args).await?;
            rows.iter().map(T::from_row).collect()
        }
    }

    /// Runs a query; its first row read as `T`, if any.
    fn optional<T: FromSqlRow + Send>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<Option<T>, StoreError>> + Send {
        async move {
            let rows = self.rows(sql, args).await?;
            rows.first().map(T::from_row).transpose()
        }
    }

    /// Runs a query that always has a row; the first, read as `T`.
    fn one<T: FromSqlRow + Send>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<T, StoreError>> + Send {
        async move {
            self.optional(sql, args)
                .await?
                .ok_or_else(|| StoreError::Corrupt("a query that has a row returned none".into()))
        }
    }
}

/// A write transaction: nothing it wrote is seen until [`Self::commit`]; dropped, it rolls back.
pub trait SqlTx: SqlConn {
    fn commit(self) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// A database the shared SQL runs on: where it gets a connection and a write transaction, and
/// what of [`crate::Store`] only the adapter knows.
pub trait SqlBackend: Send + Sync + std::fmt::Debug + 'static {
    type Conn: SqlConn;
    type Tx: SqlTx;

    /// A connection from the pool, for reads and single statements.
    fn connection(&self) -> impl Future<Output = Result<Self::Conn, StoreError>> + Send;

    /// A transaction that may write; writers on the same rows wait for each other.
    fn write(&self) -> impl Future<Output = Result<Self::Tx, StoreError>> + Send;

    /// [`crate::Store::backend_name`].
    fn name(&self) -> &'static str;

    /// [`crate::Store::shared`].
    fn shared_state(&self) -> Option<std::sync::Arc<dyn crate::SharedState>>;

    /// [`crate::Store::ping`].
    fn check_ready(&self) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// [`crate::Store::close`].
    fn close_pool(&self) -> impl Future<Output = ()> + Send;
}

/// `$first, $first+1, …`: `count` parameters for an `IN (…)` list.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|number| format!("${number}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `error`, with a unique key's refusal named `what` (the port's callers tell conflicts apart
/// by name: "email", "api key id").
pub(crate) fn conflict_on(what: &'static str) -> impl Fn(StoreError) -> StoreError {
    move |error| match error {
        StoreError::Conflict(_) => StoreError::Conflict(what),
        other => other,
    }
}
