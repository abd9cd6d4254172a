//! Probes for orchestrators: `/healthz` says the process answers, `/readyz` that it can serve
//! (the database answers and would take a write now), within a second.

use std::sync::atomic::Ordering;
use std::time::Duration;

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
    /// Why the server cannot serve, when it cannot: `database unavailable` (it cannot take a
    /// write now), `database too slow` (it did not say within a second) or `shutting down` (a
    /// stop signal came: requests are still served for the drain period, new ones belong
    /// elsewhere).
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

/// How long readiness may take: a probe that waits longer than this is told "unavailable".
const READY_WITHIN: Duration = Duration::from_secs(1);

#[utoipa::path(get, path = "/readyz", tag = "operations", responses(
    (status = 200, description = "The database answers and a write could start now: ready to serve", body = Health),
    (status = 503, description = "The database cannot take a write now (unreachable, locked by another writer, read-only) or did not say so within a second, or the server is shutting down", body = Health)))]
pub async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    if state.draining.load(Ordering::Relaxed) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Health {
                status: "unavailable",
                reason: Some("shutting down"),
            }),
        );
    }
    let reason = match tokio::time::timeout(READY_WITHIN, state.store.ping()).await {
        Ok(Ok(())) => {
            return (
                StatusCode::OK,
                Json(Health {
                    status: "ready",
                    reason: None,
                }),
            );
        }
        Ok(Err(error)) => {
            tracing::warn!(error = %error, source = ?std::error::Error::source(&error), "not ready: the database cannot take a write now");
            "database unavailable"
        }
        Err(_) => {
            tracing::warn!(within = ?READY_WITHIN, "not ready: the database did not answer in time");
            "database too slow"
        }
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(Health {
            status: "unavailable",
            reason: Some(reason),
        }),
    )
}
