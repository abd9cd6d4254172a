//! The salon's logo and hero picture through the real server (issue 14), on SQLite and on
//! PostgreSQL: uploaded by an administrador as the request body, served to anyone with its type,
//! `nosniff` and a version in its URL, replaced (a new URL) and removed; and every refusal said
//! in Spanish, with the picture already there left as it was.
//!
//! The server reads a picture's signature and header only, so the pictures here are a real
//! header (declaring their width and height) followed by filler to the size a case needs.

use bytes::Bytes;
use reqwest::header::{
    CACHE_CONTROL, CONTENT_TYPE, ETAG, HeaderMap, IF_NONE_MATCH, X_CONTENT_TYPE_OPTIONS,
};
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::helpers::{Backend, Session, json_body};

both!(
    pictures_are_uploaded_served_replaced_and_removed,
    each_size_limit_holds_at_its_edge,
    pictures_are_told_by_their_bytes,
    only_administradores_change_pictures,
);

const LOGO_MAX: usize = 512 * 1024;
const HERO_MAX: usize = 2 * 1024 * 1024;

/// A PNG declaring `width` × `height`, `len` bytes long.
pub fn png(width: u32, height: u32, len: usize) -> Vec<u8> {
    padded(
        &[
            &b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"[..],
            &width.to_be_bytes(),
            &height.to_be_bytes(),
            b"\x08\x06\0\0\0",
        ]
        .concat(),
        len,
    )
}

/// A baseline JPEG declaring 800 × 600.
fn jpeg(len: usize) -> Vec<u8> {
    padded(
        b"\xff\xd8\xff\xe0\x00\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\
          \xff\xc0\x00\x11\x08\x02\x58\x03\x20\x03\x01\x22\x00",
        len,
    )
}

/// A lossy WebP declaring 320 × 240.
fn webp(len: usize) -> Vec<u8> {
    padded(
        b"RIFF\0\0\0\0WEBPVP8 \0\0\0\0\x30\x01\0\x9d\x01\x2a\x40\x01\xf0\x00",
        len,
    )
}

fn padded(head: &[u8], len: usize) -> Vec<u8> {
    let mut data = head.to_vec();
    data.resize(len.max(head.len()), 0x5a);
    data
}

