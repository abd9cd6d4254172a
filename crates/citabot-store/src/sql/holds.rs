//! The times chat conversations hold (issue 12): read, placed, released, and weighed against a
//! cita's write inside its transaction. Expiry is judged in the code ([`Holds::in_the_way`]),
//! not in SQL. Every hold and every booking of a stylist's day first takes that day's lock
//! ([`WriteLock::StylistDay`]), so that two writers never both miss each other's row.

use citabot_domain::booking::{DayMinute, SlotHold};
use time::{Date, OffsetDateTime};

use super::{SqlConn, WriteLock};
use crate::booking::{HoldColumns, hold_from_columns};
use crate::turn::{HOLD_TAKEN, may_hold};
use crate::{CitaChange, CitaWritten, HoldWrite, Holds, StoreError};

macro_rules! select_holds {
    ($($rest:literal)*) => {
        concat!(
            "SELECT session_id, staff_id, date, start_min, end_min, expires_at FROM slot_holds ",
            $($rest),*
        )
    };
}

/// The holds, alive or not, on `staff_id`'s `[start, end)` of `date`.
async fn overlapping(
    conn: &mut impl SqlConn,
    (staff_id, date, start, end): (&str, Date, DayMinute, DayMinute),
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = conn
        .all(
            select_holds!("WHERE staff_id = $1 AND date = $2 AND start_min < $3 AND $4 < end_min"),
            crate::args![staff_id, date, i64::from(end), i64::from(start)],
        )
        .await?;
    rows.into_iter().map(hold_from_columns).collect()
}

/// Weighs `change` against the holds on its time, before it is written: refuses it or
/// releases them, as `holds` says.
pub(crate) async fn make_way(
    conn: &mut impl SqlConn,
    change: &CitaChange,
    now: OffsetDateTime,
    holds: Holds<'_>,
) -> Result<CitaWritten, StoreError> {
    let Some(time) = change.takes() else {
        return Ok(CitaWritten::default());
    };
    conn.lock(WriteLock::StylistDay {
        staff_id: time.0,
        date: time.1,
    })
    .await?;
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

async fn release(conn: &mut impl SqlConn, session: &str) -> Result<(), StoreError> {
    conn.execute(
        "DELETE FROM slot_holds WHERE session_id = $1",
        crate::args![session],
    )
    .await
    .map(drop)
}

/// Writes a turn's hold for `session`.
pub(crate) async fn write(
    conn: &mut impl SqlConn,
    session: &str,
    write: HoldWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    release(conn, session).await?;
    // Holds of days gone are dead whatever their expiry: abandoned conversations' rows go.
    conn.execute(
        "DELETE FROM slot_holds WHERE date < $1",
        crate::args![now.date() - time::Duration::days(1)],
    )
    .await?;
    let HoldWrite::Place {
        hold,
        visitor_address,
        per_address,
        per_day,
    } = write
    else {
        return Ok(());
    };
    conn.lock(WriteLock::StylistDay {
        staff_id: &hold.staff_id,
        date: hold.date,
    })
    .await?;
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
    let that_day: Vec<(OffsetDateTime,)> = conn
        .all(
            "SELECT expires_at FROM slot_holds WHERE date = $1 AND session_id <> $2",
            crate::args![hold.date, session],
        )
        .await?;
    if !may_hold(&that_day, now, per_day) {
        return Ok(());
    }
    if let Some(address) = visitor_address {
        let from_address: Vec<(OffsetDateTime,)> = conn
            .all(
                "SELECT expires_at FROM slot_holds WHERE visitor_address = $1 AND session_id <> $2",
                crate::args![address, session],
            )
            .await?;
        if !may_hold(&from_address, now, per_address) {
            return Ok(());
        }
    }
    conn.execute(
        "INSERT INTO slot_holds (session_id, staff_id, date, start_min, end_min, expires_at, \
         visitor_address) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        crate::args![
            session,
            &hold.staff_id,
            hold.date,
            i64::from(hold.start_min),
            i64::from(hold.end_min),
            hold.expires_at,
            visitor_address,
        ],
    )
    .await
    .map(drop)
}

/// The holds alive at `now` from `from` up to the day before `to`.
pub(crate) async fn between(
    conn: &mut impl SqlConn,
    from: Date,
    to: Date,
    now: OffsetDateTime,
) -> Result<Vec<SlotHold>, StoreError> {
    let rows: Vec<HoldColumns> = conn
        .all(
            select_holds!("WHERE date >= $1 AND date < $2 ORDER BY date, start_min, staff_id"),
            crate::args![from, to],
        )
        .await?;
    let holds: Vec<SlotHold> = rows
        .into_iter()
        .map(hold_from_columns)
        .collect::<Result<_, _>>()?;
    Ok(holds
        .into_iter()
        .filter(|hold| hold.expires_at > now)
        .collect())
}
