//! The booking side: the salon's hours and settings, closures, stylists' schedules and time
//! off, services, clients, citas and the assistant's saved state. Double bookings are refused
//! by the database underneath (a trigger on SQLite, an exclusion constraint on PostgreSQL),
//! which the adapter reports as [`StoreError::SlotTaken`].

use async_trait::async_trait;
use citabot_domain::account::Role;
use citabot_domain::booking::profile::BusinessSettings;
use citabot_domain::booking::rules::{Closure, StaffSchedule, TimeOff};
use citabot_domain::booking::{Business, Cita, CitaStatus, Client, Service, SlotHold, StaffMember};
use citabot_domain::chat::ChatSessionId;
use time::{Date, OffsetDateTime};

use super::{
    Arg, Column, FromSqlRow, SqlBackend, SqlConn, SqlRow, SqlTx, conflict_on, holds, placeholders,
};
use crate::booking::{
    CitaColumns, CitaTime, ClientColumns, ClientConversation, ClientConversationColumns,
    ClientSummary, ClientSummaryColumns, ServiceColumns, SettingsColumns, StaffSettingsColumns,
    cita_from_columns, client_from_columns, client_search_key, client_summary_from_columns,
    contains_pattern, hours_from_rows, period_rows, phone_query, schedules_from_rows,
    service_from_columns, settings_from_columns,
};
use crate::{
    AssistantStateWrite, BookingStore, CitaChange, CitaWritten, Holds, SavedAssistantState,
    StoreError, TurnReads, User, UserColumns,
};

/// [`CitaColumns`] as selected from `citas`, with the staff's override beside them, and then
/// one of its services: a cita with several services is several rows, in their order.
const CITA_SELECT: &str = "SELECT citas.id, staff_id, client_id, date, start_min, end_min, \
     start_at, end_at, status, created_at, chat_session_id, \
     EXISTS (SELECT 1 FROM cita_outside_hours o WHERE o.cita_id = citas.id), revision, \
     s.service_id FROM citas LEFT JOIN cita_servicio s ON s.cita_id = citas.id";

const CLIENT_SELECT: &str = "SELECT id, name, email, phone, user_id FROM clients";

/// A row of [`CITA_SELECT`].
struct CitaService {
    cita: CitaColumns,
    service_id: Option<String>,
}

impl FromSqlRow for CitaService {
    fn from_row(row: &impl SqlRow) -> Result<Self, StoreError> {
        Ok(Self {
            cita: CitaColumns::from_row(row)?,
            service_id: Column::read(row, 13)?,
        })
    }
}

