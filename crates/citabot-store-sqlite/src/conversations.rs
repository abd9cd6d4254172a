//! The dashboard's conversations on SQLite. Instants are RFC 3339 text, whose byte order is not
//! their time order (a fraction of a second is written only when there is one), so every
//! comparison and ordering of instants goes through `julianday()`, which the indexes cover.

use async_trait::async_trait;
use citabot_domain::chat::ChatSessionId;
use citabot_store::StoreError;
use citabot_store::conversations::{
    Activity, ChatSessionControl, Conversation, ConversationFilter, ConversationPage,
    ConversationStore, ConversationSummary, InboxColumns, InboxNote, MessageColumns, STAFF_AUTHOR,
    StaffMessageOutcome, SummaryColumns, messages_from_columns, summaries_from_columns,
};
use sqlx::AssertSqlSafe;
use sqlx::SqliteConnection;
use time::OffsetDateTime;

use crate::{SqliteStore, db_error};

/// [`SummaryColumns`] from the session `s`, its last message `m`, its owner `o` and the staff
/// member `t` holding it; a session without messages has no `m` and is left out.
const SUMMARY_SELECT: &str = "SELECT s.id, s.owner_user_id, s.created_at, s.last_message_at, \
        (SELECT COUNT(*) FROM chat_messages c WHERE c.session_id = s.id), \
        m.author, m.content, m.created_at, \
        o.first_name, o.last_name, o.email, o.role, \
        s.taken_over_by, t.first_name, t.last_name \
     FROM chat_sessions s \
     JOIN chat_messages m ON m.id = (SELECT MAX(l.id) FROM chat_messages l WHERE l.session_id = s.id) \
     LEFT JOIN users o ON o.id = s.owner_user_id \
     LEFT JOIN users t ON t.id = s.taken_over_by";

const ORDER: &str = "ORDER BY julianday(s.last_message_at) DESC, s.id DESC LIMIT ?";

/// Writes what a turn notes for the inbox, in the turn's transaction.
pub(crate) async fn note_inbox(
    conn: &mut SqliteConnection,
    session: &ChatSessionId,
    note: InboxNote<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    if note == InboxNote::default() {
        return Ok(());
    }
    sqlx::query(
        "UPDATE chat_sessions SET \
           needs_person_since = CASE WHEN ? THEN COALESCE(needs_person_since, ?) \
                                ELSE needs_person_since END, \
           visitor_name = COALESCE(?, visitor_name), \
           site = COALESCE(site, ?), \
           language = COALESCE(?, language) \
         WHERE id = ?",
    )
    .bind(note.needs_person)
    .bind(at)
    .bind(note.visitor_name)
    .bind(note.site)
    .bind(note.language)
    .bind(session.as_str())
    .execute(&mut *conn)
    .await
    .map_err(db_error)?;
    Ok(())
}

impl SqliteStore {
    /// The summaries of these rows, with their citas read in one more query.
    async fn with_citas(
        &self,
        rows: Vec<SummaryColumns>,
    ) -> Result<Vec<ConversationSummary>, StoreError> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; rows.len()].join(", ");
        let mut citas = sqlx::query_as::<_, (String, String)>(AssertSqlSafe(format!(
            "SELECT chat_session_id, id FROM citas WHERE chat_session_id IN ({marks}) \
             ORDER BY julianday(created_at), id"
        )));
        for row in &rows {
            citas = citas.bind(&row.0);
        }
        let citas = citas.fetch_all(&self.pool).await.map_err(db_error)?;
        let mut inbox = sqlx::query_as::<_, InboxColumns>(AssertSqlSafe(format!(
            "SELECT id, needs_person_since, visitor_name, site FROM chat_sessions \
             WHERE id IN ({marks})"
        )));
        for row in &rows {
            inbox = inbox.bind(&row.0);
        }
        let inbox = inbox.fetch_all(&self.pool).await.map_err(db_error)?;
        summaries_from_columns(rows, &citas, &inbox)
    }
}

#[async_trait]
impl ConversationStore for SqliteStore {
    async fn conversations(
        &self,
        page: ConversationPage,
    ) -> Result<Vec<ConversationSummary>, StoreError> {
        let filter = match page.filter {
            ConversationFilter::All if page.before.is_some() => "AND s.needs_person_since IS NULL",
            ConversationFilter::All => "",
            ConversationFilter::NeedsPerson => "AND s.needs_person_since IS NOT NULL",
            ConversationFilter::Booked => {
                "AND EXISTS (SELECT 1 FROM citas c WHERE c.chat_session_id = s.id)"
            }
        };
        // The first page of everything lists the visitors waiting for a person first.
        let order = if page.filter == ConversationFilter::All && page.before.is_none() {
            format!(
                "ORDER BY s.needs_person_since IS NULL, {}",
                &ORDER["ORDER BY ".len()..]
            )
        } else {
            ORDER.to_owned()
        };
        let rows: Vec<SummaryColumns> = match page.before {
            Some(before) => {
                sqlx::query_as(AssertSqlSafe(format!(
                    "{SUMMARY_SELECT} WHERE s.last_message_at IS NOT NULL {filter} \
                 AND julianday(s.last_message_at) < julianday(?) {order}"
                )))
                .bind(before)
                .bind(page.limit)
                .fetch_all(&self.pool)
                .await
            }
            None => {
                sqlx::query_as(AssertSqlSafe(format!(
                    "{SUMMARY_SELECT} WHERE s.last_message_at IS NOT NULL {filter} {order}"
                )))
                .bind(page.limit)
                .fetch_all(&self.pool)
                .await
            }
        }
        .map_err(db_error)?;
        self.with_citas(rows).await
    }

