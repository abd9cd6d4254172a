//! Accounts and browser sessions (REQUIREMENTS A3): who is calling, sign-up, sign-in, sign-out, and
//! the CSRF defence on every state-changing request.
//!
//! A signed-in browser holds one HttpOnly cookie with a random 256-bit token; the store keeps
//! only the token's SHA-256. Each session also has a CSRF token, which the page sends back in
//! `X-CSRF-Token` on every state-changing request (see [`csrf`]). A program sends an API key
//! instead (`Authorization: Bearer cbk_…`, [`api_keys`]): no cookie rides along, so no CSRF token
//! is asked of it.

pub mod api_keys;
pub mod capability;
pub mod csrf;
pub mod handlers;
pub mod limits;
pub mod password;
pub mod rate_limit;
pub mod sign_in_throttle;
pub mod tokens;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use citabot_store::{AuthSession, User};

use crate::error::ApiError;
use crate::state::AppState;
use crate::usecases::api_keys::{self as keys, ActingKey, KeyCheckFailed, KeyUnusable};

/// Who is making a request, resolved once per request from its bearer token or, without one,
/// its session cookie.
#[derive(Debug, Clone)]
pub enum Caller {
    /// No (valid) session cookie.
    Guest,
    /// A live session.
    SignedIn {
        session: Box<AuthSession>,
        /// The hash of the cookie's token: the session's key in the store.
        token_hash: String,
    },
    /// A program with a valid API key, acting as the key's maker with the key's role.
    Key(Box<ActingKey>),
}

impl Caller {
    /// The browser session, when there is one (a key is none).
    pub fn session(&self) -> Option<&AuthSession> {
        match self {
            Self::SignedIn { session, .. } => Some(session.as_ref()),
            Self::Guest | Self::Key(_) => None,
        }
    }

    /// The signed-in account with the hash of its sign-in's token (what a capability is bound
    /// to, so that it ends at sign-out).
    pub fn signed_in(&self) -> Option<(&citabot_store::User, &str)> {
        match self {
            Self::Guest | Self::Key(_) => None,
            Self::SignedIn {
                session,
                token_hash,
            } => Some((&session.user, token_hash.as_str())),
        }
    }

    /// Who the request acts as: the signed-in account, or the one an API key acts as.
    pub fn user(&self) -> Option<&User> {
        match self {
            Self::Guest => None,
            Self::SignedIn { session, .. } => Some(&session.user),
            Self::Key(key) => Some(&key.user),
        }
    }

    /// The account behind the request, to be recorded as who did something; `None` for a guest
    /// and for a key made on the command line, which has no account.
    pub fn account_id(&self) -> Option<&str> {
        match self {
            Self::Guest => None,
            Self::SignedIn { session, .. } => Some(&session.user.id),
            Self::Key(key) => key.account_id(),
        }
    }

    /// The short id of the API key the request came with.
    pub fn api_key_id(&self) -> Option<&str> {
        match self {
            Self::Key(key) => Some(&key.id),
            Self::Guest | Self::SignedIn { .. } => None,
        }
    }
}

/// What an `Authorization: Bearer` header carries. Each kind of token the server takes is a
/// variant, answered by its own arm in [`resolve_caller`]; a new kind (a visitor's capability,
/// say) is a new variant told apart in [`bearer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bearer<'a> {
    /// An API key (`cbk_…`), whole, not yet checked.
    Key(&'a str),
    /// Any other token: on /mcp and /api/tools, a visitor's capability; refused elsewhere.
    Other(&'a str),
}

/// An `Authorization: Bearer` header that cannot be read: no token, not text, or two of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalformedBearer;

/// The request's bearer token: `Ok(None)` without one. Other schemes are left alone (a proxy in
/// front may use Basic for itself); the scheme's name is case-insensitive (RFC 9110).
pub fn bearer(headers: &HeaderMap) -> Result<Option<Bearer<'_>>, MalformedBearer> {
    let mut found = None;
    for value in headers.get_all(header::AUTHORIZATION) {
        let bytes = value.as_bytes();
        let (scheme, token) = match bytes.iter().position(|&b| b == b' ') {
            Some(space) => (&bytes[..space], &bytes[space + 1..]),
            None => (bytes, &[][..]),
        };
        if !scheme.eq_ignore_ascii_case(b"bearer") {
            continue;
        }
        let token = std::str::from_utf8(token)
            .ok()
            .map(str::trim)
            .filter(|token| !token.is_empty() && !token.contains(' '))
            .ok_or(MalformedBearer)?;
        if found.replace(token).is_some() {
            return Err(MalformedBearer);
        }
    }
    Ok(found.map(|token| {
        if token.starts_with(api_keys::KEY_PREFIX) {
            Bearer::Key(token)
        } else {
            Bearer::Other(token)
        }
    }))
}

