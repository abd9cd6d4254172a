//! The charts' figures (REQUIREMENTS D5): for each local day of a range, the citas made that
//! day, the conversations started that day, and how many of those led to a cita. Days are the
//! business's: the store answers the instants of the whole span in two queries and they are
//! counted into local days here.

use citabot_domain::booking::{BookingValueError, Business, zone};
use citabot_store::conversations::Activity;
use citabot_store::{Store, StoreError};
use time::{Date, Duration, OffsetDateTime};

/// One local day's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayFigures {
    pub date: Date,
    /// Citas made that day, in any status: a cancelled cita or a no-show was still a booking
    /// made (no figure here counts completed visits).
    pub appointments: u32,
    /// Conversations started that day.
    pub conversations: u32,
    /// Of those, the ones whose assistant booked a cita.
    pub conversations_booked: u32,
}

/// The figures of each day `from`–`to` (inclusive) in the business's time zone, zeros
/// included.
pub async fn per_day(
    store: &dyn Store,
    business: &Business,
    from: Date,
    to: Date,
) -> Result<Vec<DayFigures>, StoreError> {
    let time_zone = business.time_zone.as_str();
    let start = zone::instant(time_zone, from, 0).map_err(corrupt)?;
    let end = zone::instant(time_zone, to + Duration::days(1), 0).map_err(corrupt)?;
    let activity = store.activity_between(start, end).await?;
    count(time_zone, from, to, &activity).map_err(corrupt)
}

/// A saved time zone the calendar cannot use is bad data.
fn corrupt(error: BookingValueError) -> StoreError {
    StoreError::Corrupt(error.to_string())
}

/// Counts the activity into the days `from`–`to` of `time_zone`, one entry per day.
fn count(
    time_zone: &str,
    from: Date,
    to: Date,
    activity: &Activity,
) -> Result<Vec<DayFigures>, BookingValueError> {
    let days = (to - from).whole_days() + 1;
    let mut items: Vec<DayFigures> = (0..days)
        .map(|offset| DayFigures {
            date: from + Duration::days(offset),
            appointments: 0,
            conversations: 0,
            conversations_booked: 0,
        })
        .collect();
    // The entry's position; none for an instant outside the range.
    let day_of = |instant: OffsetDateTime| {
        zone::local(time_zone, instant)
            .map(|(date, _)| usize::try_from((date - from).whole_days()).ok())
    };
    for created in &activity.citas_created {
        if let Some(day) = day_of(*created)?.and_then(|offset| items.get_mut(offset)) {
            day.appointments += 1;
        }
    }
    for start in &activity.conversations {
        if let Some(day) = day_of(start.started_at)?.and_then(|offset| items.get_mut(offset)) {
            day.conversations += 1;
            day.conversations_booked += u32::from(start.booked);
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use citabot_store::conversations::ConversationStart;
    use time::macros::{date, datetime};

    #[test]
    fn instants_are_counted_on_the_business_s_local_day() {
        let activity = Activity {
            // 23:30 UTC on the 20th is already the 21st in Madrid.
            citas_created: vec![
                datetime!(2026-11-20 22:59 UTC),
                datetime!(2026-11-20 23:30 UTC),
            ],
            conversations: vec![
                ConversationStart {
                    started_at: datetime!(2026-11-22 10:00 UTC),
                    booked: true,
                },
                ConversationStart {
                    started_at: datetime!(2026-11-22 11:00 UTC),
                    booked: false,
                },
            ],
        };
        let items = count(
            "Europe/Madrid",
            date!(2026 - 11 - 20),
            date!(2026 - 11 - 22),
            &activity,
        )
        .expect("a known zone");
        let figures: Vec<(Date, u32, u32, u32)> = items
            .iter()
            .map(|day| {
                (
                    day.date,
                    day.appointments,
                    day.conversations,
                    day.conversations_booked,
                )
            })
            .collect();
        assert_eq!(
            figures,
            [
                (date!(2026 - 11 - 20), 1, 0, 0),
                (date!(2026 - 11 - 21), 1, 0, 0),
                (date!(2026 - 11 - 22), 0, 2, 1),
            ]
        );
    }
}
