//! Conformance cases of the booking side ([`BookingStore`](crate::BookingStore)).

use citabot_domain::account::Role;
use citabot_domain::booking::{
    Business, Cita, CitaStatus, Client, OpeningPeriod, Service, WeeklyHours, zone,
};
use citabot_domain::chat::ChatSessionId;
use time::macros::date;
use time::{Date, Weekday};

use super::message;
use super::{T0, join_all, new_user};
use crate::booking::CitaTime;
use crate::conversations::InboxNote;
use crate::{AssistantStateWrite, ChatTurnWrite, CitaChange, Holds, Store, StoreError};
use citabot_domain::chat::MessageAuthor;

/// Moves a cita by hand as the dashboard does, from the revision it reads first: `false` when
/// it no longer holds time.
async fn move_to(store: &dyn Store, id: &str, to: &CitaTime) -> Result<bool, StoreError> {
    let revision = store.cita(id).await?.map_or(0, |cita| cita.revision);
    let change = CitaChange::Move {
        cita_id: id.into(),
        to: to.clone(),
        revision,
    };
    match store
        .apply_cita_change(&change, T0, Holds::Release, crate::MailWrite::NONE)
        .await
    {
        Ok(_) => Ok(true),
        Err(StoreError::Unchanged) => Ok(false),
        Err(error) => Err(error),
    }
}

fn salon(name: &str, close: u16) -> Business {
    let hours = WeeklyHours::new([
        (
            Weekday::Monday,
            vec![
                OpeningPeriod {
                    open: 570,
                    close: 840,
                },
                OpeningPeriod { open: 990, close },
            ],
        ),
        (
            Weekday::Saturday,
            vec![OpeningPeriod {
                open: 540,
                close: 840,
            }],
        ),
    ])
    .expect("valid hours");
    Business::new(name, "Europe/Madrid", hours, 15).expect("valid business")
}

fn service(id: &str, name: &str, duration_min: u16, price_cents: u32) -> Service {
    Service {
        id: id.into(),
        name: name.into(),
        description: format!("{name} en el salón"),
        duration_min,
        price_cents,
        active: true,
    }
}

fn client(id: &str, email: Option<&str>, user_id: Option<&str>) -> Client {
    Client {
        id: id.into(),
        name: "Marta Ruiz".into(),
        email: email.map(str::to_owned),
        phone: Some("+34611222333".into()),
        user_id: user_id.map(str::to_owned),
    }
}

pub(crate) fn cita(id: &str, staff_id: &str, date: Date, start_min: u16, end_min: u16) -> Cita {
    Cita {
        id: id.into(),
        staff_id: staff_id.into(),
        client_id: "k-1".into(),
        date,
        start_min,
        end_min,
        start_at: zone::instant("Europe/Madrid", date, start_min).expect("valid"),
        end_at: zone::instant("Europe/Madrid", date, end_min).expect("valid"),
        status: CitaStatus::Pendiente,
        service_ids: vec!["corte".into()],
        created_at: T0,
        chat_session_id: None,
        outside_hours: false,
        revision: 0,
    }
}

/// Two staff members, a client and two services: what a cita needs to exist.
pub(crate) async fn booking_fixture(store: &dyn Store) -> Result<(), StoreError> {
    store
        .create_user(&new_user("staff-ana", "ana@salon.es", Role::Usuario))
        .await?;
    store
        .create_user(&new_user(
            "staff-luis",
            "luis@salon.es",
            Role::Administrador,
        ))
        .await?;
    store
        .create_service(&service("corte", "Corte", 30, 1800))
        .await?;
    store
        .create_service(&service("tinte", "Tinte", 90, 4850))
        .await?;
    store
        .create_client(&client("k-1", Some("marta@ejemplo.es"), None), T0)
        .await
}

/// The business reads back as saved; saving again replaces settings and hours whole.
pub async fn business_settings_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    assert_eq!(
        store.business().await?,
        None,
        "nothing before the first save"
    );
    let first = salon("Peluquería Marta", 1230);
    store.save_business(&first).await?;
    assert_eq!(store.business().await?, Some(first));
    let second = salon("Salón Marta", 1200);
    store.save_business(&second).await?;
    assert_eq!(store.business().await?, Some(second));
    Ok(())
}

