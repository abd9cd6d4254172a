//! Reviews (issue 24): once the salon marks a cita completed, its client is sent a link
//! (`/opinion/<token>`, signed like the manage link under a purpose of its own, valid for
//! [`REVIEW_LINK_LIFETIME`](crate::mail::token::REVIEW_LINK_LIFETIME)) to give it 1 to 5 stars
//! and a few words. One review per cita: the link cannot be used twice, nor before the cita is
//! completed, nor guessed. Staff answer or hide reviews; the landing shows the others with their
//! average. Reviews are never invented: the only ones not written by a client are the demo's,
//! and they say so.

use citabot_domain::booking::{Cita, CitaStatus};
use citabot_store::{Review, ReviewSummary, Store, StoreError};
use time::OffsetDateTime;

use crate::mail::Outbox;

/// The longest comment a client may leave, in characters.
pub const MAX_COMMENT_CHARS: usize = 1000;
/// The longest answer the salon may give, in characters.
pub const MAX_REPLY_CHARS: usize = 1000;

/// Why a review link does not take a review.
#[derive(Debug)]
pub enum ReviewRefusal {
    /// A forged, expired or unknown link, or a cita gone.
    InvalidLink,
    /// The cita is not completed (yet, or any more).
    NotCompleted,
    /// The cita has its review already.
    AlreadyReviewed,
    Store(StoreError),
}

impl From<StoreError> for ReviewRefusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// A cita as its review link shows it, with its review once written.
#[derive(Debug, Clone)]
pub struct ReviewInvitation {
    pub cita: Cita,
    pub salon: String,
    pub service_names: Vec<String>,
    /// The stylist's first name.
    pub staff_name: String,
    pub review: Option<Review>,
}

/// The cita a review link names, with its review if it has one; changes nothing.
pub async fn invitation(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<ReviewInvitation, ReviewRefusal> {
    let cita_id = outbox
        .read_review_token(token, now)
        .ok_or(ReviewRefusal::InvalidLink)?;
    let cita = store
        .cita(&cita_id)
        .await?
        .ok_or(ReviewRefusal::InvalidLink)?;
    let review = store.review_of_cita(&cita.id).await?;
    if review.is_none() && cita.status != CitaStatus::Completada {
        return Err(ReviewRefusal::NotCompleted);
    }
    let services = store.services().await?;
    let service_names = cita
        .service_ids
        .iter()
        .filter_map(|id| services.iter().find(|service| &service.id == id))
        .map(|service| service.name.clone())
        .collect();
    let staff_name = store
        .user(&cita.staff_id)
        .await?
        .map(|user| user.first_name)
        .unwrap_or_default();
    let salon = store
        .business()
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    Ok(ReviewInvitation {
        cita,
        salon,
        service_names,
        staff_name,
        review,
    })
}

/// A client's review through its link: `rating` 1 to 5 and `comment` already checked.
pub async fn submit(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    (rating, comment): (u8, String),
    now: OffsetDateTime,
) -> Result<Review, ReviewRefusal> {
    let invitation = invitation(store, outbox, token, now).await?;
    if invitation.review.is_some() {
        return Err(ReviewRefusal::AlreadyReviewed);
    }
    let author = store
        .client(&invitation.cita.client_id)
        .await?
        .map(|client| author_of(&client.name))
        .unwrap_or_default();
    let review = Review {
        id: uuid::Uuid::new_v4().to_string(),
        cita_id: invitation.cita.id,
        rating,
        comment,
        author,
        created_at: now,
        reply: None,
        replied_at: None,
        hidden: false,
        demo: false,
    };
    match store.add_review(&review).await {
        Ok(()) => Ok(review),
        // Two sends of one form racing: the first is the review.
        Err(StoreError::Conflict(_)) => Err(ReviewRefusal::AlreadyReviewed),
        Err(error) => Err(error.into()),
    }
}

/// A page of reviews, newest first, with the summary of those shown; hidden ones too when
/// `with_hidden` (for staff).
pub async fn page(
    store: &dyn Store,
    with_hidden: bool,
    limit: u32,
    offset: u32,
) -> Result<(ReviewSummary, Vec<Review>), StoreError> {
    Ok((
        store.review_summary().await?,
        store.reviews(with_hidden, limit, offset).await?,
    ))
}

/// What staff change of a review: its answer (`Some(None)` takes it back) and whether it is
/// hidden; `None` keeps a field.
#[derive(Debug, Clone, Default)]
pub struct ReviewChange {
    pub reply: Option<Option<String>>,
    pub hidden: Option<bool>,
}

/// Staff's change of review `id`; `None` when there is no such review.
pub async fn change(
    store: &dyn Store,
    id: &str,
    change: ReviewChange,
    now: OffsetDateTime,
) -> Result<Option<Review>, StoreError> {
    if store.review(id).await?.is_none() {
        return Ok(None);
    }
    if let Some(reply) = &change.reply {
        store.answer_review(id, reply.as_deref(), now).await?;
    }
    if let Some(hidden) = change.hidden {
        store.hide_review(id, hidden).await?;
    }
    store.review(id).await
}

/// The name a review is shown with: the first name and the initial of the first surname
/// ("Marta Ruiz García" → "Marta R."), so a review names nobody in full.
pub fn author_of(client_name: &str) -> String {
    let mut words = client_name.split_whitespace();
    let Some(first) = words.next() else {
        return String::new();
    };
    match words.next().and_then(|surname| surname.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_names_nobody_in_full() {
        assert_eq!(author_of("Marta Ruiz García"), "Marta R.");
        assert_eq!(author_of("  lucía   álvarez "), "lucía Á.");
        assert_eq!(author_of("Marta"), "Marta");
        assert_eq!(author_of(""), "");
    }
}
