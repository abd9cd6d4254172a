//! The built-in assistant on the server (REQUIREMENTS B2, B3): loads what a turn needs, runs the
//! domain's conversation ([`citabot_domain::assistant`]), carries out its action against the
//! store, and keeps the conversation state per chat session so it survives a restart.
//!
//! Who is writing comes from the session, never from the message or its metadata. Before a
//! business is set up (a database that was never seeded) the minimal responder answers.

use citabot_domain::account::Role;
use citabot_domain::assistant::{
    self, Action, Booking, Caller, ClientRef, Context, LOOKAHEAD_DAYS, Outcome, State,
};
use citabot_domain::booking::{Cita, CitaStatus, Client, zone};
use citabot_domain::chat::ChatSessionId;
use citabot_domain::responder;
use citabot_store::booking::CitaTime;
use citabot_store::{Store, StoreError, User};
use time::{Date, Duration, OffsetDateTime};

use crate::app::AppState;

/// Answers one message of `session` from `user` (`None` for a guest). `client_date` is the
/// visitor's own date from the metadata, for "mañana" and the like.
pub async fn answer(
    state: &AppState,
    session: &ChatSessionId,
    user: Option<&User>,
    message: &str,
    attachments: &[&str],
    client_date: Option<Date>,
) -> Result<String, StoreError> {
    let store = state.store.as_ref();
    let Some(business) = store.business().await? else {
        return Ok(responder::reply(message, attachments));
    };
    let now_instant = state.clock.now();
    let now = zone::local(&business.time_zone, now_instant)
        .map_err(|error| StoreError::Corrupt(error.to_string()))?;
    // The visitor's date counts when it is plausible (time zones differ by a day at most).
    let today = client_date
        .filter(|date| (*date - now.0).whole_days().abs() <= 1)
        .unwrap_or(now.0);
    let caller = caller(store, user).await?;
    let services = store.services().await?;
    let staff = store.staff().await?;
    let agenda = store
        .citas_between(now.0, now.0 + Duration::days(LOOKAHEAD_DAYS + 1))
        .await?;
    let clients = agenda_clients(store, &caller, &agenda).await?;
    let context = Context {
        business: &business,
        services: &services,
        staff: &staff,
        caller: &caller,
        today,
        now,
        agenda: &agenda,
        clients: &clients,
    };
    let saved = store.assistant_state(session).await?;
    let previous: State = saved
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default();
    let mut turn = assistant::step(previous, message, &context);
    if let Some(action) = turn.action.take() {
        let outcome = carry_out(
            store,
            &business.time_zone,
            &caller,
            session,
            &action,
            now_instant,
        )
        .await;
        turn = assistant::settle(turn.state, &action, &outcome, &context);
    }
    let text = serde_json::to_string(&turn.state).unwrap_or_default();
    store
        .save_assistant_state(session, &text, now_instant)
        .await?;
    Ok(turn.reply)
}

async fn caller(store: &dyn Store, user: Option<&User>) -> Result<Caller, StoreError> {
    let Some(user) = user else {
        return Ok(Caller::Guest);
    };
    let name = format!("{} {}", user.first_name, user.last_name);
    Ok(match user.role {
        Role::Cliente => Caller::Cliente {
            user_id: user.id.clone(),
            name,
            email: user.email.clone(),
            phone: user.phone.clone(),
            client_id: store
                .client_for_user(&user.id)
                .await?
                .map(|client| client.id),
        },
        Role::Usuario | Role::Administrador => Caller::Staff {
            user_id: user.id.clone(),
            name,
        },
    })
}

/// The clients a staff member's agenda names (only staff read other people's citas).
async fn agenda_clients(
    store: &dyn Store,
    caller: &Caller,
    agenda: &[Cita],
) -> Result<Vec<Client>, StoreError> {
    let Caller::Staff { user_id, .. } = caller else {
        return Ok(Vec::new());
    };
    let mut ids: Vec<String> = agenda
        .iter()
        .filter(|cita| &cita.staff_id == user_id)
        .map(|cita| cita.client_id.clone())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    store.clients_by_ids(&ids).await
}

/// Writes what the conversation decided; the outcome is what really happened.
async fn carry_out(
    store: &dyn Store,
    time_zone: &str,
    caller: &Caller,
    session: &ChatSessionId,
    action: &Action,
    now: OffsetDateTime,
) -> Outcome {
    let result = match action {
        Action::Book(booking) => book(store, time_zone, session, booking, now).await,
        Action::Cancel { cita_id } => cancel(store, caller, cita_id).await,
        Action::Move { cita_id, to } => move_cita(store, time_zone, caller, cita_id, to).await,
    };
    result.unwrap_or_else(|error| {
        tracing::error!(%error, "the assistant could not write");
        Outcome::Failed
    })
}

