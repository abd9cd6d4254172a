//! `GET /api/stats?from=…&to=…` (staff; REQUIREMENTS D5): for each local day of the range, the
//! citas made that day, the conversations started that day, and how many of those led to a cita.
//! Days are the business's: the store answers the instants of the whole span in two queries and
//! they are counted into local days here.

use axum::Extension;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use citabot_domain::booking::{BookingValueError, zone};
use citabot_store::conversations::Activity;
use serde::{Deserialize, Serialize};
use time::{Date, Duration, OffsetDateTime};
use utoipa::{IntoParams, ToSchema};

use super::client_fields::date_text;
use super::{answer, business_of, date_range, query, staff, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// First day, `YYYY-MM-DD`, inclusive.
    from: String,
    /// Last day, `YYYY-MM-DD`, inclusive; at most 92 days after `from`.
    to: String,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayStats {
    /// The local day, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    /// Citas made that day, in any status: a cancelled cita or a no-show was still a booking
    /// made (no figure here counts completed visits).
    appointments: u32,
    /// Conversations started that day.
    conversations: u32,
    /// Of those, the ones whose assistant booked a cita.
    conversations_booked: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatsList {
    items: Vec<DayStats>,
}

/// Counts the activity into the days `from`–`to` of `time_zone`, one entry per day.
fn per_day(
    time_zone: &str,
    from: Date,
    to: Date,
    activity: &Activity,
) -> Result<Vec<DayStats>, BookingValueError> {
    let days = usize::try_from((to - from).whole_days() + 1).unwrap_or_default();
    let mut items: Vec<DayStats> = (0..days)
        .map(|offset| DayStats {
            date: date_text(from + Duration::days(i64::try_from(offset).unwrap_or_default())),
            ..DayStats::default()
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

/// `GET /api/stats` (staff): one entry per day of the range, zeros included.
#[utoipa::path(get, path = "/api/stats", tag = "conversations", params(StatsQuery),
    responses(
        (status = 200, description = "The figures of each day", body = StatsList),
        (status = 400, description = "A bad date or range", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 503, description = "The business is not set up yet", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<StatsQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let params = query(params)?;
    let (from, to) = date_range(&params.from, &params.to)?;
    let business = business_of(&state).await?;
    let time_zone = business.time_zone.as_str();
    let span = zone::instant(time_zone, from, 0).and_then(|start| {
        zone::instant(time_zone, to + Duration::days(1), 0).map(|end| (start, end))
    });
    let (start, end) = span.map_err(|error| ApiError::internal(&error))?;
    let activity = state
        .store
        .activity_between(start, end)
        .await
        .map_err(store_failed)?;
    let items =
        per_day(time_zone, from, to, &activity).map_err(|error| ApiError::internal(&error))?;
    Ok(answer(StatusCode::OK, StatsList { items }))
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
        let items = per_day(
            "Europe/Madrid",
            date!(2026 - 11 - 20),
            date!(2026 - 11 - 22),
            &activity,
        )
        .expect("a known zone");
        let figures: Vec<(&str, u32, u32, u32)> = items
            .iter()
            .map(|day| {
                (
                    day.date.as_str(),
                    day.appointments,
                    day.conversations,
                    day.conversations_booked,
                )
            })
            .collect();
        assert_eq!(
            figures,
            [
                ("2026-11-20", 1, 0, 0),
                ("2026-11-21", 1, 0, 0),
                ("2026-11-22", 0, 2, 1),
            ]
        );
    }
}
