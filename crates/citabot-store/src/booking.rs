//! The booking part of the storage port (REQUIREMENTS B1, B3): the business, its services, staff
//! and clients, citas with their services, and the assistant's conversation state. Adapters must
//! refuse a cita that would double-book a staff member in the database itself
//! ([`StoreError::SlotTaken`]), so that two racing bookings cannot both succeed.

use async_trait::async_trait;
use citabot_domain::account::Role;
use citabot_domain::booking::profile::{Address, BusinessProfile, BusinessSettings, Faq};
use citabot_domain::booking::rules::{BookingRules, Closure, StaffSchedule, TimeOff};
use citabot_domain::booking::{
    Business, Cita, CitaStatus, Client, DayMinute, OpeningPeriod, Service, SlotHold, StaffMember,
    WeeklyHours,
};
use citabot_domain::chat::ChatSessionId;
use time::{Date, OffsetDateTime, Weekday};

use crate::{SavedAssistantState, StoreError, TurnReads, User};

/// A client as the dashboard lists them: with how many citas they have had (any status) and the
/// date of the latest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientSummary {
    pub client: Client,
    pub appointments: u32,
    pub last_appointment_date: Option<Date>,
}

/// A conversation on a client's page: one their account started, or one whose assistant booked
/// a cita for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientConversation {
    pub session_id: String,
    pub started_at: OffsetDateTime,
    pub last_at: OffsetDateTime,
    /// The text of its last message, as stored (markdown and all).
    pub last_message: String,
}

/// A conversation's stored columns: `id, created_at, last_message_at`, its last message's text.
pub type ClientConversationColumns = (String, OffsetDateTime, OffsetDateTime, String);

impl ClientConversation {
    pub fn from_columns(
        (session_id, started_at, last_at, last_message): ClientConversationColumns,
    ) -> Self {
        Self {
            session_id,
            started_at,
            last_at,
            last_message,
        }
    }
}

/// Where and when a cita happens; what moving it changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitaTime {
    pub staff_id: String,
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub start_at: OffsetDateTime,
    pub end_at: OffsetDateTime,
    /// The services it becomes, in order; `None` keeps them.
    pub service_ids: Option<Vec<String>>,
    /// Whether staff placed it outside the rules on purpose (recorded with the move).
    pub outside_hours: bool,
}

#[async_trait]
pub trait BookingStore: Send + Sync {
    /// The business's settings and opening hours; `None` before they are first saved.
    async fn business(&self) -> Result<Option<Business>, StoreError>;

    /// Saves the settings and replaces the opening hours, in one transaction.
    async fn save_business(&self, business: &Business) -> Result<(), StoreError>;

    /// The salon's profile and booking rules; the defaults before they are first saved.
    async fn business_settings(&self) -> Result<BusinessSettings, StoreError>;

    /// Saves the profile (the FAQ and payment methods replaced whole) and the booking rules,
    /// and renames the business when `name` is given, in one transaction.
    async fn save_business_settings(
        &self,
        name: Option<&str>,
        settings: &BusinessSettings,
    ) -> Result<(), StoreError>;

    /// Every closure, by first day (then last day and id).
    async fn closures(&self) -> Result<Vec<Closure>, StoreError>;

    /// Adds a closure; [`StoreError::Conflict`] when its id is taken.
    async fn create_closure(&self, closure: &Closure) -> Result<(), StoreError>;

    /// Deletes a closure; `false` when there is none with that id.
    async fn delete_closure(&self, id: &str) -> Result<bool, StoreError>;

    /// The schedules set so far (staff without one are left out), by staff id.
    async fn staff_schedules(&self) -> Result<Vec<StaffSchedule>, StoreError>;

    /// Replaces a staff member's schedule (periods, services, bookable) in one transaction.
    async fn save_staff_schedule(&self, schedule: &StaffSchedule) -> Result<(), StoreError>;

