//! Conformance cases of the outbox ([`MailStore`](crate::MailStore), issue 13).

use citabot_domain::booking::CitaStatus;
use time::macros::date;
use time::{Date, Duration, OffsetDateTime};

use super::T0;
use super::booking::{booking_fixture, cita};
use crate::mail::{AttemptFailed, Mail, MailKind, MailPage, MailSettings, MailStatus};
use crate::{CitaChange, Holds, MailWrite, NewMail, Store, StoreError};

const FRIDAY: Date = date!(2026 - 11 - 27);

fn new_mail(kind: MailKind, cita_id: &str, to: &str, send_after: OffsetDateTime) -> NewMail {
    NewMail {
        kind,
        cita_id: Some(cita_id.into()),
        conversation_id: None,
        recipient: to.into(),
        language: "es".into(),
        subject: format!("{} {cita_id}", kind.as_str()),
        text: "Hola".into(),
        html: "<p>Hola</p>".into(),
        ics: Some("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".into()),
        message_id: format!("<{}@citabot.test>", uuid_like(kind, cita_id, send_after)),
        send_after,
        status: MailStatus::Pending,
    }
}

/// A message id unique per kind, cita and due time (the tests write no two alike).
fn uuid_like(kind: MailKind, cita_id: &str, at: OffsetDateTime) -> String {
    format!("{}.{cita_id}.{}", kind.as_str(), at.unix_timestamp_nanos())
}

fn booking(id: &str, start: u16) -> CitaChange {
    CitaChange::Create {
        cita: Box::new(cita(id, "staff-ana", FRIDAY, start, start + 30)),
        new_client: None,
    }
}

async fn all_mail(store: &dyn Store) -> Result<Vec<Mail>, StoreError> {
    store
        .mail_page(MailPage {
            status: None,
            before: None,
            limit: 100,
        })
        .await
}

/// Messages are written with their change, in its transaction: a refused change queues
/// nothing. The outbox lists newest first, by status, and in pages.
pub async fn the_outbox_is_written_with_its_change(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let booked = [new_mail(MailKind::Booked, "c-1", "marta@ejemplo.es", T0)];
    let mail = MailWrite {
        queue: &booked,
        replan_reminder_of: None,
    };
    store
        .apply_cita_change(&booking("c-1", 600), T0, Holds::Release, mail)
        .await?;
    // The same time again is refused, and its message is not queued.
    let twice = [new_mail(
        MailKind::Booked,
        "c-2",
        "marta@ejemplo.es",
        T0 + Duration::seconds(1),
    )];
    let refused = store
        .apply_cita_change(
            &booking("c-2", 600),
            T0,
            Holds::Release,
            MailWrite {
                queue: &twice,
                replan_reminder_of: None,
            },
        )
        .await;
    assert!(matches!(refused, Err(StoreError::SlotTaken)), "{refused:?}");
    let listed = all_mail(store).await?;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let first = &listed[0];
    assert_eq!(
        (first.kind, first.status, first.attempts),
        (MailKind::Booked, MailStatus::Pending, 0)
    );
    assert_eq!(first.cita_id.as_deref(), Some("c-1"));
    assert_eq!(first.created_at, T0);
    assert_eq!(first.send_after, T0);
    assert_eq!(first.html, "<p>Hola</p>");
    assert!(first.ics.is_some());
    assert_eq!(store.mail(first.id).await?.as_ref(), Some(first));
    assert_eq!(store.mail(first.id + 1000).await?, None);

    // A status change queues its own message; pages go newest first.
    let cancelled = [new_mail(MailKind::Cancelled, "c-1", "marta@ejemplo.es", T0)];
    store
        .apply_cita_change(
            &CitaChange::SetStatus {
                cita_id: "c-1".into(),
                from: CitaStatus::Pendiente,
                to: CitaStatus::Cancelada,
                revision: 0,
            },
            T0,
            Holds::Release,
            MailWrite {
                queue: &cancelled,
                replan_reminder_of: Some("c-1"),
            },
        )
        .await?;
    let listed = all_mail(store).await?;
    let kinds: Vec<MailKind> = listed.iter().map(|mail| mail.kind).collect();
    assert_eq!(kinds, [MailKind::Cancelled, MailKind::Booked]);
    let next = store
        .mail_page(MailPage {
            status: Some(MailStatus::Pending),
            before: Some(listed[0].id),
            limit: 10,
        })
        .await?;
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].kind, MailKind::Booked);
    let none_sent = store
        .mail_page(MailPage {
            status: Some(MailStatus::Sent),
            before: None,
            limit: 10,
        })
        .await?;
    assert!(none_sent.is_empty());
    Ok(())
}