/// Writes a cita the conversation `session` booked (recorded on it, so the dashboard can tell
/// which conversations led to a booking).
async fn book(
    store: &dyn Store,
    time_zone: &str,
    session: &ChatSessionId,
    booking: &Booking,
    now: OffsetDateTime,
) -> Result<Outcome, StoreError> {
    let client_id = client_for(store, &booking.client, now).await?;
    let instant = |minute| {
        zone::instant(time_zone, booking.date, minute)
            .map_err(|error| StoreError::Corrupt(error.to_string()))
    };
    let cita = Cita {
        id: uuid::Uuid::new_v4().to_string(),
        staff_id: booking.staff_id.clone(),
        client_id,
        date: booking.date,
        start_min: booking.start_min,
        end_min: booking.end_min,
        start_at: instant(booking.start_min)?,
        end_at: instant(booking.end_min)?,
        status: CitaStatus::Pendiente,
        service_ids: booking.service_ids.clone(),
        created_at: now,
        chat_session_id: Some(session.as_str().to_owned()),
    };
    match store.create_cita(&cita).await {
        Ok(()) => Ok(Outcome::Booked(cita)),
        Err(StoreError::SlotTaken) => Ok(Outcome::SlotTaken),
        Err(error) => Err(error),
    }
}

/// The client a booking is for: the one given, the one with that email or account, or a new one.
async fn client_for(
    store: &dyn Store,
    client: &ClientRef,
    now: OffsetDateTime,
) -> Result<String, StoreError> {
    let (name, email, phone, user_id) = match client {
        ClientRef::Existing(id) => return Ok(id.clone()),
        ClientRef::New {
            name,
            email,
            phone,
            user_id,
        } => (name, email, phone, user_id),
    };
    if let Some(found) = existing_client(store, email.as_deref(), user_id.as_deref()).await? {
        return Ok(found);
    }
    let created = Client {
        id: uuid::Uuid::new_v4().to_string(),
        name: name.clone(),
        email: email.clone(),
        phone: phone.clone(),
        user_id: user_id.clone(),
    };
    match store.create_client(&created, now).await {
        Ok(()) => Ok(created.id),
        // Created meanwhile by another conversation: use that one.
        Err(StoreError::Conflict(_)) => {
            existing_client(store, email.as_deref(), user_id.as_deref())
                .await?
                .ok_or(StoreError::Conflict("client"))
        }
        Err(error) => Err(error),
    }
}

async fn existing_client(
    store: &dyn Store,
    email: Option<&str>,
    user_id: Option<&str>,
) -> Result<Option<String>, StoreError> {
    if let Some(user_id) = user_id
        && let Some(client) = store.client_for_user(user_id).await?
    {
        return Ok(Some(client.id));
    }
    if let Some(email) = email
        && let Some(client) = store.client_by_email(email).await?
    {
        return Ok(Some(client.id));
    }
    Ok(None)
}

/// The caller's own cita `cita_id` (checked here again: the conversation only offers the
/// caller's, but the store is the authority).
async fn own_cita(
    store: &dyn Store,
    caller: &Caller,
    cita_id: &str,
) -> Result<Option<Cita>, StoreError> {
    let Caller::Cliente {
        client_id: Some(client_id),
        ..
    } = caller
    else {
        return Ok(None);
    };
    Ok(store
        .cita(cita_id)
        .await?
        .filter(|cita| &cita.client_id == client_id))
}

async fn cancel(store: &dyn Store, caller: &Caller, cita_id: &str) -> Result<Outcome, StoreError> {
    let Some(cita) = own_cita(store, caller, cita_id).await? else {
        return Ok(Outcome::NotCancelled);
    };
    if !cita.status.may_become(CitaStatus::Cancelada) {
        return Ok(Outcome::NotCancelled);
    }
    let done = store
        .change_cita_status(cita_id, cita.status, CitaStatus::Cancelada)
        .await?;
    Ok(if done {
        Outcome::Cancelled
    } else {
        Outcome::NotCancelled
    })
}

async fn move_cita(
    store: &dyn Store,
    time_zone: &str,
    caller: &Caller,
    cita_id: &str,
    to: &Booking,
) -> Result<Outcome, StoreError> {
    if own_cita(store, caller, cita_id).await?.is_none() {
        return Ok(Outcome::NotMoved);
    }
    let instant = |minute| {
        zone::instant(time_zone, to.date, minute)
            .map_err(|error| StoreError::Corrupt(error.to_string()))
    };
    let time = CitaTime {
        staff_id: to.staff_id.clone(),
        date: to.date,
        start_min: to.start_min,
        end_min: to.end_min,
        start_at: instant(to.start_min)?,
        end_at: instant(to.end_min)?,
    };
    match store.move_cita(cita_id, &time).await {
        Ok(true) => Ok(store
            .cita(cita_id)
            .await?
            .map_or(Outcome::NotMoved, Outcome::Moved)),
        Ok(false) => Ok(Outcome::NotMoved),
        Err(StoreError::SlotTaken) => Ok(Outcome::SlotTaken),
        Err(error) => Err(error),
    }
}
