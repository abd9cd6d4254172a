//! `GET /api/appointments`, `PATCH /api/appointments/{id}`, `POST /api/appointments` and
//! `GET /api/availability` (REQUIREMENTS D2). Staff see and manage everyone's citas; a cliente sees
//! only their own and may move or cancel them outside the minimum notice, and another client's
//! cita is "not found" to them (never "forbidden", so its existence does not leak). A cita made
//! or moved by hand is held to the salon's rules (issue 11: hours, closures, the stylist's
//! schedule, time off and services, with staff's explicit `outsideHours` override) and to a
//! staff member who is free, which the database itself enforces. The work is in
//! [`crate::usecases::appointments`]; these handlers translate HTTP.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::assistant::Lang;
use citabot_domain::booking::{Cita, CitaStatus, DAY_MINUTES, DayMinute};
use citabot_store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::{IntoParams, ToSchema};

use super::client_fields::{client_email, client_name, client_phone, date_text};
use super::{
    answer, body, date_range, invalid, parse_date, query, signed_in, staff, store_failed,
    unprocessable,
};
use crate::auth::Caller;
use crate::cita_refusals::{self, Audience};
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::booking::{BookedBy, ClientDetails, ClientTarget};
use crate::usecases::citas::{
    self as cases, AvailabilityRequest, ByHand, ByHandWritten, ChangedBy, CitaChangeRequest,
    CitaDetails, Fitting, Refusal,
};

pub use crate::usecases::citas::MAX_SERVICES;

/// A refusal about a cita as an HTTP answer, said in Spanish to `audience`.
pub fn refused_to(audience: Audience, refusal: Refusal) -> ApiError {
    let message = cita_refusals::sentence(&refusal, Lang::Es, audience);
    match refusal {
        // Logged as every store failure is.
        Refusal::Store(error) => store_failed(error),
        refusal => super::refused_as(refusal.kind(), message),
    }
}