/// Services keep their fields and creation order; an id is taken once. Staff are the accounts
/// with a staff role.
pub async fn services_and_staff_are_listed(store: &dyn Store) -> Result<(), StoreError> {
    let mut inactive = service("alisado", "Alisado de keratina", 120, 9000);
    inactive.active = false;
    for item in [
        service("corte", "Corte", 30, 1800),
        inactive.clone(),
        service("barba", "Arreglo de barba", 15, 800),
    ] {
        store.create_service(&item).await?;
    }
    let names: Vec<String> = store.services().await?.into_iter().map(|s| s.id).collect();
    assert_eq!(names, ["corte", "alisado", "barba"]);
    assert_eq!(store.services().await?[1], inactive);
    assert!(matches!(
        store.create_service(&service("corte", "Otro", 30, 1)).await,
        Err(StoreError::Conflict(_))
    ));

    store
        .create_user(&new_user("c-1", "cliente@ejemplo.es", Role::Cliente))
        .await?;
    store
        .create_user(&new_user("s-1", "staff@salon.es", Role::Usuario))
        .await?;
    store
        .create_user(&new_user("a-1", "admin@salon.es", Role::Administrador))
        .await?;
    let staff: Vec<String> = store
        .staff()
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    assert_eq!(staff.len(), 2);
    assert!(staff.contains(&"s-1".to_owned()) && staff.contains(&"a-1".to_owned()));
    assert_eq!(store.staff().await?[0].name, "Ana López García");
    Ok(())
}

/// Clients are found by id, email and account; an account has one client, an email may have
/// several (the account's first).
pub async fn clients_are_found_by_email_and_account(store: &dyn Store) -> Result<(), StoreError> {
    store
        .create_user(&new_user("u-marta", "marta@ejemplo.es", Role::Cliente))
        .await?;
    // A guest who typed Marta's address before Marta's own client existed.
    let typed = Client {
        name: "Laura Gómez".into(),
        ..client("k-0", Some("marta@ejemplo.es"), None)
    };
    store.create_client(&typed, T0).await?;
    let marta = client("k-1", Some("marta@ejemplo.es"), Some("u-marta"));
    store.create_client(&marta, T0).await?;
    let walk_in = client("k-2", None, None);
    store.create_client(&walk_in, T0).await?;
    assert_eq!(store.client("k-1").await?, Some(marta.clone()));
    assert_eq!(
        store.clients_by_email("marta@ejemplo.es").await?,
        [marta.clone(), typed]
    );
    assert_eq!(store.client_for_user("u-marta").await?, Some(marta));
    assert_eq!(store.client("k-2").await?, Some(walk_in));
    assert_eq!(store.clients_by_email("nadie@ejemplo.es").await?, []);
    assert!(matches!(
        store
            .create_client(&client("k-3", None, Some("u-marta")), T0)
            .await,
        Err(StoreError::Conflict(_))
    ));
    Ok(())
}

/// A cita reads back whole (its chat session too) with its services in order, by id, by day range and by client; its
/// status moves only from the status the caller saw.
pub async fn citas_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    let mut both = cita("c-1", "staff-ana", friday, 1020, 1140);
    both.service_ids = vec!["tinte".into(), "corte".into()];
    // Booked by the assistant of a conversation; `next_day` below by hand.
    both.chat_session_id = Some("session-1".into());
    store.create_cita(&both).await?;
    let next_day = cita("c-2", "staff-luis", date!(2026 - 11 - 28), 600, 630);
    store.create_cita(&next_day).await?;

    assert_eq!(store.cita("c-1").await?, Some(both.clone()));
    assert_eq!(store.cita("c-2").await?, Some(next_day.clone()));
    assert_eq!(store.cita("c-0").await?, None);
    assert_eq!(
        store.citas_between(friday, date!(2026 - 11 - 28)).await?,
        [both.clone()]
    );
    assert_eq!(
        store
            .citas_between(friday, date!(2026 - 11 - 29))
            .await?
            .len(),
        2
    );
    assert_eq!(store.client_citas("k-1").await?.len(), 2);

    assert!(
        store
            .change_cita_status("c-1", CitaStatus::Pendiente, CitaStatus::Confirmada)
            .await?
    );
    assert!(
        !store
            .change_cita_status("c-1", CitaStatus::Pendiente, CitaStatus::Cancelada)
            .await?,
        "it is no longer pending"
    );
    assert_eq!(
        store.cita("c-1").await?.map(|c| c.status),
        Some(CitaStatus::Confirmada)
    );
    Ok(())
}

