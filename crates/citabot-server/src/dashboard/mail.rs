//! "Correos" (issue 13, administradores only): `GET /api/mail` (the outbox, newest first, a
//! page at a time), `GET /api/mail/{id}` (one message with its bodies and calendar file),
//! `GET /api/mail/{id}/preview` (its HTML as a page of its own, for a sandboxed frame) and
//! `POST /api/mail/{id}/retry` (a failed message queued again). Message ids are integers,
//! served as strings like every other id. The work is in [`crate::usecases::outbox`].

use axum::Extension;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use citabot_store::mail::{Mail, MailPage, MailStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::appointments::rfc3339;
use super::{
    administrador, answer, conflict, invalid, limit_param, not_found, query, store_failed,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::outbox::{self as cases, RetryRefusal};

/// The page size when `limit` is left out, and the largest asked for.
pub const DEFAULT_MAIL_PAGE: u32 = 50;
pub const MAX_MAIL_PAGE: u32 = 200;

const NO_SUCH_MAIL: &str = "Ese correo no existe.";

/// The policy of a message's preview page: its own inline styles and data: images, nothing
/// else (no scripts, no requests out, no forms), framed only by the dashboard.
pub const PREVIEW_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
     frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct MailQuery {
    /// Only messages in this status: `pending`, `sent`, `failed`, `unsent` or `suppressed`.
    #[serde(default)]
    status: Option<String>,
    /// How many, 1–200 (50 when left out).
    #[serde(default)]
    limit: Option<String>,
    /// Only messages older than this one (its `id`): the next page.
    #[serde(default)]
    before: Option<String>,
}

/// One message of the outbox, without its bodies.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailView {
    id: String,
    /// `booked`, `confirmed`, `moved`, `cancelled`, `reminder`, `staff_new_booking`,
    /// `staff_waiting` or `review_request`.
    kind: &'static str,
    to: String,
    subject: String,
    /// `pending`, `sent`, `failed`, `unsent` or `suppressed`.
    status: &'static str,
    attempts: u32,
    /// Why the last attempt failed, or why it was suppressed.
    last_error: Option<String>,
    #[schema(format = DateTime)]
    created_at: String,
    /// When it is (or was) due.
    #[schema(format = DateTime)]
    send_after: String,
    #[schema(format = DateTime)]
    sent_at: Option<String>,
    cita_id: Option<String>,
    conversation_id: Option<String>,
}

/// One message with what it says.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailDetailView {
    #[serde(flatten)]
    head: MailView,
    text: String,
    html: String,
    /// The calendar file it carries, if any.
    ics: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailList {
    items: Vec<MailView>,
    /// Whether a mail server is configured (`smtp_url`): without one nothing is sent.
    configured: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailResponse {
    item: MailView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailDetailResponse {
    item: MailDetailView,
}

impl From<&Mail> for MailView {
    fn from(mail: &Mail) -> Self {
        Self {
            id: mail.id.to_string(),
            kind: mail.kind.as_str(),
            to: mail.recipient.clone(),
            subject: mail.subject.clone(),
            status: mail.status.as_str(),
            attempts: mail.attempts,
            last_error: mail.last_error.clone(),
            created_at: rfc3339(mail.created_at),
            send_after: rfc3339(mail.send_after),
            sent_at: mail.sent_at.map(rfc3339),
            cita_id: mail.cita_id.clone(),
            conversation_id: mail.conversation_id.clone(),
        }
    }
}

/// A message id from a path or `before`: anything but a positive integer names no message.
fn mail_id(text: &str) -> Option<i64> {
    text.trim().parse::<i64>().ok().filter(|id| *id > 0)
}

async fn found(state: &AppState, id: &str) -> Result<Mail, ApiError> {
    let id = mail_id(id).ok_or_else(|| not_found(NO_SUCH_MAIL))?;
    cases::one(state.store.as_ref(), id)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_MAIL))
}

/// `GET /api/mail` (administradores): the outbox, newest first.
#[utoipa::path(get, path = "/api/mail", tag = "mail", params(MailQuery),
    responses(
        (status = 200, description = "A page of messages, newest first", body = MailList),
        (status = 400, description = "An unknown status, a bad limit or cursor", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<MailQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let params = query(params)?;
    let status = params
        .status
        .as_deref()
        .map(|text| {
            MailStatus::parse(text.trim()).ok_or_else(|| {
                invalid("«status» debe ser «pending», «sent», «failed», «unsent» o «suppressed».")
            })
        })
        .transpose()?;
    let before = params
        .before
        .as_deref()
        .map(|text| mail_id(text).ok_or_else(|| invalid("«before» debe ser el «id» de un correo.")))
        .transpose()?;
    let limit = limit_param(params.limit.as_deref(), DEFAULT_MAIL_PAGE, MAX_MAIL_PAGE)?;
    let mails = cases::page(
        state.store.as_ref(),
        MailPage {
            status,
            before,
            limit,
        },
    )
    .await
    .map_err(store_failed)?;
    Ok(answer(
        StatusCode::OK,
        MailList {
            items: mails.iter().map(MailView::from).collect(),
            configured: state.outbox.configured,
        },
    ))
}

/// `GET /api/mail/{id}` (administradores): one message, with its text, HTML and calendar file.
#[utoipa::path(get, path = "/api/mail/{id}", tag = "mail",
    params(("id" = String, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message", body = MailDetailResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such message", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let mail = found(&state, &id).await?;
    let item = MailDetailView {
        head: MailView::from(&mail),
        text: mail.text,
        html: mail.html,
        ics: mail.ics,
    };
    Ok(answer(StatusCode::OK, MailDetailResponse { item }))
}

/// `GET /api/mail/{id}/preview` (administradores): the message's HTML as a page of its own,
/// under a policy that lets its inline styles show and nothing run or load. The dashboard's
/// sandboxed frame opens it (a `srcdoc` frame would inherit the site's policy, which blocks
/// inline styles).
#[utoipa::path(get, path = "/api/mail/{id}/preview", tag = "mail",
    params(("id" = String, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message's HTML", content_type = "text/html", body = String),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such message", body = ErrorEnvelope)))]
pub async fn preview(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let mail = found(&state, &id).await?;
    let mut response = (StatusCode::OK, mail.html).into_response();
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CONTENT_SECURITY_POLICY, PREVIEW_POLICY),
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    Ok(response)
}

/// `POST /api/mail/{id}/retry` (administradores): a `failed` message queued again, due now.
#[utoipa::path(post, path = "/api/mail/{id}/retry", tag = "mail",
    params(("id" = String, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message, pending again", body = MailResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 404, description = "No such message", body = ErrorEnvelope),
        (status = 409, description = "Not failed, or no mail server is configured", body = ErrorEnvelope)))]
pub async fn retry(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let id = mail_id(&id).ok_or_else(|| not_found(NO_SUCH_MAIL))?;
    let mail = cases::retry(state.store.as_ref(), &state.outbox, id, state.clock.now())
        .await
        .map_err(|refusal| match refusal {
            RetryRefusal::NotFound => not_found(NO_SUCH_MAIL),
            RetryRefusal::Conflict(message) => conflict(message),
            RetryRefusal::Store(error) => store_failed(error),
        })?;
    Ok(answer(
        StatusCode::OK,
        MailResponse {
            item: MailView::from(&mail),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_positive_integers_name_a_message() {
        assert_eq!(mail_id("42"), Some(42));
        assert_eq!(mail_id(" 7 "), Some(7));
        for bad in ["0", "-1", "abc", "", "99999999999999999999", "1.5"] {
            assert_eq!(mail_id(bad), None, "{bad}");
        }
    }
}
