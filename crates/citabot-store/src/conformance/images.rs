//! Conformance cases of the salon's pictures ([`ImageStore`](crate::ImageStore), issue 14).

use time::Duration;

use super::T0;
use crate::images::{ImageSlot, ImageVersions, NewImage, StoredImage};
use crate::{Store, StoreError};

/// The largest picture the server takes (the hero's 2 MiB), every byte value in it.
fn large_picture() -> Vec<u8> {
    (0..2 * 1024 * 1024_usize)
        .map(|i| u8::try_from((i * 31 + i / 256) % 256).unwrap_or(0))
        .collect()
}

/// Pictures come back byte for byte with their type and version; each slot is on its own; a
/// new picture replaces the old one; a removed one is gone (and removing it again says so).
pub async fn salon_images_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    assert_eq!(store.image_versions().await?, ImageVersions::default());
    assert_eq!(store.image(ImageSlot::Logo).await?, None);
    assert!(
        !store.delete_image(ImageSlot::Logo).await?,
        "nothing to remove"
    );

    let logo = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0logo".to_vec();
    store
        .save_image(&NewImage {
            slot: ImageSlot::Logo,
            content_type: "image/png",
            data: &logo,
            version: "logo-1",
            uploaded_at: T0,
        })
        .await?;
    let hero = large_picture();
    store
        .save_image(&NewImage {
            slot: ImageSlot::Hero,
            content_type: "image/jpeg",
            data: &hero,
            version: "hero-1",
            uploaded_at: T0,
        })
        .await?;
    assert_eq!(
        store.image(ImageSlot::Logo).await?,
        Some(StoredImage {
            content_type: "image/png".into(),
            data: logo,
            version: "logo-1".into(),
        })
    );
    let stored_hero = store.image(ImageSlot::Hero).await?.expect("the hero");
    assert_eq!(stored_hero.data.len(), hero.len());
    assert!(stored_hero.data == hero, "2 MiB come back byte for byte");
    assert_eq!(
        store.image_versions().await?,
        ImageVersions {
            logo: Some("logo-1".into()),
            hero: Some("hero-1".into()),
        }
    );

    let webp = b"RIFF\0\0\0\0WEBPVP8L".to_vec();
    store
        .save_image(&NewImage {
            slot: ImageSlot::Logo,
            content_type: "image/webp",
            data: &webp,
            version: "logo-2",
            uploaded_at: T0 + Duration::minutes(5),
        })
        .await?;
    let replaced = store.image(ImageSlot::Logo).await?.expect("the new logo");
    assert_eq!(
        (replaced.content_type.as_str(), replaced.version.as_str()),
        ("image/webp", "logo-2")
    );
    assert_eq!(replaced.data, webp);

    assert!(store.delete_image(ImageSlot::Logo).await?);
    assert_eq!(store.image(ImageSlot::Logo).await?, None);
    assert!(!store.delete_image(ImageSlot::Logo).await?);
    assert_eq!(
        store.image_versions().await?,
        ImageVersions {
            logo: None,
            hero: Some("hero-1".into()),
        },
        "the hero stays"
    );
    Ok(())
}
