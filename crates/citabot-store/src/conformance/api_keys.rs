//! Conformance cases of programs' API keys ([`ApiKeyStore`](crate::ApiKeyStore), issue 21).

use citabot_domain::account::Role;
use time::{Duration, OffsetDateTime};

use super::{T0, new_user};
use crate::api_keys::{ApiKey, NewApiKey};
use crate::{Store, StoreError};

/// A hex SHA-256 made of one repeated digit: the store checks only its length.
fn hash_of(digit: char) -> String {
    digit.to_string().repeat(64)
}

fn new_key<'a>(id: &'a str, hash: &'a str, minutes: i64) -> NewApiKey<'a> {
    NewApiKey {
        id,
        name: "n8n: recordatorios",
        role: Role::Usuario,
        secret_hash: hash,
        created_by: None,
        created_by_key: None,
        created_at: T0 + Duration::minutes(minutes),
    }
}

/// Keys come back whole, with the account that made them (none for the command line's) and the
/// key that made them; the newest first; one per short id.
pub async fn api_keys_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    assert_eq!(store.api_keys().await?, Vec::new());
    let lucia = store
        .create_user(&new_user(
            "u-lucia",
            "lucia@ejemplo.es",
            Role::Administrador,
        ))
        .await?;
    let (hash_a, hash_b, hash_c) = (hash_of('a'), hash_of('b'), hash_of('c'));

    let from_cli = store
        .create_api_key(&new_key("0000aaaa", &hash_a, 0))
        .await?;
    assert_eq!(
        from_cli,
        ApiKey {
            id: "0000aaaa".into(),
            name: "n8n: recordatorios".into(),
            role: Role::Usuario,
            secret_hash: hash_a.clone(),
            created_by: None,
            created_by_key: None,
            created_at: T0,
            last_used_at: None,
            revoked_at: None,
        }
    );
    let from_dashboard = store
        .create_api_key(&NewApiKey {
            name: "Zapier 💇",
            role: Role::Administrador,
            created_by: Some("u-lucia"),
            ..new_key("0000bbbb", &hash_b, 5)
        })
        .await?;
    assert_eq!(from_dashboard.created_by, Some(lucia.clone()));
    assert_eq!(
        (from_dashboard.name.as_str(), from_dashboard.role),
        ("Zapier 💇", Role::Administrador)
    );
    let from_a_key = store
        .create_api_key(&NewApiKey {
            created_by: Some("u-lucia"),
            created_by_key: Some("0000bbbb"),
            ..new_key("0000cccc", &hash_c, 10)
        })
        .await?;
    assert_eq!(from_a_key.created_by_key.as_deref(), Some("0000bbbb"));

    let taken = store
        .create_api_key(&new_key("0000aaaa", &hash_c, 20))
        .await;
    assert!(matches!(taken, Err(StoreError::Conflict(_))), "{taken:?}");

    let listed: Vec<String> = store.api_keys().await?.into_iter().map(|k| k.id).collect();
    assert_eq!(listed, ["0000cccc", "0000bbbb", "0000aaaa"], "newest first");
    assert_eq!(store.api_key("0000bbbb").await?, Some(from_dashboard));
    assert_eq!(store.api_key("0000aaaa").await?, Some(from_cli));
    assert_eq!(store.api_key("0000dddd").await?, None);
    Ok(())
}

/// A revoked key stays, with the time of its first revocation; an unknown one is said so.
pub async fn api_keys_are_revoked_and_kept(store: &dyn Store) -> Result<(), StoreError> {
    let hash = hash_of('d');
    store.create_api_key(&new_key("0000aaaa", &hash, 0)).await?;
    store.create_api_key(&new_key("0000bbbb", &hash, 1)).await?;
    assert!(
        store
            .revoke_api_key("0000aaaa", T0 + Duration::hours(1))
            .await?
    );
    assert!(
        store
            .revoke_api_key("0000aaaa", T0 + Duration::hours(2))
            .await?,
        "a revoked key still exists"
    );
    assert!(!store.revoke_api_key("0000zzzz", T0).await?);
    let revoked = store.api_key("0000aaaa").await?.expect("kept");
    assert_eq!(revoked.revoked_at, Some(T0 + Duration::hours(1)));
    let other = store.api_key("0000bbbb").await?.expect("kept");
    assert_eq!(other.revoked_at, None, "only the one named");
    assert_eq!(store.api_keys().await?.len(), 2, "revoked keys are listed");
    Ok(())
}

/// A key's use is written only when the last one noted is older than the caller says, so a
/// busy key costs a write a minute, not one a request.
pub async fn api_key_use_is_noted_sparingly(store: &dyn Store) -> Result<(), StoreError> {
    let hash = hash_of('e');
    store.create_api_key(&new_key("0000aaaa", &hash, 0)).await?;
    let minute = Duration::minutes(1);
    let used = move |id: &'static str, at: OffsetDateTime| async move {
        store.touch_api_key(id, at, at - minute).await
    };
    let last_used = async || -> Result<Option<OffsetDateTime>, StoreError> {
        Ok(store
            .api_key("0000aaaa")
            .await?
            .and_then(|key| key.last_used_at))
    };

    let first = T0 + Duration::seconds(10);
    assert!(used("0000aaaa", first).await?, "never used: written");
    assert_eq!(last_used().await?, Some(first));
    // Fractions of a second come and go in stored instants: order must not depend on them.
    assert!(!used("0000aaaa", first + Duration::milliseconds(59_500)).await?);
    assert!(
        !used("0000aaaa", first + minute).await?,
        "at the minute: kept"
    );
    assert_eq!(last_used().await?, Some(first));
    let later = first + minute + Duration::milliseconds(1);
    assert!(used("0000aaaa", later).await?);
    assert_eq!(last_used().await?, Some(later));
    assert!(!used("0000zzzz", later).await?, "no such key");
    Ok(())
}
