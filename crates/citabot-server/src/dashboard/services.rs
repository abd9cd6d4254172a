//! `GET /api/services` (public), `POST /api/services` and `PATCH /api/services/{id}`
//! (administradores). Services are never deleted, since citas refer to them: `active: false`
//! hides one from guests, clientes and the assistant. The work is in
//! [`crate::usecases::services`].

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::booking::{DayMinute, Service, check_duration};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    administrador, answer, body, checked_text, invalid, is_staff, limited_text, not_found,
    store_failed,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::services as cases;

/// Longest service name, in characters.
pub const NAME_MAX_CHARS: usize = 80;
/// Longest description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 500;
/// Highest price: 100 000,00 € (a typo guard, well inside the columns' range).
pub const PRICE_MAX_CENTS: i64 = 10_000_000;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceView {
    id: String,
    name: String,
    description: String,
    duration_min: DayMinute,
    /// In euro cents.
    price_cents: u32,
    active: bool,
}

impl From<Service> for ServiceView {
    fn from(service: Service) -> Self {
        Self {
            id: service.id,
            name: service.name,
            description: service.description,
            duration_min: service.duration_min,
            price_cents: service.price_cents,
            active: service.active,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceList {
    items: Vec<ServiceView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceResponse {
    item: ServiceView,
}

/// A new service. Numbers arrive wide so that out-of-range values get a sentence, not a parse
/// error.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewServiceRequest {
    name: String,
    description: String,
    /// 5 to 480.
    duration_min: i64,
    /// 0 or more, in euro cents.
    price_cents: i64,
    /// `true` when left out.
    #[serde(default)]
    active: Option<bool>,
}

/// Any of a service's fields; those left out stay as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServicePatch {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    duration_min: Option<i64>,
    #[serde(default)]
    price_cents: Option<i64>,
    #[serde(default)]
    active: Option<bool>,
}

fn checked_name(name: &str) -> Result<String, ApiError> {
    checked_text(name, "name", NAME_MAX_CHARS)
}

fn checked_description(description: &str) -> Result<String, ApiError> {
    limited_text(description, "description", DESCRIPTION_MAX_CHARS)
}

fn checked_duration(minutes: i64) -> Result<DayMinute, ApiError> {
    DayMinute::try_from(minutes)
        .ok()
        .filter(|minutes| check_duration(*minutes).is_ok())
        .ok_or_else(|| invalid("«durationMin» debe estar entre 5 y 480 minutos."))
}

fn checked_price(cents: i64) -> Result<u32, ApiError> {
    if cents < 0 {
        return Err(invalid("«priceCents» no puede ser negativo."));
    }
    if cents > PRICE_MAX_CENTS {
        return Err(invalid(
            "«priceCents» puede ser como mucho 10000000 (100.000,00 €).",
        ));
    }
    u32::try_from(cents).map_err(|_| invalid("«priceCents» no es válido."))
}

/// `GET /api/services`: active services for guests and clientes, every service for staff, in
/// menu order.
#[utoipa::path(get, path = "/api/services", tag = "booking", responses(
    (status = 200, description = "The services", body = ServiceList)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    let reader = if is_staff(&caller) {
        cases::Reader::Staff
    } else {
        cases::Reader::Public
    };
    let items = cases::list(state.store.as_ref(), reader)
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(ServiceView::from)
        .collect();
    Ok(answer(StatusCode::OK, ServiceList { items }))
}

/// `POST /api/services` (administrador): adds a service.
#[utoipa::path(post, path = "/api/services", tag = "booking", request_body = NewServiceRequest,
    responses(
        (status = 201, description = "Created", body = ServiceResponse),
        (status = 400, description = "A field is missing or out of range", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<NewServiceRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let request = body(request)?;
    let new = cases::NewService {
        name: checked_name(&request.name)?,
        description: checked_description(&request.description)?,
        duration_min: checked_duration(request.duration_min)?,
        price_cents: checked_price(request.price_cents)?,
        active: request.active.unwrap_or(true),
    };
    let service = cases::create(state.store.as_ref(), new)
        .await
        .map_err(store_failed)?;
    Ok(answer(
        StatusCode::CREATED,
        ServiceResponse {
            item: service.into(),
        },
    ))
}

/// `PATCH /api/services/{id}` (administrador): changes any of a service's fields.
#[utoipa::path(patch, path = "/api/services/{id}", tag = "booking", request_body = ServicePatch,
    params(("id" = String, Path, description = "The service's id")),
    responses(
        (status = 200, description = "The service as changed", body = ServiceResponse),
        (status = 400, description = "A field is out of range, or nothing to change", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such service", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<ServicePatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let patch = body(request)?;
    if patch.name.is_none()
        && patch.description.is_none()
        && patch.duration_min.is_none()
        && patch.price_cents.is_none()
        && patch.active.is_none()
    {
        return Err(invalid(
            "Indica algún campo que cambiar: name, description, durationMin, priceCents o active.",
        ));
    }
    let change = cases::ServiceChange {
        name: patch.name.as_deref().map(checked_name).transpose()?,
        description: patch
            .description
            .as_deref()
            .map(checked_description)
            .transpose()?,
        duration_min: patch.duration_min.map(checked_duration).transpose()?,
        price_cents: patch.price_cents.map(checked_price).transpose()?,
        active: patch.active,
    };
    let service = cases::update(state.store.as_ref(), &id, change)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found("Ese servicio no existe."))?;
    Ok(answer(
        StatusCode::OK,
        ServiceResponse {
            item: service.into(),
        },
    ))
}
