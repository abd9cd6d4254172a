//! The metrics' HTTP side: the middleware that records every request, and `GET /metrics`. The
//! counters themselves ([`crate::metrics`]) know nothing of the server's state.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::metrics::InFlight;
use crate::state::AppState;

/// Middleware: times and counts every request under its route pattern (never the raw path,
/// which would make a series per id).
pub async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "fallback".to_owned(), |path| path.as_str().to_owned());
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let running = InFlight::enter(&state.metrics);
    let response = next.run(request).await;
    drop(running);
    state.metrics.observe(
        &route,
        &method,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

/// `GET /metrics`.
#[utoipa::path(get, path = "/metrics", tag = "operations", responses(
    (status = 200, description = "Prometheus text exposition", content_type = "text/plain; version=0.0.4", body = String)))]
pub async fn export(State(state): State<AppState>) -> Response {
    let body = state.metrics.render(state.hub.open_channels());
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}
