//! Conformance cases of the times chat conversations hold (issue 12).

use citabot_domain::booking::{CitaStatus, SlotHold};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use time::macros::date;
use time::{Date, Duration, OffsetDateTime};

use super::booking::{booking_fixture, cita};
use super::{T0, message, session};
use crate::conversations::InboxNote;
use crate::{ChatTurnWrite, CitaChange, HoldWrite, Holds, Store, StoreError};

const FRIDAY: Date = date!(2026 - 11 - 27);

/// The live holds one day may have, in these cases.
const PER_DAY: u32 = 4;

fn hold(conversation: &str, staff: &str, start: u16, end: u16, until: OffsetDateTime) -> SlotHold {
    SlotHold {
        conversation: conversation.into(),
        staff_id: staff.into(),
        date: FRIDAY,
        start_min: start,
        end_min: end,
        expires_at: until,
    }
}

/// One turn of `id` that writes `hold` (and `change`, when given).
async fn turn(
    store: &dyn Store,
    id: &ChatSessionId,
    change: Option<&CitaChange>,
    hold: HoldWrite<'_>,
) -> Result<(), StoreError> {
    turn_at(store, id, change, hold, T0).await
}

/// [`turn`] written at `at`.
async fn turn_at(
    store: &dyn Store,
    id: &ChatSessionId,
    change: Option<&CitaChange>,
    hold: HoldWrite<'_>,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    let said = [message(MessageAuthor::Human, "a las 10", 0)];
    store
        .commit_chat_turn(&ChatTurnWrite {
            session: id,
            writer: None,
            messages: &said,
            assistant_state: None,
            change,
            hold: Some(hold),
            at,
            inbox: InboxNote::default(),
            mail: crate::MailWrite::NONE,
        })
        .await
}

fn place<'a>(hold: &'a SlotHold, address: &'a str) -> HoldWrite<'a> {
    HoldWrite::Place {
        hold,
        visitor_address: Some(address),
        per_address: 2,
        per_day: PER_DAY,
    }
}

async fn holders(store: &dyn Store, at: OffsetDateTime) -> Result<Vec<String>, StoreError> {
    Ok(store
        .holds_between(FRIDAY, FRIDAY + Duration::days(1), at)
        .await?
        .into_iter()
        .map(|hold| hold.conversation)
        .collect())
}

fn booking(id: &str, start: u16, end: u16) -> CitaChange {
    CitaChange::Create {
        cita: Box::new(cita(id, "staff-ana", FRIDAY, start, end)),
        new_client: None,
    }
}

/// A hold keeps its time from every other conversation's booking until it expires; the
/// conversation holding it books it, and its booking turn releases it.
pub async fn a_hold_keeps_its_time_from_other_conversations(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let (mine, other) = (session("hold-mine"), session("hold-other"));
    let until = T0 + Duration::minutes(10);
    let held = hold("hold-mine", "staff-ana", 600, 645, until);
    turn(store, &mine, None, place(&held, "198.51.100.7")).await?;
    assert_eq!(
        store
            .holds_between(FRIDAY, FRIDAY + Duration::days(1), T0)
            .await?,
        vec![held.clone()],
        "read back as written"
    );

    // Another conversation's booking over part of it is refused whole (its message too).
    let refused = turn(
        store,
        &other,
        Some(&booking("c-other", 630, 660)),
        HoldWrite::Release,
    )
    .await;
    assert!(matches!(refused, Err(StoreError::SlotTaken)), "{refused:?}");
    assert_eq!(store.cita("c-other").await?, None);
    assert_eq!(super::history(store, &other).await?.len(), 0);
    // So is a booking by hand that respects holds (a cliente's own move, say).
    let respectful = store
        .apply_cita_change(
            &booking("c-hand", 600, 630),
            T0,
            Holds::Respect { own: None },
            crate::MailWrite::NONE,
        )
        .await;
    assert!(
        matches!(respectful, Err(StoreError::SlotTaken)),
        "{respectful:?}"
    );
    // Another stylist, or the next free time, is not held.
    store
        .apply_cita_change(
            &booking("c-after", 645, 675),
            T0,
            Holds::Respect { own: None },
            crate::MailWrite::NONE,
        )
        .await?;

    // The conversation holding it books it, and holds nothing any more.
    turn(
        store,
        &mine,
        Some(&booking("c-mine", 600, 645)),
        HoldWrite::Release,
    )
    .await?;
    assert_eq!(
        store.cita("c-mine").await?.map(|c| c.status),
        Some(CitaStatus::Pendiente)
    );
    assert_eq!(holders(store, T0).await?, Vec::<String>::new());
    Ok(())
}

