//! A refusal or failure told to a visitor of the chat (the webhook, its live channel, the CSRF
//! check in front of it), in n8n's error shape. Apart from the gateway, because the live channel
//! and the CSRF middleware say the same sentences.

use std::borrow::Cow;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use citabot_domain::chat::ChatValueError;
use citabot_store::StoreError;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::UNAVAILABLE_RETRY_AFTER_SECS;
use crate::language::{Lang, Sentence};

/// A refusal or failure in n8n's own error shape: a non-2xx status with
/// `{"code": <status>, "message": "<readable>", "hint"?: "..."}`, which both n8n's widget and ours
/// show as a sentence.
///
/// The sentence is Spanish unless the request prefers English ([`Self::for_language`]).
#[derive(Debug)]
pub struct VisitorError {
    status: StatusCode,
    message: Sentence,
    lang: Lang,
    hint: Option<String>,
    retry_after_secs: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VisitorErrorBody<'a> {
    /// The HTTP status again.
    #[schema(example = 413)]
    code: u16,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
}

impl VisitorError {
    /// A refusal with its sentence in Spanish and in English.
    pub fn new(
        status: StatusCode,
        es: impl Into<Cow<'static, str>>,
        en: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            message: Sentence::new(es, en),
            lang: Lang::Es,
            hint: None,
            retry_after_secs: None,
        }
    }

    /// The same refusal, said in `lang`.
    #[must_use]
    pub fn for_language(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The sentence shown to the visitor.
    pub fn message(&self) -> &str {
        self.message.get(self.lang)
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Adds `Retry-After` (for 429 answers).
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after_secs = Some(seconds);
        self
    }

    pub fn bad_request(es: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, es, en)
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// A body that is not the protocol's JSON (the parser's words go to the hint, for
    /// developers).
    pub fn unparsable(error: &serde_json::Error) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "No hemos podido leer la petición.",
            "Failed to parse request body",
        )
        .with_hint(error.to_string())
    }

    /// A form whose parts could not be read.
    pub fn form_unreadable(status: StatusCode) -> Self {
        Self::new(
            status,
            "No hemos podido leer los datos del formulario.",
            "The form data could not be read",
        )
    }

    /// A store failure: another account's conversation is refused; a database that cannot
    /// answer now is "try again shortly" (503 with `Retry-After`); anything else is
    /// [`Self::internal`].
    pub fn from_store(error: &StoreError) -> Self {
        match error {
            StoreError::NotOwner => Self::new(
                StatusCode::FORBIDDEN,
                "Esta conversación es de otra cuenta: empieza una conversación nueva.",
                "This conversation belongs to another account: start a new conversation.",
            ),
            StoreError::Unavailable(_) => {
                tracing::warn!(%error, source = ?std::error::Error::source(error), "chat request failed: database unavailable");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    NOT_AVAILABLE_ES,
                    NOT_AVAILABLE_EN,
                )
                .with_retry_after(UNAVAILABLE_RETRY_AFTER_SECS)
            }
            other => Self::internal(other),
        }
    }

    /// An unexpected failure: logs `cause`, tells the visitor only that the assistant failed.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, source = ?cause.source(), "chat request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            NOT_AVAILABLE_ES,
            NOT_AVAILABLE_EN,
        )
    }
}

/// What a visitor reads when the assistant cannot answer (the cause goes to the log).
const NOT_AVAILABLE_ES: &str =
    "El asistente no está disponible ahora mismo. Vuelve a intentarlo en un momento.";
const NOT_AVAILABLE_EN: &str =
    "The assistant is not available right now. Please try again in a moment.";

impl From<ChatValueError> for VisitorError {
    fn from(error: ChatValueError) -> Self {
        let english = error.to_string();
        match error {
            ChatValueError::MissingSessionId => Self::bad_request("Falta «sessionId».", english),
            ChatValueError::SessionIdTooLong { max } => Self::bad_request(
                format!("«sessionId» puede tener como mucho {max} caracteres."),
                english,
            ),
            ChatValueError::SessionIdNotPrintable => Self::bad_request(
                "«sessionId» solo puede tener caracteres imprimibles.",
                english,
            ),
            ChatValueError::EmptyInput => Self::bad_request("El mensaje está vacío.", english),
            ChatValueError::InputHasNul => Self::bad_request(
                "El mensaje lleva un carácter nulo (NUL), que no se puede guardar.",
                english,
            ),
            ChatValueError::StackedMarks { max } => Self::bad_request(
                english,
                format!(
                    "The message stacks too many accents or marks on one letter (at most {max}): please write it without them."
                ),
            ),
            ChatValueError::InputTooLong { max } => Self::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("El mensaje es demasiado largo: como mucho {max} caracteres."),
                english,
            ),
        }
    }
}

impl IntoResponse for VisitorError {
    fn into_response(self) -> Response {
        let body = VisitorErrorBody {
            code: self.status.as_u16(),
            message: self.message.get(self.lang),
            hint: self.hint.as_deref(),
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_have_the_n8n_shape() {
        let error = VisitorError::bad_request("Falta «sessionId».", "sessionId is required")
            .with_hint("send the id");
        let body = |error: &VisitorError| {
            serde_json::to_string(&VisitorErrorBody {
                code: error.status.as_u16(),
                message: error.message(),
                hint: error.hint.as_deref(),
            })
            .expect("serialises")
        };
        assert_eq!(
            body(&error),
            r#"{"code":400,"message":"Falta «sessionId».","hint":"send the id"}"#
        );
        let english = error.for_language(Lang::En);
        assert_eq!(
            body(&english),
            r#"{"code":400,"message":"sessionId is required","hint":"send the id"}"#
        );
    }
}
