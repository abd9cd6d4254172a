//! Accounts and browser sessions (REQUIREMENTS A3): who is calling, sign-up, sign-in, sign-out, and
//! the CSRF defence on every state-changing request.
//!
//! A signed-in browser holds one HttpOnly cookie with a random 256-bit token; the store keeps
//! only the token's SHA-256. Each session also has a CSRF token, which the page sends back in
//! `X-CSRF-Token` on every state-changing request (see [`csrf`]).

pub mod capability;
pub mod csrf;
pub mod handlers;
pub mod limits;
pub mod password;
pub mod rate_limit;
pub mod sign_in_throttle;
pub mod tokens;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use citabot_store::AuthSession;

use crate::state::AppState;

/// Who is making a request, resolved once per request from the session cookie.
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
}

impl Caller {
    pub fn session(&self) -> Option<&AuthSession> {
        match self {
            Self::Guest => None,
            Self::SignedIn { session, .. } => Some(session.as_ref()),
        }
    }

    /// The signed-in account with the hash of its sign-in's token (what a capability is bound
    /// to, so that it ends at sign-out).
    pub fn signed_in(&self) -> Option<(&citabot_store::User, &str)> {
        match self {
            Self::Guest => None,
            Self::SignedIn {
                session,
                token_hash,
            } => Some((&session.user, token_hash.as_str())),
        }
    }
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

/// Middleware: resolves the [`Caller`] from the session cookie and puts it in the request's
/// extensions. An unknown or expired token is a guest (and never adopted: ids are only issued
/// by sign-in).
pub async fn resolve_caller(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let token = cookie_value(
        request.headers(),
        session_cookie_name(state.settings.secure_cookies),
    );
    let caller = match token {
        Some(token) if !token.is_empty() => {
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
        _ => Caller::Guest,
    };
    request.extensions_mut().insert(caller);
    next.run(request).await
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
