//! The salon's logo and hero picture (issue 14): `PUT` and `DELETE /api/business/logo` and
//! `/api/business/hero` for administradores, and their public `GET`. An upload is the picture's
//! bytes as the request body, whatever `Content-Type` says: nothing to parse, and the body limit
//! is exactly the picture's (a multipart form would add a parser and blur the limit by its
//! boundaries). The body is read only for an administrador of a salon that is set up, and never
//! past the slot's limit.
//! What a picture may be is decided in [`crate::usecases::images`]; here are the statuses, the
//! sentences and the caching.

use axum::Extension;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::BytesMut;
use citabot_domain::file_type::ImageFormat;
use citabot_store::ImageSlot;
use futures_util::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;

use super::business::business_answer;
use super::{administrador, business_of, invalid, not_found, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::images::{self, MAX_PIXELS, MAX_SIDE_PX, Refusal};

/// How long a picture asked for by its current version may be kept: a year, unchanged (a new
/// picture has a new version, so a new URL).
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// A picture asked for without its current version: kept, but checked again (by its `ETag`)
/// before each use.
const REVALIDATE: &str = "no-cache";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageQuery {
    /// The picture's version, as `logoUrl` and `heroUrl` name it: when it is the current one the
    /// answer may be cached for a year.
    v: Option<String>,
}

/// "el logo" or "la foto de portada", for sentences.
fn named(slot: ImageSlot) -> &'static str {
    match slot {
        ImageSlot::Logo => "el logo",
        ImageSlot::Hero => "la foto de portada",
    }
}

/// The sentence's subject: "El logo", "La foto de portada".
fn subject(slot: ImageSlot) -> String {
    let name = named(slot);
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

fn size_text(bytes: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MB", bytes / MIB)
    } else {
        format!("{} KB", bytes / 1024)
    }
}

fn too_large(slot: ImageSlot, max: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        format!(
            "{} es demasiado grande: como mucho {}. Redúcelo o guárdalo con más compresión y \
             vuelve a subirlo.",
            subject(slot),
            size_text(max)
        ),
    )
}

fn refused(slot: ImageSlot, refusal: Refusal) -> ApiError {
    let unreadable =
        |message: String| ApiError::new(StatusCode::BAD_REQUEST, "invalid_image", message);
    match refusal {
        Refusal::Empty => unreadable(
            "No ha llegado ninguna imagen: elige un archivo PNG, JPEG o WebP.".to_owned(),
        ),
        Refusal::TooLarge { max } => too_large(slot, max),
        Refusal::NotAccepted => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_type",
            format!(
                "{} debe ser una imagen PNG, JPEG o WebP (se mira el contenido del archivo, no \
                 su nombre). Las imágenes SVG no se admiten: pueden llevar código.",
                subject(slot)
            ),
        ),
        Refusal::Unreadable(format) => unreadable(format!(
            "El archivo parece una imagen {} pero está dañado o incompleto: no se pueden leer sus \
             medidas. Vuelve a guardarla y súbela otra vez.",
            match format {
                ImageFormat::Png => "PNG",
                ImageFormat::Jpeg => "JPEG",
                ImageFormat::Gif => "GIF",
                ImageFormat::Webp => "WebP",
            }
        )),
        Refusal::TooManyPixels { width, height } => unreadable(format!(
            "La imagen mide {width} × {height} píxeles: como mucho {MAX_SIDE_PX} píxeles de lado \
             y {} megapíxeles en total. Redúcela antes de subirla.",
            MAX_PIXELS / 1_000_000
        )),
        Refusal::Store(error) => store_failed(error),
    }
}

/// The request body, read up to the slot's limit and no further: a declared length over it is
/// refused before anything is read, a body that grows past it as soon as it does.
async fn read_body(slot: ImageSlot, headers: &HeaderMap, body: Body) -> Result<BytesMut, ApiError> {
    let max = images::max_bytes(slot);
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > max as u64) {
        return Err(too_large(slot, max));
    }
    let mut data = BytesMut::new();
    let mut chunks = body.into_data_stream();
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk
            .map_err(|_| invalid("No se pudo leer la imagen enviada: vuelve a intentarlo."))?;
        if data.len() + chunk.len() > max {
            return Err(too_large(slot, max));
        }
        data.extend_from_slice(&chunk);
    }
    Ok(data)
}

async fn upload(
    state: &AppState,
    caller: &Caller,
    slot: ImageSlot,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    administrador(caller)?;
    business_of(state).await?;
    let data = read_body(slot, headers, body).await?;
    images::upload(state.store.as_ref(), slot, &data, state.clock.now())
        .await
        .map_err(|refusal| refused(slot, refusal))?;
    business_answer(state, StatusCode::OK, caller).await
}

async fn remove(state: &AppState, caller: &Caller, slot: ImageSlot) -> Result<Response, ApiError> {
    administrador(caller)?;
    business_of(state).await?;
    images::remove(state.store.as_ref(), slot)
        .await
        .map_err(store_failed)?;
    business_answer(state, StatusCode::OK, caller).await
}

