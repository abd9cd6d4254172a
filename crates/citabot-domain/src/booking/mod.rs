//! The booking domain (REQUIREMENTS B1): the business and its opening hours, services, staff,
//! clients, and citas with their services. Times of day are minutes after local midnight in the
//! business's time zone ([`zone`] turns them into instants); a cita never crosses midnight.
//!
//! What is free is computed in [`availability`]; that no staff member is ever double-booked is
//! also enforced by the database (the store adapters), since two requests can race.

pub mod availability;
pub mod demo;
pub mod profile;
pub mod rules;
pub mod zone;

use std::ops::RangeInclusive;

use time::{Date, OffsetDateTime, Weekday};

/// Minutes after local midnight (0..=1440).
pub type DayMinute = u16;

/// Minutes in a day: the end of the last possible period.
pub const DAY_MINUTES: DayMinute = 24 * 60;

/// The years the business works in: a date a request names (a cita, a day's availability, a
/// range of figures, an instant to page from) or a visitor types in the chat must fall in them.
/// People book for this year or the next, so anything else is a typo or a probe; and dates kept
/// this far from the calendar's ends (the years ±9999 of `time`) can have a day, a week or a
/// time zone's offset added without overflowing, and are stored alike by both databases.
pub const BUSINESS_YEARS: RangeInclusive<i32> = 2000..=2100;

/// Whether `date` falls in [`BUSINESS_YEARS`].
pub fn in_business_years(date: Date) -> bool {
    BUSINESS_YEARS.contains(&date.year())
}

/// One stretch of a day when the business is open, `[open, close)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningPeriod {
    pub open: DayMinute,
    pub close: DayMinute,
}

/// Opening periods for each weekday, Monday first; a closed day has none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WeeklyHours {
    days: [Vec<OpeningPeriod>; 7],
}

/// Why opening hours or a business setting cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookingValueError {
    #[error("a period must open before it closes, within the day ({open}–{close})")]
    EmptyPeriod { open: DayMinute, close: DayMinute },
    #[error("the periods of a day must be in order and not overlap")]
    OverlappingPeriods,
    #[error("the slot step must be between 5 and 120 minutes")]
    SlotStep,
    #[error("unknown time zone {0:?}")]
    TimeZone(String),
    #[error("a service lasts between 5 minutes and 8 hours")]
    Duration,
    #[error("the name must not be empty")]
    EmptyName,
    #[error("unknown status {0:?}")]
    Status(String),
}

impl WeeklyHours {
    /// Hours from `(weekday, periods)` pairs; weekdays not named are closed.
    pub fn new(
        days: impl IntoIterator<Item = (Weekday, Vec<OpeningPeriod>)>,
    ) -> Result<Self, BookingValueError> {
        let mut hours = Self::default();
        for (weekday, periods) in days {
            for period in &periods {
                if period.open >= period.close || period.close > DAY_MINUTES {
                    return Err(BookingValueError::EmptyPeriod {
                        open: period.open,
                        close: period.close,
                    });
                }
            }
            if periods.windows(2).any(|pair| pair[0].close > pair[1].open) {
                return Err(BookingValueError::OverlappingPeriods);
            }
            hours.days[usize::from(weekday.number_days_from_monday())] = periods;
        }
        Ok(hours)
    }

    /// The periods of `weekday`, in order (empty when closed).
    pub fn on(&self, weekday: Weekday) -> &[OpeningPeriod] {
        &self.days[usize::from(weekday.number_days_from_monday())]
    }

    /// Every weekday with its periods, Monday first.
    pub fn days(&self) -> impl Iterator<Item = (Weekday, &[OpeningPeriod])> {
        let mut weekday = Weekday::Monday;
        self.days.iter().map(move |periods| {
            let day = weekday;
            weekday = weekday.next();
            (day, periods.as_slice())
        })
    }
}

/// The business the assistant books for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Business {
    pub name: String,
    /// An IANA time zone name, such as `Europe/Madrid`.
    pub time_zone: String,
    pub hours: WeeklyHours,
    /// Offered start times are multiples of this many minutes after midnight.
    pub slot_step: DayMinute,
}