/// The database itself refuses to double-book a staff member; back to back, another staff
/// member, or a cancelled cita's time are fine; a move into a taken time is refused too.
pub async fn double_bookings_are_refused(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    store
        .create_cita(&cita("c-1", "staff-ana", friday, 600, 660))
        .await?;
    for (id, start, end) in [("c-2", 630, 690), ("c-3", 570, 615), ("c-4", 600, 660)] {
        assert!(
            matches!(
                store
                    .create_cita(&cita(id, "staff-ana", friday, start, end))
                    .await,
                Err(StoreError::SlotTaken)
            ),
            "{id} overlaps"
        );
        assert_eq!(store.cita(id).await?, None, "nothing of {id} was written");
    }
    store
        .create_cita(&cita("c-5", "staff-ana", friday, 660, 690))
        .await?;
    store
        .create_cita(&cita("c-6", "staff-luis", friday, 600, 660))
        .await?;

    let moving = CitaTime {
        staff_id: "staff-ana".into(),
        date: friday,
        start_min: 645,
        end_min: 675,
        start_at: zone::instant("Europe/Madrid", friday, 645).expect("valid"),
        end_at: zone::instant("Europe/Madrid", friday, 675).expect("valid"),
        service_ids: None,
        outside_hours: false,
    };
    assert!(matches!(
        move_to(store, "c-6", &moving).await,
        Err(StoreError::SlotTaken)
    ));
    assert_eq!(
        store.cita("c-6").await?.map(|c| c.staff_id),
        Some("staff-luis".into())
    );

    assert!(
        store
            .change_cita_status("c-1", CitaStatus::Pendiente, CitaStatus::Cancelada)
            .await?
    );
    store
        .create_cita(&cita("c-7", "staff-ana", friday, 600, 660))
        .await?;
    let free = CitaTime {
        start_min: 720,
        end_min: 780,
        start_at: zone::instant("Europe/Madrid", friday, 720).expect("valid"),
        end_at: zone::instant("Europe/Madrid", friday, 780).expect("valid"),
        ..moving
    };
    assert!(move_to(store, "c-6", &free).await?);
    assert!(
        !move_to(store, "c-1", &free).await?,
        "a cancelled cita does not move"
    );
    Ok(())
}

/// Fifty bookings racing for one slot (overlapping starts): exactly one is written.
pub async fn racing_bookings_leave_one_winner(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    let attempts: Vec<Cita> = (0..50)
        .map(|i| {
            cita(
                &format!("race-{i}"),
                "staff-ana",
                friday,
                600 + i % 3 * 15,
                660,
            )
        })
        .collect();
    let results = join_all(attempts.iter().map(|attempt| store.create_cita(attempt))).await;
    let won = results.iter().filter(|result| result.is_ok()).count();
    let refused = results
        .iter()
        .filter(|result| matches!(result, Err(StoreError::SlotTaken)))
        .count();
    assert_eq!((won, refused), (1, 49), "{results:?}");
    assert_eq!(
        store
            .citas_between(friday, date!(2026 - 11 - 28))
            .await?
            .len(),
        1
    );
    Ok(())
}

