//! `/api/manage/{token}` (issue 13): the manage link's API, for whoever holds a cita's link,
//! without signing in (the token is the credential). Every answer, refusals included, is
//! `no-store` and sends no referrer; requests are counted per address. A forged, expired or
//! unknown token is 404 with one sentence; a cancelled cita still reads, its actions are 409.
//! The work is in [`crate::usecases::manage`]; these handlers translate HTTP.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use citabot_domain::booking::DayMinute;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::appointments::{AvailabilityList, refused_to, start_minute};
use super::client_fields::date_text;
use super::{answer, body, not_found, parse_date, query};
use crate::auth::sign_in_throttle::network_of;
use crate::cita_refusals::Audience;
use crate::error::too_many_attempts;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::citas::Refusal;
use crate::usecases::manage::{self as cases, ManagedCita, MoveTo};

/// The answer to a forged, expired or unknown token (404): one sentence for all, so a link
/// tells nothing about other citas.
const INVALID_LINK: &str = "Este enlace no es válido o ha caducado.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedService {
    id: String,
    name: String,
    duration_min: DayMinute,
    price_cents: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SalonContactView {
    name: String,
    phone: String,
    /// Street, postal code and city in one line.
    address: String,
}

/// A cita as its manage link shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedView {
    id: String,
    /// The local date, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    start_min: DayMinute,
    end_min: DayMinute,
    /// `pendiente`, `confirmada`, `cancelada`, `completada` or `no_presentado`.
    status: &'static str,
    services: Vec<ManagedService>,
    staff_id: String,
    staff_name: String,
    client_name: String,
    /// The client said from this link that they will come.
    client_confirmed: bool,
    /// Pending or confirmed, and still outside the minimum notice.
    can_change: bool,
    can_cancel: bool,
    business: SalonContactView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ManagedResponse {
    item: ManagedView,
}

/// Where to move the cita.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ManagePatch {
    /// The new local date, `YYYY-MM-DD`.
    date: String,
    /// The new start, in minutes after local midnight, on the slot step.
    start_min: i64,
    /// Another stylist who does every service of the cita; the cita's own when left out.
    #[serde(default)]
    staff_id: Option<String>,
}

impl From<ManagedCita> for ManagedView {
    fn from(managed: ManagedCita) -> Self {
        let ManagedCita {
            details,
            services,
            can_change,
            can_cancel,
            salon,
        } = managed;
        let cita = details.cita;
        Self {
            id: cita.id,
            date: date_text(cita.date),
            start_min: cita.start_min,
            end_min: cita.end_min,
            status: cita.status.as_str(),
            services: services
                .into_iter()
                .map(|service| ManagedService {
                    id: service.id,
                    name: service.name,
                    duration_min: service.duration_min,
                    price_cents: service.price_cents,
                })
                .collect(),
            staff_id: cita.staff_id,
            staff_name: details.staff_name,
            client_name: details.client.map(|client| client.name).unwrap_or_default(),
            client_confirmed: details.client_confirmed,
            can_change,
            can_cancel,
            business: SalonContactView {
                name: salon.name,
                phone: salon.phone,
                address: salon.address,
            },
        }
    }
}

/// Answers the cita `work` gives (or its refusal) as [`private`] does.
async fn managed(
    state: &AppState,
    peer: SocketAddr,
    work: impl Future<Output = Result<ManagedCita, ApiError>>,
) -> Response {
    let work = async {
        Ok(ManagedResponse {
            item: work.await?.into(),
        })
    };
    private(state, peer, StatusCode::OK, work).await
}

/// Counts the request against its address, runs `work` and answers what it gives with
/// `status`, or the refusal; either way neither kept by a cache nor leaking the link as a
/// referrer. A signed link's API (the manage link's, the review link's) answers through here.
pub(super) async fn private<T: Serialize>(
    state: &AppState,
    peer: SocketAddr,
    status: StatusCode,
    work: impl Future<Output = Result<T, ApiError>>,
) -> Response {
    let limited = state
        .limits
        .manage_links_per_address
        .hit(&network_of(peer.ip()).to_string(), state.clock.now())
        .await
        .map_err(too_many_attempts);
    let mut response = match limited {
        Err(error) => error.into_response(),
        Ok(()) => match work.await {
            Ok(body) => answer(status, body),
            Err(error) => error.into_response(),
        },
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// A refusal of the manage link: an unreadable token or a cita gone is [`INVALID_LINK`].
fn link_refused(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::NotFound => not_found(INVALID_LINK),
        other => refused_to(Audience::Client, other),
    }
}

/// `GET /api/manage/{token}`: the cita the link names. Changes nothing.
#[utoipa::path(get, path = "/api/manage/{token}", tag = "booking",
    params(("token" = String, Path, description = "The manage link's token")),
    responses(
        (status = 200, description = "The cita, with what the link still allows", body = ManagedResponse),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        cases::read(state.store.as_ref(), &state.outbox, &token, now)
            .await
            .map_err(link_refused)
    };
    managed(&state, peer, work).await
}

