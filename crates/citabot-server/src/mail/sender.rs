//! The mail sender: a task beside the HTTP server that delivers the outbox's due messages over
//! SMTP and records how each went.
//!
//! It looks at the outbox every `mail_poll_secs` and whenever a write queued a message
//! ([`Outbox::wake`]). Each look claims a few due messages with a token of its own and an
//! expiry, delivers them one by one, and marks each sent only while its claim still holds: two
//! senders on one database (two instances) never both deliver a message. The claim is short
//! and renewed before each delivery, so the claims of a sender that died are free within a
//! minute; a sender that stops finishes the delivery under way and gives the rest back. Only
//! a crash between the mail server's acceptance and the mark can send a message twice, and
//! then with the same `Message-ID`.
//!
//! With no `smtp_url`, nothing is sent: due messages (reminders as they come due) become
//! `unsent`, and stay so when a mail server is configured later.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration as StdDuration, SystemTime};

use citabot_domain::clock::Clock;
use citabot_store::Store;
use citabot_store::mail::{AttemptFailed, Mail};
use lettre::message::header::{ContentDisposition, ContentType};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use time::{Duration, OffsetDateTime};

use super::Outbox;
use crate::config::{Settings, SmtpTarget, StartTls};

/// How long after each failed attempt the next one is made; after the last, the message is
/// `failed` (kept, shown, sent again only when staff ask).
pub const RETRY_AFTER: [Duration; 5] = [
    Duration::seconds(30),
    Duration::minutes(2),
    Duration::minutes(10),
    Duration::hours(1),
    Duration::hours(6),
];

/// Messages claimed per look: few, so a slow mail server cannot outlast a claim.
const BATCH: u32 = 5;
/// The longest one delivery may take, from connecting to the server's answer.
const DELIVERY_TIMEOUT: StdDuration = StdDuration::from_secs(45);
/// How long a claim holds after its last renewal: longer than one delivery can take
/// ([`DELIVERY_TIMEOUT`]), so only a sender that died loses its claims, and they are free again
/// within this span.
const CLAIM_SPAN: Duration = Duration::minutes(1);
/// The longest `last_error` kept: the server's answer, not a novel.
const ERROR_CHARS: usize = 500;

/// The way out: the SMTP connection settings and who messages come from.
#[derive(Debug, Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// The mailer `settings` describe, or `None` without an `smtp_url`. Fails when the URL or
    /// the CA file cannot be used: the server does not start half-configured.
    pub fn from_settings(settings: &Settings) -> Result<Option<Self>, String> {
        let Some(target) = &settings.smtp_url else {
            return Ok(None);
        };
        let extra_roots = match &settings.smtp_ca_file {
            Some(path) => {
                let pem =
                    std::fs::read(path).map_err(|error| format!("smtp_ca_file {path}: {error}"))?;
                let certificate = Certificate::from_pem(&pem)
                    .map_err(|error| format!("smtp_ca_file {path}: {error}"))?;
                Some(certificate)
            }
            None => None,
        };
        let from = Mailbox::new(
            Some(settings.mail_from.name.clone()),
            settings.mail_from.address.clone(),
        );
        Self::new(target, extra_roots, from).map(Some)
    }

    fn new(
        target: &SmtpTarget,
        extra_root: Option<Certificate>,
        from: Mailbox,
    ) -> Result<Self, String> {
        let tls_parameters = || {
            let mut builder = TlsParameters::builder(target.host.clone());
            if let Some(root) = extra_root.clone() {
                builder = builder.add_root_certificate(root);
            }
            builder
                .build_rustls()
                .map_err(|error| format!("smtp TLS settings: {error}"))
        };
        let tls = if target.implicit_tls {
            Tls::Wrapper(tls_parameters()?)
        } else {
            match target.starttls {
                StartTls::WhenOffered => Tls::Opportunistic(tls_parameters()?),
                StartTls::Required => Tls::Required(tls_parameters()?),
                StartTls::Never => Tls::None,
            }
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&target.host)
            .port(target.port)
            .tls(tls)
            .timeout(Some(StdDuration::from_secs(30)));
        if let Some((user, password)) = &target.login {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Self {
            transport: builder.build(),
            from,
        })
    }

    /// Who messages come from when the salon is called `salon`: its name at the `mail_from`
    /// address (the configured name while the salon has none).
    pub fn sender_named(&self, salon: Option<&str>) -> Mailbox {
        match salon.map(str::trim).filter(|name| !name.is_empty()) {
            Some(name) => Mailbox::new(Some(name.to_owned()), self.from.email.clone()),
            None => self.from.clone(),
        }
    }

    /// Hands one message from `from` to the mail server; `Err` carries why it was not accepted.
    pub async fn deliver(
        &self,
        mail: &Mail,
        from: &Mailbox,
        date: SystemTime,
    ) -> Result<(), Undelivered> {
        let message = compose(mail, from, date).map_err(Undelivered::Unsendable)?;
        match tokio::time::timeout(DELIVERY_TIMEOUT, self.transport.send(message)).await {
            Ok(Ok(_response)) => Ok(()),
            Ok(Err(error)) => Err(Undelivered::Refused(error_text(&error))),
            Err(_elapsed) => Err(Undelivered::Refused(format!(
                "the mail server did not answer within {} s",
                DELIVERY_TIMEOUT.as_secs()
            ))),
        }
    }
}

