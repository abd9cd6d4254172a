//! The CSRF defence (REQUIREMENTS H1), applied to every state-changing request under `/api/`:
//!
//! 1. A browser's `Origin` (or, without it, `Referer`) must be this server's own origin or one of
//!    `allowed_origins`; `Origin: null` never is. `Sec-Fetch-Site: cross-site` is refused unless
//!    the origin is allowed.
//! 2. A signed-in caller must also send the session's token in `X-CSRF-Token`.
//!
//! A guest request has no ambient credentials to abuse, so rule 1 is enough for it; it also
//! stops login CSRF, because a page on another site cannot send our origin. Nor has a request
//! with an API key: its `Authorization` header is written by the program that holds the key, and
//! no browser adds it on its own, so it needs no token either (a cookie sent beside it is not
//! read: the key decides who is calling). JSON routes refuse
//! other content types (axum's `Json`: 415), which forces a CORS preflight cross-origin.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::{Caller, tokens};
use crate::config::Settings;
use crate::error::ApiError;
use crate::language::{Lang, Sentence};
use crate::state::AppState;
use crate::visitor_error::VisitorError;

pub const CSRF_HEADER: &str = "x-csrf-token";

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    ForeignOrigin,
    MissingToken,
}

impl Refusal {
    pub fn sentence(self) -> Sentence {
        match self {
            Self::ForeignOrigin => Sentence::new(
                "Esta petición viene de una página que no puede hacerla.",
                "This request comes from a page that is not allowed to make it.",
            ),
            Self::MissingToken => Sentence::new(
                "Falta el código de seguridad (X-CSRF-Token) o no es el correcto: recarga la página y vuelve a intentarlo.",
                "The security token (X-CSRF-Token) is missing or wrong: reload the page and try again.",
            ),
        }
    }
}

/// The pages that may change things: our own (the same host, over the scheme the site is served
/// with: `https` once `secure_cookies` says it is behind HTTPS, else `http`) and the configured
/// `allowed_origins`.
#[derive(Debug, Clone, Copy)]
pub struct Origins<'a> {
    pub own_scheme: &'static str,
    pub allowed: &'a [String],
}

impl<'a> Origins<'a> {
    pub fn from_settings(settings: &'a Settings) -> Self {
        Self {
            own_scheme: if settings.secure_cookies {
                "https"
            } else {
                "http"
            },
            allowed: &settings.allowed_origins,
        }
    }
}

/// Middleware: refuses state-changing requests that fail the rules above. Runs after
/// [`resolve_caller`](super::resolve_caller).
pub async fn protect(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let method = request.method();
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(request).await;
    }
    let caller = request
        .extensions()
        .get::<Caller>()
        .cloned()
        .unwrap_or(Caller::Guest);
    let origins = Origins::from_settings(&state.settings);
    if let Err(refusal) = check(request.headers(), &caller, origins) {
        tracing::warn!(
            ?refusal,
            path = request.uri().path(),
            "refused a state-changing request"
        );
        let lang = Lang::from_headers(request.headers());
        let sentence = refusal.sentence();
        return if request.uri().path().starts_with("/api/n8n/") {
            let (es, en) = (sentence.get(Lang::Es), sentence.get(Lang::En));
            VisitorError::new(StatusCode::FORBIDDEN, es.to_owned(), en.to_owned())
                .for_language(lang)
                .into_response()
        } else {
            ApiError::new(StatusCode::FORBIDDEN, "csrf", sentence.get(lang)).into_response()
        };
    }
    next.run(request).await
}

/// The rules, on the headers alone.
pub fn check(headers: &HeaderMap, caller: &Caller, origins: Origins<'_>) -> Result<(), Refusal> {
    check_origin(headers, origins)?;
    if let Caller::SignedIn { session, .. } = caller {
        let sent = headers
            .get(CSRF_HEADER)
            .and_then(|value| value.to_str().ok());
        if !sent.is_some_and(|sent| tokens::same_secret(sent, &session.csrf_token)) {
            return Err(Refusal::MissingToken);
        }
    }
    Ok(())
}

/// Rule 1 alone: the browser's page is ours or an allowed site (also used before a WebSocket
/// upgrade, which browsers send cross-site with cookies).
pub fn check_origin(headers: &HeaderMap, origins: Origins<'_>) -> Result<(), Refusal> {
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok());
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| {
            headers
                .get(header::REFERER)
                .and_then(|value| value.to_str().ok())
                .map(origin_of_url)
        });
    let allowed = |origin: &str| origins.allowed.iter().any(|allowed| allowed == origin);
    if let Some(origin) = &origin {
        let same_origin = host.is_some_and(|host| {
            origin.split_once("://").is_some_and(|(scheme, authority)| {
                scheme == origins.own_scheme && authority == host
            })
        });
        if !same_origin && !allowed(origin) {
            return Err(Refusal::ForeignOrigin);
        }
    }
    let cross_site = headers
        .get("sec-fetch-site")
        .is_some_and(|value| value.as_bytes() == b"cross-site");
    if cross_site && !origin.as_deref().is_some_and(allowed) {
        return Err(Refusal::ForeignOrigin);
    }
    Ok(())
}

