//! "Correos" (issue 13, administradores): the outbox read newest first, one message, and a
//! failed message queued again. What is written when is in [`super::mail`].

use citabot_store::mail::{Mail, MailPage, MailStatus};
use citabot_store::{Store, StoreError};
use time::OffsetDateTime;

use crate::mail::Outbox;

/// Why a retry is refused; the handler turns it into a status.
#[derive(Debug)]
pub enum RetryRefusal {
    /// No such message (404).
    NotFound,
    /// Not `failed`, or no mail server to send it with (409, with the sentence).
    Conflict(&'static str),
    Store(StoreError),
}

impl From<StoreError> for RetryRefusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

pub const NOT_CONFIGURED: &str = "El correo no está configurado (falta «smtp_url» en la \
     configuración del servidor): no se puede enviar este mensaje.";
pub const NOT_FAILED: &str = "Solo se puede reintentar un correo que ha fallado.";

/// A page of the outbox, newest first: in a status when asked, older than the message
/// `before` (by id) when asked.
pub async fn page(store: &dyn Store, page: MailPage) -> Result<Vec<Mail>, StoreError> {
    store.mail_page(page).await
}

pub async fn one(store: &dyn Store, id: i64) -> Result<Option<Mail>, StoreError> {
    store.mail(id).await
}

/// Queues a `failed` message again, due now with its attempts counted afresh, and wakes the
/// sender; only when a mail server is configured (otherwise it could never go).
pub async fn retry(
    store: &dyn Store,
    outbox: &Outbox,
    id: i64,
    now: OffsetDateTime,
) -> Result<Mail, RetryRefusal> {
    let mail = store.mail(id).await?.ok_or(RetryRefusal::NotFound)?;
    if mail.status != MailStatus::Failed {
        return Err(RetryRefusal::Conflict(NOT_FAILED));
    }
    if !outbox.configured {
        return Err(RetryRefusal::Conflict(NOT_CONFIGURED));
    }
    if !store.retry_failed_mail(id, now).await? {
        // Retried meanwhile by someone else.
        return Err(RetryRefusal::Conflict(NOT_FAILED));
    }
    outbox.wake();
    store.mail(id).await?.ok_or(RetryRefusal::NotFound)
}
