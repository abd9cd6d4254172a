//! Files sent with a chat message (multipart, repeated `files` parts, docs/PROTOCOL.md §2.3),
//! checked before anything else sees them (REQUIREMENTS H7): how many, how large, and what they
//! really are, judged by their first bytes, never by the declared type or the name. Names are
//! cleaned for display and never used as paths.

use axum::extract::Multipart;
use axum::extract::multipart::Field;
use axum::http::StatusCode;
use bytes::{Bytes, BytesMut};
use serde_json::Value;

use crate::config::Settings;
use crate::visitor_error::VisitorError;

/// A checked file: its cleaned display name, the type its content shows, and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub name: String,
    pub mime: &'static str,
    pub data: Bytes,
}

/// Form fields other than files: the four of the protocol, and a few more a client may add.
const MAX_FIELDS: usize = 16;
/// Longest display name kept, in characters.
const MAX_NAME_CHARS: usize = 100;

/// Reads a multipart chat request: its fields (as the JSON body would carry them, for the gateway
/// to read as its request) and files.
pub async fn read(
    mut form: Multipart,
    settings: &Settings,
) -> Result<(serde_json::Map<String, Value>, Vec<Upload>), VisitorError> {
    let mut fields = serde_json::Map::new();
    let mut uploads = Vec::new();
    let mut field_count = 0;
    while let Some(field) = form.next_field().await.map_err(unreadable)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "files" {
            if uploads.len() == settings.chat_max_files {
                return Err(VisitorError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!(
                        "Demasiados archivos: como mucho {} por mensaje.",
                        settings.chat_max_files
                    ),
                    format!(
                        "Too many files: at most {} per message",
                        settings.chat_max_files
                    ),
                ));
            }
            uploads.push(read_file(field, settings).await?);
            continue;
        }
        field_count += 1;
        if field_count > MAX_FIELDS {
            return Err(VisitorError::bad_request(
                format!("Demasiados campos en el formulario: como mucho {MAX_FIELDS}."),
                format!("Too many form fields: at most {MAX_FIELDS}"),
            ));
        }
        let value = read_limited(field, settings.chat_max_body_bytes, || {
            VisitorError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "Un campo del formulario es demasiado grande: como mucho {} bytes.",
                    settings.chat_max_body_bytes
                ),
                format!(
                    "A form field is too large: at most {} bytes",
                    settings.chat_max_body_bytes
                ),
            )
        })
        .await?;
        let text = String::from_utf8(value.to_vec()).map_err(|_| {
            VisitorError::bad_request(
                format!("El campo «{name}» del formulario no es texto UTF-8."),
                format!("The form field {name:?} is not UTF-8 text"),
            )
        })?;
        // Only the protocol's own fields are read; a repeated one keeps its first value.
        if matches!(
            name.as_str(),
            "action" | "sessionId" | "chatInput" | "metadata"
        ) && !fields.contains_key(&name)
        {
            let value = if name == "metadata" {
                serde_json::from_str(&text).unwrap_or(Value::Null)
            } else {
                Value::String(text)
            };
            fields.insert(name, value);
        }
    }
    Ok((fields, uploads))
}

async fn read_file(field: Field<'_>, settings: &Settings) -> Result<Upload, VisitorError> {
    let name = clean_name(field.file_name().unwrap_or_default());
    let max = settings.chat_max_file_bytes;
    let data = read_limited(field, max, || {
        VisitorError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "El archivo «{name}» es demasiado grande: como mucho {}.",
                human_size(max)
            ),
            format!(
                "The file «{name}» is too large: at most {}",
                human_size(max)
            ),
        )
    })
    .await?;
    let mime = sniff(&data)
        .filter(|mime| {
            settings
                .chat_allowed_file_types
                .iter()
                .any(|allowed| allowed == mime)
        })
        .ok_or_else(|| {
            VisitorError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "El archivo «{name}» no es de un tipo aceptado: envía {}.",
                    settings.chat_allowed_file_types.join(", ")
                ),
                format!(
                    "The file «{name}» is not an accepted type: send {}",
                    settings.chat_allowed_file_types.join(", ")
                ),
            )
        })?;
    Ok(Upload { name, mime, data })
}

