//! Reviews (issue 24): `GET /api/reviews` (public: the reviews shown, newest first, with their
//! count and average; staff see the hidden ones too), `PATCH /api/reviews/{id}` (staff: answer,
//! hide), and the review link's `GET`/`POST /api/review/{token}` (whoever holds the link, no
//! sign-in; counted per address, `no-store`, no referrer, like the manage link). The work is in
//! [`crate::usecases::reviews`].

use std::net::SocketAddr;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::booking::DayMinute;
use citabot_store::{Review, ReviewSummary};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::appointments::rfc3339;
use super::client_fields::date_text;
use super::clients::present;
use super::manage::private;
use super::{
    answer, body, conflict, invalid, is_staff, limit_param, limited_text, not_found, query, staff,
    store_failed, unprocessable,
};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::reviews::{
    self as cases, MAX_COMMENT_CHARS, MAX_REPLY_CHARS, ReviewChange, ReviewRefusal,
};

/// The page size when `limit` is left out, and the largest asked for.
pub const DEFAULT_REVIEW_PAGE: u32 = 20;
pub const MAX_REVIEW_PAGE: u32 = 100;

const INVALID_LINK: &str = "Este enlace no es válido o ha caducado.";
const NOT_COMPLETED: &str = "Podrás dar tu opinión cuando el salón marque la cita como completada.";
const ALREADY_REVIEWED: &str = "Ya nos diste tu opinión de esta cita. ¡Gracias!";
const NO_SUCH_REVIEW: &str = "Esa opinión no existe.";

/// A review as the landing, the link's page and the dashboard show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    id: String,
    /// 1 to 5.
    rating: u8,
    /// Empty when the client gave only stars.
    comment: String,
    /// "Marta R.": the first name and the initial of the surname.
    author: String,
    #[schema(format = DateTime)]
    created_at: String,
    /// The salon's answer.
    reply: Option<String>,
    #[schema(format = DateTime)]
    replied_at: Option<String>,
    /// Hidden by staff (only staff see hidden reviews).
    hidden: bool,
    /// Written by the demo, not by a client.
    demo: bool,
}