/// The cookie's name: with `Secure`, the `__Host-` prefix also pins it to this host and path.
pub fn session_cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-citabot_session"
    } else {
        "citabot_session"
    }
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find_map(|(key, value)| (key == name).then_some(value))
}

/// `Set-Cookie` for a new session token, valid for `max_age_secs`.
pub fn session_cookie(token: &str, max_age_secs: i64, secure: bool) -> HeaderValue {
    let name = session_cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    let cookie =
        format!("{name}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}");
    HeaderValue::from_str(&cookie).expect("tokens are base64url")
}

/// `Set-Cookie` that removes the session cookie.
pub fn cleared_session_cookie(secure: bool) -> HeaderValue {
    session_cookie("", 0, secure)
}

/// Middleware: resolves the [`Caller`] and puts it in the request's extensions. A request with
/// a bearer token is its token's and nothing else: a token that is malformed, unknown, revoked
/// or of a kind not taken is answered 401, never served as a guest. Without one, the session
/// cookie says who it is; an unknown or expired cookie is a guest (and never adopted: ids are
/// only issued by sign-in). Every write made with an API key is logged with the key's id.
pub async fn resolve_caller(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let caller = match bearer(request.headers()) {
        Ok(None) => session_caller(&state, request.headers()).await,
        Ok(Some(Bearer::Key(text))) => match key_caller(&state, text).await {
            Ok(caller) => caller,
            Err(refusal) => return refusal,
        },
        Ok(Some(Bearer::Other(_))) => {
            // A visitor's capability acts only through the tools (/mcp, /api/tools/…).
            return unauthenticated(
                "Aquí solo vale una clave de API (cbk_…); el token de una conversación sirve en \
                 /mcp y en /api/tools/….",
            );
        }
        Err(MalformedBearer) => {
            return unauthenticated(
                "La cabecera Authorization no es válida: envía «Bearer » seguido de la clave de \
                 API completa (cbk_…).",
            );
        }
    };
    let key_write = match &caller {
        Caller::Key(key) if !is_read(request.method()) => Some(KeyWrite::of(&key.id, &request)),
        _ => None,
    };
    request.extensions_mut().insert(caller);
    let response = next.run(request).await;
    if let Some(write) = key_write {
        write.log(response.status());
    }
    response
}

/// GET, HEAD and OPTIONS change nothing.
fn is_read(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The session cookie's caller.
async fn session_caller(state: &AppState, headers: &HeaderMap) -> Caller {
    let token = cookie_value(headers, session_cookie_name(state.settings.secure_cookies));
    let Some(token) = token.filter(|token| !token.is_empty()) else {
        return Caller::Guest;
    };
    let token_hash = tokens::token_hash(token);
    match state
        .store
        .auth_session(&token_hash, state.clock.now())
        .await
    {
        Ok(Some(session)) => Caller::SignedIn {
            session: Box::new(session),
            token_hash,
        },
        Ok(None) => Caller::Guest,
        Err(error) => {
            // Serving the request as a guest is safe: it can only see less.
            tracing::error!(error = %error, "cannot read the session; treating the caller as a guest");
            Caller::Guest
        }
    }
}

/// The caller of API key `text`, within the key's rate limit; or the answer refusing it.
pub async fn key_caller(state: &AppState, text: &str) -> Result<Caller, Response> {
    let now = state.clock.now();
    let key = keys::authenticate(state.store.as_ref(), text, now)
        .await
        .map_err(|failed| match failed {
            KeyCheckFailed::Unusable(why) => {
                // The id is public (lists show it); the rest of the key is never logged.
                let id = api_keys::id_of(text).unwrap_or("-");
                tracing::info!(api_key = id, reason = ?why, "refused an API key");
                unauthenticated(key_refusal(why))
            }
            // Never a guest instead: the caller meant to be someone.
            KeyCheckFailed::Store(error) => ApiError::from_store(&error).into_response(),
        })?;
    // Counted only once the key is checked, so nobody who merely knows a key's public id can
    // spend its allowance.
    if let Err(retry) = state.limits.api_key_requests.hit(&key.id, now).await {
        tracing::info!(api_key = %key.id, "an API key is over its rate limit");
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            format!(
                "Esta clave de API ha hecho demasiadas peticiones. Vuelve a intentarlo dentro \
                 de {} s.",
                retry.0
            ),
        )
        .with_retry_after(retry.0)
        .into_response());
    }
    Ok(Caller::Key(Box::new(key)))
}