async fn read_limited(
    mut field: Field<'_>,
    max: usize,
    too_large: impl Fn() -> VisitorError,
) -> Result<Bytes, VisitorError> {
    let mut data = BytesMut::new();
    while let Some(chunk) = field.chunk().await.map_err(unreadable)? {
        if data.len() + chunk.len() > max {
            return Err(too_large());
        }
        data.extend_from_slice(&chunk);
    }
    Ok(data.freeze())
}

fn unreadable(error: axum::extract::multipart::MultipartError) -> VisitorError {
    let status = error.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        VisitorError::new(
            status,
            "La petición es demasiado grande.",
            "The request is too large",
        )
    } else {
        VisitorError::form_unreadable(status)
    }
}

/// What a file is, from its first bytes. Images carrying markup (HTML or SVG hidden after a
/// valid header, the classic polyglot) and text that is markup are refused: `None`.
pub fn sniff(data: &[u8]) -> Option<&'static str> {
    let image = if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if data.starts_with(b"\xff\xd8\xff") {
        Some("image/jpeg")
    } else if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    };
    if let Some(image) = image {
        return (!contains_markup(data)).then_some(image);
    }
    if data.starts_with(b"%PDF-") {
        return Some("application/pdf");
    }
    let text = std::str::from_utf8(data).ok()?;
    let looks_like_markup = text.trim_start().starts_with('<') || contains_markup(data);
    // Text is what people write: no control characters but tabs and line breaks.
    let binary = text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
    (!binary && !looks_like_markup).then_some("text/plain")
}

fn contains_markup(data: &[u8]) -> bool {
    const MARKERS: [&[u8]; 5] = [b"<script", b"<html", b"<svg", b"<iframe", b"javascript:"];
    data.windows(11).any(|window| {
        MARKERS
            .iter()
            .any(|marker| window[..marker.len()].eq_ignore_ascii_case(marker))
    }) || data.len() < 11
        && MARKERS
            .iter()
            .any(|marker| data.eq_ignore_ascii_case(marker))
}

/// The last path segment of a client's file name, without control or direction-changing
/// characters, trimmed and bounded; `archivo` when nothing is left.
pub fn clean_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base
        .chars()
        .filter(|c| {
            !c.is_control() && !is_bidi_control(*c) && !matches!(c, '\u{2028}' | '\u{2029}')
        })
        .take(MAX_NAME_CHARS)
        .collect();
    let cleaned = cleaned.trim_matches(|c: char| c.is_whitespace() || c == '.');
    if cleaned.is_empty() {
        "archivo".to_owned()
    } else {
        cleaned.to_owned()
    }
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn human_size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 && bytes.is_multiple_of(1024 * 1024) {
        format!("{} MB", bytes / (1024 * 1024))
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn types_are_told_by_content() {
        assert_eq!(sniff(PNG), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0\0\x10JFIF"), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a\x01\0\x01\0"), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(
            sniff("Hola, adjunto mi horario.\n".as_bytes()),
            Some("text/plain")
        );
    }

    #[test]
    fn markup_and_unknown_binaries_are_refused() {
        for refused in [
            &b"<html><script>alert(1)</script></html>"[..],
            b"  <svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
            b"<?xml version='1.0'?><svg/>",
            b"PK\x03\x04zipped",
            b"MZ\x90\0executable",
            b"texto con \0 nulo",
            b"\xff\xfe no es utf-8",
            b"hola <SCRIPT>alert(1)</SCRIPT>",
        ] {
            assert_eq!(
                sniff(refused),
                None,
                "{:?}",
                String::from_utf8_lossy(refused)
            );
        }
        let polyglot = [PNG, b"....<html><body onload=alert(1)>".as_slice()].concat();
        assert_eq!(
            sniff(&polyglot),
            None,
            "an image with markup inside is refused"
        );
    }

    #[test]
    fn names_are_cleaned_for_display_only() {
        assert_eq!(clean_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_name("..\\..\\win.ini"), "win.ini");
        assert_eq!(clean_name("/abs/path/foto.png"), "foto.png");
        assert_eq!(clean_name("a\0.png"), "a.png");
        assert_eq!(clean_name("x\r\nX-Injected: 1.png"), "xX-Injected: 1.png");
        assert_eq!(clean_name("invoice\u{202E}fdp.exe"), "invoicefdp.exe");
        assert_eq!(clean_name(".."), "archivo");
        assert_eq!(clean_name(""), "archivo");
        assert_eq!(clean_name(&"n".repeat(300)).chars().count(), 100);
    }
}