/// An expired hold is in nobody's way and is not listed; a new pick replaces the
/// conversation's hold.
pub async fn holds_expire_and_are_replaced(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let mine = session("hold-mine");
    let until = T0 + Duration::minutes(10);
    turn(
        store,
        &mine,
        None,
        place(&hold("hold-mine", "staff-ana", 600, 645, until), "a"),
    )
    .await?;
    let later = hold("hold-mine", "staff-luis", 720, 765, until);
    turn(store, &mine, None, place(&later, "a")).await?;
    let listed = store
        .holds_between(FRIDAY, FRIDAY + Duration::days(1), T0)
        .await?;
    assert_eq!(
        listed,
        vec![later],
        "one hold per conversation: the last pick"
    );

    // Past its expiry the hold is not listed and blocks nothing.
    assert_eq!(holders(store, until).await?, Vec::<String>::new());
    store
        .apply_cita_change(
            &booking("c-1", 600, 645),
            until,
            Holds::Respect { own: None },
            crate::MailWrite::NONE,
        )
        .await?;
    let luis = CitaChange::Create {
        cita: Box::new(cita("c-2", "staff-luis", FRIDAY, 720, 765)),
        new_client: None,
    };
    store
        .apply_cita_change(
            &luis,
            until + Duration::seconds(1),
            Holds::Respect { own: None },
            crate::MailWrite::NONE,
        )
        .await?;
    Ok(())
}

/// Staff book over a hold: the hold is released, and the write says how many were.
pub async fn staff_booking_over_a_hold_releases_it(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let until = T0 + Duration::minutes(10);
    turn(
        store,
        &session("hold-a"),
        None,
        place(&hold("hold-a", "staff-ana", 600, 645, until), "a"),
    )
    .await?;
    let written = store
        .apply_cita_change(
            &booking("c-1", 630, 660),
            T0,
            Holds::Release,
            crate::MailWrite::NONE,
        )
        .await?;
    assert_eq!(written.holds_released, 1);
    assert_eq!(holders(store, T0).await?, Vec::<String>::new());
    let none = store
        .apply_cita_change(
            &booking("c-2", 660, 690),
            T0,
            Holds::Release,
            crate::MailWrite::NONE,
        )
        .await?;
    assert_eq!(none.holds_released, 0);
    Ok(())
}

