//! The JSON error envelope of citabot's own APIs: `{ "error": { "code", "message" } }`, with a
//! stable snake_case code. The chat gateway speaks n8n's error shape instead (see `gateway`).
//! 5xx answers never carry internal text: the cause goes to the log. A panic in a handler is
//! answered here too ([`catch_panics`]), as a 500 in the same shape.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::any::Any;

use axum::{Json, Router};
use serde::Serialize;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa::ToSchema;

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
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "There is nothing at this address.",
        )
    }

    /// An unexpected failure: logs `cause` and tells the caller only that it failed.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, source = ?cause.source(), "request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Something went wrong on our side. Please try again.",
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
