//! Demo data (REQUIREMENTS B6, issue 11): on the first start against an empty database, a hair
//! salon in Madrid with its hours, profile (address, contact, FAQ), closures on the public holidays,
//! services, two stylists with different skills, and one account per role. The passwords
//! are random for each installation (never a default account) and are printed once, in the log.
//!
//! With `demo_week` (the default; issue 24), `serve` also writes a believable week of citas
//! around the day it first starts (done ones in the past, a no-show, confirmed and pending ones
//! ahead) for a handful of demo clients, and a few reviews of the done ones. The clients are
//! marked as the demo's, so the dashboard shows their citas as demo data, the landing labels
//! their reviews, and an administrador takes all of it away in one click ([`remove`]).

use citabot_domain::account::Role;
use citabot_domain::booking::rules::StaffSchedule;
use citabot_domain::booking::{self, Cita, CitaStatus, Client, DayMinute, zone};
use citabot_domain::clock::Clock;
use citabot_store::{Review, Store, StoreError};
use time::{Date, Duration, OffsetDateTime, Weekday};

use crate::auth::tokens;
use crate::usecases::accounts::{AccountInput, CreateAccountError, create_account};
use crate::usecases::reviews::author_of;

/// Why the demo could not be written.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("demo account: {0}")]
    Account(#[from] CreateAccountError),
}

/// A demo account as created: what to print for the person trying the product.
#[derive(Debug, Clone)]
pub struct DemoAccount {
    pub role: Role,
    pub email: String,
    pub password: String,
}

/// `(role, email, first name, last name, phone)` of each demo account: the owner and a stylist
/// (the two staff members) and a client.
const ACCOUNTS: [(Role, &str, &str, &str, &str); 3] = [
    (
        Role::Administrador,
        "lucia@peluqueria.example",
        "Lucía",
        "Martín",
        "+34 600 100 200",
    ),
    (
        Role::Usuario,
        "javier@peluqueria.example",
        "Javier",
        "Gómez",
        "+34 600 100 300",
    ),
    (
        Role::Cliente,
        "marta@cliente.example",
        "Marta",
        "Ruiz",
        "+34 611 222 333",
    ),
];

/// Writes the demo into an empty database and returns its accounts; `None` when the business
/// already exists (the demo, or the real one, was set up before).
pub async fn seed_if_empty(
    store: &dyn Store,
    clock: &dyn Clock,
) -> Result<Option<Vec<DemoAccount>>, DemoError> {
    if store.business().await?.is_some() {
        return Ok(None);
    }
    let now = clock.now();
    let mut accounts = Vec::new();
    let mut staff_ids = Vec::new();
    for (role, email, first_name, last_name, phone) in ACCOUNTS {
        // 120 random bits in 20 URL-safe characters, shown only once.
        let password = tokens::random_token()[..20].to_owned();
        let input = AccountInput {
            email,
            password: &password,
            first_name,
            last_name,
            phone: Some(phone),
            role,
        };
        let user = create_account(store, input, now).await?;
        if role.is_staff() {
            staff_ids.push((email, user.id.clone()));
        }
        if role == Role::Cliente {
            let client = Client {
                id: uuid::Uuid::new_v4().to_string(),
                name: format!("{first_name} {last_name}"),
                email: Some(user.email.clone()),
                phone: user.phone.clone(),
                user_id: Some(user.id.clone()),
            };
            store.create_client(&client, now).await?;
        }
        accounts.push(DemoAccount {
            role,
            email: user.email,
            password,
        });
    }
    for service in booking::demo::services() {
        store.create_service(&service).await?;
    }
    for (email, services) in booking::demo::SKILLS {
        if let Some((_, staff_id)) = staff_ids.iter().find(|(staff, _)| *staff == email) {
            let schedule = StaffSchedule {
                service_ids: Some(services.iter().map(|id| (*id).to_owned()).collect()),
                ..StaffSchedule::default_for(staff_id)
            };
            store.save_staff_schedule(&schedule).await?;
        }
    }
    store
        .save_business_settings(None, &booking::demo::settings())
        .await?;
    for closure in booking::demo::holidays(now.date()) {
        store.create_closure(&closure).await?;
    }
    // Last: a business on record is what marks the demo as written.
    store.save_business(&booking::demo::salon()).await?;
    Ok(Some(accounts))
}