    /// Every staff member's time off, by staff id, first day and id.
    async fn time_off(&self) -> Result<Vec<TimeOff>, StoreError>;

    /// Adds time off; [`StoreError::Conflict`] when its id is taken.
    async fn create_time_off(&self, off: &TimeOff) -> Result<(), StoreError>;

    /// Deletes `staff_id`'s time off `id`; `false` when they have none with that id.
    async fn delete_time_off(&self, staff_id: &str, id: &str) -> Result<bool, StoreError>;

    /// Every service, active or not, in the order they were created.
    async fn services(&self) -> Result<Vec<Service>, StoreError>;

    /// Adds a service; [`StoreError::Conflict`] when its id is taken.
    async fn create_service(&self, service: &Service) -> Result<(), StoreError>;

    /// Replaces a service's name, description, duration, price and active flag; `false` when
    /// there is no service with its id.
    async fn update_service(&self, service: &Service) -> Result<bool, StoreError>;

    /// Accounts with role `usuario` or `administrador`, by name.
    async fn staff(&self) -> Result<Vec<StaffMember>, StoreError>;

    /// The same accounts as [`Self::staff`], whole, in the same order.
    async fn staff_accounts(&self) -> Result<Vec<User>, StoreError>;

    /// Gives an account another role; `false` when there is no such account.
    async fn set_role(&self, user_id: &str, role: Role) -> Result<bool, StoreError>;

    /// Adds a client; [`StoreError::Conflict`] when its account already has one.
    async fn create_client(&self, client: &Client, now: OffsetDateTime) -> Result<(), StoreError>;

    async fn client(&self, id: &str) -> Result<Option<Client>, StoreError>;

    /// The clients with these ids, in one query (unknown ids are left out), in no set order.
    async fn clients_by_ids(&self, ids: &[String]) -> Result<Vec<Client>, StoreError>;

