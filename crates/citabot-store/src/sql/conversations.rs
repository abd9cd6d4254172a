//! The dashboard's conversations: the inbox list, one transcript, the take-over, the activity
//! behind the charts.

use async_trait::async_trait;
use citabot_domain::chat::ChatSessionId;
use time::OffsetDateTime;

use super::{Arg, SqlBackend, SqlConn, SqlTx, placeholders};
use crate::StoreError;
use crate::conversations::{
    Activity, ChatSessionControl, Conversation, ConversationFilter, ConversationPage,
    ConversationStore, ConversationSummary, InboxColumns, InboxNote, MessageColumns, STAFF_AUTHOR,
    StaffMessageOutcome, SummaryColumns, messages_from_columns, summaries_from_columns,
};

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

/// Writes what a turn notes for the inbox, in the turn's transaction.
pub(crate) async fn note_inbox(
    conn: &mut impl SqlConn,
    session: &ChatSessionId,
    note: InboxNote<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    if note == InboxNote::default() {
        return Ok(());
    }
    conn.execute(
        "UPDATE chat_sessions SET \
           needs_person_since = CASE WHEN $1 THEN COALESCE(needs_person_since, $2) \
                                ELSE needs_person_since END, \
           visitor_name = COALESCE($3, visitor_name), \
           site = COALESCE(site, $4), \
           language = COALESCE($5, language) \
         WHERE id = $6",
        crate::args![
            note.needs_person,
            at,
            note.visitor_name,
            note.site,
            note.language,
            session.as_str(),
        ],
    )
    .await
    .map(drop)
}

/// The summaries of these rows, with their citas and inbox notes read in two more queries.
async fn with_citas(
    conn: &mut impl SqlConn,
    rows: Vec<SummaryColumns>,
) -> Result<Vec<ConversationSummary>, StoreError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Arg<'_>> = rows.iter().map(|row| Arg::from(&row.0)).collect();
    let marks = placeholders(1, ids.len());
    let citas: Vec<(String, String)> = conn
        .all(
            &format!(
                "SELECT chat_session_id, id FROM citas WHERE chat_session_id IN ({marks}) \
                 ORDER BY julianday(created_at), id"
            ),
            &ids,
        )
        .await?;
    let inbox: Vec<InboxColumns> = conn
        .all(
            &format!(
                "SELECT id, needs_person_since, visitor_name, site FROM chat_sessions \
                 WHERE id IN ({marks})"
            ),
            &ids,
        )
        .await?;
    summaries_from_columns(rows, &citas, &inbox)
}