/// Queues `mails` alone (with a cita booked for them).
async fn queue(
    store: &dyn Store,
    id: &str,
    start: u16,
    mails: &[NewMail],
) -> Result<(), StoreError> {
    store
        .apply_cita_change(
            &booking(id, start),
            T0,
            Holds::Release,
            MailWrite {
                queue: mails,
                replan_reminder_of: None,
            },
        )
        .await
        .map(drop)
}

/// A claim is exclusive until it expires; only its holder marks a message sent; a message not
/// due yet is not claimed.
pub async fn mail_claims_are_exclusive_until_they_expire(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let later = T0 + Duration::hours(5);
    queue(
        store,
        "c-1",
        600,
        &[
            new_mail(MailKind::Booked, "c-1", "marta@ejemplo.es", T0),
            new_mail(MailKind::Reminder, "c-1", "marta@ejemplo.es", later),
        ],
    )
    .await?;
    let until = T0 + Duration::minutes(5);
    let first = store.claim_due_mail("claim-a", T0, until, 10).await?;
    assert_eq!(first.len(), 1, "the reminder is not due: {first:?}");
    let id = first[0].id;
    assert!(
        store
            .claim_due_mail("claim-b", T0, until, 10)
            .await?
            .is_empty()
    );
    assert!(!store.mark_mail_sent(id, "claim-b", T0).await?);
    // The claim expires (its sender died): another takes the message over.
    let after = until + Duration::seconds(1);
    let taken = store
        .claim_due_mail("claim-b", after, after + Duration::minutes(5), 10)
        .await?;
    assert_eq!(taken.iter().map(|mail| mail.id).collect::<Vec<_>>(), [id]);
    assert!(
        !store.mark_mail_sent(id, "claim-a", after).await?,
        "no longer a's"
    );
    assert!(store.mark_mail_sent(id, "claim-b", after).await?);
    assert!(!store.mark_mail_sent(id, "claim-b", after).await?, "once");
    let sent = store.mail(id).await?.expect("kept");
    assert_eq!(sent.status, MailStatus::Sent);
    assert_eq!(sent.sent_at, Some(after));
    assert_eq!(sent.attempts, 1);
    // The reminder comes due later.
    let due = store
        .claim_due_mail("claim-c", later, later + Duration::minutes(5), 10)
        .await?;
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].kind, MailKind::Reminder);
    Ok(())
}

/// A claim renewed holds on; a claim given back is free for anyone at once.
pub async fn mail_claims_are_renewed_and_given_back(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    queue(
        store,
        "c-1",
        600,
        &[
            new_mail(MailKind::Booked, "c-1", "marta@ejemplo.es", T0),
            new_mail(
                MailKind::Booked,
                "c-1",
                "luis@ejemplo.es",
                T0 + Duration::milliseconds(1),
            ),
        ],
    )
    .await?;
    let now = T0 + Duration::seconds(1);
    let short = now + Duration::minutes(1);
    let ids: Vec<i64> = store
        .claim_due_mail("claim-a", now, short, 10)
        .await?
        .iter()
        .map(|mail| mail.id)
        .collect();
    assert_eq!(ids.len(), 2);
    let renewed_until = short + Duration::minutes(1);
    assert_eq!(store.renew_mail_claim("claim-a", renewed_until).await?, 2);
    assert!(
        store
            .claim_due_mail("claim-b", short, short + Duration::minutes(1), 10)
            .await?
            .is_empty(),
        "renewed: still a's after its first expiry"
    );
    assert!(store.mark_mail_sent(ids[0], "claim-a", short).await?);
    assert_eq!(
        store.release_mail_claim("claim-a").await?,
        1,
        "the sent one is not held"
    );
    assert_eq!(store.renew_mail_claim("claim-a", renewed_until).await?, 0);
    let taken = store
        .claim_due_mail("claim-b", short, renewed_until, 10)
        .await?;
    assert_eq!(
        taken.iter().map(|mail| mail.id).collect::<Vec<_>>(),
        [ids[1]]
    );
    Ok(())
}

