//! `GET /api/openapi.json` (REQUIREMENTS A8): the HTTP API described from the handlers' own
//! annotations and the types they read and write, so the description cannot drift from the code.

use std::sync::OnceLock;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa::OpenApi;

use crate::{auth, dashboard, gateway, health, live, metrics_http, profile};

#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "citabot",
        description = "An appointment-booking chat assistant. The chat webhook speaks n8n's chat protocol; the account APIs use a session cookie and, once signed in, an `X-CSRF-Token` header on every state-changing request."
    ),
    paths(
        gateway::handle,
        gateway::handle_get,
        live::socket::upgrade,
        auth::handlers::signup,
        auth::handlers::login,
        auth::handlers::logout,
        auth::handlers::session,
        profile::get,
        dashboard::business::get,
        dashboard::business::update,
        dashboard::business::set_hours,
        dashboard::images::get_logo,
        dashboard::images::put_logo,
        dashboard::images::delete_logo,
        dashboard::images::get_hero,
        dashboard::images::put_hero,
        dashboard::images::delete_hero,
        dashboard::settings::outside_rules,
        dashboard::settings::closures,
        dashboard::settings::add_closure,
        dashboard::settings::delete_closure,
        dashboard::settings::schedule,
        dashboard::settings::set_schedule,
        dashboard::settings::time_off,
        dashboard::settings::add_time_off,
        dashboard::settings::delete_time_off,
        dashboard::services::list,
        dashboard::services::create,
        dashboard::services::update,
        dashboard::appointments::list,
        dashboard::appointments::update,
        dashboard::appointments::create,
        dashboard::appointments::availability,
        dashboard::appointments::move_availability,
        dashboard::appointments::holds,
        dashboard::manage::get,
        dashboard::manage::reschedule,
        dashboard::manage::availability,
        dashboard::manage::cancel,
        dashboard::manage::attend,
        dashboard::mail::list,
        dashboard::mail::get,
        dashboard::mail::preview,
        dashboard::mail::retry,
        dashboard::calendar::get,
        dashboard::staff::list,
        dashboard::staff::create,
        dashboard::staff::update,
        dashboard::clients::list,
        dashboard::clients::get,
        dashboard::clients::update,
        dashboard::conversations::list,
        dashboard::conversations::get,
        dashboard::conversations::take_over,
        dashboard::conversations::send,
        dashboard::conversations::hand_back,
        dashboard::conversations::counts,
        dashboard::stats::get,
        health::live,
        health::ready,
        metrics_http::export,
        document,
    ),
    tags(
        (name = "chat", description = "The chat webhook and its live channel"),
        (name = "accounts", description = "Sign-up, sign-in, sessions and the profile"),
        (name = "booking", description = "The business, services, appointments, availability, staff and clients (the site and the dashboard)"),
        (name = "conversations", description = "The chat conversations, their take-over by staff, and the charts' daily figures (the dashboard)"),
        (name = "mail", description = "The outbox of messages to clients and staff (\"Correos\", administradores)"),
        (name = "operations", description = "Probes, metrics and this description"),
    )
)]
pub struct ApiDescription;

/// The description as JSON, built on first use.
pub fn json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        ApiDescription::openapi()
            .to_json()
            .expect("the API description serialises")
    })
}

/// `GET /api/openapi.json`.
#[utoipa::path(get, path = "/api/openapi.json", tag = "operations", responses(
    (status = 200, description = "This description (OpenAPI 3.1)", content_type = "application/json", body = Object)))]
pub async fn document() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json(),
    )
        .into_response()
}
