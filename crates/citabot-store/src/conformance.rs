//! The behaviour every [`Store`] adapter must show, written once and run by each adapter's tests
//! through [`store_conformance_tests!`](crate::store_conformance_tests).
//!
//! Each case takes a fresh, migrated, empty store.

mod api_keys;
mod booking;
mod conversations;
mod holds;
pub mod identity;
mod images;
mod mail;
mod reviews;
pub mod statements;

pub use api_keys::*;
pub use booking::*;
pub use conversations::*;
pub use holds::*;
pub use images::*;
pub use mail::*;
pub use reviews::*;

use crate::{AuthSession, ChatMessage, NewAuthSession, NewUser, Store, StoreError, User};
use citabot_domain::account::{Email, PersonName, Phone, Role};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use time::{Duration, OffsetDateTime, macros::datetime};

pub(crate) const T0: OffsetDateTime = datetime!(2026-11-20 09:30:00.123 UTC);

pub(crate) fn session(id: &str) -> ChatSessionId {
    ChatSessionId::parse(id).expect("test session ids are valid")
}

/// A session's messages; empty when the session is unknown.
pub(crate) async fn history(
    store: &dyn Store,
    id: &ChatSessionId,
) -> Result<Vec<ChatMessage>, StoreError> {
    Ok(store
        .chat_transcript(id)
        .await?
        .map(|transcript| transcript.messages)
        .unwrap_or_default())
}

pub(crate) fn message(author: MessageAuthor, content: &str, seconds: i64) -> ChatMessage {
    ChatMessage {
        author,
        content: content.to_owned(),
        created_at: T0 + Duration::seconds(seconds),
    }
}

/// The database answers and a write could start now; asking gets in no write's way: pings
/// beside a burst of writes all succeed, and every write lands.
pub async fn ping_says_a_write_can_start(store: &dyn Store) -> Result<(), StoreError> {
    store.ping().await?;
    let id = session("pinged");
    let work = (0..12).map(|i| {
        let id = id.clone();
        async move {
            if i % 2 == 0 {
                store.ping().await
            } else {
                let said = message(MessageAuthor::Human, &format!("{i}"), i);
                store.append_chat_messages(&id, None, &[said]).await
            }
        }
    });
    for result in join_all(work).await {
        result?;
    }
    assert_eq!(history(store, &id).await?.len(), 6);
    store.ping().await
}

/// An unknown session has an empty history.
pub async fn unknown_session_has_no_history(store: &dyn Store) -> Result<(), StoreError> {
    let history = history(store, &session("never-seen")).await?;
    assert_eq!(history, Vec::new());
    Ok(())
}

/// Messages come back in the order written, with author, text and time intact (to the
/// millisecond), across several appends.
pub async fn history_keeps_order_and_content(store: &dyn Store) -> Result<(), StoreError> {
    let id = session("5c0a1b2e-0000-4000-8000-000000000001");
    let first_turn = [
        message(MessageAuthor::Human, "Hola, ¿abrís el sábado? 💇", 0),
        message(MessageAuthor::Ai, "¡Hola! Sí, de 9:00 a 14:00.", 0),
    ];
    let second_turn = [
        message(
            MessageAuthor::Human,
            "línea 1\nlínea 2 <b>no es HTML</b>",
            5,
        ),
        message(MessageAuthor::Ai, "", 6),
    ];
    store.append_chat_messages(&id, None, &first_turn).await?;
    store.append_chat_messages(&id, None, &second_turn).await?;

    let history = history(store, &id).await?;
    let expected: Vec<ChatMessage> = first_turn.into_iter().chain(second_turn).collect();
    assert_eq!(history, expected);
    Ok(())
}

/// Sessions do not see each other's messages.
pub async fn sessions_are_separate(store: &dyn Store) -> Result<(), StoreError> {
    let (a, b) = (session("session-a"), session("session-b"));
    store
        .append_chat_messages(&a, None, &[message(MessageAuthor::Human, "soy a", 0)])
        .await?;
    store
        .append_chat_messages(&b, None, &[message(MessageAuthor::Human, "soy b", 1)])
        .await?;
    let history_a = history(store, &a).await?;
    assert_eq!(history_a.len(), 1);
    assert_eq!(history_a[0].content, "soy a");
    Ok(())
}

