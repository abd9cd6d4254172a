//! Citas by hand and what clients do with their own (REQUIREMENTS D2, issue 11): staff book,
//! move and change citas; a cliente moves or cancels her own while the minimum notice allows;
//! anyone asks what is free. Every write is held to the salon's rules through the one check in
//! the domain ([`Calendar::check`]) and to the database's refusal of a double booking.

use std::collections::HashMap;

use citabot_domain::booking::availability::{self, Busy, Slot, SlotQuery};
use citabot_domain::booking::rules::{Booker, Calendar, Proposed, Window};
use citabot_domain::booking::{
    Business, Cita, CitaStatus, Client, DAY_MINUTES, DayMinute, Service, SlotHold, StatusRefusal,
};
use citabot_store::booking::CitaTime;
use citabot_store::{CitaChange, Holds, Store, StoreError, User};
use time::{Date, Duration, OffsetDateTime};

use super::booking::{self as booking_case, ClientTarget, NewCita, instant_at};
use super::mail::{self, News};
use super::settings::{breach_sentence, calendar, local_now};
use crate::mail::Outbox;

/// The most services one cita may have.
pub const MAX_SERVICES: usize = 10;

/// The answer when a cita does not exist or is not the caller's to see.
pub const NO_SUCH_CITA: &str = "Esa cita no existe.";

/// Why a request about citas is refused; the handler turns it into a status.
#[derive(Debug)]
pub enum Refusal {
    /// No such cita, or not the caller's (404).
    NotFound,
    /// The role may not do it (403).
    Forbidden(String),
    /// Malformed (400).
    Invalid(String),
    /// Well formed but impossible: outside the rules, unknown service or person (422).
    Unprocessable(String),
    /// The slot is taken or the status does not allow it (409).
    Conflict(String),
    /// No business is set up yet (503).
    NotConfigured,
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

const TAKEN: &str = "Esa persona ya tiene una cita a esa hora. Elige otra hora u otra persona.";

/// Told to staff whose cita took a time a chat visitor was holding.
pub const HOLD_RELEASED: &str = "Un cliente estaba reservando esa hora en el chat: la hora es \
     para esta cita y el asistente le ofrecerá otra cuando confirme.";

/// A cita written by hand, and whether it took a time a chat visitor was holding (the hold
/// gave way: staff come first, and are told).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByHandWritten {
    pub cita: Cita,
    pub hold_released: bool,
}

async fn business(store: &dyn Store) -> Result<Business, Refusal> {
    store.business().await?.ok_or(Refusal::NotConfigured)
}

/// The services asked for, in order: at least one, at most [`MAX_SERVICES`], each once (400),
/// known and active (422).
pub async fn chosen_services(store: &dyn Store, ids: &[String]) -> Result<Vec<Service>, Refusal> {
    if ids.is_empty() {
        return Err(Refusal::Invalid(
            "Elige al menos un servicio («serviceIds»).".into(),
        ));
    }
    if ids.len() > MAX_SERVICES {
        return Err(Refusal::Invalid(format!(
            "Una cita puede tener como mucho {MAX_SERVICES} servicios."
        )));
    }
    let all = store.services().await?;
    let mut chosen: Vec<Service> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if chosen.iter().any(|service| service.id == id) {
            return Err(Refusal::Invalid(format!(
                "El servicio «{id}» está repetido en «serviceIds»."
            )));
        }
        let service = all
            .iter()
            .find(|service| service.id == id)
            .ok_or_else(|| Refusal::Unprocessable(format!("El servicio «{id}» no existe.")))?;
        if !service.active {
            return Err(Refusal::Unprocessable(format!(
                "El servicio «{}» no se ofrece ahora.",
                service.name
            )));
        }
        chosen.push(service.clone());
    }
    Ok(chosen)
}

/// A cita's services as on the menu, in its order: its own stay valid even when taken off the
/// menu since (a move or the manage link keeps them).
pub async fn services_of(store: &dyn Store, cita: &Cita) -> Result<Vec<Service>, StoreError> {
    let menu = store.services().await?;
    Ok(cita
        .service_ids
        .iter()
        .filter_map(|id| menu.iter().find(|service| &service.id == id).cloned())
        .collect())
}

/// The services a moved cita will have: `new` ones must be on offer; the cita's own (when no
/// new ones are given) stay valid even if taken off the menu since.
async fn services_for_move(
    store: &dyn Store,
    cita: &Cita,
    new: Option<&[String]>,
) -> Result<Vec<Service>, Refusal> {
    match new {
        Some(ids) => chosen_services(store, ids).await,
        None => Ok(services_of(store, cita).await?),
    }
}

