//! `GET /api/clients?q=…&limit=50` (staff): the people citas are for, searched by name, email or
//! phone, ignoring case and accents (the store folds both sides the same way); and a client's
//! page, `GET|PATCH /api/clients/{id}` (staff): contact details, every cita, every
//! conversation and the staff's private note. Names, emails and phones are checked here the
//! same way wherever staff type a client (the page, "Nueva cita").

use axum::Extension;
use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use citabot_domain::markdown;
use citabot_store::booking::{ClientConversation, ClientSummary};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::appointments::{AppointmentView, rfc3339, views};
use super::client_fields::{client_email, client_name, client_phone, date_text};
use super::{
    answer, body, invalid, limit_param, limited_text, not_found, query, staff, store_failed,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::clients::{self, ClientEdit, ClientPage};

/// The longest private note on a client, in characters.
pub const NOTE_MAX_CHARS: usize = 2000;
/// The longest conversation preview, in characters.
pub const PREVIEW_MAX_CHARS: usize = 140;

/// The answer when a client does not exist.
const NO_SUCH_CLIENT: &str = "Ese cliente no existe.";

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
    let items = clients::search(state.store.as_ref(), search, limit)
        .await
        .map_err(store_failed)?
        .into_iter()
        .map(ClientView::from)
        .collect();
    Ok(answer(StatusCode::OK, ClientList { items }))
}

/// A conversation on a client's page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientConversationView {
    session_id: String,
    #[schema(format = DateTime)]
    started_at: String,
    #[schema(format = DateTime)]
    last_message_at: String,
    /// The last message as plain text (markdown removed), at most 140 characters.
    preview: String,
}

impl From<ClientConversation> for ClientConversationView {
    fn from(conversation: ClientConversation) -> Self {
        Self {
            preview: markdown::preview(&conversation.last_message, PREVIEW_MAX_CHARS),
            session_id: conversation.session_id,
            started_at: rfc3339(conversation.started_at),
            last_message_at: rfc3339(conversation.last_at),
        }
    }
}

/// A client's page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDetailView {
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    /// The client's account, when they have one.
    user_id: Option<String>,
    /// The staff's private note ("alérgica al amoniaco"); never shown to the client.
    note: String,
    /// Every cita, by date and start.
    citas: Vec<AppointmentView>,
    /// Their account's conversations and those whose assistant booked for them, the latest
    /// first.
    conversations: Vec<ClientConversationView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientResponse {
    item: ClientDetailView,
}

/// What staff change on a client's page; fields left out stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientPatch {
    /// 1 to 120 characters.
    #[serde(default)]
    name: Option<String>,
    /// `null` or `""` removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    email: Option<Option<String>>,
    /// `null` or `""` removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    phone: Option<Option<String>>,
    /// The private note, at most 2000 characters; `""` removes it.
    #[serde(default)]
    note: Option<String>,
}

/// A field that is present, `null` included (`Some(None)`); a missing one stays `None`.
pub(super) fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

async fn page_view(state: &AppState, page: ClientPage) -> Result<ClientDetailView, ApiError> {
    let citas = views(state.store.as_ref(), page.citas)
        .await
        .map_err(store_failed)?;
    Ok(ClientDetailView {
        id: page.client.id,
        name: page.client.name,
        email: page.client.email,
        phone: page.client.phone,
        user_id: page.client.user_id,
        note: page.note,
        citas,
        conversations: page
            .conversations
            .into_iter()
            .map(ClientConversationView::from)
            .collect(),
    })
}

/// `GET /api/clients/{id}` (staff): a client's page.
#[utoipa::path(get, path = "/api/clients/{id}", tag = "booking",
    params(("id" = String, Path, description = "The client's id")),
    responses(
        (status = 200, description = "The client with their citas, conversations and note", body = ClientResponse),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such client", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let page = clients::page(state.store.as_ref(), &id)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_CLIENT))?;
    let item = page_view(&state, page).await?;
    Ok(answer(StatusCode::OK, ClientResponse { item }))
}

/// `PATCH /api/clients/{id}` (staff): changes a client's name, email, phone or private note.
#[utoipa::path(patch, path = "/api/clients/{id}", tag = "booking",
    request_body = ClientPatch,
    params(("id" = String, Path, description = "The client's id")),
    responses(
        (status = 200, description = "The client's page as changed", body = ClientResponse),
        (status = 400, description = "A field is malformed, too long or hides characters", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such client", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<ClientPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let patch = body(request)?;
    let edit = ClientEdit {
        name: patch
            .name
            .as_deref()
            .map(|name| client_name(name, "name"))
            .transpose()?,
        email: patch
            .email
            .map(|email| client_email(email.as_deref()))
            .transpose()?,
        phone: patch
            .phone
            .map(|phone| client_phone(phone.as_deref()))
            .transpose()?,
        note: patch
            .note
            .as_deref()
            .map(|note| limited_text(note, "note", NOTE_MAX_CHARS))
            .transpose()?,
    };
    let page = clients::edit(state.store.as_ref(), &id, edit)
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_CLIENT))?;
    let item = page_view(&state, page).await?;
    Ok(answer(StatusCode::OK, ClientResponse { item }))
}
