//! `POST /api/auth/signup`, `POST /api/auth/login`, `POST /api/auth/logout` and
//! `GET /api/auth/session` (REQUIREMENTS A3). Accounts are created by
//! [`crate::usecases::accounts`].

use std::net::SocketAddr;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use citabot_domain::account::{Email, Role};
use citabot_store::{NewAuthSession, User};
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::sign_in_throttle::network_of;
use super::{Caller, cleared_session_cookie, password, session_cookie, tokens};
use crate::error::{ApiError, ErrorEnvelope, too_many_attempts};
use crate::profile::Profile;
use crate::state::AppState;
use crate::usecases::accounts::{AccountInput, create_account};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignupRequest {
    email: String,
    password: String,
    first_name: String,
    last_name: String,
    #[serde(default)]
    phone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    email: String,
    password: String,
}

/// What sign-up, sign-in and `GET /api/auth/session` answer: the account (or `null`) and the
/// token to send in `X-CSRF-Token`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionResponse {
    user: Option<Profile>,
    csrf_token: Option<String>,
}

/// `POST /api/auth/signup`: creates a `cliente` account and signs it in.
#[utoipa::path(post, path = "/api/auth/signup", tag = "accounts", request_body = SignupRequest,
    responses(
        (status = 201, description = "Created and signed in; sets the session cookie", body = SessionResponse),
        (status = 400, description = "A field is missing or invalid", body = ErrorEnvelope),
        (status = 409, description = "The email already has an account", body = ErrorEnvelope),
        (status = 429, description = "Too many sign-ups from this address", body = ErrorEnvelope)))]
pub async fn signup(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<SignupRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body.map_err(bad_json)?;
    let now = state.clock.now();
    state
        .limits
        .signups_per_address
        .hit(&network_of(peer.ip()).to_string(), now)
        .await
        .map_err(too_many_attempts)?;
    let input = AccountInput {
        email: &body.email,
        password: &body.password,
        first_name: &body.first_name,
        last_name: &body.last_name,
        phone: body.phone.as_deref(),
        role: Role::Cliente,
    };
    let user = create_account(state.store.as_ref(), input, now)
        .await
        .map_err(|error| {
            error.into_api_error(ApiError::new(
                StatusCode::CONFLICT,
                "email_taken",
                "Ya existe una cuenta con este email. Inicia sesión o usa otro email.",
            ))
        })?;
    start_session(&state, &caller, user, StatusCode::CREATED).await
}

/// `POST /api/auth/login`: checks the password, replaces any previous session with a new one.
/// Unknown email and wrong password get the same answer in the same time.
#[utoipa::path(post, path = "/api/auth/login", tag = "accounts", request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in; sets a new session cookie", body = SessionResponse),
        (status = 401, description = "Wrong email or password", body = ErrorEnvelope),
        (status = 429, description = "Too many failed attempts from this address, for this account or for all", body = ErrorEnvelope)))]
pub async fn login(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<LoginRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body.map_err(bad_json)?;
    let now = state.clock.now();
    let email = Email::parse(&body.email);
    // The account as the store finds it, so that look-alike spellings of one address share
    // its throttle; a spelling that is no address matches nobody and is throttled as typed,
    // cut to an address's length so that a huge one cannot fill the throttle's memory.
    let account_key = match &email {
        Ok(email) => email.as_str().to_owned(),
        Err(_) => body
            .email
            .trim()
            .chars()
            .take(Email::MAX_LEN)
            .collect::<String>()
            .to_lowercase(),
    };
    let address = peer.ip();
    let address_key = network_of(address).to_string();
    let limits = &state.limits;
    limits
        .logins_per_address
        .check(&address_key, now)
        .await
        .map_err(too_many_attempts)?;
    limits
        .sign_in
        .check(&account_key, address, now)
        .await
        .map_err(too_many_attempts)?;

    let credentials = match email {
        Ok(email) => state
            .store
            .user_credentials(&email)
            .await
            .map_err(|error| ApiError::from_store(&error))?,
        Err(_) => None,
    };
    let stored_hash = credentials
        .as_ref()
        .map(|found| found.password_hash.clone());
    if !password::verify(body.password, stored_hash).await {
        limits.sign_in.failed(&account_key, address, now).await;
        limits
            .logins_per_address
            .hit(&address_key, now)
            .await
            .map_err(too_many_attempts)?;
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "invalid_credentials",
            "El email o la contraseña no son correctos.",
        ));
    }
    let Some(credentials) = credentials else {
        unreachable!("verify() is false without a stored hash")
    };
    limits.sign_in.succeeded(&account_key, address, now).await;
    start_session(&state, &caller, credentials.user, StatusCode::OK).await
}

