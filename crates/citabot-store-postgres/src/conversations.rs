//! The dashboard's conversations on PostgreSQL.

use async_trait::async_trait;
use citabot_domain::chat::ChatSessionId;
use citabot_store::StoreError;
use citabot_store::conversations::{
    Activity, ChatSessionControl, Conversation, ConversationFilter, ConversationPage,
    ConversationStore, ConversationSummary, InboxColumns, InboxNote, MessageColumns, STAFF_AUTHOR,
    StaffMessageOutcome, SummaryColumns, messages_from_columns, summaries_from_columns,
};
use sqlx::AssertSqlSafe;
use sqlx::PgConnection;
use time::OffsetDateTime;

use crate::{PgStore, db_error};

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

/// The list's order (`first` comes before the time), the limit is the last parameter.
fn ordered(filter: &str, first: &str, limit_parameter: u8) -> String {
    format!(
        "{SUMMARY_SELECT} WHERE s.last_message_at IS NOT NULL {filter} \
         ORDER BY {first} s.last_message_at DESC, s.id DESC LIMIT ${limit_parameter}"
    )
}

/// Writes what a turn notes for the inbox, in the turn's transaction.
pub(crate) async fn note_inbox(
    conn: &mut PgConnection,
    session: &ChatSessionId,
    note: InboxNote<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    if note == InboxNote::default() {
        return Ok(());
    }
    sqlx::query(
        "UPDATE chat_sessions SET \
           needs_person_since = CASE WHEN $1 THEN COALESCE(needs_person_since, $2) \
                                ELSE needs_person_since END, \
           visitor_name = COALESCE($3, visitor_name), \
           site = COALESCE(site, $4), \
           language = COALESCE($5, language) \
         WHERE id = $6",
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

impl PgStore {
    /// The summaries of these rows, with their citas read in one more query.
    async fn with_citas(
        &self,
        rows: Vec<SummaryColumns>,
    ) -> Result<Vec<ConversationSummary>, StoreError> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<&str> = rows.iter().map(|row| row.0.as_str()).collect();
        let citas: Vec<(String, String)> = sqlx::query_as(
            "SELECT chat_session_id, id FROM citas WHERE chat_session_id = ANY($1) \
             ORDER BY created_at, id",
        )
        .bind(&ids)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let inbox: Vec<InboxColumns> = sqlx::query_as(
            "SELECT id, needs_person_since, visitor_name, site FROM chat_sessions \
             WHERE id = ANY($1)",
        )
        .bind(&ids)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        summaries_from_columns(rows, &citas, &inbox)
    }
}

#[async_trait]
impl ConversationStore for PgStore {
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
        let rows: Vec<SummaryColumns> = match page.before {
            Some(before) => {
                let filter = format!("{filter} AND s.last_message_at < $1");
                sqlx::query_as(AssertSqlSafe(ordered(&filter, "", 2)))
                    .bind(before)
                    .bind(i64::from(page.limit))
                    .fetch_all(&self.pool)
                    .await
            }
            None => {
                // The first page of everything lists the visitors waiting for a person first.
                let first = if page.filter == ConversationFilter::All {
                    "s.needs_person_since IS NULL,"
                } else {
                    ""
                };
                sqlx::query_as(AssertSqlSafe(ordered(filter, first, 1)))
                    .bind(i64::from(page.limit))
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
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT m.session_id, COUNT(*) FROM chat_messages m \
             LEFT JOIN conversation_reads r ON r.session_id = m.session_id AND r.user_id = $1 \
             WHERE m.author = 'human' AND m.session_id = ANY($2) \
               AND m.id > COALESCE(r.last_read_id, 0) \
             GROUP BY m.session_id",
        )
        .bind(reader)
        .bind(sessions)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, count)| (id, u32::try_from(count).unwrap_or(u32::MAX)))
            .collect())
    }

    async fn mark_read(&self, session: &ChatSessionId, reader: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO conversation_reads (session_id, user_id, last_read_id) \
             SELECT session_id, $1, MAX(id) FROM chat_messages WHERE session_id = $2 \
             GROUP BY session_id \
             ON CONFLICT (session_id, user_id) DO UPDATE SET last_read_id = \
               GREATEST(conversation_reads.last_read_id, excluded.last_read_id)",
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
            sqlx::query_as(AssertSqlSafe(format!("{SUMMARY_SELECT} WHERE s.id = $1")))
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
             WHERE m.session_id = $1 ORDER BY m.id",
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
            sqlx::query_as("SELECT language FROM chat_sessions WHERE id = $1")
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
                 WHERE id = $1",
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
            "UPDATE chat_sessions SET taken_over_by = $1, taken_over_at = $2, \
             needs_person_since = NULL WHERE id = $3",
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
            "UPDATE chat_sessions SET taken_over_by = NULL, taken_over_at = NULL WHERE id = $1",
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
        // Written under the holder check, the session row locked until the commit so that a
        // hand-back cannot slip in between.
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        let written = sqlx::query(
            "INSERT INTO chat_messages (session_id, author, content, created_at, staff_user_id) \
             SELECT id, $1, $2, $3, taken_over_by FROM chat_sessions \
             WHERE id = $4 AND taken_over_by = $5 FOR UPDATE",
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
            "UPDATE chat_sessions SET last_message_at = $1, needs_person_since = NULL \
             WHERE id = $2",
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
             WHERE created_at >= $1 AND created_at < $2",
        )
        .bind(from)
        .bind(to)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let conversations: Vec<(OffsetDateTime, bool)> = sqlx::query_as(
            "SELECT s.created_at, EXISTS (SELECT 1 FROM citas c WHERE c.chat_session_id = s.id) \
             FROM chat_sessions s \
             WHERE s.created_at >= $1 AND s.created_at < $2",
        )
        .bind(from)
        .bind(to)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(Activity::from_columns(citas, conversations))
    }
}
