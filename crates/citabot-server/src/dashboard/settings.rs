//! The salon's closures, each stylist's schedule, services and time off, and the citas the
//! current rules no longer allow (issue 11): `GET|POST /api/closures`,
//! `DELETE /api/closures/{id}`, `GET|PUT /api/staff/{id}/schedule`,
//! `GET|POST /api/staff/{id}/time-off`, `DELETE /api/staff/{id}/time-off/{offId}` and
//! `GET /api/business/outside-rules`. Staff read them; administradores change them. The work
//! is in [`crate::usecases::settings`].

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};

use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

use super::appointments::{AppointmentView, views};
use super::business::{DaysOffView, OpeningPeriodView, PeriodInput, parse_periods, period_views};
use super::{
    administrador, answer, body, business_of, checked_text, invalid, not_configured, not_found,
    parse_date, staff, store_failed, unprocessable,
};
use crate::auth::Caller;
use crate::cita_refusals::{self, Audience};
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::settings as cases;
use citabot_domain::assistant::{Lang, day_words};

/// The longest reason of a closure or time off, in characters.
pub const REASON_MAX_CHARS: usize = 80;
/// The longest closure or time off, in days.
pub const MAX_SPAN_DAYS: i64 = 366;
/// The most services a stylist's schedule names.
pub const MAX_STAFF_SERVICES: usize = 200;

/// Days off, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DaysOffRequest {
    /// The first day, `YYYY-MM-DD`.
    #[schema(format = Date)]
    from: String,
    /// The last day, `YYYY-MM-DD`, inclusive; not before `from`, at most 366 days after.
    #[schema(format = Date)]
    to: String,
    /// 1–80 characters ("Navidad", "Vacaciones").
    reason: String,
}

/// Reads days off: two dates in order, at most [`MAX_SPAN_DAYS`] apart, and a reason.
fn days_off(request: &DaysOffRequest) -> Result<(Date, Date, String), ApiError> {
    let from = parse_date(&request.from, "from")?;
    let to = parse_date(&request.to, "to")?;
    if from > to {
        return Err(invalid("«from» no puede ser posterior a «to»."));
    }
    if (to - from).whole_days() > MAX_SPAN_DAYS {
        return Err(invalid(format!(
            "Entre «from» y «to» puede haber como mucho {MAX_SPAN_DAYS} días."
        )));
    }
    let reason = checked_text(&request.reason, "reason", REASON_MAX_CHARS)?;
    Ok((from, to, reason))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClosureList {
    items: Vec<DaysOffView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClosureResponse {
    item: DaysOffView,
}

/// `GET /api/closures` (staff): every closure, past ones included, by first day (newest last).
#[utoipa::path(get, path = "/api/closures", tag = "booking", responses(
    (status = 200, description = "The closures", body = ClosureList),
    (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
    (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn closures(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let items = cases::closures(state.store.as_ref())
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(DaysOffView::from)
        .collect();
    Ok(answer(StatusCode::OK, ClosureList { items }))
}

/// `POST /api/closures` (administrador): closes the salon from one day to another. Citas
/// already booked then stay, listed by `GET /api/business/outside-rules`.
#[utoipa::path(post, path = "/api/closures", tag = "booking", request_body = DaysOffRequest,
    responses(
        (status = 201, description = "Added", body = ClosureResponse),
        (status = 400, description = "A bad date or range, or no reason", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 409, description = "A closure already covers those days", body = ErrorEnvelope)))]
pub async fn add_closure(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<DaysOffRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let (from, to, reason) = days_off(&body(request)?)?;
    let closure = cases::add_closure(state.store.as_ref(), from, to, reason)
        .await
        .map_err(refused)?;
    Ok(answer(
        StatusCode::CREATED,
        ClosureResponse {
            item: closure.into(),
        },
    ))
}

/// "el viernes 25 de diciembre", or "del lunes 28 de diciembre al viernes 1 de enero".
fn days_in_words(from: Date, to: Date) -> String {
    let day = |date| day_words(Lang::Es, date);
    if from == to {
        format!("el {}", day(from))
    } else {
        format!("del {} al {}", day(from), day(to))
    }
}

/// `DELETE /api/closures/{id}` (administrador).
#[utoipa::path(delete, path = "/api/closures/{id}", tag = "booking",
    params(("id" = String, Path, description = "The closure's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such closure", body = ErrorEnvelope)))]