/// Why a message was not delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undelivered {
    /// The server could not be reached or did not accept it: try again later.
    Refused(String),
    /// It cannot be written as a message at all (a recipient that is not an address): no later
    /// attempt would do better.
    Unsendable(String),
}

/// An SMTP error with its causes (lettre's own text is terse: "permanent error (550)").
fn error_text(error: &lettre::transport::smtp::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// The message as it goes out: the text and HTML alternatives, and the calendar file (when the
/// message is about a cita) as an attachment whose `method` mail programs act on.
pub fn compose(mail: &Mail, from: &Mailbox, date: SystemTime) -> Result<Message, String> {
    let to: Mailbox = mail.recipient.parse().map_err(|error| {
        format!(
            "the recipient {} is not an address: {error}",
            mail.recipient
        )
    })?;
    let builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .message_id(Some(mail.message_id.clone()))
        .date(date);
    let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
    let message = match &mail.ics {
        None => builder.multipart(body),
        Some(ics) => {
            let content_type = ContentType::parse(&format!(
                "text/calendar; charset=utf-8; method={}",
                calendar_method(ics)
            ))
            .map_err(|error| format!("calendar content type: {error}"))?;
            let calendar = SinglePart::builder()
                .header(content_type)
                .header(ContentDisposition::attachment("cita.ics"))
                .body(ics.clone());
            builder.multipart(MultiPart::mixed().multipart(body).singlepart(calendar))
        }
    };
    message.map_err(|error| format!("the message cannot be written: {error}"))
}

/// The `METHOD` a calendar file states (`REQUEST` when it states none).
fn calendar_method(ics: &str) -> &str {
    ics.lines()
        .find_map(|line| line.trim_end().strip_prefix("METHOD:"))
        .filter(|method| method.chars().all(|c| c.is_ascii_alphabetic()) && !method.is_empty())
        .unwrap_or("REQUEST")
}

/// What a failed attempt leads to: the next try after the backoff, or giving up after the
/// last. `attempts_before` is how many attempts failed before this one.
pub fn after_failure(attempts_before: u32, now: OffsetDateTime, error: &str) -> AttemptFailed<'_> {
    match usize::try_from(attempts_before)
        .ok()
        .and_then(|done| RETRY_AFTER.get(done))
    {
        Some(wait) => AttemptFailed::RetryAt(now + *wait, error),
        None => AttemptFailed::GiveUp(error),
    }
}

/// The sender task's parts.
#[derive(Debug, Clone)]
pub struct MailSender {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    outbox: Arc<Outbox>,
    mailer: Option<Mailer>,
    poll: StdDuration,
    /// How long a stop waits for the delivery under way.
    stop_wait: StdDuration,
}

