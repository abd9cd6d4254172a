//! The web assets built into the binary: the site app (with an SPA fallback, so client-side
//! routes load on refresh) and the widget's script-tag bundle under `/embed/`.
//!
//! In release builds the files are embedded at compile time from `web/…/dist`; debug builds read
//! them from disk, so a rebuilt site shows without recompiling the server.

use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(Debug, RustEmbed)]
#[folder = "../../web/apps/site/dist"]
#[allow_missing = true]
pub struct SiteAssets;

#[derive(Debug, RustEmbed)]
#[folder = "../../web/packages/chat/dist/embed"]
#[allow_missing = true]
pub struct WidgetAssets;

/// Files whose names carry a content hash (Vite's `assets/` folder) never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else is revalidated on each use (a cheap 304 thanks to the ETag).
const REVALIDATE: &str = "no-cache";

/// `GET /embed/{*path}`: the widget bundle, loadable by any site (it is public code).
pub async fn widget(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let mut response =
        embedded_file::<WidgetAssets>(&path, REVALIDATE, &headers).unwrap_or_else(not_found_text);
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        HeaderName::from_static("cross-origin-resource-policy"),
        HeaderValue::from_static("cross-origin"),
    );
    response
}

/// Every other path: a site file, or the site's `index.html` for client-side routes.
pub async fn site(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    site_response::<SiteAssets>(&method, uri.path(), &headers)
}

fn site_response<Site: RustEmbed>(method: &Method, path: &str, headers: &HeaderMap) -> Response {
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found().into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    // A manage link (`/cita/<token>`) or a review link (`/opinion/<token>`): its token holds a
    // dot, which is no file's extension, and the token is the whole credential, so the page
    // tells no other site its address.
    if path.starts_with("/cita/") || path.starts_with("/opinion/") {
        let mut page = app_shell::<Site>(headers);
        page.headers_mut().insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        );
        return page;
    }
    let file = path.trim_start_matches('/');
    if !file.is_empty() && file != "index.html" {
        let cache = if file.starts_with("assets/") {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        if let Some(response) = embedded_file::<Site>(file, cache, headers) {
            return response;
        }
        // A missing file (it has an extension) is a 404; anything else is a page of the app.
        let last_segment = file.rsplit('/').next().unwrap_or_default();
        if last_segment.contains('.') {
            return not_found_text();
        }
    }
    app_shell::<Site>(headers)
}

/// The app's page, which routes every path of the site in the browser.
fn app_shell<Site: RustEmbed>(headers: &HeaderMap) -> Response {
    embedded_file::<Site>("index.html", REVALIDATE, headers).unwrap_or_else(|| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "The site has not been built into this binary: run `make run` (or `npm run build` in web/).",
        )
            .into_response()
    })
}

/// The file at `path` of `Assets` with its type, ETag and cache policy, in the precompressed
/// encoding the browser accepts (Brotli, else gzip, else as is); 304 when the browser's copy is
/// current; `None` when there is no such file.
fn embedded_file<Assets: RustEmbed>(
    path: &str,
    cache: &'static str,
    headers: &HeaderMap,
) -> Option<Response> {
    let file = Assets::get(path)?;
    let encoded = PRECOMPRESSED
        .iter()
        .filter(|(encoding, _)| accepts(headers, encoding))
        .find_map(|(encoding, suffix)| {
            Assets::get(&format!("{path}{suffix}")).map(|variant| (*encoding, *suffix, variant))
        });
    // Each encoding is a different representation, so it gets its own ETag.
    let suffix = encoded.as_ref().map_or("", |(_, suffix, _)| *suffix);
    let etag = format!("\"{}{suffix}\"", hex(&file.metadata.sha256_hash()));
    let etag = HeaderValue::from_str(&etag).ok()?;
    let cache_control = HeaderValue::from_static(cache);
    let vary = (header::VARY, HeaderValue::from_static("accept-encoding"));
    let current = headers.get(header::IF_NONE_MATCH).is_some_and(|sent| {
        sent.as_bytes()
            .split(|b| *b == b',')
            .any(|tag| tag.trim_ascii() == etag.as_bytes())
    });
    if current {
        return Some(
            (
                StatusCode::NOT_MODIFIED,
                [
                    (header::ETAG, etag),
                    (header::CACHE_CONTROL, cache_control),
                    vary,
                ],
            )
                .into_response(),
        );
    }
    let content_type = HeaderValue::from_str(file.metadata.mimetype()).ok()?;
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache_control),
            vary,
        ],
        Body::from(match &encoded {
            Some((_, _, variant)) => variant.data.clone().into_owned(),
            None => file.data.into_owned(),
        }),
    )
        .into_response();
    if let Some((encoding, _, _)) = encoded {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    Some(response)
}

/// The encodings written beside the assets at build time (`web/scripts/precompress.mjs`), best
/// first.
const PRECOMPRESSED: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// Whether `Accept-Encoding` allows `encoding` (named, or `*`, with a non-zero weight).
fn accepts(headers: &HeaderMap, encoding: &str) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|parameter| {
                parameter
                    .trim()
                    .strip_prefix("q=")
                    .and_then(|weight| weight.trim().parse::<f32>().ok())
                    .is_some_and(|weight| weight == 0.0)
            });
            (name.eq_ignore_ascii_case(encoding) || name == "*") && !refused
        })
}

