//! Conformance cases of the dashboard's conversations
//! ([`ConversationStore`](crate::ConversationStore)).

use citabot_domain::account::Role;
use citabot_domain::chat::MessageAuthor;
use time::Duration;
use time::macros::date;

use super::booking::{booking_fixture, cita};
use super::{T0, message, new_user, session};
use crate::ChatTurnWrite;
use crate::conversations::{
    ConversationFilter, ConversationPage, InboxNote, StaffMessageOutcome, StaffRef, Visitor,
};
use crate::{Store, StoreError};

fn all_page(before: Option<time::OffsetDateTime>, limit: u32) -> ConversationPage {
    ConversationPage {
        filter: ConversationFilter::All,
        before,
        limit,
    }
}

/// Conversations come most recent last message first (an older conversation that just got a
/// message moves up), pages continue strictly before a time, and each carries its visitor, its
/// count, its last message and the citas its assistant booked.
pub async fn conversations_are_listed_by_their_last_message(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    store
        .create_user(&new_user("u-marta", "marta@ejemplo.es", Role::Cliente))
        .await?;
    assert_eq!(store.conversations(all_page(None, 10)).await?, []);
    let (guest, marta, late) = (session("c-guest"), session("c-marta"), session("c-late"));
    store
        .append_chat_messages(
            &guest,
            None,
            &[
                message(MessageAuthor::Human, "hola", 0),
                message(MessageAuthor::Ai, "¡Hola!", 0),
            ],
        )
        .await?;
    store
        .append_chat_messages(
            &marta,
            Some("u-marta"),
            &[message(MessageAuthor::Human, "quiero cita", 10)],
        )
        .await?;
    store
        .append_chat_messages(&late, None, &[message(MessageAuthor::Human, "¿y hoy?", 20)])
        .await?;
    // The guest's conversation goes on at a whole second, 0.123 s before the latest one: as
    // RFC 3339 text it would sort after it.
    let mut last = message(MessageAuthor::Ai, "Reservado: **lunes 10:00**", 20);
    last.created_at -= Duration::milliseconds(123);
    store
        .append_chat_messages(&guest, None, std::slice::from_ref(&last))
        .await?;
    let mut booked = cita("c-1", "staff-ana", date!(2026 - 11 - 23), 600, 630);
    booked.chat_session_id = Some("c-guest".into());
    store.create_cita(&booked).await?;

    let all = store.conversations(all_page(None, 10)).await?;
    let order: Vec<&str> = all.iter().map(|c| c.session_id.as_str()).collect();
    assert_eq!(order, ["c-late", "c-guest", "c-marta"]);
    let first = &all[1];
    assert_eq!(first.visitor, Visitor::Guest);
    assert_eq!(
        (first.started_at, first.last_at, first.message_count),
        (T0, last.created_at, 3)
    );
    assert_eq!(first.last_message, last);
    assert_eq!(first.appointment_ids, ["c-1"]);
    assert_eq!(first.taken_over_by, None);
    assert_eq!(
        all[2].visitor,
        Visitor::Account {
            user_id: "u-marta".into(),
            name: "Ana López García".into(),
            email: "marta@ejemplo.es".into(),
            role: Role::Cliente,
        }
    );
    assert!(all[2].appointment_ids.is_empty());

    let page = store.conversations(all_page(None, 2)).await?;
    assert_eq!(page.len(), 2);
    let next = store
        .conversations(all_page(Some(page[1].last_at), 2))
        .await?;
    let order: Vec<&str> = next.iter().map(|c| c.session_id.as_str()).collect();
    assert_eq!(order, ["c-marta"], "strictly before the page's last");
    let after_late = store
        .conversations(all_page(Some(all[0].last_at), 1))
        .await?;
    assert_eq!(after_late[0].session_id, "c-guest");
    assert_eq!(store.conversations(all_page(Some(T0), 10)).await?, []);
    Ok(())
}

