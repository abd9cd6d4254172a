//! The dashboard's clients: the list searched by name, email or phone, and a client's page
//! (contact details, every cita, every conversation, the staff's private note) with its edits.
//! The handler checks each field the way every client and account field is checked; what is
//! here reads and writes through the store.

use citabot_domain::booking::{Cita, Client};
use citabot_store::booking::{ClientConversation, ClientSummary};
use citabot_store::{Store, StoreError};

/// Clients whose name, email or phone contains `search` (all when `None`), at most `limit`.
pub async fn search(
    store: &dyn Store,
    search: Option<&str>,
    limit: u32,
) -> Result<Vec<ClientSummary>, StoreError> {
    store.search_clients(search, limit).await
}

/// Everything the client page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientPage {
    pub client: Client,
    /// The staff's private note; never shown to the client.
    pub note: String,
    /// By date and start.
    pub citas: Vec<Cita>,
    /// The most recent last message first.
    pub conversations: Vec<ClientConversation>,
}

/// A client's page; `None` when there is no such client.
pub async fn page(store: &dyn Store, id: &str) -> Result<Option<ClientPage>, StoreError> {
    let Some(client) = store.client(id).await? else {
        return Ok(None);
    };
    let Some(note) = store.client_note(id).await? else {
        return Ok(None);
    };
    let citas = store.client_citas(id).await?;
    let conversations = store.client_conversations(id).await?;
    Ok(Some(ClientPage {
        client,
        note,
        citas,
        conversations,
    }))
}

/// The fields staff change on a client's page, already checked; `None` leaves one as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientEdit {
    pub name: Option<String>,
    /// `Some(None)` clears the email.
    pub email: Option<Option<String>>,
    /// `Some(None)` clears the phone.
    pub phone: Option<Option<String>>,
    pub note: Option<String>,
}

/// Applies `edit` to the client and answers its page as it is now; `None` when there is no
/// such client. Fields left out keep the value read just before the write (two staff editing
/// different fields at the same moment may overwrite each other's: the last save wins).
pub async fn edit(
    store: &dyn Store,
    id: &str,
    edit: ClientEdit,
) -> Result<Option<ClientPage>, StoreError> {
    let Some(mut client) = store.client(id).await? else {
        return Ok(None);
    };
    let Some(mut note) = store.client_note(id).await? else {
        return Ok(None);
    };
    if let Some(name) = edit.name {
        client.name = name;
    }
    if let Some(email) = edit.email {
        client.email = email;
    }
    if let Some(phone) = edit.phone {
        client.phone = phone;
    }
    if let Some(new_note) = edit.note {
        note = new_note;
    }
    if !store.update_client(&client, &note).await? {
        return Ok(None);
    }
    page(store, id).await
}