/// One visitor address keeps at most `per_address` holds at once in different conversations;
/// a conversation's new pick replaces its own; an expired hold frees a place.
pub async fn one_address_keeps_only_a_few_holds(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let until = T0 + Duration::minutes(10);
    let soon = T0 + Duration::minutes(1);
    let (first, second, third) = (
        hold("hold-1", "staff-ana", 600, 645, soon),
        hold("hold-2", "staff-ana", 660, 705, until),
        hold("hold-3", "staff-luis", 600, 645, until),
    );
    turn(
        store,
        &session("hold-1"),
        None,
        place(&first, "203.0.113.9"),
    )
    .await?;
    turn(
        store,
        &session("hold-2"),
        None,
        place(&second, "203.0.113.9"),
    )
    .await?;
    turn(
        store,
        &session("hold-3"),
        None,
        place(&third, "203.0.113.9"),
    )
    .await?;
    assert_eq!(
        holders(store, T0).await?,
        ["hold-1", "hold-2"],
        "the third is not held"
    );
    // The first conversation picks again: it still may (it replaces its own).
    let again = hold("hold-1", "staff-luis", 720, 765, soon);
    turn(
        store,
        &session("hold-1"),
        None,
        place(&again, "203.0.113.9"),
    )
    .await?;
    assert_eq!(holders(store, T0).await?, ["hold-2", "hold-1"]);
    // Another address is not counted with this one.
    let elsewhere = hold("hold-4", "staff-luis", 780, 825, until);
    turn(
        store,
        &session("hold-4"),
        None,
        place(&elsewhere, "192.0.2.1"),
    )
    .await?;
    assert_eq!(holders(store, T0).await?.len(), 3);
    // Once the first expires, the third may hold.
    let store_at = |at| {
        let third = third.clone();
        async move {
            let said = [message(MessageAuthor::Human, "a las 10", 0)];
            store
                .commit_chat_turn(&ChatTurnWrite {
                    session: &session("hold-3"),
                    writer: None,
                    messages: &said,
                    assistant_state: None,
                    change: None,
                    hold: Some(place(&third, "203.0.113.9")),
                    at,
                    inbox: InboxNote::default(),
                    mail: crate::MailWrite::NONE,
                })
                .await
        }
    };
    store_at(soon).await?;
    assert_eq!(holders(store, soon).await?, ["hold-3", "hold-2", "hold-4"]);
    Ok(())
}

/// Of two conversations after one time, exactly one holds it: the other's turn is refused
/// whole (its message too), also when both write at the same moment. A neighbouring time is
/// free to hold, and the conversation holding a time may pick it again.
pub async fn two_conversations_never_hold_one_time(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let until = T0 + Duration::minutes(10);
    let (mine, other) = (session("hold-mine"), session("hold-other"));
    let held = hold("hold-mine", "staff-ana", 600, 645, until);
    turn(store, &mine, None, place(&held, "198.51.100.1")).await?;
    let over = hold("hold-other", "staff-ana", 630, 675, until);
    let refused = turn(store, &other, None, place(&over, "198.51.100.2")).await;
    assert!(
        matches!(refused, Err(StoreError::Conflict("hold"))),
        "{refused:?}"
    );
    assert_eq!(super::history(store, &other).await?.len(), 0);
    turn(store, &mine, None, place(&held, "198.51.100.1")).await?;
    let next = hold("hold-other", "staff-ana", 645, 690, until);
    turn(store, &other, None, place(&next, "198.51.100.2")).await?;
    assert_eq!(holders(store, T0).await?, ["hold-mine", "hold-other"]);

    // Races: two new conversations at once, each round on a time nobody holds yet.
    for round in 0..8_u16 {
        let start = 720 + round * 45;
        let racers: Vec<(ChatSessionId, SlotHold)> = ["a", "b"]
            .iter()
            .map(|who| {
                let id = format!("race-{round}-{who}");
                let wanted = hold(&id, "staff-luis", start, start + 45, until);
                (session(&id), wanted)
            })
            .collect();
        let results = super::join_all(racers.iter().enumerate().map(|(at, (id, wanted))| {
            let address = if at == 0 { "192.0.2.1" } else { "192.0.2.2" };
            turn(store, id, None, place(wanted, address))
        }))
        .await;
        let held: usize = results.iter().filter(|result| result.is_ok()).count();
        assert_eq!(held, 1, "round {round}: {results:?}");
        for result in results {
            assert!(
                matches!(result, Ok(()) | Err(StoreError::Conflict("hold"))),
                "round {round}: {result:?}"
            );
        }
        // Let these go: the day's cap is not what this case is about.
        for (id, _) in &racers {
            turn(store, id, None, HoldWrite::Release).await?;
        }
    }
    Ok(())
}

