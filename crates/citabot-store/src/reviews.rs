//! Reviews and the demo's data in the storage port (issue 24). A review is a client's word on
//! one completed cita, written once; what may be reviewed when, and through which link, is
//! the server's business. The demo's clients are marked, so their citas (the demo's week) and
//! those citas' reviews can be shown as the demo's and taken away together.

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::StoreError;

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub id: String,
    pub cita_id: String,
    /// 1 to 5 stars.
    pub rating: u8,
    /// Empty when the client gave only stars.
    pub comment: String,
    /// The name shown ("Ana M."), written with the review.
    pub author: String,
    pub created_at: OffsetDateTime,
    /// The salon's answer, shown under it.
    pub reply: Option<String>,
    pub replied_at: Option<OffsetDateTime>,
    /// Hidden by staff: kept, never shown on the landing nor counted in its average.
    pub hidden: bool,
    /// Written by the demo (its client is one of the demo's).
    pub demo: bool,
}

/// The reviews the landing shows, summed up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReviewSummary {
    /// Reviews not hidden.
    pub count: u32,
    /// Their average rating; 0 when there are none.
    pub average: f64,
}

/// The columns of a review as adapters select them, by position: `id, cita_id, rating,
/// comment, author, created_at, reply, replied_at, hidden`, then whether its client is the
/// demo's.
pub type ReviewColumns = (
    String,
    String,
    i64,
    String,
    String,
    OffsetDateTime,
    Option<String>,
    Option<OffsetDateTime>,
    bool,
    bool,
);

impl Review {
    /// Rebuilds a review from its stored columns; a rating out of 1–5 means corrupt data.
    pub fn from_columns(columns: ReviewColumns) -> Result<Self, StoreError> {
        let (id, cita_id, rating, comment, author, created_at, reply, replied_at, hidden, demo) =
            columns;
        let rating = u8::try_from(rating)
            .ok()
            .filter(|stars| (1..=5).contains(stars))
            .ok_or_else(|| StoreError::Corrupt(format!("review {id} has {rating} stars")))?;
        Ok(Self {
            id,
            cita_id,
            rating,
            comment,
            author,
            created_at,
            reply,
            replied_at,
            hidden,
            demo,
        })
    }
}

#[async_trait]
pub trait ReviewStore: Send + Sync {
    /// Keeps a new review; [`StoreError::Conflict`] when its cita has one already.
    async fn add_review(&self, review: &Review) -> Result<(), StoreError>;

    /// The review of cita `cita_id`, if it has one.
    async fn review_of_cita(&self, cita_id: &str) -> Result<Option<Review>, StoreError>;

    async fn review(&self, id: &str) -> Result<Option<Review>, StoreError>;

    /// The newest `limit` reviews, after `offset` of them; hidden ones too when `with_hidden`.
    async fn reviews(
        &self,
        with_hidden: bool,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Review>, StoreError>;

    /// How many reviews are shown, and their average.
    async fn review_summary(&self) -> Result<ReviewSummary, StoreError>;

    /// Sets (or, with `None`, takes back) the salon's answer; `false` when there is no such
    /// review.
    async fn answer_review(
        &self,
        id: &str,
        reply: Option<&str>,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// Hides or shows a review; `false` when there is no such review.
    async fn hide_review(&self, id: &str, hidden: bool) -> Result<bool, StoreError>;

    /// Marks client `client_id` as the demo's.
    async fn mark_demo_client(&self, client_id: &str) -> Result<(), StoreError>;

    /// Whether any of the demo's clients is still there.
    async fn has_demo_data(&self) -> Result<bool, StoreError>;

    /// Takes away the demo's clients, their citas (with everything kept beside a cita: its
    /// services, its reviews) in one transaction; how many citas went.
    async fn remove_demo_data(&self) -> Result<u64, StoreError>;
}