/// The services' durations added up (done back to back), when they fit in a day.
fn total_duration(services: &[Service]) -> Option<DayMinute> {
    let total: u32 = services
        .iter()
        .map(|service| u32::from(service.duration_min))
        .sum();
    DayMinute::try_from(total)
        .ok()
        .filter(|total| *total <= DAY_MINUTES)
}

async fn staff_exists(store: &dyn Store, staff_id: &str) -> Result<(), Refusal> {
    if store
        .staff()
        .await?
        .iter()
        .any(|member| member.user_id == staff_id)
    {
        Ok(())
    } else {
        Err(Refusal::Unprocessable(
            "Ese miembro del personal no existe.".into(),
        ))
    }
}

/// Holds a proposed cita to the rules that bind `booker` (422 with the reason).
fn check_rules(
    business: &Business,
    calendar: &Calendar,
    services: &[Service],
    proposed: &Proposed<'_>,
    booker: Booker,
    now: (Date, DayMinute),
) -> Result<(), Refusal> {
    calendar
        .check(business, proposed, booker, now)
        .map_err(|breach| Refusal::Unprocessable(breach_sentence(&breach, services, proposed)))
}

/// A cita by hand, as staff ask for it.
#[derive(Debug, Clone)]
pub struct ByHand {
    pub staff_id: String,
    pub target: ClientTarget,
    pub date: Date,
    pub start_min: DayMinute,
    pub service_ids: Vec<String>,
    pub status: CitaStatus,
    /// The staff's explicit override of hours, closures and the stylist's schedule.
    pub outside_hours: bool,
}

/// Books a cita by hand (staff): the services, the staff member, the salon's rules (staff may
/// book inside the notice and in the past), then the database's refusal of a double booking.
pub async fn book_by_hand(
    store: &dyn Store,
    outbox: &Outbox,
    request: ByHand,
    now: OffsetDateTime,
) -> Result<ByHandWritten, Refusal> {
    let business = business(store).await?;
    let services = chosen_services(store, &request.service_ids).await?;
    staff_exists(store, &request.staff_id).await?;
    let duration = total_duration(&services).ok_or_else(|| {
        Refusal::Unprocessable("Esos servicios juntos no caben en un día.".into())
    })?;
    let service_ids: Vec<String> = services.iter().map(|service| service.id.clone()).collect();
    let end = request.start_min.saturating_add(duration);
    let proposed = Proposed {
        staff_id: &request.staff_id,
        date: request.date,
        start: request.start_min,
        end,
        service_ids: &service_ids,
    };
    let calendar = calendar(store).await?;
    let booker = Booker::Staff {
        outside_hours: request.outside_hours,
    };
    check_rules(
        &business,
        &calendar,
        &services,
        &proposed,
        booker,
        local_now(&business, now)?,
    )?;
    if end > DAY_MINUTES {
        return Err(Refusal::Unprocessable(
            "Esos servicios no caben antes de medianoche.".into(),
        ));
    }
    if let ClientTarget::Existing(id) = &request.target
        && store.client(id).await?.is_none()
    {
        return Err(Refusal::Unprocessable("Ese cliente no existe.".into()));
    }
    let new = NewCita {
        staff_id: request.staff_id,
        date: request.date,
        start_min: request.start_min,
        end_min: end,
        service_ids,
        status: request.status,
        chat_session_id: None,
        outside_hours: request.outside_hours,
    };
    match booking_case::book(
        store,
        outbox,
        &business.time_zone,
        new,
        &request.target,
        now,
    )
    .await
    {
        Ok((cita, written)) => Ok(ByHandWritten {
            cita,
            hold_released: written.holds_released > 0,
        }),
        Err(StoreError::SlotTaken) => Err(Refusal::Conflict(TAKEN.into())),
        Err(error) => Err(error.into()),
    }
}

/// What a `PATCH` of a cita asks for; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct CitaChangeRequest {
    pub status: Option<CitaStatus>,
    pub date: Option<Date>,
    pub start_min: Option<DayMinute>,
    pub staff_id: Option<String>,
    pub service_ids: Option<Vec<String>>,
    pub outside_hours: Option<bool>,
}

impl CitaChangeRequest {
    fn moves(&self) -> bool {
        self.date.is_some()
            || self.start_min.is_some()
            || self.staff_id.is_some()
            || self.service_ids.is_some()
            || self.outside_hours.is_some()
    }
}

