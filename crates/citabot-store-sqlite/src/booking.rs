//! The booking side of the SQLite store. Double bookings are refused by triggers
//! (`slot_taken`), which SQLite's single writer makes race-free.

use async_trait::async_trait;
use citabot_domain::account::Role;
use citabot_domain::booking::{Business, Cita, CitaStatus, Client, Service, StaffMember};
use citabot_domain::chat::ChatSessionId;
use citabot_store::booking::{
    CitaColumns, CitaTime, ClientColumns, ClientConversation, ClientConversationColumns,
    ClientSummary, ClientSummaryColumns, ServiceColumns, citas_with_services, client_from_columns,
    client_search_key, client_summary_from_columns, contains_pattern, hours_from_rows,
    service_from_columns,
};
use citabot_store::{
    AssistantStateWrite, BookingStore, CitaChange, SavedAssistantState, StoreError, User,
    UserColumns,
};
use sqlx::AssertSqlSafe;
use sqlx::SqliteConnection;
use time::{Date, OffsetDateTime};

use crate::{SqliteStore, db_error};

const CITA_COLUMNS: &str = "id, staff_id, client_id, date, start_min, end_min, start_at, end_at, status, created_at, \
     chat_session_id";

/// A failed write: the trigger's refusal becomes [`StoreError::SlotTaken`], a unique key
/// [`StoreError::Conflict`].
fn write_error(error: sqlx::Error, conflict: &'static str) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.message().contains("slot_taken") => StoreError::SlotTaken,
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict(conflict),
        _ => db_error(error),
    }
}

impl SqliteStore {
    /// Citas matching `filter` (a `WHERE` clause over `citas` written in this file, its `?`
    /// bound to `binds`), with their services.
    async fn citas_where(
        &self,
        filter: &'static str,
        binds: &[Bind<'_>],
    ) -> Result<Vec<Cita>, StoreError> {
        let rows_sql = format!(
            "SELECT {CITA_COLUMNS} FROM citas WHERE {filter} ORDER BY date, start_min, staff_id"
        );
        let mut rows = sqlx::query_as::<_, CitaColumns>(AssertSqlSafe(rows_sql));
        for bind in binds {
            rows = match bind {
                Bind::Text(text) => rows.bind(*text),
                Bind::Date(date) => rows.bind(*date),
            };
        }
        let rows = rows.fetch_all(&self.pool).await.map_err(db_error)?;
        let links_sql = format!(
            "SELECT cita_id, service_id FROM cita_servicio \
             WHERE cita_id IN (SELECT id FROM citas WHERE {filter}) ORDER BY cita_id, position"
        );
        let mut links = sqlx::query_as::<_, (String, String)>(AssertSqlSafe(links_sql));
        for bind in binds {
            links = match bind {
                Bind::Text(text) => links.bind(*text),
                Bind::Date(date) => links.bind(*date),
            };
        }
        let links = links.fetch_all(&self.pool).await.map_err(db_error)?;
        citas_with_services(rows, &links)
    }
}

/// A value for a `?` of [`SqliteStore::citas_where`].
enum Bind<'a> {
    Text(&'a str),
    Date(Date),
}

#[async_trait]
impl BookingStore for SqliteStore {
    async fn business(&self) -> Result<Option<Business>, StoreError> {
        let row: Option<(String, String, i64)> =
            sqlx::query_as("SELECT name, time_zone, slot_step FROM business WHERE id = 1")
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        let Some((name, time_zone, slot_step)) = row else {
            return Ok(None);
        };
        let periods: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT weekday, open_min, close_min FROM opening_periods ORDER BY weekday, open_min",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let hours = hours_from_rows(&periods)?;
        let slot_step = u16::try_from(slot_step)
            .map_err(|_| StoreError::Corrupt(format!("slot step {slot_step}")))?;
        Business::new(&name, &time_zone, hours, slot_step)
            .map(Some)
            .map_err(|error| StoreError::Corrupt(error.to_string()))
    }