/// Many claimers at once never share a message.
pub async fn racing_claims_share_nothing(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let mails: Vec<NewMail> = (0..12)
        .map(|n| {
            new_mail(
                MailKind::Booked,
                "c-1",
                &format!("n{n}@ejemplo.es"),
                T0 + Duration::milliseconds(n),
            )
        })
        .collect();
    queue(store, "c-1", 600, &mails).await?;
    let now = T0 + Duration::seconds(1);
    let until = now + Duration::minutes(5);
    let claims = (0..4).map(|n| async move {
        let claim = format!("claim-{n}");
        let mut mine = Vec::new();
        loop {
            let batch = store.claim_due_mail(&claim, now, until, 2).await?;
            if batch.is_empty() {
                return Ok::<_, StoreError>(mine);
            }
            mine.extend(batch.into_iter().map(|mail| mail.id));
        }
    });
    let mut claimed: Vec<i64> = Vec::new();
    for result in super::join_all(claims).await {
        claimed.extend(result?);
    }
    claimed.sort_unstable();
    let before = claimed.len();
    claimed.dedup();
    assert_eq!(before, claimed.len(), "a message claimed twice");
    assert_eq!(claimed.len(), 12);
    Ok(())
}

/// A failed attempt gives the claim back and waits; the last one leaves the message failed,
/// which staff may make due again.
pub async fn failed_attempts_wait_then_give_up(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    queue(
        store,
        "c-1",
        600,
        &[new_mail(MailKind::Booked, "c-1", "marta@ejemplo.es", T0)],
    )
    .await?;
    let until = T0 + Duration::minutes(5);
    let id = store.claim_due_mail("a", T0, until, 1).await?[0].id;
    assert!(!store.retry_failed_mail(id, T0).await?, "not failed");
    let retry_at = T0 + Duration::seconds(30);
    let outcome = AttemptFailed::RetryAt(retry_at, "451 try later");
    assert!(store.mark_mail_attempt_failed(id, "a", outcome).await?);
    assert!(
        !store.mark_mail_attempt_failed(id, "a", outcome).await?,
        "claim given back"
    );
    let waiting = store.mail(id).await?.expect("kept");
    assert_eq!(
        (waiting.status, waiting.attempts, waiting.send_after),
        (MailStatus::Pending, 1, retry_at)
    );
    assert_eq!(waiting.last_error.as_deref(), Some("451 try later"));
    assert!(store.claim_due_mail("b", T0, until, 1).await?.is_empty());
    let again = store
        .claim_due_mail("b", retry_at, retry_at + Duration::minutes(5), 1)
        .await?;
    assert_eq!(again.len(), 1);
    assert!(
        store
            .mark_mail_attempt_failed(id, "b", AttemptFailed::GiveUp("550 no"))
            .await?
    );
    let failed = store.mail(id).await?.expect("kept");
    assert_eq!((failed.status, failed.attempts), (MailStatus::Failed, 2));
    let later = retry_at + Duration::hours(1);
    assert!(store.claim_due_mail("c", later, later, 1).await?.is_empty());
    assert!(store.retry_failed_mail(id, later).await?);
    let retried = store.mail(id).await?.expect("kept");
    assert_eq!(
        (retried.status, retried.attempts, retried.send_after),
        (MailStatus::Pending, 0, later)
    );
    Ok(())
}