/// A day keeps at most `per_day` live holds of different conversations, whatever their
/// addresses; one more conversation is simply not held, and an expired hold frees a place.
pub async fn a_day_keeps_only_so_many_holds(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let until = T0 + Duration::minutes(10);
    let soon = T0 + Duration::minutes(1);
    for at in 0..=PER_DAY {
        let id = format!("day-{at}");
        let start = 600 + u16::try_from(at).unwrap_or(0) * 45;
        let expiry = if at == 0 { soon } else { until };
        let wanted = hold(&id, "staff-ana", start, start + 45, expiry);
        turn(
            store,
            &session(&id),
            None,
            place(&wanted, &format!("203.0.113.{at}")),
        )
        .await?;
    }
    let held = holders(store, T0).await?;
    assert_eq!(
        held.len(),
        usize::try_from(PER_DAY).unwrap_or(0),
        "{held:?}"
    );
    assert!(
        !held.contains(&format!("day-{PER_DAY}")),
        "the last is not held"
    );
    // Another day is counted apart.
    let saturday = SlotHold {
        date: FRIDAY + Duration::days(1),
        ..hold("day-other", "staff-ana", 600, 645, until)
    };
    turn(
        store,
        &session("day-other"),
        None,
        place(&saturday, "203.0.113.99"),
    )
    .await?;
    assert_eq!(
        store
            .holds_between(FRIDAY + Duration::days(1), FRIDAY + Duration::days(2), T0)
            .await?
            .len(),
        1
    );
    // Once the first expires, a new conversation may hold.
    let late = hold("day-late", "staff-luis", 600, 645, until);
    turn_at(
        store,
        &session("day-late"),
        None,
        place(&late, "203.0.113.98"),
        soon,
    )
    .await?;
    assert!(holders(store, soon).await?.contains(&"day-late".to_owned()));
    Ok(())
}

/// A turn's reads together are what the separate reads give: the day's citas, the holds still
/// alive, and the conversation's saved state.
pub async fn a_turn_reads_citas_holds_and_state_together(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let mine = session("reads-mine");
    let until = T0 + Duration::minutes(10);
    let held = hold("reads-mine", "staff-ana", 600, 645, until);
    turn(store, &mine, None, place(&held, "198.51.100.7")).await?;
    store
        .apply_cita_change(
            &booking("c-reads", 645, 675),
            T0,
            Holds::Respect { own: None },
            crate::MailWrite::NONE,
        )
        .await?;
    let said = [message(MessageAuthor::Human, "vale", 1)];
    store
        .commit_chat_turn(&ChatTurnWrite {
            session: &mine,
            writer: None,
            messages: &said,
            assistant_state: Some(crate::AssistantStateWrite {
                text: r#"{"step":"confirmar"}"#,
                read_version: None,
            }),
            change: None,
            hold: None,
            at: T0,
            inbox: InboxNote::default(),
            mail: crate::MailWrite::NONE,
        })
        .await?;

    let day = (FRIDAY, FRIDAY + Duration::days(1));
    let reads = store.turn_reads(&mine, day.0, day.1, T0).await?;
    assert_eq!(reads.agenda, store.citas_between(day.0, day.1).await?);
    assert_eq!(reads.holds, vec![held]);
    assert_eq!(reads.saved, store.assistant_state(&mine).await?);
    assert_eq!(
        reads
            .agenda
            .iter()
            .map(|c| c.id.as_str())
            .collect::<Vec<_>>(),
        ["c-reads"]
    );
    assert_eq!(
        reads.saved.map(|saved| saved.text).as_deref(),
        Some(r#"{"step":"confirmar"}"#)
    );

    // Once the hold has expired it is not read; another conversation has no state.
    let later = store
        .turn_reads(&session("reads-other"), day.0, day.1, until)
        .await?;
    assert_eq!(later.holds, Vec::new());
    assert_eq!(later.saved, None);
    assert_eq!(later.agenda.len(), 1);
    Ok(())
}
