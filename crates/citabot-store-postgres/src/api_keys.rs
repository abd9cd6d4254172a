//! API keys in PostgreSQL: one row per key, never deleted.

use async_trait::async_trait;
use citabot_store::StoreError;
use citabot_store::api_keys::{ApiKey, ApiKeyColumns, ApiKeyStore, NewApiKey};
use time::OffsetDateTime;

use crate::{PgStore, db_error};

/// A key's columns and its creator's, in [`ApiKeyColumns`]' order.
const KEY_COLUMNS: &str = "SELECT k.id, k.name, k.role, k.secret_hash, k.created_by_key, \
     k.created_at, k.last_used_at, k.revoked_at, \
     u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.created_at \
     FROM api_keys k LEFT JOIN users u ON u.id = k.created_by";

#[async_trait]
impl ApiKeyStore for PgStore {
    async fn create_api_key(&self, key: &NewApiKey<'_>) -> Result<ApiKey, StoreError> {
        sqlx::query(
            "INSERT INTO api_keys (id, name, role, secret_hash, created_by, created_by_key, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(key.id)
        .bind(key.name)
        .bind(key.role.as_str())
        .bind(key.secret_hash)
        .bind(key.created_by)
        .bind(key.created_by_key)
        .bind(key.created_at)
        .execute(&self.pool)
        .await
        .map_err(|error| match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                StoreError::Conflict("api key id")
            }
            _ => db_error(error),
        })?;
        self.api_key(key.id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("API key {:?} vanished", key.id)))
    }

    async fn api_keys(&self) -> Result<Vec<ApiKey>, StoreError> {
        let query = format!("{KEY_COLUMNS} ORDER BY k.created_at DESC, k.id DESC");
        let rows: Vec<ApiKeyColumns> = sqlx::query_as(sqlx::AssertSqlSafe(query))
            .fetch_all(&self.pool)
            .await
            .map_err(db_error)?;
        rows.into_iter().map(ApiKey::from_columns).collect()
    }

    async fn api_key(&self, id: &str) -> Result<Option<ApiKey>, StoreError> {
        let query = format!("{KEY_COLUMNS} WHERE k.id = $1");
        let row: Option<ApiKeyColumns> = sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        row.map(ApiKey::from_columns).transpose()
    }

    async fn revoke_api_key(&self, id: &str, at: OffsetDateTime) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2")
                .bind(at)
                .bind(id)
                .execute(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }

    async fn touch_api_key(
        &self,
        id: &str,
        at: OffsetDateTime,
        unless_since: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE api_keys SET last_used_at = $1 WHERE id = $2 \
             AND (last_used_at IS NULL OR last_used_at < $3)",
        )
        .bind(at)
        .bind(id)
        .bind(unless_since)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }
}