/// Citas matching `filter` (a `WHERE` clause over `citas` written in this file, its `$n` bound
/// to `args`), with their services, in one query.
async fn citas_where(
    conn: &mut impl SqlConn,
    filter: &str,
    args: &[Arg<'_>],
) -> Result<Vec<Cita>, StoreError> {
    let rows: Vec<CitaService> = conn
        .all(
            &format!(
                "{CITA_SELECT} WHERE {filter} \
                 ORDER BY date, start_min, staff_id, citas.id, s.position"
            ),
            args,
        )
        .await?;
    let mut citas: Vec<(CitaColumns, Vec<String>)> = Vec::new();
    for row in rows {
        match citas.last_mut() {
            Some((cita, services)) if cita.0 == row.cita.0 => services.extend(row.service_id),
            _ => citas.push((row.cita, row.service_id.into_iter().collect())),
        }
    }
    citas
        .into_iter()
        .map(|(cita, services)| cita_from_columns(cita, services))
        .collect()
}

/// The client matching `filter` (a condition written in this file, `$1` bound to `value`).
async fn client_where(
    conn: &mut impl SqlConn,
    filter: &str,
    value: &str,
) -> Result<Option<Client>, StoreError> {
    let row: Option<ClientColumns> = conn
        .optional(
            &format!("{CLIENT_SELECT} WHERE {filter}"),
            crate::args![value],
        )
        .await?;
    Ok(row.map(client_from_columns))
}

#[async_trait]
impl<B: SqlBackend> BookingStore for B {
    async fn business(&self) -> Result<Option<Business>, StoreError> {
        let mut conn = self.connection().await?;
        let row: Option<(String, String, i64)> = conn
            .optional(
                "SELECT name, time_zone, slot_step FROM business WHERE id = 1",
                &[],
            )
            .await?;
        let Some((name, time_zone, slot_step)) = row else {
            return Ok(None);
        };
        let periods: Vec<(i64, i64, i64)> = conn
            .all(
                "SELECT weekday, open_min, close_min FROM opening_periods \
                 ORDER BY weekday, open_min",
                &[],
            )
            .await?;
        let hours = hours_from_rows(&periods)?;
        let slot_step = u16::try_from(slot_step)
            .map_err(|_| StoreError::Corrupt(format!("slot step {slot_step}")))?;
        Business::new(&name, &time_zone, hours, slot_step)
            .map(Some)
            .map_err(|error| StoreError::Corrupt(error.to_string()))
    }

    async fn save_business(&self, business: &Business) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        tx.execute(
            "INSERT INTO business (id, name, time_zone, slot_step) VALUES (1, $1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
             time_zone = excluded.time_zone, slot_step = excluded.slot_step",
            crate::args![&business.name, &business.time_zone, business.slot_step],
        )
        .await?;
        tx.execute("DELETE FROM opening_periods", &[]).await?;
        for (weekday, open, close) in period_rows(&business.hours) {
            tx.execute(
                "INSERT INTO opening_periods (weekday, open_min, close_min) VALUES ($1, $2, $3)",
                crate::args![weekday, open, close],
            )
            .await?;
        }
        tx.commit().await
    }

    async fn business_settings(&self) -> Result<BusinessSettings, StoreError> {
        let mut conn = self.connection().await?;
        let row: Option<SettingsColumns> = conn
            .optional(
                "SELECT street, postal_code, city, phone, email, description, parking, access, \
                 brand_color, min_notice_min, horizon_days, chat_booking_status, hold_min \
                 FROM business_settings WHERE id = 1",
                &[],
            )
            .await?;
        let methods: Vec<(String,)> = conn
            .all(
                "SELECT name FROM business_payment_methods ORDER BY position",
                &[],
            )
            .await?;
        let faq: Vec<(String, String)> = conn
            .all(
                "SELECT question, answer FROM business_faq ORDER BY position",
                &[],
            )
            .await?;
        settings_from_columns(row, methods.into_iter().map(|(name,)| name).collect(), faq)
    }

    async fn save_business_settings(
        &self,
        name: Option<&str>,
        settings: &BusinessSettings,
    ) -> Result<(), StoreError> {
        let profile = &settings.profile;
        let rules = &settings.rules;
        let mut tx = self.write().await?;
        if let Some(name) = name {
            tx.execute(
                "UPDATE business SET name = $1 WHERE id = 1",
                crate::args![name],
            )
            .await?;
        }
        tx.execute(
            "INSERT INTO business_settings (id, street, postal_code, city, phone, email, \
             description, parking, access, brand_color, min_notice_min, horizon_days, \
             chat_booking_status, hold_min) \
             VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
             ON CONFLICT (id) DO UPDATE SET street = excluded.street, \
             postal_code = excluded.postal_code, city = excluded.city, phone = excluded.phone, \
             email = excluded.email, description = excluded.description, \
             parking = excluded.parking, access = excluded.access, \
             brand_color = excluded.brand_color, min_notice_min = excluded.min_notice_min, \
             horizon_days = excluded.horizon_days, \
             chat_booking_status = excluded.chat_booking_status, hold_min = excluded.hold_min",
            crate::args![
                &profile.address.street,
                &profile.address.postal_code,
                &profile.address.city,
                &profile.phone,
                &profile.email,
                &profile.description,
                &profile.parking,
                &profile.access,
                &profile.brand_color,
                rules.min_notice_min,
                rules.horizon_days,
                rules.chat_booking_status.as_str(),
                rules.hold_min,
            ],
        )
        .await?;
        tx.execute("DELETE FROM business_payment_methods", &[])
            .await?;
        for (position, method) in (0_i64..).zip(&profile.payment_methods) {
            tx.execute(
                "INSERT INTO business_payment_methods (position, name) VALUES ($1, $2)",
                crate::args![position, method],
            )
            .await?;
        }
        tx.execute("DELETE FROM business_faq", &[]).await?;
        for (position, entry) in (0_i64..).zip(&profile.faq) {
            tx.execute(
                "INSERT INTO business_faq (position, question, answer) VALUES ($1, $2, $3)",
                crate::args![position, &entry.question, &entry.answer],
            )
            .await?;
        }
        tx.commit().await
    }

    async fn closures(&self) -> Result<Vec<Closure>, StoreError> {
        let rows: Vec<(String, Date, Date, String)> = self
            .connection()
            .await?
            .all(
                "SELECT id, from_date, to_date, reason FROM closures \
                 ORDER BY from_date, to_date, id",
                &[],
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, from, to, reason)| Closure {
                id,
                from,
                to,
                reason,
            })
            .collect())
    }

    async fn create_closure(&self, closure: &Closure) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO closures (id, from_date, to_date, reason) VALUES ($1, $2, $3, $4)",
                crate::args![&closure.id, closure.from, closure.to, &closure.reason],
            )
            .await
            .map(drop)
            .map_err(conflict_on("closure id"))
    }

    async fn delete_closure(&self, id: &str) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute("DELETE FROM closures WHERE id = $1", crate::args![id])
            .await?;
        Ok(changed == 1)
    }

    async fn staff_schedules(&self) -> Result<Vec<StaffSchedule>, StoreError> {
        let mut conn = self.connection().await?;
        let settings: Vec<StaffSettingsColumns> = conn
            .all(
                "SELECT user_id, follows_business_hours, all_services, bookable \
                 FROM staff_settings ORDER BY user_id",
                &[],
            )
            .await?;
        let periods: Vec<(String, i64, i64, i64)> = conn
            .all(
                "SELECT user_id, weekday, open_min, close_min FROM staff_periods \
                 ORDER BY user_id, weekday, open_min",
                &[],
            )
            .await?;
        let services: Vec<(String, String)> = conn
            .all(
                "SELECT s.user_id, s.service_id FROM staff_services s \
                 JOIN services ON services.id = s.service_id \
                 ORDER BY s.user_id, services.position",
                &[],
            )
            .await?;
        schedules_from_rows(settings, &periods, &services)
    }

    async fn save_staff_schedule(&self, schedule: &StaffSchedule) -> Result<(), StoreError> {
        let staff_id = schedule.staff_id.as_str();
        let mut tx = self.write().await?;
        tx.execute(
            "INSERT INTO staff_settings (user_id, follows_business_hours, all_services, bookable) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE SET \
             follows_business_hours = excluded.follows_business_hours, \
             all_services = excluded.all_services, bookable = excluded.bookable",
            crate::args![
                staff_id,
                schedule.periods.is_none(),
                schedule.service_ids.is_none(),
                schedule.bookable,
            ],
        )
        .await?;
        tx.execute(
            "DELETE FROM staff_periods WHERE user_id = $1",
            crate::args![staff_id],
        )
        .await?;
        tx.execute(
            "DELETE FROM staff_services WHERE user_id = $1",
            crate::args![staff_id],
        )
        .await?;
        for (weekday, open, close) in schedule.periods.iter().flat_map(period_rows) {
            tx.execute(
                "INSERT INTO staff_periods (user_id, weekday, open_min, close_min) \
                 VALUES ($1, $2, $3, $4)",
                crate::args![staff_id, weekday, open, close],
            )
            .await?;
        }
        for service_id in schedule.service_ids.iter().flatten() {
            tx.execute(
                "INSERT INTO staff_services (user_id, service_id) VALUES ($1, $2)",
                crate::args![staff_id, service_id],
            )
            .await?;
        }
        tx.commit().await
    }

    async fn time_off(&self) -> Result<Vec<TimeOff>, StoreError> {
        let rows: Vec<(String, String, Date, Date, String)> = self
            .connection()
            .await?
            .all(
                "SELECT id, user_id, from_date, to_date, reason FROM staff_time_off \
                 ORDER BY user_id, from_date, id",
                &[],
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, staff_id, from, to, reason)| TimeOff {
                id,
                staff_id,
                from,
                to,
                reason,
            })
            .collect())
    }

    async fn create_time_off(&self, off: &TimeOff) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO staff_time_off (id, user_id, from_date, to_date, reason) \
                 VALUES ($1, $2, $3, $4, $5)",
                crate::args![&off.id, &off.staff_id, off.from, off.to, &off.reason],
            )
            .await
            .map(drop)
            .map_err(conflict_on("time off id"))
    }

    async fn delete_time_off(&self, staff_id: &str, id: &str) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "DELETE FROM staff_time_off WHERE id = $1 AND user_id = $2",
                crate::args![id, staff_id],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn services(&self) -> Result<Vec<Service>, StoreError> {
        let rows: Vec<ServiceColumns> = self
            .connection()
            .await?
            .all(
                "SELECT id, name, description, duration_min, price_cents, active \
                 FROM services ORDER BY position",
                &[],
            )
            .await?;
        rows.into_iter().map(service_from_columns).collect()
    }

    async fn create_service(&self, service: &Service) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO services (id, position, name, description, duration_min, \
                 price_cents, active) \
                 VALUES ($1, (SELECT COALESCE(MAX(position), 0) + 1 FROM services), \
                 $2, $3, $4, $5, $6)",
                crate::args![
                    &service.id,
                    &service.name,
                    &service.description,
                    service.duration_min,
                    service.price_cents,
                    service.active,
                ],
            )
            .await
            .map(drop)
            .map_err(conflict_on("service id"))
    }

    async fn staff(&self) -> Result<Vec<StaffMember>, StoreError> {
        let rows: Vec<(String, String, String)> = self
            .connection()
            .await?
            .all(
                "SELECT id, first_name, last_name FROM users \
                 WHERE role IN ('usuario', 'administrador') ORDER BY first_name, last_name, id",
                &[],
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|(user_id, first, last)| StaffMember {
                user_id,
                name: format!("{first} {last}"),
            })
            .collect())
    }

    async fn update_service(&self, service: &Service) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE services SET name = $1, description = $2, duration_min = $3, \
                 price_cents = $4, active = $5 WHERE id = $6",
                crate::args![
                    &service.name,
                    &service.description,
                    service.duration_min,
                    service.price_cents,
                    service.active,
                    &service.id,
                ],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn staff_accounts(&self) -> Result<Vec<User>, StoreError> {
        let rows: Vec<UserColumns> = self
            .connection()
            .await?
            .all(
                "SELECT id, email, first_name, last_name, phone, role, created_at FROM users \
                 WHERE role IN ('usuario', 'administrador') ORDER BY first_name, last_name, id",
                &[],
            )
            .await?;
        rows.into_iter().map(User::from_columns).collect()
    }

    async fn set_role(&self, user_id: &str, role: Role) -> Result<bool, StoreError> {
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE users SET role = $1 WHERE id = $2",
                crate::args![role.as_str(), user_id],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn create_client(&self, client: &Client, now: OffsetDateTime) -> Result<(), StoreError> {
        insert_client(&mut self.connection().await?, client, now).await
    }

    async fn client(&self, id: &str) -> Result<Option<Client>, StoreError> {
        client_where(&mut self.connection().await?, "id = $1", id).await
    }

    async fn clients_by_ids(&self, ids: &[String]) -> Result<Vec<Client>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let args: Vec<Arg<'_>> = ids.iter().map(Arg::from).collect();
        let rows: Vec<ClientColumns> = self
            .connection()
            .await?
            .all(
                &format!(
                    "{CLIENT_SELECT} WHERE id IN ({})",
                    placeholders(1, args.len())
                ),
                &args,
            )
            .await?;
        Ok(rows.into_iter().map(client_from_columns).collect())
    }

    async fn search_clients(
        &self,
        query: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ClientSummary>, StoreError> {
        let query = query.unwrap_or_default();
        let pattern = contains_pattern(query);
        // A query written like a phone also matches by its digits alone.
        let digits =
            phone_query(query).map_or_else(|| pattern.clone(), |digits| contains_pattern(&digits));
        let rows: Vec<ClientSummaryColumns> = self
            .connection()
            .await?
            .all(
                "SELECT c.id, c.name, c.email, c.phone, c.user_id, \
                 (SELECT COUNT(*) FROM citas WHERE citas.client_id = c.id), \
                 (SELECT MAX(citas.date) FROM citas WHERE citas.client_id = c.id) \
                 FROM clients c \
                 WHERE c.search_key LIKE $1 ESCAPE '\\' OR c.search_key LIKE $3 ESCAPE '\\' \
                 ORDER BY c.search_key, c.id LIMIT $2",
                crate::args![&pattern, limit, &digits],
            )
            .await?;
        rows.into_iter().map(client_summary_from_columns).collect()
    }

    async fn clients_by_email(&self, email: &str) -> Result<Vec<Client>, StoreError> {
        let rows: Vec<ClientColumns> = self
            .connection()
            .await?
            .all(
                "SELECT id, name, email, phone, user_id FROM clients WHERE email = $1 \
                 ORDER BY user_id IS NULL, julianday(created_at), id",
                crate::args![email],
            )
            .await?;
        Ok(rows.into_iter().map(client_from_columns).collect())
    }

    async fn client_for_user(&self, user_id: &str) -> Result<Option<Client>, StoreError> {
        client_where(&mut self.connection().await?, "user_id = $1", user_id).await
    }

    async fn client_note(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = self
            .connection()
            .await?
            .optional("SELECT note FROM clients WHERE id = $1", crate::args![id])
            .await?;
        Ok(row.map(|(note,)| note))
    }

    async fn update_client(&self, client: &Client, note: &str) -> Result<bool, StoreError> {
        let search_key = client_search_key(client);
        let changed = self
            .connection()
            .await?
            .execute(
                "UPDATE clients SET name = $1, email = $2, phone = $3, note = $4, \
                 search_key = $5 WHERE id = $6",
                crate::args![
                    &client.name,
                    client.email.as_deref(),
                    client.phone.as_deref(),
                    note,
                    &search_key,
                    &client.id,
                ],
            )
            .await
            .map_err(conflict_on("client"))?;
        Ok(changed == 1)
    }

    async fn client_conversations(
        &self,
        client_id: &str,
    ) -> Result<Vec<ClientConversation>, StoreError> {
        let rows: Vec<ClientConversationColumns> = self
            .connection()
            .await?
            .all(
                "SELECT s.id, s.created_at, s.last_message_at, \
                 (SELECT m.content FROM chat_messages m WHERE m.session_id = s.id \
                  ORDER BY m.id DESC LIMIT 1) \
                 FROM chat_sessions s WHERE s.last_message_at IS NOT NULL AND ( \
                 s.owner_user_id IN (SELECT user_id FROM clients WHERE id = $1) \
                 OR s.id IN (SELECT chat_session_id FROM citas WHERE client_id = $1 \
                 AND chat_session_id IS NOT NULL)) \
                 ORDER BY julianday(s.last_message_at) DESC, s.id DESC",
                crate::args![client_id],
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(ClientConversation::from_columns)
            .collect())
    }

    async fn create_cita(&self, cita: &Cita) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        insert_cita(&mut tx, cita).await?;
        tx.commit().await
    }

    async fn cita(&self, id: &str) -> Result<Option<Cita>, StoreError> {
        let mut conn = self.connection().await?;
        let found = citas_where(&mut conn, "citas.id = $1", crate::args![id]).await?;
        Ok(found.into_iter().next())
    }

    async fn citas_between(&self, from: Date, to: Date) -> Result<Vec<Cita>, StoreError> {
        citas_between(&mut self.connection().await?, from, to).await
    }

    async fn client_citas(&self, client_id: &str) -> Result<Vec<Cita>, StoreError> {
        let mut conn = self.connection().await?;
        citas_where(&mut conn, "client_id = $1", crate::args![client_id]).await
    }

    async fn change_cita_status(
        &self,
        id: &str,
        from: CitaStatus,
        to: CitaStatus,
    ) -> Result<bool, StoreError> {
        set_cita_status(&mut self.connection().await?, id, (from, to), None).await
    }

    async fn holds_between(
        &self,
        from: Date,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<Vec<SlotHold>, StoreError> {
        holds::between(&mut self.connection().await?, from, to, now).await
    }

    async fn assistant_state(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<SavedAssistantState>, StoreError> {
        assistant_state(&mut self.connection().await?, session).await
    }

    async fn turn_reads(
        &self,
        session: &ChatSessionId,
        from: Date,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<TurnReads, StoreError> {
        let mut conn = self.connection().await?;
        Ok(TurnReads {
            agenda: citas_between(&mut conn, from, to).await?,
            holds: holds::between(&mut conn, from, to, now).await?,
            saved: assistant_state(&mut conn, session).await?,
        })
    }
}

async fn citas_between(
    conn: &mut impl SqlConn,
    from: Date,
    to: Date,
) -> Result<Vec<Cita>, StoreError> {
    citas_where(conn, "date >= $1 AND date < $2", crate::args![from, to]).await
}

async fn assistant_state(
    conn: &mut impl SqlConn,
    session: &ChatSessionId,
) -> Result<Option<SavedAssistantState>, StoreError> {
    let row: Option<(String, i64)> = conn
        .optional(
            "SELECT state, version FROM assistant_states WHERE session_id = $1",
            crate::args![session.as_str()],
        )
        .await?;
    Ok(row.map(|(text, version)| SavedAssistantState { text, version }))
}

/// Saves the assistant's state over the version the turn read ([`StoreError::Stale`] when
/// another turn saved first).
pub(crate) async fn save_assistant_state(
    conn: &mut impl SqlConn,
    session: &ChatSessionId,
    state: AssistantStateWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let saved = match state.read_version {
        None => {
            conn.execute(
                "INSERT INTO assistant_states (session_id, state, updated_at, version) \
                 VALUES ($1, $2, $3, 1) ON CONFLICT (session_id) DO NOTHING",
                crate::args![session.as_str(), state.text, now],
            )
            .await?
        }
        Some(version) => {
            conn.execute(
                "UPDATE assistant_states SET state = $1, updated_at = $2, version = version + 1 \
                 WHERE session_id = $3 AND version = $4",
                crate::args![state.text, now, session.as_str(), version],
            )
            .await?
        }
    };
    if saved == 1 {
        Ok(())
    } else {
        Err(StoreError::Stale)
    }
}

/// Writes a turn's change to the citas inside its transaction.
pub(crate) async fn apply_cita_change(
    conn: &mut impl SqlConn,
    change: &CitaChange,
    now: OffsetDateTime,
    holds: Holds<'_>,
) -> Result<CitaWritten, StoreError> {
    let written = holds::make_way(conn, change, now, holds).await?;
    let changed = match change {
        CitaChange::Create { cita, new_client } => {
            if let Some(client) = new_client {
                insert_client(conn, client, now).await?;
            }
            insert_cita(conn, cita).await?;
            true
        }
        CitaChange::SetStatus {
            cita_id,
            from,
            to,
            revision,
        } => set_cita_status(conn, cita_id, (*from, *to), Some(*revision)).await?,
        CitaChange::Move {
            cita_id,
            to,
            revision,
        } => move_cita_to(conn, cita_id, to, *revision).await?,
    };
    if changed {
        Ok(written)
    } else {
        Err(StoreError::Unchanged)
    }
}

async fn insert_client(
    conn: &mut impl SqlConn,
    client: &Client,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let search_key = client_search_key(client);
    conn.execute(
        "INSERT INTO clients (id, name, email, phone, user_id, created_at, search_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        crate::args![
            &client.id,
            &client.name,
            client.email.as_deref(),
            client.phone.as_deref(),
            client.user_id.as_deref(),
            now,
            &search_key,
        ],
    )
    .await
    .map(drop)
    .map_err(conflict_on("client"))
}

async fn insert_cita(conn: &mut impl SqlConn, cita: &Cita) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO citas (id, staff_id, client_id, date, start_min, end_min, start_at, end_at, \
         status, created_at, chat_session_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        crate::args![
            &cita.id,
            &cita.staff_id,
            &cita.client_id,
            cita.date,
            cita.start_min,
            cita.end_min,
            cita.start_at,
            cita.end_at,
            cita.status.as_str(),
            cita.created_at,
            cita.chat_session_id.as_deref(),
        ],
    )
    .await
    .map_err(conflict_on("cita id"))?;
    write_cita_services(conn, &cita.id, &cita.service_ids).await?;
    mark_outside_hours(conn, &cita.id, cita.outside_hours).await
}

