//! The mail part of the storage port (issue 13): the outbox, the salon's mail settings, the
//! manage link's signing key and what the link writes ("confirmed by the client").
//!
//! Messages are written into the outbox in the same transaction as the change they are about
//! (a [`MailWrite`] rides on [`crate::ChatTurnWrite`] and [`crate::Store::apply_cita_change`]),
//! already rendered; a sender claims due rows, delivers them and marks them. A claim carries a
//! token of its own and an expiry, so a sender that died gives its rows back, and only the
//! claim's holder may mark a row sent: two senders never both deliver one message.

use async_trait::async_trait;
use time::{Duration, OffsetDateTime};

use crate::StoreError;

/// What a message is about, and so whom it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailKind {
    /// To the client: a cita was booked (pending the salon's confirmation or confirmed).
    Booked,
    /// To the client: the salon confirmed the cita.
    Confirmed,
    /// To the client: the cita moved.
    Moved,
    /// To the client: the cita was cancelled.
    Cancelled,
    /// To the client, before the cita.
    Reminder,
    /// To a staff alert address: the chat booked a cita.
    StaffNewBooking,
    /// To a staff alert address: a visitor waits for a person.
    StaffWaiting,
    /// To the client, once the cita is completed: how did it go?
    ReviewRequest,
}

impl MailKind {
    pub const ALL: [MailKind; 8] = [
        MailKind::Booked,
        MailKind::Confirmed,
        MailKind::Moved,
        MailKind::Cancelled,
        MailKind::Reminder,
        MailKind::StaffNewBooking,
        MailKind::StaffWaiting,
        MailKind::ReviewRequest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::Booked => "booked",
            MailKind::Confirmed => "confirmed",
            MailKind::Moved => "moved",
            MailKind::Cancelled => "cancelled",
            MailKind::Reminder => "reminder",
            MailKind::StaffNewBooking => "staff_new_booking",
            MailKind::StaffWaiting => "staff_waiting",
            MailKind::ReviewRequest => "review_request",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

/// Where a message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailStatus {
    /// Due (or scheduled for `send_after`) and not delivered yet.
    Pending,
    /// The mail server accepted it.
    Sent,
    /// Every attempt failed; kept and shown, sent again only when staff ask.
    Failed,
    /// Written or come due while no mail server was configured: kept and shown, never sent.
    Unsent,
    /// Refused by the per-address limit ([`BOOKED_PER_ADDRESS_PER_DAY`]); kept and shown.
    Suppressed,
}

impl MailStatus {
    pub const ALL: [MailStatus; 5] = [
        MailStatus::Pending,
        MailStatus::Sent,
        MailStatus::Failed,
        MailStatus::Unsent,
        MailStatus::Suppressed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MailStatus::Pending => "pending",
            MailStatus::Sent => "sent",
            MailStatus::Failed => "failed",
            MailStatus::Unsent => "unsent",
            MailStatus::Suppressed => "suppressed",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == name)
    }
}

/// A message to write into the outbox, already rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMail {
    pub kind: MailKind,
    pub cita_id: Option<String>,
    pub conversation_id: Option<String>,
    pub recipient: String,
    /// `es` or `en`.
    pub language: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The calendar file attached, for messages about a cita.
    pub ics: Option<String>,
    /// Stable across attempts, so a message delivered twice (a crash between the server's
    /// acceptance and the mark) is one message to the reader's mail program.
    pub message_id: String,
    /// When it is due.
    pub send_after: OffsetDateTime,
    /// [`MailStatus::Pending`], or [`MailStatus::Unsent`] when no mail server is configured
    /// (the adapter may still write it [`MailStatus::Suppressed`]).
    pub status: MailStatus,
}

/// The messages a write queues with its change.
#[derive(Debug, Clone, Copy, Default)]
pub struct MailWrite<'a> {
    pub queue: &'a [NewMail],
    /// A cita whose pending reminder is deleted first (it moved, changed status or was
    /// cancelled; a new one, when due, is in `queue`).
    pub replan_reminder_of: Option<&'a str>,
}

impl MailWrite<'_> {
    /// Nothing to queue.
    pub const NONE: MailWrite<'static> = MailWrite {
        queue: &[],
        replan_reminder_of: None,
    };
}

/// A message in the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// Rises with every message written: newest first is highest first.
    pub id: i64,
    pub kind: MailKind,
    pub cita_id: Option<String>,
    pub conversation_id: Option<String>,
    pub recipient: String,
    pub language: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub ics: Option<String>,
    pub message_id: String,
    pub send_after: OffsetDateTime,
    pub status: MailStatus,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: OffsetDateTime,
    pub sent_at: Option<OffsetDateTime>,
}