/// The citas from `from` to `to` (inclusive) a caller may see: everyone's for staff, her own
/// for a cliente; in a status and of a staff member when asked.
pub async fn list(
    store: &dyn Store,
    user: &User,
    (from, to): (Date, Date),
    status: Option<CitaStatus>,
    staff_id: Option<&str>,
) -> Result<Vec<Cita>, StoreError> {
    let citas = if user.role.is_staff() {
        store.citas_between(from, to + Duration::days(1)).await?
    } else {
        match own_client_id(store, user).await? {
            Some(client_id) => store
                .client_citas(&client_id)
                .await?
                .into_iter()
                .filter(|cita| from <= cita.date && cita.date <= to)
                .collect(),
            None => Vec::new(),
        }
    };
    Ok(citas
        .into_iter()
        .filter(|cita| status.is_none_or(|status| cita.status == status))
        .filter(|cita| staff_id.is_none_or(|staff_id| cita.staff_id == staff_id))
        .collect())
}

/// The client record of a cliente's account, if any.
pub async fn own_client_id(store: &dyn Store, user: &User) -> Result<Option<String>, StoreError> {
    Ok(store
        .client_for_user(&user.id)
        .await?
        .map(|client| client.id))
}

/// Who changes a cita: a signed-in account (staff, or a cliente her own), or whoever holds
/// the cita's manage link, who may do what its client may.
#[derive(Debug, Clone, Copy)]
pub enum ChangedBy<'a> {
    Account(&'a User),
    ManageLink,
}

/// Whether the cita as it stands is still outside the minimum notice, so its client may move
/// or cancel it (the horizon does not matter here: staff may have booked further ahead).
pub fn client_may_still_change(calendar: &Calendar, local: (Date, DayMinute), cita: &Cita) -> bool {
    let earliest = calendar.window(local, Booker::Client).earliest;
    earliest.is_none_or(|first| (cita.date, cita.start_min) >= first)
}

/// The cita `id` as `by` may change it: staff and the manage link any (the link was opened for
/// it), a cliente only her own; anyone else's is "not found", never "forbidden".
async fn cita_changeable_by(
    store: &dyn Store,
    by: ChangedBy<'_>,
    id: &str,
) -> Result<Cita, Refusal> {
    let cita = store.cita(id).await?.ok_or(Refusal::NotFound)?;
    if let ChangedBy::Account(user) = by
        && !user.role.is_staff()
    {
        let own = own_client_id(store, user).await?;
        if own.as_deref() != Some(cita.client_id.as_str()) {
            return Err(Refusal::NotFound);
        }
    }
    Ok(cita)
}

/// Only a cita that holds time (pending or confirmed) may move.
fn movable(cita: &Cita) -> Result<(), Refusal> {
    if cita.status.holds_time() {
        Ok(())
    } else {
        Err(Refusal::Conflict(format!(
            "Una cita {} no se puede mover.",
            cita.status.as_str()
        )))
    }
}

/// The free times `user` may move the cita `id` to on `date` ("Cambiar" in the diary and in
/// "mis citas"): as [`availability`] gives them, with the cita's own time free to it; its
/// services, or `services` instead.
pub async fn free_times_for_move(
    store: &dyn Store,
    user: &User,
    id: &str,
    (date, staff_id): (Date, Option<String>),
    services: Option<Vec<String>>,
    now: OffsetDateTime,
) -> Result<Vec<(DayMinute, Vec<String>)>, Refusal> {
    let cita = cita_changeable_by(store, ChangedBy::Account(user), id).await?;
    movable(&cita)?;
    let request = AvailabilityRequest {
        date,
        fitting: Fitting::Moving { cita, services },
        staff_id,
        for_staff: user.role.is_staff(),
    };
    availability(store, &request, now).await
}

