//! Conformance cases of reviews and the demo's data ([`ReviewStore`](crate::ReviewStore), issue
//! 24).

use time::Duration;
use time::macros::date;

use super::T0;
use super::booking::{booking_fixture, cita};
use crate::reviews::{Review, ReviewSummary};
use crate::{Store, StoreError};
use citabot_domain::booking::{CitaStatus, Client};

fn review(id: &str, cita_id: &str, rating: u8, minutes: i64) -> Review {
    Review {
        id: id.into(),
        cita_id: cita_id.into(),
        rating,
        comment: format!("{rating} estrellas"),
        author: "Marta R.".into(),
        created_at: T0 + Duration::minutes(minutes),
        reply: None,
        replied_at: None,
        hidden: false,
        demo: false,
    }
}

/// One review per cita, newest first; hidden ones are kept but neither shown nor counted; an
/// answer is set and taken back.
pub async fn reviews_are_one_per_cita_and_hidden_ones_uncounted(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let monday = date!(2026 - 11 - 23);
    for (id, start) in [("c-1", 600), ("c-2", 660), ("c-3", 720)] {
        let mut done = cita(id, "staff-ana", monday, start, start + 30);
        done.status = CitaStatus::Completada;
        store.create_cita(&done).await?;
    }
    assert_eq!(
        store.review_summary().await?,
        ReviewSummary {
            count: 0,
            average: 0.0
        }
    );
    store.add_review(&review("r-1", "c-1", 5, 0)).await?;
    store.add_review(&review("r-2", "c-2", 4, 1)).await?;
    store.add_review(&review("r-3", "c-3", 1, 2)).await?;
    assert!(matches!(
        store.add_review(&review("r-4", "c-1", 3, 3)).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(
        store.review_of_cita("c-1").await?,
        Some(review("r-1", "c-1", 5, 0))
    );
    assert_eq!(store.review("r-4").await?, None);
    let newest: Vec<String> = store
        .reviews(false, 10, 0)
        .await?
        .into_iter()
        .map(|review| review.id)
        .collect();
    assert_eq!(newest, ["r-3", "r-2", "r-1"]);
    assert_eq!(store.reviews(false, 1, 1).await?[0].id, "r-2");

    assert!(store.hide_review("r-3", true).await?);
    assert!(!store.hide_review("r-9", true).await?);
    assert_eq!(store.reviews(false, 10, 0).await?.len(), 2);
    let all = store.reviews(true, 10, 0).await?;
    assert_eq!(all.len(), 3);
    assert!(all[0].hidden);
    assert_eq!(
        store.review_summary().await?,
        ReviewSummary {
            count: 2,
            average: 4.5
        }
    );

    let at = T0 + Duration::hours(1);
    assert!(
        store
            .answer_review("r-2", Some("¡Gracias, Marta!"), at)
            .await?
    );
    let answered = store.review("r-2").await?.expect("kept");
    assert_eq!(answered.reply.as_deref(), Some("¡Gracias, Marta!"));
    assert_eq!(answered.replied_at, Some(at));
    assert!(store.answer_review("r-2", None, at).await?);
    let taken_back = store.review("r-2").await?.expect("kept");
    assert_eq!((taken_back.reply, taken_back.replied_at), (None, None));
    assert!(!store.answer_review("r-9", Some("?"), at).await?);
    Ok(())
}

/// The demo's clients are marked; taking the demo away takes their citas and those citas'
/// reviews, and nothing of anyone else.
pub async fn demo_data_goes_in_one_go(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    assert!(!store.has_demo_data().await?);
    let demo_client = Client {
        id: "k-demo".into(),
        name: "Carmen Vidal".into(),
        email: None,
        phone: None,
        user_id: None,
    };
    store.create_client(&demo_client, T0).await?;
    store.mark_demo_client("k-demo").await?;
    assert!(store.has_demo_data().await?);
    let monday = date!(2026 - 11 - 23);
    let mut theirs = cita("c-demo", "staff-ana", monday, 600, 630);
    theirs.client_id = "k-demo".into();
    theirs.status = CitaStatus::Completada;
    store.create_cita(&theirs).await?;
    let mut second = cita("c-demo-2", "staff-luis", monday, 600, 660);
    second.client_id = "k-demo".into();
    second.service_ids = vec!["corte".into(), "tinte".into()];
    store.create_cita(&second).await?;
    let mine = cita("c-real", "staff-ana", monday, 660, 690);
    store.create_cita(&mine).await?;
    store.add_review(&review("r-demo", "c-demo", 5, 0)).await?;
    assert!(store.review("r-demo").await?.expect("kept").demo);

    assert_eq!(store.remove_demo_data().await?, 2);
    assert!(!store.has_demo_data().await?);
    assert_eq!(store.cita("c-demo").await?, None);
    assert_eq!(store.review("r-demo").await?, None);
    assert_eq!(store.client("k-demo").await?, None);
    assert_eq!(store.cita("c-real").await?, Some(mine));
    assert!(store.client("k-1").await?.is_some());
    assert_eq!(store.remove_demo_data().await?, 0);
    Ok(())
}
