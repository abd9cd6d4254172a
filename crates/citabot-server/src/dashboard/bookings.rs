//! Booking without the chat (issue 24), for people who will not chat: `GET
//! /api/availability/next` (anyone: a service's next free times, the first of each morning and
//! afternoon) and `POST /api/bookings` (anyone: one of those times with a name and an email or
//! phone). A booking goes through the same use case as an agent's ([`citas::book_for`]): a
//! client's rules (the notice, the horizon, other visitors' held times), the salon's choice of
//! status, the client's message and the staff's alert, and an idempotency key so a form sent
//! twice books once. Bookings are counted per address.

use std::net::SocketAddr;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::assistant::Lang;
use citabot_domain::booking::DayMinute;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::appointments::{refused_to, service_id_list, start_minute};
use super::client_fields::{client_email, client_name, client_phone, date_text};
use super::{answer, body, invalid, parse_date, query};
use crate::auth::Caller;
use crate::auth::sign_in_throttle::network_of;
use crate::cita_refusals::Audience;
use crate::error::{ApiError, ErrorEnvelope, too_many_attempts};
use crate::state::AppState;
use crate::usecases::booking::ClientDetails;
use crate::usecases::citas::{self as cases, Agent, AgentBooking, ChangedBy, Fitting, TimeAsked};

