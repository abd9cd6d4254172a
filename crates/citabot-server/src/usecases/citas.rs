//! The one home of the cita rules (REQUIREMENTS D2, issues 11 and 21): what is free, booking,
//! moving, cancelling and confirming a cita, and who may do which to whose. Staff book, move and
//! change any cita; a cliente moves or cancels her own, and a guest those booked in her
//! conversation, while the minimum notice allows; the manage link acts as the cita's client.
//! Every write is held to the salon's rules through the one check in the domain
//! ([`Calendar::check`]) and to the database's refusal of a double booking.
//!
//! A refusal ([`Refusal`]) says what went wrong and nothing about HTTP or wording: the
//! dashboard turns it into a status, the MCP tools into a tool error, and both say it through
//! one catalogue of sentences ([`crate::cita_refusals`]).

use std::collections::HashMap;

use citabot_domain::assistant::Lang;
use citabot_domain::booking::availability::{self, Busy, Slot, SlotQuery};
use citabot_domain::booking::rules::{Booker, Breach, Calendar, Proposed, Window};
use citabot_domain::booking::{
    Business, Cita, CitaStatus, Client, DAY_MINUTES, DayMinute, Service, SlotHold, StaffMember,
    StatusRefusal,
};
use citabot_domain::chat::ChatSessionId;
use citabot_store::booking::CitaTime;
use citabot_store::conversations::InboxNote;
use citabot_store::{
    ChatTurnWrite, CitaChange, HoldWrite, Holds, MailWrite, Store, StoreError, User,
};
use time::{Date, Duration, OffsetDateTime};

use super::booking::{
    self as booking_case, BookedBy, ClientDetails, ClientTarget, NewCita, instant_at,
};
use super::mail::{self, Letters, News};
use super::settings::{calendar, local_now};
use crate::mail::Outbox;

/// How many conversations of one visitor (an address, or an account) may hold a time at once.
pub const HOLDS_PER_VISITOR: u32 = 2;

/// How many conversations may hold a time on one day at once, whoever they are: a courtesy
/// while a guest types her name, which a few addresses together must not turn into an empty
/// day. Past it a guest still books; her time is just not kept while she types.
pub const HOLDS_PER_DAY: u32 = 8;

/// The most services one cita may have.
pub const MAX_SERVICES: usize = 10;

/// Why a request about citas is refused: what went wrong, never how to say it.
#[derive(Debug)]
pub enum Refusal {
    // The request itself.
    /// A change that names nothing to change.
    NothingToChange,
    /// No service named.
    NoServices,
    /// More than [`MAX_SERVICES`] services.
    TooManyServices,
    /// The same service named twice (its id).
    RepeatedService(String),

    // What it names.
    /// No such cita, or not the caller's to see (the same answer, so citas do not leak).
    NotFound,
    /// No service with this id.
    UnknownService(String),
    /// A service taken off the menu (its name).
    ServiceNotOffered(String),
    UnknownStaff,
    UnknownClient,

    // The salon's rules.
    /// Outside the rules that bind the booker: closed, outside the hours or the stylist's
    /// schedule, time off, skills, notice, horizon, step. `services` name the cita's services
    /// and `start`–`end` its time, for the sentence.
    Breach {
        breach: Breach,
        services: Vec<Service>,
        start: DayMinute,
        end: DayMinute,
    },
    /// The services together are longer than a day.
    LongerThanADay,
    /// The services end after midnight.
    PastMidnight,
    /// The cita starts inside the minimum notice, so its client may no longer change it.
    TooLateToChange {
        min_notice_min: u32,
    },
    /// The staff member is busy then (another cita, or a chat visitor's hold for a client).
    Taken,
    /// Nobody who does the services is free then.
    NobodyFree,
    /// Holding a time needs a visitor's conversation to hold it for.
    NeedsConversation,

    // The caller's role.
    /// A client's only status change is cancelling.
    ClientMayOnlyCancel,
    /// Only staff book outside the hours on purpose.
    OnlyStaffOutsideHours,

