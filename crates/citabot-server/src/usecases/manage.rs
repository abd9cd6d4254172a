//! The manage link (issue 13): whoever holds a cita's signed link (`/cita/<token>`) sees it,
//! says they will come, moves it or cancels it, without signing in, under exactly the rules of
//! a cliente changing her own cita ([`change_cita`] with [`ChangedBy::ManageLink`]), so a move
//! or a cancellation writes its messages in its own transaction as any other does. The free
//! times it offers are a cliente's, with the cita's own time free to it. Reading never changes
//! anything: mail scanners open links.

use citabot_domain::booking::{Cita, CitaStatus, DayMinute, Service};
use citabot_store::Store;
use time::{Date, OffsetDateTime};

use super::citas::{
    self, AvailabilityRequest, ChangedBy, CitaChangeRequest, CitaDetails, Fitting, Refusal,
    client_may_still_change,
};
use super::mail::SalonContact;
use super::settings::{calendar, local_now};
use crate::mail::Outbox;

/// A cita as its link shows it.
#[derive(Debug, Clone)]
pub struct ManagedCita {
    pub details: CitaDetails,
    /// The cita's services as on the menu (with their durations and prices), in its order.
    pub services: Vec<Service>,
    /// Its client may still move it (pending or confirmed, outside the minimum notice).
    pub can_change: bool,
    /// Its client may still cancel it (the same rule as moving).
    pub can_cancel: bool,
    pub salon: SalonContact,
}

/// The cita a token names, or [`Refusal::NotFound`] (the handler says an invalid link).
async fn cita_of(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<Cita, Refusal> {
    let id = outbox.read_token(token, now).ok_or(Refusal::NotFound)?;
    store.cita(&id).await?.ok_or(Refusal::NotFound)
}

/// The cita a token names, for an action: a cancelled one refuses every action (409).
async fn open_cita(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<Cita, Refusal> {
    let cita = cita_of(store, outbox, token, now).await?;
    if cita.status == CitaStatus::Cancelada {
        return Err(Refusal::Cancelled);
    }
    Ok(cita)
}

async fn shown(store: &dyn Store, cita: Cita, now: OffsetDateTime) -> Result<ManagedCita, Refusal> {
    let business = store.business().await?.ok_or(Refusal::NotConfigured)?;
    let calendar = calendar(store).await?;
    let changeable = cita.status.holds_time()
        && cita.start_at > now
        && client_may_still_change(&calendar, local_now(&business, now)?, &cita);
    let services = citas::services_of(store, &cita).await?;
    let details = citas::details(store, vec![cita])
        .await?
        .pop()
        .ok_or(Refusal::NotFound)?;
    Ok(ManagedCita {
        details,
        services,
        can_change: changeable,
        can_cancel: changeable,
        salon: SalonContact::read(store).await?,
    })
}

/// `GET`: the cita, read only.
pub async fn read(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<ManagedCita, Refusal> {
    let cita = cita_of(store, outbox, token, now).await?;
    shown(store, cita, now).await
}

/// Cancels the cita, as its client would (outside the minimum notice).
pub async fn cancel(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<ManagedCita, Refusal> {
    let cita = open_cita(store, outbox, token, now).await?;
    let change = CitaChangeRequest {
        status: Some(CitaStatus::Cancelada),
        ..CitaChangeRequest::default()
    };
    let written =
        citas::change_cita(store, outbox, ChangedBy::ManageLink, &cita.id, change, now).await?;
    shown(store, written.cita, now).await
}

/// The free times the guest may move the cita to on `date`, with `staff_id` when given (else
/// with anyone who does its services): a cliente's window and the times other visitors hold,
/// around the other citas, but never around itself.
pub async fn free_times(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    date: Date,
    staff_id: Option<String>,
    now: OffsetDateTime,
) -> Result<Vec<(DayMinute, Vec<String>)>, Refusal> {
    let cita = open_cita(store, outbox, token, now).await?;
    let request = AvailabilityRequest {
        date,
        fitting: Fitting::Moving {
            cita,
            services: None,
        },
        staff_id,
        for_staff: false,
    };
    citas::availability(store, &request, now).await
}

/// Where the guest moves the cita: another day and time, and another stylist when picked (the
/// cita's own otherwise).
#[derive(Debug, Clone)]
pub struct MoveTo {
    pub date: Date,
    pub start_min: DayMinute,
    pub staff_id: Option<String>,
}

/// Moves the cita, as its client would: its services, the salon's rules, the notice and the
/// horizon, and the times other visitors hold.
pub async fn reschedule(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    to: MoveTo,
    now: OffsetDateTime,
) -> Result<ManagedCita, Refusal> {
    let cita = open_cita(store, outbox, token, now).await?;
    let change = CitaChangeRequest {
        date: Some(to.date),
        start_min: Some(to.start_min),
        staff_id: to.staff_id,
        ..CitaChangeRequest::default()
    };
    let written =
        citas::change_cita(store, outbox, ChangedBy::ManageLink, &cita.id, change, now).await?;
    shown(store, written.cita, now).await
}

/// "Sí, voy": marks the cita as confirmed by its client (shown in the diary), while
/// it still holds its time and is not over. Saying it twice is the same as once.
pub async fn attend(
    store: &dyn Store,
    outbox: &Outbox,
    token: &str,
    now: OffsetDateTime,
) -> Result<ManagedCita, Refusal> {
    let cita = open_cita(store, outbox, token, now).await?;
    let cita = citas::client_confirms(store, ChangedBy::ManageLink, &cita.id, now).await?;
    shown(store, cita, now).await
}