/// A conversation taken over names its staff member; only they may write in it, their messages
/// are bot messages that name them, and a hand-back clears it. Another staff member may take it
/// over from the first.
pub async fn staff_take_over_and_write_as_the_assistant(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let id = session("c-help");
    let at = |seconds| T0 + Duration::seconds(seconds);
    assert!(!store.take_over(&id, "staff-ana", T0).await?, "unknown");
    assert_eq!(
        store
            .append_staff_message(&id, "staff-ana", "hola", T0)
            .await?,
        StaffMessageOutcome::Unknown
    );
    store
        .append_chat_messages(
            &id,
            None,
            &[message(
                MessageAuthor::Human,
                "quiero hablar con alguien",
                0,
            )],
        )
        .await?;
    assert_eq!(
        store
            .append_staff_message(&id, "staff-ana", "hola", at(1))
            .await?,
        StaffMessageOutcome::NotHolder,
        "not taken over yet"
    );
    assert!(store.take_over(&id, "staff-ana", at(2)).await?);
    let control = store.chat_session_control(&id).await?.expect("exists");
    assert_eq!(
        (control.owner_user_id, control.taken_over_by.as_deref()),
        (None, Some("staff-ana"))
    );
    assert_eq!(
        store
            .append_staff_message(&id, "staff-luis", "soy Luis", at(3))
            .await?,
        StaffMessageOutcome::NotHolder
    );
    assert_eq!(
        store
            .append_staff_message(&id, "staff-ana", "Soy Ana, ¿en qué te ayudo?", at(4))
            .await?,
        StaffMessageOutcome::Stored
    );
    store
        .append_chat_messages(&id, None, &[message(MessageAuthor::Human, "gracias", 5)])
        .await?;

    let conversation = store.conversation(&id).await?.expect("exists");
    let ana = StaffRef {
        id: "staff-ana".into(),
        name: "Ana López García".into(),
    };
    assert_eq!(conversation.summary.taken_over_by, Some(ana.clone()));
    assert_eq!(conversation.summary.message_count, 3);
    let written: Vec<(MessageAuthor, &str, Option<&StaffRef>)> = conversation
        .messages
        .iter()
        .map(|m| (m.message.author, m.message.content.as_str(), m.by.as_ref()))
        .collect();
    assert_eq!(
        written,
        [
            (MessageAuthor::Human, "quiero hablar con alguien", None),
            (MessageAuthor::Ai, "Soy Ana, ¿en qué te ayudo?", Some(&ana)),
            (MessageAuthor::Human, "gracias", None),
        ]
    );
    assert_eq!(conversation.messages[1].message.created_at, at(4));
    let history = store.chat_transcript(&id).await?.expect("exists").messages;
    assert_eq!(history.len(), 3, "staff messages are part of the history");

    assert!(store.take_over(&id, "staff-luis", at(6)).await?);
    assert_eq!(
        store
            .append_staff_message(&id, "staff-ana", "sigo aquí", at(7))
            .await?,
        StaffMessageOutcome::NotHolder,
        "Luis holds it now"
    );
    assert!(store.hand_back(&id).await?);
    assert!(!store.hand_back(&session("c-nobody")).await?);
    let summary = store.conversation_summary(&id).await?.expect("exists");
    assert_eq!(summary.taken_over_by, None);
    assert_eq!(summary.last_at, at(5));
    assert_eq!(store.conversation(&session("c-nobody")).await?, None);
    assert_eq!(
        store.conversation_summary(&session("c-nobody")).await?,
        None
    );
    Ok(())
}