    // The cita's status.
    /// The status rules refuse `from` → `to`.
    Status {
        from: CitaStatus,
        to: CitaStatus,
        why: StatusRefusal,
    },
    /// Only a pending or confirmed cita moves.
    NotMovable(CitaStatus),
    /// Back to confirmed (an undone no-show), but its time was booked meanwhile.
    TimeTakenSince,
    /// The cita changed between the read and the write.
    ChangedMeanwhile,
    /// A cancelled cita changes no more.
    Cancelled,
    /// The cita is over.
    Over,
    /// Only a pending or confirmed cita can be confirmed by its client.
    NotConfirmable(CitaStatus),

    /// No business is set up yet.
    NotConfigured,
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// The family a refusal belongs to, for entry points that answer with a class beside the
/// sentence (an HTTP status, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    /// The request is malformed: fix it and send it again.
    Malformed,
    /// What it names does not exist, or is not the caller's to see.
    NotFound,
    /// The caller may not do this.
    NotAllowed,
    /// Well formed but against what the salon offers or its rules.
    Impossible,
    /// Against the diary as it is now (taken, the cita's status).
    Conflict,
    /// The salon is not set up yet.
    NotConfigured,
    /// The database cannot answer now; the same request may work in a few seconds.
    Unavailable,
    /// Failed on our side.
    Failed,
}

impl Refusal {
    pub fn kind(&self) -> RefusalKind {
        match self {
            Self::NothingToChange
            | Self::NoServices
            | Self::TooManyServices
            | Self::RepeatedService(_) => RefusalKind::Malformed,
            Self::NotFound => RefusalKind::NotFound,
            Self::ClientMayOnlyCancel | Self::OnlyStaffOutsideHours | Self::NeedsConversation => {
                RefusalKind::NotAllowed
            }
            Self::UnknownService(_)
            | Self::ServiceNotOffered(_)
            | Self::UnknownStaff
            | Self::UnknownClient
            | Self::Breach { .. }
            | Self::LongerThanADay
            | Self::PastMidnight
            | Self::TooLateToChange { .. } => RefusalKind::Impossible,
            Self::Taken
            | Self::NobodyFree
            | Self::Status { .. }
            | Self::NotMovable(_)
            | Self::TimeTakenSince
            | Self::ChangedMeanwhile
            | Self::Cancelled
            | Self::Over
            | Self::NotConfirmable(_) => RefusalKind::Conflict,
            Self::NotConfigured => RefusalKind::NotConfigured,
            Self::Store(StoreError::Unavailable(_)) => RefusalKind::Unavailable,
            Self::Store(_) => RefusalKind::Failed,
        }
    }
}

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
        return Err(Refusal::NoServices);
    }
    if ids.len() > MAX_SERVICES {
        return Err(Refusal::TooManyServices);
    }
    let all = store.services().await?;
    let mut chosen: Vec<Service> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if chosen.iter().any(|service| service.id == id) {
            return Err(Refusal::RepeatedService(id.to_owned()));
        }
        let service = all
            .iter()
            .find(|service| service.id == id)
            .ok_or_else(|| Refusal::UnknownService(id.to_owned()))?;
        if !service.active {
            return Err(Refusal::ServiceNotOffered(service.name.clone()));
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
        Err(Refusal::UnknownStaff)
    }
}