/// Changes a cita: moves it (day, time, staff member, services; it keeps its id and history)
/// under the same rules as booking it, then its status as the status rules allow. Staff may do
/// either; a cliente only to her own, pending or confirmed, outside the minimum notice, and her
/// only status change is cancelling. A move into a taken slot changes nothing (409).
pub async fn change_cita(
    store: &dyn Store,
    outbox: &Outbox,
    by: ChangedBy<'_>,
    id: &str,
    change: CitaChangeRequest,
    now: OffsetDateTime,
) -> Result<ByHandWritten, Refusal> {
    if !change.moves() && change.status.is_none() {
        return Err(Refusal::Invalid(
            "Indica qué cambiar: «status», «date», «startMin», «staffId» o «serviceIds».".into(),
        ));
    }
    let cita = cita_changeable_by(store, by, id).await?;
    let is_staff = matches!(by, ChangedBy::Account(user) if user.role.is_staff());
    if !is_staff {
        if change
            .status
            .is_some_and(|next| next != CitaStatus::Cancelada)
        {
            return Err(Refusal::Forbidden("Solo puedes cancelar tus citas.".into()));
        }
        if change.outside_hours.is_some() {
            return Err(Refusal::Forbidden(
                "Solo el personal puede reservar fuera de horario.".into(),
            ));
        }
    }
    if let Some(next) = change.status
        && let Err(refusal) = cita.may_become(next, now)
    {
        return Err(Refusal::Conflict(match refusal {
            StatusRefusal::NotStarted => "La cita aún no ha empezado: solo se puede marcar como \
                 «no presentado» cuando ha pasado su hora de inicio."
                .to_owned(),
            StatusRefusal::NotAllowed => format!(
                "Una cita {} no puede pasar a {}.",
                cita.status.as_str(),
                next.as_str()
            ),
        }));
    }
    let business = business(store).await?;
    let local = local_now(&business, now)?;
    let calendar = calendar(store).await?;
    if !is_staff && !client_may_still_change(&calendar, local, &cita) {
        return Err(Refusal::Unprocessable(format!(
            "Solo puedes cambiar o cancelar una cita hasta {} minutos antes de que empiece; \
             llámanos si lo necesitas.",
            calendar.rules.min_notice_min
        )));
    }
    let mut cita = cita;
    let mut hold_released = false;
    if change.moves() {
        let place = Place {
            business: &business,
            calendar: &calendar,
            outbox,
        };
        (cita, hold_released) = move_cita(store, &place, cita, &change, is_staff, now).await?;
    }
    if let Some(next) = change.status {
        cita = set_status(store, outbox, cita, next, now).await?;
    }
    Ok(ByHandWritten {
        cita,
        hold_released,
    })
}

/// A status change with its client's message, in one transaction.
pub async fn set_status(
    store: &dyn Store,
    outbox: &Outbox,
    cita: Cita,
    next: CitaStatus,
    now: OffsetDateTime,
) -> Result<Cita, Refusal> {
    let after = Cita {
        status: next,
        revision: cita.revision + 1,
        ..cita.clone()
    };
    let queued = mail::about_cita(store, outbox, News::of_status(next), &after, now).await?;
    let change = CitaChange::SetStatus {
        cita_id: cita.id.clone(),
        from: cita.status,
        to: next,
        revision: cita.revision,
    };
    match store
        .apply_cita_change(&change, now, Holds::Release, queued.write())
        .await
    {
        Ok(_) => {}
        // Undoing a no-show holds the time again, which may be booked meanwhile.
        Err(StoreError::SlotTaken) => {
            return Err(Refusal::Conflict(
                "Esa persona ya tiene otra cita a esa hora, así que esta no puede volver a \
                 «confirmada»."
                    .into(),
            ));
        }
        Err(StoreError::Unchanged) => {
            return Err(Refusal::Conflict(
                "La cita ha cambiado mientras tanto; vuelve a cargarla.".into(),
            ));
        }
        Err(error) => return Err(error.into()),
    }
    outbox.wake();
    store.cita(&cita.id).await?.ok_or(Refusal::NotFound)
}

/// Where a move happens: the salon's rules as read, and the outbox its message goes to.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub business: &'a Business,
    pub calendar: &'a Calendar,
    pub outbox: &'a Outbox,
}

