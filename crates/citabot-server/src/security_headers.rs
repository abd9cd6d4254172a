//! Headers every response carries (REQUIREMENTS H11, H12): a Content-Security-Policy without
//! inline or eval'd script, `frame-ancestors` limited to this site and the configured
//! `frame_ancestors`, the usual hardening headers, and HSTS once the site is served over HTTPS
//! (`secure_cookies`).

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

use crate::config::Settings;

/// The header set, computed once from the settings.
#[derive(Debug, Clone)]
pub struct SecurityHeaders(Arc<HeaderMap>);

impl SecurityHeaders {
    pub fn new(settings: &Settings) -> Self {
        let mut ancestors = vec!["'self'".to_owned()];
        ancestors.extend(settings.frame_ancestors.iter().cloned());
        let csp = [
            "default-src 'self'".to_owned(),
            "script-src 'self'".to_owned(),
            "style-src 'self'".to_owned(),
            // Markdown images may come from any https site, or be small data: images.
            "img-src 'self' data: https:".to_owned(),
            "font-src 'self'".to_owned(),
            "connect-src 'self'".to_owned(),
            // The frames the site builds: the widget's YouTube embeds, and the dashboard's
            // sandboxed preview of a message (`/api/mail/{id}/preview`, with a policy of its own).
            "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com".to_owned(),
            "object-src 'none'".to_owned(),
            "base-uri 'none'".to_owned(),
            "form-action 'self'".to_owned(),
            format!("frame-ancestors {}", ancestors.join(" ")),
        ]
        .join("; ");
        let mut headers = HeaderMap::new();
        let mut set = |name: HeaderName, value: &str| {
            headers.insert(
                name,
                HeaderValue::from_str(value).expect("settings hold only origins"),
            );
        };
        set(header::CONTENT_SECURITY_POLICY, &csp);
        set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
        set(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        );
        set(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        );
        // Old browsers know only X-Frame-Options, which cannot list other sites: when other
        // sites may frame us, leave it out and let frame-ancestors decide.
        if settings.frame_ancestors.is_empty() {
            set(header::X_FRAME_OPTIONS, "SAMEORIGIN");
        }
        // Secure cookies mean the site is served over HTTPS: browsers are told to keep to it
        // for a year. Never over plain HTTP, where it would lock a local install out.
        if settings.secure_cookies {
            set(header::STRICT_TRANSPORT_SECURITY, "max-age=31536000");
        }
        Self(Arc::new(headers))
    }
}

/// Middleware: adds every header the handler did not set itself.
pub async fn add(State(headers): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in headers.0.iter() {
        if !response.headers().contains_key(name) {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csp(settings: &Settings) -> String {
        SecurityHeaders::new(settings).0[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("ascii")
            .to_owned()
    }

    #[test]
    fn the_policy_allows_no_inline_or_eval_script() {
        let policy = csp(&Settings::default());
        let script_src = policy
            .split("; ")
            .find(|directive| directive.starts_with("script-src"))
            .expect("script-src is set");
        assert_eq!(script_src, "script-src 'self'");
        for required in [
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'self'",
            "default-src 'self'",
        ] {
            assert!(policy.contains(required), "{required} in {policy}");
        }
        assert!(
            !policy.contains("unsafe-inline")
                && !policy.contains("unsafe-eval")
                && !policy.contains(" *")
        );
        assert!(!policy.contains("frame-src data:"), "data: only for images");
        assert!(
            policy.contains("frame-src 'self' https://www.youtube.com"),
            "the dashboard frames its own message previews: {policy}"
        );
    }

    #[test]
    fn configured_sites_may_frame_the_pages() {
        let settings = Settings {
            frame_ancestors: vec!["https://peluqueria.example".into()],
            ..Settings::default()
        };
        assert!(csp(&settings).ends_with("frame-ancestors 'self' https://peluqueria.example"));
        assert!(
            !SecurityHeaders::new(&settings)
                .0
                .contains_key(header::X_FRAME_OPTIONS)
        );
        assert_eq!(
            SecurityHeaders::new(&Settings::default()).0[header::X_FRAME_OPTIONS],
            "SAMEORIGIN"
        );
    }
}