/// The outbox's columns as adapters select them ([`MAIL_COLUMNS`]), split in two tuples
/// because sqlx reads tuples of at most 16.
pub type MailHead = (
    i64,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    String,
);
/// The rest of [`MAIL_COLUMNS`]: `send_after, status, attempts, last_error, created_at, sent_at`.
pub type MailTail = (
    OffsetDateTime,
    String,
    i64,
    Option<String>,
    OffsetDateTime,
    Option<OffsetDateTime>,
);

/// A row of the outbox's tail columns: the id, then [`MailTail`].
pub type MailTailRow = (
    i64,
    OffsetDateTime,
    String,
    i64,
    Option<String>,
    OffsetDateTime,
    Option<OffsetDateTime>,
);

/// Rebuilds a message from its two column tuples (the tail's leading id joins them).
pub fn mail_from_columns(
    head: MailHead,
    (send_after, status, attempts, last_error, created_at, sent_at): MailTail,
) -> Result<Mail, StoreError> {
    let (id, kind, cita_id, conversation_id, recipient, language, subject, text, html, ics, mid) =
        head;
    Ok(Mail {
        id,
        kind: MailKind::parse(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown mail kind {kind:?}")))?,
        cita_id,
        conversation_id,
        recipient,
        language,
        subject,
        text,
        html,
        ics,
        message_id: mid,
        send_after,
        status: MailStatus::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown mail status {status:?}")))?,
        attempts: u32::try_from(attempts)
            .map_err(|_| StoreError::Corrupt(format!("mail attempts {attempts}")))?,
        last_error,
        created_at,
        sent_at,
    })
}

/// Joins the heads and tails of the same rows (by id), keeping the heads' order.
pub(crate) fn mails_from_columns(
    heads: Vec<MailHead>,
    tails: Vec<MailTailRow>,
) -> Result<Vec<Mail>, StoreError> {
    let mut tails: std::collections::HashMap<i64, MailTail> = tails
        .into_iter()
        .map(|(id, a, b, c, d, e, f)| (id, (a, b, c, d, e, f)))
        .collect();
    heads
        .into_iter()
        .map(|head| {
            let tail = tails
                .remove(&head.0)
                .ok_or_else(|| StoreError::Corrupt(format!("mail {} read half", head.0)))?;
            mail_from_columns(head, tail)
        })
        .collect()
}

/// `booked` messages one address may get in [`BOOKED_WINDOW`]: so nobody can make the salon
/// write to a stranger again and again by typing their address in the chat. A cita's own
/// confirmation, changes and reminder do not count.
pub const BOOKED_PER_ADDRESS_PER_DAY: usize = 3;
/// The span [`BOOKED_PER_ADDRESS_PER_DAY`] counts over.
pub const BOOKED_WINDOW: Duration = Duration::hours(24);
/// Why a suppressed message was not sent, as the outbox shows it.
pub const SUPPRESSED_BY_LIMIT: &str = "límite de 3 correos de reserva al día a esta dirección";
/// Why a later message of a cita whose booking message was suppressed is suppressed too.
pub const SUPPRESSED_WITH_BOOKING: &str = "el correo de reserva de esta cita no se envió (límite)";

/// Whether one more `booked` message may go to an address that had these earlier ones
/// (`created_at` and status of each) by `at`.
pub fn booked_allowed(earlier: &[(OffsetDateTime, MailStatus)], at: OffsetDateTime) -> bool {
    let counted = earlier
        .iter()
        .filter(|(created, status)| {
            *status != MailStatus::Suppressed && *created > at - BOOKED_WINDOW
        })
        .count();
    counted < BOOKED_PER_ADDRESS_PER_DAY
}

/// The status a message is written with and why, given what the adapter read inside the
/// write's transaction: the earlier `booked` messages to its address (for a `booked` one),
/// and whether its cita's own booking message was suppressed (for a later client message).
pub(crate) fn status_on_write(
    mail: &NewMail,
    earlier_booked: &[(OffsetDateTime, MailStatus)],
    booking_suppressed: bool,
    at: OffsetDateTime,
) -> (MailStatus, Option<&'static str>) {
    match mail.kind {
        MailKind::Booked if !booked_allowed(earlier_booked, at) => {
            (MailStatus::Suppressed, Some(SUPPRESSED_BY_LIMIT))
        }
        MailKind::Confirmed | MailKind::Moved | MailKind::Cancelled | MailKind::Reminder
            if booking_suppressed =>
        {
            (MailStatus::Suppressed, Some(SUPPRESSED_WITH_BOOKING))
        }
        _ => (mail.status, None),
    }
}

/// The salon's mail settings ("Ajustes").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// How long before a cita its reminder goes, 1–168 hours.
    pub reminder_hours: u32,
    /// Where staff alerts go (at most 5, checked by the server).
    pub staff_alert_emails: Vec<String>,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            reminder_hours: 24,
            staff_alert_emails: Vec::new(),
        }
    }
}