/// Seeds when the database is empty (with the week of citas when `with_week`) and prints the
/// demo accounts once.
pub async fn seed_and_announce(
    store: &dyn Store,
    clock: &dyn Clock,
    with_week: bool,
) -> Result<(), DemoError> {
    if let Some(accounts) = seed_if_empty(store, clock).await? {
        tracing::info!(
            "demo data written: Peluquería Lucía (Europe/Madrid), 8 services, 2 staff, closed on public holidays"
        );
        if with_week {
            let citas = seed_week(store, clock.now()).await?;
            tracing::info!(
                citas,
                "demo week written: citas of demo clients around today, removable in the diary"
            );
        }
        for account in accounts {
            tracing::info!(
                role = %account.role,
                email = %account.email,
                password = %account.password,
                "demo account (the password is shown only now)"
            );
        }
    }
    Ok(())
}

/// The demo's clients: no email nor phone, so no visitor is ever taken for one of them.
const WEEK_CLIENTS: [&str; 8] = [
    "Carmen Vidal",
    "Pablo Ortega",
    "Elena Soto",
    "Marcos Gil",
    "Nuria Campos",
    "Sergio Lara",
    "Irene Molina",
    "Raúl Peña",
];

/// A day's citas by stylist (their email): `(start, services)`, within the demo's hours and
/// each stylist's skills. Two weekday plans, alternated, and Saturday's morning.
const WEEKDAY_PLANS: [[(&str, DayMinute, &[&str]); 6]; 2] = [
    [
        ("lucia@peluqueria.example", 600, &["tinte"]),
        ("lucia@peluqueria.example", 720, &["corte-mujer"]),
        ("lucia@peluqueria.example", 1020, &["mechas"]),
        ("javier@peluqueria.example", 570, &["corte-caballero"]),
        (
            "javier@peluqueria.example",
            660,
            &["corte-caballero", "barba"],
        ),
        ("javier@peluqueria.example", 1080, &["corte-mujer"]),
    ],
    [
        ("lucia@peluqueria.example", 570, &["corte-mujer", "peinado"]),
        ("lucia@peluqueria.example", 990, &["keratina"]),
        ("lucia@peluqueria.example", 1170, &["manicura"]),
        ("javier@peluqueria.example", 630, &["tinte"]),
        ("javier@peluqueria.example", 780, &["barba"]),
        ("javier@peluqueria.example", 1050, &["corte-caballero"]),
    ],
];
const SATURDAY_PLAN: [(&str, DayMinute, &[&str]); 4] = [
    ("lucia@peluqueria.example", 600, &["peinado"]),
    ("lucia@peluqueria.example", 690, &["corte-mujer"]),
    ("javier@peluqueria.example", 570, &["corte-caballero"]),
    ("javier@peluqueria.example", 720, &["barba"]),
];

/// What the demo's first done citas were told of, as their clients might word it.
const WEEK_REVIEWS: [(u8, &str); 4] = [
    (
        5,
        "Lucía me dejó el color justo como quería. Volveré seguro.",
    ),
    (
        5,
        "Rápido, amable y muy buen corte. Reservar por el chat fue facilísimo.",
    ),
    (
        4,
        "Muy contenta con el resultado; tuve que esperar cinco minutos.",
    ),
    (5, "Un trato estupendo de principio a fin."),
];