    async fn unread_counts(
        &self,
        reader: &str,
        sessions: &[String],
    ) -> Result<Vec<(String, u32)>, StoreError> {
        if sessions.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; sessions.len()].join(", ");
        let mut query = sqlx::query_as::<_, (String, i64)>(AssertSqlSafe(format!(
            "SELECT m.session_id, COUNT(*) FROM chat_messages m \
             LEFT JOIN conversation_reads r ON r.session_id = m.session_id AND r.user_id = ? \
             WHERE m.author = 'human' AND m.session_id IN ({marks}) \
               AND m.id > COALESCE(r.last_read_id, 0) \
             GROUP BY m.session_id"
        )))
        .bind(reader);
        for session in sessions {
            query = query.bind(session);
        }
        let rows = query.fetch_all(&self.pool).await.map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, count)| (id, u32::try_from(count).unwrap_or(u32::MAX)))
            .collect())
    }

    async fn mark_read(&self, session: &ChatSessionId, reader: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO conversation_reads (session_id, user_id, last_read_id) \
             SELECT session_id, ?, MAX(id) FROM chat_messages WHERE session_id = ? \
             GROUP BY session_id \
             ON CONFLICT (session_id, user_id) DO UPDATE SET last_read_id = \
               MAX(conversation_reads.last_read_id, excluded.last_read_id)",
        )
        .bind(reader)
        .bind(session.as_str())
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn needs_person_count(&self) -> Result<u32, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM chat_sessions WHERE needs_person_since IS NOT NULL",
        )
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    async fn conversation_summary(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ConversationSummary>, StoreError> {
        let row: Option<SummaryColumns> =
            sqlx::query_as(AssertSqlSafe(format!("{SUMMARY_SELECT} WHERE s.id = ?")))
                .bind(session.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(self.with_citas(row.into_iter().collect()).await?.pop())
    }

    async fn conversation(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<Conversation>, StoreError> {
        let Some(summary) = self.conversation_summary(session).await? else {
            return Ok(None);
        };
        let messages: Vec<MessageColumns> = sqlx::query_as(
            "SELECT m.author, m.content, m.created_at, m.staff_user_id, u.first_name, u.last_name \
             FROM chat_messages m LEFT JOIN users u ON u.id = m.staff_user_id \
             WHERE m.session_id = ? ORDER BY m.id",
        )
        .bind(session.as_str())
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(Some(Conversation {
            summary,
            messages: messages_from_columns(messages)?,
        }))
    }

    async fn conversation_language(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<String>, StoreError> {
        let row: Option<(Option<String>,)> =
            sqlx::query_as("SELECT language FROM chat_sessions WHERE id = ?")
                .bind(session.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(row.and_then(|(language,)| language))
    }

    async fn chat_session_control(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatSessionControl>, StoreError> {
        let row: Option<(Option<String>, Option<String>, Option<OffsetDateTime>)> = sqlx::query_as(
            "SELECT owner_user_id, taken_over_by, needs_person_since FROM chat_sessions \
                 WHERE id = ?",
        )
        .bind(session.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(row.map(ChatSessionControl::from_columns))
    }

    async fn take_over(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        now: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE chat_sessions SET taken_over_by = ?, taken_over_at = ?, \
             needs_person_since = NULL WHERE id = ?",
        )
        .bind(staff_id)
        .bind(now)
        .bind(session.as_str())
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }

    async fn hand_back(&self, session: &ChatSessionId) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE chat_sessions SET taken_over_by = NULL, taken_over_at = NULL WHERE id = ?",
        )
        .bind(session.as_str())
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }

    async fn append_staff_message(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        text: &str,
        at: OffsetDateTime,
    ) -> Result<StaffMessageOutcome, StoreError> {
        // Written first, under the holder check: SQLite's single writer makes the check and the
        // write one step, and a read-then-write transaction could not upgrade its lock.
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        let written = sqlx::query(
            "INSERT INTO chat_messages (session_id, author, content, created_at, staff_user_id) \
             SELECT id, ?, ?, ?, taken_over_by FROM chat_sessions \
             WHERE id = ? AND taken_over_by = ?",
        )
        .bind(STAFF_AUTHOR.as_str())
        .bind(text)
        .bind(at)
        .bind(session.as_str())
        .bind(staff_id)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        if written.rows_affected() == 0 {
            drop(tx);
            let exists = self.chat_session_control(session).await?.is_some();
            return Ok(StaffMessageOutcome::refused(exists));
        }
        sqlx::query(
            "UPDATE chat_sessions SET last_message_at = ?, needs_person_since = NULL WHERE id = ?",
        )
        .bind(at)
        .bind(session.as_str())
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok(StaffMessageOutcome::Stored)
    }

    async fn activity_between(
        &self,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> Result<Activity, StoreError> {
        let citas: Vec<(OffsetDateTime,)> = sqlx::query_as(
            "SELECT created_at FROM citas \
             WHERE julianday(created_at) >= julianday(?) AND julianday(created_at) < julianday(?)",
        )
        .bind(from)
        .bind(to)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let conversations: Vec<(OffsetDateTime, bool)> = sqlx::query_as(
            "SELECT s.created_at, EXISTS (SELECT 1 FROM citas c WHERE c.chat_session_id = s.id) \
             FROM chat_sessions s \
             WHERE julianday(s.created_at) >= julianday(?) AND julianday(s.created_at) < julianday(?)",
        )
        .bind(from)
        .bind(to)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(Activity::from_columns(citas, conversations))
    }
}