    async fn save_business(&self, business: &Business) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        sqlx::query(
            "INSERT INTO business (id, name, time_zone, slot_step) VALUES (1, ?, ?, ?) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
             time_zone = excluded.time_zone, slot_step = excluded.slot_step",
        )
        .bind(&business.name)
        .bind(&business.time_zone)
        .bind(business.slot_step)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        sqlx::query("DELETE FROM opening_periods")
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        for (weekday, periods) in business.hours.days() {
            for period in periods {
                sqlx::query(
                    "INSERT INTO opening_periods (weekday, open_min, close_min) VALUES (?, ?, ?)",
                )
                .bind(weekday.number_days_from_monday())
                .bind(period.open)
                .bind(period.close)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            }
        }
        tx.commit().await.map_err(db_error)
    }

    async fn services(&self) -> Result<Vec<Service>, StoreError> {
        let rows: Vec<ServiceColumns> = sqlx::query_as(
            "SELECT id, name, description, duration_min, price_cents, active \
             FROM services ORDER BY position",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        rows.into_iter().map(service_from_columns).collect()
    }

    async fn create_service(&self, service: &Service) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO services (id, position, name, description, duration_min, price_cents, active) \
             VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM services), ?, ?, ?, ?, ?)",
        )
        .bind(&service.id)
        .bind(&service.name)
        .bind(&service.description)
        .bind(service.duration_min)
        .bind(service.price_cents)
        .bind(service.active)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(|error| write_error(error, "service id"))
    }

    async fn staff(&self) -> Result<Vec<StaffMember>, StoreError> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT id, first_name, last_name FROM users \
             WHERE role IN ('usuario', 'administrador') ORDER BY first_name, last_name, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(user_id, first, last)| StaffMember {
                user_id,
                name: format!("{first} {last}"),
            })
            .collect())
    }

    async fn update_service(&self, service: &Service) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE services SET name = ?, description = ?, duration_min = ?, \
             price_cents = ?, active = ? WHERE id = ?",
        )
        .bind(&service.name)
        .bind(&service.description)
        .bind(service.duration_min)
        .bind(service.price_cents)
        .bind(service.active)
        .bind(&service.id)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn staff_accounts(&self) -> Result<Vec<User>, StoreError> {
        let rows: Vec<UserColumns> = sqlx::query_as(
            "SELECT id, email, first_name, last_name, phone, role, created_at FROM users \
             WHERE role IN ('usuario', 'administrador') ORDER BY first_name, last_name, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        rows.into_iter().map(User::from_columns).collect()
    }

    async fn set_role(&self, user_id: &str, role: Role) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE users SET role = ? WHERE id = ?")
            .bind(role.as_str())
            .bind(user_id)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn create_client(&self, client: &Client, now: OffsetDateTime) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_error)?;
        insert_client(&mut conn, client, now).await
    }

    async fn client(&self, id: &str) -> Result<Option<Client>, StoreError> {
        client_where(self, "id = ?", id).await
    }

    async fn clients_by_ids(&self, ids: &[String]) -> Result<Vec<Client>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; ids.len()].join(", ");
        let mut rows = sqlx::query_as::<_, ClientColumns>(AssertSqlSafe(format!(
            "SELECT id, name, email, phone, user_id FROM clients WHERE id IN ({marks})"
        )));
        for id in ids {
            rows = rows.bind(id);
        }
        let rows = rows.fetch_all(&self.pool).await.map_err(db_error)?;
        Ok(rows.into_iter().map(client_from_columns).collect())
    }

    async fn search_clients(
        &self,
        query: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ClientSummary>, StoreError> {
        let pattern = contains_pattern(query.unwrap_or_default());
        let rows: Vec<ClientSummaryColumns> = sqlx::query_as(
            "SELECT c.id, c.name, c.email, c.phone, c.user_id, \
             (SELECT COUNT(*) FROM citas WHERE citas.client_id = c.id), \
             (SELECT MAX(citas.date) FROM citas WHERE citas.client_id = c.id) \
             FROM clients c WHERE c.search_key LIKE ? ESCAPE '\\' ORDER BY c.search_key, c.id LIMIT ?",
        )
        .bind(pattern)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        rows.into_iter().map(client_summary_from_columns).collect()
    }

    async fn clients_by_email(&self, email: &str) -> Result<Vec<Client>, StoreError> {
        let rows: Vec<ClientColumns> = sqlx::query_as(
            "SELECT id, name, email, phone, user_id FROM clients WHERE email = ? \
             ORDER BY user_id IS NULL, julianday(created_at), id",
        )
        .bind(email)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows.into_iter().map(client_from_columns).collect())
    }

    async fn client_for_user(&self, user_id: &str) -> Result<Option<Client>, StoreError> {
        client_where(self, "user_id = ?", user_id).await
    }

    async fn client_note(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT note FROM clients WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(row.map(|(note,)| note))
    }

    async fn update_client(&self, client: &Client, note: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE clients SET name = ?, email = ?, phone = ?, note = ?, search_key = ? \
             WHERE id = ?",
        )
        .bind(&client.name)
        .bind(&client.email)
        .bind(&client.phone)
        .bind(note)
        .bind(client_search_key(client))
        .bind(&client.id)
        .execute(&self.pool)
        .await
        .map_err(|error| write_error(error, "client"))?;
        Ok(done.rows_affected() == 1)
    }

    async fn client_conversations(
        &self,
        client_id: &str,
    ) -> Result<Vec<ClientConversation>, StoreError> {
        let rows: Vec<ClientConversationColumns> = sqlx::query_as(
            "SELECT s.id, s.created_at, s.last_message_at, \
             (SELECT m.content FROM chat_messages m WHERE m.session_id = s.id ORDER BY m.id DESC LIMIT 1) \
             FROM chat_sessions s WHERE s.last_message_at IS NOT NULL AND ( \
             s.owner_user_id IN (SELECT user_id FROM clients WHERE id = ?1) \
             OR s.id IN (SELECT chat_session_id FROM citas WHERE client_id = ?1 \
             AND chat_session_id IS NOT NULL)) \
             ORDER BY julianday(s.last_message_at) DESC, s.id DESC",
        )
        .bind(client_id)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(ClientConversation::from_columns)
            .collect())
    }

    async fn create_cita(&self, cita: &Cita) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        insert_cita(&mut tx, cita).await?;
        tx.commit().await.map_err(db_error)
    }

    async fn cita(&self, id: &str) -> Result<Option<Cita>, StoreError> {
        Ok(self
            .citas_where("id = ?", &[Bind::Text(id)])
            .await?
            .into_iter()
            .next())
    }

    async fn citas_between(&self, from: Date, to: Date) -> Result<Vec<Cita>, StoreError> {
        self.citas_where(
            "date >= ? AND date < ?",
            &[Bind::Date(from), Bind::Date(to)],
        )
        .await
    }

    async fn client_citas(&self, client_id: &str) -> Result<Vec<Cita>, StoreError> {
        self.citas_where("client_id = ?", &[Bind::Text(client_id)])
            .await
    }

    async fn change_cita_status(
        &self,
        id: &str,
        from: CitaStatus,
        to: CitaStatus,
    ) -> Result<bool, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_error)?;
        set_cita_status(&mut conn, id, from, to).await
    }

    async fn move_cita(&self, id: &str, to: &CitaTime) -> Result<bool, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_error)?;
        move_cita_to(&mut conn, id, to).await
    }

    async fn assistant_state(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<SavedAssistantState>, StoreError> {
        let row: Option<(String, i64)> =
            sqlx::query_as("SELECT state, version FROM assistant_states WHERE session_id = ?")
                .bind(session.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(row.map(|(text, version)| SavedAssistantState { text, version }))
    }
}

/// Saves the assistant's state over the version the turn read ([`StoreError::Stale`] when
/// another turn saved first).
pub(crate) async fn save_assistant_state(
    conn: &mut SqliteConnection,
    session: &ChatSessionId,
    state: AssistantStateWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let saved = match state.read_version {
        None => {
            sqlx::query(
                "INSERT INTO assistant_states (session_id, state, updated_at, version) \
             VALUES (?, ?, ?, 1) ON CONFLICT (session_id) DO NOTHING",
            )
            .bind(session.as_str())
            .bind(state.text)
            .bind(now)
            .execute(&mut *conn)
            .await
        }
        Some(version) => {
            sqlx::query(
                "UPDATE assistant_states SET state = ?, updated_at = ?, version = version + 1 \
             WHERE session_id = ? AND version = ?",
            )
            .bind(state.text)
            .bind(now)
            .bind(session.as_str())
            .bind(version)
            .execute(&mut *conn)
            .await
        }
    }
    .map_err(db_error)?;
    if saved.rows_affected() == 1 {
        Ok(())
    } else {
        Err(StoreError::Stale)
    }
}

/// Writes a turn's change to the citas inside its transaction.
pub(crate) async fn apply_cita_change(
    conn: &mut SqliteConnection,
    change: &CitaChange,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let changed = match change {
        CitaChange::Create { cita, new_client } => {
            if let Some(client) = new_client {
                insert_client(conn, client, now).await?;
            }
            insert_cita(conn, cita).await?;
            true
        }
        CitaChange::SetStatus { cita_id, from, to } => {
            set_cita_status(conn, cita_id, *from, *to).await?
        }
        CitaChange::Move { cita_id, to } => move_cita_to(conn, cita_id, to).await?,
    };
    if changed {
        Ok(())
    } else {
        Err(StoreError::Unchanged)
    }
}

async fn insert_client(
    conn: &mut SqliteConnection,
    client: &Client,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO clients (id, name, email, phone, user_id, created_at, search_key) \
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&client.id)
    .bind(&client.name)
    .bind(&client.email)
    .bind(&client.phone)
    .bind(&client.user_id)
    .bind(now)
    .bind(client_search_key(client))
    .execute(&mut *conn)
    .await
    .map(drop)
    .map_err(|error| write_error(error, "client"))
}

