//! The times chat conversations hold (issue 12) in PostgreSQL: read, placed, released, and weighed
//! against a cita's write inside its transaction. Expiry is judged in the code
//! ([`Holds::in_the_way`]), not in SQL. Under READ COMMITTED two transactions could each miss
//! the other's hold or booking, so every hold and every booking of a stylist's day first takes
//! that day's advisory lock ([`lock_stylist_day`]); the exclusion constraint still refuses
//! every double booking underneath.

use citabot_domain::booking::{DayMinute, SlotHold};
use citabot_store::booking::{HoldColumns, hold_from_columns};
use citabot_store::turn::{HOLD_TAKEN, may_hold};
use citabot_store::{CitaChange, CitaWritten, HoldWrite, Holds, StoreError};
use sqlx::PgConnection;
use time::{Date, OffsetDateTime};

use crate::db_error;

/// The minutes widened to the shared columns' `i64`.
const HOLD_COLUMNS: &str =
    "session_id, staff_id, date, start_min::bigint, end_min::bigint, expires_at";

/// The holds, alive or not, on `staff_id`'s `[start, end)` of `date`.
async fn overlapping(
    conn: &mut PgConnection,
    (staff_id, date, start, end): (&str, Date, DayMinute, DayMinute),
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {HOLD_COLUMNS} FROM slot_holds \
         WHERE staff_id = $1 AND date = $2 AND start_min < $3 AND $4 < end_min"
    )))
    .bind(staff_id)
    .bind(date)
    .bind(i32::from(end))
    .bind(i32::from(start))
    .fetch_all(&mut *conn)
    .await
    .map_err(db_error)?;
    rows.into_iter().map(hold_from_columns).collect()
}

/// Takes, until the transaction ends, the lock of `staff_id`'s `date`: holds and bookings of
/// one stylist's day are written one at a time, so that under READ COMMITTED no two of them
/// both miss each other (two guests racing for one time: exactly one holds it).
pub(crate) async fn lock_stylist_day(
    conn: &mut PgConnection,
    staff_id: &str,
    date: Date,
) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 17))")
        .bind(format!("{staff_id}|{date}"))
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(db_error)
}

/// Weighs `change` against the holds on its time, before it is written: refuses it or
/// releases them, as `holds` says.
pub(crate) async fn make_way(
    conn: &mut PgConnection,
    change: &CitaChange,
    now: OffsetDateTime,
    holds: Holds<'_>,
) -> Result<CitaWritten, StoreError> {
    let Some(time) = change.takes() else {
        return Ok(CitaWritten::default());
    };
    lock_stylist_day(conn, time.0, time.1).await?;
    let found = overlapping(conn, time).await?;
    let in_the_way = holds.in_the_way(&found, now);
    if in_the_way.is_empty() {
        return Ok(CitaWritten::default());
    }
    if matches!(holds, Holds::Respect { .. }) {
        return Err(StoreError::SlotTaken);
    }
    for hold in &in_the_way {
        release(conn, &hold.conversation).await?;
    }
    Ok(CitaWritten {
        holds_released: u32::try_from(in_the_way.len()).unwrap_or(u32::MAX),
    })
}

async fn release(conn: &mut PgConnection, session: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM slot_holds WHERE session_id = $1")
        .bind(session)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(db_error)
}

/// Writes a turn's hold for `session`.
pub(crate) async fn write(
    conn: &mut PgConnection,
    session: &str,
    write: HoldWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    release(conn, session).await?;
    // Holds of days gone are dead whatever their expiry: abandoned conversations' rows go.
    sqlx::query("DELETE FROM slot_holds WHERE date < $1")
        .bind(now.date() - time::Duration::days(1))
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    let HoldWrite::Place {
        hold,
        visitor_address,
        per_address,
        per_day,
    } = write
    else {
        return Ok(());
    };
    lock_stylist_day(conn, &hold.staff_id, hold.date).await?;
    let time = (
        hold.staff_id.as_str(),
        hold.date,
        hold.start_min,
        hold.end_min,
    );
    let found = overlapping(conn, time).await?;
    let respecting_others = Holds::Respect { own: Some(session) };
    if !respecting_others.in_the_way(&found, now).is_empty() {
        return Err(HOLD_TAKEN);
    }
    let that_day: Vec<(OffsetDateTime,)> =
        sqlx::query_as("SELECT expires_at FROM slot_holds WHERE date = $1 AND session_id <> $2")
            .bind(hold.date)
            .bind(session)
            .fetch_all(&mut *conn)
            .await
            .map_err(db_error)?;
    if !may_hold(&that_day, now, per_day) {
        return Ok(());
    }
    if let Some(address) = visitor_address {
        let from_address: Vec<(OffsetDateTime,)> = sqlx::query_as(
            "SELECT expires_at FROM slot_holds WHERE visitor_address = $1 AND session_id <> $2",
        )
        .bind(address)
        .bind(session)
        .fetch_all(&mut *conn)
        .await
        .map_err(db_error)?;
        if !may_hold(&from_address, now, per_address) {
            return Ok(());
        }
    }
    sqlx::query(
        "INSERT INTO slot_holds (session_id, staff_id, date, start_min, end_min, expires_at, \
         visitor_address) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(session)
    .bind(&hold.staff_id)
    .bind(hold.date)
    .bind(i32::from(hold.start_min))
    .bind(i32::from(hold.end_min))
    .bind(hold.expires_at)
    .bind(visitor_address)
    .execute(&mut *conn)
    .await
    .map(drop)
    .map_err(db_error)
}

/// The holds alive at `now` from `from` up to the day before `to`.
pub(crate) async fn between(
    conn: &mut PgConnection,
    from: Date,
    to: Date,
    now: OffsetDateTime,
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {HOLD_COLUMNS} FROM slot_holds WHERE date >= $1 AND date < $2 \
         ORDER BY date, start_min, staff_id"
    )))
    .bind(from)
    .bind(to)
    .fetch_all(&mut *conn)
    .await
    .map_err(db_error)?;
    let holds: Vec<SlotHold> = rows
        .into_iter()
        .map(hold_from_columns)
        .collect::<Result<_, _>>()?;
    Ok(holds
        .into_iter()
        .filter(|hold| hold.expires_at > now)
        .collect())
}
