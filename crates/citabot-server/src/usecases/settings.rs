//! The salon's settings (issue 11): its profile and booking rules, opening hours, closures,
//! and each stylist's schedule, services and time off; and the citas the current rules no
//! longer allow. Every read goes to the store, so a change takes effect on the next request
//! (nothing here outlives one). Changing a setting never moves or cancels a cita: the citas it
//! leaves outside the rules are listed for staff ([`outside_rules`]).

use citabot_domain::booking::profile::{Address, BusinessProfile, BusinessSettings, Faq};
use citabot_domain::booking::rules::{Booker, Calendar, Closure, Proposed, StaffSchedule, TimeOff};
use citabot_domain::booking::{Business, Cita, DayMinute, WeeklyHours, zone};
use citabot_store::{ImageVersions, Store, StoreError};
use time::{Date, Duration, OffsetDateTime};

use super::citas::Refusal as CitaRefusal;
use super::{images, staff};

/// The business; `None` before one is set up (a database never seeded).
pub async fn business(store: &dyn Store) -> Result<Option<Business>, StoreError> {
    store.business().await
}

/// Why a request about a stylist's schedule or time off is refused; the handler turns it into
/// a status.
#[derive(Debug)]
pub enum Refusal {
    /// No staff member has that id (404).
    NoSuchStaff,
    /// No business is set up yet (503).
    NotConfigured,
    /// A service named twice (400).
    RepeatedService(String),
    /// A service that does not exist (422).
    UnknownService(String),
    /// Days off that others already cover, the same ones sent twice say (409): what covers
    /// them, so nothing is added twice.
    AlreadyCovered {
        reason: String,
        from: Date,
        to: Date,
    },
    Store(StoreError),
}

/// Refuses the days `from`–`to` when one of `ranges` (first day, last day, reason) covers all
/// of them.
fn refuse_covered<'a>(
    mut ranges: impl Iterator<Item = (Date, Date, &'a str)>,
    from: Date,
    to: Date,
) -> Result<(), Refusal> {
    match ranges.find(|(first, last, _)| *first <= from && to <= *last) {
        Some((first, last, reason)) => Err(Refusal::AlreadyCovered {
            reason: reason.to_owned(),
            from: first,
            to: last,
        }),
        None => Ok(()),
    }
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// Refuses an id that is not one of the staff.
async fn check_staff(store: &dyn Store, staff_id: &str) -> Result<(), Refusal> {
    staff::member(store, staff_id)
        .await?
        .map(drop)
        .ok_or(Refusal::NoSuchStaff)
}

/// Everything that decides when a cita may be booked, read now.
pub async fn calendar(store: &dyn Store) -> Result<Calendar, StoreError> {
    Ok(calendar_and_profile(store).await?.0)
}

/// [`calendar`] and the salon's profile, from one read of the settings (a chat turn needs both).
pub async fn calendar_and_profile(
    store: &dyn Store,
) -> Result<(Calendar, BusinessProfile), StoreError> {
    let BusinessSettings { profile, rules } = store.business_settings().await?;
    let calendar = Calendar {
        rules,
        closures: store.closures().await?,
        schedules: store.staff_schedules().await?,
        time_off: store.time_off().await?,
    };
    Ok((calendar, profile))
}

/// A bookable stylist as the public sees them: first name and services.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMember {
    pub id: String,
    pub first_name: String,
    pub service_ids: Vec<String>,
}

/// The salon as `GET /api/business` shows it.
#[derive(Debug, Clone)]
pub struct SalonProfile {
    pub business: Business,
    pub settings: BusinessSettings,
    /// The closures from today to the horizon.
    pub closures: Vec<Closure>,
    pub team: Vec<TeamMember>,
    /// Which of the logo and the hero picture are uploaded, and their versions.
    pub images: ImageVersions,
}

/// Reads the salon's profile for the public: the closures within the booking horizon, the
/// bookable stylists with the active services they do, and the versions of its pictures.
pub async fn profile(
    store: &dyn Store,
    business: Business,
    now: OffsetDateTime,
) -> Result<SalonProfile, StoreError> {
    let settings = store.business_settings().await?;
    let (today, _) = local_now(&business, now)?;
    let last = today + Duration::days(i64::from(settings.rules.horizon_days));
    let closures = store
        .closures()
        .await?
        .into_iter()
        .filter(|closure| closure.to >= today && closure.from <= last)
        .collect();
    let services = store.services().await?;
    let schedules = store.staff_schedules().await?;
    let team = staff::list(store)
        .await?
        .into_iter()
        .filter_map(|user| {
            let schedule = schedule_of(&schedules, &user.id);
            schedule.bookable.then(|| TeamMember {
                service_ids: services
                    .iter()
                    .filter(|service| service.active && schedule.does(&service.id))
                    .map(|service| service.id.clone())
                    .collect(),
                id: user.id,
                first_name: user.first_name,
            })
        })
        .collect();
    Ok(SalonProfile {
        business,
        settings,
        closures,
        team,
        images: images::versions(store).await?,
    })
}

