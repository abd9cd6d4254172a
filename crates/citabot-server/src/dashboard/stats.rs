//! `GET /api/stats?from=…&to=…` (staff; REQUIREMENTS D5): for each local day of the range, the
//! citas made that day, the conversations started that day, and how many of those led to a cita.
//! The counting is in [`crate::usecases::stats`].

use axum::Extension;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::client_fields::date_text;
use super::{answer, business_of, date_range, query, staff, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::stats as cases;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// First day, `YYYY-MM-DD`, inclusive.
    from: String,
    /// Last day, `YYYY-MM-DD`, inclusive; at most 92 days after `from`.
    to: String,
}

#[derive(Debug, Serialize, ToSchema)]
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

impl From<cases::DayFigures> for DayStats {
    fn from(day: cases::DayFigures) -> Self {
        Self {
            date: date_text(day.date),
            appointments: day.appointments,
            conversations: day.conversations,
            conversations_booked: day.conversations_booked,
        }
    }
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
    let items = cases::per_day(state.store.as_ref(), &business, from, to)
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(DayStats::from)
        .collect();
    Ok(answer(StatusCode::OK, StatsList { items }))
}