/// Messages written in the same instant keep the order in which they were appended.
pub async fn same_instant_keeps_append_order(store: &dyn Store) -> Result<(), StoreError> {
    let id = session("same-instant");
    let turn: Vec<ChatMessage> = (0..20)
        .map(|i| message(MessageAuthor::Human, &format!("mensaje {i}"), 0))
        .collect();
    store.append_chat_messages(&id, None, &turn).await?;
    assert_eq!(history(store, &id).await?, turn);
    Ok(())
}

/// Appending nothing is allowed and creates nothing visible.
pub async fn empty_append_is_a_no_op(store: &dyn Store) -> Result<(), StoreError> {
    let id = session("empty-append");
    store.append_chat_messages(&id, None, &[]).await?;
    assert_eq!(history(store, &id).await?, Vec::new());
    Ok(())
}

/// Concurrent appends to one session all land (no lost writes, no unique-key clash).
pub async fn concurrent_appends_all_land(store: &dyn Store) -> Result<(), StoreError> {
    let id = session("concurrent");
    let writes = (0..16).map(|i| {
        let id = id.clone();
        async move {
            store
                .append_chat_messages(
                    &id,
                    None,
                    &[message(MessageAuthor::Human, &format!("{i}"), i)],
                )
                .await
        }
    });
    for result in join_all(writes).await {
        result?;
    }
    let mut contents: Vec<String> = history(store, &id)
        .await?
        .into_iter()
        .map(|m| m.content)
        .collect();
    contents.sort_by_key(|c| c.parse::<u32>().unwrap_or(u32::MAX));
    let expected: Vec<String> = (0..16).map(|i| i.to_string()).collect();
    assert_eq!(contents, expected);
    Ok(())
}

pub(crate) fn new_user(id: &str, email: &str, role: Role) -> NewUser {
    NewUser {
        id: id.to_owned(),
        email: Email::parse(email).expect("test emails are valid"),
        password_hash: format!("$argon2id$fake-hash-of-{id}"),
        first_name: PersonName::parse("Ana", "first name").expect("valid"),
        last_name: PersonName::parse("López García", "last name").expect("valid"),
        phone: Some(Phone::parse("+34 600 123 456").expect("valid")),
        role,
        created_at: T0,
    }
}

/// A created account reads back whole, by email, with its hash.
pub async fn users_are_created_and_found_by_email(store: &dyn Store) -> Result<(), StoreError> {
    let created = store
        .create_user(&new_user("u-1", "ana@ejemplo.es", Role::Cliente))
        .await?;
    let expected = User {
        id: "u-1".into(),
        email: "ana@ejemplo.es".into(),
        first_name: "Ana".into(),
        last_name: "López García".into(),
        phone: Some("+34600123456".into()),
        role: Role::Cliente,
        created_at: T0,
    };
    assert_eq!(created, expected);
    let found = store
        .user_credentials(&Email::parse("ANA@ejemplo.es").expect("valid"))
        .await?
        .expect("found by normalised email");
    assert_eq!(found.user, expected);
    assert_eq!(found.password_hash, "$argon2id$fake-hash-of-u-1");
    assert_eq!(store.user("u-1").await?, Some(expected.clone()));
    assert_eq!(store.user("u-nobody").await?, None);
    assert_eq!(
        store
            .user_credentials(&Email::parse("nadie@ejemplo.es").expect("valid"))
            .await?,
        None
    );
    Ok(())
}

/// One email, one account: the second sign-up is a conflict and changes nothing.
pub async fn duplicate_emails_conflict(store: &dyn Store) -> Result<(), StoreError> {
    store
        .create_user(&new_user("u-1", "ana@ejemplo.es", Role::Cliente))
        .await?;
    let second = store
        .create_user(&new_user("u-2", "ana@ejemplo.es", Role::Administrador))
        .await;
    assert!(matches!(second, Err(StoreError::Conflict(_))), "{second:?}");
    let kept = store
        .user_credentials(&Email::parse("ana@ejemplo.es").expect("valid"))
        .await?
        .expect("first account kept");
    assert_eq!(
        (kept.user.id.as_str(), kept.user.role),
        ("u-1", Role::Cliente)
    );
    Ok(())
}

