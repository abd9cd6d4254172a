//! Secrets handed to browsers: random tokens from the operating system's CSPRNG, and the hashes
//! under which the store keeps them.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// 32 random bytes (256 bits) as 43 base64url characters.
pub fn random_token() -> String {
    let mut bytes = [0_u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The hex SHA-256 of a token: what the store keeps instead of the token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Compares two secrets in time that depends only on their lengths.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0_u8, |diff, (x, y)| diff | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn tokens_are_long_distinct_and_url_safe() {
        let tokens: HashSet<String> = (0..10_000).map(|_| random_token()).collect();
        assert_eq!(tokens.len(), 10_000, "no repeats");
        for token in &tokens {
            assert_eq!(token.len(), 43, "256 bits");
            assert!(
                token
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            );
        }
    }

    #[test]
    fn hashes_are_stable_and_hide_the_token() {
        let hash = token_hash("abc");
        assert_eq!(
            hash,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(token_hash("abd"), hash);
    }

    #[test]
    fn secrets_compare_exactly() {
        assert!(same_secret("token", "token"));
        assert!(!same_secret("token", "tokeN"));
        assert!(!same_secret("token", "token2"));
        assert!(!same_secret("", "x"));
    }
}
