//! The manage link's token: one cita, until an expiry, signed. `<payload>.<mac>`, both
//! base64url without padding: the payload is `<cita id>|<expiry, Unix seconds>`, the MAC an
//! HMAC-SHA256 of the payload under the key kept in the database (made on first start). The
//! token is the whole credential of `/cita/<token>`, so it never goes to the log.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use time::{Duration, OffsetDateTime};

/// How long after a cita's end its link still works.
pub const LINK_LIFETIME_AFTER_END: Duration = Duration::days(7);

/// How long a review link works after the request is sent.
pub const REVIEW_LINK_LIFETIME: Duration = Duration::days(30);

/// The purpose a review link's MAC covers: no manage link or capability reads as one.
const REVIEW_PURPOSE: &str = "review";

/// The longest token read (a cita id is a UUID; this leaves room and refuses floods).
const MAX_TOKEN_CHARS: usize = 300;

/// Signs and reads manage tokens with one key.
#[derive(Clone)]
pub struct TokenKey {
    key: Vec<u8>,
}

impl std::fmt::Debug for TokenKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKey(***)")
    }
}

/// A fresh random key for the database to keep (used only when it has none yet).
pub fn fresh_key() -> [u8; 32] {
    let mut key = [0_u8; 32];
    getrandom::fill(&mut key).expect("the operating system's random source works");
    key
}

impl TokenKey {
    pub fn new(key: Vec<u8>) -> Self {
        Self { key }
    }

    fn mac(&self, payload: &[u8]) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(payload);
        mac
    }

    /// The token for `cita_id`, valid until `cita_end` plus [`LINK_LIFETIME_AFTER_END`].
    pub fn sign(&self, cita_id: &str, cita_end: OffsetDateTime) -> String {
        let expires = (cita_end + LINK_LIFETIME_AFTER_END).unix_timestamp();
        let payload = format!("{cita_id}|{expires}");
        let tag = self.mac(payload.as_bytes()).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// `payload` signed for `purpose`: `<payload>.<mac>`, the MAC over the purpose and the
    /// payload, so a token made for one purpose never reads as another's (nor as a manage
    /// link's, whose MAC covers the payload alone).
    pub fn sign_for(&self, purpose: &str, payload: &[u8]) -> String {
        let tag = self.purpose_mac(purpose, payload).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The payload of a token [`Self::sign_for`] made for `purpose` with this key; no longer
    /// than `max_chars`.
    pub fn read_for(&self, purpose: &str, token: &str, max_chars: usize) -> Option<Vec<u8>> {
        if token.len() > max_chars {
            return None;
        }
        let (payload, tag) = token.split_once('.')?;
        let payload = URL_SAFE_NO_PAD.decode(payload).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.purpose_mac(purpose, &payload)
            .verify_slice(&tag)
            .ok()?;
        Some(payload)
    }

    fn purpose_mac(&self, purpose: &str, payload: &[u8]) -> Hmac<Sha256> {
        let mut mac = self.mac(purpose.as_bytes());
        // A separator no purpose contains, so purpose and payload cannot be shifted.
        mac.update(b"\0");
        mac.update(payload);
        mac
    }

    /// The token of the review link of `cita_id`, sent at `now`: valid for
    /// [`REVIEW_LINK_LIFETIME`].
    pub fn sign_review(&self, cita_id: &str, now: OffsetDateTime) -> String {
        let expires = (now + REVIEW_LINK_LIFETIME).unix_timestamp();
        self.sign_for(REVIEW_PURPOSE, format!("{cita_id}|{expires}").as_bytes())
    }

    /// The cita a review link's token names, when it is this key's and not expired at `now`.
    pub fn read_review(&self, token: &str, now: OffsetDateTime) -> Option<String> {
        let payload = self.read_for(REVIEW_PURPOSE, token, MAX_TOKEN_CHARS)?;
        cita_until(&payload, now)
    }

    /// The cita a token names, when it is this key's and not expired at `now`.
    pub fn read(&self, token: &str, now: OffsetDateTime) -> Option<String> {
        if token.len() > MAX_TOKEN_CHARS {
            return None;
        }
        let (payload, tag) = token.split_once('.')?;
        let payload = URL_SAFE_NO_PAD.decode(payload).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        // `verify_slice` compares in constant time.
        self.mac(&payload).verify_slice(&tag).ok()?;
        cita_until(&payload, now)
    }
}

/// The cita of a verified payload `<cita id>|<expiry>`, while `now` is before the expiry.
fn cita_until(payload: &[u8], now: OffsetDateTime) -> Option<String> {
    let payload = std::str::from_utf8(payload).ok()?;
    let (cita_id, expires) = payload.rsplit_once('|')?;
    let expires = OffsetDateTime::from_unix_timestamp(expires.parse().ok()?).ok()?;
    (now < expires && !cita_id.is_empty()).then(|| cita_id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_token_reads_back_until_a_week_after_the_end() {
        let key = TokenKey::new(vec![7; 32]);
        let end = datetime!(2026-11-27 10:30 UTC);
        let token = key.sign("c-1", end);
        assert!(
            token
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        );
        assert_eq!(key.read(&token, end).as_deref(), Some("c-1"));
        let last = end + Duration::days(7) - Duration::seconds(1);
        assert_eq!(key.read(&token, last).as_deref(), Some("c-1"));
        assert_eq!(key.read(&token, end + Duration::days(7)), None, "expired");
    }

    #[test]
    fn a_review_token_is_its_own_and_lasts_a_month() {
        let key = TokenKey::new(vec![7; 32]);
        let sent = datetime!(2026-11-27 18:00 UTC);
        let token = key.sign_review("c-1", sent);
        assert_eq!(key.read_review(&token, sent).as_deref(), Some("c-1"));
        let last = sent + REVIEW_LINK_LIFETIME - Duration::seconds(1);
        assert_eq!(key.read_review(&token, last).as_deref(), Some("c-1"));
        assert_eq!(key.read_review(&token, sent + REVIEW_LINK_LIFETIME), None);
        // Neither reads as the other: a manage link is no review link, and back.
        assert_eq!(key.read(&token, sent), None);
        assert_eq!(key.read_review(&key.sign("c-1", sent), sent), None);
        assert_eq!(TokenKey::new(vec![8; 32]).read_review(&token, sent), None);
    }

    #[test]
    fn forged_tokens_are_refused() {
        let key = TokenKey::new(vec![7; 32]);
        let end = datetime!(2026-11-27 10:30 UTC);
        let token = key.sign("c-1", end);
        let other_key = TokenKey::new(vec![8; 32]);
        assert_eq!(other_key.read(&token, end), None);
        // Another cita or a later expiry under the same MAC.
        let (_, tag) = token.split_once('.').expect("two parts");
        for payload in ["c-2|1900000000", "c-1|4102444800"] {
            let forged = format!("{}.{tag}", URL_SAFE_NO_PAD.encode(payload));
            assert_eq!(key.read(&forged, end), None, "{payload}");
        }
        for junk in ["", ".", "abc", "a.b.c", &"x".repeat(400), "ñ.ñ"] {
            assert_eq!(key.read(junk, end), None, "{junk}");
        }
    }
}
