//! Probes for orchestrators: `/healthz` says the process answers, `/readyz` that it can serve
//! (the database answers).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// What a probe answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` (alive), `ready`, or `unavailable`.
    #[schema(example = "ok")]
    status: &'static str,
    /// Why the server cannot serve, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "The process answers", body = Health)))]
pub async fn live() -> Json<Health> {
    Json(Health {
        status: "ok",
        reason: None,
    })
}

#[utoipa::path(get, path = "/readyz", tag = "operations", responses(
    (status = 200, description = "The database answers: ready to serve", body = Health),
    (status = 503, description = "The database does not answer", body = Health)))]
pub async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    match state.store.ping().await {
        Ok(()) => (
            StatusCode::OK,
            Json(Health {
                status: "ready",
                reason: None,
            }),
        ),
        Err(error) => {
            tracing::warn!(error = %error, source = ?std::error::Error::source(&error), "not ready: database unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Health {
                    status: "unavailable",
                    reason: Some("database unreachable"),
                }),
            )
        }
    }
}
