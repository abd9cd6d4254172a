//! The salon's logo and hero picture in SQLite: one row per slot, the bytes in a BLOB.

use async_trait::async_trait;
use citabot_store::StoreError;
use citabot_store::images::{ImageSlot, ImageStore, ImageVersions, NewImage, StoredImage};

use crate::{SqliteStore, db_error};

#[async_trait]
impl ImageStore for SqliteStore {
    async fn image(&self, slot: ImageSlot) -> Result<Option<StoredImage>, StoreError> {
        let row: Option<(String, Vec<u8>, String)> = sqlx::query_as(
            "SELECT content_type, data, version FROM business_images WHERE slot = ?",
        )
        .bind(slot.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(row.map(|(content_type, data, version)| StoredImage {
            content_type,
            data,
            version,
        }))
    }

    async fn image_versions(&self) -> Result<ImageVersions, StoreError> {
        let rows: Vec<(String, String)> =
            sqlx::query_as("SELECT slot, version FROM business_images")
                .fetch_all(&self.pool)
                .await
                .map_err(db_error)?;
        ImageVersions::from_rows(rows)
    }

    async fn save_image(&self, image: &NewImage<'_>) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO business_images (slot, content_type, data, version, uploaded_at) \
             VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (slot) DO UPDATE SET content_type = excluded.content_type, \
             data = excluded.data, version = excluded.version, \
             uploaded_at = excluded.uploaded_at",
        )
        .bind(image.slot.as_str())
        .bind(image.content_type)
        .bind(image.data)
        .bind(image.version)
        .bind(image.uploaded_at)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(db_error)
    }

    async fn delete_image(&self, slot: ImageSlot) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM business_images WHERE slot = ?")
            .bind(slot.as_str())
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }
}