/// Rebuilds the settings from their stored columns: `reminder_hours`, and the alert addresses
/// one per line.
pub(crate) fn settings_from_columns(
    (hours, emails): (i64, String),
) -> Result<MailSettings, StoreError> {
    Ok(MailSettings {
        reminder_hours: u32::try_from(hours)
            .map_err(|_| StoreError::Corrupt(format!("reminder hours {hours}")))?,
        staff_alert_emails: emails
            .lines()
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect(),
    })
}

/// A page of the outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailPage {
    pub status: Option<MailStatus>,
    /// Only messages with a lower id (the next page).
    pub before: Option<i64>,
    pub limit: u32,
}

/// What a failed attempt leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptFailed<'a> {
    /// Tried again after this instant.
    RetryAt(OffsetDateTime, &'a str),
    /// That was the last attempt: the message is `failed`.
    GiveUp(&'a str),
}

#[async_trait]
pub trait MailStore: Send + Sync {
    /// Claims up to `limit` due messages (`pending`, `send_after` at or before `now`, unclaimed
    /// or with a claim expired by `now`) for `claim` until `until`, atomically: a message is
    /// claimed by one caller at a time. Oldest first.
    async fn claim_due_mail(
        &self,
        claim: &str,
        now: OffsetDateTime,
        until: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<Mail>, StoreError>;

    /// Marks a message sent at `at`, only while `claim` still holds it (`false` otherwise:
    /// another sender took it over after the claim expired).
    async fn mark_mail_sent(
        &self,
        id: i64,
        claim: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// Counts a failed attempt of a message `claim` holds and gives the claim back: tried
    /// again later, or `failed` after the last attempt. `false` when the claim is not held.
    async fn mark_mail_attempt_failed(
        &self,
        id: i64,
        claim: &str,
        outcome: AttemptFailed<'_>,
    ) -> Result<bool, StoreError>;

    /// Makes `claim` hold its `pending` messages until `until` (a sender keeping its claim
    /// short renews it as it goes). Returns how many it holds.
    async fn renew_mail_claim(&self, claim: &str, until: OffsetDateTime)
    -> Result<u64, StoreError>;

    /// Gives back the `pending` messages `claim` holds (a sender that stops), so any sender
    /// takes them at once. Returns how many.
    async fn release_mail_claim(&self, claim: &str) -> Result<u64, StoreError>;

    /// With no mail server: every due, unclaimed `pending` message becomes `unsent`. Returns
    /// how many.
    async fn mark_due_mail_unsent(&self, now: OffsetDateTime) -> Result<u32, StoreError>;

    /// A page of the outbox, newest first.
    async fn mail_page(&self, page: MailPage) -> Result<Vec<Mail>, StoreError>;

    /// One message.
    async fn mail(&self, id: i64) -> Result<Option<Mail>, StoreError>;

    /// Makes a `failed` message due again at `now`, its attempts counted afresh; `false` when
    /// it is not `failed` (any more).
    async fn retry_failed_mail(&self, id: i64, now: OffsetDateTime) -> Result<bool, StoreError>;

    /// The manage link's signing key: the stored one, or `candidate` stored now when there is
    /// none yet (two instances starting together agree on the first one written).
    async fn mail_signing_key(&self, candidate: &[u8]) -> Result<Vec<u8>, StoreError>;

    /// The salon's mail settings; the defaults before they are first saved.
    async fn mail_settings(&self) -> Result<MailSettings, StoreError>;

    async fn save_mail_settings(&self, settings: &MailSettings) -> Result<(), StoreError>;

    /// Records that the client said they will come, for a pending or confirmed cita; `false`
    /// when there is no such cita holding time. Saying it again keeps the first time.
    async fn mark_client_confirmed(
        &self,
        cita_id: &str,
        at: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// Which of these citas their client confirmed.
    async fn client_confirmed(&self, cita_ids: &[String]) -> Result<Vec<String>, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn names_round_trip() {
        for kind in MailKind::ALL {
            assert_eq!(MailKind::parse(kind.as_str()), Some(kind));
        }
        for status in MailStatus::ALL {
            assert_eq!(MailStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(MailKind::parse("spam"), None);
    }

    #[test]
    fn three_booked_messages_a_day_then_suppressed() {
        let at = datetime!(2026-11-20 10:00 UTC);
        let sent = |hours_ago: i64| (at - Duration::hours(hours_ago), MailStatus::Sent);
        assert!(booked_allowed(&[sent(1), sent(2)], at));
        assert!(!booked_allowed(&[sent(1), sent(2), sent(3)], at));
        // Older than a day, or suppressed themselves, they do not count.
        assert!(booked_allowed(&[sent(1), sent(2), sent(25)], at));
        let suppressed = (at, MailStatus::Suppressed);
        assert!(booked_allowed(&[sent(1), sent(2), suppressed], at));
    }
}
