//! The salon's logo and hero picture (issue 14): what an upload may be, and keeping, reading and
//! removing them. A picture is judged by its bytes alone, never by the type it was sent with or a
//! file name: a PNG, JPEG or WebP by its signature, within its slot's size, declaring sane
//! dimensions in its header. SVG is refused (it is markup and can carry script), and so is GIF
//! (the chat accepts it, the salon's pictures have no need of it).
//!
//! Unlike a chat attachment, a picture is not searched for markup past its header: it is only
//! ever served by us, as the type its signature shows and with `nosniff`, so no browser reads it
//! as a page; and compressed pixels spell `<svg` by chance often enough (about one 2 MiB photo in
//! 250) that the search would refuse real photos.

use citabot_domain::file_type::{ImageFormat, declared_size, image_format};
use citabot_store::{ImageSlot, ImageVersions, NewImage, Store, StoreError, StoredImage};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

/// The largest logo, in bytes (512 KiB): a brand mark is small.
pub const LOGO_MAX_BYTES: usize = 512 * 1024;
/// The largest hero picture, in bytes (2 MiB): a photo saved for the web.
pub const HERO_MAX_BYTES: usize = 2 * 1024 * 1024;
/// The longest side a picture may declare, in pixels.
pub const MAX_SIDE_PX: u32 = 8192;
/// The most pixels a picture may declare (40 megapixels): past that a browser spends hundreds
/// of megabytes drawing it.
pub const MAX_PIXELS: u64 = 40_000_000;
/// The formats a salon's picture may be.
pub const ACCEPTED: [ImageFormat; 3] = [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Webp];

/// Where a picture of the salon is served, with its version: a new picture is a new URL, so the
/// old one may be cached for good.
pub fn image_url(slot: ImageSlot, version: &str) -> String {
    format!("/api/business/{}?v={version}", slot.as_str())
}

/// The largest picture `slot` takes, in bytes.
pub fn max_bytes(slot: ImageSlot) -> usize {
    match slot {
        ImageSlot::Logo => LOGO_MAX_BYTES,
        ImageSlot::Hero => HERO_MAX_BYTES,
    }
}

/// Why a picture is refused; the handler turns it into a status and a sentence.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing was sent (400).
    Empty,
    /// Over its slot's size (413).
    TooLarge {
        max: usize,
    },
    /// Not a PNG, JPEG or WebP by its bytes: SVG, GIF, anything else (415).
    NotAccepted,
    /// Starts as `format` but its header is cut short or malformed (400).
    Unreadable(ImageFormat),
    /// Declares more than [`MAX_SIDE_PX`] on a side or [`MAX_PIXELS`] in all (400).
    TooManyPixels {
        width: u32,
        height: u32,
    },
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// Checks a picture for `slot`: its size, its format by its bytes, the dimensions its header
/// declares. Returns the format it is.
pub fn check(slot: ImageSlot, data: &[u8]) -> Result<ImageFormat, Refusal> {
    if data.is_empty() {
        return Err(Refusal::Empty);
    }
    let max = max_bytes(slot);
    if data.len() > max {
        return Err(Refusal::TooLarge { max });
    }
    let format = image_format(data)
        .filter(|format| ACCEPTED.contains(format))
        .ok_or(Refusal::NotAccepted)?;
    let (width, height) = declared_size(format, data).ok_or(Refusal::Unreadable(format))?;
    if width > MAX_SIDE_PX
        || height > MAX_SIDE_PX
        || u64::from(width) * u64::from(height) > MAX_PIXELS
    {
        return Err(Refusal::TooManyPixels { width, height });
    }
    Ok(format)
}

/// A picture's version: the start of its bytes' SHA-256, so it changes with the picture (and
/// the same picture uploaded again keeps its URL and what browsers cached of it).
pub fn version_of(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Checks and keeps a picture in `slot`, replacing the one there.
pub async fn upload(
    store: &dyn Store,
    slot: ImageSlot,
    data: &[u8],
    now: OffsetDateTime,
) -> Result<(), Refusal> {
    let format = check(slot, data)?;
    let version = version_of(data);
    store
        .save_image(&NewImage {
            slot,
            content_type: format.mime(),
            data,
            version: &version,
            uploaded_at: now,
        })
        .await?;
    Ok(())
}

/// The picture in `slot`, if there is one.
pub async fn image(store: &dyn Store, slot: ImageSlot) -> Result<Option<StoredImage>, StoreError> {
    store.image(slot).await
}

/// Removes the picture in `slot`; removing one that is not there changes nothing.
pub async fn remove(store: &dyn Store, slot: ImageSlot) -> Result<(), StoreError> {
    store.delete_image(slot).await.map(drop)
}

/// The versions of the pictures there are.
pub async fn versions(store: &dyn Store) -> Result<ImageVersions, StoreError> {
    store.image_versions().await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's signature and IHDR chunk declaring `width` × `height`, padded to `len` bytes.
    fn png(width: u32, height: u32, len: usize) -> Vec<u8> {
        let mut data = [
            &b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"[..],
            &width.to_be_bytes(),
            &height.to_be_bytes(),
        ]
        .concat();
        data.resize(len, 0);
        data
    }

    #[test]
    fn each_slot_takes_up_to_its_size() {
        for (slot, max) in [
            (ImageSlot::Logo, LOGO_MAX_BYTES),
            (ImageSlot::Hero, HERO_MAX_BYTES),
        ] {
            assert!(matches!(
                check(slot, &png(10, 10, max)),
                Ok(ImageFormat::Png)
            ));
            assert!(matches!(
                check(slot, &png(10, 10, max + 1)),
                Err(Refusal::TooLarge { max: said }) if said == max
            ));
        }
        assert!(matches!(check(ImageSlot::Logo, b""), Err(Refusal::Empty)));
    }

    #[test]
    fn only_png_jpeg_and_webp_by_their_bytes() {
        for refused in [
            &b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"[..],
            b"<?xml version='1.0'?><svg/>",
            b"GIF89a\x01\0\x01\0",
            b"%PDF-1.7\n",
            b"hola",
        ] {
            assert!(
                matches!(check(ImageSlot::Logo, refused), Err(Refusal::NotAccepted)),
                "{}",
                String::from_utf8_lossy(refused)
            );
        }
        assert!(matches!(
            check(ImageSlot::Hero, b"\x89PNG\r\n\x1a\n\0\0"),
            Err(Refusal::Unreadable(ImageFormat::Png))
        ));
    }

    #[test]
    fn declared_dimensions_are_bounded() {
        let len = 64;
        assert!(check(ImageSlot::Hero, &png(MAX_SIDE_PX, 4882, len)).is_ok());
        for (width, height) in [
            (MAX_SIDE_PX + 1, 1),
            (1, MAX_SIDE_PX + 1),
            (MAX_SIDE_PX, MAX_SIDE_PX),
            (u32::MAX, u32::MAX),
        ] {
            assert!(
                matches!(
                    check(ImageSlot::Hero, &png(width, height, len)),
                    Err(Refusal::TooManyPixels { .. })
                ),
                "{width} × {height}"
            );
        }
        // 40 megapixels exactly, and one row more.
        assert!(check(ImageSlot::Hero, &png(8000, 5000, len)).is_ok());
        assert!(check(ImageSlot::Hero, &png(8000, 5001, len)).is_err());
    }

    #[test]
    fn the_version_follows_the_bytes() {
        let first = version_of(b"one");
        assert_eq!(first.len(), 16);
        assert_eq!(first, version_of(b"one"));
        assert_ne!(first, version_of(b"two"));
    }
}
