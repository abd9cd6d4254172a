//! `GET /api/keys`, `POST /api/keys` and `DELETE /api/keys/{id}` (administradores, or an
//! administrador's API key): the API keys programs call `/api` with. A key's secret is in the
//! answer that makes it and nowhere else, ever. The rules are in [`crate::usecases::api_keys`].

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use citabot_domain::account::Role;
use citabot_domain::text::NameRefusal;
use citabot_store::ApiKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::appointments::rfc3339;
use super::{administrador, answer, body, forbidden, invalid, not_found, store_failed};
use crate::auth::Caller;
use crate::auth::api_keys::prefix;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::api_keys::{self as cases, KeyRefusal, Maker};

/// A key as lists show it: never its secret.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyView {
    /// The key's short public id.
    #[schema(example = "3f9a0c1e")]
    id: String,
    name: String,
    /// How the key begins (`cbk_<id>`), to recognise it by.
    #[schema(example = "cbk_3f9a0c1e")]
    prefix: String,
    /// `usuario` or `administrador`.
    #[schema(example = "usuario")]
    role: &'static str,
    /// The account that made it; null for a key made on the command line.
    created_by: Option<KeyMaker>,
    /// The key that made it, when a program did.
    created_by_key: Option<String>,
    /// RFC 3339.
    created_at: String,
    /// RFC 3339, kept within a minute of the last request; null while never used.
    last_used_at: Option<String>,
    /// RFC 3339; null while the key works.
    revoked_at: Option<String>,
}

/// The account that made a key.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyMaker {
    id: String,
    /// First and last name.
    name: String,
}

impl From<ApiKey> for KeyView {
    fn from(key: ApiKey) -> Self {
        Self {
            prefix: prefix(&key.id),
            id: key.id,
            name: key.name,
            role: key.role.as_str(),
            created_by: key.created_by.map(|user| KeyMaker {
                id: user.id,
                name: format!("{} {}", user.first_name, user.last_name),
            }),
            created_by_key: key.created_by_key,
            created_at: rfc3339(key.created_at),
            last_used_at: key.last_used_at.map(rfc3339),
            revoked_at: key.revoked_at.map(rfc3339),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KeyList {
    keys: Vec<KeyView>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewKeyRequest {
    /// 1 to 80 characters on one line.
    #[schema(example = "n8n: recordatorios")]
    name: String,
    /// `usuario` or `administrador`, and no stronger than the caller's own.
    #[schema(example = "usuario")]
    role: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedKeyResponse {
    /// The whole key, `cbk_<id>_<secret>`: shown this once, kept only as its hash.
    #[schema(example = "cbk_3f9a0c1e_0Zq8cZ1yB6vQ2kQ9n3oUu7Hc5wXk4aJr2sLd8eFg1hM")]
    key: String,
    api_key: KeyView,
}

/// `GET /api/keys` (administrador): every key, the newest first, revoked ones too.
#[utoipa::path(get, path = "/api/keys", tag = "keys",
    security(("session" = []), ("apiKey" = [])),
    responses(
        (status = 200, description = "The keys, without their secrets", body = KeyList),
        (status = 401, description = "Nobody is signed in, or the API key is not valid", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 429, description = "The API key made too many requests (see Retry-After)", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let keys = cases::list(state.store.as_ref())
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(KeyView::from)
        .collect();
    Ok(answer(StatusCode::OK, KeyList { keys }))
}

/// `POST /api/keys` (administrador): makes a key, acting as the caller's account, and answers
/// its secret this one time.
#[utoipa::path(post, path = "/api/keys", tag = "keys", request_body = NewKeyRequest,
    security(("session" = []), ("apiKey" = [])),
    responses(
        (status = 201, description = "Made; `key` is never shown again", body = CreatedKeyResponse),
        (status = 400, description = "A missing or invalid name or role", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in, or the API key is not valid", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador, or a role stronger than the caller's", body = ErrorEnvelope),
        (status = 429, description = "The API key made too many requests (see Retry-After)", body = ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<NewKeyRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let me = administrador(&caller)?;
    let request = body(request)?;
    let role = Role::parse(&request.role)
        .filter(|role| role.is_staff())
        .ok_or_else(|| invalid("«role» debe ser «usuario» o «administrador»."))?;
    let maker = Maker {
        role: me.role,
        account: caller.account_id(),
        via_key: caller.api_key_id(),
    };
    let created = cases::create(
        state.store.as_ref(),
        maker,
        &request.name,
        role,
        state.clock.now(),
    )
    .await
    .map_err(refused)?;
    tracing::info!(
        api_key = %created.key.id,
        role = %created.key.role,
        made_by = caller.account_id().unwrap_or("-"),
        made_with_key = caller.api_key_id().unwrap_or("-"),
        "made an API key"
    );
    Ok(answer(
        StatusCode::CREATED,
        CreatedKeyResponse {
            key: created.text,
            api_key: created.key.into(),
        },
    ))
}

/// `DELETE /api/keys/{id}` (administrador): the key stops working at once. Revoking a revoked
/// key is 204 as well (it stays revoked since the first time).
#[utoipa::path(delete, path = "/api/keys/{id}", tag = "keys",
    params(("id" = String, Path, description = "The key's short id")),
    security(("session" = []), ("apiKey" = [])),
    responses(
        (status = 204, description = "Revoked"),
        (status = 401, description = "Nobody is signed in, or the API key is not valid", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such key", body = ErrorEnvelope),
        (status = 429, description = "The API key made too many requests (see Retry-After)", body = ErrorEnvelope)))]
pub async fn revoke(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    if !cases::revoke(state.store.as_ref(), &id, state.clock.now())
        .await
        .map_err(store_failed)?
    {
        return Err(not_found("Esa clave de API no existe."));
    }
    tracing::info!(
        api_key = %id,
        revoked_by = caller.account_id().unwrap_or("-"),
        revoked_with_key = caller.api_key_id().unwrap_or("-"),
        "revoked an API key"
    );
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// A key not made, as the API says it.
fn refused(refusal: KeyRefusal) -> ApiError {
    match refusal {
        KeyRefusal::Name(why) => invalid(match why {
            NameRefusal::Missing => "Falta «name».".to_owned(),
            NameRefusal::TooLong { max } => {
                format!("«name» puede tener como mucho {max} caracteres.")
            }
            NameRefusal::HiddenCharacters => "«name» debe ser una sola línea sin caracteres \
                                              invisibles o de control."
                .to_owned(),
            NameRefusal::StacksMarks { max } => format!(
                "«name» apila demasiadas tildes o marcas sobre una misma letra (como mucho {max})."
            ),
        }),
        KeyRefusal::NotStaff => invalid("«role» debe ser «usuario» o «administrador»."),
        KeyRefusal::Stronger => {
            forbidden("No puedes crear una clave con más permisos que los tuyos.")
        }
        KeyRefusal::Store(error) => store_failed(error),
    }
}
