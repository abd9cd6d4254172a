//! API keys: one row per key, never deleted.

use async_trait::async_trait;
use time::OffsetDateTime;

use super::{SqlBackend, SqlConn, conflict_on};
use crate::StoreError;
use crate::api_keys::{ApiKey, ApiKeyColumns, ApiKeyStore, NewApiKey};

/// A key's columns and its creator's, in [`ApiKeyColumns`]' order.
macro_rules! select_keys {
    ($($rest:literal)*) => {
        concat!(
            "SELECT k.id, k.name, k.role, k.secret_hash, k.created_by_key, \
             k.created_at, k.last_used_at, k.revoked_at, \
             u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.created_at \
             FROM api_keys k LEFT JOIN users u ON u.id = k.created_by ",
            $($rest),*
        )
    };
}

#[async_trait]
impl<B: SqlBackend> ApiKeyStore for B {
    async fn create_api_key(&self, key: &NewApiKey<'_>) -> Result<ApiKey, StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO api_keys (id, name, role, secret_hash, created_by, created_by_key, \
                 created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                crate::args![
                    key.id,
                    key.name,
                    key.role.as_str(),
                    key.secret_hash,
                    key.created_by,
                    key.created_by_key,
                    key.created_at,
                ],
            )
            .await
            .map_err(conflict_on("api key id"))?;
        self.api_key(key.id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("API key {:?} vanished", key.id)))
    }

    async fn api_keys(&self) -> Result<Vec<ApiKey>, StoreError> {
        let rows: Vec<ApiKeyColumns> = self
            .connection()
            .await?
            .all(
                select_keys!("ORDER BY julianday(k.created_at) DESC, k.id DESC"),
                &[],
            )
            .await?;
        rows.into_iter().map(ApiKey::from_columns).collect()
    }

    async fn api_key(&self, id: &str) -> Result<Option<ApiKey>, StoreError> {
        let row: Option<ApiKeyColumns> = self
            .connection()
            .await?
            .optional(select_keys!("WHERE k.id = $1"), crate::args![id])
            .await?;
        row.map(ApiKey::from_columns).transpose()
    }

    async fn revoke_api_key(&self, id: &str, at: OffsetDateTime) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2",
                crate::args![at, id],
            )
            .await?;
        Ok(changed > 0)
    }

    async fn touch_api_key(
        &self,
        id: &str,
        at: OffsetDateTime,
        unless_since: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE api_keys SET last_used_at = $1 WHERE id = $2 \
                 AND (last_used_at IS NULL OR julianday(last_used_at) < julianday($3))",
                crate::args![at, id, unless_since],
            )
            .await?;
        Ok(changed > 0)
    }
}