async fn move_cita(
    store: &dyn Store,
    place: &Place<'_>,
    cita: Cita,
    change: &CitaChangeRequest,
    is_staff: bool,
    now: OffsetDateTime,
) -> Result<(Cita, bool), Refusal> {
    let Place {
        business,
        calendar,
        outbox,
    } = *place;
    let local = local_now(business, now)?;
    movable(&cita)?;
    let staff_id = change
        .staff_id
        .clone()
        .unwrap_or_else(|| cita.staff_id.clone());
    if change.staff_id.is_some() {
        staff_exists(store, &staff_id).await?;
    }
    let services = services_for_move(store, &cita, change.service_ids.as_deref()).await?;
    let service_ids: Vec<String> = services.iter().map(|service| service.id.clone()).collect();
    let duration = total_duration(&services).ok_or_else(|| {
        Refusal::Unprocessable("Esos servicios juntos no caben en un día.".into())
    })?;
    let date = change.date.unwrap_or(cita.date);
    let start = change.start_min.unwrap_or(cita.start_min);
    let end = start.saturating_add(duration);
    let outside_hours = change.outside_hours.unwrap_or(false);
    let proposed = Proposed {
        staff_id: &staff_id,
        date,
        start,
        end,
        service_ids: &service_ids,
    };
    let booker = if is_staff {
        Booker::Staff { outside_hours }
    } else {
        Booker::Client
    };
    check_rules(business, calendar, &services, &proposed, booker, local)?;
    if end > DAY_MINUTES {
        return Err(Refusal::Unprocessable(
            "Esos servicios no caben antes de medianoche.".into(),
        ));
    }
    let to = CitaTime {
        staff_id,
        date,
        start_min: start,
        end_min: end,
        start_at: instant_at(&business.time_zone, date, start)?,
        end_at: instant_at(&business.time_zone, date, end)?,
        service_ids: change.service_ids.as_ref().map(|_| service_ids.clone()),
        outside_hours,
    };
    // Staff move over a chat visitor's held time (it gives way); a cliente waits for it.
    let holds = if is_staff {
        Holds::Release
    } else {
        Holds::Respect { own: None }
    };
    let after = Cita {
        staff_id: to.staff_id.clone(),
        date: to.date,
        start_min: to.start_min,
        end_min: to.end_min,
        start_at: to.start_at,
        end_at: to.end_at,
        service_ids: service_ids.clone(),
        revision: cita.revision + 1,
        ..cita.clone()
    };
    let queued = mail::about_cita(store, outbox, News::Moved, &after, now).await?;
    let moving = CitaChange::Move {
        cita_id: cita.id.clone(),
        to,
        revision: cita.revision,
    };
    match store
        .apply_cita_change(&moving, now, holds, queued.write())
        .await
    {
        Ok(written) => {
            outbox.wake();
            let moved = store.cita(&cita.id).await?.ok_or(Refusal::NotFound)?;
            Ok((moved, written.holds_released > 0))
        }
        Err(StoreError::Unchanged) => Err(Refusal::Conflict(
            "La cita ha cambiado mientras tanto; vuelve a cargarla.".into(),
        )),
        Err(StoreError::SlotTaken) => Err(Refusal::Conflict(TAKEN.into())),
        Err(error) => Err(error.into()),
    }
}

/// What is free on a day for some services done together.
#[derive(Debug, Clone)]
pub struct AvailabilityRequest {
    pub date: Date,
    pub fitting: Fitting,
    pub staff_id: Option<String>,
    /// Staff see every free time from now; clients from now plus the notice, up to the horizon.
    pub for_staff: bool,
}

/// What the free times are for.
#[derive(Debug, Clone)]
pub enum Fitting {
    /// A new cita of these services (on the menu and offered now), done back to back.
    Services(Vec<String>),
    /// This cita, moved: its own services (even one taken off the menu since) unless `services`
    /// names new ones, and its own time free to it, so the times that overlap only itself are
    /// offered.
    Moving {
        cita: Cita,
        services: Option<Vec<String>>,
    },
}

/// The free start times of a day, each with who is free then, in the assistant's order.
pub async fn availability(
    store: &dyn Store,
    request: &AvailabilityRequest,
    now: OffsetDateTime,
) -> Result<Vec<(DayMinute, Vec<String>)>, Refusal> {
    let business = business(store).await?;
    let (services, moving) = match &request.fitting {
        Fitting::Services(ids) => (chosen_services(store, ids).await?, None),
        Fitting::Moving { cita, services } => (
            services_for_move(store, cita, services.as_deref()).await?,
            Some(cita.id.as_str()),
        ),
    };
    let staff = store.staff().await?;
    if let Some(only) = request.staff_id.as_deref()
        && !staff.iter().any(|member| member.user_id == only)
    {
        return Err(Refusal::Unprocessable(
            "Ese miembro del personal no existe.".into(),
        ));
    }
    let Some(duration) = total_duration(&services) else {
        return Ok(Vec::new());
    };
    let calendar = calendar(store).await?;
    let local = local_now(&business, now)?;
    let window = if request.for_staff {
        Window::from_now(local)
    } else {
        calendar.window(local, Booker::Client)
    };
    let citas = store
        .citas_between(request.date, request.date + Duration::days(1))
        .await?;
    // A time a chat visitor holds is not offered to other clients; staff may book over it.
    let holds = if request.for_staff {
        Vec::new()
    } else {
        held_between(store, (request.date, request.date), now).await?
    };
    let held = holds.iter().map(|hold| Busy {
        staff_id: &hold.staff_id,
        start: hold.start_min,
        end: hold.end_min,
    });
    let busy: Vec<Busy<'_>> = availability::busy_citas(&citas, request.date, moving)
        .chain(held)
        .collect();
    let service_ids: Vec<String> = services.into_iter().map(|service| service.id).collect();
    let slots = availability::free_slots(
        &business,
        &calendar,
        &SlotQuery {
            date: request.date,
            service_ids: &service_ids,
            duration,
            staff: &staff,
            only_staff: request.staff_id.as_deref(),
            busy: &busy,
            window,
        },
    );
    Ok(group_by_start(slots))
}

