//! `GET /api/openapi.json` (REQUIREMENTS A8): the HTTP API described from the handlers' own
//! annotations and the types they read and write, so the description cannot drift from the code.

use std::sync::OnceLock;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::auth::session_cookie_name;
use crate::{auth, dashboard, gateway, health, live, metrics_http, profile, tools};

#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "citabot",
        description = "An appointment-booking chat assistant. The chat webhook speaks n8n's chat protocol; the account APIs use a session cookie and, once signed in, an `X-CSRF-Token` header on every state-changing request. A program calls them with an API key instead (`Authorization: Bearer cbk_…`, made by an administrador): it acts as the key's maker with the key's role, needs no cookie and no CSRF token, and a malformed, unknown or revoked key is 401."
    ),
    modifiers(&SecuritySchemes, &ToolPaths),
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
        dashboard::bookings::next_times,
        dashboard::bookings::book,
        dashboard::reviews::list,
        dashboard::reviews::update,
        dashboard::reviews::invitation,
        dashboard::reviews::submit,
        dashboard::business::remove_demo,
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
        dashboard::conversations::typing,
        dashboard::conversations::counts,
        dashboard::stats::get,
        dashboard::keys::list,
        dashboard::keys::create,
        dashboard::keys::revoke,
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
        (name = "keys", description = "API keys for programs (administradores)"),
        (name = "tools", description = "The diary as tools for a workflow or an agent: the same as the MCP server's at /mcp, as plain JSON (POST the tool's arguments). With an API key, or the visitor's capability from metadata.citabot.token, under the rules of whom it acts for."),
        (name = "mail", description = "The outbox of messages to clients and staff (\"Correos\", administradores)"),
        (name = "operations", description = "Probes, metrics and this description"),
    )
)]
pub struct ApiDescription;

/// The two ways to be someone: the browser's session cookie (`session`) and a program's API key
/// as a bearer token (`apiKey`).
struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "apiKey",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("cbk_<id>_<secret>")
                    .description(Some(
                        "An API key, made in the dashboard (POST /api/keys) or with `citabot key \
                         add`. No cookie and no X-CSRF-Token are needed with it.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "capability",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A visitor's capability: `metadata.citabot.token` of a message relayed to \
                         the workflow. It acts as that visitor (a guest for their own \
                         conversation's citas, a signed-in client as herself) and expires two \
                         hours after the visitor's message, or at sign-out. Only /api/tools/… \
                         and /mcp take it.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                session_cookie_name(true),
                "The session cookie set by sign-in (`citabot_session` without secure_cookies); \
                 state-changing requests also send X-CSRF-Token.",
            ))),
        );
    }
}

/// `POST /api/tools/<name>` for every tool ([`tools::rest`]), its request body the tool's own
/// input schema, so the document and the tools cannot disagree.
struct ToolPaths;

impl Modify for ToolPaths {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let error = serde_json::json!({"application/json": {"schema":
            {"$ref": "#/components/schemas/ErrorEnvelope"}}});
        let refusal = |description: &str| serde_json::json!({"description": description, "content": error.clone()});
        for tool in tools::definitions() {
            let name = tool["name"].as_str().unwrap_or_default();
            let item = serde_json::json!({"post": {
                "tags": ["tools"],
                "operationId": format!("tool_{name}"),
                "summary": tool["title"],
                "description": tool["description"],
                "requestBody": {"required": false, "description": "The tool's arguments; an empty body is `{}`.",
                    "content": {"application/json": {"schema": tool["inputSchema"]}}},
                "responses": {
                    "200": {"description": "The tool's answer (the MCP tool's structuredContent)",
                        "content": {"application/json": {"schema": {"type": "object"}}}},
                    "400": refusal("Not a JSON object, or arguments the tool does not take"),
                    "401": refusal("No bearer, or a key or capability that is unknown, revoked, tampered with or expired"),
                    "403": refusal("Not something the credential's visitor or role may do"),
                    "404": refusal("A cita that does not exist or is not the caller's"),
                    "409": refusal("The time is taken, or the cita's status does not allow it"),
                    "413": refusal("A body over 64 KiB"),
                    "422": refusal("Against the salon's rules: closed, the notice, the stylist's hours or skills, an unknown service"),
                    "429": refusal("An API key over its rate limit (with Retry-After)"),
                    "503": refusal("The database cannot answer now (with Retry-After), or the salon is not set up"),
                },
                "security": [{"apiKey": []}, {"capability": []}],
            }});
            let item: utoipa::openapi::PathItem =
                serde_json::from_value(item).expect("a tool's path item is valid OpenAPI");
            openapi
                .paths
                .paths
                .insert(format!("/api/tools/{name}"), item);
        }
    }
}

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