/// The assistant's state per conversation is saved with its turn, over the version the turn
/// read: a turn that read an older version writes nothing.
pub async fn assistant_state_is_kept(store: &dyn Store) -> Result<(), StoreError> {
    let id = ChatSessionId::parse("state-1").expect("valid");
    assert_eq!(store.assistant_state(&id).await?, None);
    let said = [message(MessageAuthor::Human, "hola", 0)];
    let turn = |text, read_version| ChatTurnWrite {
        session: &id,
        writer: None,
        messages: &said,
        assistant_state: Some(AssistantStateWrite { text, read_version }),
        change: None,
        hold: None,
        at: T0,
        inbox: InboxNote::default(),
        mail: crate::MailWrite::NONE,
    };
    store
        .commit_chat_turn(&turn(r#"{"step":"fecha"}"#, None))
        .await?;
    let first = store.assistant_state(&id).await?.expect("saved");
    assert_eq!(first.text, r#"{"step":"fecha"}"#);
    store
        .commit_chat_turn(&turn(r#"{"step":"confirmar"}"#, Some(first.version)))
        .await?;
    let second = store.assistant_state(&id).await?.expect("saved");
    assert_eq!(second.text, r#"{"step":"confirmar"}"#);
    assert_ne!(second.version, first.version);

    // Two turns that both read the first version (a "sí" sent twice at once): the later one
    // is refused whole, its message included; so is a second "first" turn.
    for stale in [turn("{}", Some(first.version)), turn("{}", None)] {
        assert!(matches!(
            store.commit_chat_turn(&stale).await,
            Err(StoreError::Stale)
        ));
    }
    assert_eq!(store.assistant_state(&id).await?, Some(second));
    assert_eq!(super::history(store, &id).await?.len(), 2);
    Ok(())
}

/// A turn's messages, state and cita change are written together or not at all: a taken slot,
/// a cita no longer in the expected status or a client created meanwhile leaves no trace.
pub async fn a_turn_is_written_whole_or_not_at_all(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    store
        .create_cita(&cita("c-1", "staff-ana", friday, 600, 660))
        .await?;
    let id = ChatSessionId::parse("turn-1").expect("valid");
    let said = [
        message(MessageAuthor::Human, "sí", 0),
        message(MessageAuthor::Ai, "¡Hecho!", 1),
    ];
    let turn = |change| ChatTurnWrite {
        session: &id,
        writer: None,
        messages: &said,
        assistant_state: Some(AssistantStateWrite {
            text: "{}",
            read_version: None,
        }),
        change: Some(change),
        hold: None,
        at: T0,
        inbox: InboxNote::default(),
        mail: crate::MailWrite::NONE,
    };
    let newcomer = Client {
        name: "Laura Gómez".into(),
        ..client("k-new", Some("laura@ejemplo.es"), None)
    };
    let mut overlapping = cita("c-2", "staff-ana", friday, 630, 690);
    overlapping.client_id = "k-new".into();
    let refused = [
        (
            CitaChange::Create {
                cita: Box::new(overlapping),
                new_client: Some(newcomer.clone()),
            },
            "slot taken",
        ),
        (
            CitaChange::SetStatus {
                cita_id: "c-1".into(),
                from: CitaStatus::Confirmada,
                to: CitaStatus::Cancelada,
                revision: 0,
            },
            "not in that status",
        ),
        (
            CitaChange::Move {
                cita_id: "c-404".into(),
                to: CitaTime {
                    staff_id: "staff-ana".into(),
                    date: friday,
                    start_min: 720,
                    end_min: 780,
                    start_at: T0,
                    end_at: T0,
                    service_ids: None,
                    outside_hours: false,
                },
                revision: 0,
            },
            "no such cita",
        ),
    ];
    for (change, why) in &refused {
        let result = store.commit_chat_turn(&turn(change)).await;
        assert!(
            matches!(result, Err(StoreError::SlotTaken | StoreError::Unchanged)),
            "{why}: {result:?}"
        );
        assert_eq!(store.chat_transcript(&id).await?, None, "{why}");
        assert_eq!(store.assistant_state(&id).await?, None, "{why}");
    }
    assert_eq!(store.client("k-new").await?, None, "the client went too");
    assert_eq!(
        store.cita("c-1").await?.map(|kept| kept.status),
        Some(CitaStatus::Pendiente)
    );

    // The same booking at a free time: all of it is written.
    let mut free = cita("c-2", "staff-ana", friday, 720, 780);
    free.client_id = "k-new".into();
    let booked = CitaChange::Create {
        cita: Box::new(free.clone()),
        new_client: Some(newcomer.clone()),
    };
    store.commit_chat_turn(&turn(&booked)).await?;
    assert_eq!(store.cita("c-2").await?, Some(free));
    assert_eq!(store.client("k-new").await?, Some(newcomer));
    assert_eq!(super::history(store, &id).await?.len(), 2);
    assert!(store.assistant_state(&id).await?.is_some());
    Ok(())
}

/// A service is edited in place (its id and position stay); an unknown id edits nothing.
pub async fn services_are_updated(store: &dyn Store) -> Result<(), StoreError> {
    store
        .create_service(&service("corte", "Corte", 30, 1800))
        .await?;
    store
        .create_service(&service("barba", "Barba", 15, 800))
        .await?;
    let mut edited = service("corte", "Corte y peinado", 45, 2500);
    edited.description = "Con lavado".into();
    edited.active = false;
    assert!(store.update_service(&edited).await?);
    assert_eq!(
        store.services().await?,
        [edited, service("barba", "Barba", 15, 800)]
    );
    assert!(
        !store
            .update_service(&service("nada", "Nada", 30, 0))
            .await?
    );
    assert_eq!(store.services().await?.len(), 2, "nothing was created");
    Ok(())
}

/// Staff accounts read back whole; a role change moves an account on or off the staff.
pub async fn staff_roles_change(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    store
        .create_user(&new_user("u-marta", "marta@ejemplo.es", Role::Cliente))
        .await?;
    let accounts = store.staff_accounts().await?;
    let ids: Vec<&str> = accounts.iter().map(|user| user.id.as_str()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&"staff-ana") && ids.contains(&"staff-luis"));
    assert_eq!(
        Some(&accounts[0]),
        store.user(&accounts[0].id).await?.as_ref()
    );

    assert!(store.set_role("u-marta", Role::Usuario).await?);
    assert!(store.set_role("staff-ana", Role::Cliente).await?);
    let ids: Vec<String> = store
        .staff_accounts()
        .await?
        .into_iter()
        .map(|user| user.id)
        .collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&"u-marta".to_owned()) && ids.contains(&"staff-luis".to_owned()));
    assert_eq!(
        store.user("staff-ana").await?.map(|user| user.role),
        Some(Role::Cliente)
    );
    assert!(!store.set_role("nadie", Role::Usuario).await?);
    Ok(())
}

/// Several clients are read in one call; the search ignores case and accents, matches name,
/// email and phone (its digits alone too), treats `%` and `_` as letters, counts citas and
/// keeps to the limit.
pub async fn clients_are_read_by_ids_and_searched(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let mut ines = client("k-2", Some("ines@ejemplo.es"), None);
    ines.name = "INÉS Muñoz".into();
    ines.phone = Some("+34 699 000 111".into());
    store.create_client(&ines, T0).await?;
    let mut pablo = client("k-3", None, None);
    pablo.name = "Pablo_Gil".into();
    pablo.phone = None;
    store.create_client(&pablo, T0).await?;

    let mut found = store
        .clients_by_ids(&["k-3".into(), "k-2".into(), "k-9".into()])
        .await?;
    found.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(found, [ines.clone(), pablo.clone()]);
    assert_eq!(store.clients_by_ids(&[]).await?, []);

    store
        .create_cita(&cita("c-1", "staff-ana", date!(2026 - 11 - 27), 600, 630))
        .await?;
    let mut later = cita("c-2", "staff-ana", date!(2026 - 12 - 4), 600, 630);
    later.status = CitaStatus::Cancelada;
    store.create_cita(&later).await?;

    let names = |found: Vec<crate::booking::ClientSummary>| -> Vec<String> {
        found.into_iter().map(|summary| summary.client.id).collect()
    };
    assert_eq!(
        names(store.search_clients(None, 10).await?),
        ["k-2", "k-1", "k-3"]
    );
    assert_eq!(names(store.search_clients(None, 2).await?), ["k-2", "k-1"]);
    for query in [
        "ines",
        "INES",
        "inés",
        "muñ",
        "MUNOZ",
        "ines@",
        "699 000",
        "699000111",
    ] {
        assert_eq!(
            names(store.search_clients(Some(query), 10).await?),
            ["k-2"],
            "{query}"
        );
    }
    assert_eq!(
        names(store.search_clients(Some("ejemplo.es"), 10).await?),
        ["k-2", "k-1"]
    );
    assert_eq!(names(store.search_clients(Some("_"), 10).await?), ["k-3"]);
    assert_eq!(
        names(store.search_clients(Some("%"), 10).await?),
        Vec::<String>::new()
    );
    assert_eq!(
        names(store.search_clients(Some("zzz"), 10).await?),
        Vec::<String>::new()
    );

    let marta = store.search_clients(Some("marta"), 10).await?;
    assert_eq!(marta.len(), 1);
    assert_eq!(
        marta[0].client,
        client("k-1", Some("marta@ejemplo.es"), None)
    );
    assert_eq!(marta[0].appointments, 2, "cancelled citas count too");
    assert_eq!(marta[0].last_appointment_date, Some(date!(2026 - 12 - 4)));
    let ines_summary = &store.search_clients(Some("ines"), 10).await?[0];
    assert_eq!(
        (
            ines_summary.appointments,
            ines_summary.last_appointment_date
        ),
        (0, None)
    );
    Ok(())
}

/// The profile and booking rules read back as saved (defaults before), the FAQ and payment
/// methods in order and replaced whole, and the business renamed in the same write.
pub async fn salon_settings_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    use citabot_domain::booking::profile::{BusinessSettings, Faq};
    assert_eq!(
        store.business_settings().await?,
        BusinessSettings::default()
    );
    store
        .save_business(&salon("Peluquería Marta", 1230))
        .await?;
    let mut settings = citabot_domain::booking::demo::settings();
    settings.rules.min_notice_min = 0;
    settings.rules.horizon_days = 365;
    settings.rules.chat_booking_status = CitaStatus::Confirmada;
    settings.rules.hold_min = 25;
    store
        .save_business_settings(Some("Peluquería Marta y Ana"), &settings)
        .await?;
    assert_eq!(store.business_settings().await?, settings);
    assert_eq!(
        store.business().await?.map(|business| business.name),
        Some("Peluquería Marta y Ana".into())
    );
    settings.profile.faq = vec![Faq {
        question: "¿Abrís en agosto?".into(),
        answer: "Sí, salvo la segunda quincena.".into(),
    }];
    settings.profile.payment_methods = vec!["Efectivo".into()];
    store.save_business_settings(None, &settings).await?;
    assert_eq!(store.business_settings().await?, settings);
    assert_eq!(
        store.business().await?.map(|business| business.name),
        Some("Peluquería Marta y Ana".into()),
        "no name keeps it"
    );
    Ok(())
}

/// Closures and time off are listed in order and deleted by id (time off only by its own
/// staff member's id); a duplicate id conflicts.
pub async fn closures_and_time_off_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    use citabot_domain::booking::rules::{Closure, TimeOff};
    booking_fixture(store).await?;
    let closure = |id: &str, from: Date, to: Date| Closure {
        id: id.into(),
        from,
        to,
        reason: format!("Cierre {id}"),
    };
    let christmas = closure("navidad", date!(2026 - 12 - 25), date!(2026 - 12 - 25));
    let august = closure("agosto", date!(2026 - 08 - 10), date!(2026 - 08 - 23));
    store.create_closure(&christmas).await?;
    store.create_closure(&august).await?;
    assert!(matches!(
        store.create_closure(&christmas).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(store.closures().await?, [august.clone(), christmas]);
    assert!(store.delete_closure("navidad").await?);
    assert!(!store.delete_closure("navidad").await?);
    assert_eq!(store.closures().await?, [august]);

    let off = |id: &str, staff: &str, from: Date| TimeOff {
        id: id.into(),
        staff_id: staff.into(),
        from,
        to: from + time::Duration::days(2),
        reason: "Vacaciones".into(),
    };
    let ana_later = off("t-2", "staff-ana", date!(2026 - 12 - 01));
    let ana = off("t-1", "staff-ana", date!(2026 - 11 - 27));
    let luis = off("t-3", "staff-luis", date!(2026 - 11 - 20));
    for entry in [&ana_later, &ana, &luis] {
        store.create_time_off(entry).await?;
    }
    assert_eq!(
        store.time_off().await?,
        [ana.clone(), ana_later.clone(), luis.clone()]
    );
    assert!(
        !store.delete_time_off("staff-luis", "t-1").await?,
        "not Luis's"
    );
    assert!(store.delete_time_off("staff-ana", "t-1").await?);
    assert_eq!(store.time_off().await?, [ana_later, luis]);
    Ok(())
}

/// A staff member's schedule (own periods or the business hours, services or all of them,
/// bookable) reads back as saved and is replaced whole.
pub async fn staff_schedules_round_trip(store: &dyn Store) -> Result<(), StoreError> {
    use citabot_domain::booking::rules::StaffSchedule;
    booking_fixture(store).await?;
    assert_eq!(store.staff_schedules().await?, []);
    let own = WeeklyHours::new([(
        Weekday::Tuesday,
        vec![
            OpeningPeriod {
                open: 600,
                close: 840,
            },
            OpeningPeriod {
                open: 960,
                close: 1200,
            },
        ],
    )])
    .expect("valid");
    let mut ana = StaffSchedule {
        staff_id: "staff-ana".into(),
        periods: Some(own),
        service_ids: Some(vec!["corte".into(), "tinte".into()]),
        bookable: true,
    };
    let luis = StaffSchedule {
        staff_id: "staff-luis".into(),
        periods: None,
        service_ids: None,
        bookable: false,
    };
    store.save_staff_schedule(&ana).await?;
    store.save_staff_schedule(&luis).await?;
    assert_eq!(store.staff_schedules().await?, [ana.clone(), luis.clone()]);
    ana.periods = None;
    ana.service_ids = Some(vec!["tinte".into()]);
    store.save_staff_schedule(&ana).await?;
    assert_eq!(store.staff_schedules().await?, [ana, luis]);
    Ok(())
}

/// A move may change the services and records the staff's override, in one transaction; a
/// move into a taken slot changes nothing at all (time, services or override).
pub async fn moves_change_services_and_the_override(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    store
        .create_cita(&cita("c-1", "staff-ana", friday, 600, 630))
        .await?;
    let mut marked = cita("c-2", "staff-luis", friday, 600, 630);
    marked.outside_hours = true;
    store.create_cita(&marked).await?;
    assert_eq!(
        store.cita("c-2").await?.map(|c| c.outside_hours),
        Some(true)
    );

    let to = |staff: &str, start: u16, end: u16| CitaTime {
        staff_id: staff.into(),
        date: friday,
        start_min: start,
        end_min: end,
        start_at: zone::instant("Europe/Madrid", friday, start).expect("valid"),
        end_at: zone::instant("Europe/Madrid", friday, end).expect("valid"),
        service_ids: Some(vec!["tinte".into(), "corte".into()]),
        outside_hours: false,
    };
    assert!(matches!(
        move_to(store, "c-2", &to("staff-ana", 615, 735)).await,
        Err(StoreError::SlotTaken)
    ));
    let unchanged = store.cita("c-2").await?.expect("still there");
    assert_eq!(unchanged, marked, "a refused move changes nothing");

    assert!(move_to(store, "c-2", &to("staff-ana", 630, 750)).await?);
    let moved = store.cita("c-2").await?.expect("still there");
    assert_eq!(moved.service_ids, ["tinte", "corte"]);
    assert_eq!(
        (moved.staff_id.as_str(), moved.start_min),
        ("staff-ana", 630)
    );
    assert!(!moved.outside_hours, "the override is cleared");
    assert_eq!(moved.created_at, marked.created_at);

    let mut late = to("staff-ana", 1260, 1290);
    late.service_ids = None;
    late.outside_hours = true;
    assert!(move_to(store, "c-2", &late).await?);
    let moved = store.cita("c-2").await?.expect("still there");
    assert_eq!(moved.service_ids, ["tinte", "corte"], "None keeps them");
    assert!(moved.outside_hours);
    Ok(())
}

/// Every move and status change raises a cita's revision by one (the calendar's `SEQUENCE`), and
/// a change decided on an older revision is refused and changes nothing: of two changes racing
/// on one cita, only the first lands.
pub async fn cita_changes_raise_its_revision_and_stale_ones_are_refused(
    store: &dyn Store,
) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    store
        .create_cita(&cita("c-1", "staff-ana", friday, 600, 630))
        .await?;
    let revision =
        || async move { Ok::<_, StoreError>(store.cita("c-1").await?.expect("kept").revision) };
    assert_eq!(revision().await?, 0, "a new cita");
    let at = |start: u16| CitaTime {
        staff_id: "staff-ana".into(),
        date: friday,
        start_min: start,
        end_min: start + 30,
        start_at: zone::instant("Europe/Madrid", friday, start).expect("valid"),
        end_at: zone::instant("Europe/Madrid", friday, start + 30).expect("valid"),
        service_ids: None,
        outside_hours: false,
    };
    let change = |change: CitaChange| async move {
        store
            .apply_cita_change(&change, T0, Holds::Release, crate::MailWrite::NONE)
            .await
    };
    // Two moves in the same instant, both decided on revision 0: the second is stale.
    change(CitaChange::Move {
        cita_id: "c-1".into(),
        to: at(660),
        revision: 0,
    })
    .await?;
    let stale = change(CitaChange::Move {
        cita_id: "c-1".into(),
        to: at(720),
        revision: 0,
    })
    .await;
    assert!(matches!(stale, Err(StoreError::Unchanged)), "{stale:?}");
    let moved = store.cita("c-1").await?.expect("kept");
    assert_eq!((moved.start_min, moved.revision), (660, 1));

    // A status change decided before that move is stale too; from the new revision it lands.
    let stale = change(CitaChange::SetStatus {
        cita_id: "c-1".into(),
        from: CitaStatus::Pendiente,
        to: CitaStatus::Confirmada,
        revision: 0,
    })
    .await;
    assert!(matches!(stale, Err(StoreError::Unchanged)), "{stale:?}");
    assert_eq!(
        store.cita("c-1").await?.map(|kept| kept.status),
        Some(CitaStatus::Pendiente)
    );
    change(CitaChange::SetStatus {
        cita_id: "c-1".into(),
        from: CitaStatus::Pendiente,
        to: CitaStatus::Confirmada,
        revision: 1,
    })
    .await?;
    assert_eq!(revision().await?, 2);
    // A change by hand (no revision read) still raises it.
    assert!(
        store
            .change_cita_status("c-1", CitaStatus::Confirmada, CitaStatus::Cancelada)
            .await?
    );
    assert_eq!(revision().await?, 3);
    Ok(())
}

/// A no-show holds no time, as a cancelled cita does: another cita may take its slot, and then
/// undoing the no-show (back to `confirmada`) is refused by the database.
pub async fn no_shows_hold_no_time(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    let friday = date!(2026 - 11 - 27);
    store
        .create_cita(&cita("c-1", "staff-ana", friday, 600, 660))
        .await?;
    assert!(
        store
            .change_cita_status("c-1", CitaStatus::Pendiente, CitaStatus::NoPresentado)
            .await?
    );
    assert_eq!(
        store.cita("c-1").await?.map(|c| c.status),
        Some(CitaStatus::NoPresentado)
    );
    assert!(
        store
            .change_cita_status("c-1", CitaStatus::NoPresentado, CitaStatus::Confirmada)
            .await?,
        "undone while the time is free"
    );
    assert!(
        store
            .change_cita_status("c-1", CitaStatus::Confirmada, CitaStatus::NoPresentado)
            .await?
    );
    store
        .create_cita(&cita("c-2", "staff-ana", friday, 630, 690))
        .await?;
    assert!(matches!(
        store
            .change_cita_status("c-1", CitaStatus::NoPresentado, CitaStatus::Confirmada)
            .await,
        Err(StoreError::SlotTaken)
    ));
    assert_eq!(
        store.cita("c-1").await?.map(|c| c.status),
        Some(CitaStatus::NoPresentado)
    );
    Ok(())
}

/// Staff edit a client's contact details and private note: they read back, the search finds
/// the new details, the account link stays; an unknown client is `None`/`false`.
pub async fn clients_are_edited_with_their_note(store: &dyn Store) -> Result<(), StoreError> {
    store
        .create_user(&new_user("u-marta", "marta@ejemplo.es", Role::Cliente))
        .await?;
    store
        .create_client(
            &client("k-1", Some("marta@ejemplo.es"), Some("u-marta")),
            T0,
        )
        .await?;
    assert_eq!(store.client_note("k-1").await?, Some(String::new()));
    assert_eq!(store.client_note("k-0").await?, None);

    let edited = Client {
        id: "k-1".into(),
        name: "Marta Ruiz Peña".into(),
        email: None,
        phone: Some("+34 699 000 111".into()),
        // Ignored: the account link is not the page's to change.
        user_id: None,
    };
    let note = "Alérgica al amoniaco.\nPrefiere la tarde.";
    assert!(store.update_client(&edited, note).await?);
    assert_eq!(store.client_note("k-1").await?.as_deref(), Some(note));
    assert_eq!(
        store.client("k-1").await?,
        Some(Client {
            user_id: Some("u-marta".into()),
            ..edited.clone()
        })
    );
    let found = store.search_clients(Some("699000"), 10).await?;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].client.name, "Marta Ruiz Peña");
    assert!(store.search_clients(Some("marta@"), 10).await?.is_empty());

    let unknown = Client {
        id: "k-0".into(),
        ..edited
    };
    assert!(!store.update_client(&unknown, "").await?);
    Ok(())
}