pub async fn delete_closure(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let deleted = cases::delete_closure(state.store.as_ref(), &id)
        .await
        .map_err(store_failed)?;
    no_content_or_missing(deleted, "Ese cierre no existe.")
}

/// 204 when something was deleted, 404 with `missing` when there was nothing to delete.
fn no_content_or_missing(deleted: bool, missing: &str) -> Result<Response, ApiError> {
    if deleted {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(not_found(missing))
    }
}

/// A stylist's schedule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleView {
    /// Their weekly periods: the business hours while they follow them.
    periods: Vec<OpeningPeriodView>,
    follows_business_hours: bool,
    /// The services they do, in menu order.
    service_ids: Vec<String>,
    /// Whether they take bookings at all.
    bookable: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ScheduleResponse {
    item: ScheduleView,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScheduleRequest {
    /// Their weekly periods; `null` follows the business hours.
    periods: Option<Vec<PeriodInput>>,
    /// The services they do (known ids, each once).
    service_ids: Vec<String>,
    bookable: bool,
}

/// A refusal about a stylist's schedule or time off, as an answer.
fn refused(refusal: cases::Refusal) -> ApiError {
    match refusal {
        cases::Refusal::NoSuchStaff => not_found("Ese miembro del personal no existe."),
        cases::Refusal::NotConfigured => not_configured(),
        cases::Refusal::RepeatedService(service_id) => invalid(format!(
            "El servicio «{service_id}» está repetido en «serviceIds»."
        )),
        cases::Refusal::UnknownService(service_id) => {
            unprocessable(format!("El servicio «{service_id}» no existe."))
        }
        cases::Refusal::AlreadyCovered { reason, from, to } => ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            format!(
                "Esos días ya están apuntados: «{reason}», {}.",
                days_in_words(from, to)
            ),
        ),
        cases::Refusal::Store(error) => store_failed(error),
    }
}

fn schedule_answer(schedule: cases::ScheduleView) -> Response {
    answer(
        StatusCode::OK,
        ScheduleResponse {
            item: ScheduleView {
                periods: period_views(&schedule.periods),
                follows_business_hours: schedule.follows_business_hours,
                service_ids: schedule.service_ids,
                bookable: schedule.bookable,
            },
        },
    )
}

