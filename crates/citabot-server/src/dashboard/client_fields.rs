//! A client's contact fields as staff type them, and dates as the dashboard writes them: shared
//! by "Nueva cita", the client page and the stats.

use citabot_domain::account::{Email, Phone};
use time::Date;

use super::checked_text;
use crate::error::ApiError;
use crate::error::invalid_account_value;

/// The longest client name, in characters.
pub const CLIENT_NAME_MAX_CHARS: usize = 120;

/// A client's name as staff type it: not empty, at most [`CLIENT_NAME_MAX_CHARS`], nothing
/// hidden ([`checked_text`]).
pub fn client_name(name: &str, field: &str) -> Result<String, ApiError> {
    checked_text(name, field, CLIENT_NAME_MAX_CHARS)
}

/// An optional email as accounts have it (NFKC, lower case, hidden characters refused); blank
/// is none.
pub fn client_email(email: Option<&str>) -> Result<Option<String>, ApiError> {
    match email.map(str::trim) {
        Some(email) if !email.is_empty() => Email::parse(email)
            .map(|email| Some(email.as_str().to_owned()))
            .map_err(|error| invalid_account_value(&error)),
        _ => Ok(None),
    }
}

/// An optional phone as accounts have it; blank is none.
pub fn client_phone(phone: Option<&str>) -> Result<Option<String>, ApiError> {
    match phone.map(str::trim) {
        Some(phone) if !phone.is_empty() => Phone::parse(phone)
            .map(|phone| Some(phone.as_str().to_owned()))
            .map_err(|error| invalid_account_value(&error)),
        _ => Ok(None),
    }
}

/// A date as `YYYY-MM-DD` (`Date`'s own display).
pub fn date_text(date: Date) -> String {
    date.to_string()
}
