//! The business's time zone: from a local date and minute to an instant, and from an instant to
//! the local date and minute. Zone rules come from the IANA database bundled into the binary, so
//! the answer does not depend on the machine's own tables.

use jiff::Timestamp;
use jiff::civil;
use jiff::tz::TimeZone;
use time::{Date, Month, OffsetDateTime};

use super::{BookingValueError, DAY_MINUTES, DayMinute};

fn zone(name: &str) -> Result<TimeZone, BookingValueError> {
    TimeZone::get(name).map_err(|_| BookingValueError::TimeZone(name.to_owned()))
}

/// Checks that `name` is a known IANA time zone.
pub fn check(name: &str) -> Result<(), BookingValueError> {
    zone(name).map(drop)
}

/// The instant of `minute` on the local `date` in zone `name`. A local time skipped by a
/// daylight-saving change is read as the same wall time after the change.
pub fn instant(
    name: &str,
    date: Date,
    minute: DayMinute,
) -> Result<OffsetDateTime, BookingValueError> {
    let tz = zone(name)?;
    let (days, minute) = (minute / DAY_MINUTES, minute % DAY_MINUTES);
    let date = date
        .checked_add(time::Duration::days(i64::from(days)))
        .ok_or_else(|| BookingValueError::TimeZone(name.to_owned()))?;
    let local = civil::date(
        i16::try_from(date.year()).map_err(|_| BookingValueError::TimeZone(name.to_owned()))?,
        i8::try_from(u8::from(date.month())).unwrap_or(1),
        i8::try_from(date.day()).unwrap_or(1),
    )
    .at(
        i8::try_from(minute / 60).unwrap_or(0),
        i8::try_from(minute % 60).unwrap_or(0),
        0,
        0,
    );
    let seconds = tz
        .to_ambiguous_zoned(local)
        .later()
        .map_err(|_| BookingValueError::TimeZone(name.to_owned()))?
        .timestamp()
        .as_second();
    OffsetDateTime::from_unix_timestamp(seconds)
        .map_err(|_| BookingValueError::TimeZone(name.to_owned()))
}

/// The local date and minute of `now` in zone `name`.
pub fn local(name: &str, now: OffsetDateTime) -> Result<(Date, DayMinute), BookingValueError> {
    let tz = zone(name)?;
    let invalid = || BookingValueError::TimeZone(name.to_owned());
    let zoned = Timestamp::from_second(now.unix_timestamp())
        .map_err(|_| invalid())?
        .to_zoned(tz);
    let month = Month::try_from(u8::try_from(zoned.month()).map_err(|_| invalid())?)
        .map_err(|_| invalid())?;
    let date = Date::from_calendar_date(
        i32::from(zoned.year()),
        month,
        u8::try_from(zoned.day()).map_err(|_| invalid())?,
    )
    .map_err(|_| invalid())?;
    let minute =
        u16::try_from(zoned.hour()).unwrap_or(0) * 60 + u16::try_from(zoned.minute()).unwrap_or(0);
    Ok((date, minute))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    #[test]
    fn madrid_is_one_hour_ahead_in_winter_and_two_in_summer() {
        assert_eq!(
            instant("Europe/Madrid", date!(2026 - 11 - 27), 17 * 60),
            Ok(datetime!(2026-11-27 16:00 UTC))
        );
        assert_eq!(
            instant("Europe/Madrid", date!(2026 - 07 - 10), 10 * 60 + 30),
            Ok(datetime!(2026-07-10 08:30 UTC))
        );
        assert_eq!(
            local("Europe/Madrid", datetime!(2026-11-20 23:30 UTC)),
            Ok((date!(2026 - 11 - 21), 30)),
            "half past midnight the next day in Madrid"
        );
    }

    #[test]
    fn a_skipped_hour_reads_as_after_the_change() {
        // 2026-03-29: clocks go from 02:00 to 03:00 in Madrid.
        assert_eq!(
            instant("Europe/Madrid", date!(2026 - 03 - 29), 2 * 60 + 30),
            Ok(datetime!(2026-03-29 01:30 UTC))
        );
    }

    #[test]
    fn unknown_zones_are_refused() {
        assert!(check("America/New_York").is_ok());
        assert_eq!(
            check("Nowhere/Atlantis"),
            Err(BookingValueError::TimeZone("Nowhere/Atlantis".into()))
        );
    }
}