impl Business {
    pub fn new(
        name: &str,
        time_zone: &str,
        hours: WeeklyHours,
        slot_step: DayMinute,
    ) -> Result<Self, BookingValueError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(BookingValueError::EmptyName);
        }
        if !(5..=120).contains(&slot_step) {
            return Err(BookingValueError::SlotStep);
        }
        zone::check(time_zone)?;
        Ok(Self {
            name: name.to_owned(),
            time_zone: time_zone.to_owned(),
            hours,
            slot_step,
        })
    }
}

/// Something the business offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Service {
    pub id: String,
    pub name: String,
    pub description: String,
    pub duration_min: DayMinute,
    /// In cents of a euro.
    pub price_cents: u32,
    pub active: bool,
}

/// Checks a service's duration: between 5 minutes and 8 hours.
pub fn check_duration(duration_min: DayMinute) -> Result<(), BookingValueError> {
    if (5..=480).contains(&duration_min) {
        Ok(())
    } else {
        Err(BookingValueError::Duration)
    }
}

/// Someone who attends citas: an account with role `usuario` or `administrador`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    pub user_id: String,
    pub name: String,
}

/// Someone citas are for; `user_id` links the `cliente` account when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub user_id: Option<String>,
}

/// Where a cita is in its life (REQUIREMENTS B1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CitaStatus {
    Pendiente,
    Confirmada,
    Cancelada,
    Completada,
    /// The client did not come (a no-show): marked by staff once the start has passed.
    NoPresentado,
}

/// Why a cita may not take a status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusRefusal {
    /// The status rules never allow this change.
    NotAllowed,
    /// A no-show can only be marked once the cita's start has passed.
    NotStarted,
}

impl CitaStatus {
    pub const ALL: [Self; 5] = [
        Self::Pendiente,
        Self::Confirmada,
        Self::Cancelada,
        Self::Completada,
        Self::NoPresentado,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pendiente => "pendiente",
            Self::Confirmada => "confirmada",
            Self::Cancelada => "cancelada",
            Self::Completada => "completada",
            Self::NoPresentado => "no_presentado",
        }
    }

    pub fn parse(text: &str) -> Result<Self, BookingValueError> {
        Self::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| BookingValueError::Status(text.to_owned()))
    }

    /// Whether a cita in this status holds its staff member's time.
    pub fn holds_time(self) -> bool {
        matches!(self, Self::Pendiente | Self::Confirmada)
    }

    /// Whether a cita starting at `start_at` may move from this status to `next` at `now`:
    /// pending ones are confirmed or cancelled, confirmed ones are completed or cancelled;
    /// either becomes `no_presentado` once its start has passed (not before: nobody is late
    /// yet), and a no-show is undone back to `confirmada` (staff marked it by mistake, or the
    /// client came late). Cancelled and completed citas are final.
    pub fn may_become(
        self,
        next: Self,
        start_at: OffsetDateTime,
        now: OffsetDateTime,
    ) -> Result<(), StatusRefusal> {
        match (self, next) {
            (Self::Pendiente, Self::Confirmada | Self::Cancelada)
            | (Self::Confirmada, Self::Completada | Self::Cancelada)
            | (Self::NoPresentado, Self::Confirmada) => Ok(()),
            (Self::Pendiente | Self::Confirmada, Self::NoPresentado) if now >= start_at => Ok(()),
            (Self::Pendiente | Self::Confirmada, Self::NoPresentado) => {
                Err(StatusRefusal::NotStarted)
            }
            _ => Err(StatusRefusal::NotAllowed),
        }
    }
}

/// A booked appointment: one staff member, one client, one or more services back to back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cita {
    pub id: String,
    /// The staff member (REQUIREMENTS B1 calls it `userId`).
    pub staff_id: String,
    pub client_id: String,
    /// The local date in the business's time zone.
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub start_at: OffsetDateTime,
    pub end_at: OffsetDateTime,
    pub status: CitaStatus,
    /// The `cita_servicio` links, in booking order.
    pub service_ids: Vec<String>,
    pub created_at: OffsetDateTime,
    /// The chat session whose assistant booked it; `None` for citas made by hand.
    pub chat_session_id: Option<String>,
    /// Booked by staff outside the hours, a closure or the stylist's schedule, on purpose.
    pub outside_hours: bool,
    /// How many times it has changed since it was booked (0 when new): every move and status
    /// change raises it by one, and the calendar invitation's `SEQUENCE` is this number.
    pub revision: i64,
}