/// The day to look at, and the stylist.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ManageAvailabilityQuery {
    /// The day, `YYYY-MM-DD`.
    date: String,
    /// Only this stylist (the cita's own, or another who does all its services); anyone who
    /// does them when left out.
    #[serde(default)]
    staff_id: Option<String>,
}

/// `GET /api/manage/{token}/availability`: the free start times the cita may move to on a
/// day, as `GET /api/availability` gives them to a client for the cita's services, except that
/// the cita's own time is free to it (so the times just before and after it are offered).
/// Changes nothing.
#[utoipa::path(get, path = "/api/manage/{token}/availability", tag = "booking",
    params(("token" = String, Path, description = "The manage link's token"), ManageAvailabilityQuery),
    responses(
        (status = 200, description = "The free start times", body = AvailabilityList),
        (status = 400, description = "A bad date or parameter", body = ErrorEnvelope),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "The cita is cancelled", body = ErrorEnvelope),
        (status = 422, description = "Unknown stylist", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn availability(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
    params: Result<Query<ManageAvailabilityQuery>, QueryRejection>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        let params = query(params)?;
        let date = parse_date(&params.date, "date")?;
        let starts = cases::free_times(
            state.store.as_ref(),
            &state.outbox,
            &token,
            date,
            params.staff_id,
            now,
        )
        .await
        .map_err(link_refused)?;
        Ok(AvailabilityList::from(starts))
    };
    private(&state, peer, StatusCode::OK, work).await
}

/// `POST /api/manage/{token}/cancel`: cancels the cita, as its client may (outside the
/// minimum notice); its client is written to.
#[utoipa::path(post, path = "/api/manage/{token}/cancel", tag = "booking",
    params(("token" = String, Path, description = "The manage link's token")),
    responses(
        (status = 200, description = "The cita, cancelled", body = ManagedResponse),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "Already cancelled, or its status does not allow it", body = ErrorEnvelope),
        (status = 422, description = "Inside the minimum notice", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn cancel(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        cases::cancel(state.store.as_ref(), &state.outbox, &token, now)
            .await
            .map_err(link_refused)
    };
    managed(&state, peer, work).await
}

/// `POST /api/manage/{token}/attend`: "Sí, voy", the cita marked as confirmed by its
/// client (shown in the diary; not the salon's `confirmada`).
#[utoipa::path(post, path = "/api/manage/{token}/attend", tag = "booking",
    params(("token" = String, Path, description = "The manage link's token")),
    responses(
        (status = 200, description = "The cita, marked", body = ManagedResponse),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "Cancelled, over, or no longer pending or confirmed", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn attend(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        cases::attend(state.store.as_ref(), &state.outbox, &token, now)
            .await
            .map_err(link_refused)
    };
    managed(&state, peer, work).await
}

/// `PATCH /api/manage/{token}`: moves the cita to another day and time (and stylist, when
/// given), under the rules of a client moving her own; its client is written to.
#[utoipa::path(patch, path = "/api/manage/{token}", tag = "booking",
    request_body = ManagePatch,
    params(("token" = String, Path, description = "The manage link's token")),
    responses(
        (status = 200, description = "The cita, moved", body = ManagedResponse),
        (status = 400, description = "A bad date, time or body", body = ErrorEnvelope),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "Cancelled, or the new time is taken", body = ErrorEnvelope),
        (status = 422, description = "Outside the hours, the stylist's schedule or services, inside the minimum notice or beyond the horizon", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn reschedule(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
    request: Result<Json<ManagePatch>, JsonRejection>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        let patch = body(request)?;
        let to = MoveTo {
            date: parse_date(&patch.date, "date")?,
            start_min: start_minute(patch.start_min)?,
            staff_id: patch.staff_id,
        };
        cases::reschedule(state.store.as_ref(), &state.outbox, &token, to, now)
            .await
            .map_err(link_refused)
    };
    managed(&state, peer, work).await
}