/// Holds a proposed cita to the rules that bind `booker`; `services` (the cita's) only name a
/// service in the refusal.
pub fn check_rules(
    business: &Business,
    calendar: &Calendar,
    services: &[Service],
    proposed: &Proposed<'_>,
    booker: Booker,
    now: (Date, DayMinute),
) -> Result<(), Refusal> {
    calendar
        .check(business, proposed, booker, now)
        .map_err(|breach| Refusal::Breach {
            breach,
            services: services.to_vec(),
            start: proposed.start,
            end: proposed.end,
        })
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
    let duration = total_duration(&services).ok_or(Refusal::LongerThanADay)?;
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
        return Err(Refusal::PastMidnight);
    }
    if let ClientTarget::Existing(id) = &request.target
        && store.client(id).await?.is_none()
    {
        return Err(Refusal::UnknownClient);
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
        Err(StoreError::SlotTaken) => Err(Refusal::Taken),
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

/// Who changes a cita, and so which citas they may see and change: a signed-in account (staff
/// any, a cliente her own), a cliente whose client record is already read (her own; `None`
/// when she has none yet), a guest's conversation (the citas booked in it), or whoever holds a
/// cita's manage link, who may do what its client may.
#[derive(Debug, Clone, Copy)]
pub enum ChangedBy<'a> {
    Account(&'a User),
    Client(Option<&'a str>),
    Conversation(&'a str),
    ManageLink,
}

impl ChangedBy<'_> {
    /// Staff change any cita in any way; everyone else as a client.
    pub fn is_staff(&self) -> bool {
        matches!(self, Self::Account(user) if user.role.is_staff())
    }
}

/// Whether the cita as it stands is still outside the minimum notice, so its client may move
/// or cancel it (the horizon does not matter here: staff may have booked further ahead).
pub fn client_may_still_change(calendar: &Calendar, local: (Date, DayMinute), cita: &Cita) -> bool {
    let earliest = calendar.window(local, Booker::Client).earliest;
    earliest.is_none_or(|first| (cita.date, cita.start_min) >= first)
}

/// The cita `id` as `by` may change it: staff and the manage link any (the link was opened for
/// it), a cliente only her own, a guest only those booked in her conversation; anyone else's
/// is "not found", never "forbidden".
pub async fn cita_changeable_by(
    store: &dyn Store,
    by: ChangedBy<'_>,
    id: &str,
) -> Result<Cita, Refusal> {
    let cita = store.cita(id).await?.ok_or(Refusal::NotFound)?;
    let mine = match by {
        ChangedBy::ManageLink => true,
        ChangedBy::Account(user) if user.role.is_staff() => true,
        ChangedBy::Account(user) => {
            own_client_id(store, user).await?.as_deref() == Some(cita.client_id.as_str())
        }
        ChangedBy::Client(client_id) => client_id == Some(cita.client_id.as_str()),
        ChangedBy::Conversation(conversation) => {
            cita.chat_session_id.as_deref() == Some(conversation)
        }
    };
    if mine {
        Ok(cita)
    } else {
        Err(Refusal::NotFound)
    }
}

/// Only a cita that holds time (pending or confirmed) may move.
fn movable(cita: &Cita) -> Result<(), Refusal> {
    if cita.status.holds_time() {
        Ok(())
    } else {
        Err(Refusal::NotMovable(cita.status))
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
        return Err(Refusal::NothingToChange);
    }
    let cita = cita_changeable_by(store, by, id).await?;
    let is_staff = by.is_staff();
    if !is_staff {
        if change
            .status
            .is_some_and(|next| next != CitaStatus::Cancelada)
        {
            return Err(Refusal::ClientMayOnlyCancel);
        }
        if change.outside_hours.is_some() {
            return Err(Refusal::OnlyStaffOutsideHours);
        }
    }
    if let Some(next) = change.status
        && let Err(why) = cita.may_become(next, now)
    {
        return Err(Refusal::Status {
            from: cita.status,
            to: next,
            why,
        });
    }
    let business = business(store).await?;
    let local = local_now(&business, now)?;
    let calendar = calendar(store).await?;
    if !is_staff && !client_may_still_change(&calendar, local, &cita) {
        return Err(Refusal::TooLateToChange {
            min_notice_min: calendar.rules.min_notice_min,
        });
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
        Err(StoreError::SlotTaken) => return Err(Refusal::TimeTakenSince),
        Err(StoreError::Unchanged) => return Err(Refusal::ChangedMeanwhile),
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
    let duration = total_duration(&services).ok_or(Refusal::LongerThanADay)?;
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
        return Err(Refusal::PastMidnight);
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
        Err(StoreError::Unchanged) => Err(Refusal::ChangedMeanwhile),
        Err(StoreError::SlotTaken) => Err(Refusal::Taken),
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
    let diary = Diary::read(store, request, request.date, now).await?;
    Ok(diary.free_on(request, request.date))
}

/// Where a day's morning ends, for [`next_free_times`]: the same noon-and-two split the
/// manage page draws its times in.
const AFTERNOON_FROM: DayMinute = 14 * 60;

/// The next free times for `fitting` (a stylist's only, with `staff_id`), from today on and
/// `days` days ahead at most: of each day the first free start of the morning and the first of
/// the afternoon, `count` at most, each with its date and who is free then. A client's, as
/// [`availability`] gives them (from now plus the notice, up to the horizon).
pub async fn next_free_times(
    store: &dyn Store,
    fitting: Fitting,
    staff_id: Option<String>,
    (days, count): (i64, usize),
    now: OffsetDateTime,
) -> Result<Vec<(Date, DayMinute, Vec<String>)>, Refusal> {
    let today = super::settings::local_now(&business(store).await?, now)?.0;
    let request = AvailabilityRequest {
        date: today,
        fitting,
        staff_id,
        for_staff: false,
    };
    let last = today + Duration::days(days.max(1) - 1);
    let diary = Diary::read(store, &request, last, now).await?;
    let mut found = Vec::new();
    let mut date = today;
    while date <= last && found.len() < count {
        let starts = diary.free_on(&request, date);
        let morning = starts.iter().find(|(start, _)| *start < AFTERNOON_FROM);
        let afternoon = starts.iter().find(|(start, _)| *start >= AFTERNOON_FROM);
        for (start, staff) in morning.into_iter().chain(afternoon) {
            if found.len() < count {
                found.push((date, *start, staff.clone()));
            }
        }
        date += Duration::days(1);
    }
    Ok(found)
}

/// What finding free times from one day to another reads, once for all of them: the salon,
/// the services and who does them, the rules, and the citas and holds of those days.
struct Diary {
    business: Business,
    calendar: Calendar,
    staff: Vec<StaffMember>,
    service_ids: Vec<String>,
    /// `None` when the services take no time (nothing is offered).
    duration: Option<DayMinute>,
    /// The cita being moved: its own time does not stand in its way.
    moving: Option<String>,
    window: Window,
    citas: Vec<Cita>,
    holds: Vec<SlotHold>,
}

impl Diary {
    async fn read(
        store: &dyn Store,
        request: &AvailabilityRequest,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<Self, Refusal> {
        let business = business(store).await?;
        let (services, moving) = match &request.fitting {
            Fitting::Services(ids) => (chosen_services(store, ids).await?, None),
            Fitting::Moving { cita, services } => (
                services_for_move(store, cita, services.as_deref()).await?,
                Some(cita.id.clone()),
            ),
        };
        let staff = store.staff().await?;
        if let Some(only) = request.staff_id.as_deref()
            && !staff.iter().any(|member| member.user_id == only)
        {
            return Err(Refusal::UnknownStaff);
        }
        let duration = total_duration(&services);
        let calendar = calendar(store).await?;
        let local = local_now(&business, now)?;
        let window = if request.for_staff {
            Window::from_now(local)
        } else {
            calendar.window(local, Booker::Client)
        };
        let citas = store
            .citas_between(request.date, to + Duration::days(1))
            .await?;
        // A time a chat visitor holds is not offered to other clients; staff may book over it.
        let holds = if request.for_staff {
            Vec::new()
        } else {
            held_between(store, (request.date, to), now).await?
        };
        Ok(Self {
            business,
            calendar,
            staff,
            service_ids: services.into_iter().map(|service| service.id).collect(),
            duration,
            moving,
            window,
            citas,
            holds,
        })
    }

    /// The free start times on `date`, each with who is free then.
    fn free_on(&self, request: &AvailabilityRequest, date: Date) -> Vec<(DayMinute, Vec<String>)> {
        let Some(duration) = self.duration else {
            return Vec::new();
        };
        let held = self
            .holds
            .iter()
            .filter(|hold| hold.date == date)
            .map(|hold| Busy {
                staff_id: &hold.staff_id,
                start: hold.start_min,
                end: hold.end_min,
            });
        let busy: Vec<Busy<'_>> =
            availability::busy_citas(&self.citas, date, self.moving.as_deref())
                .chain(held)
                .collect();
        let slots = availability::free_slots(
            &self.business,
            &self.calendar,
            &SlotQuery {
                date,
                service_ids: &self.service_ids,
                duration,
                staff: &self.staff,
                only_staff: request.staff_id.as_deref(),
                busy: &busy,
                window: self.window,
            },
        );
        group_by_start(slots)
    }
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

/// The longest range of days [`free_times_between`] looks at.
pub const MAX_RANGE_DAYS: i64 = 60;

/// The most free times [`free_times_between`] gives back.
pub const MAX_FREE_TIMES: usize = 100;

/// A free time on a day, with who is free then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeTime {
    pub date: Date,
    pub start_min: DayMinute,
    pub staff_ids: Vec<String>,
}

/// The free times from `from` to `to` (inclusive, at most [`MAX_RANGE_DAYS`] days), day by day
/// as [`availability`] gives them (the diary read once for the whole range), those starting
/// inside `minutes` when given, at most `limit`.
pub async fn free_times_between(
    store: &dyn Store,
    request: &AvailabilityRequest,
    (to, minutes): (Date, Option<(DayMinute, DayMinute)>),
    limit: usize,
    now: OffsetDateTime,
) -> Result<Vec<FreeTime>, Refusal> {
    let diary = Diary::read(store, request, to, now).await?;
    let mut day = request.date;
    let mut times = Vec::new();
    while day <= to && times.len() < limit {
        for (start_min, staff_ids) in diary.free_on(request, day) {
            if minutes.is_some_and(|(from, until)| start_min < from || start_min >= until) {
                continue;
            }
            times.push(FreeTime {
                date: day,
                start_min,
                staff_ids,
            });
            if times.len() == limit {
                break;
            }
        }
        day = day.next_day().unwrap_or(Date::MAX);
        if day == Date::MAX {
            break;
        }
    }
    Ok(times)
}

/// Where and when an agent asks for a time, and for what.
#[derive(Debug, Clone)]
pub struct TimeAsked {
    pub service_ids: Vec<String>,
    pub date: Date,
    pub start_min: DayMinute,
    /// Anyone free who does the services, when `None`.
    pub staff_id: Option<String>,
}

/// A time an agent may hold or book: its services, end and stylist, checked against the rules
/// that bind `by` and against what is free now (a client's free times leave out other visitors'
/// holds; staff's do not).
#[derive(Debug, Clone)]
pub struct CheckedTime {
    pub services: Vec<Service>,
    pub staff_id: String,
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub business: Business,
    pub calendar: Calendar,
}

/// Checks a time asked for, as [`book_for`] and holding it do.
pub async fn check_time(
    store: &dyn Store,
    by: ChangedBy<'_>,
    asked: &TimeAsked,
    now: OffsetDateTime,
) -> Result<CheckedTime, Refusal> {
    let business = business(store).await?;
    let services = chosen_services(store, &asked.service_ids).await?;
    let duration = total_duration(&services).ok_or(Refusal::LongerThanADay)?;
    let end = asked.start_min.saturating_add(duration);
    if end > DAY_MINUTES {
        return Err(Refusal::PastMidnight);
    }
    let free = availability(
        store,
        &AvailabilityRequest {
            date: asked.date,
            fitting: Fitting::Services(asked.service_ids.clone()),
            staff_id: asked.staff_id.clone(),
            for_staff: by.is_staff(),
        },
        now,
    )
    .await?;
    let calendar = calendar(store).await?;
    let free_staff = free
        .into_iter()
        .find(|(start, _)| *start == asked.start_min)
        .map(|(_, staff)| staff)
        .unwrap_or_default();
    let Some(staff_id) = free_staff.into_iter().next() else {
        return Err(why_not_free(
            &business, &calendar, services, asked, end, by, now,
        )?);
    };
    Ok(CheckedTime {
        services,
        staff_id,
        date: asked.date,
        start_min: asked.start_min,
        end_min: end,
        business,
        calendar,
    })
}

/// Why a time asked for is not free: the rule it breaks when one does (for the stylist asked
/// for; for anyone, the notice and the horizon), else that it is taken.
fn why_not_free(
    business: &Business,
    calendar: &Calendar,
    services: Vec<Service>,
    asked: &TimeAsked,
    end: DayMinute,
    by: ChangedBy<'_>,
    now: OffsetDateTime,
) -> Result<Refusal, Refusal> {
    let booker = if by.is_staff() {
        Booker::Staff {
            outside_hours: false,
        }
    } else {
        Booker::Client
    };
    let local = local_now(business, now)?;
    let breach = match &asked.staff_id {
        Some(staff_id) => {
            let service_ids: Vec<String> =
                services.iter().map(|service| service.id.clone()).collect();
            let proposed = Proposed {
                staff_id,
                date: asked.date,
                start: asked.start_min,
                end,
                service_ids: &service_ids,
            };
            calendar.check(business, &proposed, booker, local).err()
        }
        None => {
            let window = calendar.window(local, booker);
            if window
                .earliest
                .is_some_and(|first| (asked.date, asked.start_min) < first)
            {
                Some(Breach::InsideNotice {
                    min_notice_min: calendar.rules.min_notice_min,
                })
            } else {
                window
                    .last_date
                    .filter(|last| asked.date > *last)
                    .map(|last_date| Breach::BeyondHorizon { last_date })
            }
        }
    };
    Ok(match breach {
        Some(breach) => Refusal::Breach {
            breach,
            services,
            start: asked.start_min,
            end,
        },
        None if asked.staff_id.is_some() => Refusal::Taken,
        None => Refusal::NobodyFree,
    })
}

/// The cita id an idempotency key stands for, within `scope` (a conversation, or a key): the
/// same key books once, because a second booking with it would write the same id.
pub fn idempotent_cita_id(scope: &str, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("cita|{scope}|{key}").as_bytes());
    let mut bytes = [0_u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

/// An agent (an MCP client or a workflow over REST) acting for someone: whose citas it sees and
/// changes (`by`), the conversation it acts in when it holds a visitor's capability (its
/// bookings and holds belong to it, as the built-in assistant's do), the account writing there,
/// the scope its idempotency keys live in, and the language its client is written to in.
#[derive(Debug, Clone, Copy)]
pub struct Agent<'a> {
    pub by: ChangedBy<'a>,
    pub conversation: Option<&'a ChatSessionId>,
    pub writer: Option<&'a str>,
    pub scope: &'a str,
    pub lang: Lang,
}

/// A booking an agent asks for.
#[derive(Debug, Clone)]
pub struct AgentBooking {
    pub time: TimeAsked,
    /// Whom it is for; a cliente's own account wins over whatever the agent wrote.
    pub client: ClientDetails,
    pub idempotency_key: String,
}

/// Books a cita for an agent, under the rules of whom it acts for (a client's notice and
/// horizon, other visitors' holds; staff's rules for staff), with the client's message and,
/// for a visitor, the staff's alert, in one transaction. In a conversation the cita is the
/// conversation's (as the assistant's are) and its held time is released. The same
/// idempotency key books once: a second call answers the cita the first one booked.
pub async fn book_for(
    store: &dyn Store,
    outbox: &Outbox,
    agent: Agent<'_>,
    booking: AgentBooking,
    now: OffsetDateTime,
) -> Result<Cita, Refusal> {
    let id = idempotent_cita_id(agent.scope, &booking.idempotency_key);
    if store.cita(&id).await?.is_some() {
        return cita_changeable_by(store, agent.by, &id).await;
    }
    let checked = check_time(store, agent.by, &booking.time, now).await?;
    let booked_by = if agent.by.is_staff() {
        BookedBy::Staff
    } else {
        BookedBy::Guest
    };
    let letters = Letters::read(store).await?;
    let mut attempts_left = 2;
    loop {
        let client = booking_case::choose_client(store, &booking.client, booked_by).await?;
        let new = NewCita {
            staff_id: checked.staff_id.clone(),
            date: checked.date,
            start_min: checked.start_min,
            end_min: checked.end_min,
            service_ids: checked.services.iter().map(|s| s.id.clone()).collect(),
            status: checked.calendar.rules.chat_booking_status,
            chat_session_id: agent.conversation.map(|c| c.as_str().to_owned()),
            outside_hours: false,
        };
        let (mut cita, mut change) =
            booking_case::booking_change(&checked.business.time_zone, new, client, now)?;
        cita.id.clone_from(&id);
        if let CitaChange::Create { cita: written, .. } = &mut change {
            written.id.clone_from(&id);
        }
        let client = match change.new_client() {
            Some(client) => Some(client.clone()),
            None => store.client(&cita.client_id).await?,
        };
        let visitor = agent.conversation.filter(|_| !agent.by.is_staff());
        let queued = letters.about_cita_in_conversation(
            outbox,
            News::Booked,
            &cita,
            client.as_ref(),
            agent.lang,
            visitor.map(ChatSessionId::as_str),
            now,
        );
        let written = match agent.conversation {
            Some(session) => store
                .commit_chat_turn(&agent_write(
                    session,
                    &agent,
                    Some(&change),
                    HoldWrite::Release,
                    queued.write(),
                    now,
                ))
                .await
                .map(drop),
            None => store
                .apply_cita_change(&change, now, Holds::Release, queued.write())
                .await
                .map(drop),
        };
        match written {
            Ok(()) => {
                outbox.wake();
                return Ok(cita);
            }
            Err(StoreError::SlotTaken) => return Err(Refusal::Taken),
            // The same key booked meanwhile (its id is written), or a client record made
            // meanwhile by someone else: looked at again.
            Err(StoreError::Conflict(_)) | Err(StoreError::Backend(_))
                if store.cita(&id).await?.is_some() =>
            {
                return cita_changeable_by(store, agent.by, &id).await;
            }
            Err(StoreError::Conflict(_)) if attempts_left > 1 => attempts_left -= 1,
            Err(error) => return Err(error.into()),
        }
    }
}

/// What an agent writes to its conversation in one transaction: no message and no assistant
/// state (the workflow keeps its own), only the cita change, the held time, the mail and the
/// language the capability speaks (what later emails about the cita are written in).
fn agent_write<'a>(
    session: &'a ChatSessionId,
    agent: &Agent<'a>,
    change: Option<&'a CitaChange>,
    hold: HoldWrite<'a>,
    mail: MailWrite<'a>,
    at: OffsetDateTime,
) -> ChatTurnWrite<'a> {
    ChatTurnWrite {
        session,
        writer: agent.writer,
        messages: &[],
        assistant_state: None,
        change,
        hold: Some(hold),
        at,
        inbox: InboxNote {
            language: Some(agent.lang.code()),
            ..InboxNote::default()
        },
        mail,
    }
}

/// Holds a time for the agent's conversation while the visitor gives their details, as the
/// assistant does: checked as a booking would be, for the salon's hold time; it replaces what
/// the conversation held. Only in a conversation.
pub async fn hold_for(
    store: &dyn Store,
    agent: Agent<'_>,
    time: &TimeAsked,
    now: OffsetDateTime,
) -> Result<SlotHold, Refusal> {
    let session = agent.conversation.ok_or(Refusal::NeedsConversation)?;
    let checked = check_time(store, agent.by, time, now).await?;
    let hold = SlotHold {
        conversation: session.as_str().to_owned(),
        staff_id: checked.staff_id,
        date: checked.date,
        start_min: checked.start_min,
        end_min: checked.end_min,
        expires_at: now + Duration::minutes(i64::from(checked.calendar.rules.hold_min)),
    };
    let place = HoldWrite::Place {
        hold: &hold,
        visitor_address: None,
        per_address: HOLDS_PER_VISITOR,
        per_day: HOLDS_PER_DAY,
    };
    let written = store
        .commit_chat_turn(&agent_write(
            session,
            &agent,
            None,
            place,
            MailWrite::default(),
            now,
        ))
        .await;
    match written {
        Ok(()) => Ok(hold),
        Err(StoreError::SlotTaken) => Err(Refusal::Taken),
        Err(error) => Err(error.into()),
    }
}

/// How far ahead an agent's list of citas looks.
const AGENT_LIST_DAYS: i64 = 366;

/// The citas an agent may see, from today on: staff everyone's (those of the clients with
/// `email` when given), a cliente her own, a guest those booked in her conversation. An email
/// never widens what a client sees.
pub async fn list_for(
    store: &dyn Store,
    agent: Agent<'_>,
    email: Option<&str>,
    now: OffsetDateTime,
) -> Result<Vec<Cita>, Refusal> {
    let business = business(store).await?;
    let (today, _) = local_now(&business, now)?;
    let until = today + Duration::days(AGENT_LIST_DAYS);
    let citas = match agent.by {
        ChangedBy::Account(user) if user.role.is_staff() => {
            let citas = store.citas_between(today, until).await?;
            match email {
                Some(email) => {
                    let clients: Vec<String> = store
                        .clients_by_email(email)
                        .await?
                        .into_iter()
                        .map(|client| client.id)
                        .collect();
                    citas
                        .into_iter()
                        .filter(|cita| clients.contains(&cita.client_id))
                        .collect()
                }
                None => citas,
            }
        }
        ChangedBy::Account(user) => list(store, user, (today, until), None, None).await?,
        ChangedBy::Client(client_id) => match client_id {
            Some(client_id) => store
                .client_citas(client_id)
                .await?
                .into_iter()
                .filter(|cita| cita.date >= today)
                .collect(),
            None => Vec::new(),
        },
        ChangedBy::Conversation(conversation) => store
            .citas_between(today, until)
            .await?
            .into_iter()
            .filter(|cita| cita.chat_session_id.as_deref() == Some(conversation))
            .collect(),
        ChangedBy::ManageLink => Vec::new(),
    };
    Ok(citas)
}

/// "Sí, voy": the cita's client says they will come (shown in the diary; not the
/// salon's `confirmada`), while it holds its time and is not over. Saying it twice is the
/// same as once.
pub async fn client_confirms(
    store: &dyn Store,
    by: ChangedBy<'_>,
    id: &str,
    now: OffsetDateTime,
) -> Result<Cita, Refusal> {
    let cita = cita_changeable_by(store, by, id).await?;
    if cita.status == CitaStatus::Cancelada {
        return Err(Refusal::Cancelled);
    }
    if !cita.status.holds_time() {
        return Err(Refusal::NotConfirmable(cita.status));
    }
    if cita.end_at <= now {
        return Err(Refusal::Over);
    }
    if !store.mark_client_confirmed(&cita.id, now).await? {
        // Its status changed between the read and the mark.
        return Err(Refusal::ChangedMeanwhile);
    }
    store.cita(&cita.id).await?.ok_or(Refusal::NotFound)
}