/// A client's conversations: those their account owns and those whose assistant booked one of
/// their citas, each once, the latest first, with the text of their last message.
pub async fn client_conversations_are_theirs(store: &dyn Store) -> Result<(), StoreError> {
    booking_fixture(store).await?;
    store
        .create_user(&new_user("u-marta", "marta@cuenta.es", Role::Cliente))
        .await?;
    store
        .create_client(&client("k-2", None, Some("u-marta")), T0)
        .await?;
    let said = |text: &str, seconds: i64| message(MessageAuthor::Human, text, seconds);
    let answered = |text: &str, seconds: i64| message(MessageAuthor::Ai, text, seconds);

    // Her own conversation, which also booked a cita for her.
    let own = ChatSessionId::parse("own-1").expect("valid");
    store
        .append_chat_messages(&own, Some("u-marta"), &[said("Hola", 0)])
        .await?;
    store
        .append_chat_messages(&own, Some("u-marta"), &[answered("**¡Hecho!**", 30)])
        .await?;
    let mut booked = cita("c-1", "staff-ana", date!(2026 - 11 - 27), 600, 630);
    booked.client_id = "k-2".into();
    booked.chat_session_id = Some("own-1".into());
    store.create_cita(&booked).await?;
    // A guest's conversation whose assistant booked for her (she gave her name there).
    let guest = ChatSessionId::parse("guest-1").expect("valid");
    store
        .append_chat_messages(&guest, None, &[said("Reserva para Marta", 60)])
        .await?;
    let mut by_guest = cita("c-2", "staff-ana", date!(2026 - 11 - 28), 600, 630);
    by_guest.client_id = "k-2".into();
    by_guest.chat_session_id = Some("guest-1".into());
    store.create_cita(&by_guest).await?;
    // Someone else's.
    let other = ChatSessionId::parse("other-1").expect("valid");
    store
        .append_chat_messages(&other, None, &[said("Otra persona", 90)])
        .await?;
    let mut theirs = cita("c-3", "staff-luis", date!(2026 - 11 - 28), 600, 630);
    theirs.chat_session_id = Some("other-1".into());
    store.create_cita(&theirs).await?;

    let found = store.client_conversations("k-2").await?;
    let seen: Vec<(&str, &str)> = found
        .iter()
        .map(|c| (c.session_id.as_str(), c.last_message.as_str()))
        .collect();
    assert_eq!(
        seen,
        [("guest-1", "Reserva para Marta"), ("own-1", "**¡Hecho!**")]
    );
    assert_eq!(found[1].started_at, T0);
    assert_eq!(found[1].last_at, T0 + time::Duration::seconds(30));
    assert!(store.client_conversations("k-1").await?.len() == 1);
    assert!(store.client_conversations("k-0").await?.is_empty());
    Ok(())
}