/// How far ahead `GET /api/availability/next` looks, in days, and the most times it gives.
const NEXT_DAYS: i64 = 14;
const MAX_NEXT_TIMES: usize = 8;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct NextTimesQuery {
    /// Comma-separated service ids, done back to back.
    service_ids: String,
    /// Only this stylist.
    #[serde(default)]
    staff_id: Option<String>,
    /// How many times, 1–8 (4 when left out).
    #[serde(default)]
    count: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextTime {
    /// The local date, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    start_min: DayMinute,
    /// Who is free then.
    staff_ids: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NextTimeList {
    items: Vec<NextTime>,
}

/// `GET /api/availability/next` (anyone): the next free times for some services over the
/// coming two weeks, the first of each morning and afternoon, as a client may book them.
#[utoipa::path(get, path = "/api/availability/next", tag = "booking", params(NextTimesQuery),
    responses(
        (status = 200, description = "The next free times, soonest first", body = NextTimeList),
        (status = 400, description = "A bad parameter, or no service", body = ErrorEnvelope),
        (status = 422, description = "Unknown or inactive service, or unknown staff member", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn next_times(
    State(state): State<AppState>,
    params: Result<Query<NextTimesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = query(params)?;
    let count = match params.count.as_deref() {
        None => 4,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|count| (1..=MAX_NEXT_TIMES).contains(count))
            .ok_or_else(|| invalid("«count» debe ser un número del 1 al 8."))?,
    };
    let service_ids = service_id_list(&params.service_ids);
    let times = cases::next_free_times(
        state.store.as_ref(),
        Fitting::Services(service_ids),
        params.staff_id,
        (NEXT_DAYS, count),
        state.clock.now(),
    )
    .await
    .map_err(|refusal| refused_to(Audience::Client, refusal))?;
    let items = times
        .into_iter()
        .map(|(date, start_min, staff_ids)| NextTime {
            date: date_text(date),
            start_min,
            staff_ids,
        })
        .collect();
    Ok(answer(StatusCode::OK, NextTimeList { items }))
}

/// A booking from the landing's form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewBooking {
    /// The services, done back to back.
    service_ids: Vec<String>,
    /// The local date, `YYYY-MM-DD`.
    date: String,
    /// The start, in minutes after local midnight.
    start_min: i64,
    /// The stylist; anyone free who does the services when left out.
    #[serde(default)]
    staff_id: Option<String>,
    /// The client's name (a signed-in cliente's own account is used instead).
    #[serde(default)]
    name: Option<String>,
    /// An email or a phone is needed (the email gets the confirmation).
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    phone: Option<String>,
    /// Made by the form once (a UUID): the same key books once, however many times it is sent.
    idempotency_key: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookedView {
    id: String,
    /// `pendiente` or `confirmada`, as the salon books from the web.
    status: &'static str,
    /// The local date, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    start_min: DayMinute,
    end_min: DayMinute,
    staff_name: String,
    services: Vec<String>,
    /// The cita's own page, to see, move or cancel it (sent by email too).
    manage_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookedResponse {
    item: BookedView,
}

/// `POST /api/bookings` (anyone): books a free time as a client, without the chat.
#[utoipa::path(post, path = "/api/bookings", tag = "booking", request_body = NewBooking,
    responses(
        (status = 201, description = "Booked", body = BookedResponse),
        (status = 400, description = "A bad body, name, email or phone, or neither an email nor a phone", body = ErrorEnvelope),
        (status = 409, description = "The time is no longer free", body = ErrorEnvelope),
        (status = 422, description = "Outside the hours, the notice or the horizon; an unknown service or stylist", body = ErrorEnvelope),
        (status = 429, description = "Too many bookings from this address", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn book(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Result<Json<NewBooking>, JsonRejection>,
) -> Result<Response, ApiError> {
    let new = body(request)?;
    let key = new.idempotency_key.trim().to_owned();
    if key.is_empty() || key.chars().count() > 100 {
        return Err(invalid(
            "«idempotencyKey» debe tener entre 1 y 100 caracteres.",
        ));
    }
    let time = TimeAsked {
        service_ids: new.service_ids,
        date: parse_date(&new.date, "date")?,
        start_min: start_minute(new.start_min)?,
        staff_id: new.staff_id,
    };
    let user = caller.user();
    let client = match user {
        Some(user) if !user.role.is_staff() => ClientDetails {
            name: format!("{} {}", user.first_name, user.last_name),
            email: Some(user.email.clone()),
            phone: user.phone.clone(),
            user_id: Some(user.id.clone()),
        },
        _ => {
            let name = client_name(new.name.as_deref().unwrap_or_default(), "name")?;
            let email = client_email(new.email.as_deref())?;
            let phone = client_phone(new.phone.as_deref())?;
            if email.is_none() && phone.is_none() {
                return Err(invalid(
                    "Déjanos un email o un teléfono para avisarte de tu cita.",
                ));
            }
            ClientDetails {
                name,
                email,
                phone,
                user_id: None,
            }
        }
    };
    let now = state.clock.now();
    state
        .limits
        .web_bookings_per_address
        .hit(&network_of(peer.ip()).to_string(), now)
        .await
        .map_err(too_many_attempts)?;
    // A guest proves nothing but the key: the same key answers the cita it booked, as the
    // manage link would.
    let by = match user {
        Some(user) => ChangedBy::Account(user),
        None => ChangedBy::ManageLink,
    };
    let scope = match user {
        Some(user) => format!("web:{}", user.id),
        None => "web".to_owned(),
    };
    let agent = Agent {
        by,
        conversation: None,
        writer: user.map(|user| user.id.as_str()),
        scope: &scope,
        lang: Lang::Es,
    };
    let audience = if user.is_some_and(|user| user.role.is_staff()) {
        Audience::Staff
    } else {
        Audience::Client
    };
    let booking = AgentBooking {
        time,
        client,
        idempotency_key: key,
    };
    let cita = cases::book_for(state.store.as_ref(), &state.outbox, agent, booking, now)
        .await
        .map_err(|refusal| refused_to(audience, refusal))?;
    let manage_url = state.outbox.manage_link(&cita.id, cita.end_at);
    let details = cases::details(state.store.as_ref(), vec![cita])
        .await
        .map_err(super::store_failed)?
        .pop()
        .ok_or_else(|| super::not_found("La cita no existe."))?;
    let cita = details.cita;
    Ok(answer(
        StatusCode::CREATED,
        BookedResponse {
            item: BookedView {
                id: cita.id,
                status: cita.status.as_str(),
                date: date_text(cita.date),
                start_min: cita.start_min,
                end_min: cita.end_min,
                staff_name: details.staff_name,
                services: details.services.into_iter().map(|(_, name)| name).collect(),
                manage_url,
            },
        },
    ))
}