/// The picture's bytes, as the type its signature showed, with its version as a strong `ETag`;
/// 304 when the browser has it already.
async fn serve(
    state: &AppState,
    slot: ImageSlot,
    headers: &HeaderMap,
    query: Result<Query<ImageQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let image = images::image(state.store.as_ref(), slot)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| {
            not_found(match slot {
                ImageSlot::Logo => "El negocio aún no tiene logo.",
                ImageSlot::Hero => "El negocio aún no tiene foto de portada.",
            })
        })?;
    // A query that cannot be read names no version: the picture is still shown.
    let asked = query.ok().and_then(|Query(query)| query.v);
    let cache = if asked.as_deref() == Some(image.version.as_str()) {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    let etag = format!("\"{}\"", image.version);
    let fresh = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag == etag || tag.strip_prefix("W/") == Some(etag.as_str())
        });
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = image.data.into_response();
        let content_type = HeaderValue::from_str(&image.content_type)
            .map_err(|error| ApiError::internal(&error))?;
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, content_type);
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::ETAG,
        HeaderValue::from_str(&etag).map_err(|error| ApiError::internal(&error))?,
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

/// `GET /api/business/logo` (public): the salon's logo.
#[utoipa::path(get, path = "/api/business/logo", tag = "booking", params(ImageQuery),
    responses(
        (status = 200, description = "The logo, with `ETag`, `Cache-Control` (a year when `v` is its version) and `X-Content-Type-Options: nosniff`", content(
            ("image/png"), ("image/jpeg"), ("image/webp"))),
        (status = 304, description = "Unchanged since the `If-None-Match` sent"),
        (status = 404, description = "No logo uploaded", body = ErrorEnvelope)))]
pub async fn get_logo(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<ImageQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    serve(&state, ImageSlot::Logo, &headers, query).await
}

/// `GET /api/business/hero` (public): the landing page's picture.
#[utoipa::path(get, path = "/api/business/hero", tag = "booking", params(ImageQuery),
    responses(
        (status = 200, description = "The hero picture, with `ETag`, `Cache-Control` (a year when `v` is its version) and `X-Content-Type-Options: nosniff`", content(
            ("image/png"), ("image/jpeg"), ("image/webp"))),
        (status = 304, description = "Unchanged since the `If-None-Match` sent"),
        (status = 404, description = "No hero picture uploaded", body = ErrorEnvelope)))]
pub async fn get_hero(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<ImageQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    serve(&state, ImageSlot::Hero, &headers, query).await
}

/// `PUT /api/business/logo` (administrador): uploads the logo, replacing the one there.
#[utoipa::path(put, path = "/api/business/logo", tag = "booking",
    description = "The body is the picture itself (not a form): PNG, JPEG or WebP, told by its first bytes (`Content-Type` and file names are not read), at most 512 KiB, at most 8192 pixels a side and 40 megapixels.",
    request_body(content(("image/png"), ("image/jpeg"), ("image/webp"))),
    responses(
        (status = 200, description = "The business, its `logoUrl` naming the new version", body = super::business::BusinessResponse),
        (status = 400, description = "Empty, a damaged header, or dimensions past the limits", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador, or no CSRF token", body = ErrorEnvelope),
        (status = 413, description = "Over 512 KiB", body = ErrorEnvelope),
        (status = 415, description = "Not a PNG, JPEG or WebP by its bytes (SVG is refused)", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn put_logo(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    upload(&state, &caller, ImageSlot::Logo, &headers, body).await
}

/// `PUT /api/business/hero` (administrador): uploads the hero picture, replacing the one there.
#[utoipa::path(put, path = "/api/business/hero", tag = "booking",
    description = "The body is the picture itself (not a form): PNG, JPEG or WebP, told by its first bytes (`Content-Type` and file names are not read), at most 2 MiB, at most 8192 pixels a side and 40 megapixels.",
    request_body(content(("image/png"), ("image/jpeg"), ("image/webp"))),
    responses(
        (status = 200, description = "The business, its `heroUrl` naming the new version", body = super::business::BusinessResponse),
        (status = 400, description = "Empty, a damaged header, or dimensions past the limits", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador, or no CSRF token", body = ErrorEnvelope),
        (status = 413, description = "Over 2 MiB", body = ErrorEnvelope),
        (status = 415, description = "Not a PNG, JPEG or WebP by its bytes (SVG is refused)", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn put_hero(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    upload(&state, &caller, ImageSlot::Hero, &headers, body).await
}

/// `DELETE /api/business/logo` (administrador): removes the logo (the site shows initials).
#[utoipa::path(delete, path = "/api/business/logo", tag = "booking",
    responses(
        (status = 200, description = "The business, `logoUrl` null (also when there was none)", body = super::business::BusinessResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn delete_logo(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    remove(&state, &caller, ImageSlot::Logo).await
}

/// `DELETE /api/business/hero` (administrador): removes the hero picture (the landing page shows
/// its bundled illustration).
#[utoipa::path(delete, path = "/api/business/hero", tag = "booking",
    responses(
        (status = 200, description = "The business, `heroUrl` null (also when there was none)", body = super::business::BusinessResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn delete_hero(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    remove(&state, &caller, ImageSlot::Hero).await
}