/// [`refused_to`] for a signed-in account: staff read the salon's own notes, clients do not.
fn refused_for(user: &citabot_store::User) -> impl Fn(Refusal) -> ApiError {
    let audience = if user.role.is_staff() {
        Audience::Staff
    } else {
        Audience::Client
    };
    move |refusal| refused_to(audience, refusal)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceRef {
    id: String,
    name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentView {
    id: String,
    staff_id: String,
    staff_name: String,
    client_id: String,
    client_name: String,
    client_email: Option<String>,
    client_phone: Option<String>,
    /// The local date, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    /// Minutes after local midnight.
    start_min: DayMinute,
    end_min: DayMinute,
    #[schema(format = DateTime)]
    start_at: String,
    #[schema(format = DateTime)]
    end_at: String,
    /// `pendiente`, `confirmada`, `cancelada`, `completada` or `no_presentado` (a no-show).
    #[schema(example = "pendiente")]
    status: &'static str,
    services: Vec<ServiceRef>,
    /// The chat session whose assistant booked it; `null` when made by hand.
    chat_session_id: Option<String>,
    #[schema(format = DateTime)]
    created_at: String,
    /// Staff placed it outside the hours, a closure or the stylist's schedule on purpose.
    outside_hours: bool,
    /// Its client said from the manage link that they will come ("Sí, voy"); not the
    /// salon's `confirmada`.
    client_confirmed: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppointmentList {
    items: Vec<AppointmentView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppointmentResponse {
    item: AppointmentView,
    /// Said when the cita took a time a chat visitor was holding (the hold gave way).
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

impl AppointmentResponse {
    async fn of(store: &dyn Store, written: ByHandWritten) -> Result<Self, ApiError> {
        Ok(Self {
            item: one_view(store, written.cita).await?,
            warning: written.hold_released.then_some(cases::HOLD_RELEASED),
        })
    }
}

/// A time a chat visitor holds while giving their details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldView {
    staff_id: String,
    #[schema(example = "2026-11-27")]
    date: String,
    start_min: DayMinute,
    end_min: DayMinute,
    /// When the hold lapses unless the visitor books (RFC 3339).
    expires_at: String,
    /// The chat session holding it: its conversation in the inbox.
    conversation_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HoldList {
    items: Vec<HoldView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct HoldQuery {
    /// First day, `YYYY-MM-DD`.
    from: String,
    /// Last day, inclusive (at most 92 days after `from`).
    to: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AppointmentQuery {
    /// First day, `YYYY-MM-DD`, inclusive.
    from: String,
    /// Last day, `YYYY-MM-DD`, inclusive; at most 92 days after `from`.
    to: String,
    /// Only citas in this status.
    #[serde(default)]
    status: Option<String>,
    /// Only this staff member's citas.
    #[serde(default)]
    staff_id: Option<String>,
}

/// A change to a cita: any of these (at least one). Moving it keeps its id and history.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AppointmentPatch {
    /// The new status.
    #[serde(default)]
    #[schema(example = "confirmada")]
    status: Option<String>,
    /// A new local date, `YYYY-MM-DD`.
    #[serde(default)]
    date: Option<String>,
    /// A new start, in minutes after local midnight, on the slot step.
    #[serde(default)]
    start_min: Option<i64>,
    /// Another staff member.
    #[serde(default)]
    staff_id: Option<String>,
    /// Other services, done back to back in this order.
    #[serde(default)]
    service_ids: Option<Vec<String>>,
    /// Staff only: place it outside the hours, a closure or the stylist's schedule on purpose
    /// (recorded on the cita).
    #[serde(default)]
    outside_hours: Option<bool>,
}

/// A client to create with the cita (an existing email reuses its client).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewClient {
    name: String,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    phone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewAppointmentRequest {
    staff_id: String,
    /// An existing client; or give `client` instead.
    #[serde(default)]
    client_id: Option<String>,
    #[serde(default)]
    client: Option<NewClient>,
    /// The local date, `YYYY-MM-DD`.
    date: String,
    /// Minutes after local midnight; on the slot step.
    start_min: i64,
    /// The services, done back to back in this order.
    service_ids: Vec<String>,
    /// `pendiente` (when left out) or `confirmada`.
    #[serde(default)]
    status: Option<String>,
    /// Book outside the hours, a closure or the stylist's schedule on purpose (recorded).
    #[serde(default)]
    outside_hours: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    /// The day, `YYYY-MM-DD`.
    date: String,
    /// Comma-separated service ids, done back to back.
    service_ids: String,
    /// Only this staff member.
    #[serde(default)]
    staff_id: Option<String>,
}

/// `GET /api/appointments/{id}/availability`'s parameters.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MoveAvailabilityQuery {
    /// The day, `YYYY-MM-DD`.
    date: String,
    /// Only this staff member.
    #[serde(default)]
    staff_id: Option<String>,
    /// Comma-separated service ids to give the cita instead of its own.
    #[serde(default)]
    service_ids: Option<String>,
}

/// Service ids as a query parameter writes them: comma-separated, blanks ignored.
pub(super) fn service_id_list(ids: &str) -> Vec<String> {
    ids.split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreeStart {
    start_min: DayMinute,
    /// Who is free then, in the order the assistant prefers them.
    staff_ids: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AvailabilityList {
    items: Vec<FreeStart>,
}

impl From<Vec<(DayMinute, Vec<String>)>> for AvailabilityList {
    fn from(starts: Vec<(DayMinute, Vec<String>)>) -> Self {
        let items = starts
            .into_iter()
            .map(|(start_min, staff_ids)| FreeStart {
                start_min,
                staff_ids,
            })
            .collect();
        Self { items }
    }
}

fn parse_status(text: &str) -> Result<CitaStatus, ApiError> {
    CitaStatus::parse(text).map_err(|_| {
        invalid(
            "«status» debe ser «pendiente», «confirmada», «cancelada», «completada» o \
             «no_presentado».",
        )
    })
}

pub(super) fn rfc3339(instant: OffsetDateTime) -> String {
    instant.format(&Rfc3339).unwrap_or_default()
}

/// Turns citas into the API's shape, with their staff, clients and services read in a few
/// queries.
pub(super) async fn views(
    store: &dyn Store,
    citas: Vec<Cita>,
) -> Result<Vec<AppointmentView>, StoreError> {
    Ok(cases::details(store, citas)
        .await?
        .into_iter()
        .map(AppointmentView::from)
        .collect())
}

impl From<CitaDetails> for AppointmentView {
    fn from(details: CitaDetails) -> Self {
        let CitaDetails {
            cita,
            staff_name,
            client,
            services,
            client_confirmed,
        } = details;
        Self {
            staff_name,
            client_name: client
                .as_ref()
                .map(|client| client.name.clone())
                .unwrap_or_default(),
            client_email: client.as_ref().and_then(|client| client.email.clone()),
            client_phone: client.and_then(|client| client.phone),
            services: services
                .into_iter()
                .map(|(id, name)| ServiceRef { id, name })
                .collect(),
            id: cita.id,
            staff_id: cita.staff_id,
            client_id: cita.client_id,
            date: date_text(cita.date),
            start_min: cita.start_min,
            end_min: cita.end_min,
            start_at: rfc3339(cita.start_at),
            end_at: rfc3339(cita.end_at),
            status: cita.status.as_str(),
            chat_session_id: cita.chat_session_id,
            created_at: rfc3339(cita.created_at),
            outside_hours: cita.outside_hours,
            client_confirmed,
        }
    }
}

async fn one_view(store: &dyn Store, cita: Cita) -> Result<AppointmentView, ApiError> {
    views(store, vec![cita])
        .await
        .map_err(store_failed)?
        .pop()
        .ok_or_else(|| refused_to(Audience::Staff, Refusal::NotFound))
}

/// `GET /api/appointments`: citas from `from` to `to` (both inclusive), by date and start.
#[utoipa::path(get, path = "/api/appointments", tag = "booking", params(AppointmentQuery),
    responses(
        (status = 200, description = "Everyone's citas for staff, the caller's own for a cliente", body = AppointmentList),
        (status = 400, description = "A bad date, range, status or parameter", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<AppointmentQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let user = signed_in(&caller)?;
    let params = query(params)?;
    let (from, to) = date_range(&params.from, &params.to)?;
    let status = params.status.as_deref().map(parse_status).transpose()?;
    let store = state.store.as_ref();
    let citas = cases::list(store, user, (from, to), status, params.staff_id.as_deref())
        .await
        .map_err(store_failed)?;
    let items = views(store, citas).await.map_err(store_failed)?;
    Ok(answer(StatusCode::OK, AppointmentList { items }))
}

/// `GET /api/appointments/{id}/availability` (staff, or the cita's own cliente): where the cita
/// could move on a day, as `GET /api/availability` gives times to the caller, except that the
/// cita's own time is free to it (a half-hour cita at 11:00 may move to 11:15). Its services,
/// or `serviceIds` instead.
#[utoipa::path(get, path = "/api/appointments/{id}/availability", tag = "booking",
    params(("id" = String, Path, description = "The cita's id"), MoveAvailabilityQuery),
    responses(
        (status = 200, description = "The free start times", body = AvailabilityList),
        (status = 400, description = "A bad date or parameter", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 404, description = "No such cita, or not the caller's", body = ErrorEnvelope),
        (status = 409, description = "The cita is cancelled or a no-show", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, or unknown staff member", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn move_availability(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    params: Result<Query<MoveAvailabilityQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let user = signed_in(&caller)?;
    let params = query(params)?;
    let date = parse_date(&params.date, "date")?;
    let services = params.service_ids.as_deref().map(service_id_list);
    let starts = cases::free_times_for_move(
        state.store.as_ref(),
        user,
        &id,
        (date, params.staff_id),
        services,
        state.clock.now(),
    )
    .await
    .map_err(refused_for(user))?;
    Ok(answer(StatusCode::OK, AvailabilityList::from(starts)))
}

/// `PATCH /api/appointments/{id}`: changes a cita's status, day, time, staff member or
/// services (a move keeps its id), under the same rules as booking it. Staff may make any
/// allowed change; a cliente may move or cancel her own while the minimum notice allows.
#[utoipa::path(patch, path = "/api/appointments/{id}", tag = "booking",
    request_body = AppointmentPatch,
    params(("id" = String, Path, description = "The cita's id")),
    responses(
        (status = 200, description = "The cita as changed", body = AppointmentResponse),
        (status = 400, description = "Unknown status, a bad date or time, nothing to change", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "A cliente asked for a status other than cancelled, or for the override", body = ErrorEnvelope),
        (status = 404, description = "No such cita, or not the caller's", body = ErrorEnvelope),
        (status = 409, description = "The status rules refuse the change, or the new time is taken", body = ErrorEnvelope),
        (status = 422, description = "Outside the hours, a closure, the stylist's schedule, time off or services; for a cliente, inside the minimum notice or beyond the horizon", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<AppointmentPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    let user = signed_in(&caller)?;
    let patch = body(request)?;
    let change = CitaChangeRequest {
        status: patch.status.as_deref().map(parse_status).transpose()?,
        date: patch
            .date
            .as_deref()
            .map(|date| parse_date(date, "date"))
            .transpose()?,
        start_min: patch.start_min.map(start_minute).transpose()?,
        staff_id: patch.staff_id,
        service_ids: patch.service_ids,
        outside_hours: patch.outside_hours,
    };
    let store = state.store.as_ref();
    let by = ChangedBy::Account(user);
    let written = cases::change_cita(store, &state.outbox, by, &id, change, state.clock.now())
        .await
        .map_err(refused_for(user))?;
    Ok(answer(
        StatusCode::OK,
        AppointmentResponse::of(store, written).await?,
    ))
}

/// A start minute of the day, 0–1439.
pub(super) fn start_minute(minute: i64) -> Result<DayMinute, ApiError> {
    DayMinute::try_from(minute)
        .ok()
        .filter(|start| *start < DAY_MINUTES)
        .ok_or_else(|| invalid("«startMin» debe estar entre 0 y 1439."))
}

/// Whom a cita by hand is for: a client by id (the use case checks it exists), or one
/// described by name and contact details (an existing email reuses its client, as staff
/// expect).
fn client_target(
    client_id: Option<&str>,
    client: Option<&NewClient>,
) -> Result<ClientTarget, ApiError> {
    let new = match (client_id, client) {
        // No client's id holds a NUL, which PostgreSQL could not even look for.
        (Some(id), None) if id.contains('\0') => {
            return Err(unprocessable("Ese cliente no existe."));
        }
        (Some(id), None) => return Ok(ClientTarget::Existing(id.to_owned())),
        (None, Some(new)) => new,
        _ => {
            return Err(invalid(
                "Indica un cliente: «clientId» o «client», uno de los dos.",
            ));
        }
    };
    let details = ClientDetails {
        name: client_name(&new.name, "client.name")?,
        email: client_email(new.email.as_deref())?,
        phone: client_phone(new.phone.as_deref())?,
        user_id: None,
    };
    Ok(ClientTarget::Described(details, BookedBy::Staff))
}

/// `POST /api/appointments` (staff): books a cita by hand, held to the salon's rules (staff may
/// book inside the notice and in the past, and may record an `outsideHours` override).
#[utoipa::path(post, path = "/api/appointments", tag = "booking",
    request_body = NewAppointmentRequest,
    responses(
        (status = 201, description = "Booked", body = AppointmentResponse),
        (status = 400, description = "A field is missing or malformed", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 409, description = "The staff member is already booked then", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, unknown staff member or client, outside the hours, a closure, the stylist's schedule, time off or services, or off the slot step", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<NewAppointmentRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let request = body(request)?;
    let date = parse_date(&request.date, "date")?;
    let start = start_minute(request.start_min)?;
    let status = match request.status.as_deref() {
        None => CitaStatus::Pendiente,
        Some(text) => match parse_status(text)? {
            status @ (CitaStatus::Pendiente | CitaStatus::Confirmada) => status,
            _ => {
                return Err(invalid(
                    "«status» de una cita nueva debe ser «pendiente» o «confirmada».",
                ));
            }
        },
    };
    let target = client_target(request.client_id.as_deref(), request.client.as_ref())?;
    let store = state.store.as_ref();
    let by_hand = ByHand {
        staff_id: request.staff_id,
        target,
        date,
        start_min: start,
        service_ids: request.service_ids,
        status,
        outside_hours: request.outside_hours,
    };
    let written = cases::book_by_hand(store, &state.outbox, by_hand, state.clock.now())
        .await
        .map_err(|refusal| refused_to(Audience::Staff, refusal))?;
    Ok(answer(
        StatusCode::CREATED,
        AppointmentResponse::of(store, written).await?,
    ))
}

/// `GET /api/holds` (staff): the times chat visitors hold from `from` to `to` (inclusive)
/// while they give their details, for the diary.
#[utoipa::path(get, path = "/api/holds", tag = "booking", params(HoldQuery),
    responses(
        (status = 200, description = "The live holds, by date, start and staff member", body = HoldList),
        (status = 400, description = "A bad date, range or parameter", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn holds(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<HoldQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let params = query(params)?;
    let range = date_range(&params.from, &params.to)?;
    let items = cases::held_between(state.store.as_ref(), range, state.clock.now())
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(|hold| HoldView {
            staff_id: hold.staff_id,
            date: hold.date.to_string(),
            start_min: hold.start_min,
            end_min: hold.end_min,
            expires_at: rfc3339(hold.expires_at),
            conversation_id: hold.conversation,
        })
        .collect();
    Ok(answer(StatusCode::OK, HoldList { items }))
}

/// `GET /api/availability` (anyone): the free start times of a day for some services done
/// together, each with who is free then: only stylists who do every one of them, take
/// bookings and work then (their periods within the hours, no closure, no time off). Past days
/// have none; staff see today's from now on, everyone else from now plus the minimum notice,
/// up to the horizon.
#[utoipa::path(get, path = "/api/availability", tag = "booking", params(AvailabilityQuery),
    responses(
        (status = 200, description = "The free start times", body = AvailabilityList),
        (status = 400, description = "A bad date or parameter, or no service", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, or unknown staff member", body = ErrorEnvelope)))]
pub async fn availability(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<AvailabilityQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = query(params)?;
    let date = parse_date(&params.date, "date")?;
    let request = AvailabilityRequest {
        date,
        fitting: Fitting::Services(service_id_list(&params.service_ids)),
        staff_id: params.staff_id,
        for_staff: super::is_staff(&caller),
    };
    let audience = if request.for_staff {
        Audience::Staff
    } else {
        Audience::Client
    };
    let starts = cases::availability(state.store.as_ref(), &request, state.clock.now())
        .await
        .map_err(|refusal| refused_to(audience, refusal))?;
    Ok(answer(StatusCode::OK, AvailabilityList::from(starts)))
}
