//! The outbox and the mail settings. A claim is one `UPDATE` over the rows it picks: SQLite runs
//! it under its single write lock, PostgreSQL picks the rows [`SqlConn::SKIP_LOCKED`], so two
//! senders (two instances) never claim one row and neither waits for the other's.

use async_trait::async_trait;
use time::OffsetDateTime;

use super::{Arg, SqlBackend, SqlConn, WriteLock, placeholders};
use crate::StoreError;
use crate::mail::{
    AttemptFailed, Mail, MailHead, MailKind, MailPage, MailSettings, MailStatus, MailStore,
    MailTailRow, MailWrite, mails_from_columns, settings_from_columns, status_on_write,
};

/// [`MailHead`]'s columns.
const MAIL_HEAD_COLUMNS: &str = "id, kind, cita_id, conversation_id, recipient, language, \
     subject, text_body, html_body, ics, message_id";
/// [`MailTailRow`]'s columns.
const MAIL_TAIL_COLUMNS: &str = "id, send_after, status, attempts, last_error, created_at, sent_at";

/// Writes a change's messages inside its transaction: its cita's pending reminder dropped
/// first when asked, then each message with the status the per-address limit allows.
pub(crate) async fn queue(
    conn: &mut impl SqlConn,
    mail: MailWrite<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    if let Some(cita_id) = mail.replan_reminder_of {
        conn.execute(
            "DELETE FROM outbox WHERE cita_id = $1 AND kind = 'reminder' AND status = 'pending'",
            crate::args![cita_id],
        )
        .await?;
    }
    for message in mail.queue {
        let earlier: Vec<(OffsetDateTime, String)> = if message.kind == MailKind::Booked {
            conn.lock(WriteLock::Recipient(&message.recipient)).await?;
            conn.all(
                "SELECT created_at, status FROM outbox WHERE recipient = $1 AND kind = 'booked'",
                crate::args![&message.recipient],
            )
            .await?
        } else {
            Vec::new()
        };
        let earlier: Vec<(OffsetDateTime, MailStatus)> = earlier
            .into_iter()
            .filter_map(|(created, status)| Some((created, MailStatus::parse(&status)?)))
            .collect();
        let booking_suppressed = match &message.cita_id {
            Some(cita_id) if message.kind != MailKind::Booked => {
                let (found,): (i64,) = conn
                    .one(
                        "SELECT COUNT(*) FROM outbox WHERE cita_id = $1 AND kind = 'booked' \
                         AND status = 'suppressed'",
                        crate::args![cita_id],
                    )
                    .await?;
                found > 0
            }
            _ => false,
        };
        let (status, why) = status_on_write(message, &earlier, booking_suppressed, at);
        conn.execute(
            "INSERT INTO outbox (kind, cita_id, conversation_id, recipient, language, subject, \
             text_body, html_body, ics, message_id, send_after, status, last_error, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            crate::args![
                message.kind.as_str(),
                message.cita_id.as_deref(),
                message.conversation_id.as_deref(),
                &message.recipient,
                &message.language,
                &message.subject,
                &message.text,
                &message.html,
                message.ics.as_deref(),
                &message.message_id,
                message.send_after,
                status.as_str(),
                why,
                at,
            ],
        )
        .await?;
    }
    Ok(())
}