/// `https://a.example:8443/path?q` → `https://a.example:8443`.
fn origin_of_url(url: &str) -> String {
    match url.find("://") {
        Some(scheme_end) => {
            let rest = &url[scheme_end + 3..];
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            url[..scheme_end + 3 + end].to_owned()
        }
        None => "null".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use citabot_domain::account::Role;
    use citabot_store::{AuthSession, User};
    use time::macros::datetime;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn signed_in() -> Caller {
        Caller::SignedIn {
            session: Box::new(AuthSession {
                user: User {
                    id: "u".into(),
                    email: "ana@ejemplo.es".into(),
                    first_name: "Ana".into(),
                    last_name: "López".into(),
                    phone: None,
                    role: Role::Cliente,
                    created_at: datetime!(2026-11-20 09:00 UTC),
                },
                csrf_token: "the-token".into(),
                expires_at: datetime!(2026-12-04 09:00 UTC),
            }),
            token_hash: "h".into(),
        }
    }

    const HOST: (&str, &str) = ("host", "citas.example:3000");
    const ALLOWED: Origins<'static> = Origins {
        own_scheme: "http",
        allowed: &[],
    };

    #[test]
    fn same_origin_and_headerless_clients_pass_as_guests() {
        assert_eq!(
            check(
                &headers(&[HOST, ("origin", "http://citas.example:3000")]),
                &Caller::Guest,
                ALLOWED
            ),
            Ok(())
        );
        assert_eq!(
            check(
                &headers(&[HOST, ("referer", "http://citas.example:3000/a?b")]),
                &Caller::Guest,
                ALLOWED
            ),
            Ok(())
        );
        // The same host over the other scheme is another origin.
        assert_eq!(
            check(
                &headers(&[HOST, ("referer", "https://citas.example:3000/a?b")]),
                &Caller::Guest,
                ALLOWED
            ),
            Err(Refusal::ForeignOrigin)
        );
        assert_eq!(
            check(&headers(&[HOST]), &Caller::Guest, ALLOWED),
            Ok(()),
            "curl and servers send no Origin"
        );
    }

    #[test]
    fn foreign_and_opaque_origins_are_refused() {
        for origin in [
            "https://evil.example",
            "null",
            "http://citas.example:3001",
            "http://citas.example:3000.evil.example",
        ] {
            let mut map = headers(&[HOST]);
            map.insert("origin", HeaderValue::from_str(origin).expect("valid"));
            assert_eq!(
                check(&map, &Caller::Guest, ALLOWED),
                Err(Refusal::ForeignOrigin),
                "{origin}"
            );
        }
        assert_eq!(
            check(
                &headers(&[HOST, ("referer", "https://evil.example/page")]),
                &Caller::Guest,
                ALLOWED
            ),
            Err(Refusal::ForeignOrigin)
        );
        assert_eq!(
            check(
                &headers(&[HOST, ("sec-fetch-site", "cross-site")]),
                &Caller::Guest,
                ALLOWED
            ),
            Err(Refusal::ForeignOrigin)
        );
    }

    #[test]
    fn configured_origins_may_call_cross_site() {
        let allowed = vec!["https://peluqueria.example".to_owned()];
        let map = headers(&[
            HOST,
            ("origin", "https://peluqueria.example"),
            ("sec-fetch-site", "cross-site"),
        ]);
        let origins = Origins {
            own_scheme: "http",
            allowed: &allowed,
        };
        assert_eq!(check(&map, &Caller::Guest, origins), Ok(()));
    }

    #[test]
    fn signed_in_callers_need_their_session_token() {
        let same_origin = ("origin", "http://citas.example:3000");
        assert_eq!(
            check(&headers(&[HOST, same_origin]), &signed_in(), ALLOWED),
            Err(Refusal::MissingToken)
        );
        assert_eq!(
            check(
                &headers(&[HOST, same_origin, ("x-csrf-token", "other-token")]),
                &signed_in(),
                ALLOWED
            ),
            Err(Refusal::MissingToken)
        );
        assert_eq!(
            check(
                &headers(&[HOST, same_origin, ("x-csrf-token", "the-token")]),
                &signed_in(),
                ALLOWED
            ),
            Ok(())
        );
        assert_eq!(
            check(
                &headers(&[
                    HOST,
                    ("origin", "https://evil.example"),
                    ("x-csrf-token", "the-token")
                ]),
                &signed_in(),
                ALLOWED
            ),
            Err(Refusal::ForeignOrigin),
            "a valid token does not excuse a foreign origin"
        );
    }
}