/// `GET /api/staff/{id}/schedule` (staff).
#[utoipa::path(get, path = "/api/staff/{id}/schedule", tag = "booking",
    params(("id" = String, Path, description = "The staff member's account id")),
    responses(
        (status = 200, description = "Their schedule", body = ScheduleResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such staff member", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn schedule(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let schedule = cases::schedule(state.store.as_ref(), &id)
        .await
        .map_err(refused)?;
    Ok(schedule_answer(schedule))
}

/// `PUT /api/staff/{id}/schedule` (administrador): their weekly periods (or `null` to follow
/// the business hours), the services they do and whether they take bookings.
#[utoipa::path(put, path = "/api/staff/{id}/schedule", tag = "booking",
    request_body = ScheduleRequest,
    params(("id" = String, Path, description = "The staff member's account id")),
    responses(
        (status = 200, description = "Their schedule as saved", body = ScheduleResponse),
        (status = 400, description = "A bad period, or a service named twice", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such staff member", body = ErrorEnvelope),
        (status = 422, description = "An unknown service", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn set_schedule(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<ScheduleRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let request = body(request)?;
    let periods = request.periods.as_deref().map(parse_periods).transpose()?;
    if request.service_ids.len() > MAX_STAFF_SERVICES {
        return Err(invalid(format!(
            "«serviceIds» puede tener como mucho {MAX_STAFF_SERVICES} servicios."
        )));
    }
    let change = cases::ScheduleChange {
        periods,
        service_ids: request.service_ids,
        bookable: request.bookable,
    };
    let schedule = cases::set_schedule(state.store.as_ref(), &id, change)
        .await
        .map_err(refused)?;
    Ok(schedule_answer(schedule))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TimeOffList {
    items: Vec<DaysOffView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TimeOffResponse {
    item: DaysOffView,
}

/// `GET /api/staff/{id}/time-off` (staff): their time off, by first day.
#[utoipa::path(get, path = "/api/staff/{id}/time-off", tag = "booking",
    params(("id" = String, Path, description = "The staff member's account id")),
    responses(
        (status = 200, description = "Their time off", body = TimeOffList),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such staff member", body = ErrorEnvelope)))]
pub async fn time_off(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let items = cases::time_off_of(state.store.as_ref(), &id)
        .await
        .map_err(refused)?
        .into_iter()
        .map(DaysOffView::from)
        .collect();
    Ok(answer(StatusCode::OK, TimeOffList { items }))
}

/// `POST /api/staff/{id}/time-off` (administrador). Citas already booked then stay, listed by
/// `GET /api/business/outside-rules`.
#[utoipa::path(post, path = "/api/staff/{id}/time-off", tag = "booking",
    request_body = DaysOffRequest,
    params(("id" = String, Path, description = "The staff member's account id")),
    responses(
        (status = 201, description = "Added", body = TimeOffResponse),
        (status = 400, description = "A bad date or range, or no reason", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such staff member", body = ErrorEnvelope),
        (status = 409, description = "Time off of theirs already covers those days", body = ErrorEnvelope)))]
pub async fn add_time_off(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<DaysOffRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let (from, to, reason) = days_off(&body(request)?)?;
    let off = cases::add_time_off(state.store.as_ref(), &id, from, to, reason)
        .await
        .map_err(refused)?;
    Ok(answer(
        StatusCode::CREATED,
        TimeOffResponse { item: off.into() },
    ))
}

/// `DELETE /api/staff/{id}/time-off/{offId}` (administrador).
#[utoipa::path(delete, path = "/api/staff/{id}/time-off/{offId}", tag = "booking",
    params(
        ("id" = String, Path, description = "The staff member's account id"),
        ("offId" = String, Path, description = "The time off's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such time off for that staff member", body = ErrorEnvelope)))]
pub async fn delete_time_off(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path((id, off_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let deleted = cases::delete_time_off(state.store.as_ref(), &id, &off_id)
        .await
        .map_err(store_failed)?;
    no_content_or_missing(deleted, "Ese día libre no existe.")
}

/// A cita the current rules no longer allow, with why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutsideRulesView {
    #[serde(flatten)]
    appointment: AppointmentView,
    /// Why, in a Spanish sentence.
    reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutsideRulesList {
    items: Vec<OutsideRulesView>,
}

/// `GET /api/business/outside-rules` (staff): future pending and confirmed citas the current
/// hours, closures, schedules, time off, services or `bookable` flags no longer allow, by date
/// and start, each with a reason. Nothing is moved or cancelled: staff handle them.
#[utoipa::path(get, path = "/api/business/outside-rules", tag = "booking", responses(
    (status = 200, description = "The citas outside the rules", body = OutsideRulesList),
    (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
    (status = 403, description = "Not staff", body = ErrorEnvelope),
    (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn outside_rules(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let business = business_of(&state).await?;
    let store = state.store.as_ref();
    let (citas, reasons): (Vec<_>, Vec<_>) =
        cases::outside_rules(store, &business, state.clock.now())
            .await
            .map_err(store_failed)?
            .into_iter()
            .unzip();
    let views = views(store, citas).await.map_err(store_failed)?;
    let items = views
        .into_iter()
        .zip(reasons)
        .map(|(appointment, why)| OutsideRulesView {
            appointment,
            reason: cita_refusals::sentence(&why, Lang::Es, Audience::Staff),
        })
        .collect();
    Ok(answer(StatusCode::OK, OutsideRulesList { items }))
}