/// The messages `filter` selects (a clause written in this file, with its `ORDER BY` and
/// `LIMIT`, its `$n` bound to `args`), in that order.
async fn mails_where(
    conn: &mut impl SqlConn,
    filter: &str,
    args: &[Arg<'_>],
) -> Result<Vec<Mail>, StoreError> {
    let heads: Vec<MailHead> = conn
        .all(
            &format!("SELECT {MAIL_HEAD_COLUMNS} FROM outbox WHERE {filter}"),
            args,
        )
        .await?;
    if heads.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Arg<'_>> = heads.iter().map(|head| Arg::from(head.0)).collect();
    let tails: Vec<MailTailRow> = conn
        .all(
            &format!(
                "SELECT {MAIL_TAIL_COLUMNS} FROM outbox WHERE id IN ({})",
                placeholders(1, ids.len())
            ),
            &ids,
        )
        .await?;
    mails_from_columns(heads, tails)
}

#[async_trait]
impl<B: SqlBackend> MailStore for B {
    async fn claim_due_mail(
        &self,
        claim: &str,
        now: OffsetDateTime,
        until: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<Mail>, StoreError> {
        let mut conn = self.connection().await?;
        let claimed: Vec<(i64,)> = conn
            .all(
                &format!(
                    "UPDATE outbox SET claimed_by = $1, claimed_until = $2 WHERE id IN ( \
                       SELECT id FROM outbox WHERE status = 'pending' \
                         AND julianday(send_after) <= julianday($3) \
                         AND (claimed_until IS NULL OR julianday(claimed_until) <= julianday($3)) \
                       ORDER BY id LIMIT $4 {}) RETURNING id",
                    B::Conn::SKIP_LOCKED
                ),
                crate::args![claim, until, now, limit],
            )
            .await?;
        if claimed.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Arg<'_>> = claimed.iter().map(|(id,)| Arg::from(*id)).collect();
        let filter = format!("id IN ({}) ORDER BY id", placeholders(1, ids.len()));
        mails_where(&mut conn, &filter, &ids).await
    }

    async fn renew_mail_claim(
        &self,
        claim: &str,
        until: OffsetDateTime,
    ) -> Result<u64, StoreError> {
        self.connection()
            .await?
            .execute(
                "UPDATE outbox SET claimed_until = $1 WHERE claimed_by = $2 AND status = 'pending'",
                crate::args![until, claim],
            )
            .await
    }

    async fn release_mail_claim(&self, claim: &str) -> Result<u64, StoreError> {
        self.connection()
            .await?
            .execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL \
                 WHERE claimed_by = $1 AND status = 'pending'",
                crate::args![claim],
            )
            .await
    }

    async fn mark_mail_sent(
        &self,
        id: i64,
        claim: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE outbox SET status = 'sent', sent_at = $1, attempts = attempts + 1, \
                 last_error = NULL, claimed_by = NULL, claimed_until = NULL \
                 WHERE id = $2 AND claimed_by = $3 AND status = 'pending'",
                crate::args![at, id, claim],
            )
            .await?;
        Ok(changed == 1)
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
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE outbox SET status = $1, send_after = COALESCE($2, send_after), \
                 attempts = attempts + 1, last_error = $3, claimed_by = NULL, \
                 claimed_until = NULL \
                 WHERE id = $4 AND claimed_by = $5 AND status = 'pending'",
                crate::args![status, retry_at, error, id, claim],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn mark_due_mail_unsent(&self, now: OffsetDateTime) -> Result<u32, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE outbox SET status = 'unsent' WHERE status = 'pending' \
                 AND julianday(send_after) <= julianday($1) \
                 AND (claimed_until IS NULL OR julianday(claimed_until) <= julianday($1))",
                crate::args![now],
            )
            .await?;
        Ok(u32::try_from(changed).unwrap_or(u32::MAX))
    }

    async fn mail_page(&self, page: MailPage) -> Result<Vec<Mail>, StoreError> {
        let mut args = Vec::new();
        let mut filter = String::from("1 = 1");
        if let Some(status) = page.status {
            args.push(Arg::from(status.as_str()));
            filter.push_str(&format!(" AND status = ${}", args.len()));
        }
        if let Some(before) = page.before {
            args.push(Arg::from(before));
            filter.push_str(&format!(" AND id < ${}", args.len()));
        }
        args.push(Arg::from(page.limit));
        filter.push_str(&format!(" ORDER BY id DESC LIMIT ${}", args.len()));
        mails_where(&mut self.connection().await?, &filter, &args).await
    }

    async fn mail(&self, id: i64) -> Result<Option<Mail>, StoreError> {
        let mut conn = self.connection().await?;
        let found = mails_where(&mut conn, "id = $1", crate::args![id]).await?;
        Ok(found.into_iter().next())
    }

    async fn retry_failed_mail(&self, id: i64, now: OffsetDateTime) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE outbox SET status = 'pending', send_after = $1, attempts = 0, \
                 claimed_by = NULL, claimed_until = NULL WHERE id = $2 AND status = 'failed'",
                crate::args![now, id],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn mail_signing_key(&self, candidate: &[u8]) -> Result<Vec<u8>, StoreError> {
        let mut conn = self.connection().await?;
        conn.execute(
            "INSERT INTO mail_signing_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
            crate::args![candidate],
        )
        .await?;
        let (key,): (Vec<u8>,) = conn
            .one("SELECT key FROM mail_signing_key WHERE id = 1", &[])
            .await?;
        Ok(key)
    }

    async fn mail_settings(&self) -> Result<MailSettings, StoreError> {
        let row: Option<(i64, String)> = self
            .connection()
            .await?
            .optional(
                "SELECT reminder_hours, staff_alert_emails FROM mail_settings WHERE id = 1",
                &[],
            )
            .await?;
        row.map_or_else(|| Ok(MailSettings::default()), settings_from_columns)
    }

    async fn save_mail_settings(&self, settings: &MailSettings) -> Result<(), StoreError> {
        let alert_emails = settings.staff_alert_emails.join("\n");
        self.connection()
            .await?
            .execute(
                "INSERT INTO mail_settings (id, reminder_hours, staff_alert_emails) \
                 VALUES (1, $1, $2) \
                 ON CONFLICT (id) DO UPDATE SET reminder_hours = excluded.reminder_hours, \
                 staff_alert_emails = excluded.staff_alert_emails",
                crate::args![settings.reminder_hours, &alert_emails],
            )
            .await
            .map(drop)
    }

    async fn mark_client_confirmed(
        &self,
        cita_id: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let mut conn = self.connection().await?;
        let changed = conn
            .execute(
                "INSERT INTO cita_client_confirmed (cita_id, client_confirmed_at) \
                 SELECT id, $1 FROM citas WHERE id = $2 AND status IN ('pendiente', 'confirmada') \
                 ON CONFLICT (cita_id) DO NOTHING",
                crate::args![at, cita_id],
            )
            .await?;
        if changed == 1 {
            return Ok(true);
        }
        // Already confirmed counts as done while the cita still holds its time.
        let (already,): (i64,) = conn
            .one(
                "SELECT COUNT(*) FROM cita_client_confirmed c JOIN citas ON citas.id = c.cita_id \
                 WHERE c.cita_id = $1 AND citas.status IN ('pendiente', 'confirmada')",
                crate::args![cita_id],
            )
            .await?;
        Ok(already > 0)
    }

    async fn client_confirmed(&self, cita_ids: &[String]) -> Result<Vec<String>, StoreError> {
        if cita_ids.is_empty() {
            return Ok(Vec::new());
        }
        let args: Vec<Arg<'_>> = cita_ids.iter().map(Arg::from).collect();
        let rows: Vec<(String,)> = self
            .connection()
            .await?
            .all(
                &format!(
                    "SELECT cita_id FROM cita_client_confirmed WHERE cita_id IN ({})",
                    placeholders(1, args.len())
                ),
                &args,
            )
            .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }
}
