//! The JSON error envelope of citabot's own APIs: `{ "error": { "code", "message" } }`, with a
//! stable snake_case code. The chat gateway speaks n8n's error shape instead (see `gateway`).
//! 5xx answers never carry internal text: the cause goes to the log. A panic in a handler is
//! answered here too ([`catch_panics`]), as a 500 in the same shape.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::any::Any;

use axum::{Json, Router};
use citabot_store::StoreError;
use serde::Serialize;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa::ToSchema;

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