/// Sessions are found by token hash until they expire or are deleted.
pub async fn auth_sessions_live_until_expiry_or_deletion(
    store: &dyn Store,
) -> Result<(), StoreError> {
    let user = store
        .create_user(&new_user("u-1", "ana@ejemplo.es", Role::Usuario))
        .await?;
    let session = NewAuthSession {
        token_hash: "hash-1".into(),
        user_id: user.id.clone(),
        csrf_token: "csrf-1".into(),
        created_at: T0,
        expires_at: T0 + Duration::days(14),
    };
    store.create_auth_session(&session).await?;
    let live = store.auth_session("hash-1", T0 + Duration::days(1)).await?;
    assert_eq!(
        live,
        Some(AuthSession {
            user: user.clone(),
            csrf_token: "csrf-1".into(),
            expires_at: T0 + Duration::days(14),
        })
    );
    assert_eq!(
        store
            .auth_session("hash-1", T0 + Duration::days(14))
            .await?,
        None,
        "expired at expires_at"
    );
    assert_eq!(store.auth_session("other-hash", T0).await?, None);

    store.delete_auth_session("hash-1").await?;
    assert_eq!(store.auth_session("hash-1", T0).await?, None);
    store.delete_auth_session("hash-1").await?;
    Ok(())
}

/// A conversation started by an account keeps that owner; only the owner may continue it.
/// Guests' conversations have no owner until an account writes in one: it is then that
/// account's.
pub async fn conversations_keep_their_owner(store: &dyn Store) -> Result<(), StoreError> {
    for (id, email) in [("u-ana", "ana@ejemplo.es"), ("u-luis", "luis@ejemplo.es")] {
        store
            .create_user(&new_user(id, email, Role::Cliente))
            .await?;
    }
    let owned = session("owned-by-ana");
    store
        .append_chat_messages(
            &owned,
            Some("u-ana"),
            &[message(MessageAuthor::Human, "mía", 0)],
        )
        .await?;
    for intruder in [Some("u-luis"), None] {
        let refused = store
            .append_chat_messages(
                &owned,
                intruder,
                &[message(MessageAuthor::Human, "intruso", 1)],
            )
            .await;
        assert!(
            matches!(refused, Err(StoreError::NotOwner)),
            "{intruder:?}: {refused:?}"
        );
    }
    let transcript = store.chat_transcript(&owned).await?.expect("exists");
    assert_eq!(transcript.owner_user_id.as_deref(), Some("u-ana"));
    assert_eq!(
        transcript.messages.len(),
        1,
        "refused appends wrote nothing"
    );
    assert!(transcript.readable_by(Some("u-ana")));
    assert!(!transcript.readable_by(Some("u-luis")) && !transcript.readable_by(None));

    let guests = session("started-by-a-guest");
    store
        .append_chat_messages(&guests, None, &[message(MessageAuthor::Human, "hola", 0)])
        .await?;
    store
        .append_chat_messages(
            &guests,
            Some("u-ana"),
            &[message(MessageAuthor::Human, "ya entré", 1)],
        )
        .await?;
    // Ana wrote in it: it is hers now, and nobody else continues it.
    let transcript = store.chat_transcript(&guests).await?.expect("exists");
    assert_eq!(
        (
            transcript.owner_user_id.as_deref(),
            transcript.messages.len()
        ),
        (Some("u-ana"), 2)
    );
    assert!(!transcript.readable_by(None));
    for intruder in [Some("u-luis"), None] {
        let refused = store
            .append_chat_messages(
                &guests,
                intruder,
                &[message(MessageAuthor::Human, "intruso", 2)],
            )
            .await;
        assert!(matches!(refused, Err(StoreError::NotOwner)), "{intruder:?}");
    }
    let only_guests = session("only-guests");
    store
        .append_chat_messages(
            &only_guests,
            None,
            &[message(MessageAuthor::Human, "hola", 0)],
        )
        .await?;
    assert_eq!(store.chat_transcript(&session("nobody")).await?, None);
    let owner_of = async |id: &ChatSessionId| -> Result<Option<Option<String>>, StoreError> {
        Ok(store
            .chat_session_control(id)
            .await?
            .map(|control| control.owner_user_id))
    };
    assert_eq!(owner_of(&owned).await?, Some(Some("u-ana".into())));
    assert_eq!(owner_of(&guests).await?, Some(Some("u-ana".into())));
    assert_eq!(owner_of(&only_guests).await?, Some(None));
    assert_eq!(owner_of(&session("nobody")).await?, None);
    Ok(())
}