impl From<Review> for ReviewView {
    fn from(review: Review) -> Self {
        Self {
            id: review.id,
            rating: review.rating,
            comment: review.comment,
            author: review.author,
            created_at: rfc3339(review.created_at),
            reply: review.reply,
            replied_at: review.replied_at.map(rfc3339),
            hidden: review.hidden,
            demo: review.demo,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSummaryView {
    /// The reviews shown (not hidden).
    count: u32,
    /// Their average rating, to one decimal; 0 when there are none.
    average: f64,
}

impl From<ReviewSummary> for ReviewSummaryView {
    fn from(summary: ReviewSummary) -> Self {
        Self {
            count: summary.count,
            average: (summary.average * 10.0).round() / 10.0,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewList {
    summary: ReviewSummaryView,
    items: Vec<ReviewView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewResponse {
    item: ReviewView,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// How many, 1–100 (20 when left out).
    #[serde(default)]
    limit: Option<String>,
    /// How many of the newest to skip.
    #[serde(default)]
    offset: Option<String>,
}

/// `GET /api/reviews`: the reviews shown, newest first, with the count and average of all of
/// them; staff see the hidden ones too (marked `hidden`).
#[utoipa::path(get, path = "/api/reviews", tag = "booking", params(ReviewQuery),
    responses(
        (status = 200, description = "The reviews", body = ReviewList),
        (status = 400, description = "A bad limit or offset", body = ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    params: Result<Query<ReviewQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = query(params)?;
    let limit = limit_param(
        params.limit.as_deref(),
        DEFAULT_REVIEW_PAGE,
        MAX_REVIEW_PAGE,
    )?;
    let offset = match params.offset.as_deref() {
        None => 0,
        Some(text) => text
            .parse::<u32>()
            .map_err(|_| invalid("«offset» debe ser un número entero de 0 en adelante."))?,
    };
    let (summary, reviews) = cases::page(state.store.as_ref(), is_staff(&caller), limit, offset)
        .await
        .map_err(store_failed)?;
    Ok(answer(
        StatusCode::OK,
        ReviewList {
            summary: summary.into(),
            items: reviews.into_iter().map(ReviewView::from).collect(),
        },
    ))
}

/// What staff change of a review; at least one field.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReviewPatch {
    /// The salon's answer, at most 1000 characters; `null` or empty takes it back.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    reply: Option<Option<String>>,
    #[serde(default)]
    hidden: Option<bool>,
}

/// `PATCH /api/reviews/{id}` (staff): answers a review, or hides or shows it.
#[utoipa::path(patch, path = "/api/reviews/{id}", tag = "booking", request_body = ReviewPatch,
    params(("id" = String, Path, description = "The review's id")),
    responses(
        (status = 200, description = "The review, changed", body = ReviewResponse),
        (status = 400, description = "An empty patch or a bad answer", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not staff", body = ErrorEnvelope),
        (status = 404, description = "No such review", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    request: Result<Json<ReviewPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    staff(&caller)?;
    let patch = body(request)?;
    if patch.reply.is_none() && patch.hidden.is_none() {
        return Err(invalid("Indica «reply» o «hidden»."));
    }
    let reply = match patch.reply {
        None => None,
        Some(None) => Some(None),
        Some(Some(text)) => {
            let text = limited_text(&text, "reply", MAX_REPLY_CHARS)?;
            Some((!text.is_empty()).then_some(text))
        }
    };
    let change = ReviewChange {
        reply,
        hidden: patch.hidden,
    };
    let review = cases::change(state.store.as_ref(), &id, change, state.clock.now())
        .await
        .map_err(store_failed)?
        .ok_or_else(|| not_found(NO_SUCH_REVIEW))?;
    Ok(answer(
        StatusCode::OK,
        ReviewResponse {
            item: review.into(),
        },
    ))
}

/// A cita as its review link shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewInvitationView {
    salon_name: String,
    /// The cita's local date, `YYYY-MM-DD`.
    #[schema(format = Date)]
    date: String,
    start_min: DayMinute,
    services: Vec<String>,
    /// The stylist's first name.
    staff_name: String,
    /// The review, once given (the link then takes no other).
    review: Option<ReviewView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewInvitationResponse {
    item: ReviewInvitationView,
}

/// The stars and words a client gives.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewReview {
    /// 1 to 5.
    rating: i64,
    /// At most 1000 characters; may be left out.
    #[serde(default)]
    comment: Option<String>,
}

fn link_refused(refusal: ReviewRefusal) -> ApiError {
    match refusal {
        ReviewRefusal::InvalidLink => not_found(INVALID_LINK),
        ReviewRefusal::NotCompleted => conflict(NOT_COMPLETED),
        ReviewRefusal::AlreadyReviewed => conflict(ALREADY_REVIEWED),
        ReviewRefusal::Store(error) => store_failed(error),
    }
}

/// `GET /api/review/{token}`: the cita a review link names, with its review once given.
/// Changes nothing.
#[utoipa::path(get, path = "/api/review/{token}", tag = "booking",
    params(("token" = String, Path, description = "The review link's token")),
    responses(
        (status = 200, description = "The cita, and its review once given", body = ReviewInvitationResponse),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "The cita is not completed", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope)))]
pub async fn invitation(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        let invitation = cases::invitation(state.store.as_ref(), &state.outbox, &token, now)
            .await
            .map_err(link_refused)?;
        Ok(ReviewInvitationResponse {
            item: ReviewInvitationView {
                salon_name: invitation.salon,
                date: date_text(invitation.cita.date),
                start_min: invitation.cita.start_min,
                services: invitation.service_names,
                staff_name: invitation.staff_name,
                review: invitation.review.map(ReviewView::from),
            },
        })
    };
    private(&state, peer, StatusCode::OK, work).await
}

/// `POST /api/review/{token}`: the client's review of the cita, once.
#[utoipa::path(post, path = "/api/review/{token}", tag = "booking", request_body = NewReview,
    params(("token" = String, Path, description = "The review link's token")),
    responses(
        (status = 201, description = "The review, kept", body = ReviewResponse),
        (status = 400, description = "A bad body or comment", body = ErrorEnvelope),
        (status = 404, description = "A forged, expired or unknown link", body = ErrorEnvelope),
        (status = 409, description = "Already reviewed, or the cita is not completed", body = ErrorEnvelope),
        (status = 422, description = "A rating out of 1–5", body = ErrorEnvelope),
        (status = 429, description = "Too many requests from this address", body = ErrorEnvelope)))]
pub async fn submit(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
    request: Result<Json<NewReview>, JsonRejection>,
) -> Response {
    let now = state.clock.now();
    let work = async {
        let new = body(request)?;
        let rating = u8::try_from(new.rating)
            .ok()
            .filter(|stars| (1..=5).contains(stars))
            .ok_or_else(|| unprocessable("Elige de 1 a 5 estrellas."))?;
        let comment = limited_text(
            new.comment.as_deref().unwrap_or_default(),
            "comment",
            MAX_COMMENT_CHARS,
        )?;
        let review = cases::submit(
            state.store.as_ref(),
            &state.outbox,
            &token,
            (rating, comment),
            now,
        )
        .await
        .map_err(link_refused)?;
        Ok(ReviewResponse {
            item: review.into(),
        })
    };
    private(&state, peer, StatusCode::CREATED, work).await
}
