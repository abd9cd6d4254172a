//! A visitor's capability (issue 21): what the workflow that answers a conversation (proxy
//! mode) may do for that visitor through `/mcp` and the REST APIs, exactly what the visitor
//! may do in the built-in assistant. It travels in the relayed request's metadata
//! (`metadata.citabot`), never towards the browser.
//!
//! The token is `<payload>.<mac>` signed with the database's key under its own purpose
//! ([`TokenKey::sign_for`]): the conversation, the signed-in account and its sign-in (so it
//! ends at sign-out), the conversation's language and an expiry. Each relayed message mints a
//! new one, so it lives [`CAPABILITY_LIFETIME`] after the visitor's last message. It is a
//! credential: it never goes to the log, the history or a reply.

use citabot_domain::assistant::Lang;
use citabot_domain::chat::ChatSessionId;
use citabot_store::{Store, StoreError, User};
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};

use crate::mail::token::TokenKey;

/// How long a capability works after the visitor's message it was made for.
pub const CAPABILITY_LIFETIME: Duration = Duration::hours(2);

/// The purpose its MAC covers, so no other signed token reads as a capability.
const PURPOSE: &str = "citabot-capability-v1";

/// The longest token read (a 128-character session id, a UUID, a hash: well under this).
const MAX_TOKEN_CHARS: usize = 1_000;

/// What a capability says, as signed.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Claims {
    /// The conversation.
    c: String,
    /// The signed-in account, and the hash of its sign-in's token; `None` for a guest.
    u: Option<String>,
    s: Option<String>,
    /// The conversation's language: `es` or `en`.
    l: String,
    /// The expiry, Unix seconds.
    e: i64,
}

/// A capability as made for one relayed message.
#[derive(Debug, Clone)]
pub struct Minted {
    pub token: String,
    pub expires_at: OffsetDateTime,
}

/// Makes the capability of a visitor in `session`: a guest, or `signed_in` = the account and
/// the hash of its sign-in's token.
pub fn mint(
    key: &TokenKey,
    session: &ChatSessionId,
    signed_in: Option<(&User, &str)>,
    lang: Lang,
    now: OffsetDateTime,
) -> Minted {
    let expires_at = now + CAPABILITY_LIFETIME;
    let claims = Claims {
        c: session.as_str().to_owned(),
        u: signed_in.map(|(user, _)| user.id.clone()),
        s: signed_in.map(|(_, token_hash)| token_hash.to_owned()),
        l: lang.code().into(),
        e: expires_at.unix_timestamp(),
    };
    let payload = serde_json::to_vec(&claims).expect("claims serialise");
    Minted {
        token: key.sign_for(PURPOSE, &payload),
        expires_at,
    }
}

/// Whom a genuine, live capability acts for.
#[derive(Debug, Clone)]
pub struct Visitor {
    pub conversation: ChatSessionId,
    /// The signed-in account, still signed in; `None` for a guest.
    pub user: Option<User>,
    pub lang: Lang,
}

/// Why a token is not a capability that works now (the answer is 401 either way).
#[derive(Debug)]
pub enum Unusable {
    /// Forged, tampered with, expired, or its sign-in has ended.
    Invalid,
    Store(StoreError),
}

/// Reads a capability: genuine, not expired at `now`, and, for an account, its sign-in still
/// alive (a visitor who signed out has ended it).
pub async fn read(
    key: &TokenKey,
    store: &dyn Store,
    token: &str,
    now: OffsetDateTime,
) -> Result<Visitor, Unusable> {
    let payload = key
        .read_for(PURPOSE, token, MAX_TOKEN_CHARS)
        .ok_or(Unusable::Invalid)?;
    let claims: Claims = serde_json::from_slice(&payload).map_err(|_| Unusable::Invalid)?;
    if now.unix_timestamp() >= claims.e {
        return Err(Unusable::Invalid);
    }
    let conversation = ChatSessionId::parse(&claims.c).map_err(|_| Unusable::Invalid)?;
    let lang = Lang::from_code(&claims.l).unwrap_or_default();
    let user = match (claims.u, claims.s) {
        (None, None) => None,
        (Some(user_id), Some(token_hash)) => {
            let session = store
                .auth_session(&token_hash, now)
                .await
                .map_err(Unusable::Store)?
                .filter(|session| session.user.id == user_id)
                .ok_or(Unusable::Invalid)?;
            Some(session.user)
        }
        _ => return Err(Unusable::Invalid),
    };
    Ok(Visitor {
        conversation,
        user,
        lang,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn session() -> ChatSessionId {
        ChatSessionId::parse("conv-1").expect("a valid id")
    }

    #[test]
    fn a_capability_is_signed_for_its_purpose_only() {
        let key = TokenKey::new(vec![3; 32]);
        let now = datetime!(2026-12-01 10:00 UTC);
        let minted = mint(&key, &session(), None, Lang::En, now);
        assert_eq!(minted.expires_at, now + CAPABILITY_LIFETIME);
        assert!(
            key.read_for(PURPOSE, &minted.token, MAX_TOKEN_CHARS)
                .is_some()
        );
        // Neither a manage link nor another key's token reads as one.
        let manage = key.sign("conv-1", now);
        assert!(key.read_for(PURPOSE, &manage, MAX_TOKEN_CHARS).is_none());
        let other = TokenKey::new(vec![4; 32]);
        assert!(
            other
                .read_for(PURPOSE, &minted.token, MAX_TOKEN_CHARS)
                .is_none()
        );
        // A tampered payload under the same MAC.
        let (_, tag) = minted.token.split_once('.').expect("two parts");
        let forged = format!(
            "{}.{tag}",
            base64::Engine::encode(
                &base64::engine::general_purpose::URL_SAFE_NO_PAD,
                br#"{"c":"conv-2","u":null,"s":null,"l":"es","e":4102444800}"#
            )
        );
        assert!(key.read_for(PURPOSE, &forged, MAX_TOKEN_CHARS).is_none());
        assert!(
            key.read_for(PURPOSE, &"a".repeat(2_000), MAX_TOKEN_CHARS)
                .is_none()
        );
    }
}