/// Polls every future to completion together, without pulling in an executor crate.
pub(crate) async fn join_all<F: std::future::Future>(
    futures: impl IntoIterator<Item = F>,
) -> Vec<F::Output> {
    use std::pin::Pin;
    use std::task::Poll;
    let mut pending: Vec<Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut all_done = true;
        for (future, output) in pending.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *output = Some(value),
                    Poll::Pending => all_done = false,
                }
            }
        }
        if all_done {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
}

/// Generates one `#[tokio::test]` per conformance case, and `every_shared_statement_runs`
/// ([`statements`]). `$fresh_store` is an async function returning a fresh, migrated store (and
/// whatever guard keeps its database alive, dropped after the case: `async fn() -> Option<(impl
/// Store, Guard)>`); `also` names the adapter's own cases that the statement check runs too.
#[macro_export]
macro_rules! store_conformance_tests {
    ($fresh_store:path $(; also $($also:ident),+)?) => {
        $crate::store_conformance_tests!(@cases $fresh_store; [$($($also),+)?];
            ping_says_a_write_can_start,
            unknown_session_has_no_history,
            history_keeps_order_and_content,
            sessions_are_separate,
            same_instant_keeps_append_order,
            empty_append_is_a_no_op,
            concurrent_appends_all_land,
            users_are_created_and_found_by_email,
            duplicate_emails_conflict,
            auth_sessions_live_until_expiry_or_deletion,
            conversations_keep_their_owner,
            business_settings_round_trip,
            services_and_staff_are_listed,
            clients_are_found_by_email_and_account,
            citas_round_trip,
            double_bookings_are_refused,
            racing_bookings_leave_one_winner,
            assistant_state_is_kept,
            a_turn_is_written_whole_or_not_at_all,
            services_are_updated,
            staff_roles_change,
            clients_are_read_by_ids_and_searched,
            conversations_are_listed_by_their_last_message,
            staff_take_over_and_write_as_the_assistant,
            the_inbox_flags_names_and_counts,
            activity_is_read_by_span,
            salon_settings_round_trip,
            closures_and_time_off_round_trip,
            staff_schedules_round_trip,
            moves_change_services_and_the_override,
            cita_changes_raise_its_revision_and_stale_ones_are_refused,
            no_shows_hold_no_time,
            clients_are_edited_with_their_note,
            client_conversations_are_theirs,
            a_hold_keeps_its_time_from_other_conversations,
            holds_expire_and_are_replaced,
            staff_booking_over_a_hold_releases_it,
            one_address_keeps_only_a_few_holds,
            two_conversations_never_hold_one_time,
            a_day_keeps_only_so_many_holds,
            a_turn_reads_citas_holds_and_state_together,
            the_outbox_is_written_with_its_change,
            mail_claims_are_exclusive_until_they_expire,
            mail_claims_are_renewed_and_given_back,
            racing_claims_share_nothing,
            failed_attempts_wait_then_give_up,
            reminders_are_replanned_and_unsent_when_due,
            booked_messages_to_one_address_are_limited,
            mail_settings_key_and_confirmations_round_trip,
            salon_images_round_trip,
            api_keys_round_trip,
            api_keys_are_revoked_and_kept,
            api_key_use_is_noted_sparingly,
            reviews_are_one_per_cita_and_hidden_ones_uncounted,
            demo_data_goes_in_one_go,
        );
    };
    // One case on a fresh store; `false` when the adapter has no database to run it on.
    (@run $fresh_store:path, $case:ident) => {
        match $fresh_store().await {
            Some((store, guard)) => {
                $crate::conformance::$case(&store)
                    .await
                    .expect(concat!("conformance case ", stringify!($case)));
                store.close().await;
                drop(guard);
                true
            }
            None => false,
        }
    };
    (@cases $fresh_store:path; [$($also:ident),*]; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                $crate::store_conformance_tests!(@run $fresh_store, $case);
            }
        )*

        /// Every case again, in one test, noting what runs, and then the adapter's own `also`
        /// cases (async functions of the adapter's tests, for what the port cannot set up, such
        /// as rows older than a migration): every statement of the shared SQL must have run on
        /// this database.
        #[tokio::test]
        async fn every_shared_statement_runs() {
            use $crate::conformance::statements;
            statements::start_noting();
            $(
                if !$crate::store_conformance_tests!(@run $fresh_store, $case) {
                    return;
                }
            )*
            $($also().await;)*
            let never_ran = statements::never_ran(&statements::stop_noting());
            assert!(
                never_ran.is_empty(),
                "statements no conformance case runs:\n{}",
                never_ran.join("\n")
            );
        }
    };
}