impl Cita {
    /// Whether this cita may take status `next` at `now` ([`CitaStatus::may_become`]).
    pub fn may_become(&self, next: CitaStatus, now: OffsetDateTime) -> Result<(), StatusRefusal> {
        self.status.may_become(next, self.start_at, now)
    }

    /// Whether this cita and `[start, end)` on `date` for the same staff member would collide.
    pub fn collides_with(&self, date: Date, start: DayMinute, end: DayMinute) -> bool {
        self.status.holds_time()
            && self.date == date
            && self.start_min < end
            && start < self.end_min
    }
}

/// A time a chat visitor picked, held for their conversation while they give their details
/// (issue 12), so that nobody else books it in between. A hold is not a cita: it lives until
/// `expires_at`, other bookings avoid it, and staff may book over it (which releases it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotHold {
    /// The chat session holding the time.
    pub conversation: String,
    pub staff_id: String,
    /// The local date in the business's time zone.
    pub date: Date,
    pub start_min: DayMinute,
    pub end_min: DayMinute,
    pub expires_at: OffsetDateTime,
}

impl SlotHold {
    /// Whether this hold, still alive at `now`, covers part of `[start, end)` of `staff_id` on
    /// `date`.
    pub fn blocks(
        &self,
        staff_id: &str,
        date: Date,
        start: DayMinute,
        end: DayMinute,
        now: OffsetDateTime,
    ) -> bool {
        self.expires_at > now
            && self.staff_id == staff_id
            && self.date == date
            && self.start_min < end
            && start < self.end_min
    }
}

/// Formats minutes after midnight as `HH:MM`.
pub fn format_minutes(minutes: DayMinute) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Formats a price in cents as Spanish euros: `25,00 €`, `1.250,50 €`.
pub fn format_price(cents: u32) -> String {
    format!("{},{:02} €", grouped_euros(cents, '.'), cents % 100)
}

/// Formats a price in cents as English writes euros: `€25.00`, `€1,250.50`.
pub fn format_price_english(cents: u32) -> String {
    format!("€{}.{:02}", grouped_euros(cents, ','), cents % 100)
}

