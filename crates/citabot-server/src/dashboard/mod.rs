//! The site's and the dashboard's APIs (REQUIREMENTS S5, D1–D5; `docs/DASHBOARD-API.md`): the
//! business and its services for everyone, appointments, availability, staff and clients, the
//! conversations with their take-over by staff, and the charts' daily figures.
//!
//! Roles are checked here, on the server, whatever the site shows: [`signed_in`], [`staff`] and
//! [`administrador`] turn the request's [`Caller`] into the account or a 401/403. Every answer is
//! JSON with camelCase fields and `Cache-Control: no-store` (it carries people's data or what
//! staff just changed); errors use the envelope of [`crate::error`] with the contract's codes.

pub mod appointments;
pub mod bookings;
pub mod business;
pub mod calendar;
pub mod client_fields;
pub mod clients;
pub mod conversations;
pub mod images;
pub mod keys;
pub mod mail;
pub mod manage;
pub mod reviews;
pub mod services;
pub mod settings;
pub mod staff;
pub mod stats;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use citabot_domain::account::Role;
use citabot_domain::booking::{BUSINESS_YEARS, Business, in_business_years};
use citabot_domain::text::{MAX_STACKED_MARKS, Visible, hidden_character, nfc, stacks_marks};
use citabot_store::{StoreError, User};
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime, UtcOffset};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;
use crate::usecases::citas::RefusalKind;

/// The signed-in account (or the one an API key acts as), or 401 for a guest.
pub fn signed_in(caller: &Caller) -> Result<&User, ApiError> {
    caller.user().ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
            "Inicia sesión para continuar.",
        )
    })
}

/// The signed-in staff member (`usuario` or `administrador`): 401 for a guest, 403 for a cliente.
pub fn staff(caller: &Caller) -> Result<&User, ApiError> {
    let user = signed_in(caller)?;
    if user.role.is_staff() {
        Ok(user)
    } else {
        Err(forbidden("Solo el personal del negocio puede hacer esto."))
    }
}

/// The signed-in administrador: 401 for a guest, 403 for anyone else.
pub fn administrador(caller: &Caller) -> Result<&User, ApiError> {
    let user = signed_in(caller)?;
    if user.role == Role::Administrador {
        Ok(user)
    } else {
        Err(forbidden("Solo un administrador puede hacer esto."))
    }
}

/// The staff member as [`staff`], who must also be an account: 403 for an API key made on the
/// command line, whose stand-in has none, where the account is recorded as who did it (a
/// take-over, a staff message).
pub fn staff_account(caller: &Caller) -> Result<&User, ApiError> {
    let user = staff(caller)?;
    if caller.account_id().is_some() {
        Ok(user)
    } else {
        Err(forbidden(
            "Una clave de API creada desde la línea de órdenes no es la cuenta de nadie, y esto \
             queda a nombre de una cuenta: usa una clave creada en el panel por un miembro del \
             personal.",
        ))
    }
}

/// Whether the caller is staff (who see inactive services, everyone's citas, ...).
pub fn is_staff(caller: &Caller) -> bool {
    caller.user().is_some_and(|user| user.role.is_staff())
}

pub fn forbidden(message: &str) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
}

/// 400: malformed input; the message names the field.
pub fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", message)
}

/// 422: well formed but impossible (outside opening hours, an inactive service, ...).
pub fn unprocessable(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unprocessable", message)
}

/// 409: the slot is taken, or the change is not allowed from the current state.
pub fn conflict(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "conflict", message)
}

/// 404, also for things the caller may not see (so their existence does not leak).
pub fn not_found(message: &str) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
}

/// A refusal of `kind` said with `message`, as the status and code its kind answers with.
pub fn refused_as(kind: RefusalKind, message: impl Into<String>) -> ApiError {
    let message = message.into();
    match kind {
        RefusalKind::Malformed => invalid(message),
        RefusalKind::NotFound => not_found(&message),
        RefusalKind::NotAllowed => forbidden(&message),
        RefusalKind::Impossible => unprocessable(message),
        RefusalKind::Conflict => conflict(message),
        RefusalKind::NotConfigured => not_configured(),
        RefusalKind::Unavailable => {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
                .with_retry_after(crate::error::UNAVAILABLE_RETRY_AFTER_SECS)
        }
        RefusalKind::Failed => {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
        }
    }
}

/// A store failure: 503 while the database cannot answer, else logged and answered with a
/// bare 500.
pub fn store_failed(error: StoreError) -> ApiError {
    ApiError::from_store(&error)
}

/// A JSON body, or 400 naming what is wrong with it (unknown fields included); 413 and 415 keep
/// their status.
pub fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(value)| value).map_err(|rejection| {
        let status = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(
            status,
            "invalid_request",
            format!("La petición no es válida: {}", rejection.body_text()),
        )
    })
}