impl MailSender {
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        outbox: Arc<Outbox>,
        mailer: Option<Mailer>,
        (poll, stop_wait): (StdDuration, StdDuration),
    ) -> Self {
        Self {
            store,
            clock,
            outbox,
            mailer,
            poll,
            stop_wait,
        }
    }

    /// Sends until `stop` completes; a delivery under way then may finish within the stop
    /// wait, and the rest of its batch is given back, for another instance now or this one
    /// after a restart. A delivery cut short is not delivered (the mail server never got the
    /// end of its data), so giving it back sends it once.
    pub async fn run(self, stop: impl Future<Output = ()>) {
        if self.mailer.is_none() {
            tracing::warn!(
                "no smtp_url is set: mail is not being sent; messages stay in the outbox as unsent"
            );
        }
        tokio::pin!(stop);
        let stopping = AtomicBool::new(false);
        loop {
            // A claim of this look's own: a mark after another sender took a message over (this
            // one's claim expired) is refused.
            let claim = uuid::Uuid::new_v4().to_string();
            let look = self.look(&claim, &stopping);
            tokio::pin!(look);
            let more = tokio::select! {
                more = &mut look => more,
                () = &mut stop => {
                    stopping.store(true, Ordering::Relaxed);
                    if tokio::time::timeout(self.stop_wait, look).await.is_err() {
                        self.give_back(&claim).await;
                    }
                    return;
                }
            };
            if more {
                continue;
            }
            tokio::select! {
                () = &mut stop => return,
                () = self.outbox.woken() => {}
                () = tokio::time::sleep(self.poll) => {}
            }
        }
    }

    /// One look at the outbox; `true` when there may be more due right now. Once `stopping`,
    /// no further delivery starts and what is still claimed is given back.
    async fn look(&self, claim: &str, stopping: &AtomicBool) -> bool {
        let now = self.clock.now();
        let Some(mailer) = &self.mailer else {
            if let Err(error) = self.store.mark_due_mail_unsent(now).await {
                tracing::error!(%error, "could not mark due mail unsent");
            }
            return false;
        };
        let batch = match self
            .store
            .claim_due_mail(claim, now, now + CLAIM_SPAN, BATCH)
            .await
        {
            Ok(batch) => batch,
            Err(error) => {
                tracing::error!(%error, "could not claim due mail");
                return false;
            }
        };
        if batch.is_empty() {
            return false;
        }
        // Read once a batch: a salon renamed meanwhile signs its next messages.
        let salon = match self.store.business().await {
            Ok(business) => business.map(|business| business.name),
            Err(error) => {
                tracing::warn!(%error, "could not read the salon's name for the sender");
                None
            }
        };
        let from = mailer.sender_named(salon.as_deref());
        for mail in &batch {
            if stopping.load(Ordering::Relaxed) {
                self.give_back(claim).await;
                return false;
            }
            // Renewed before each delivery: a claim outlives its sender by one span at most.
            // Without it the message may be another sender's by the end: left for later.
            let until = self.clock.now() + CLAIM_SPAN;
            match self.store.renew_mail_claim(claim, until).await {
                Ok(0) => return false,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "could not renew a mail claim");
                    return false;
                }
            }
            self.send_one(mailer, claim, mail, &from).await;
        }
        batch.len() == BATCH as usize
    }

    /// Gives back what `claim` still holds: a stopping sender's.
    async fn give_back(&self, claim: &str) {
        match self.store.release_mail_claim(claim).await {
            Ok(0) => {}
            Ok(given_back) => tracing::info!(given_back, "stopping: mail claims given back"),
            Err(error) => tracing::warn!(%error, "could not give mail claims back"),
        }
    }

    async fn send_one(&self, mailer: &Mailer, claim: &str, mail: &Mail, from: &Mailbox) {
        let delivered = mailer
            .deliver(mail, from, SystemTime::from(self.clock.now()))
            .await;
        let now = self.clock.now();
        let marked = match &delivered {
            Ok(()) => self.store.mark_mail_sent(mail.id, claim, now).await,
            Err(undelivered) => {
                let (outcome, why) = match undelivered {
                    Undelivered::Refused(why) => {
                        let why = shorten(why);
                        (after_failure(mail.attempts, now, why), why)
                    }
                    Undelivered::Unsendable(why) => {
                        let why = shorten(why);
                        (AttemptFailed::GiveUp(why), why)
                    }
                };
                tracing::warn!(
                    mail = mail.id,
                    kind = mail.kind.as_str(),
                    error = why,
                    "mail not delivered"
                );
                self.store
                    .mark_mail_attempt_failed(mail.id, claim, outcome)
                    .await
            }
        };
        match marked {
            Ok(true) => {
                if delivered.is_ok() {
                    tracing::info!(mail = mail.id, kind = mail.kind.as_str(), "mail delivered");
                }
            }
            // Taken over after this claim expired: the other sender's word stands.
            Ok(false) => tracing::warn!(mail = mail.id, "mail claim lost before its mark"),
            Err(error) => tracing::error!(mail = mail.id, %error, "could not mark mail"),
        }
    }
}

