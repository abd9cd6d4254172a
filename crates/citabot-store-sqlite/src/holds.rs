//! The times chat conversations hold (issue 12) in SQLite: read, placed, released, and weighed
//! against a cita's write inside its transaction. Expiry is judged in the code
//! ([`Holds::in_the_way`]), not in SQL.

use citabot_domain::booking::{DayMinute, SlotHold};
use citabot_store::booking::{HoldColumns, hold_from_columns};
use citabot_store::turn::{HOLD_TAKEN, may_hold};
use citabot_store::{CitaChange, CitaWritten, HoldWrite, Holds, StoreError};
use sqlx::SqliteConnection;
use time::{Date, OffsetDateTime};

use crate::db_error;

const HOLD_COLUMNS: &str = "session_id, staff_id, date, start_min, end_min, expires_at";

/// The holds, alive or not, on `staff_id`'s `[start, end)` of `date`.
async fn overlapping(
    conn: &mut SqliteConnection,
    (staff_id, date, start, end): (&str, Date, DayMinute, DayMinute),
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {HOLD_COLUMNS} FROM slot_holds \
         WHERE staff_id = ? AND date = ? AND start_min < ? AND ? < end_min"
    )))
    .bind(staff_id)
    .bind(date)
    .bind(i64::from(end))
    .bind(i64::from(start))
    .fetch_all(&mut *conn)
    .await
    .map_err(db_error)?;
    rows.into_iter().map(hold_from_columns).collect()
}

/// Weighs `change` against the holds on its time, before it is written: refuses it or
/// releases them, as `holds` says.
pub(crate) async fn make_way(
    conn: &mut SqliteConnection,
    change: &CitaChange,
    now: OffsetDateTime,
    holds: Holds<'_>,
) -> Result<CitaWritten, StoreError> {
    let Some(time) = change.takes() else {
        return Ok(CitaWritten::default());
    };
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

async fn release(conn: &mut SqliteConnection, session: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM slot_holds WHERE session_id = ?")
        .bind(session)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(db_error)
}

/// Writes a turn's hold for `session`.
pub(crate) async fn write(
    conn: &mut SqliteConnection,
    session: &str,
    write: HoldWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    release(conn, session).await?;
    // Holds of days gone are dead whatever their expiry: abandoned conversations' rows go.
    sqlx::query("DELETE FROM slot_holds WHERE date < ?")
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
        sqlx::query_as("SELECT expires_at FROM slot_holds WHERE date = ? AND session_id <> ?")
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
            "SELECT expires_at FROM slot_holds WHERE visitor_address = ? AND session_id <> ?",
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
         visitor_address) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(session)
    .bind(&hold.staff_id)
    .bind(hold.date)
    .bind(i64::from(hold.start_min))
    .bind(i64::from(hold.end_min))
    .bind(hold.expires_at)
    .bind(visitor_address)
    .execute(&mut *conn)
    .await
    .map(drop)
    .map_err(db_error)
}

/// The holds alive at `now` from `from` up to the day before `to`.
pub(crate) async fn between(
    conn: &mut SqliteConnection,
    from: Date,
    to: Date,
    now: OffsetDateTime,
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {HOLD_COLUMNS} FROM slot_holds WHERE date >= ? AND date < ? \
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
