//! Booking a cita, for the assistant and for staff alike: which client it is for (an existing
//! record or a new one written with the cita), and the cita itself with its instants. The
//! database refuses a double booking; the caller decides what to say about it.

use citabot_domain::booking::{Cita, CitaStatus, Client, DayMinute, zone};
use citabot_store::booking::search_fold;
use citabot_store::{CitaChange, CitaWritten, Holds, Store, StoreError};

use super::mail::{Letters, News, client_language};
use crate::mail::Outbox;
use time::{Date, OffsetDateTime};

/// Who is asking for a client by name and contact details: it decides which existing record,
/// if any, the booking may reuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookedBy {
    /// A visitor without an account: a typed email proves nothing, so a record is reused only
    /// when it belongs to no account and carries the same name; an account holder's address
    /// typed by a guest gets a record of its own (staff see the shared email in the dashboard).
    Guest,
    /// Staff, who know their clients: an existing email reuses its client.
    Staff,
}

/// A client as the booking names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientDetails {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// The account booking for itself (a cliente without a client record yet).
    pub user_id: Option<String>,
}

/// The client a booking is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientChoice {
    Existing(String),
    /// To be written in the same transaction as the cita.
    New(Client),
}

impl ClientChoice {
    pub fn id(&self) -> &str {
        match self {
            Self::Existing(id) => id,
            Self::New(client) => &client.id,
        }
    }
}

/// Finds the record `details` names for `by`, or makes a new one (not yet written).
pub async fn choose_client(
    store: &dyn Store,
    details: &ClientDetails,
    by: BookedBy,
) -> Result<ClientChoice, StoreError> {
    if let Some(user_id) = &details.user_id
        && let Some(client) = store.client_for_user(user_id).await?
    {
        return Ok(ClientChoice::Existing(client.id));
    }
    if details.user_id.is_none()
        && let Some(email) = &details.email
    {
        let same_email = store.clients_by_email(email).await?;
        let reused = match by {
            BookedBy::Staff => same_email.into_iter().next(),
            BookedBy::Guest => {
                let name = search_fold(details.name.trim());
                same_email
                    .into_iter()
                    .find(|client| client.user_id.is_none() && search_fold(&client.name) == name)
            }
        };
        if let Some(client) = reused {
            return Ok(ClientChoice::Existing(client.id));
        }
    }
    Ok(ClientChoice::New(Client {
        id: uuid::Uuid::new_v4().to_string(),
        name: details.name.clone(),
        email: details.email.clone(),
        phone: details.phone.clone(),
        user_id: details.user_id.clone(),
    }))
}

/// Where and when a new cita goes, and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCita {
    pub staff_id: String,
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub service_ids: Vec<String>,
    pub status: CitaStatus,
    /// The conversation whose assistant booked it; `None` for a cita made by hand.
    pub chat_session_id: Option<String>,
    /// Staff's recorded override of hours, closures and the stylist's schedule.
    pub outside_hours: bool,
}

/// The change that books `new` for `client`: the cita (with its instants in the business's
/// time zone) and, for a new client, the client too. Returns the cita as it will be written.
pub fn booking_change(
    time_zone: &str,
    new: NewCita,
    client: ClientChoice,
    now: OffsetDateTime,
) -> Result<(Cita, CitaChange), StoreError> {
    let instant = |minute| instant_at(time_zone, new.date, minute);
    let cita = Cita {
        id: uuid::Uuid::new_v4().to_string(),
        staff_id: new.staff_id,
        client_id: client.id().to_owned(),
        date: new.date,
        start_min: new.start_min,
        end_min: new.end_min,
        start_at: instant(new.start_min)?,
        end_at: instant(new.end_min)?,
        status: new.status,
        service_ids: new.service_ids,
        created_at: now,
        chat_session_id: new.chat_session_id,
        outside_hours: new.outside_hours,
        revision: 0,
    };
    let new_client = match client {
        ClientChoice::Existing(_) => None,
        ClientChoice::New(client) => Some(client),
    };
    let change = CitaChange::Create {
        cita: Box::new(cita.clone()),
        new_client,
    };
    Ok((cita, change))
}

/// The instant of `minute` on the local `date` in the business's time zone; a time zone the
/// store holds that cannot be read is corrupt data.
pub fn instant_at(
    time_zone: &str,
    date: Date,
    minute: DayMinute,
) -> Result<OffsetDateTime, StoreError> {
    zone::instant(time_zone, date, minute).map_err(|error| StoreError::Corrupt(error.to_string()))
}

/// Whom a cita booked by hand is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientTarget {
    /// A client record the caller already checked exists.
    Existing(String),
    /// A client by name and contact details, found or created as [`choose_client`] says.
    Described(ClientDetails, BookedBy),
}

/// Books a cita outside any conversation (staff, by hand): the client, the cita and the
/// client's "booked" message (and reminder) in one transaction, releasing any chat hold on its
/// time (the answer says how many).
/// [`StoreError::SlotTaken`] when the staff member is busy then; a client created meanwhile by
/// someone else is looked up again once.
pub async fn book(
    store: &dyn Store,
    outbox: &Outbox,
    time_zone: &str,
    new: NewCita,
    target: &ClientTarget,
    now: OffsetDateTime,
) -> Result<(Cita, CitaWritten), StoreError> {
    let letters = Letters::read(store).await?;
    let mut attempts_left = 2;
    loop {
        let chosen = match target {
            ClientTarget::Existing(id) => ClientChoice::Existing(id.clone()),
            ClientTarget::Described(details, by) => choose_client(store, details, *by).await?,
        };
        let (cita, change) = booking_change(time_zone, new.clone(), chosen, now)?;
        let client = match &change {
            CitaChange::Create {
                new_client: Some(client),
                ..
            } => Some(client.clone()),
            _ => store.client(&cita.client_id).await?,
        };
        let lang = client_language(store, &cita).await?;
        let queued = letters.about_cita(outbox, News::Booked, &cita, client.as_ref(), lang, now);
        // Staff book over a time a chat visitor holds: the hold gives way, and they are told.
        match store
            .apply_cita_change(&change, now, Holds::Release, queued.write())
            .await
        {
            Ok(written) => {
                outbox.wake();
                return Ok((cita, written));
            }
            Err(StoreError::Conflict(_)) if attempts_left > 1 => attempts_left -= 1,
            Err(error) => return Err(error),
        }
    }
}