/// At most [`ERROR_CHARS`] characters of an error.
fn shorten(error: &str) -> &str {
    error
        .char_indices()
        .nth(ERROR_CHARS)
        .map_or(error, |(end, _)| &error[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use citabot_store::mail::{MailKind, MailStatus};
    use time::macros::datetime;

    #[test]
    fn retries_back_off_then_give_up() {
        let now = datetime!(2026-11-20 10:00 UTC);
        assert_eq!(
            after_failure(0, now, "451"),
            AttemptFailed::RetryAt(now + Duration::seconds(30), "451")
        );
        assert_eq!(
            after_failure(4, now, "451"),
            AttemptFailed::RetryAt(now + Duration::hours(6), "451")
        );
        assert_eq!(after_failure(5, now, "451"), AttemptFailed::GiveUp("451"));
    }

    fn mail(ics: Option<&str>) -> Mail {
        Mail {
            id: 1,
            kind: MailKind::Booked,
            cita_id: Some("c-1".into()),
            conversation_id: None,
            recipient: "pedro@ejemplo.es".into(),
            language: "es".into(),
            subject: "Tu cita del lunes".into(),
            text: "Hola".into(),
            html: "<p>Hola</p>".into(),
            ics: ics.map(str::to_owned),
            message_id: "<abc@ana.example>".into(),
            send_after: datetime!(2026-11-20 10:00 UTC),
            status: MailStatus::Pending,
            attempts: 0,
            last_error: None,
            created_at: datetime!(2026-11-20 10:00 UTC),
            sent_at: None,
        }
    }

    #[test]
    fn a_message_carries_its_id_alternatives_and_calendar() {
        let from = Mailbox::new(
            Some("Peluquería Ana".into()),
            "citas@ana.example".parse().expect("an address"),
        );
        let calendar = "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n";
        let message =
            compose(&mail(Some(calendar)), &from, SystemTime::UNIX_EPOCH).expect("composes");
        let raw = String::from_utf8(message.formatted()).expect("UTF-8");
        assert!(raw.contains("Message-ID: <abc@ana.example>"), "{raw}");
        assert!(raw.contains("multipart/mixed"), "{raw}");
        assert!(raw.contains("multipart/alternative"), "{raw}");
        assert!(
            raw.contains("text/calendar; charset=utf-8; method=CANCEL"),
            "{raw}"
        );
        assert!(raw.contains("attachment; filename=\"cita.ics\""), "{raw}");
        let plain = compose(&mail(None), &from, SystemTime::UNIX_EPOCH).expect("composes");
        let raw = String::from_utf8(plain.formatted()).expect("UTF-8");
        assert!(
            !raw.contains("text/calendar") && !raw.contains("multipart/mixed"),
            "{raw}"
        );
        let mut stranger = mail(None);
        stranger.recipient = "not an address".into();
        assert!(compose(&stranger, &from, SystemTime::UNIX_EPOCH).is_err());
    }

    #[test]
    fn long_errors_are_shortened_on_a_character() {
        let long = "é".repeat(ERROR_CHARS + 10);
        assert_eq!(shorten(&long).chars().count(), ERROR_CHARS);
        assert_eq!(shorten("451 later"), "451 later");
    }
}
