//! `GET /api/profile` (REQUIREMENTS A4): the signed-in account, as the site and the chat read it
//! (for an API key, the account it acts as).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use citabot_store::User;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};

/// An account as the API shows it (camelCase, never the password hash).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    id: String,
    email: String,
    first_name: String,
    last_name: String,
    phone: Option<String>,
    /// `cliente`, `usuario` or `administrador`.
    #[schema(example = "cliente")]
    role: &'static str,
}

/// `GET /api/profile`'s body.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    item: Profile,
}

impl From<&User> for Profile {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.clone(),
            email: user.email.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            phone: user.phone.clone(),
            role: user.role.as_str(),
        }
    }
}

/// `{ "item": { id, email, firstName, lastName, phone, role } }`, or 401 for a guest.
#[utoipa::path(get, path = "/api/profile", tag = "accounts", responses(
    (status = 200, description = "The signed-in account", body = ProfileResponse),
    (status = 401, description = "Nobody is signed in", body = ErrorEnvelope)))]
pub async fn get(Extension(caller): Extension<Caller>) -> Result<Response, ApiError> {
    let user = caller.user().ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
            "Inicia sesión para ver tu perfil.",
        )
    })?;
    let mut response = Json(ProfileResponse {
        item: Profile::from(user),
    })
    .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
