//! The salon's services: the menu (inactive services only for staff), a new service, and a
//! change of any of a service's fields. Services are never deleted, since citas refer to them:
//! `active: false` hides one from guests, clientes and the assistant. The handler checks each
//! field; what is here reads and writes through the store.

use citabot_domain::booking::{DayMinute, Service};
use citabot_store::{Store, StoreError};

/// Who reads the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Guests and clientes: active services only.
    Public,
    /// Staff: every service.
    Staff,
}

/// The services `reader` sees, in menu order (the order they were created).
pub async fn list(store: &dyn Store, reader: Reader) -> Result<Vec<Service>, StoreError> {
    let mut services = store.services().await?;
    if reader == Reader::Public {
        services.retain(|service| service.active);
    }
    Ok(services)
}

/// A new service, already checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewService {
    pub name: String,
    pub description: String,
    pub duration_min: DayMinute,
    pub price_cents: u32,
    pub active: bool,
}

/// Adds a service under a new id.
pub async fn create(store: &dyn Store, new: NewService) -> Result<Service, StoreError> {
    let service = Service {
        id: uuid::Uuid::new_v4().to_string(),
        name: new.name,
        description: new.description,
        duration_min: new.duration_min,
        price_cents: new.price_cents,
        active: new.active,
    };
    store.create_service(&service).await?;
    Ok(service)
}

/// A change of a service's fields, already checked; `None` leaves one as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServiceChange {
    pub name: Option<String>,
    pub description: Option<String>,
    pub duration_min: Option<DayMinute>,
    pub price_cents: Option<u32>,
    pub active: Option<bool>,
}

/// Applies `change` to service `id` and answers it as saved; `None` when there is no such
/// service.
pub async fn update(
    store: &dyn Store,
    id: &str,
    change: ServiceChange,
) -> Result<Option<Service>, StoreError> {
    let Some(mut service) = store
        .services()
        .await?
        .into_iter()
        .find(|service| service.id == id)
    else {
        return Ok(None);
    };
    if let Some(name) = change.name {
        service.name = name;
    }
    if let Some(description) = change.description {
        service.description = description;
    }
    if let Some(minutes) = change.duration_min {
        service.duration_min = minutes;
    }
    if let Some(cents) = change.price_cents {
        service.price_cents = cents;
    }
    if let Some(active) = change.active {
        service.active = active;
    }
    Ok(store.update_service(&service).await?.then_some(service))
}
