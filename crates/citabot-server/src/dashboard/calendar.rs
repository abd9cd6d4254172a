//! `GET /api/appointments/{id}/calendar.ics`: a cita as an iCalendar file ("Añadir al
//! calendario"), for its own cliente or for staff; anyone else is told it does not exist.

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::{not_found, signed_in, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::calendar;

/// `GET /api/appointments/{id}/calendar.ics`.
#[utoipa::path(get, path = "/api/appointments/{id}/calendar.ics", tag = "booking",
    params(("id" = String, Path, description = "The cita's id")),
    responses(
        (status = 200, description = "The cita as one VEVENT (RFC 5545), as a download", content_type = "text/calendar", body = String),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 404, description = "No such cita, or not the caller's", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = signed_in(&caller)?;
    let now = state.clock.now();
    let found = calendar::cita_calendar(state.store.as_ref(), user, &id, now)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found("Esa cita no existe."))?;
    let disposition = format!("attachment; filename=\"cita-{}.ics\"", found.date);
    let mut response = (StatusCode::OK, found.file).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/calendar; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
