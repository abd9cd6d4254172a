//! Mail (issue 13): what every message needs from the server's settings ([`Outbox`]: where
//! links point, who messages come from, the manage link's key, the sender's wake-up call), the
//! templates ([`template`]), the manage token ([`token`]), the sender
//! ([`sender`]). What is written when is in `usecases/mail.rs`; docs/MAIL.md
//! tells the whole story.

pub mod sender;
pub mod template;
pub mod token;

use tokio::sync::Notify;

use crate::config::Settings;
use crate::ics::Party;
use token::TokenKey;

/// The server's side of writing messages, shared by every use case that queues one.
#[derive(Debug)]
pub struct Outbox {
    /// Whether a mail server is configured: without one, messages are written `unsent` (a
    /// reminder when it comes due) and never sent.
    pub configured: bool,
    link_base: String,
    sender: Party,
    key: TokenKey,
    wake: Notify,
}

impl Outbox {
    /// The outbox for `settings`, signing links with `key` (the database's).
    pub fn new(settings: &Settings, key: TokenKey) -> Self {
        Self {
            configured: settings.smtp_url.is_some(),
            link_base: settings.link_base(),
            sender: Party {
                name: settings.mail_from.name.clone(),
                email: settings.mail_from.address.to_string(),
            },
            key,
            wake: Notify::new(),
        }
    }

    /// The salon as the organiser of the calendar invitations (the `mail_from` mailbox).
    pub fn sender(&self) -> &Party {
        &self.sender
    }

    /// The page where a cita's client sees, moves or cancels it (`/cita/<token>`).
    pub fn manage_link(&self, cita_id: &str, cita_end: time::OffsetDateTime) -> String {
        format!(
            "{}/cita/{}",
            self.link_base,
            self.key.sign(cita_id, cita_end)
        )
    }

    /// The page where a cita's client says how it went (`/opinion/<token>`), sent at `now`.
    pub fn review_link(&self, cita_id: &str, now: time::OffsetDateTime) -> String {
        format!(
            "{}/opinion/{}",
            self.link_base,
            self.key.sign_review(cita_id, now)
        )
    }

    /// The cita a review link's token names, when it is genuine and not expired at `now`.
    pub fn read_review_token(&self, token: &str, now: time::OffsetDateTime) -> Option<String> {
        self.key.read_review(token, now)
    }

    /// The site's public address links start with (`public_url`, else the listening address).
    pub fn link_base(&self) -> &str {
        &self.link_base
    }

    /// The database's signing key, which also signs a visitor's capability
    /// ([`crate::auth::capability`]) under a purpose of its own.
    pub fn signing_key(&self) -> &TokenKey {
        &self.key
    }

    /// The dashboard's page of a conversation.
    pub fn conversation_link(&self, conversation_id: &str) -> String {
        format!(
            "{}/dashboard/conversaciones/{}",
            self.link_base,
            crate::calendar_links::percent_encode(conversation_id)
        )
    }

    /// The cita a manage token names, when it is genuine and not expired at `now`.
    pub fn read_token(&self, token: &str, now: time::OffsetDateTime) -> Option<String> {
        self.key.read(token, now)
    }

    /// A new, globally unique `Message-ID`.
    pub fn message_id(&self) -> String {
        let domain = self
            .sender
            .email
            .rsplit_once('@')
            .map_or("localhost", |(_, domain)| domain);
        format!("<{}@{domain}>", uuid::Uuid::new_v4())
    }

    /// Tells the sender a write queued messages, so it need not wait for its next look.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Completes after the next [`Self::wake`] (or at once, when one came meanwhile).
    pub async fn woken(&self) {
        self.wake.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_point_at_the_public_url() {
        let settings = Settings {
            public_url: Some("https://citas.example/".into()),
            ..Settings::default()
        };
        let outbox = Outbox::new(&settings, TokenKey::new(vec![1; 32]));
        assert!(!outbox.configured);
        assert_eq!(
            outbox.conversation_link("sesión/1"),
            "https://citas.example/dashboard/conversaciones/sesi%C3%B3n%2F1"
        );
        let end = time::macros::datetime!(2026-11-27 10:30 UTC);
        let link = outbox.manage_link("c-1", end);
        let token = link
            .strip_prefix("https://citas.example/cita/")
            .expect("under /cita/");
        assert_eq!(outbox.read_token(token, end).as_deref(), Some("c-1"));
        let id = outbox.message_id();
        assert!(id.starts_with('<') && id.ends_with("@localhost>"), "{id}");
    }
}
