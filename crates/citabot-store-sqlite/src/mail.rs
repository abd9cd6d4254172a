//! The outbox and the mail settings in SQLite. A claim is one `UPDATE … RETURNING`, which
//! SQLite runs under its single write lock: two senders never claim one row. Instants are
//! compared through `julianday()` (RFC 3339 text does not sort by time when fractions of a
//! second come and go).

use async_trait::async_trait;
use citabot_store::StoreError;
use citabot_store::mail::{
    AttemptFailed, MAIL_HEAD_COLUMNS, MAIL_TAIL_COLUMNS, Mail, MailHead, MailKind, MailPage,
    MailSettings, MailStatus, MailStore, MailTailRow, MailWrite, mails_from_columns,
    status_on_write,
};
use sqlx::{AssertSqlSafe, SqliteConnection};
use time::OffsetDateTime;

use crate::{SqliteStore, db_error};

/// Writes a change's messages inside its transaction: its cita's pending reminder dropped
/// first when asked, then each message with the status the per-address limit allows.
pub(crate) async fn queue(
    conn: &mut SqliteConnection,
    mail: MailWrite<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    if let Some(cita_id) = mail.replan_reminder_of {
        sqlx::query(
            "DELETE FROM outbox WHERE cita_id = ? AND kind = 'reminder' AND status = 'pending'",
        )
        .bind(cita_id)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    }
    for message in mail.queue {
        let earlier: Vec<(OffsetDateTime, String)> = if message.kind == MailKind::Booked {
            sqlx::query_as(
                "SELECT created_at, status FROM outbox WHERE recipient = ? AND kind = 'booked'",
            )
            .bind(&message.recipient)
            .fetch_all(&mut *conn)
            .await
            .map_err(db_error)?
        } else {
            Vec::new()
        };
        let earlier: Vec<(OffsetDateTime, MailStatus)> = earlier
            .into_iter()
            .filter_map(|(created, status)| Some((created, MailStatus::parse(&status)?)))
            .collect();
        let booking_suppressed = match &message.cita_id {
            Some(cita_id) if message.kind != MailKind::Booked => {
                let (found,): (i64,) = sqlx::query_as(
                    "SELECT COUNT(*) FROM outbox WHERE cita_id = ? AND kind = 'booked' \
                     AND status = 'suppressed'",
                )
                .bind(cita_id)
                .fetch_one(&mut *conn)
                .await
                .map_err(db_error)?;
                found > 0
            }
            _ => false,
        };
        let (status, why) = status_on_write(message, &earlier, booking_suppressed, at);
        sqlx::query(
            "INSERT INTO outbox (kind, cita_id, conversation_id, recipient, language, subject, \
             text_body, html_body, ics, message_id, send_after, status, last_error, created_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(message.kind.as_str())
        .bind(&message.cita_id)
        .bind(&message.conversation_id)
        .bind(&message.recipient)
        .bind(&message.language)
        .bind(&message.subject)
        .bind(&message.text)
        .bind(&message.html)
        .bind(&message.ics)
        .bind(&message.message_id)
        .bind(message.send_after)
        .bind(status.as_str())
        .bind(why)
        .bind(at)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    }
    Ok(())
}

impl SqliteStore {
    /// The messages `filter` selects (a clause written in this file, with its `ORDER BY` and
    /// `LIMIT`, its `?` bound to `binds` in order), in that order.
    async fn mails_where(
        &self,
        filter: &str,
        binds: &[MailBind<'_>],
    ) -> Result<Vec<Mail>, StoreError> {
        let heads_sql = format!("SELECT {MAIL_HEAD_COLUMNS} FROM outbox WHERE {filter}");
        let mut heads = sqlx::query_as::<_, MailHead>(AssertSqlSafe(heads_sql));
        for bind in binds {
            heads = match bind {
                MailBind::Int(value) => heads.bind(*value),
                MailBind::Text(value) => heads.bind(*value),
            };
        }
        let heads = heads.fetch_all(&self.pool).await.map_err(db_error)?;
        let ids: Vec<i64> = heads.iter().map(|head| head.0).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; ids.len()].join(", ");
        let tails_sql = format!("SELECT {MAIL_TAIL_COLUMNS} FROM outbox WHERE id IN ({marks})");
        let mut tails = sqlx::query_as::<_, MailTailRow>(AssertSqlSafe(tails_sql));
        for id in &ids {
            tails = tails.bind(*id);
        }
        let tails = tails.fetch_all(&self.pool).await.map_err(db_error)?;
        mails_from_columns(heads, tails)
    }

    /// The messages a claim just took (by id, oldest first).
    async fn claimed(&self, ids: Vec<(i64,)>) -> Result<Vec<Mail>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = ids
            .iter()
            .map(|(id,)| id.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        // The ids are numbers the database just gave: no text of anyone's reaches the SQL.
        self.mails_where(&format!("id IN ({list}) ORDER BY id"), &[])
            .await
    }
}

/// A value for a `?` of [`SqliteStore::mails_where`].
enum MailBind<'a> {
    Int(i64),
    Text(&'a str),
}

#[async_trait]
impl MailStore for SqliteStore {
    async fn claim_due_mail(
        &self,
        claim: &str,
        now: OffsetDateTime,
        until: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<Mail>, StoreError> {
        let claimed: Vec<(i64,)> = sqlx::query_as(
            "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ( \
               SELECT id FROM outbox WHERE status = 'pending' \
                 AND julianday(send_after) <= julianday(?) \
                 AND (claimed_until IS NULL OR julianday(claimed_until) <= julianday(?)) \
               ORDER BY id LIMIT ?) RETURNING id",
        )
        .bind(claim)
        .bind(until)
        .bind(now)
        .bind(now)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        self.claimed(claimed).await
    }

    async fn renew_mail_claim(
        &self,
        claim: &str,
        until: OffsetDateTime,
    ) -> Result<u64, StoreError> {
        let renewed = sqlx::query(
            "UPDATE outbox SET claimed_until = ? WHERE claimed_by = ? AND status = 'pending'",
        )
        .bind(until)
        .bind(claim)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(renewed.rows_affected())
    }

    async fn release_mail_claim(&self, claim: &str) -> Result<u64, StoreError> {
        let released = sqlx::query(
            "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL \
             WHERE claimed_by = ? AND status = 'pending'",
        )
        .bind(claim)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(released.rows_affected())
    }

    async fn mark_mail_sent(
        &self,
        id: i64,
        claim: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, \
             last_error = NULL, claimed_by = NULL, claimed_until = NULL \
             WHERE id = ? AND claimed_by = ? AND status = 'pending'",
        )
        .bind(at)
        .bind(id)
        .bind(claim)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn mark_mail_attempt_failed(
        &self,
        id: i64,
        claim: &str,
        outcome: AttemptFailed<'_>,
    ) -> Result<bool, StoreError> {
        let (status, retry_at, error) = match outcome {
            AttemptFailed::RetryAt(at, error) => ("pending", Some(at), error),
            AttemptFailed::GiveUp(error) => ("failed", None, error),
        };
        let done = sqlx::query(
            "UPDATE outbox SET status = ?, send_after = COALESCE(?, send_after), \
             attempts = attempts + 1, last_error = ?, claimed_by = NULL, claimed_until = NULL \
             WHERE id = ? AND claimed_by = ? AND status = 'pending'",
        )
        .bind(status)
        .bind(retry_at)
        .bind(error)
        .bind(id)
        .bind(claim)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn mark_due_mail_unsent(&self, now: OffsetDateTime) -> Result<u32, StoreError> {
        let done = sqlx::query(
            "UPDATE outbox SET status = 'unsent' WHERE status = 'pending' \
             AND julianday(send_after) <= julianday(?) \
             AND (claimed_until IS NULL OR julianday(claimed_until) <= julianday(?))",
        )
        .bind(now)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(u32::try_from(done.rows_affected()).unwrap_or(u32::MAX))
    }

    async fn mail_page(&self, page: MailPage) -> Result<Vec<Mail>, StoreError> {
        let mut binds = Vec::new();
        let mut filter = String::from("1 = 1");
        if let Some(status) = page.status {
            filter.push_str(" AND status = ?");
            binds.push(MailBind::Text(status.as_str()));
        }
        if let Some(before) = page.before {
            filter.push_str(" AND id < ?");
            binds.push(MailBind::Int(before));
        }
        filter.push_str(" ORDER BY id DESC LIMIT ?");
        binds.push(MailBind::Int(i64::from(page.limit)));
        self.mails_where(&filter, &binds).await
    }

    async fn mail(&self, id: i64) -> Result<Option<Mail>, StoreError> {
        Ok(self
            .mails_where("id = ?", &[MailBind::Int(id)])
            .await?
            .into_iter()
            .next())
    }

    async fn retry_failed_mail(&self, id: i64, now: OffsetDateTime) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE outbox SET status = 'pending', send_after = ?, attempts = 0, \
             claimed_by = NULL, claimed_until = NULL WHERE id = ? AND status = 'failed'",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn mail_signing_key(&self, candidate: &[u8]) -> Result<Vec<u8>, StoreError> {
        sqlx::query(
            "INSERT INTO mail_signing_key (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
        )
        .bind(candidate)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        let (key,): (Vec<u8>,) = sqlx::query_as("SELECT key FROM mail_signing_key WHERE id = 1")
            .fetch_one(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(key)
    }

    async fn mail_settings(&self) -> Result<MailSettings, StoreError> {
        let row: Option<(i64, String)> = sqlx::query_as(
            "SELECT reminder_hours, staff_alert_emails FROM mail_settings WHERE id = 1",
        )
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        row.map_or_else(
            || Ok(MailSettings::default()),
            citabot_store::mail::settings_from_columns,
        )
    }

    async fn save_mail_settings(&self, settings: &MailSettings) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO mail_settings (id, reminder_hours, staff_alert_emails) VALUES (1, ?, ?) \
             ON CONFLICT (id) DO UPDATE SET reminder_hours = excluded.reminder_hours, \
             staff_alert_emails = excluded.staff_alert_emails",
        )
        .bind(i64::from(settings.reminder_hours))
        .bind(settings.staff_alert_emails.join("\n"))
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(db_error)
    }

    async fn mark_client_confirmed(
        &self,
        cita_id: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO cita_client_confirmed (cita_id, client_confirmed_at) \
             SELECT id, ? FROM citas WHERE id = ? AND status IN ('pendiente', 'confirmada') \
             ON CONFLICT (cita_id) DO NOTHING",
        )
        .bind(at)
        .bind(cita_id)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        if done.rows_affected() == 1 {
            return Ok(true);
        }
        // Already confirmed counts as done while the cita still holds its time.
        let (already,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM cita_client_confirmed c JOIN citas ON citas.id = c.cita_id \
             WHERE c.cita_id = ? AND citas.status IN ('pendiente', 'confirmada')",
        )
        .bind(cita_id)
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(already > 0)
    }

    async fn client_confirmed(&self, cita_ids: &[String]) -> Result<Vec<String>, StoreError> {
        if cita_ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; cita_ids.len()].join(", ");
        let mut query = sqlx::query_as::<_, (String,)>(AssertSqlSafe(format!(
            "SELECT cita_id FROM cita_client_confirmed WHERE cita_id IN ({marks})"
        )));
        for id in cita_ids {
            query = query.bind(id);
        }
        let rows = query.fetch_all(&self.pool).await.map_err(db_error)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }
}
