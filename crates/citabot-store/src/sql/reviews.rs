//! Reviews, one per completed cita, and the demo's data.

use async_trait::async_trait;
use time::OffsetDateTime;

use super::{SqlBackend, SqlConn, SqlTx, conflict_on};
use crate::StoreError;
use crate::reviews::{Review, ReviewColumns, ReviewStore, ReviewSummary};

/// A review's columns and whether its client is the demo's, in [`ReviewColumns`]' order.
macro_rules! select_reviews {
    ($($rest:literal)*) => {
        concat!(
            "SELECT r.id, r.cita_id, r.rating, r.comment, r.author, r.created_at, r.reply, \
             r.replied_at, r.hidden, cl.demo \
             FROM reviews r JOIN citas c ON c.id = r.cita_id \
             JOIN clients cl ON cl.id = c.client_id ",
            $($rest),*
        )
    };
}

#[async_trait]
impl<B: SqlBackend> ReviewStore for B {
    async fn add_review(&self, review: &Review) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO reviews (id, cita_id, rating, comment, author, created_at, reply, \
                 replied_at, hidden) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                crate::args![
                    review.id.as_str(),
                    review.cita_id.as_str(),
                    review.rating,
                    review.comment.as_str(),
                    review.author.as_str(),
                    review.created_at,
                    review.reply.as_deref(),
                    review.replied_at,
                    review.hidden,
                ],
            )
            .await
            .map_err(conflict_on("review of the cita"))
            .map(drop)
    }

    async fn review_of_cita(&self, cita_id: &str) -> Result<Option<Review>, StoreError> {
        let row: Option<ReviewColumns> = self
            .connection()
            .await?
            .optional(
                select_reviews!("WHERE r.cita_id = $1"),
                crate::args![cita_id],
            )
            .await?;
        row.map(Review::from_columns).transpose()
    }

    async fn review(&self, id: &str) -> Result<Option<Review>, StoreError> {
        let row: Option<ReviewColumns> = self
            .connection()
            .await?
            .optional(select_reviews!("WHERE r.id = $1"), crate::args![id])
            .await?;
        row.map(Review::from_columns).transpose()
    }

    async fn reviews(
        &self,
        with_hidden: bool,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Review>, StoreError> {
        let rows: Vec<ReviewColumns> = self
            .connection()
            .await?
            .all(
                select_reviews!(
                    "WHERE $1 OR NOT r.hidden \
                     ORDER BY julianday(r.created_at) DESC, r.id DESC LIMIT $2 OFFSET $3"
                ),
                crate::args![with_hidden, limit, offset],
            )
            .await?;
        rows.into_iter().map(Review::from_columns).collect()
    }

    async fn review_summary(&self) -> Result<ReviewSummary, StoreError> {
        let (count, stars): (i64, Option<i64>) = self
            .connection()
            .await?
            .one(
                // PostgreSQL sums a BIGINT as a NUMERIC: cast back.
                "SELECT COUNT(*), CAST(SUM(rating) AS BIGINT) FROM reviews WHERE NOT hidden",
                &[],
            )
            .await?;
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        let average = match (count, stars) {
            (0, _) | (_, None) => 0.0,
            (count, Some(stars)) => stars as f64 / f64::from(count),
        };
        Ok(ReviewSummary { count, average })
    }

    async fn answer_review(
        &self,
        id: &str,
        reply: Option<&str>,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let replied_at = reply.map(|_| at);
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE reviews SET reply = $1, replied_at = $2 WHERE id = $3",
                crate::args![reply, replied_at, id],
            )
            .await?;
        Ok(changed > 0)
    }

    async fn hide_review(&self, id: &str, hidden: bool) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE reviews SET hidden = $1 WHERE id = $2",
                crate::args![hidden, id],
            )
            .await?;
        Ok(changed > 0)
    }

    async fn mark_demo_client(&self, client_id: &str) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "UPDATE clients SET demo = $1 WHERE id = $2",
                crate::args![true, client_id],
            )
            .await
            .map(drop)
    }

    async fn has_demo_data(&self) -> Result<bool, StoreError> {
        let found: Option<(String,)> = self
            .connection()
            .await?
            .optional("SELECT id FROM clients WHERE demo LIMIT 1", &[])
            .await?;
        Ok(found.is_some())
    }

    async fn remove_demo_data(&self) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        // A cita's services, reviews and marks go with it (their keys cascade).
        let citas = tx
            .execute(
                "DELETE FROM citas WHERE client_id IN (SELECT id FROM clients WHERE demo)",
                &[],
            )
            .await?;
        tx.execute("DELETE FROM clients WHERE demo", &[]).await?;
        tx.commit().await?;
        Ok(citas)
    }
}