/// Writes a cita's services, in order (after any old ones were deleted).
async fn write_cita_services(
    conn: &mut impl SqlConn,
    cita_id: &str,
    service_ids: &[String],
) -> Result<(), StoreError> {
    for (position, service_id) in (0_i64..).zip(service_ids) {
        conn.execute(
            "INSERT INTO cita_servicio (cita_id, position, service_id) VALUES ($1, $2, $3)",
            crate::args![cita_id, position, service_id],
        )
        .await?;
    }
    Ok(())
}

/// Records (or clears) the staff's override on a cita.
async fn mark_outside_hours(
    conn: &mut impl SqlConn,
    cita_id: &str,
    outside_hours: bool,
) -> Result<(), StoreError> {
    let sql = if outside_hours {
        "INSERT INTO cita_outside_hours (cita_id) VALUES ($1) ON CONFLICT (cita_id) DO NOTHING"
    } else {
        "DELETE FROM cita_outside_hours WHERE cita_id = $1"
    };
    conn.execute(sql, crate::args![cita_id]).await.map(drop)
}

async fn set_cita_status(
    conn: &mut impl SqlConn,
    id: &str,
    (from, to): (CitaStatus, CitaStatus),
    revision: Option<i64>,
) -> Result<bool, StoreError> {
    let changed = conn
        .execute(
            "UPDATE citas SET status = $1, revision = revision + 1 \
             WHERE id = $2 AND status = $3 AND revision = COALESCE($4, revision)",
            crate::args![to.as_str(), id, from.as_str(), revision],
        )
        .await
        .map_err(conflict_on("cita"))?;
    Ok(changed == 1)
}

async fn move_cita_to(
    conn: &mut impl SqlConn,
    id: &str,
    to: &CitaTime,
    revision: i64,
) -> Result<bool, StoreError> {
    let changed = conn
        .execute(
            "UPDATE citas SET staff_id = $1, date = $2, start_min = $3, end_min = $4, \
             start_at = $5, end_at = $6, revision = revision + 1 \
             WHERE id = $7 AND status IN ('pendiente', 'confirmada') AND revision = $8",
            crate::args![
                &to.staff_id,
                to.date,
                to.start_min,
                to.end_min,
                to.start_at,
                to.end_at,
                id,
                revision,
            ],
        )
        .await
        .map_err(conflict_on("cita"))?;
    if changed != 1 {
        return Ok(false);
    }
    if let Some(service_ids) = &to.service_ids {
        conn.execute(
            "DELETE FROM cita_servicio WHERE cita_id = $1",
            crate::args![id],
        )
        .await?;
        write_cita_services(conn, id, service_ids).await?;
    }
    mark_outside_hours(conn, id, to.outside_hours).await?;
    Ok(true)
}
