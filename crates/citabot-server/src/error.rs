//! The JSON error envelope of citabot's own APIs: `{ "error": { "code", "message" } }`, with a
//! stable snake_case code. The chat gateway speaks n8n's error shape instead (see `gateway`).
//! 5xx answers never carry internal text: the cause goes to the log. A panic in a handler is
//! answered here too ([`catch_panics`]), as a 500 in the same shape.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::any::Any;

use axum::{Json, Router};
use citabot_domain::account::AccountValueError;
use citabot_store::StoreError;
use serde::Serialize;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa::ToSchema;

use crate::auth::rate_limit::RetryAfter;
use crate::usecases::accounts::CreateAccountError;

/// How long a caller is asked to wait (`Retry-After`) when the database cannot answer: a locked
/// file or a reconnecting pool is usually back within seconds.
pub const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    retry_after_secs: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    /// The sentence the caller reads.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Adds `Retry-After` (for 429 and 503 answers).
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after_secs = Some(seconds);
        self
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Aquí no hay nada.")
    }

    /// A store failure: a database that cannot answer now is 503 `unavailable` with
    /// `Retry-After`; anything else is [`Self::internal`].
    pub fn from_store(error: &StoreError) -> Self {
        match error {
            StoreError::Unavailable(_) => {
                tracing::warn!(%error, source = ?std::error::Error::source(error), "request failed: database unavailable");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "No podemos atenderte ahora mismo. Vuelve a intentarlo en unos segundos.",
                )
                .with_retry_after(UNAVAILABLE_RETRY_AFTER_SECS)
            }
            other => Self::internal(other),
        }
    }

    /// An unexpected failure: logs `cause` and tells the caller only that it failed.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, source = ?cause.source(), "request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Algo ha fallado por nuestra parte. Vuelve a intentarlo.",
        )
    }
}

/// The body of every error answer of the site APIs.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Stable and machine-readable.
    #[schema(example = "invalid_credentials")]
    code: &'static str,
    /// A sentence for the person, in Spanish.
    #[schema(example = "El email o la contraseña no son correctos.")]
    message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorEnvelope {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
            },
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// Answers a panic anywhere under `router` with a 500 in the error shape, instead of dropping
/// the connection. The panic itself is logged by the binary's panic hook
/// ([`crate::telemetry::log_panics_as_one_line`]), on one line.
pub fn catch_panics<S>(router: Router<S>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router.layer(CatchPanicLayer::custom(
        panic_answer as fn(Box<dyn Any + Send>) -> Response,
    ))
}

/// The answer to a request whose handler panicked; nothing of the panic is in it.
fn panic_answer(_panic: Box<dyn Any + Send>) -> Response {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.",
    )
    .into_response()
}

/// How the account API answers an account that cannot be created.
impl CreateAccountError {
    /// The API's answer: 400 naming the field, `email_taken` for a taken email (each endpoint's
    /// contract has its own code and sentence), 503 while the database cannot write, a bare
    /// 500 for the rest.
    pub fn into_api_error(self, email_taken: ApiError) -> ApiError {
        match self {
            Self::Invalid(invalid) => invalid_account_value(&invalid),
            Self::EmailTaken => email_taken,
            Self::Store(error) => ApiError::from_store(&error),
            Self::Failed(cause) => ApiError::internal(cause.as_ref()),
        }
    }
}

/// A 400 naming the account field that is wrong, in Spanish.
pub(crate) fn invalid_account_value(error: &AccountValueError) -> ApiError {
    let (code, message) = match error {
        AccountValueError::InvalidEmail => ("invalid_email", "El email no es válido.".to_owned()),
        AccountValueError::EmailHasHiddenCharacters => (
            "invalid_email",
            "El email lleva caracteres invisibles o de control (como espacios de ancho cero o \
             marcas de dirección del texto). Escríbelo sin ellos."
                .to_owned(),
        ),
        AccountValueError::EmailMixesScripts => (
            "invalid_email",
            "El email mezcla alfabetos distintos en una misma parte (por ejemplo, letras latinas \
             y cirílicas). Escríbelo con las letras de un solo alfabeto."
                .to_owned(),
        ),
        AccountValueError::PasswordTooShort { min } => (
            "weak_password",
            format!("La contraseña debe tener al menos {min} caracteres."),
        ),
        AccountValueError::PasswordTooLong { max } => (
            "long_password",
            format!("La contraseña puede tener como mucho {max} caracteres."),
        ),
        AccountValueError::MissingName { field } => (
            "missing_name",
            format!("Falta el {}.", spanish_field(field)),
        ),
        AccountValueError::NameTooLong { field, max } => (
            "long_name",
            format!(
                "El {} puede tener como mucho {max} caracteres.",
                spanish_field(field)
            ),
        ),
        AccountValueError::NameHasHiddenCharacters { field } => (
            "invalid_name",
            format!(
                "El {} lleva caracteres invisibles o de control (como espacios de ancho cero o \
                 marcas de dirección del texto), que no se admiten.",
                spanish_field(field)
            ),
        ),
        AccountValueError::NameStacksMarks { field, max } => (
            "invalid_name",
            format!(
                "El {} apila demasiadas tildes o marcas sobre una misma letra (como mucho {max}).",
                spanish_field(field)
            ),
        ),
        AccountValueError::InvalidPhone => {
            ("invalid_phone", "El teléfono no es válido.".to_owned())
        }
    };
    ApiError::new(StatusCode::BAD_REQUEST, code, message)
}

fn spanish_field(field: &str) -> &'static str {
    if field == "first name" {
        "nombre"
    } else {
        "apellido"
    }
}

/// A 429 for too many attempts, saying how long to wait.
pub(crate) fn too_many_attempts(retry: RetryAfter) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
        format!(
            "Demasiados intentos. Vuelve a intentarlo dentro de {} s.",
            retry.0
        ),
    )
    .with_retry_after(retry.0)
}