    /// Clients whose name, email or phone contains `query` ignoring case and accents (all of
    /// them when `None`), by name as folded for search (byte order, the same on every
    /// database), at most `limit`.
    async fn search_clients(
        &self,
        query: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ClientSummary>, StoreError>;

    /// The clients with this (lower-cased) email: the one linked to an account first, then
    /// the others from the oldest. Several clients may share an email: a guest who types an
    /// account holder's address gets a client of their own (see the chat's booking use case).
    async fn clients_by_email(&self, email: &str) -> Result<Vec<Client>, StoreError>;

    /// The client linked to this account.
    async fn client_for_user(&self, user_id: &str) -> Result<Option<Client>, StoreError>;

    /// The staff's private note on a client (empty when none was written); `None` when there
    /// is no such client.
    async fn client_note(&self, id: &str) -> Result<Option<String>, StoreError>;

    /// Replaces a client's name, email, phone and note (its account link stays), keeping its
    /// search key in step; `false` when there is no client with its id.
    async fn update_client(&self, client: &Client, note: &str) -> Result<bool, StoreError>;

    /// The conversations of a client, the most recent last message first: those their account
    /// owns and those whose assistant booked one of their citas, each once. Only conversations
    /// with messages.
    async fn client_conversations(
        &self,
        client_id: &str,
    ) -> Result<Vec<ClientConversation>, StoreError>;

    /// Writes a cita and its `cita_servicio` rows in one transaction; [`StoreError::SlotTaken`]
    /// when its staff member already has a pending or confirmed cita overlapping it.
    async fn create_cita(&self, cita: &Cita) -> Result<(), StoreError>;

    async fn cita(&self, id: &str) -> Result<Option<Cita>, StoreError>;

    /// Citas on `from` up to the day before `to`, by date, start and staff.
    async fn citas_between(&self, from: Date, to: Date) -> Result<Vec<Cita>, StoreError>;

    /// A client's citas, by date and start.
    async fn client_citas(&self, client_id: &str) -> Result<Vec<Cita>, StoreError>;

    /// Moves a cita from status `from` to `to`, whatever its revision (which still rises);
    /// `false` when it is not (any more) in `from`.
    async fn change_cita_status(
        &self,
        id: &str,
        from: CitaStatus,
        to: CitaStatus,
    ) -> Result<bool, StoreError>;

    /// The holds alive at `now` on `from` up to the day before `to`, by date, start and staff.
    async fn holds_between(
        &self,
        from: Date,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<Vec<SlotHold>, StoreError>;

    /// The assistant's saved state for a conversation, with its version; it is saved with the
    /// rest of a turn by [`crate::Store::commit_chat_turn`].
    async fn assistant_state(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<SavedAssistantState>, StoreError>;

    /// A turn's reads together: the citas and the holds alive at `now` on `from` up to the day
    /// before `to`, and `session`'s saved state.
    async fn turn_reads(
        &self,
        session: &ChatSessionId,
        from: Date,
        to: Date,
        now: OffsetDateTime,
    ) -> Result<TurnReads, StoreError>;
}

/// Text folded for searching: lower case, and the accented Latin letters of Spanish, Catalan,
/// Portuguese and French as their base letter (`ñ` as `n`, `ç` as `c`). The migration that
/// adds `clients.search_key` folds existing rows with the same table, so keep them in step.
pub fn search_fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|letter| match letter {
            'à' | 'á' | 'â' | 'ä' | 'ã' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// What [`BookingStore::search_clients`] matches a client on: name, email and phone folded, and
/// the phone's digits alone (so `600123456` finds `+34 600 123 456`).
pub(crate) fn client_search_key(client: &Client) -> String {
    let phone = client.phone.as_deref().unwrap_or_default();
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    search_fold(&format!(
        "{}\n{}\n{phone}\n{digits}",
        client.name,
        client.email.as_deref().unwrap_or_default()
    ))
}

/// A query as a phone's digits, when it is written like one ("644 55 56", "+34 644-555"):
/// phones are kept without spaces, so "644 555" finds "+34644555666" by its digits.
pub(crate) fn phone_query(query: &str) -> Option<String> {
    let query = query.trim();
    let digits: String = query.chars().filter(char::is_ascii_digit).collect();
    (digits.len() >= 3
        && query
            .chars()
            .all(|letter| letter.is_ascii_digit() || " +.-()".contains(letter)))
    .then_some(digits)
}

/// A `LIKE` pattern (with `\` as the escape) for text containing `query`, folded.
pub(crate) fn contains_pattern(query: &str) -> String {
    let mut pattern = String::from("%");
    for letter in search_fold(query).chars() {
        if matches!(letter, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(letter);
    }
    pattern.push('%');
    pattern
}

/// A client summary's stored columns: [`ClientColumns`], then the number of citas and the date
/// of the latest.
pub type ClientSummaryColumns = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    i64,
    Option<Date>,
);

/// Rebuilds a client summary from its stored columns.
pub(crate) fn client_summary_from_columns(
    columns: ClientSummaryColumns,
) -> Result<ClientSummary, StoreError> {
    let (id, name, email, phone, user_id, appointments, last_appointment_date) = columns;
    Ok(ClientSummary {
        client: client_from_columns((id, name, email, phone, user_id)),
        appointments: u32::try_from(appointments)
            .map_err(|_| StoreError::Corrupt(format!("cita count {appointments}")))?,
        last_appointment_date,
    })
}

/// A service's stored columns: `id, name, description, duration_min, price_cents, active`.
pub type ServiceColumns = (String, String, String, i64, i64, bool);

/// A client's stored columns: `id, name, email, phone, user_id`.
pub type ClientColumns = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A cita's stored columns: `id, staff_id, client_id, date, start_min, end_min, start_at, end_at,
/// status, created_at, chat_session_id`, then whether it is marked outside the hours, then its
/// revision; its services are read separately.
pub type CitaColumns = (
    String,
    String,
    String,
    Date,
    i64,
    i64,
    OffsetDateTime,
    OffsetDateTime,
    String,
    OffsetDateTime,
    Option<String>,
    bool,
    i64,
);

fn minute(value: i64, what: &str) -> Result<DayMinute, StoreError> {
    DayMinute::try_from(value)
        .map_err(|_| StoreError::Corrupt(format!("{what} out of range: {value}")))
}

/// Rebuilds a service from its stored columns.
pub(crate) fn service_from_columns(columns: ServiceColumns) -> Result<Service, StoreError> {
    let (id, name, description, duration, price, active) = columns;
    Ok(Service {
        id,
        name,
        description,
        duration_min: minute(duration, "service duration")?,
        price_cents: u32::try_from(price)
            .map_err(|_| StoreError::Corrupt(format!("price out of range: {price}")))?,
        active,
    })
}

/// Rebuilds a client from its stored columns.
pub(crate) fn client_from_columns(columns: ClientColumns) -> Client {
    let (id, name, email, phone, user_id) = columns;
    Client {
        id,
        name,
        email,
        phone,
        user_id,
    }
}

/// Rebuilds a cita from its stored columns and its services (in booking order).
pub(crate) fn cita_from_columns(
    columns: CitaColumns,
    service_ids: Vec<String>,
) -> Result<Cita, StoreError> {
    let (
        id,
        staff_id,
        client_id,
        date,
        start,
        end,
        start_at,
        end_at,
        status,
        created_at,
        chat_session_id,
        outside_hours,
        revision,
    ) = columns;
    Ok(Cita {
        id,
        staff_id,
        client_id,
        date,
        start_min: minute(start, "cita start")?,
        end_min: minute(end, "cita end")?,
        start_at,
        end_at,
        status: CitaStatus::parse(&status)
            .map_err(|error| StoreError::Corrupt(error.to_string()))?,
        service_ids,
        created_at,
        chat_session_id,
        outside_hours,
        revision,
    })
}

/// Opening hours from `(weekday, open, close)` rows, Monday = 0.
pub(crate) fn hours_from_rows(rows: &[(i64, i64, i64)]) -> Result<WeeklyHours, StoreError> {
    let mut days: Vec<(Weekday, Vec<OpeningPeriod>)> = Vec::new();
    let mut weekday = Weekday::Monday;
    for number in 0..7 {
        let periods = rows
            .iter()
            .filter(|(day, _, _)| *day == number)
            .map(|(_, open, close)| {
                Ok(OpeningPeriod {
                    open: u16::try_from(*open)
                        .map_err(|_| StoreError::Corrupt(format!("opening minute {open}")))?,
                    close: u16::try_from(*close)
                        .map_err(|_| StoreError::Corrupt(format!("closing minute {close}")))?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        days.push((weekday, periods));
        weekday = weekday.next();
    }
    WeeklyHours::new(days).map_err(|error| StoreError::Corrupt(error.to_string()))
}

/// The business settings' stored columns: `street, postal_code, city, phone, email,
/// description, parking, access, brand_color, min_notice_min, horizon_days,
/// chat_booking_status`.
pub type SettingsColumns = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    i64,
    String,
    i64,
);

/// Rebuilds the settings from their columns, the payment methods and the FAQ (both in order);
/// no row is the defaults.
pub(crate) fn settings_from_columns(
    row: Option<SettingsColumns>,
    payment_methods: Vec<String>,
    faq: Vec<(String, String)>,
) -> Result<BusinessSettings, StoreError> {
    let Some(row) = row else {
        return Ok(BusinessSettings::default());
    };
    let (
        street,
        postal_code,
        city,
        phone,
        email,
        description,
        parking,
        access,
        brand_color,
        min_notice_min,
        horizon_days,
        chat_booking_status,
        hold_min,
    ) = row;
    let chat_booking_status = CitaStatus::parse(&chat_booking_status)
        .map_err(|error| StoreError::Corrupt(error.to_string()))?;
    Ok(BusinessSettings {
        profile: BusinessProfile {
            address: Address {
                street,
                postal_code,
                city,
            },
            phone,
            email,
            description,
            payment_methods,
            parking,
            access,
            faq: faq
                .into_iter()
                .map(|(question, answer)| Faq { question, answer })
                .collect(),
            brand_color,
        },
        rules: BookingRules {
            min_notice_min: u32::try_from(min_notice_min)
                .map_err(|_| StoreError::Corrupt(format!("notice {min_notice_min}")))?,
            horizon_days: u16::try_from(horizon_days)
                .map_err(|_| StoreError::Corrupt(format!("horizon {horizon_days}")))?,
            chat_booking_status,
            hold_min: u32::try_from(hold_min)
                .map_err(|_| StoreError::Corrupt(format!("hold {hold_min}")))?,
        },
    })
}

/// A hold's columns: `session_id, staff_id, date, start_min, end_min, expires_at`.
pub type HoldColumns = (String, String, Date, i64, i64, OffsetDateTime);

/// Rebuilds a hold from its columns.
pub(crate) fn hold_from_columns(
    (conversation, staff_id, date, start, end, expires_at): HoldColumns,
) -> Result<SlotHold, StoreError> {
    let minute = |value: i64| {
        DayMinute::try_from(value).map_err(|_| StoreError::Corrupt(format!("hold minute {value}")))
    };
    Ok(SlotHold {
        conversation,
        staff_id,
        date,
        start_min: minute(start)?,
        end_min: minute(end)?,
        expires_at,
    })
}

/// A staff member's stored settings: `user_id, follows_business_hours, all_services,
/// bookable`.
pub type StaffSettingsColumns = (String, bool, bool, bool);

/// Rebuilds the schedules from their rows: settings, `(user_id, weekday, open, close)` periods
/// (Monday = 0) and `(user_id, service_id)` skills.
pub(crate) fn schedules_from_rows(
    settings: Vec<StaffSettingsColumns>,
    periods: &[(String, i64, i64, i64)],
    services: &[(String, String)],
) -> Result<Vec<StaffSchedule>, StoreError> {
    settings
        .into_iter()
        .map(|(staff_id, follows, all_services, bookable)| {
            let own: Vec<(i64, i64, i64)> = periods
                .iter()
                .filter(|(user, ..)| *user == staff_id)
                .map(|(_, weekday, open, close)| (*weekday, *open, *close))
                .collect();
            let periods = if follows {
                None
            } else {
                Some(hours_from_rows(&own)?)
            };
            let service_ids = (!all_services).then(|| {
                services
                    .iter()
                    .filter(|(user, _)| *user == staff_id)
                    .map(|(_, service)| service.clone())
                    .collect()
            });
            Ok(StaffSchedule {
                staff_id,
                periods,
                service_ids,
                bookable,
            })
        })
        .collect()
}

/// Rows of opening periods `(weekday, open, close)`, Monday = 0, as stored.
pub(crate) fn period_rows(hours: &WeeklyHours) -> Vec<(u8, DayMinute, DayMinute)> {
    hours
        .days()
        .flat_map(|(weekday, periods)| {
            periods
                .iter()
                .map(move |period| (weekday.number_days_from_monday(), period.open, period.close))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_text_is_folded_and_patterns_escaped() {
        assert_eq!(search_fold("ÍÑIGO Peña Çà"), "inigo pena ca");
        assert_eq!(
            search_fold("Ørsted"),
            "ørsted",
            "letters outside the table stay"
        );
        assert_eq!(contains_pattern("Ruíz"), "%ruiz%");
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
        let client = Client {
            id: "k".into(),
            name: "Marta Ruíz".into(),
            email: Some("marta@ejemplo.es".into()),
            phone: Some("+34 611 222 333".into()),
            user_id: None,
        };
        assert_eq!(
            client_search_key(&client),
            "marta ruiz\nmarta@ejemplo.es\n+34 611 222 333\n34611222333"
        );
    }
}