fn schedule_of(schedules: &[StaffSchedule], staff_id: &str) -> StaffSchedule {
    schedules
        .iter()
        .find(|schedule| schedule.staff_id == staff_id)
        .cloned()
        .unwrap_or_else(|| StaffSchedule::default_for(staff_id))
}

/// The business's local date and minute at `now`.
pub fn local_now(
    business: &Business,
    now: OffsetDateTime,
) -> Result<(Date, DayMinute), StoreError> {
    zone::local(&business.time_zone, now).map_err(|error| StoreError::Corrupt(error.to_string()))
}

/// A partial change of the profile and rules; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct SettingsChange {
    pub name: Option<String>,
    pub address: Option<Address>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub payment_methods: Option<Vec<String>>,
    pub parking: Option<String>,
    pub access: Option<String>,
    pub faq: Option<Vec<Faq>>,
    pub brand_color: Option<String>,
    pub min_notice_min: Option<u32>,
    pub horizon_days: Option<u16>,
    pub chat_booking_status: Option<citabot_domain::booking::CitaStatus>,
    pub hold_min: Option<u32>,
}

/// Applies a partial change over the saved settings and writes it in one transaction.
pub async fn update_settings(store: &dyn Store, change: SettingsChange) -> Result<(), StoreError> {
    let mut settings = store.business_settings().await?;
    let profile = &mut settings.profile;
    let rules = &mut settings.rules;
    macro_rules! set {
        ($($field:ident => $target:expr),* $(,)?) => {
            $(if let Some(value) = change.$field { $target = value; })*
        };
    }
    set!(
        address => profile.address,
        phone => profile.phone,
        email => profile.email,
        description => profile.description,
        payment_methods => profile.payment_methods,
        parking => profile.parking,
        access => profile.access,
        faq => profile.faq,
        brand_color => profile.brand_color,
        min_notice_min => rules.min_notice_min,
        horizon_days => rules.horizon_days,
        chat_booking_status => rules.chat_booking_status,
        hold_min => rules.hold_min,
    );
    store
        .save_business_settings(change.name.as_deref(), &settings)
        .await
}

/// Replaces the opening hours.
pub async fn set_hours(
    store: &dyn Store,
    mut business: Business,
    hours: WeeklyHours,
) -> Result<(), StoreError> {
    business.hours = hours;
    store.save_business(&business).await
}

/// Every closure, past ones included, by first day.
pub async fn closures(store: &dyn Store) -> Result<Vec<Closure>, StoreError> {
    store.closures().await
}

/// Adds a closure under a new id, unless one already covers all its days.
pub async fn add_closure(
    store: &dyn Store,
    from: Date,
    to: Date,
    reason: String,
) -> Result<Closure, Refusal> {
    let closures = store.closures().await?;
    let ranges = closures.iter().map(|c| (c.from, c.to, c.reason.as_str()));
    refuse_covered(ranges, from, to)?;
    let closure = Closure {
        id: uuid::Uuid::new_v4().to_string(),
        from,
        to,
        reason,
    };
    store.create_closure(&closure).await?;
    Ok(closure)
}

/// Deletes closure `id`; `false` when there is none.
pub async fn delete_closure(store: &dyn Store, id: &str) -> Result<bool, StoreError> {
    store.delete_closure(id).await
}

/// A stylist's schedule as shown: their periods (or the business hours they follow), every
/// service id they do, and whether they take bookings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleView {
    pub periods: WeeklyHours,
    pub follows_business_hours: bool,
    pub service_ids: Vec<String>,
    pub bookable: bool,
}

/// The schedule of staff member `staff_id` as shown.
pub async fn schedule(store: &dyn Store, staff_id: &str) -> Result<ScheduleView, Refusal> {
    check_staff(store, staff_id).await?;
    schedule_view(store, staff_id).await
}

/// The schedule of `staff_id` as shown, with the business hours they may follow.
async fn schedule_view(store: &dyn Store, staff_id: &str) -> Result<ScheduleView, Refusal> {
    let business = business(store).await?.ok_or(Refusal::NotConfigured)?;
    let schedule = schedule_of(&store.staff_schedules().await?, staff_id);
    let services = store.services().await?;
    Ok(ScheduleView {
        follows_business_hours: schedule.periods.is_none(),
        periods: schedule.periods.clone().unwrap_or(business.hours),
        service_ids: services
            .iter()
            .filter(|service| schedule.does(&service.id))
            .map(|service| service.id.clone())
            .collect(),
        bookable: schedule.bookable,
    })
}

