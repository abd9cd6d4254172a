//! The salon's pictures in the storage port (issue 14): its logo and its hero picture, at most
//! one of each, kept in the database (so a backup holds them and every instance serves the same
//! ones). What an upload may be is decided by the server before it gets here.

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::StoreError;

/// Which of the salon's pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageSlot {
    /// The brand mark: the site's header, the chat's avatar.
    Logo,
    /// The landing page's picture.
    Hero,
}

impl ImageSlot {
    pub const ALL: [ImageSlot; 2] = [ImageSlot::Logo, ImageSlot::Hero];

    pub fn as_str(self) -> &'static str {
        match self {
            ImageSlot::Logo => "logo",
            ImageSlot::Hero => "hero",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|slot| slot.as_str() == name)
    }
}

/// A picture as stored: its media type, bytes and version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    /// `image/png`, `image/jpeg` or `image/webp`, told from the bytes when it was uploaded.
    pub content_type: String,
    pub data: Vec<u8>,
    /// Changes whenever the picture does (the server makes it from the bytes): it goes into the
    /// picture's URL and its `ETag`.
    pub version: String,
}

/// A picture to store in `slot`, replacing the one there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewImage<'a> {
    pub slot: ImageSlot,
    pub content_type: &'a str,
    pub data: &'a [u8],
    pub version: &'a str,
    pub uploaded_at: OffsetDateTime,
}

/// The version of each picture there is (`None`: not uploaded, or removed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImageVersions {
    pub logo: Option<String>,
    pub hero: Option<String>,
}

impl ImageVersions {
    /// Rebuilds them from stored `(slot, version)` rows; an unknown slot means corrupt data.
    pub fn from_rows(rows: Vec<(String, String)>) -> Result<Self, StoreError> {
        let mut versions = Self::default();
        for (slot, version) in rows {
            match ImageSlot::parse(&slot) {
                Some(ImageSlot::Logo) => versions.logo = Some(version),
                Some(ImageSlot::Hero) => versions.hero = Some(version),
                None => return Err(StoreError::Corrupt(format!("unknown image slot {slot:?}"))),
            }
        }
        Ok(versions)
    }

    pub fn of(&self, slot: ImageSlot) -> Option<&str> {
        match slot {
            ImageSlot::Logo => self.logo.as_deref(),
            ImageSlot::Hero => self.hero.as_deref(),
        }
    }
}

#[async_trait]
pub trait ImageStore: Send + Sync {
    /// The picture in `slot`, bytes and all.
    async fn image(&self, slot: ImageSlot) -> Result<Option<StoredImage>, StoreError>;

    /// The versions of the pictures there are, without their bytes (`GET /api/business` names
    /// them in its URLs).
    async fn image_versions(&self) -> Result<ImageVersions, StoreError>;

    /// Stores a picture, replacing the one in its slot.
    async fn save_image(&self, image: &NewImage<'_>) -> Result<(), StoreError>;

    /// Removes the picture in `slot`; `false` when there was none.
    async fn delete_image(&self, slot: ImageSlot) -> Result<bool, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_round_trip() {
        for slot in ImageSlot::ALL {
            assert_eq!(ImageSlot::parse(slot.as_str()), Some(slot));
        }
        assert_eq!(ImageSlot::parse("favicon"), None);
    }

    #[test]
    fn versions_are_read_from_rows() {
        let versions =
            ImageVersions::from_rows(vec![("hero".into(), "v2".into())]).expect("known slots");
        assert_eq!(versions.of(ImageSlot::Hero), Some("v2"));
        assert_eq!(versions.of(ImageSlot::Logo), None);
        assert!(ImageVersions::from_rows(vec![("banner".into(), "v1".into())]).is_err());
    }
}
