//! `GET /api/business` (public): what the site's landing page and the dashboard's calendar need
//! to know about the business.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use citabot_domain::booking::{Business, DayMinute};
use serde::Serialize;
use utoipa::ToSchema;

use super::{answer, business_of};
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;

/// One opening period of a weekday, `[openMin, closeMin)` in minutes after local midnight.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningPeriodView {
    /// 1 = Monday … 7 = Sunday.
    #[schema(minimum = 1, maximum = 7)]
    weekday: u8,
    open_min: DayMinute,
    close_min: DayMinute,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessView {
    name: String,
    /// An IANA time zone, such as `Europe/Madrid`.
    time_zone: String,
    /// Start times are multiples of this many minutes after midnight.
    slot_step: DayMinute,
    /// Every opening period, Monday first, in order within the day.
    hours: Vec<OpeningPeriodView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BusinessResponse {
    item: BusinessView,
}

impl From<&Business> for BusinessView {
    fn from(business: &Business) -> Self {
        Self {
            name: business.name.clone(),
            time_zone: business.time_zone.clone(),
            slot_step: business.slot_step,
            hours: business
                .hours
                .days()
                .flat_map(|(weekday, periods)| {
                    periods.iter().map(move |period| OpeningPeriodView {
                        weekday: weekday.number_from_monday(),
                        open_min: period.open,
                        close_min: period.close,
                    })
                })
                .collect(),
        }
    }
}

/// `GET /api/business`: the name, time zone, slot step and opening hours.
#[utoipa::path(get, path = "/api/business", tag = "booking", responses(
    (status = 200, description = "The business", body = BusinessResponse),
    (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn get(State(state): State<AppState>) -> Result<Response, ApiError> {
    let business = business_of(&state).await?;
    Ok(answer(
        StatusCode::OK,
        BusinessResponse {
            item: BusinessView::from(&business),
        },
    ))
}
