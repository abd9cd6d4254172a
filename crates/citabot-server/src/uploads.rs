//! Files sent with a chat message (multipart, repeated `files` parts, docs/PROTOCOL.md §2.3),
//! checked before anything else sees them (REQUIREMENTS H7): how many, how large, and what they
//! really are, judged by their first bytes ([`citabot_domain::file_type::sniff`]), never by the
//! declared type or the name. Names are cleaned for display and never used as paths.

use axum::extract::Multipart;
use axum::extract::multipart::Field;
use axum::http::StatusCode;
use bytes::{Bytes, BytesMut};
use citabot_domain::file_type::sniff;
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
