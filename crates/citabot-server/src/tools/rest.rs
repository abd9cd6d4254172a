//! `POST /api/tools/{name}`: the agent tools as plain JSON over HTTP, for workflows without an
//! LLM (n8n's HTTP Request node). The body is the tool's arguments, as MCP's `tools/call` takes
//! them; the answer is the tool's JSON, or a refusal in the API's error shape with a status by
//! its kind (400 malformed, 404 not found or not the caller's, 403 not allowed, 422 against the
//! salon's rules, 409 against the diary as it is, 503 with `Retry-After` when the database
//! cannot answer).
//!
//! A bearer is required: an API key, or the visitor's capability the workflow got in
//! `metadata.citabot.token`. No cookie is read, so no CSRF token is asked for.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{CredentialRefused, Refused, principal, run};
use crate::auth::{self, Bearer, MalformedBearer};
use crate::dashboard::{answer, invalid, not_found, refused_as};
use crate::error::ApiError;
use crate::state::AppState;

/// The largest body read: as MCP's messages.
pub const MAX_BODY_BYTES: usize = crate::mcp::MAX_MESSAGE_BYTES;

/// `POST /api/tools/{name}` (described per tool in the OpenAPI document: `openapi::ToolPaths`).
pub async fn call(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let token = match auth::bearer(&headers) {
        Ok(Some(Bearer::Key(token) | Bearer::Other(token))) => token,
        Ok(None) => {
            return auth::unauthenticated(
                "Falta la credencial: envía «Authorization: Bearer» con el token de la \
                 conversación (metadata.citabot.token) o una clave de API (cbk_…).",
            );
        }
        Err(MalformedBearer) => {
            return auth::unauthenticated(
                "La cabecera Authorization no es válida: envía «Bearer » seguido del token.",
            );
        }
    };
    let principal = match principal(&state, token).await {
        Ok(principal) => principal,
        Err(CredentialRefused::Invalid) => {
            return auth::unauthenticated(
                "La credencial no es válida, se ha revocado o ha caducado.",
            );
        }
        Err(CredentialRefused::Answered(response)) => return response,
    };
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let status = rejection.status();
            return ApiError::new(
                status,
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    "payload_too_large"
                } else {
                    "invalid_request"
                },
                format!(
                    "El cuerpo es demasiado grande o está incompleto (como mucho {} KiB).",
                    MAX_BODY_BYTES / 1024
                ),
            )
            .into_response();
        }
    };
    let arguments = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice::<Value>(&body) {
            Ok(arguments @ Value::Object(_)) => arguments,
            Ok(_) => {
                return invalid(
                    "El cuerpo debe ser un objeto JSON con los argumentos de la herramienta.",
                )
                .into_response();
            }
            Err(_) => {
                return invalid("El cuerpo no es JSON válido.").into_response();
            }
        }
    };
    match run(&state, &principal, &name, arguments).await {
        Some(Ok(body)) => answer(StatusCode::OK, body),
        Some(Err(Refused { sentence, kind })) => refused_as(kind, sentence).into_response(),
        None => not_found(&format!(
            "No hay ninguna herramienta «{name}»: GET /api/openapi.json las lista."
        ))
        .into_response(),
    }
}