/// The charts' activity: citas made and conversations started inside the span (start
/// included, end excluded), each conversation with whether its assistant booked.
pub async fn activity_is_read_by_span(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let hour = Duration::hours(1);
    for (id, start) in [
        ("s-before", T0 - hour),
        ("s-in", T0),
        ("s-booked", T0 + hour),
    ] {
        let mut first = message(MessageAuthor::Human, "hola", 0);
        first.created_at = start;
        store
            .append_chat_messages(&session(id), None, &[first])
            .await?;
    }
    for (id, created_at, start_min) in [
        ("c-in", T0 + hour, 600),
        ("c-end", T0 + hour * 2, 660),
        ("c-before", T0 - hour, 720),
    ] {
        let mut booked = cita(
            id,
            "staff-ana",
            date!(2026 - 11 - 23),
            start_min,
            start_min + 30,
        );
        booked.created_at = created_at;
        booked.chat_session_id = Some("s-booked".into());
        store.create_cita(&booked).await?;
    }
    let activity = store.activity_between(T0, T0 + hour * 2).await?;
    assert_eq!(activity.citas_created, [T0 + hour]);
    let mut started: Vec<_> = activity
        .conversations
        .iter()
        .map(|c| (c.started_at, c.booked))
        .collect();
    started.sort();
    assert_eq!(started, [(T0, false), (T0 + hour, true)]);
    assert_eq!(
        store.activity_between(T0 + hour * 3, T0 + hour * 4).await?,
        Default::default()
    );
    Ok(())
}

