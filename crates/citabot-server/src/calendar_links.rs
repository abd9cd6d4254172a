//! "Añadir a Google Calendar", "Añadir a Outlook" and "Cómo llegar" for a cita, as the emails
//! write them. The manage page builds the very same strings (`web/apps/site/src/shell/
//! calendarLinks.ts`); the tests of both pin the same vectors, so a change to one shows as a
//! failure until the other follows.
//!
//! Text is percent-encoded as RFC 3986 asks (all but `A-Z a-z 0-9 - . _ ~`): a space is `%20`,
//! never `+`, which Outlook would show as it is. Times are UTC instants, written as each
//! calendar reads them.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::ics::Event;

/// Google Calendar's "new event" form, filled in with `event`.
pub fn google_calendar_url(event: &Event) -> String {
    let dates = format!("{}/{}", basic(event.start), basic(event.end));
    format!(
        "https://calendar.google.com/calendar/render?action=TEMPLATE&text={}&dates={dates}\
         &details={}&location={}",
        percent_encode(&event.summary),
        percent_encode(&event.description),
        percent_encode(&event.location),
    )
}

/// Outlook.com's "new event" form, filled in with `event`.
pub fn outlook_calendar_url(event: &Event) -> String {
    format!(
        "https://outlook.live.com/calendar/0/deeplink/compose?subject={}&startdt={}&enddt={}\
         &location={}&body={}",
        percent_encode(&event.summary),
        iso_seconds(event.start),
        iso_seconds(event.end),
        percent_encode(&event.location),
        percent_encode(&event.description),
    )
}

/// Google Maps searching for `address` (its documented URL, no key needed); `None` for a salon
/// without an address yet.
pub fn map_url(address: &str) -> Option<String> {
    let address = address.trim();
    (!address.is_empty()).then(|| {
        format!(
            "https://www.google.com/maps/search/?api=1&query={}",
            percent_encode(address)
        )
    })
}

/// RFC 3986's strict percent-encoding of `value`'s UTF-8 bytes (a path segment or a query
/// value).
pub fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `2026-12-03T09:00:00Z`: the instant in UTC, to the second.
fn iso_seconds(instant: OffsetDateTime) -> String {
    let utc = instant
        .to_offset(time::UtcOffset::UTC)
        .replace_nanosecond(0)
        .unwrap_or(instant);
    utc.format(&Rfc3339)
        .unwrap_or_default()
        .replace("+00:00", "Z")
}

/// `20261203T090000Z`: Google's basic form of the same.
fn basic(instant: OffsetDateTime) -> String {
    iso_seconds(instant).replace(['-', ':'], "")
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    /// Ana's cita: Thursday 3 December 2026, 10:00–11:00 in Madrid (the site's test's own).
    fn cita() -> Event {
        Event {
            uid: "c-1@citabot".into(),
            stamp: datetime!(2026-12-01 12:00 UTC),
            start: datetime!(2026-12-03 10:00 +1),
            end: datetime!(2026-12-03 11:00 +1),
            summary: "Corte de pelo, Peinado — Peluquería Lucía".into(),
            location: "Calle Mayor 1, 28013 Madrid".into(),
            description: "Te atiende Lucía.".into(),
            status: None,
        }
    }

    #[test]
    fn google_calendar_gets_utc_times_and_every_text_escaped() {
        assert_eq!(
            google_calendar_url(&cita()),
            "https://calendar.google.com/calendar/render?action=TEMPLATE\
             &text=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa\
             &dates=20261203T090000Z/20261203T100000Z\
             &details=Te%20atiende%20Luc%C3%ADa.\
             &location=Calle%20Mayor%201%2C%2028013%20Madrid"
        );
    }

    #[test]
    fn outlook_gets_iso_utc_times() {
        assert_eq!(
            outlook_calendar_url(&cita()),
            "https://outlook.live.com/calendar/0/deeplink/compose\
             ?subject=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa\
             &startdt=2026-12-03T09:00:00Z&enddt=2026-12-03T10:00:00Z\
             &location=Calle%20Mayor%201%2C%2028013%20Madrid\
             &body=Te%20atiende%20Luc%C3%ADa."
        );
    }

    #[test]
    fn what_a_query_would_misread_is_escaped() {
        let event = Event {
            summary: "Mechas & Tinte (raíz) — L'Atelier Ñ+1".into(),
            start: datetime!(2026-07-01 20:30 +2),
            end: datetime!(2026-07-01 21:30 +2),
            ..cita()
        };
        let google = google_calendar_url(&event);
        assert!(
            google.contains("&dates=20260701T183000Z/20260701T193000Z&"),
            "{google}"
        );
        assert!(
            google.contains(
                "&text=Mechas%20%26%20Tinte%20%28ra%C3%ADz%29%20%E2%80%94%20L%27Atelier%20%C3%91%2B1&"
            ),
            "{google}"
        );
    }

    #[test]
    fn the_map_searches_the_address() {
        assert_eq!(
            map_url(" Calle de Fuencarral 70, 28004 Madrid ").as_deref(),
            Some(
                "https://www.google.com/maps/search/?api=1&query=Calle%20de%20Fuencarral%2070%2C%2028004%20Madrid"
            )
        );
        assert_eq!(map_url("  "), None);
    }
}
