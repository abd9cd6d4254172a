//! `GET /api/appointments`, `PATCH /api/appointments/{id}`, `POST /api/appointments` and
//! `GET /api/availability` (REQUIREMENTS D2). Staff see and manage everyone's citas; a cliente sees
//! only their own and may only cancel them, and another client's cita is "not found" to them (never
//! "forbidden", so its existence does not leak). A cita made by hand is held to the same rules
//! as the assistant's: the slot step, one opening period, and a staff member who is free, which
//! the database itself enforces.

use std::collections::HashMap;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::booking::availability::{self, Busy, SlotQuery};
use citabot_domain::booking::{
    Business, Cita, CitaStatus, Client, DAY_MINUTES, DayMinute, Service, StatusRefusal,
    format_minutes, zone,
};
use citabot_store::{Store, StoreError, User};
use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::{Date, Duration, OffsetDateTime};
use utoipa::{IntoParams, ToSchema};

use super::clients::{client_email, client_name, client_phone, date_text};
use super::{
    answer, body, business_of, conflict, date_range, invalid, not_found, parse_date, query,
    signed_in, staff, store_failed, unprocessable,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::booking::{self, BookedBy, ClientDetails, ClientTarget, NewCita};

/// The most services one cita may have.
pub const MAX_SERVICES: usize = 10;

/// The answer when a cita does not exist or is not the caller's to see.
const NO_SUCH_CITA: &str = "Esa cita no existe.";

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
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppointmentList {
    items: Vec<AppointmentView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppointmentResponse {
    item: AppointmentView,
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppointmentPatch {
    /// The new status.
    #[schema(example = "confirmada")]
    status: String,
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

/// Turns citas into the API's shape, reading their staff, clients and services in a few queries.
pub(super) async fn views(
    store: &dyn Store,
    citas: Vec<Cita>,
) -> Result<Vec<AppointmentView>, StoreError> {
    if citas.is_empty() {
        return Ok(Vec::new());
    }
    let services: HashMap<String, Service> = store
        .services()
        .await?
        .into_iter()
        .map(|service| (service.id.clone(), service))
        .collect();
    let mut staff: HashMap<String, String> = store
        .staff()
        .await?
        .into_iter()
        .map(|member| (member.user_id, member.name))
        .collect();
    // Someone taken off the staff keeps their past citas: read their names one by one (rare).
    for cita in &citas {
        if !staff.contains_key(&cita.staff_id)
            && let Some(user) = store.user(&cita.staff_id).await?
        {
            staff.insert(user.id, format!("{} {}", user.first_name, user.last_name));
        }
    }
    let mut client_ids: Vec<String> = citas.iter().map(|cita| cita.client_id.clone()).collect();
    client_ids.sort_unstable();
    client_ids.dedup();
    let clients: HashMap<String, Client> = store
        .clients_by_ids(&client_ids)
        .await?
        .into_iter()
        .map(|client| (client.id.clone(), client))
        .collect();
    Ok(citas
        .into_iter()
        .map(|cita| {
            let client = clients.get(&cita.client_id);
            AppointmentView {
                staff_name: staff.get(&cita.staff_id).cloned().unwrap_or_default(),
                client_name: client.map(|c| c.name.clone()).unwrap_or_default(),
                client_email: client.and_then(|c| c.email.clone()),
                client_phone: client.and_then(|c| c.phone.clone()),
                services: cita
                    .service_ids
                    .iter()
                    .map(|id| ServiceRef {
                        id: id.clone(),
                        name: services
                            .get(id)
                            .map(|service| service.name.clone())
                            .unwrap_or_default(),
                    })
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
            }
        })
        .collect())
}

async fn one_view(store: &dyn Store, cita: Cita) -> Result<AppointmentView, ApiError> {
    views(store, vec![cita])
        .await
        .map_err(store_failed)?
        .pop()
        .ok_or_else(|| not_found(NO_SUCH_CITA))
}

/// The client record of a cliente's account, if any.
async fn own_client_id(store: &dyn Store, user: &User) -> Result<Option<String>, ApiError> {
    Ok(store
        .client_for_user(&user.id)
        .await
        .map_err(store_failed)?
        .map(|client| client.id))
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
    let citas = if user.role.is_staff() {
        store
            .citas_between(from, to + Duration::days(1))
            .await
            .map_err(store_failed)?
    } else {
        match own_client_id(store, user).await? {
            Some(client_id) => store
                .client_citas(&client_id)
                .await
                .map_err(store_failed)?
                .into_iter()
                .filter(|cita| from <= cita.date && cita.date <= to)
                .collect(),
            None => Vec::new(),
        }
    };
    let citas = citas
        .into_iter()
        .filter(|cita| status.is_none_or(|status| cita.status == status))
        .filter(|cita| {
            params
                .staff_id
                .as_deref()
                .is_none_or(|staff_id| cita.staff_id == staff_id)
        })
        .collect();
    let items = views(store, citas).await.map_err(store_failed)?;
    Ok(answer(StatusCode::OK, AppointmentList { items }))
}

/// `PATCH /api/appointments/{id}`: changes a cita's status as the status rules allow. Staff may
/// make any allowed change (a no-show only once the start has passed); a cliente may only
/// cancel their own.
#[utoipa::path(patch, path = "/api/appointments/{id}", tag = "booking",
    request_body = AppointmentPatch,
    params(("id" = String, Path, description = "The cita's id")),
    responses(
        (status = 200, description = "The cita as changed", body = AppointmentResponse),
        (status = 400, description = "Unknown status", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "A cliente asked for something other than cancelling", body = ErrorEnvelope),
        (status = 404, description = "No such cita, or not the caller's", body = ErrorEnvelope),
        (status = 409, description = "The status rules refuse the change (a no-show before the start, say)", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<AppointmentPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    let user = signed_in(&caller)?;
    let patch = body(request)?;
    let next = parse_status(&patch.status)?;
    let store = state.store.as_ref();
    let cita = store
        .cita(&id)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_CITA))?;
    if !user.role.is_staff() {
        let own = own_client_id(store, user).await?;
        if own.as_deref() != Some(cita.client_id.as_str()) {
            return Err(not_found(NO_SUCH_CITA));
        }
        if next != CitaStatus::Cancelada {
            return Err(super::forbidden("Solo puedes cancelar tus citas."));
        }
    }
    if let Err(refusal) = cita.may_become(next, state.clock.now()) {
        return Err(conflict(match refusal {
            StatusRefusal::NotStarted => {
                "La cita aún no ha empezado: solo se puede marcar como «no presentado» \
                 cuando ha pasado su hora de inicio."
                    .to_owned()
            }
            StatusRefusal::NotAllowed => format!(
                "Una cita {} no puede pasar a {}.",
                cita.status.as_str(),
                next.as_str()
            ),
        }));
    }
    let changed = match store.change_cita_status(&id, cita.status, next).await {
        Ok(changed) => changed,
        // Undoing a no-show holds the time again, which may be booked meanwhile.
        Err(StoreError::SlotTaken) => {
            return Err(conflict(
                "Esa persona ya tiene otra cita a esa hora, así que esta no puede volver a \
                 «confirmada».",
            ));
        }
        Err(error) => return Err(store_failed(error)),
    };
    if !changed {
        return Err(conflict(
            "La cita ha cambiado mientras tanto; vuelve a cargarla.",
        ));
    }
    let cita = store
        .cita(&id)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_CITA))?;
    let item = one_view(store, cita).await?;
    Ok(answer(StatusCode::OK, AppointmentResponse { item }))
}

/// The services asked for, in order: known (422 otherwise) and active (422 otherwise), at least
/// one (400), each once, at most [`MAX_SERVICES`].
async fn chosen_services(store: &dyn Store, ids: &[String]) -> Result<Vec<Service>, ApiError> {
    if ids.is_empty() {
        return Err(invalid("Elige al menos un servicio («serviceIds»)."));
    }
    if ids.len() > MAX_SERVICES {
        return Err(invalid(format!(
            "Una cita puede tener como mucho {MAX_SERVICES} servicios."
        )));
    }
    let all = store.services().await.map_err(store_failed)?;
    let mut chosen: Vec<Service> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if chosen.iter().any(|service| service.id == id) {
            return Err(invalid(format!(
                "El servicio «{id}» está repetido en «serviceIds»."
            )));
        }
        let service = all
            .iter()
            .find(|service| service.id == id)
            .ok_or_else(|| unprocessable(format!("El servicio «{id}» no existe.")))?;
        if !service.active {
            return Err(unprocessable(format!(
                "El servicio «{}» no se ofrece ahora.",
                service.name
            )));
        }
        chosen.push(service.clone());
    }
    Ok(chosen)
}