fn not_found_text() -> Response {
    (StatusCode::NOT_FOUND, "Not found").into_response()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::to_bytes;

    /// A tiny stand-in site, so these rules are tested without building the real one
    /// (the end-to-end tests serve the real one).
    #[derive(RustEmbed)]
    #[folder = "tests/fixtures/site"]
    struct FixtureSite;

    async fn get(path: &str, headers: &HeaderMap) -> (StatusCode, HeaderMap, String) {
        let response = site_response::<FixtureSite>(&Method::GET, path, headers);
        let (parts, body) = response.into_parts();
        let body = to_bytes(body, usize::MAX).await.expect("body");
        (
            parts.status,
            parts.headers,
            String::from_utf8_lossy(&body).into_owned(),
        )
    }

    #[tokio::test]
    async fn pages_fall_back_to_the_app_shell() {
        for path in [
            "/",
            "/index.html",
            "/dashboard",
            "/dashboard/citas/42",
            "/mis-citas/",
        ] {
            let (status, headers, body) = get(path, &HeaderMap::new()).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(body.contains("fixture app shell"), "{path}");
            assert_eq!(headers[header::CONTENT_TYPE], "text/html", "{path}");
            assert_eq!(headers[header::CACHE_CONTROL], REVALIDATE, "{path}");
        }
    }

    #[tokio::test]
    async fn a_manage_link_is_the_app_shell_without_a_referrer() {
        // A token is `<payload>.<mac>`: its dot must not make it a missing file.
        let (status, headers, body) = get("/cita/YzEyMw.abc-_9", &HeaderMap::new()).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("fixture app shell"));
        assert_eq!(headers[header::REFERRER_POLICY], "no-referrer");
        let (status, headers, body) = get("/opinion/YzEyMw.abc-_9", &HeaderMap::new()).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("fixture app shell"));
        assert_eq!(headers[header::REFERRER_POLICY], "no-referrer");
        let (_, headers, _) = get("/dashboard", &HeaderMap::new()).await;
        assert!(!headers.contains_key(header::REFERRER_POLICY));
    }

    #[tokio::test]
    async fn hashed_assets_are_immutable_and_typed() {
        let (status, headers, body) = get("/assets/app-3f2a.js", &HeaderMap::new()).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("fixture script"));
        assert_eq!(headers[header::CONTENT_TYPE], "text/javascript");
        assert_eq!(headers[header::CACHE_CONTROL], IMMUTABLE);
    }

    #[tokio::test]
    async fn missing_files_and_api_paths_are_404_not_the_shell() {
        let (status, _, body) = get("/assets/gone-1234.js", &HeaderMap::new()).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::NOT_FOUND, "Not found")
        );
        let (status, headers, body) = get("/api/nothing-here", &HeaderMap::new()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
        assert!(body.contains(r#""code":"not_found""#), "{body}");
    }

    #[tokio::test]
    async fn a_current_etag_gets_304() {
        let (_, headers, _) = get("/", &HeaderMap::new()).await;
        let etag = headers[header::ETAG].clone();
        let mut conditional = HeaderMap::new();
        conditional.insert(header::IF_NONE_MATCH, etag);
        let (status, _, body) = get("/", &conditional).await;
        assert_eq!((status, body.as_str()), (StatusCode::NOT_MODIFIED, ""));
        conditional.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"stale\""));
        assert_eq!(get("/", &conditional).await.0, StatusCode::OK);
    }

    fn accepting(encodings: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(encodings));
        headers
    }

    #[tokio::test]
    async fn the_precompressed_copy_the_browser_accepts_is_sent() {
        let brotli = FixtureSite::get("assets/app-3f2a.js.br")
            .expect("fixture")
            .data;
        let gzip = FixtureSite::get("assets/app-3f2a.js.gz")
            .expect("fixture")
            .data;
        let cases: [(&str, Option<&str>, &[u8]); 5] = [
            ("gzip, deflate, br, zstd", Some("br"), &brotli),
            ("gzip", Some("gzip"), &gzip),
            ("br;q=0, gzip;q=0.5", Some("gzip"), &gzip),
            ("*", Some("br"), &brotli),
            ("identity", None, b"console.log(\"fixture script\");\n"),
        ];
        let mut etags = Vec::new();
        for (accept, encoding, expected) in cases {
            let response = site_response::<FixtureSite>(
                &Method::GET,
                "/assets/app-3f2a.js",
                &accepting(accept),
            );
            let (parts, body) = response.into_parts();
            let body = to_bytes(body, usize::MAX).await.expect("body");
            assert_eq!(
                parts
                    .headers
                    .get(header::CONTENT_ENCODING)
                    .map(|v| v.to_str().expect("text")),
                encoding,
                "{accept}"
            );
            assert_eq!(body.as_ref(), expected, "{accept}");
            assert_eq!(parts.headers[header::CONTENT_TYPE], "text/javascript");
            assert_eq!(parts.headers[header::VARY], "accept-encoding");
            etags.push(parts.headers[header::ETAG].clone());
        }
        assert_ne!(etags[0], etags[1], "each encoding has its own ETag");
        assert_ne!(etags[1], etags[4]);

        let mut conditional = accepting("gzip");
        conditional.insert(header::IF_NONE_MATCH, etags[1].clone());
        let (status, _, _) = get("/assets/app-3f2a.js", &conditional).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        let mut switched = accepting("br");
        switched.insert(header::IF_NONE_MATCH, etags[1].clone());
        let (status, _, _) = get("/assets/app-3f2a.js", &switched).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the gzip copy's ETag does not match the Brotli one"
        );
    }

    #[tokio::test]
    async fn only_reads_are_served() {
        let response = site_response::<FixtureSite>(&Method::POST, "/", &HeaderMap::new());
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