/// The times chat visitors hold from `from` to `to` (inclusive), alive at `now`: for the diary
/// (staff), and kept out of the times offered to clients.
pub async fn held_between(
    store: &dyn Store,
    (from, to): (Date, Date),
    now: OffsetDateTime,
) -> Result<Vec<SlotHold>, StoreError> {
    store.holds_between(from, to + Duration::days(1), now).await
}

fn group_by_start(slots: Vec<Slot>) -> Vec<(DayMinute, Vec<String>)> {
    let mut items: Vec<(DayMinute, Vec<String>)> = Vec::new();
    for slot in slots {
        match items.last_mut() {
            Some((start, staff)) if *start == slot.start => staff.push(slot.staff_id),
            _ => items.push((slot.start, vec![slot.staff_id])),
        }
    }
    items
}

/// A cita with what it is shown with: its staff member's name, its client and its services'
/// names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitaDetails {
    pub cita: Cita,
    /// Empty when the account is gone.
    pub staff_name: String,
    /// `None` when the client record is gone.
    pub client: Option<Client>,
    /// Each of the cita's service ids with its name (empty when unknown), in the cita's order.
    pub services: Vec<(String, String)>,
    /// Its client said, from the manage link, that they will come (not the salon's
    /// `confirmada`).
    pub client_confirmed: bool,
}

/// The citas with their details, read in a few queries.
pub async fn details(store: &dyn Store, citas: Vec<Cita>) -> Result<Vec<CitaDetails>, StoreError> {
    if citas.is_empty() {
        return Ok(Vec::new());
    }
    let services: HashMap<String, Service> = store
        .services()
        .await?
        .into_iter()
        .map(|service| (service.id.clone(), service))
        .collect();
    // Someone taken off the staff keeps their past citas (and their name).
    let staff = staff_names(store, &citas).await?;
    let mut client_ids: Vec<String> = citas.iter().map(|cita| cita.client_id.clone()).collect();
    client_ids.sort_unstable();
    client_ids.dedup();
    let clients: HashMap<String, Client> = store
        .clients_by_ids(&client_ids)
        .await?
        .into_iter()
        .map(|client| (client.id.clone(), client))
        .collect();
    let cita_ids: Vec<String> = citas.iter().map(|cita| cita.id.clone()).collect();
    let client_confirmed = store.client_confirmed(&cita_ids).await?;
    Ok(citas
        .into_iter()
        .map(|cita| CitaDetails {
            client_confirmed: client_confirmed.contains(&cita.id),
            staff_name: staff.get(&cita.staff_id).cloned().unwrap_or_default(),
            client: clients.get(&cita.client_id).cloned(),
            services: cita
                .service_ids
                .iter()
                .map(|id| {
                    let name = services
                        .get(id)
                        .map(|service| service.name.clone())
                        .unwrap_or_default();
                    (id.clone(), name)
                })
                .collect(),
            cita,
        })
        .collect())
}

/// The staff members' names by id, those taken off the staff included (read one by one: rare).
async fn staff_names(
    store: &dyn Store,
    citas: &[Cita],
) -> Result<HashMap<String, String>, StoreError> {
    let mut staff: HashMap<String, String> = store
        .staff()
        .await?
        .into_iter()
        .map(|member| (member.user_id, member.name))
        .collect();
    for cita in citas {
        if !staff.contains_key(&cita.staff_id)
            && let Some(user) = store.user(&cita.staff_id).await?
        {
            staff.insert(user.id, format!("{} {}", user.first_name, user.last_name));
        }
    }
    Ok(staff)
}
