//! `GET /api/staff` (staff), `POST /api/staff` and `PATCH /api/staff/{id}` (administradores):
//! the accounts that attend citas. New staff accounts go through the same account creation as
//! sign-up and `citabot user add` ([`crate::usecases::accounts`]); the rest is in
//! [`crate::usecases::staff`].

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::account::Role;
use citabot_store::User;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{administrador, answer, body, conflict, invalid, not_found, staff, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::accounts::{AccountInput, create_account};
use crate::usecases::staff as cases;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: Option<String>,
    /// `usuario` or `administrador` (`cliente` right after being taken off the staff).
    #[schema(example = "usuario")]
    role: &'static str,
}

impl From<User> for StaffView {
    fn from(user: User) -> Self {
        Self {
            id: user.id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            phone: user.phone,
            role: user.role.as_str(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffList {
    items: Vec<StaffView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffResponse {
    item: StaffView,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewStaffRequest {
    email: String,
    password: String,
    first_name: String,
    last_name: String,
    #[serde(default)]
    phone: Option<String>,
    /// `usuario` or `administrador`.
    role: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffPatch {
    /// `cliente` takes the account off the staff.
    role: String,
}

fn parse_role(text: &str) -> Result<Role, ApiError> {
    Role::parse(text).ok_or_else(|| {
        invalid("«role» debe ser «usuario», «administrador» o «cliente».".to_owned())
    })
}

/// `GET /api/staff` (staff): everyone who attends citas, by name.
#[utoipa::path(get, path = "/api/staff", tag = "booking", responses(
    (status = 200, description = "The staff", body = StaffList),
    (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
    (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let items = cases::list(state.store.as_ref())
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(StaffView::from)
        .collect();
    Ok(answer(StatusCode::OK, StaffList { items }))
}

/// `POST /api/staff` (administrador): creates a `usuario` or `administrador` account.
#[utoipa::path(post, path = "/api/staff", tag = "booking", request_body = NewStaffRequest,
    responses(
        (status = 201, description = "Created", body = StaffResponse),
        (status = 400, description = "A field is missing or invalid", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 409, description = "The email already has an account", body = ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<NewStaffRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let request = body(request)?;
    let role = parse_role(&request.role)?;
    if !role.is_staff() {
        return Err(invalid("«role» debe ser «usuario» o «administrador»."));
    }
    let input = AccountInput {
        email: &request.email,
        password: &request.password,
        first_name: &request.first_name,
        last_name: &request.last_name,
        phone: request.phone.as_deref(),
        role,
    };
    let user = create_account(state.store.as_ref(), input, state.clock.now())
        .await
        .map_err(|error| error.into_api_error(conflict("Ya existe una cuenta con este email.")))?;
    Ok(answer(
        StatusCode::CREATED,
        StaffResponse { item: user.into() },
    ))
}

/// `PATCH /api/staff/{id}` (administrador): changes an account's role. An administrador cannot
/// take away their own administrador role (409), so the business always keeps one.
#[utoipa::path(patch, path = "/api/staff/{id}", tag = "booking", request_body = StaffPatch,
    params(("id" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "The account with its new role", body = StaffResponse),
        (status = 400, description = "Unknown role", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such account", body = ErrorEnvelope),
        (status = 409, description = "Would remove the caller's own administrador role", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<StaffPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    let me = administrador(&caller)?;
    let patch = body(request)?;
    let role = parse_role(&patch.role)?;
    let user = cases::set_role(state.store.as_ref(), me, &id, role)
        .await
        .map_err(|refusal| match refusal {
            cases::RoleRefusal::OwnAdministrador => {
                conflict("No puedes quitarte a ti mismo el rol de administrador.")
            }
            cases::RoleRefusal::NoSuchAccount => not_found("Esa cuenta no existe."),
            cases::RoleRefusal::Store(error) => store_failed(error),
        })?;
    Ok(answer(StatusCode::OK, StaffResponse { item: user.into() }))
}
