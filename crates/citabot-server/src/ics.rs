//! An iCalendar file (RFC 5545) with one event, for "Añadir al calendario": what calendar apps
//! import. Written here rather than with a crate: one VEVENT needs only the text escaping
//! (§3.3.11), UTC date-times (§3.3.5) and line folding at 75 octets (§3.1), a few dozen lines
//! that are easier to check than a dependency's whole model of the format.

use time::OffsetDateTime;
use time::macros::format_description;

/// One event of a calendar file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Stable across downloads, so importing the file again updates the same event.
    pub uid: String,
    /// When the file was made.
    pub stamp: OffsetDateTime,
    pub start: OffsetDateTime,
    pub end: OffsetDateTime,
    pub summary: String,
    pub location: String,
    pub description: String,
    /// `TENTATIVE`, `CONFIRMED` or `CANCELLED`; left out when `None`.
    pub status: Option<&'static str>,
}

/// What a calendar file is for (RFC 5546): a download to import, or an invitation sent by
/// mail that updates (or cancels) the same event each time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    /// "Añadir al calendario".
    Publish,
    /// A message about a cita: `METHOD:REQUEST` (or `CANCEL` when it is cancelled) with a
    /// `SEQUENCE` that rises with every change, the salon as organiser, the client invited.
    Invite {
        cancel: bool,
        sequence: i64,
        organizer: Party,
        attendee: Party,
    },
}

/// A person or the salon in an invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    pub name: String,
    pub email: String,
}

/// The longest content line, in octets, before it is folded (RFC 5545 §3.1).
const LINE_OCTETS: usize = 75;

/// The calendar file holding `event`, for `method`: CRLF line endings, long lines folded.
pub fn calendar(event: &Event, method: &Method) -> String {
    let method_name = match method {
        Method::Publish => "PUBLISH",
        Method::Invite { cancel: true, .. } => "CANCEL",
        Method::Invite { cancel: false, .. } => "REQUEST",
    };
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//citabot//citabot//ES".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        format!("METHOD:{method_name}"),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", text(&event.uid)),
        format!("DTSTAMP:{}", utc(event.stamp)),
        format!("DTSTART:{}", utc(event.start)),
        format!("DTEND:{}", utc(event.end)),
        format!("SUMMARY:{}", text(&event.summary)),
    ];
    if let Method::Invite {
        sequence,
        organizer,
        attendee,
        ..
    } = method
    {
        lines.push(format!("SEQUENCE:{sequence}"));
        lines.push(format!(
            "ORGANIZER;CN={}:mailto:{}",
            parameter(&organizer.name),
            organizer.email
        ));
        lines.push(format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:{}",
            parameter(&attendee.name),
            attendee.email
        ));
    }
    if !event.location.is_empty() {
        lines.push(format!("LOCATION:{}", text(&event.location)));
    }
    if !event.description.is_empty() {
        lines.push(format!("DESCRIPTION:{}", text(&event.description)));
    }
    if let Some(status) = event.status {
        lines.push(format!("STATUS:{status}"));
    }
    lines.push("END:VEVENT".to_owned());
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|line| fold(line)).collect()
}

/// A parameter value (RFC 5545 §3.2): quoted, with the quote and control characters dropped.
fn parameter(value: &str) -> String {
    let clean: String = value
        .chars()
        .filter(|letter| *letter != '"' && !letter.is_control())
        .collect();
    format!("\"{clean}\"")
}

/// A date-time in UTC, `19980119T070000Z` (RFC 5545 §3.3.5, form 2).
fn utc(instant: OffsetDateTime) -> String {
    let format = format_description!("[year][month][day]T[hour][minute][second]Z");
    instant
        .to_offset(time::UtcOffset::UTC)
        .format(&format)
        .unwrap_or_default()
}

/// A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon and comma behind a
/// backslash, a line break as `\n`; carriage returns and other control characters dropped.
pub fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for letter in value.chars() {
        match letter {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            other if other.is_control() => {}
            other => out.push(other),
        }
    }
    out
}

