//! The booking side of the PostgreSQL store. Double bookings are refused by the exclusion
//! constraint `citas_no_double_booking` (SQLSTATE 23P01), however many bookings race.

use async_trait::async_trait;
use citabot_domain::account::Role;
use citabot_domain::booking::profile::BusinessSettings;
use citabot_domain::booking::rules::{Closure, StaffSchedule, TimeOff};
use citabot_domain::booking::{Business, Cita, CitaStatus, Client, Service, SlotHold, StaffMember};
use citabot_domain::chat::ChatSessionId;
use citabot_store::booking::{
    CitaColumns, CitaTime, ClientColumns, ClientConversation, ClientConversationColumns,
    ClientSummary, ClientSummaryColumns, ServiceColumns, SettingsColumns, StaffSettingsColumns,
    citas_with_services, client_from_columns, client_search_key, client_summary_from_columns,
    contains_pattern, hours_from_rows, period_rows, schedules_from_rows, service_from_columns,
    settings_from_columns,
};
use citabot_store::sql::holds;
use citabot_store::{
    AssistantStateWrite, BookingStore, CitaChange, CitaWritten, Holds, SavedAssistantState,
    StoreError, User, UserColumns,
};
use sqlx::AssertSqlSafe;
use sqlx::PgConnection;
use time::{Date, OffsetDateTime};

use crate::statements::Statements;
use crate::{PgStore, db_error};

const CITA_COLUMNS: &str = "id, staff_id, client_id, date, start_min, end_min, start_at, end_at, status, created_at, \
     chat_session_id";
/// [`CITA_COLUMNS`] as selected: the minutes widened to the shared columns' `i64`.
const CITA_SELECT: &str = "id, staff_id, client_id, date, start_min::bigint, end_min::bigint, \
     start_at, end_at, status, created_at, \
     chat_session_id, EXISTS (SELECT 1 FROM cita_outside_hours o WHERE o.cita_id = citas.id), revision";

/// A failed write: the exclusion constraint's refusal becomes [`StoreError::SlotTaken`], a
/// unique key [`StoreError::Conflict`].
fn write_error(error: sqlx::Error, conflict: &'static str) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("23P01") => StoreError::SlotTaken,
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict(conflict),
        _ => db_error(error),
    }
}

impl PgStore {
    /// Citas matching `filter` (a `WHERE` clause over `citas` written in this file, its `$n`
    /// bound to `binds`), with their services.
    async fn citas_where(
        &self,
        filter: &'static str,
        binds: &[Bind<'_>],
    ) -> Result<Vec<Cita>, StoreError> {
        let rows_sql = format!(
            "SELECT {CITA_SELECT} FROM citas WHERE {filter} ORDER BY date, start_min, staff_id"
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

/// A value for a `$n` of [`PgStore::citas_where`].
enum Bind<'a> {
    Text(&'a str),
    Date(Date),
}

#[async_trait]
impl BookingStore for PgStore {
    async fn business(&self) -> Result<Option<Business>, StoreError> {
        let row: Option<(String, String, i64)> =
            sqlx::query_as("SELECT name, time_zone, slot_step::bigint FROM business WHERE id = 1")
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        let Some((name, time_zone, slot_step)) = row else {
            return Ok(None);
        };
        let periods: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT weekday::bigint, open_min::bigint, close_min::bigint FROM opening_periods \
             ORDER BY weekday, open_min",
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
            "INSERT INTO business (id, name, time_zone, slot_step) VALUES (1, $1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
             time_zone = excluded.time_zone, slot_step = excluded.slot_step",
        )
        .bind(&business.name)
        .bind(&business.time_zone)
        .bind(i32::from(business.slot_step))
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
                    "INSERT INTO opening_periods (weekday, open_min, close_min) VALUES ($1, $2, $3)",
                )
                .bind(i32::from(weekday.number_days_from_monday()))
                .bind(i32::from(period.open))
                .bind(i32::from(period.close))
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            }
        }
        tx.commit().await.map_err(db_error)
    }

    async fn business_settings(&self) -> Result<BusinessSettings, StoreError> {
        let row: Option<SettingsColumns> = sqlx::query_as(
            "SELECT street, postal_code, city, phone, email, description, parking, access, \
             brand_color, min_notice_min::bigint, horizon_days::bigint, chat_booking_status, \
             hold_min::bigint FROM business_settings WHERE id = 1",
        )
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        let methods: Vec<(String,)> =
            sqlx::query_as("SELECT name FROM business_payment_methods ORDER BY position")
                .fetch_all(&self.pool)
                .await
                .map_err(db_error)?;
        let faq: Vec<(String, String)> =
            sqlx::query_as("SELECT question, answer FROM business_faq ORDER BY position")
                .fetch_all(&self.pool)
                .await
                .map_err(db_error)?;
        settings_from_columns(row, methods.into_iter().map(|(name,)| name).collect(), faq)
    }

