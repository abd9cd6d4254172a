//! Password hashing with Argon2id (RustCrypto's defaults: 19 MiB, 2 passes), always on the
//! blocking pool so a sign-in never stalls the async workers.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use std::sync::OnceLock;

/// Hashes a new password into a PHC string (`$argon2id$v=19$...`).
pub async fn hash(password: String) -> Result<String, PasswordError> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|_| PasswordError)
    })
    .await
    .map_err(|_| PasswordError)?
}

/// Checks `password` against `stored`. With no stored hash (unknown account) a dummy hash is
/// checked instead, so "no such account" and "wrong password" take the same time.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let (hash, real) = match stored {
            Some(hash) => (hash, true),
            None => (dummy_hash().to_owned(), false),
        };
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok();
        matches && real
    })
    .await
    .unwrap_or(false)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        Argon2::default()
            .hash_password(b"not a password anyone has")
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    })
}

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed")]
pub struct PasswordError;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = hash("correct horse battery".into()).await.expect("hashes");
        assert!(stored.starts_with("$argon2id$v=19$"), "{stored}");
        assert!(verify("correct horse battery".into(), Some(stored.clone())).await);
        assert!(!verify("correct horse batterY".into(), Some(stored)).await);
    }

    #[tokio::test]
    async fn salts_differ_and_unknown_accounts_never_verify() {
        let a = hash("same password".into()).await.expect("hashes");
        let b = hash("same password".into()).await.expect("hashes");
        assert_ne!(a, b);
        assert!(!verify("not a password anyone has".into(), None).await);
        assert!(!verify("x".into(), Some("not a phc string".into())).await);
    }
}