/// Query parameters, or 400 naming what is wrong (unknown parameters included).
pub fn query<T>(query: Result<axum::extract::Query<T>, QueryRejection>) -> Result<T, ApiError> {
    query
        .map(|axum::extract::Query(value)| value)
        .map_err(|rejection| {
            invalid(format!(
                "Los parámetros no son válidos: {}",
                rejection.body_text()
            ))
        })
}

/// Parses a local date `YYYY-MM-DD` given in `field`, within the business's years
/// ([`BUSINESS_YEARS`]): past them a day's arithmetic could overflow.
pub fn parse_date(text: &str, field: &str) -> Result<Date, ApiError> {
    let date =
        Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).map_err(|_| {
            invalid(format!(
                "La fecha de «{field}» debe ser una fecha válida con el formato AAAA-MM-DD."
            ))
        })?;
    if !in_business_years(date) {
        return Err(invalid(format!(
            "La fecha de «{field}» debe estar entre los años {} y {}.",
            BUSINESS_YEARS.start(),
            BUSINESS_YEARS.end()
        )));
    }
    Ok(date)
}

/// Parses an RFC 3339 instant given in `field`, within the business's years ([`BUSINESS_YEARS`]),
/// both as written and in UTC: the stores turn it into UTC, which past the calendar's end panics.
pub fn parse_instant(text: &str, field: &str) -> Result<OffsetDateTime, ApiError> {
    let instant = OffsetDateTime::parse(text.trim(), &Rfc3339).map_err(|_| {
        invalid(format!(
            "«{field}» debe ser un instante RFC 3339 (2026-11-20T09:30:00Z)."
        ))
    })?;
    let in_years = |instant: OffsetDateTime| in_business_years(instant.date());
    if !in_years(instant)
        || !instant
            .checked_to_offset(UtcOffset::UTC)
            .is_some_and(in_years)
    {
        return Err(invalid(format!(
            "«{field}» debe ser un instante entre los años {} y {}.",
            BUSINESS_YEARS.start(),
            BUSINESS_YEARS.end()
        )));
    }
    Ok(instant)
}

/// The widest range a dated list may cover, in days between `from` and `to`.
pub const MAX_RANGE_DAYS: i64 = 92;

/// Reads the inclusive range `from`–`to`: both dates, in order, at most [`MAX_RANGE_DAYS`] apart.
pub fn date_range(from: &str, to: &str) -> Result<(Date, Date), ApiError> {
    let from = parse_date(from, "from")?;
    let to = parse_date(to, "to")?;
    if from > to {
        return Err(invalid("«from» no puede ser posterior a «to»."));
    }
    if (to - from).whole_days() > MAX_RANGE_DAYS {
        return Err(invalid(format!(
            "Entre «from» y «to» puede haber como mucho {MAX_RANGE_DAYS} días."
        )));
    }
    Ok((from, to))
}

/// Reads a list's `limit` parameter (text, so that a bad value gets a sentence): `default` when
/// left out, otherwise 1 to `max`.
pub fn limit_param(text: Option<&str>, default: u32, max: u32) -> Result<u32, ApiError> {
    let Some(text) = text else {
        return Ok(default);
    };
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|limit| (1..=max).contains(limit))
        .ok_or_else(|| invalid(format!("«limit» debe ser un número entre 1 y {max}.")))
}

/// The business; 503 `not_configured` before one is set up (a database never seeded): the
/// server cannot take bookings yet, which is not the same as a missing page.
pub async fn business_of(state: &AppState) -> Result<Business, ApiError> {
    crate::usecases::settings::business(state.store.as_ref())
        .await
        .map_err(store_failed)?
        .ok_or_else(not_configured)
}

/// 503 `not_configured`: no business is set up yet.
pub fn not_configured() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "not_configured",
        "El negocio aún no está configurado.",
    )
}

/// A JSON answer that no cache keeps.
pub fn answer(status: StatusCode, body: impl Serialize) -> Response {
    let mut response = (status, Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Checks a name-like text field: as [`limited_text`], and not empty.
pub fn checked_text(text: &str, field: &str, max: usize) -> Result<String, ApiError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(invalid(format!("Falta «{field}».")));
    }
    limited_text(trimmed, field, max)
}