#[async_trait]
impl<B: SqlBackend> ConversationStore for B {
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
        let mut conn = self.connection().await?;
        let rows: Vec<SummaryColumns> = match page.before {
            Some(before) => {
                let sql = format!(
                    "{SUMMARY_SELECT} WHERE s.last_message_at IS NOT NULL {filter} \
                     AND julianday(s.last_message_at) < julianday($1) \
                     ORDER BY julianday(s.last_message_at) DESC, s.id DESC LIMIT $2"
                );
                conn.all(&sql, crate::args![before, page.limit]).await?
            }
            None => {
                // The first page of everything lists the visitors waiting for a person first.
                let first = if page.filter == ConversationFilter::All {
                    "s.needs_person_since IS NULL,"
                } else {
                    ""
                };
                let sql = format!(
                    "{SUMMARY_SELECT} WHERE s.last_message_at IS NOT NULL {filter} \
                     ORDER BY {first} julianday(s.last_message_at) DESC, s.id DESC LIMIT $1"
                );
                conn.all(&sql, crate::args![page.limit]).await?
            }
        };
        with_citas(&mut conn, rows).await
    }

    async fn unread_counts(
        &self,
        reader: &str,
        sessions: &[String],
    ) -> Result<Vec<(String, u32)>, StoreError> {
        if sessions.is_empty() {
            return Ok(Vec::new());
        }
        let args: Vec<Arg<'_>> = std::iter::once(Arg::from(reader))
            .chain(sessions.iter().map(Arg::from))
            .collect();
        let rows: Vec<(String, i64)> = self
            .connection()
            .await?
            .all(
                &format!(
                    "SELECT m.session_id, COUNT(*) FROM chat_messages m \
                     LEFT JOIN conversation_reads r \
                       ON r.session_id = m.session_id AND r.user_id = $1 \
                     WHERE m.author = 'human' AND m.session_id IN ({}) \
                       AND m.id > COALESCE(r.last_read_id, 0) \
                     GROUP BY m.session_id",
                    placeholders(2, sessions.len())
                ),
                &args,
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, count)| (id, u32::try_from(count).unwrap_or(u32::MAX)))
            .collect())
    }

    async fn mark_read(&self, session: &ChatSessionId, reader: &str) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO conversation_reads (session_id, user_id, last_read_id) \
                 SELECT session_id, $1, MAX(id) FROM chat_messages WHERE session_id = $2 \
                 GROUP BY session_id \
                 ON CONFLICT (session_id, user_id) DO UPDATE SET last_read_id = \
                   CASE WHEN excluded.last_read_id > conversation_reads.last_read_id \
                        THEN excluded.last_read_id ELSE conversation_reads.last_read_id END",
                crate::args![reader, session.as_str()],
            )
            .await
            .map(drop)
    }

    async fn needs_person_count(&self) -> Result<u32, StoreError> {
        let (count,): (i64,) = self
            .connection()
            .await?
            .one(
                "SELECT COUNT(*) FROM chat_sessions WHERE needs_person_since IS NOT NULL",
                &[],
            )
            .await?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    async fn conversation_summary(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ConversationSummary>, StoreError> {
        let mut conn = self.connection().await?;
        let row: Option<SummaryColumns> = conn
            .optional(
                &format!("{SUMMARY_SELECT} WHERE s.id = $1"),
                crate::args![session.as_str()],
            )
            .await?;
        Ok(with_citas(&mut conn, row.into_iter().collect())
            .await?
            .pop())
    }

    async fn conversation(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<Conversation>, StoreError> {
        let Some(summary) = self.conversation_summary(session).await? else {
            return Ok(None);
        };
        let messages: Vec<MessageColumns> = self
            .connection()
            .await?
            .all(
                "SELECT m.author, m.content, m.created_at, m.staff_user_id, u.first_name, \
                 u.last_name FROM chat_messages m LEFT JOIN users u ON u.id = m.staff_user_id \
                 WHERE m.session_id = $1 ORDER BY m.id",
                crate::args![session.as_str()],
            )
            .await?;
        Ok(Some(Conversation {
            summary,
            messages: messages_from_columns(messages)?,
        }))
    }

    async fn conversation_language(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<String>, StoreError> {
        let row: Option<(Option<String>,)> = self
            .connection()
            .await?
            .optional(
                "SELECT language FROM chat_sessions WHERE id = $1",
                crate::args![session.as_str()],
            )
            .await?;
        Ok(row.and_then(|(language,)| language))
    }

    async fn chat_session_control(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatSessionControl>, StoreError> {
        let row: Option<(Option<String>, Option<String>, Option<OffsetDateTime>)> = self
            .connection()
            .await?
            .optional(
                "SELECT owner_user_id, taken_over_by, needs_person_since FROM chat_sessions \
                 WHERE id = $1",
                crate::args![session.as_str()],
            )
            .await?;
        Ok(row.map(ChatSessionControl::from_columns))
    }

    async fn take_over(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        now: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE chat_sessions SET taken_over_by = $1, taken_over_at = $2, \
                 needs_person_since = NULL WHERE id = $3",
                crate::args![staff_id, now, session.as_str()],
            )
            .await?;
        Ok(changed > 0)
    }

    async fn hand_back(&self, session: &ChatSessionId) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE chat_sessions SET taken_over_by = NULL, taken_over_at = NULL \
                 WHERE id = $1",
                crate::args![session.as_str()],
            )
            .await?;
        Ok(changed > 0)
    }

    async fn append_staff_message(
        &self,
        session: &ChatSessionId,
        staff_id: &str,
        text: &str,
        at: OffsetDateTime,
    ) -> Result<StaffMessageOutcome, StoreError> {
        // The holder check is the first write: it locks the session's row until the commit, so
        // that a hand-back cannot slip in between the check and the message.
        let mut tx = self.write().await?;
        let held = tx
            .execute(
                "UPDATE chat_sessions SET last_message_at = $1, needs_person_since = NULL \
                 WHERE id = $2 AND taken_over_by = $3",
                crate::args![at, session.as_str(), staff_id],
            )
            .await?;
        if held == 0 {
            drop(tx);
            let exists = self.chat_session_control(session).await?.is_some();
            return Ok(StaffMessageOutcome::refused(exists));
        }
        tx.execute(
            "INSERT INTO chat_messages (session_id, author, content, created_at, staff_user_id) \
             VALUES ($1, $2, $3, $4, $5)",
            crate::args![session.as_str(), STAFF_AUTHOR.as_str(), text, at, staff_id],
        )
        .await?;
        tx.commit().await?;
        Ok(StaffMessageOutcome::Stored)
    }

    async fn activity_between(
        &self,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> Result<Activity, StoreError> {
        let mut conn = self.connection().await?;
        let citas: Vec<(OffsetDateTime,)> = conn
            .all(
                "SELECT created_at FROM citas \
                 WHERE julianday(created_at) >= julianday($1) \
                   AND julianday(created_at) < julianday($2)",
                crate::args![from, to],
            )
            .await?;
        let conversations: Vec<(OffsetDateTime, bool)> = conn
            .all(
                "SELECT s.created_at, \
                   EXISTS (SELECT 1 FROM citas c WHERE c.chat_session_id = s.id) \
                 FROM chat_sessions s \
                 WHERE julianday(s.created_at) >= julianday($1) \
                   AND julianday(s.created_at) < julianday($2)",
                crate::args![from, to],
            )
            .await?;
        Ok(Activity::from_columns(citas, conversations))
    }
}