/// `method path` with `body` as the raw request body, as `who` signed like the site does.
async fn send(
    salon: &Salon,
    who: Option<&Session>,
    method: Method,
    path: &str,
    body: Option<Vec<u8>>,
    headers: &[(&str, &str)],
) -> (StatusCode, Value) {
    let mut request = salon.app.client.request(method, salon.app.url(path));
    if let Some(who) = who {
        request = request
            .header("cookie", who.cookie_header())
            .header("x-csrf-token", &who.csrf_token);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(body) = body {
        request = request.body(body);
    }
    json_body(request.send().await.expect("answers")).await
}

pub async fn put(salon: &Salon, slot: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let path = format!("/api/business/{slot}");
    send(
        salon,
        Some(&salon.admin),
        Method::PUT,
        &path,
        Some(body),
        &[],
    )
    .await
}

/// A picture's URL from a business answer; `None` when it is null.
fn url_of(business: &Value, field: &str) -> Option<String> {
    let url = &business["item"][field];
    assert!(url.is_string() || url.is_null(), "{field}: {url}");
    url.as_str().map(str::to_owned)
}

/// GETs a picture: status, headers, bytes.
async fn fetch(
    salon: &Salon,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Bytes) {
    let mut request = salon.app.client.get(salon.app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("answers");
    let status = response.status();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.expect("a body"))
}

fn header(headers: &HeaderMap, name: impl reqwest::header::AsHeaderName) -> &str {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

async fn pictures_are_uploaded_served_replaced_and_removed(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, business) = salon.get(None, "/api/business").await;
    assert_eq!(status, StatusCode::OK, "{business}");
    assert_eq!(url_of(&business, "logoUrl"), None);
    assert_eq!(url_of(&business, "heroUrl"), None);
    for path in ["/api/business/logo", "/api/business/hero"] {
        let (status, body) = salon.get(None, path).await;
        assert_error(&(status, body.clone()), StatusCode::NOT_FOUND, "not_found");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|message| message.starts_with("El negocio aún no tiene")),
            "{body}"
        );
    }

    // The type said (and a file name) are not read: the bytes are a PNG.
    let logo = png(64, 64, 300);
    let (status, answer) = send(
        &salon,
        Some(&salon.admin),
        Method::PUT,
        "/api/business/logo",
        Some(logo.clone()),
        &[
            ("content-type", "image/jpeg"),
            ("content-disposition", "inline; filename=\"logo.jpg\""),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["item"]["name"], "Peluquería Lucía", "the business");
    let logo_url = url_of(&answer, "logoUrl").expect("a logo URL");
    let version = logo_url
        .strip_prefix("/api/business/logo?v=")
        .expect("the logo's path with its version");
    assert_eq!(version.len(), 16, "{logo_url}");
    assert_eq!(url_of(&answer, "heroUrl"), None);
    let (_, public) = salon.get(None, "/api/business").await;
    assert_eq!(
        url_of(&public, "logoUrl").as_deref(),
        Some(logo_url.as_str()),
        "everyone learns it"
    );

    let (status, headers, bytes) = fetch(&salon, &logo_url, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes.as_ref(), logo.as_slice(), "byte for byte");
    assert_eq!(header(&headers, CONTENT_TYPE), "image/png");
    assert_eq!(header(&headers, X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert_eq!(header(&headers, ETAG), format!("\"{version}\""));
    assert_eq!(
        header(&headers, CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
    // Without its version it is checked again before each use, by its ETag.
    let (status, headers, _) = fetch(&salon, "/api/business/logo", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&headers, CACHE_CONTROL), "no-cache");
    let etag = format!("\"{version}\"");
    let (status, headers, bytes) = fetch(
        &salon,
        "/api/business/logo",
        &[(IF_NONE_MATCH.as_str(), &etag)],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(bytes.is_empty());
    assert_eq!(header(&headers, ETAG), etag);

    // A new logo is a new URL; the old URL now shows the new logo, and is not kept for good.
    let second = jpeg(2000);
    let (status, answer) = put(&salon, "logo", second.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let second_url = url_of(&answer, "logoUrl").expect("a logo URL");
    assert_ne!(second_url, logo_url, "replacing changes the URL");
    let (status, headers, bytes) = fetch(&salon, &second_url, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes.as_ref(), second.as_slice());
    assert_eq!(header(&headers, CONTENT_TYPE), "image/jpeg");
    let (_, headers, bytes) = fetch(&salon, &logo_url, &[]).await;
    assert_eq!(bytes.as_ref(), second.as_slice());
    assert_eq!(header(&headers, CACHE_CONTROL), "no-cache");
    let (status, _, _) = fetch(
        &salon,
        "/api/business/logo",
        &[(IF_NONE_MATCH.as_str(), &etag)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "the old ETag no longer matches");

    // The hero is a slot of its own.
    let hero = webp(HERO_MAX / 2);
    let (status, answer) = put(&salon, "hero", hero.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let hero_url = url_of(&answer, "heroUrl").expect("a hero URL");
    assert!(hero_url.starts_with("/api/business/hero?v="), "{hero_url}");
    assert_eq!(url_of(&answer, "logoUrl"), Some(second_url.clone()));
    let (status, headers, bytes) = fetch(&salon, &hero_url, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&headers, CONTENT_TYPE), "image/webp");
    assert_eq!(bytes.len(), hero.len());

    // Removed: gone, the URL null; removing again is the same answer.
    for _ in 0..2 {
        let (status, answer) = send(
            &salon,
            Some(&salon.admin),
            Method::DELETE,
            "/api/business/logo",
            None,
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(url_of(&answer, "logoUrl"), None);
        assert_eq!(url_of(&answer, "heroUrl"), Some(hero_url.clone()));
    }
    let (status, _, _) = fetch(&salon, &second_url, &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = fetch(&salon, &hero_url, &[]).await;
    assert_eq!(status, StatusCode::OK, "the hero stays");
}

async fn each_size_limit_holds_at_its_edge(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    for (slot, max, limit_text) in [("logo", LOGO_MAX, "512 KB"), ("hero", HERO_MAX, "2 MB")] {
        let field = format!("{slot}Url");
        let (status, answer) = put(&salon, slot, png(800, 600, max)).await;
        assert_eq!(status, StatusCode::OK, "{slot} at its limit: {answer}");
        let kept = url_of(&answer, &field).expect("uploaded");

        let over = png(800, 600, max + 1);
        let answer = put(&salon, slot, over.clone()).await;
        assert_error(&answer, StatusCode::PAYLOAD_TOO_LARGE, "too_large");
        let message = answer.1["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(limit_text), "{message}");

        // Sent in chunks, without a length: refused as soon as it grows past the limit.
        let chunks: Vec<Result<Bytes, std::io::Error>> = over
            .chunks(64 * 1024)
            .map(|chunk| Ok(Bytes::copy_from_slice(chunk)))
            .collect();
        let response = salon
            .app
            .client
            .put(salon.app.url(&format!("/api/business/{slot}")))
            .header("cookie", salon.admin.cookie_header())
            .header("x-csrf-token", &salon.admin.csrf_token)
            .body(reqwest::Body::wrap_stream(futures_util::stream::iter(
                chunks,
            )))
            .send()
            .await
            .expect("answers");
        assert_error(
            &json_body(response).await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        );

        let (_, business) = salon.get(None, "/api/business").await;
        assert_eq!(
            url_of(&business, &field).as_deref(),
            Some(kept.as_str()),
            "a refused {slot} leaves the one there"
        );
    }
}

async fn pictures_are_told_by_their_bytes(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (status, answer) = put(&salon, "logo", png(200, 200, 500)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let kept = url_of(&answer, "logoUrl").expect("uploaded");

    let svg = b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><script>alert(1)</script></svg>";
    let not_images: [(&str, &[u8]); 5] = [
        ("image/svg+xml", svg),
        ("image/png", svg),
        ("image/png", b"GIF89a\x40\x01\xf0\x00\x00\x00\x00"),
        ("image/png", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"),
        (
            "image/jpeg",
            b"no soy una foto, solo texto con nombre de foto",
        ),
    ];
    for (declared, bytes) in not_images {
        let (status, body) = send(
            &salon,
            Some(&salon.admin),
            Method::PUT,
            "/api/business/logo",
            Some(bytes.to_vec()),
            &[
                ("content-type", declared),
                ("content-disposition", "inline; filename=\"logo.png\""),
            ],
        )
        .await;
        assert_error(
            &(status, body.clone()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_type",
        );
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(
                    |message| message.contains("PNG, JPEG o WebP") && message.contains("SVG")
                ),
            "{body}"
        );
    }
    let (status, body) = put(&salon, "hero", svg.to_vec()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.starts_with("La foto de portada debe ser")),
        "{body}"
    );

    let empty = put(&salon, "logo", Vec::new()).await;
    assert_error(&empty, StatusCode::BAD_REQUEST, "invalid_image");
    let cut = put(&salon, "logo", b"\x89PNG\r\n\x1a\n\0\0\0\rIH".to_vec()).await;
    assert_error(&cut, StatusCode::BAD_REQUEST, "invalid_image");
    assert!(
        cut.1["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("dañado o incompleto")),
        "{}",
        cut.1
    );
    // Dimensions a browser should never be asked to draw, in a few hundred bytes.
    let (status, body) = put(&salon, "hero", png(50_000, 50_000, 300)).await;
    assert_error(
        &(status, body.clone()),
        StatusCode::BAD_REQUEST,
        "invalid_image",
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("50000 × 50000")),
        "{body}"
    );
    let (status, body) = put(&salon, "hero", png(8193, 10, 300)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = put(&salon, "hero", png(8192, 4882, 300)).await;
    assert_eq!(status, StatusCode::OK, "at the limits: {body}");
    let (status, body) = put(&salon, "hero", png(8192, 4883, 300)).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "over 40 megapixels: {body}"
    );

    let (_, business) = salon.get(None, "/api/business").await;
    assert_eq!(
        url_of(&business, "logoUrl").as_deref(),
        Some(kept.as_str()),
        "nothing refused replaced the logo"
    );
}

async fn only_administradores_change_pictures(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let logo = png(64, 64, 400);
    for method in [Method::PUT, Method::DELETE] {
        let body = (method == Method::PUT).then(|| logo.clone());
        let answer = send(
            &salon,
            None,
            method.clone(),
            "/api/business/logo",
            body.clone(),
            &[],
        )
        .await;
        assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
        for who in [&salon.cliente, &salon.usuario] {
            let answer = send(
                &salon,
                Some(who),
                method.clone(),
                "/api/business/hero",
                body.clone(),
                &[],
            )
            .await;
            assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
        }
        // The administrador's own session, without its CSRF token.
        let mut request = salon
            .app
            .client
            .request(method.clone(), salon.app.url("/api/business/logo"))
            .header("cookie", salon.admin.cookie_header());
        if let Some(body) = body {
            request = request.body(body);
        }
        let answer = json_body(request.send().await.expect("answers")).await;
        assert_error(&answer, StatusCode::FORBIDDEN, "csrf");
        // Nor from another site's page.
        let answer = send(
            &salon,
            Some(&salon.admin),
            method.clone(),
            "/api/business/logo",
            (method == Method::PUT).then(|| logo.clone()),
            &[("origin", "https://evil.example")],
        )
        .await;
        assert_error(&answer, StatusCode::FORBIDDEN, "csrf");
    }
    let (_, business) = salon.get(None, "/api/business").await;
    assert_eq!(url_of(&business, "logoUrl"), None);
    assert_eq!(url_of(&business, "heroUrl"), None);
    // A big upload from someone who may not make it is refused before it is read.
    let answer = send(
        &salon,
        Some(&salon.usuario),
        Method::PUT,
        "/api/business/hero",
        Some(png(10, 10, HERO_MAX)),
        &[],
    )
    .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
}
