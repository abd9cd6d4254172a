//! `GET /api/clients?q=…&limit=50` (staff): the people citas are for, searched by name, email or
//! phone, ignoring case and accents (the store folds both sides the same way).

use axum::Extension;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use citabot_store::booking::ClientSummary;
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};

use super::{answer, invalid, limit_param, query, staff, store_failed};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;

/// Clients listed when `limit` is left out.
pub const DEFAULT_LIMIT: u32 = 50;
/// The most clients one request lists.
pub const MAX_LIMIT: u32 = 200;
/// The longest search text, in characters.
pub const QUERY_MAX_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ClientQuery {
    /// Part of a name, email or phone; accents and case do not matter.
    #[serde(default)]
    q: Option<String>,
    /// 1 to 200; 50 when left out. Read as text, so that a bad value gets a sentence.
    #[serde(default)]
    #[param(value_type = Option<u32>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    /// The client's account, when they have one.
    user_id: Option<String>,
    /// How many citas they have had, in any status.
    appointments: u32,
    /// The date of their latest cita (`YYYY-MM-DD`), if any.
    #[schema(value_type = Option<String>, format = Date)]
    last_appointment_date: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientList {
    items: Vec<ClientView>,
}

impl From<ClientSummary> for ClientView {
    fn from(summary: ClientSummary) -> Self {
        Self {
            id: summary.client.id,
            name: summary.client.name,
            email: summary.client.email,
            phone: summary.client.phone,
            user_id: summary.client.user_id,
            appointments: summary.appointments,
            last_appointment_date: summary.last_appointment_date.map(date_text),
        }
    }
}

/// A date as `YYYY-MM-DD` (`Date`'s own display).
pub fn date_text(date: Date) -> String {
    date.to_string()
}

/// `GET /api/clients` (staff): clients by name, at most `limit`.
#[utoipa::path(get, path = "/api/clients", tag = "booking", params(ClientQuery), responses(
    (status = 200, description = "The clients found", body = ClientList),
    (status = 400, description = "A bad limit or search text", body = ErrorEnvelope),
    (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
    (status = 403, description = "Not staff", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<ClientQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let params = query(params)?;
    let limit = limit_param(params.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT)?;
    let search = params
        .q
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty());
    if search.is_some_and(|text| text.chars().count() > QUERY_MAX_CHARS) {
        return Err(invalid(format!(
            "«q» puede tener como mucho {QUERY_MAX_CHARS} caracteres."
        )));
    }
    let items = state
        .store
        .search_clients(search, limit)
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(ClientView::from)
        .collect();
    Ok(answer(StatusCode::OK, ClientList { items }))
}
