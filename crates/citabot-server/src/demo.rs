//! Demo data (REQUIREMENTS B6, issue 11): on the first start against an empty database, a hair
//! salon in Madrid with its hours, profile (address, contact, FAQ), closures on the public holidays,
//! services, two stylists with different skills, and one account per role. The passwords
//! are random for each installation (never a default account) and are printed once, in the log.

use citabot_domain::account::Role;
use citabot_domain::booking::rules::StaffSchedule;
use citabot_domain::booking::{self, Client};
use citabot_domain::clock::Clock;
use citabot_store::{Store, StoreError};

use crate::auth::tokens;
use crate::usecases::accounts::{AccountInput, CreateAccountError, create_account};

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

/// Seeds when the database is empty and prints the demo accounts once.
pub async fn seed_and_announce(store: &dyn Store, clock: &dyn Clock) -> Result<(), DemoError> {
    if let Some(accounts) = seed_if_empty(store, clock).await? {
        tracing::info!(
            "demo data written: Peluquería Lucía (Europe/Madrid), 8 services, 2 staff, closed on public holidays"
        );
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