/// `POST /api/auth/logout`: ends the session (idempotent) and clears the cookie.
#[utoipa::path(post, path = "/api/auth/logout", tag = "accounts",
    responses((status = 204, description = "Signed out; the cookie is cleared")))]
pub async fn logout(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    if let Caller::SignedIn { token_hash, .. } = &caller {
        end_sign_in(&state, token_hash).await?;
    }
    let cookie = cleared_session_cookie(state.settings.secure_cookies);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}

/// `GET /api/auth/session`: who is signed in, and the CSRF token for later requests.
#[utoipa::path(get, path = "/api/auth/session", tag = "accounts", responses(
    (status = 200, description = "The account and CSRF token, or nulls for a guest", body = SessionResponse)))]
pub async fn session(Extension(caller): Extension<Caller>) -> Response {
    let body = SessionResponse {
        user: caller.session().map(|session| Profile::from(&session.user)),
        csrf_token: caller.session().map(|session| session.csrf_token.clone()),
    };
    (no_store(), Json(body)).into_response()
}

/// Issues a fresh session for `user` (never reusing the caller's old id: no fixation), ends the
/// caller's previous one, and answers with the account, the CSRF token and the cookie.
/// Ends a sign-in: its session is deleted and its live channels are closed.
async fn end_sign_in(state: &AppState, token_hash: &str) -> Result<(), ApiError> {
    state
        .store
        .delete_auth_session(token_hash)
        .await
        .map_err(|error| ApiError::from_store(&error))?;
    state.channels.end_sign_in(token_hash);
    // Its channels on the other instances; the session is gone already, so a channel missed
    // here ends at its next reconnect.
    if let Err(error) = state.hub.signed_out(token_hash).await {
        tracing::warn!(%error, "cannot tell the other instances about a sign-out");
    }
    Ok(())
}

async fn start_session(
    state: &AppState,
    caller: &Caller,
    user: User,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let now = state.clock.now();
    let lifetime = Duration::days(i64::from(state.settings.session_days));
    let token = tokens::random_token();
    let csrf_token = tokens::random_token();
    state
        .store
        .create_auth_session(&NewAuthSession {
            token_hash: tokens::token_hash(&token),
            user_id: user.id.clone(),
            csrf_token: csrf_token.clone(),
            created_at: now,
            expires_at: now + lifetime,
        })
        .await
        .map_err(|error| ApiError::from_store(&error))?;
    if let Caller::SignedIn { token_hash, .. } = caller {
        end_sign_in(state, token_hash).await?;
    }
    tracing::info!(user = %user.id, role = %user.role, "signed in");
    let cookie = session_cookie(
        &token,
        lifetime.whole_seconds(),
        state.settings.secure_cookies,
    );
    let body = SessionResponse {
        user: Some(Profile::from(&user)),
        csrf_token: Some(csrf_token),
    };
    let mut response = (status, no_store(), Json(body)).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(response)
}

fn no_store() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers
}

fn bad_json(rejection: JsonRejection) -> ApiError {
    ApiError::new(
        rejection.status(),
        "invalid_body",
        format!("La petición no es válida: {}", rejection.body_text()),
    )
}