/// A cita's pending reminder is replaced when it is re-planned; a sent one stays; without a
/// mail server, due messages become unsent and scheduled ones wait.
pub async fn reminders_are_replanned_and_unsent_when_due(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let first_due = T0 + Duration::days(6);
    queue(
        store,
        "c-1",
        600,
        &[new_mail(
            MailKind::Reminder,
            "c-1",
            "marta@ejemplo.es",
            first_due,
        )],
    )
    .await?;
    let second_due = first_due + Duration::hours(2);
    let moved = [
        new_mail(MailKind::Moved, "c-1", "marta@ejemplo.es", T0),
        new_mail(MailKind::Reminder, "c-1", "marta@ejemplo.es", second_due),
    ];
    let change = CitaChange::Move {
        cita_id: "c-1".into(),
        to: crate::booking::CitaTime {
            staff_id: "staff-ana".into(),
            date: FRIDAY,
            start_min: 720,
            end_min: 750,
            start_at: T0,
            end_at: T0,
            service_ids: None,
            outside_hours: false,
        },
        revision: 0,
    };
    store
        .apply_cita_change(
            &change,
            T0,
            Holds::Release,
            MailWrite {
                queue: &moved,
                replan_reminder_of: Some("c-1"),
            },
        )
        .await?;
    let reminders: Vec<OffsetDateTime> = all_mail(store)
        .await?
        .into_iter()
        .filter(|mail| mail.kind == MailKind::Reminder)
        .map(|mail| mail.send_after)
        .collect();
    assert_eq!(reminders, [second_due]);

    // Another cita's reminder is untouched by this one's cancellation.
    queue(
        store,
        "c-2",
        900,
        &[new_mail(
            MailKind::Reminder,
            "c-2",
            "otra@ejemplo.es",
            first_due,
        )],
    )
    .await?;
    store
        .apply_cita_change(
            &CitaChange::SetStatus {
                cita_id: "c-1".into(),
                from: CitaStatus::Pendiente,
                to: CitaStatus::Cancelada,
                revision: 1,
            },
            T0,
            Holds::Release,
            MailWrite {
                queue: &[],
                replan_reminder_of: Some("c-1"),
            },
        )
        .await?;
    let reminders: Vec<Option<String>> = all_mail(store)
        .await?
        .into_iter()
        .filter(|mail| mail.kind == MailKind::Reminder)
        .map(|mail| mail.cita_id)
        .collect();
    assert_eq!(reminders, [Some("c-2".to_owned())]);

    // No mail server: the due "moved" message becomes unsent, the reminder waits.
    assert_eq!(store.mark_due_mail_unsent(T0).await?, 1);
    let statuses: Vec<(MailKind, MailStatus)> = all_mail(store)
        .await?
        .into_iter()
        .map(|mail| (mail.kind, mail.status))
        .collect();
    assert_eq!(
        statuses,
        [
            (MailKind::Reminder, MailStatus::Pending),
            (MailKind::Moved, MailStatus::Unsent),
        ]
    );
    assert_eq!(store.mark_due_mail_unsent(first_due).await?, 1);
    Ok(())
}