/// The inbox: a turn that hands off to a person flags its conversation (since the first
/// hand-off), with the name the visitor gave, the site (the first one stays) and the language
/// (the last one noted stays); flagged conversations come first and are their own filter; a
/// take-over or a staff reply clears the flag; unread counts are the visitor's messages each
/// staff member has not seen.
pub async fn the_inbox_flags_names_and_counts(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let at = |seconds| T0 + Duration::seconds(seconds);
    let (waiting, quiet, booked) = (session("i-wait"), session("i-quiet"), session("i-booked"));
    let turn = |id, messages, inbox, when| ChatTurnWrite {
        session: id,
        writer: None,
        messages,
        assistant_state: None,
        change: None,
        hold: None,
        at: when,
        inbox,
        mail: crate::MailWrite::NONE,
    };
    let hello = [message(MessageAuthor::Human, "hola", 0)];
    store
        .commit_chat_turn(&turn(&waiting, &hello, InboxNote::default(), T0))
        .await?;
    let asks = [
        message(MessageAuthor::Human, "quiero hablar con una persona", 10),
        message(MessageAuthor::Ai, "aviso al equipo", 10),
    ];
    let note = InboxNote {
        needs_person: true,
        visitor_name: Some("Lucía Pérez"),
        site: Some("salon.example"),
        language: Some("en"),
    };
    store
        .commit_chat_turn(&turn(&waiting, &asks, note, at(10)))
        .await?;
    let again = [message(MessageAuthor::Human, "¿hola?", 30)];
    let later = InboxNote {
        needs_person: true,
        visitor_name: None,
        site: Some("otro.example"),
        language: None,
    };
    store
        .commit_chat_turn(&turn(&waiting, &again, later, at(30)))
        .await?;
    let quiet_said = [message(MessageAuthor::Human, "precio", 40)];
    store
        .commit_chat_turn(&turn(&quiet, &quiet_said, InboxNote::default(), at(40)))
        .await?;
    let booked_said = [message(MessageAuthor::Human, "reserva", 20)];
    store
        .commit_chat_turn(&turn(&booked, &booked_said, InboxNote::default(), at(20)))
        .await?;
    let mut cita_of_chat = cita("c-chat", "staff-ana", date!(2026 - 11 - 23), 600, 630);
    cita_of_chat.chat_session_id = Some("i-booked".into());
    store.create_cita(&cita_of_chat).await?;

    let ids = |list: &[crate::conversations::ConversationSummary]| {
        list.iter()
            .map(|c| c.session_id.clone())
            .collect::<Vec<_>>()
    };
    let all = store.conversations(all_page(None, 10)).await?;
    assert_eq!(
        ids(&all),
        ["i-wait", "i-quiet", "i-booked"],
        "the wait first"
    );
    assert_eq!(
        all[0].needs_person_since,
        Some(at(10)),
        "since the first hand-off"
    );
    assert_eq!(all[0].visitor_name.as_deref(), Some("Lucía Pérez"));
    assert_eq!(
        store.conversation_language(&waiting).await?.as_deref(),
        Some("en"),
        "a later turn that notes no language keeps the one noted"
    );
    assert_eq!(store.conversation_language(&quiet).await?, None);
    // A turn with no message of its own (an agent's booking over MCP) still notes the language.
    let in_english = InboxNote {
        language: Some("en"),
        ..InboxNote::default()
    };
    store
        .commit_chat_turn(&turn(&quiet, &[], in_english, at(50)))
        .await?;
    assert_eq!(
        store.conversation_language(&quiet).await?.as_deref(),
        Some("en")
    );
    assert_eq!(all[0].site.as_deref(), Some("salon.example"));
    assert_eq!(
        (all[1].needs_person_since, all[1].site.as_ref()),
        (None, None)
    );
    let next = store.conversations(all_page(Some(at(40)), 10)).await?;
    assert_eq!(ids(&next), ["i-booked"], "later pages leave the waits out");
    let only = |filter| ConversationPage {
        filter,
        before: None,
        limit: 10,
    };
    let flagged = store
        .conversations(only(ConversationFilter::NeedsPerson))
        .await?;
    assert_eq!(ids(&flagged), ["i-wait"]);
    let with_cita = store
        .conversations(only(ConversationFilter::Booked))
        .await?;
    assert_eq!(ids(&with_cita), ["i-booked"]);
    assert_eq!(store.needs_person_count().await?, 1);
    let control = store.chat_session_control(&waiting).await?.expect("exists");
    assert_eq!(control.needs_person_since, Some(at(10)));

    // Unread: the visitor's messages after the last one read, per staff member.
    let sessions = ids(&all);
    let mut unread = store.unread_counts("staff-ana", &sessions).await?;
    unread.sort();
    assert_eq!(
        unread,
        [
            ("i-booked".to_owned(), 1),
            ("i-quiet".to_owned(), 1),
            ("i-wait".to_owned(), 3)
        ]
    );
    store.mark_read(&waiting, "staff-ana").await?;
    let still = [message(MessageAuthor::Human, "sigo aquí", 50)];
    store
        .commit_chat_turn(&turn(&waiting, &still, InboxNote::default(), at(50)))
        .await?;
    let counts = |list: Vec<(String, u32)>| {
        list.into_iter()
            .find(|(id, _)| id == "i-wait")
            .map_or(0, |(_, count)| count)
    };
    let waiting_ids = ["i-wait".to_owned()];
    assert_eq!(
        counts(store.unread_counts("staff-ana", &waiting_ids).await?),
        1
    );
    assert_eq!(
        counts(store.unread_counts("staff-luis", &waiting_ids).await?),
        4
    );
    store.mark_read(&waiting, "staff-ana").await?;
    assert_eq!(
        counts(store.unread_counts("staff-ana", &waiting_ids).await?),
        0
    );

    // A take-over clears the wait; so does a staff reply (after a new hand-off).
    assert!(store.take_over(&waiting, "staff-ana", at(60)).await?);
    let summary = store.conversation_summary(&waiting).await?.expect("exists");
    assert_eq!(summary.needs_person_since, None);
    assert_eq!(store.needs_person_count().await?, 0);
    store
        .commit_chat_turn(&turn(&waiting, &again, note, at(70)))
        .await?;
    assert_eq!(store.needs_person_count().await?, 1);
    assert_eq!(
        store
            .append_staff_message(&waiting, "staff-ana", "**Ana:** aquí estoy", at(80))
            .await?,
        StaffMessageOutcome::Stored
    );
    assert_eq!(store.needs_person_count().await?, 0);
    assert_eq!(
        store
            .conversations(only(ConversationFilter::NeedsPerson))
            .await?,
        []
    );
    Ok(())
}