/// The services' durations added up (they are done back to back).
fn total_duration(services: &[Service]) -> u32 {
    services
        .iter()
        .map(|service| u32::from(service.duration_min))
        .sum()
}

/// Whom a cita by hand is for: a client that exists, or one described by name and contact
/// details (an existing email reuses its client, as staff expect).
async fn client_target(
    store: &dyn Store,
    client_id: Option<&str>,
    client: Option<&NewClient>,
) -> Result<ClientTarget, ApiError> {
    let new = match (client_id, client) {
        // No client's id holds a NUL, which PostgreSQL could not even look for.
        (Some(id), None) if id.contains('\0') => {
            return Err(unprocessable("Ese cliente no existe."));
        }
        (Some(id), None) => {
            return store
                .client(id)
                .await
                .map_err(store_failed)?
                .map(|client| ClientTarget::Existing(client.id))
                .ok_or_else(|| unprocessable("Ese cliente no existe."));
        }
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

/// Checks that `[start, start + duration)` on `date` starts on the slot step and fits inside
/// one opening period, by asking the availability rules with nothing else booked.
fn check_opening(
    business: &Business,
    staff: &citabot_domain::booking::StaffMember,
    date: Date,
    start: DayMinute,
    duration: DayMinute,
) -> Result<(), ApiError> {
    if !start.is_multiple_of(business.slot_step) {
        return Err(unprocessable(format!(
            "La hora de inicio debe ir en intervalos de {} minutos.",
            business.slot_step
        )));
    }
    let members = std::slice::from_ref(staff);
    let slots = availability::free_slots(
        business,
        &SlotQuery {
            date,
            duration,
            staff: members,
            only_staff: None,
            busy: &[],
            not_before: 0,
        },
    );
    if availability::at(&slots, start).is_none() {
        return Err(unprocessable(format!(
            "A las {} de ese día no cabe una cita de {duration} minutos dentro del horario de apertura.",
            format_minutes(start)
        )));
    }
    Ok(())
}

/// `POST /api/appointments` (staff): books a cita by hand, held to the same rules as the
/// assistant's.
#[utoipa::path(post, path = "/api/appointments", tag = "booking",
    request_body = NewAppointmentRequest,
    responses(
        (status = 201, description = "Booked", body = AppointmentResponse),
        (status = 400, description = "A field is missing or malformed", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 409, description = "The staff member is already booked then", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, unknown staff member or client, outside opening hours or off the slot step", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<NewAppointmentRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let request = body(request)?;
    let date = parse_date(&request.date, "date")?;
    let start = DayMinute::try_from(request.start_min)
        .ok()
        .filter(|start| *start < DAY_MINUTES)
        .ok_or_else(|| invalid("«startMin» debe estar entre 0 y 1439."))?;
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
    if request.client_id.is_some() == request.client.is_some() {
        return Err(invalid(
            "Indica un cliente: «clientId» o «client», uno de los dos.",
        ));
    }
    let store = state.store.as_ref();
    let business = business_of(&state).await?;
    let services = chosen_services(store, &request.service_ids).await?;
    let member = store
        .staff()
        .await
        .map_err(store_failed)?
        .into_iter()
        .find(|member| member.user_id == request.staff_id)
        .ok_or_else(|| unprocessable("Ese miembro del personal no existe."))?;
    let duration = DayMinute::try_from(total_duration(&services))
        .ok()
        .filter(|duration| *duration <= DAY_MINUTES)
        .ok_or_else(|| unprocessable("Esos servicios juntos no caben en un día."))?;
    check_opening(&business, &member, date, start, duration)?;
    let target =
        client_target(store, request.client_id.as_deref(), request.client.as_ref()).await?;
    let new = NewCita {
        staff_id: member.user_id,
        date,
        start_min: start,
        end_min: start + duration,
        service_ids: services.into_iter().map(|service| service.id).collect(),
        status,
        chat_session_id: None,
    };
    let now = state.clock.now();
    let cita = match booking::book(store, &business.time_zone, new, &target, now).await {
        Ok(cita) => cita,
        Err(StoreError::SlotTaken) => {
            return Err(conflict(
                "Esa persona ya tiene una cita a esa hora. Elige otra hora u otra persona.",
            ));
        }
        Err(error) => return Err(store_failed(error)),
    };
    let item = one_view(store, cita).await?;
    Ok(answer(StatusCode::CREATED, AppointmentResponse { item }))
}

/// `GET /api/availability` (anyone): the free start times of a day for some services done
/// together, each with who is free then. Past days have none; today's start after now.
#[utoipa::path(get, path = "/api/availability", tag = "booking", params(AvailabilityQuery),
    responses(
        (status = 200, description = "The free start times", body = AvailabilityList),
        (status = 400, description = "A bad date or parameter, or no service", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, or unknown staff member", body = ErrorEnvelope)))]
pub async fn availability(
    State(state): State<AppState>,
    params: Result<Query<AvailabilityQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = query(params)?;
    let date = parse_date(&params.date, "date")?;
    let ids: Vec<String> = params
        .service_ids
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    let store = state.store.as_ref();
    let business = business_of(&state).await?;
    let services = chosen_services(store, &ids).await?;
    let staff = store.staff().await.map_err(store_failed)?;
    if let Some(only) = params.staff_id.as_deref()
        && !staff.iter().any(|member| member.user_id == only)
    {
        return Err(unprocessable("Ese miembro del personal no existe."));
    }
    let (today, minute_now) = zone::local(&business.time_zone, state.clock.now())
        .map_err(|error| ApiError::internal(&error))?;
    let duration = DayMinute::try_from(total_duration(&services)).unwrap_or(DAY_MINUTES + 1);
    if date < today || duration > DAY_MINUTES {
        return Ok(answer(
            StatusCode::OK,
            AvailabilityList { items: Vec::new() },
        ));
    }
    let citas = store
        .citas_between(date, date + Duration::days(1))
        .await
        .map_err(store_failed)?;
    let busy: Vec<Busy<'_>> = citas
        .iter()
        .filter(|cita| cita.status.holds_time())
        .map(|cita| Busy {
            staff_id: &cita.staff_id,
            start: cita.start_min,
            end: cita.end_min,
        })
        .collect();
    let slots = availability::free_slots(
        &business,
        &SlotQuery {
            date,
            duration,
            staff: &staff,
            only_staff: params.staff_id.as_deref(),
            busy: &busy,
            not_before: if date == today { minute_now } else { 0 },
        },
    );
    let mut items: Vec<FreeStart> = Vec::new();
    for slot in slots {
        match items.last_mut() {
            Some(last) if last.start_min == slot.start => last.staff_ids.push(slot.staff_id),
            _ => items.push(FreeStart {
                start_min: slot.start,
                staff_ids: vec![slot.staff_id],
            }),
        }
    }
    Ok(answer(StatusCode::OK, AvailabilityList { items }))
}