/// A stylist's schedule as an administrador sets it.
#[derive(Debug, Clone)]
pub struct ScheduleChange {
    /// `None` follows the business hours.
    pub periods: Option<WeeklyHours>,
    pub service_ids: Vec<String>,
    pub bookable: bool,
}

/// Replaces staff member `staff_id`'s schedule, and answers it as saved: every service must
/// exist and be named once.
pub async fn set_schedule(
    store: &dyn Store,
    staff_id: &str,
    change: ScheduleChange,
) -> Result<ScheduleView, Refusal> {
    check_staff(store, staff_id).await?;
    let services = store.services().await?;
    let mut service_ids: Vec<String> = Vec::with_capacity(change.service_ids.len());
    for service_id in &change.service_ids {
        let service_id = service_id.trim();
        if service_ids.iter().any(|seen| seen == service_id) {
            return Err(Refusal::RepeatedService(service_id.to_owned()));
        }
        if !services.iter().any(|service| service.id == service_id) {
            return Err(Refusal::UnknownService(service_id.to_owned()));
        }
        service_ids.push(service_id.to_owned());
    }
    let schedule = StaffSchedule {
        staff_id: staff_id.to_owned(),
        periods: change.periods,
        service_ids: Some(service_ids),
        bookable: change.bookable,
    };
    store.save_staff_schedule(&schedule).await?;
    schedule_view(store, staff_id).await
}

/// Adds time off for staff member `staff_id` under a new id, unless some of theirs already
/// covers all its days.
pub async fn add_time_off(
    store: &dyn Store,
    staff_id: &str,
    from: Date,
    to: Date,
    reason: String,
) -> Result<TimeOff, Refusal> {
    let taken = time_off_of(store, staff_id).await?;
    let ranges = taken
        .iter()
        .map(|off| (off.from, off.to, off.reason.as_str()));
    refuse_covered(ranges, from, to)?;
    let off = TimeOff {
        id: uuid::Uuid::new_v4().to_string(),
        staff_id: staff_id.to_owned(),
        from,
        to,
        reason,
    };
    store.create_time_off(&off).await?;
    Ok(off)
}

/// Staff member `staff_id`'s time off, by first day.
pub async fn time_off_of(store: &dyn Store, staff_id: &str) -> Result<Vec<TimeOff>, Refusal> {
    check_staff(store, staff_id).await?;
    Ok(store
        .time_off()
        .await?
        .into_iter()
        .filter(|off| off.staff_id == staff_id)
        .collect())
}

/// Deletes `staff_id`'s time off `id`; `false` when they have none with that id.
pub async fn delete_time_off(
    store: &dyn Store,
    staff_id: &str,
    id: &str,
) -> Result<bool, StoreError> {
    store.delete_time_off(staff_id, id).await
}

/// How far ahead [`outside_rules`] looks: a year of citas.
const OUTSIDE_RULES_DAYS: i64 = 366;

/// The future pending and confirmed citas the current hours, closures, schedules, skills or
/// `bookable` flags no longer allow, each with why (a cita staff placed outside the hours on
/// purpose is held only to skills and `bookable`). Nothing is changed.
pub async fn outside_rules(
    store: &dyn Store,
    business: &Business,
    now: OffsetDateTime,
) -> Result<Vec<(Cita, CitaRefusal)>, StoreError> {
    let calendar = calendar(store).await?;
    let services = store.services().await?;
    let (today, minute) = local_now(business, now)?;
    let citas = store
        .citas_between(today, today + Duration::days(OUTSIDE_RULES_DAYS))
        .await?;
    Ok(citas
        .into_iter()
        .filter(|cita| cita.status.holds_time())
        .filter(|cita| cita.date > today || cita.start_min >= minute)
        .filter_map(|cita| {
            let proposed = Proposed {
                staff_id: &cita.staff_id,
                date: cita.date,
                start: cita.start_min,
                end: cita.end_min,
                service_ids: &cita.service_ids,
            };
            let booker = Booker::Staff {
                outside_hours: cita.outside_hours,
            };
            let breach = calendar.fits(business, &proposed, booker).err()?;
            let why = CitaRefusal::Breach {
                breach,
                services: services.clone(),
                start: cita.start_min,
                end: cita.end_min,
            };
            Some((cita, why))
        })
        .collect())
}