/// One content line with its CRLF, folded so that no physical line passes 75 octets: a break
/// (CRLF and a space) goes before the character that would pass them, never inside one.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut octets = 0;
    for letter in line.chars() {
        let width = letter.len_utf8();
        if octets + width > LINE_OCTETS {
            out.push_str("\r\n ");
            // The space that starts a continuation line counts towards its 75 octets.
            octets = 1;
        }
        out.push(letter);
        octets += width;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(
            text("Corte, tinte; peinado\\extra\nlínea\r"),
            "Corte\\, tinte\\; peinado\\\\extra\\nlínea"
        );
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let line = format!("SUMMARY:{}", "ñ".repeat(100));
        let folded = fold(&line);
        assert!(folded.ends_with("\r\n"));
        let physical: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(physical.len() > 2, "{physical:?}");
        for (index, part) in physical.iter().enumerate() {
            assert!(part.len() <= 75, "line {index} has {} octets", part.len());
            if index > 0 {
                assert!(part.starts_with(' '));
            }
        }
        // Unfolding (dropping each CRLF and the space after it) gives the line back.
        assert_eq!(folded.trim_end_matches("\r\n").replace("\r\n ", ""), line);
        assert_eq!(fold("SHORT:ok"), "SHORT:ok\r\n");
        let exactly = "X".repeat(75);
        assert_eq!(fold(&exactly), format!("{exactly}\r\n"));
        assert_eq!(
            fold(&"X".repeat(76)),
            format!("{}\r\n X\r\n", "X".repeat(75))
        );
    }

    #[test]
    fn a_calendar_holds_one_event_in_utc_with_crlf_lines() {
        let event = Event {
            uid: "c-1@citabot".into(),
            stamp: datetime!(2026-11-20 09:30:00.5 UTC),
            start: datetime!(2026-11-27 10:00 +01:00),
            end: datetime!(2026-11-27 10:45 +01:00),
            summary: "Corte, Tinte — Peluquería Ana".into(),
            location: String::new(),
            description: "Con Ana".into(),
            status: Some("CONFIRMED"),
        };
        let file = calendar(&event, &Method::Publish);
        assert!(
            !file.replace("\r\n", "").contains('\n'),
            "only CRLF endings"
        );
        let lines: Vec<&str> = file.split_terminator("\r\n").collect();
        assert_eq!(
            lines,
            [
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "PRODID:-//citabot//citabot//ES",
                "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH",
                "BEGIN:VEVENT",
                "UID:c-1@citabot",
                "DTSTAMP:20261120T093000Z",
                "DTSTART:20261127T090000Z",
                "DTEND:20261127T094500Z",
                "SUMMARY:Corte\\, Tinte — Peluquería Ana",
                "DESCRIPTION:Con Ana",
                "STATUS:CONFIRMED",
                "END:VEVENT",
                "END:VCALENDAR",
            ]
        );
    }

    #[test]
    fn an_invitation_carries_its_sequence_and_parties() {
        let event = Event {
            uid: "c-1@citabot".into(),
            stamp: datetime!(2026-11-20 09:30 UTC),
            start: datetime!(2026-11-27 10:00 +01:00),
            end: datetime!(2026-11-27 10:45 +01:00),
            summary: "Corte".into(),
            location: String::new(),
            description: String::new(),
            status: Some("CANCELLED"),
        };
        let invite = |cancel| Method::Invite {
            cancel,
            sequence: 3,
            organizer: Party {
                name: "Peluquería \"Ana\"".into(),
                email: "citas@salon.example".into(),
            },
            attendee: Party {
                name: "Marta".into(),
                email: "marta@ejemplo.es".into(),
            },
        };
        let file = calendar(&event, &invite(true));
        let lines: Vec<&str> = file.split_terminator("\r\n").collect();
        assert!(lines.contains(&"METHOD:CANCEL"), "{lines:?}");
        assert!(lines.contains(&"SEQUENCE:3"));
        assert!(lines.contains(&"ORGANIZER;CN=\"Peluquería Ana\":mailto:citas@salon.example"));
        assert!(lines.contains(
            &"ATTENDEE;CN=\"Marta\";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:marta@ejemplo.es"
        ));
        assert!(calendar(&event, &invite(false)).contains("METHOD:REQUEST\r\n"));
    }
}
