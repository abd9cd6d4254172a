//! Creating an account: sign-up, staff added by an administrador, `citabot user add` and the
//! demo data all validate, hash and store it here.

use citabot_domain::account::{AccountValueError, Email, NewPassword, PersonName, Phone, Role};
use citabot_domain::booking::rules::StaffSchedule;
use citabot_store::{NewUser, Store, StoreError, User};

use crate::auth::password;

/// An account to create, as typed (the sign-up form, the staff form or the CLI).
#[derive(Debug)]
pub struct AccountInput<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone: Option<&'a str>,
    pub role: Role,
}

/// Why an account could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateAccountError {
    #[error(transparent)]
    Invalid(#[from] AccountValueError),
    #[error("an account with this email already exists")]
    EmailTaken,
    /// The database could not store it (perhaps only for now: see [`StoreError::Unavailable`]).
    #[error("cannot store the account")]
    Store(#[from] StoreError),
    #[error("cannot create the account")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Validates, hashes the password and stores a new account.
pub async fn create_account(
    store: &dyn Store,
    input: AccountInput<'_>,
    now: time::OffsetDateTime,
) -> Result<User, CreateAccountError> {
    let email = Email::parse(input.email)?;
    let password = NewPassword::parse(input.password)?;
    let first_name = PersonName::parse(input.first_name, "first name")?;
    let last_name = PersonName::parse(input.last_name, "last name")?;
    let phone = match input.phone.map(str::trim).filter(|phone| !phone.is_empty()) {
        Some(phone) => Some(Phone::parse(phone)?),
        None => None,
    };
    let password_hash = password::hash(password.expose().to_owned())
        .await
        .map_err(|error| CreateAccountError::Failed(Box::new(error)))?;
    let user = NewUser {
        id: uuid::Uuid::new_v4().to_string(),
        email,
        password_hash,
        first_name,
        last_name,
        phone,
        role: input.role,
        created_at: now,
    };
    let created = store
        .create_user(&user)
        .await
        .map_err(|error| match error {
            StoreError::Conflict(_) => CreateAccountError::EmailTaken,
            other => CreateAccountError::Store(other),
        })?;
    // An administrador added to a running salon is someone to run the dashboard, not a stylist
    // the chat books ("atiende citas" is off until turned on). The salon's first accounts,
    // made before it is set up (as the demo's administradora), stay bookable.
    if created.role == Role::Administrador && store.business().await?.is_some() {
        let schedule = StaffSchedule {
            bookable: false,
            ..StaffSchedule::default_for(&created.id)
        };
        store.save_staff_schedule(&schedule).await?;
    }
    Ok(created)
}
