//! A cita as a calendar file ("Añadir al calendario"): for its own cliente or for staff.

use citabot_domain::booking::{Cita, CitaStatus};
use citabot_store::{Store, StoreError, User};
use time::{Date, OffsetDateTime};

use crate::ics::{self, Event, Method};

/// A cita's calendar file and the local date it falls on (for the file's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitaCalendar {
    pub date: Date,
    /// The whole `.ics` text.
    pub file: String,
}

/// The calendar file of cita `id` for `user`; `None` when there is no such cita or it is not
/// theirs to see (a cliente sees only their own).
pub async fn cita_calendar(
    store: &dyn Store,
    user: &User,
    id: &str,
    now: OffsetDateTime,
) -> Result<Option<CitaCalendar>, StoreError> {
    let Some(cita) = store.cita(id).await? else {
        return Ok(None);
    };
    if !may_see(store, user, &cita).await? {
        return Ok(None);
    }
    let salon = store
        .business()
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    let services = store.services().await?;
    let names: Vec<&str> = cita
        .service_ids
        .iter()
        .filter_map(|id| services.iter().find(|service| &service.id == id))
        .map(|service| service.name.as_str())
        .collect();
    let staff_name = match store.user(&cita.staff_id).await? {
        Some(member) => format!("{} {}", member.first_name, member.last_name),
        None => String::new(),
    };
    // The salon's address once the business has one; its name meanwhile.
    let event = cita_event(&cita, &salon, &salon, &names, &staff_name, now);
    Ok(Some(CitaCalendar {
        date: cita.date,
        file: ics::calendar(&event, &Method::Publish),
    }))
}

/// A cita as a calendar event, the same for the download and the messages: its `UID` is the
/// cita's, so every file about it updates one event.
pub fn cita_event(
    cita: &Cita,
    salon: &str,
    location: &str,
    service_names: &[&str],
    staff_name: &str,
    stamp: OffsetDateTime,
) -> Event {
    let summary = match (service_names.is_empty(), salon.is_empty()) {
        (false, false) => format!("{} — {salon}", service_names.join(", ")),
        (false, true) => service_names.join(", "),
        (true, _) => format!("Cita en {salon}").trim().to_owned(),
    };
    Event {
        uid: format!("{}@citabot", cita.id),
        stamp,
        start: cita.start_at,
        end: cita.end_at,
        summary,
        location: location.to_owned(),
        description: if staff_name.trim().is_empty() {
            String::new()
        } else {
            format!("Te atiende {}.", staff_name.trim())
        },
        status: match cita.status {
            CitaStatus::Pendiente => Some("TENTATIVE"),
            CitaStatus::Confirmada | CitaStatus::Completada => Some("CONFIRMED"),
            CitaStatus::Cancelada => Some("CANCELLED"),
            CitaStatus::NoPresentado => None,
        },
    }
}

/// Staff see every cita; a cliente only those of their own client record.
async fn may_see(store: &dyn Store, user: &User, cita: &Cita) -> Result<bool, StoreError> {
    if user.role.is_staff() {
        return Ok(true);
    }
    Ok(store
        .client_for_user(&user.id)
        .await?
        .is_some_and(|client| client.id == cita.client_id))
}
