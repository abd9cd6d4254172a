//! What an API key looks like: `cbk_<id>_<secret>`. The id is 8 lowercase hex characters, public
//! (lists and logs name the key by it, and the store finds the key by it); the secret is 256
//! random bits as 43 base64url characters. The store keeps only the SHA-256 of the whole key, so
//! the id cannot be moved onto another key's secret.

use super::tokens;

/// What every key starts with, so a key is told from other bearer tokens (and secret scanners
/// can spot one that leaked).
pub const KEY_PREFIX: &str = "cbk_";

/// Hex characters in a key's id: 32 bits, enough to name a salon's keys apart (a clash is
/// refused by the store and a new id drawn).
const ID_CHARS: usize = 8;
/// base64url characters of 32 random bytes.
const SECRET_CHARS: usize = 43;

/// A key just made: shown once, then only its hash is kept.
#[derive(Debug)]
pub struct MintedKey {
    pub id: String,
    /// The whole key, `cbk_<id>_<secret>`.
    pub text: String,
    /// The hex SHA-256 of [`Self::text`].
    pub hash: String,
}

/// Makes a new key from the operating system's random source.
pub fn mint() -> MintedKey {
    let mut id_bytes = [0_u8; ID_CHARS / 2];
    getrandom::fill(&mut id_bytes).expect("the operating system's random source works");
    let id: String = id_bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    let text = format!("{KEY_PREFIX}{id}_{}", tokens::random_token());
    let hash = tokens::token_hash(&text);
    MintedKey { id, text, hash }
}

/// The key's public name in lists: `cbk_<id>`.
pub fn prefix(id: &str) -> String {
    format!("{KEY_PREFIX}{id}")
}

/// The id of a key as sent, when it has a key's exact shape (`None` otherwise); whether it is
/// a real key is for the store to say.
pub fn id_of(text: &str) -> Option<&str> {
    let (id, secret) = text.strip_prefix(KEY_PREFIX)?.split_once('_')?;
    let id_ok = id.len() == ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    // The secret's alphabet has `_` too: only the id's end is found by the first one.
    let secret_ok = secret.len() == SECRET_CHARS
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    (id_ok && secret_ok).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_keys_have_their_shape_and_read_back() {
        for _ in 0..1_000 {
            let key = mint();
            assert_eq!(
                key.text.len(),
                KEY_PREFIX.len() + ID_CHARS + 1 + SECRET_CHARS
            );
            assert!(key.text.starts_with(&prefix(&key.id)));
            assert_eq!(id_of(&key.text), Some(key.id.as_str()), "{}", key.text);
            assert_eq!(key.hash, tokens::token_hash(&key.text));
        }
        assert_ne!(mint().text, mint().text);
    }

    #[test]
    fn anything_but_a_key_s_exact_shape_is_refused() {
        let secret = "A".repeat(SECRET_CHARS);
        assert_eq!(id_of(&format!("cbk_0123abcd_{secret}")), Some("0123abcd"));
        assert_eq!(
            id_of(&format!("cbk_0123abcd_{}_x-", "_".repeat(SECRET_CHARS - 3))),
            Some("0123abcd"),
            "the secret may hold `_` and `-`"
        );
        for bad in [
            String::new(),
            "cbk_".to_owned(),
            format!("cbk_0123abcd{secret}"),
            format!("cbk_0123ABCD_{secret}"),
            format!("cbk_0123abc_{secret}"),
            format!("cbk_0123abcde_{secret}"),
            format!("cbk_0123abcd_{}", &secret[1..]),
            format!("cbk_0123abcd_{secret}A"),
            format!("cbk_0123abcd_{}=", &secret[1..]),
            format!("CBK_0123abcd_{secret}"),
            format!("cbk_0123abcd_{}é", &secret[2..]),
        ] {
            assert_eq!(id_of(&bad), None, "{bad}");
        }
    }
}
