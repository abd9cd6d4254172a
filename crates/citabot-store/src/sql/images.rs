//! The salon's logo and hero picture: one row per slot, the bytes in a BLOB (BYTEA).

use async_trait::async_trait;

use super::{SqlBackend, SqlConn};
use crate::StoreError;
use crate::images::{ImageSlot, ImageStore, ImageVersions, NewImage, StoredImage};

#[async_trait]
impl<B: SqlBackend> ImageStore for B {
    async fn image(&self, slot: ImageSlot) -> Result<Option<StoredImage>, StoreError> {
        let row: Option<(String, Vec<u8>, String)> = self
            .connection()
            .await?
            .optional(
                "SELECT content_type, data, version FROM business_images WHERE slot = $1",
                crate::args![slot.as_str()],
            )
            .await?;
        Ok(row.map(|(content_type, data, version)| StoredImage {
            content_type,
            data,
            version,
        }))
    }

    async fn image_versions(&self) -> Result<ImageVersions, StoreError> {
        let rows = self
            .connection()
            .await?
            .all("SELECT slot, version FROM business_images", &[])
            .await?;
        ImageVersions::from_rows(rows)
    }

    async fn save_image(&self, image: &NewImage<'_>) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO business_images (slot, content_type, data, version, uploaded_at) \
                 VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (slot) DO UPDATE SET content_type = excluded.content_type, \
                 data = excluded.data, version = excluded.version, \
                 uploaded_at = excluded.uploaded_at",
                crate::args![
                    image.slot.as_str(),
                    image.content_type,
                    image.data,
                    image.version,
                    image.uploaded_at,
                ],
            )
            .await
            .map(drop)
    }

    async fn delete_image(&self, slot: ImageSlot) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "DELETE FROM business_images WHERE slot = $1",
                crate::args![slot.as_str()],
            )
            .await?;
        Ok(changed > 0)
    }
}