    async fn save_business_settings(
        &self,
        name: Option<&str>,
        settings: &BusinessSettings,
    ) -> Result<(), StoreError> {
        let profile = &settings.profile;
        let rules = &settings.rules;
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        if let Some(name) = name {
            sqlx::query("UPDATE business SET name = $1 WHERE id = 1")
                .bind(name)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        sqlx::query(
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
        )
        .bind(&profile.address.street)
        .bind(&profile.address.postal_code)
        .bind(&profile.address.city)
        .bind(&profile.phone)
        .bind(&profile.email)
        .bind(&profile.description)
        .bind(&profile.parking)
        .bind(&profile.access)
        .bind(&profile.brand_color)
        .bind(i32::try_from(rules.min_notice_min).unwrap_or(i32::MAX))
        .bind(i32::from(rules.horizon_days))
        .bind(rules.chat_booking_status.as_str())
        .bind(i32::try_from(rules.hold_min).unwrap_or(i32::MAX))
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        sqlx::query("DELETE FROM business_payment_methods")
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        for (position, method) in profile.payment_methods.iter().enumerate() {
            sqlx::query("INSERT INTO business_payment_methods (position, name) VALUES ($1, $2)")
                .bind(i32::try_from(position).unwrap_or(i32::MAX))
                .bind(method)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        sqlx::query("DELETE FROM business_faq")
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        for (position, entry) in profile.faq.iter().enumerate() {
            sqlx::query(
                "INSERT INTO business_faq (position, question, answer) VALUES ($1, $2, $3)",
            )
            .bind(i32::try_from(position).unwrap_or(i32::MAX))
            .bind(&entry.question)
            .bind(&entry.answer)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)
    }

    async fn closures(&self) -> Result<Vec<Closure>, StoreError> {
        let rows: Vec<(String, Date, Date, String)> = sqlx::query_as(
            "SELECT id, from_date, to_date, reason FROM closures ORDER BY from_date, to_date, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
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
        sqlx::query("INSERT INTO closures (id, from_date, to_date, reason) VALUES ($1, $2, $3, $4)")
            .bind(&closure.id)
            .bind(closure.from)
            .bind(closure.to)
            .bind(&closure.reason)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(|error| write_error(error, "closure id"))
    }

    async fn delete_closure(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM closures WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn staff_schedules(&self) -> Result<Vec<StaffSchedule>, StoreError> {
        let settings: Vec<StaffSettingsColumns> = sqlx::query_as(
            "SELECT user_id, follows_business_hours, all_services, bookable \
             FROM staff_settings ORDER BY user_id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let periods: Vec<(String, i64, i64, i64)> = sqlx::query_as(
            "SELECT user_id, weekday::bigint, open_min::bigint, close_min::bigint FROM staff_periods \
             ORDER BY user_id, weekday, open_min",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let services: Vec<(String, String)> = sqlx::query_as(
            "SELECT s.user_id, s.service_id FROM staff_services s \
             JOIN services ON services.id = s.service_id ORDER BY s.user_id, services.position",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        schedules_from_rows(settings, &periods, &services)
    }

    async fn save_staff_schedule(&self, schedule: &StaffSchedule) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        sqlx::query(
            "INSERT INTO staff_settings (user_id, follows_business_hours, all_services, bookable) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE SET \
             follows_business_hours = excluded.follows_business_hours, \
             all_services = excluded.all_services, bookable = excluded.bookable",
        )
        .bind(&schedule.staff_id)
        .bind(schedule.periods.is_none())
        .bind(schedule.service_ids.is_none())
        .bind(schedule.bookable)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        for table in ["staff_periods", "staff_services"] {
            sqlx::query(AssertSqlSafe(format!(
                "DELETE FROM {table} WHERE user_id = $1"
            )))
            .bind(&schedule.staff_id)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        for (weekday, open, close) in schedule.periods.iter().flat_map(period_rows) {
            sqlx::query(
                "INSERT INTO staff_periods (user_id, weekday, open_min, close_min) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(&schedule.staff_id)
            .bind(i32::from(weekday))
            .bind(i32::from(open))
            .bind(i32::from(close))
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        for service_id in schedule.service_ids.iter().flatten() {
            sqlx::query("INSERT INTO staff_services (user_id, service_id) VALUES ($1, $2)")
                .bind(&schedule.staff_id)
                .bind(service_id)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)
    }

    async fn time_off(&self) -> Result<Vec<TimeOff>, StoreError> {
        let rows: Vec<(String, String, Date, Date, String)> = sqlx::query_as(
            "SELECT id, user_id, from_date, to_date, reason FROM staff_time_off \
             ORDER BY user_id, from_date, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
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
        sqlx::query(
            "INSERT INTO staff_time_off (id, user_id, from_date, to_date, reason) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&off.id)
        .bind(&off.staff_id)
        .bind(off.from)
        .bind(off.to)
        .bind(&off.reason)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(|error| write_error(error, "time off id"))
    }

    async fn delete_time_off(&self, staff_id: &str, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM staff_time_off WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(staff_id)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn services(&self) -> Result<Vec<Service>, StoreError> {
        let rows: Vec<ServiceColumns> = sqlx::query_as(
            "SELECT id, name, description, duration_min::bigint, price_cents::bigint, active \
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
             VALUES ($1, (SELECT COALESCE(MAX(position), 0) + 1 FROM services), $2, $3, $4, $5, $6)",
        )
        .bind(&service.id)
        .bind(&service.name)
        .bind(&service.description)
        .bind(i32::from(service.duration_min))
        .bind(i32::try_from(service.price_cents).map_err(|_| StoreError::Corrupt(format!("price {}", service.price_cents)))?)
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
            "UPDATE services SET name = $1, description = $2, duration_min = $3, \
             price_cents = $4, active = $5 WHERE id = $6",
        )
        .bind(&service.name)
        .bind(&service.description)
        .bind(i32::from(service.duration_min))
        .bind(
            i32::try_from(service.price_cents)
                .map_err(|_| StoreError::Corrupt(format!("price {}", service.price_cents)))?,
        )
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
        let done = sqlx::query("UPDATE users SET role = $1 WHERE id = $2")
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
        client_where(self, "id = $1", id).await
    }

    async fn clients_by_ids(&self, ids: &[String]) -> Result<Vec<Client>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<ClientColumns> = sqlx::query_as(
            "SELECT id, name, email, phone, user_id FROM clients WHERE id = ANY($1)",
        )
        .bind(ids)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
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
             FROM clients c WHERE c.search_key LIKE $1 ESCAPE '\\' ORDER BY c.search_key COLLATE \"C\", c.id LIMIT $2",
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
            "SELECT id, name, email, phone, user_id FROM clients WHERE email = $1 \
             ORDER BY user_id IS NULL, created_at, id",
        )
        .bind(email)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows.into_iter().map(client_from_columns).collect())
    }

    async fn client_for_user(&self, user_id: &str) -> Result<Option<Client>, StoreError> {
        client_where(self, "user_id = $1", user_id).await
    }

    async fn client_note(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT note FROM clients WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(row.map(|(note,)| note))
    }

    async fn update_client(&self, client: &Client, note: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE clients SET name = $1, email = $2, phone = $3, note = $4, search_key = $5 \
             WHERE id = $6",
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
             s.owner_user_id IN (SELECT user_id FROM clients WHERE id = $1) \
             OR s.id IN (SELECT chat_session_id FROM citas WHERE client_id = $1 \
             AND chat_session_id IS NOT NULL)) \
             ORDER BY s.last_message_at DESC, s.id DESC",
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
            .citas_where("id = $1", &[Bind::Text(id)])
            .await?
            .into_iter()
            .next())
    }

    async fn citas_between(&self, from: Date, to: Date) -> Result<Vec<Cita>, StoreError> {
        self.citas_where(
            "date >= $1 AND date < $2",
            &[Bind::Date(from), Bind::Date(to)],
        )
        .await
    }

    async fn client_citas(&self, client_id: &str) -> Result<Vec<Cita>, StoreError> {
        self.citas_where("client_id = $1", &[Bind::Text(client_id)])
            .await
    }

    async fn change_cita_status(
        &self,
        id: &str,
        from: CitaStatus,
        to: CitaStatus,
    ) -> Result<bool, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_error)?;
        set_cita_status(&mut conn, id, (from, to), None).await
    }

    async fn holds_between(
        &self,
        from: Date,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<Vec<SlotHold>, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_error)?;
        holds::between(&mut Statements(&mut *conn), from, to, now).await
    }

    async fn assistant_state(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<SavedAssistantState>, StoreError> {
        let row: Option<(String, i64)> =
            sqlx::query_as("SELECT state, version FROM assistant_states WHERE session_id = $1")
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
    conn: &mut PgConnection,
    session: &ChatSessionId,
    state: AssistantStateWrite<'_>,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let saved =
        match state.read_version {
            None => {
                sqlx::query(
                    "INSERT INTO assistant_states (session_id, state, updated_at, version) \
             VALUES ($1, $2, $3, 1) ON CONFLICT (session_id) DO NOTHING",
                )
                .bind(session.as_str())
                .bind(state.text)
                .bind(now)
                .execute(&mut *conn)
                .await
            }
            Some(version) => sqlx::query(
                "UPDATE assistant_states SET state = $1, updated_at = $2, version = version + 1 \
             WHERE session_id = $3 AND version = $4",
            )
            .bind(state.text)
            .bind(now)
            .bind(session.as_str())
            .bind(version)
            .execute(&mut *conn)
            .await,
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
    conn: &mut PgConnection,
    change: &CitaChange,
    now: OffsetDateTime,
    holds: Holds<'_>,
) -> Result<CitaWritten, StoreError> {
    let written = holds::make_way(&mut Statements(&mut *conn), change, now, holds).await?;
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
    conn: &mut PgConnection,
    client: &Client,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO clients (id, name, email, phone, user_id, created_at, search_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
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

async fn insert_cita(conn: &mut PgConnection, cita: &Cita) -> Result<(), StoreError> {
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO citas ({CITA_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    )))
    .bind(&cita.id)
    .bind(&cita.staff_id)
    .bind(&cita.client_id)
    .bind(cita.date)
    .bind(i32::from(cita.start_min))
    .bind(i32::from(cita.end_min))
    .bind(cita.start_at)
    .bind(cita.end_at)
    .bind(cita.status.as_str())
    .bind(cita.created_at)
    .bind(&cita.chat_session_id)
    .execute(&mut *conn)
    .await
    .map_err(|error| write_error(error, "cita id"))?;
    write_cita_services(conn, &cita.id, &cita.service_ids).await?;
    mark_outside_hours(conn, &cita.id, cita.outside_hours).await
}

/// Writes a cita's services, in order (after any old ones were deleted).
async fn write_cita_services(
    conn: &mut PgConnection,
    cita_id: &str,
    service_ids: &[String],
) -> Result<(), StoreError> {
    for (position, service_id) in service_ids.iter().enumerate() {
        sqlx::query(
            "INSERT INTO cita_servicio (cita_id, position, service_id) VALUES ($1, $2, $3)",
        )
        .bind(cita_id)
        .bind(i32::try_from(position).unwrap_or(i32::MAX))
        .bind(service_id)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    }
    Ok(())
}

/// Records (or clears) the staff's override on a cita.
async fn mark_outside_hours(
    conn: &mut PgConnection,
    cita_id: &str,
    outside_hours: bool,
) -> Result<(), StoreError> {
    let sql = if outside_hours {
        "INSERT INTO cita_outside_hours (cita_id) VALUES ($1) ON CONFLICT (cita_id) DO NOTHING"
    } else {
        "DELETE FROM cita_outside_hours WHERE cita_id = $1"
    };
    sqlx::query(sql)
        .bind(cita_id)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(db_error)
}

async fn set_cita_status(
    conn: &mut PgConnection,
    id: &str,
    (from, to): (CitaStatus, CitaStatus),
    revision: Option<i64>,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE citas SET status = $1, revision = revision + 1 \
         WHERE id = $2 AND status = $3 AND revision = COALESCE($4, revision)",
    )
    .bind(to.as_str())
    .bind(id)
    .bind(from.as_str())
    .bind(revision)
    .execute(&mut *conn)
    .await
    .map_err(|error| write_error(error, "cita"))?;
    Ok(done.rows_affected() == 1)
}

async fn move_cita_to(
    conn: &mut PgConnection,
    id: &str,
    to: &CitaTime,
    revision: i64,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE citas SET staff_id = $1, date = $2, start_min = $3, end_min = $4, start_at = $5, \
         end_at = $6, revision = revision + 1 \
         WHERE id = $7 AND status IN ('pendiente', 'confirmada') AND revision = $8",
    )
    .bind(&to.staff_id)
    .bind(to.date)
    .bind(i32::from(to.start_min))
    .bind(i32::from(to.end_min))
    .bind(to.start_at)
    .bind(to.end_at)
    .bind(id)
    .bind(revision)
    .execute(&mut *conn)
    .await
    .map_err(|error| write_error(error, "cita"))?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    if let Some(service_ids) = &to.service_ids {
        sqlx::query("DELETE FROM cita_servicio WHERE cita_id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await
            .map_err(db_error)?;
        write_cita_services(conn, id, service_ids).await?;
    }
    mark_outside_hours(conn, id, to.outside_hours).await?;
    Ok(true)
}

/// The client matching `filter` (a condition written in this file, `$1` bound to `value`).
async fn client_where(
    store: &PgStore,
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