async fn insert_cita(conn: &mut SqliteConnection, cita: &Cita) -> Result<(), StoreError> {
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO citas ({CITA_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )))
    .bind(&cita.id)
    .bind(&cita.staff_id)
    .bind(&cita.client_id)
    .bind(cita.date)
    .bind(cita.start_min)
    .bind(cita.end_min)
    .bind(cita.start_at)
    .bind(cita.end_at)
    .bind(cita.status.as_str())
    .bind(cita.created_at)
    .bind(&cita.chat_session_id)
    .execute(&mut *conn)
    .await
    .map_err(|error| write_error(error, "cita id"))?;
    for (position, service_id) in cita.service_ids.iter().enumerate() {
        sqlx::query("INSERT INTO cita_servicio (cita_id, position, service_id) VALUES (?, ?, ?)")
            .bind(&cita.id)
            .bind(i64::try_from(position).unwrap_or(i64::MAX))
            .bind(service_id)
            .execute(&mut *conn)
            .await
            .map_err(db_error)?;
    }
    Ok(())
}

async fn set_cita_status(
    conn: &mut SqliteConnection,
    id: &str,
    from: CitaStatus,
    to: CitaStatus,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE citas SET status = ? WHERE id = ? AND status = ?")
        .bind(to.as_str())
        .bind(id)
        .bind(from.as_str())
        .execute(&mut *conn)
        .await
        .map_err(|error| write_error(error, "cita"))?;
    Ok(done.rows_affected() == 1)
}

async fn move_cita_to(
    conn: &mut SqliteConnection,
    id: &str,
    to: &CitaTime,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE citas SET staff_id = ?, date = ?, start_min = ?, end_min = ?, start_at = ?, \
         end_at = ? WHERE id = ? AND status IN ('pendiente', 'confirmada')",
    )
    .bind(&to.staff_id)
    .bind(to.date)
    .bind(to.start_min)
    .bind(to.end_min)
    .bind(to.start_at)
    .bind(to.end_at)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map_err(|error| write_error(error, "cita"))?;
    Ok(done.rows_affected() == 1)
}

/// The client matching `filter` (a condition written in this file, one `?` bound to `value`).
async fn client_where(
    store: &SqliteStore,
    filter: &'static str,
    value: &str,
) -> Result<Option<Client>, StoreError> {
    let row: Option<ClientColumns> = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT id, name, email, phone, user_id FROM clients WHERE {filter}"
    )))
    .bind(value)
    .fetch_optional(&store.pool)
    .await
    .map_err(db_error)?;
    Ok(row.map(client_from_columns))
}