/// Writes the demo's week: the open days from three days before `now` to three after (public
/// holidays left out), each with its plan's citas; those already over are completed (one a
/// no-show) and the first four have a review. How many citas it wrote.
pub async fn seed_week(store: &dyn Store, now: OffsetDateTime) -> Result<usize, DemoError> {
    let salon = booking::demo::salon();
    let (today, _) = zone::local(&salon.time_zone, now)
        .map_err(|error| StoreError::Corrupt(format!("the demo's time zone: {error:?}")))?;
    let staff = store.staff().await?;
    // A stylist by the email of the demo's account: the staff list names them.
    let staff_id = |email: &str| {
        let (.., first_name, last_name, _) = ACCOUNTS.iter().find(|account| account.1 == email)?;
        let name = format!("{first_name} {last_name}");
        staff
            .iter()
            .find(|member| member.name == name)
            .map(|member| member.user_id.clone())
    };
    let mut clients = Vec::new();
    for name in WEEK_CLIENTS {
        let client = Client {
            id: uuid::Uuid::new_v4().to_string(),
            name: name.to_owned(),
            email: None,
            phone: None,
            user_id: None,
        };
        store.create_client(&client, now).await?;
        store.mark_demo_client(&client.id).await?;
        clients.push(client);
    }
    let holidays = booking::demo::holidays(today - Duration::days(3));
    let services = booking::demo::services();
    let mut written = 0;
    let mut reviews = WEEK_REVIEWS.iter();
    for offset in -3..=3_i64 {
        let date = today + Duration::days(offset);
        let closed = holidays
            .iter()
            .any(|closure| (closure.from..=closure.to).contains(&date));
        let plan: &[(&str, DayMinute, &[&str])] = match date.weekday() {
            _ if closed => &[],
            Weekday::Sunday => &[],
            Weekday::Saturday => &SATURDAY_PLAN,
            _ => &WEEKDAY_PLANS[usize::try_from(offset.rem_euclid(2)).unwrap_or(0)],
        };
        for (email, start_min, service_ids) in plan {
            let Some(staff_id) = staff_id(email) else {
                continue;
            };
            let minutes: DayMinute = service_ids
                .iter()
                .filter_map(|id| services.iter().find(|service| service.id == *id))
                .map(|service| service.duration_min)
                .sum();
            let client = &clients[written % clients.len()];
            let cita = week_cita(
                &salon.time_zone,
                date,
                (*start_min, *start_min + minutes),
                (&staff_id, client, service_ids),
                (now, written),
            )?;
            store.create_cita(&cita).await?;
            if cita.status == CitaStatus::Completada
                && let Some((rating, comment)) = reviews.next()
            {
                store
                    .add_review(&Review {
                        id: uuid::Uuid::new_v4().to_string(),
                        cita_id: cita.id.clone(),
                        rating: *rating,
                        comment: (*comment).to_owned(),
                        author: author_of(&client.name),
                        created_at: cita.end_at + Duration::hours(3),
                        reply: None,
                        replied_at: None,
                        hidden: false,
                        demo: true,
                    })
                    .await?;
            }
            written += 1;
        }
    }
    Ok(written)
}

/// One cita of the demo's week: done when it is over by `now` (the second of those a no-show),
/// else confirmed, one in three still pending.
fn week_cita(
    time_zone: &str,
    date: Date,
    (start_min, end_min): (DayMinute, DayMinute),
    (staff_id, client, service_ids): (&str, &Client, &[&str]),
    (now, index): (OffsetDateTime, usize),
) -> Result<Cita, DemoError> {
    let instant = |minute| {
        zone::instant(time_zone, date, minute)
            .map_err(|error| StoreError::Corrupt(format!("a demo cita's time: {error:?}")))
    };
    let (start_at, end_at) = (instant(start_min)?, instant(end_min)?);
    let status = if end_at <= now {
        if index == 1 {
            CitaStatus::NoPresentado
        } else {
            CitaStatus::Completada
        }
    } else if index % 3 == 2 {
        CitaStatus::Pendiente
    } else {
        CitaStatus::Confirmada
    };
    Ok(Cita {
        id: uuid::Uuid::new_v4().to_string(),
        staff_id: staff_id.to_owned(),
        client_id: client.id.clone(),
        date,
        start_min,
        end_min,
        start_at,
        end_at,
        status,
        service_ids: service_ids.iter().map(|id| (*id).to_owned()).collect(),
        created_at: start_at.min(now) - Duration::days(2),
        chat_session_id: None,
        outside_hours: false,
        revision: 0,
    })
}

/// Whether the demo's week is still there.
pub async fn present(store: &dyn Store) -> Result<bool, StoreError> {
    store.has_demo_data().await
}

/// Takes away the demo's week: its clients, their citas and those citas' reviews; how many
/// citas went.
pub async fn remove(store: &dyn Store) -> Result<u64, StoreError> {
    store.remove_demo_data().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_services_last_a_valid_time() {
        for service in booking::demo::services() {
            assert!(booking::check_duration(service.duration_min).is_ok());
        }
    }

    #[test]
    fn every_service_has_a_stylist_and_some_have_both() {
        use booking::demo::SKILLS;
        let menu = booking::demo::services();
        let does = |email: &str, id: &str| {
            SKILLS
                .iter()
                .any(|(staff, services)| *staff == email && services.contains(&id))
        };
        let mut shared = 0;
        for id in menu.iter().map(|service| service.id.as_str()) {
            let lucia = does("lucia@peluqueria.example", id);
            let javier = does("javier@peluqueria.example", id);
            assert!(lucia || javier, "nobody does {id}");
            shared += usize::from(lucia && javier);
        }
        assert!(shared >= 2);
        assert!(SKILLS.iter().all(|(email, services)| {
            ACCOUNTS.iter().any(|(_, account, ..)| account == email)
                && services
                    .iter()
                    .all(|id| menu.iter().any(|service| service.id == *id))
        }));
    }
}