/// The whole euros of `cents`, thousands set apart by `separator`.
fn grouped_euros(cents: u32, separator: char) -> String {
    let digits = (cents / 100).to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(separator);
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    fn period(open: DayMinute, close: DayMinute) -> OpeningPeriod {
        OpeningPeriod { open, close }
    }

    #[test]
    fn weekly_hours_refuse_empty_and_overlapping_periods() {
        assert_eq!(
            WeeklyHours::new([(Weekday::Monday, vec![period(600, 600)])]),
            Err(BookingValueError::EmptyPeriod {
                open: 600,
                close: 600
            })
        );
        assert_eq!(
            WeeklyHours::new([(Weekday::Monday, vec![period(600, 1500)])]).err(),
            Some(BookingValueError::EmptyPeriod {
                open: 600,
                close: 1500
            })
        );
        assert_eq!(
            WeeklyHours::new([(Weekday::Monday, vec![period(540, 840), period(800, 1200)])]),
            Err(BookingValueError::OverlappingPeriods)
        );
        let hours =
            WeeklyHours::new([(Weekday::Tuesday, vec![period(570, 840), period(990, 1230)])])
                .expect("valid");
        assert_eq!(hours.on(Weekday::Tuesday).len(), 2);
        assert!(hours.on(Weekday::Sunday).is_empty());
        assert_eq!(hours.days().count(), 7);
    }

    #[test]
    fn business_settings_are_checked() {
        let hours = WeeklyHours::default();
        assert!(Business::new("Peluquería Ana", "Europe/Madrid", hours.clone(), 15).is_ok());
        assert_eq!(
            Business::new(" ", "Europe/Madrid", hours.clone(), 15),
            Err(BookingValueError::EmptyName)
        );
        assert_eq!(
            Business::new("X", "Europe/Madrid", hours.clone(), 3),
            Err(BookingValueError::SlotStep)
        );
        assert_eq!(
            Business::new("X", "Mars/Olympus", hours, 15),
            Err(BookingValueError::TimeZone("Mars/Olympus".into()))
        );
        assert!(check_duration(30).is_ok());
        assert_eq!(check_duration(0), Err(BookingValueError::Duration));
        assert_eq!(check_duration(481), Err(BookingValueError::Duration));
    }

    #[test]
    fn statuses_move_forward_only() {
        use CitaStatus::*;
        let start = OffsetDateTime::UNIX_EPOCH;
        let may = |from: CitaStatus, to: CitaStatus| from.may_become(to, start, start).is_ok();
        assert!(may(Pendiente, Confirmada));
        assert!(may(Pendiente, Cancelada));
        assert!(may(Confirmada, Completada));
        assert!(!may(Pendiente, Completada));
        assert!(!may(Cancelada, Pendiente));
        assert!(!may(Completada, Cancelada));
        assert!(!may(Cancelada, NoPresentado));
        assert!(!may(Completada, NoPresentado));
        assert!(!may(NoPresentado, Cancelada));
        assert!(!may(NoPresentado, Completada));
        assert!(!may(NoPresentado, Pendiente));
        for status in CitaStatus::ALL {
            assert_eq!(CitaStatus::parse(status.as_str()), Ok(status));
        }
        assert!(CitaStatus::parse("borrada").is_err());
        assert!(Pendiente.holds_time() && Confirmada.holds_time());
        assert!(!Cancelada.holds_time() && !Completada.holds_time());
        assert!(!NoPresentado.holds_time());
    }

    #[test]
    fn a_no_show_comes_only_after_the_start_and_can_be_undone() {
        use CitaStatus::*;
        let start = datetime!(2026-11-27 10:00 UTC);
        let before = start - time::Duration::seconds(1);
        let after = start + time::Duration::minutes(5);
        for from in [Pendiente, Confirmada] {
            assert_eq!(
                from.may_become(NoPresentado, start, before),
                Err(StatusRefusal::NotStarted)
            );
            assert_eq!(from.may_become(NoPresentado, start, start), Ok(()));
            assert_eq!(from.may_become(NoPresentado, start, after), Ok(()));
        }
        assert_eq!(NoPresentado.may_become(Confirmada, start, after), Ok(()));
        assert_eq!(
            NoPresentado.may_become(NoPresentado, start, after),
            Err(StatusRefusal::NotAllowed)
        );
    }

    #[test]
    fn collisions_need_the_same_day_an_overlap_and_a_live_status() {
        let at = OffsetDateTime::UNIX_EPOCH;
        let mut cita = Cita {
            id: "c1".into(),
            staff_id: "s1".into(),
            client_id: "k1".into(),
            date: date!(2026 - 11 - 27),
            start_min: 600,
            end_min: 645,
            start_at: at,
            end_at: at,
            status: CitaStatus::Pendiente,
            service_ids: vec!["corte".into()],
            created_at: at,
            chat_session_id: None,
            outside_hours: false,
            revision: 0,
        };
        assert!(cita.collides_with(date!(2026 - 11 - 27), 630, 700));
        assert!(
            !cita.collides_with(date!(2026 - 11 - 27), 645, 700),
            "back to back is fine"
        );
        assert!(!cita.collides_with(date!(2026 - 11 - 28), 600, 645));
        cita.status = CitaStatus::Cancelada;
        assert!(!cita.collides_with(date!(2026 - 11 - 27), 600, 645));
    }

    #[test]
    fn times_and_prices_read_the_spanish_way() {
        assert_eq!(format_minutes(570), "09:30");
        assert_eq!(format_minutes(1020), "17:00");
        assert_eq!(format_price(2500), "25,00 €");
        assert_eq!(format_price(4850), "48,50 €");
        assert_eq!(format_price(125_050), "1.250,50 €");
        assert_eq!(format_price(5), "0,05 €");
        assert_eq!(format_price_english(2500), "€25.00");
        assert_eq!(format_price_english(125_050), "€1,250.50");
        assert_eq!(format_price_english(100_000_000), "€1,000,000.00");
        assert_eq!(format_price_english(5), "€0.05");
    }
}