/// At most three `booked` messages a day to one address; the rest are written suppressed, and
/// so are the later messages of a cita whose booking message was suppressed. Other addresses
/// and other kinds are not counted.
pub async fn booked_messages_to_one_address_are_limited(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let to = "desconocida@ejemplo.es";
    for (n, start) in [600, 660, 720, 780].into_iter().enumerate() {
        let id = format!("c-{n}");
        queue(
            store,
            &id,
            start,
            &[new_mail(MailKind::Booked, &id, to, T0)],
        )
        .await?;
    }
    queue(
        store,
        "c-other",
        840,
        &[new_mail(MailKind::Booked, "c-other", "otra@ejemplo.es", T0)],
    )
    .await?;
    let statuses: Vec<(String, MailStatus)> = all_mail(store)
        .await?
        .into_iter()
        .rev()
        .map(|mail| (mail.cita_id.unwrap_or_default(), mail.status))
        .collect();
    assert_eq!(
        statuses,
        [
            ("c-0".to_owned(), MailStatus::Pending),
            ("c-1".to_owned(), MailStatus::Pending),
            ("c-2".to_owned(), MailStatus::Pending),
            ("c-3".to_owned(), MailStatus::Suppressed),
            ("c-other".to_owned(), MailStatus::Pending),
        ]
    );
    let suppressed = &all_mail(store).await?[1];
    assert!(
        suppressed
            .last_error
            .as_deref()
            .is_some_and(|why| why.contains("límite"))
    );
    // The suppressed cita's reminder is suppressed too; a counted one's is not.
    let reminders = [
        new_mail(MailKind::Reminder, "c-3", to, T0 + Duration::days(1)),
        new_mail(MailKind::Reminder, "c-0", to, T0 + Duration::days(1)),
    ];
    store
        .apply_cita_change(
            &booking("c-9", 900),
            T0,
            Holds::Release,
            MailWrite {
                queue: &reminders,
                replan_reminder_of: None,
            },
        )
        .await?;
    let reminders: Vec<(Option<String>, MailStatus)> = all_mail(store)
        .await?
        .into_iter()
        .filter(|mail| mail.kind == MailKind::Reminder)
        .map(|mail| (mail.cita_id, mail.status))
        .collect();
    assert_eq!(
        reminders,
        [
            (Some("c-0".to_owned()), MailStatus::Pending),
            (Some("c-3".to_owned()), MailStatus::Suppressed),
        ]
    );
    // A day later the address may be written to again.
    let tomorrow = T0 + Duration::hours(25);
    store
        .apply_cita_change(
            &booking("c-10", 960),
            tomorrow,
            Holds::Release,
            MailWrite {
                queue: &[new_mail(MailKind::Booked, "c-10", to, tomorrow)],
                replan_reminder_of: None,
            },
        )
        .await?;
    assert_eq!(all_mail(store).await?[0].status, MailStatus::Pending);
    Ok(())
}

/// The salon's mail settings and the signing key read back; the first key stored stays; a
/// client's confirmation is kept for a cita holding time only.
pub async fn mail_settings_key_and_confirmations_round_trip(
    store: &dyn Store,
) -> Result<(), StoreError> {
    assert_eq!(store.mail_settings().await?, MailSettings::default());
    let settings = MailSettings {
        reminder_hours: 48,
        staff_alert_emails: vec!["ana@salon.es".into(), "luis@salon.es".into()],
    };
    store.save_mail_settings(&settings).await?;
    assert_eq!(store.mail_settings().await?, settings);
    let none = MailSettings {
        reminder_hours: 2,
        staff_alert_emails: Vec::new(),
    };
    store.save_mail_settings(&none).await?;
    assert_eq!(store.mail_settings().await?, none);

    let first = store.mail_signing_key(&[1; 32]).await?;
    assert_eq!(first, vec![1; 32]);
    assert_eq!(store.mail_signing_key(&[2; 32]).await?, vec![1; 32]);

    booking_fixture(store).await?;
    queue(store, "c-1", 600, &[]).await?;
    queue(store, "c-2", 660, &[]).await?;
    assert!(store.client_confirmed(&["c-1".into()]).await?.is_empty());
    assert!(store.mark_client_confirmed("c-1", T0).await?);
    assert!(
        store.mark_client_confirmed("c-1", T0).await?,
        "again is fine"
    );
    assert!(!store.mark_client_confirmed("c-none", T0).await?);
    assert!(
        store
            .change_cita_status("c-2", CitaStatus::Pendiente, CitaStatus::Cancelada)
            .await?
    );
    assert!(!store.mark_client_confirmed("c-2", T0).await?, "cancelled");
    assert_eq!(
        store
            .client_confirmed(&["c-1".into(), "c-2".into()])
            .await?,
        ["c-1".to_owned()]
    );
    assert!(store.client_confirmed(&[]).await?.is_empty());
    Ok(())
}