fn key_refusal(why: KeyUnusable) -> &'static str {
    match why {
        KeyUnusable::Malformed => {
            "Esa clave de API no tiene la forma de una: cbk_, su identificador, _ y el secreto."
        }
        KeyUnusable::Unknown => "La clave de API no es válida.",
        KeyUnusable::Revoked => "Esta clave de API ha sido revocada.",
        KeyUnusable::MakerNotStaff => {
            "La cuenta que creó esta clave de API ya no es del personal del negocio."
        }
    }
}

/// 401 in the API's error shape, with the challenge RFC 6750 asks of a refused bearer token.
/// 401 in the API's error shape, with `WWW-Authenticate: Bearer`.
pub fn unauthenticated(message: &str) -> Response {
    let mut response =
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthenticated", message).into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer error=\"invalid_token\""),
    );
    response
}

/// A write made with an API key, logged once it is answered: the audit trail of what programs
/// changed.
struct KeyWrite {
    key: String,
    method: Method,
    route: String,
    /// The path, with its ids; left out when a path segment is itself a secret (a manage link's
    /// token), which has no place in a log.
    path: Option<String>,
}

impl KeyWrite {
    fn of(key: &str, request: &Request) -> Self {
        let route = request
            .extensions()
            .get::<MatchedPath>()
            .map_or("fallback", MatchedPath::as_str)
            .to_owned();
        let path = (!route.contains("{token}")).then(|| request.uri().path().to_owned());
        Self {
            key: key.to_owned(),
            method: request.method().clone(),
            route,
            path,
        }
    }

    fn log(self, status: StatusCode) {
        tracing::info!(
            api_key = %self.key,
            method = %self.method,
            route = %self.route,
            path = self.path.as_deref().unwrap_or("-"),
            status = status.as_u16(),
            "a write made with an API key"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("theme=dark; citabot_session=abc"),
        );
        headers.append(header::COOKIE, HeaderValue::from_static("other=1"));
        assert_eq!(cookie_value(&headers, "citabot_session"), Some("abc"));
        assert_eq!(cookie_value(&headers, "other"), Some("1"));
        assert_eq!(cookie_value(&headers, "citabot"), None);
    }

    fn with_authorization(values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::AUTHORIZATION, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn bearer_tokens_are_told_apart_by_kind() {
        assert_eq!(bearer(&HeaderMap::new()), Ok(None));
        assert_eq!(
            bearer(&with_authorization(&["Basic YWxhZGRpbjpvcGVuc2VzYW1l"])),
            Ok(None),
            "another scheme is a proxy's, not ours"
        );
        assert_eq!(
            bearer(&with_authorization(&["Bearer cbk_0123abcd_secret"])),
            Ok(Some(Bearer::Key("cbk_0123abcd_secret")))
        );
        assert_eq!(
            bearer(&with_authorization(&["bearer  cbk_x "])),
            Ok(Some(Bearer::Key("cbk_x"))),
            "the scheme in any case, spaces around the token"
        );
        assert_eq!(
            bearer(&with_authorization(&["Bearer vis_abc"])),
            Ok(Some(Bearer::Other("vis_abc")))
        );
    }

    #[test]
    fn unreadable_bearer_headers_are_malformed() {
        for values in [
            &["Bearer"][..],
            &["Bearer "],
            &["Bearer a b"],
            &["Bearer cbk_a", "Bearer cbk_b"],
        ] {
            assert_eq!(
                bearer(&with_authorization(values)),
                Err(MalformedBearer),
                "{values:?}"
            );
        }
        let mut headers = HeaderMap::new();
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_bytes(b"Bearer cbk_\xff").expect("opaque bytes"),
        );
        assert_eq!(bearer(&headers), Err(MalformedBearer));
    }

    #[test]
    fn session_cookies_have_the_safe_attributes() {
        assert_eq!(
            session_cookie("tok", 60, false),
            "citabot_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=60"
        );
        assert_eq!(
            session_cookie("tok", 60, true),
            "__Host-citabot_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure"
        );
        assert_eq!(
            cleared_session_cookie(false),
            "citabot_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
        );
    }
}
