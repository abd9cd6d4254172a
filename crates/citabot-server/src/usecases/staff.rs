//! The staff: the accounts that attend citas, one of them by id, and an account's role as an
//! administrador changes it (never her own administrador role, so the business always keeps
//! one). New staff accounts are made by the one account creation of sign-up and
//! `citabot user add`.

use citabot_domain::account::Role;
use citabot_store::{Store, StoreError, User};

/// Everyone who attends citas, by name.
pub async fn list(store: &dyn Store) -> Result<Vec<User>, StoreError> {
    store.staff_accounts().await
}

/// A staff member's account, when `id` is one of the staff.
pub async fn member(store: &dyn Store, id: &str) -> Result<Option<User>, StoreError> {
    Ok(list(store).await?.into_iter().find(|user| user.id == id))
}

/// Why a role is not changed; the handler turns it into a status.
#[derive(Debug)]
pub enum RoleRefusal {
    /// An administrador taking away her own administrador role (409).
    OwnAdministrador,
    /// No account has that id (404).
    NoSuchAccount,
    Store(StoreError),
}

impl From<StoreError> for RoleRefusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// Gives account `id` the role `role` on behalf of administrador `me`, and answers the account
/// as it is now.
pub async fn set_role(
    store: &dyn Store,
    me: &User,
    id: &str,
    role: Role,
) -> Result<User, RoleRefusal> {
    if id == me.id && role != Role::Administrador {
        return Err(RoleRefusal::OwnAdministrador);
    }
    if !store.set_role(id, role).await? {
        return Err(RoleRefusal::NoSuchAccount);
    }
    store.user(id).await?.ok_or(RoleRefusal::NoSuchAccount)
}