/// Checks a free text field that may be empty: trimmed, in Unicode NFC (an accent typed apart
/// is the same letter, for search and for the eye), at most `max` characters, and nothing that
/// cannot be seen (control, bidi and zero-width characters) but line breaks and the joiners of
/// emoji sequences, nor a letter buried under marks. Every name and text staff or visitors
/// type for others to read passes here, clients' names included.
pub fn limited_text(text: &str, field: &str, max: usize) -> Result<String, ApiError> {
    let text = nfc(text.trim());
    if text.chars().count() > max {
        return Err(invalid(format!(
            "«{field}» puede tener como mucho {max} caracteres."
        )));
    }
    if hidden_character(&text, Visible::WithEmojiAndLineBreaks).is_some() {
        return Err(invalid(format!(
            "«{field}» no puede llevar caracteres invisibles o de control (como espacios de \
             ancho cero o marcas de dirección del texto)."
        )));
    }
    if stacks_marks(&text, MAX_STACKED_MARKS) {
        return Err(invalid(format!(
            "«{field}» apila demasiadas tildes o marcas sobre una misma letra (como mucho \
             {MAX_STACKED_MARKS})."
        )));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn dates_are_read_strictly() {
        assert_eq!(
            parse_date("2026-11-27", "from").ok(),
            Some(date!(2026 - 11 - 27))
        );
        for bad in ["2026-11-31", "27/11/2026", "2026-1-5", "", "mañana"] {
            assert!(parse_date(bad, "from").is_err(), "{bad}");
        }
        for far in [
            "9999-12-31",
            "-9999-01-04",
            "0000-01-01",
            "1999-12-31",
            "2101-01-01",
        ] {
            assert!(parse_date(far, "from").is_err(), "{far}");
        }
        assert!(parse_date("2000-01-01", "from").is_ok());
        assert!(parse_date("2100-12-31", "from").is_ok());
    }

    #[test]
    fn instants_are_read_within_the_business_s_years() {
        assert!(parse_instant("2026-11-20T09:30:00Z", "before").is_ok());
        assert!(parse_instant("2100-12-31T23:59:59-23:59", "before").is_err());
        assert!(parse_instant("2000-01-01T00:00:00+01:00", "before").is_err());
        assert!(parse_instant("9999-12-31T23:59:59-23:59", "before").is_err());
        assert!(parse_instant("ayer", "before").is_err());
    }

    #[test]
    fn ranges_are_ordered_and_bounded() {
        assert_eq!(
            date_range("2026-11-01", "2027-02-01").ok(),
            Some((date!(2026 - 11 - 01), date!(2027 - 02 - 01))),
            "92 days apart"
        );
        assert!(date_range("2026-11-01", "2027-02-02").is_err());
        assert!(date_range("2026-11-02", "2026-11-01").is_err());
        assert!(date_range("2026-11-02", "mañana").is_err());
    }

    #[test]
    fn limits_are_bounded() {
        assert_eq!(limit_param(None, 50, 200).ok(), Some(50));
        assert_eq!(limit_param(Some("200"), 50, 200).ok(), Some(200));
        assert_eq!(limit_param(Some(" 1 "), 50, 200).ok(), Some(1));
        for bad in ["0", "201", "-1", "diez", ""] {
            assert!(limit_param(Some(bad), 50, 200).is_err(), "{bad}");
        }
    }

    #[test]
    fn texts_are_trimmed_and_limited() {
        assert_eq!(
            checked_text("  Corte ", "nombre", 5).ok(),
            Some("Corte".into())
        );
        assert!(checked_text("   ", "nombre", 5).is_err());
        assert!(checked_text("Cortes", "nombre", 5).is_err());
        assert_eq!(
            checked_text("Ñañas", "nombre", 5).ok(),
            Some("Ñañas".into())
        );
        assert!(checked_text("a\u{7}b", "nombre", 5).is_err());
        assert_eq!(limited_text("", "descripción", 5).ok(), Some(String::new()));
        assert_eq!(
            limited_text("a\nb", "descripción", 5).ok(),
            Some("a\nb".into())
        );
    }

    #[test]
    fn texts_are_composed_and_refuse_hidden_characters() {
        assert_eq!(
            checked_text("Jose\u{301}", "client.name", 120).ok(),
            Some("José".into())
        );
        assert_eq!(
            checked_text("Corte 💇\u{200d}♀\u{fe0f}", "name", 120).ok(),
            Some("Corte 💇\u{200d}♀\u{fe0f}".into()),
            "emoji sequences keep their joiners"
        );
        for hidden in [
            "Ana\u{202e}zepóL",
            "A\u{200b}na",
            "Ana\u{2066}x\u{2069}",
            "\u{feff}Ana",
            "An\u{ad}a",
        ] {
            let refused = checked_text(hidden, "client.name", 120).map(drop);
            assert!(refused.is_err(), "{hidden:?}");
            assert!(
                limited_text(hidden, "description", 120).is_err(),
                "{hidden:?}"
            );
        }
        let zalgo = format!("Ana{}", "\u{336}".repeat(9));
        assert!(checked_text(&zalgo, "client.name", 120).is_err());
    }
}
