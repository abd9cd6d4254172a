//! `GET /api/business` (public): what the site's landing page, the assistant's visitors and the
//! dashboard's calendar need to know about the salon; `PATCH /api/business` and
//! `PUT /api/business/hours` (administradores): its profile, booking rules and opening hours
//! (issue 11). Every field is checked here with a Spanish sentence naming it; the work is in
//! [`crate::usecases::settings`].

use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::Response;
use axum::{Extension, Json};
use citabot_domain::account::{Email, Phone};
use citabot_domain::booking::profile::{Address, Faq, MAX_FAQ, is_hex_color};
use citabot_domain::booking::rules::{Closure, TimeOff};
use citabot_domain::booking::{CitaStatus, DAY_MINUTES, DayMinute, OpeningPeriod, WeeklyHours};
use citabot_store::ImageSlot;
use serde::{Deserialize, Serialize};
use time::Weekday;
use utoipa::ToSchema;

use super::client_fields::date_text;
use super::{administrador, answer, body, business_of, checked_text, invalid, limited_text};
use crate::auth::Caller;
use crate::error::invalid_account_value;
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;
use crate::usecases::images::image_url;
use crate::usecases::mail as mail_case;
use crate::usecases::settings::{self, SalonProfile, SettingsChange};

/// The longest business name, in characters.
pub const NAME_MAX_CHARS: usize = 80;
/// The longest street, in characters.
pub const STREET_MAX_CHARS: usize = 120;
/// The longest postal code, in characters.
pub const POSTAL_CODE_MAX_CHARS: usize = 10;
/// The longest city, in characters.
pub const CITY_MAX_CHARS: usize = 80;
/// The longest description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 500;
/// The most payment methods.
pub const MAX_PAYMENT_METHODS: usize = 10;
/// The longest payment method, in characters.
pub const PAYMENT_METHOD_MAX_CHARS: usize = 40;
/// The longest parking or access note, in characters.
pub const NOTE_MAX_CHARS: usize = 300;
/// The longest FAQ question, in characters.
pub const QUESTION_MAX_CHARS: usize = 200;
/// The longest FAQ answer, in characters.
pub const ANSWER_MAX_CHARS: usize = 1000;
/// The longest minimum notice: a week, in minutes.
pub const MAX_MIN_NOTICE_MIN: i64 = 7 * 24 * 60;
/// The furthest horizon, in days.
pub const MAX_HORIZON_DAYS: i64 = 365;
/// The longest a time picked in the chat is held, in minutes.
pub const MAX_HOLD_MIN: u32 = 60;
/// The most periods one weekday may have.
pub const MAX_PERIODS_PER_DAY: usize = 10;

/// One period of a weekday, `[openMin, closeMin)` in minutes after local midnight.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningPeriodView {
    /// 1 = Monday … 7 = Sunday.
    #[schema(minimum = 1, maximum = 7)]
    weekday: u8,
    open_min: DayMinute,
    close_min: DayMinute,
}

/// A period as sent: `weekday` 1–7, `0 <= openMin < closeMin <= 1440`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PeriodInput {
    /// 1 = Monday … 7 = Sunday.
    weekday: i64,
    open_min: i64,
    close_min: i64,
}

/// Every period of `hours`, Monday first, in order within the day.
pub fn period_views(hours: &WeeklyHours) -> Vec<OpeningPeriodView> {
    hours
        .days()
        .flat_map(|(weekday, periods)| {
            periods.iter().map(move |period| OpeningPeriodView {
                weekday: weekday.number_from_monday(),
                open_min: period.open,
                close_min: period.close,
            })
        })
        .collect()
}

const WEEKDAY_NAMES: [&str; 7] = [
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "sábado",
    "domingo",
];

/// Reads periods into weekly hours: weekdays 1–7, minutes 0–1440, each opening before it
/// closes, at most [`MAX_PERIODS_PER_DAY`] a day, none overlapping (400 otherwise). Their order
/// does not matter.
pub fn parse_periods(periods: &[PeriodInput]) -> Result<WeeklyHours, ApiError> {
    let mut days: [Vec<OpeningPeriod>; 7] = Default::default();
    for period in periods {
        let weekday = u8::try_from(period.weekday)
            .ok()
            .filter(|day| (1..=7).contains(day))
            .ok_or_else(|| invalid("«weekday» debe ser un número del 1 (lunes) al 7 (domingo)."))?;
        let minute = |value: i64| {
            DayMinute::try_from(value)
                .ok()
                .filter(|minute| *minute <= DAY_MINUTES)
                .ok_or_else(|| {
                    invalid("«openMin» y «closeMin» deben estar entre 0 y 1440 (minutos del día).")
                })
        };
        let (open, close) = (minute(period.open_min)?, minute(period.close_min)?);
        if open >= close {
            return Err(invalid(
                "Cada periodo debe abrir antes de cerrar («openMin» menor que «closeMin»).",
            ));
        }
        days[usize::from(weekday - 1)].push(OpeningPeriod { open, close });
    }
    let mut weekday = Weekday::Monday;
    let mut named = Vec::with_capacity(7);
    for (index, mut periods) in days.into_iter().enumerate() {
        let name = WEEKDAY_NAMES[index];
        if periods.len() > MAX_PERIODS_PER_DAY {
            return Err(invalid(format!(
                "El {name} puede tener como mucho {MAX_PERIODS_PER_DAY} periodos."
            )));
        }
        periods.sort_by_key(|period| period.open);
        if periods.windows(2).any(|pair| pair[0].close > pair[1].open) {
            return Err(invalid(format!("Los periodos del {name} se solapan.")));
        }
        named.push((weekday, periods));
        weekday = weekday.next();
    }
    WeeklyHours::new(named).map_err(|error| invalid(error.to_string()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressView {
    street: String,
    postal_code: String,
    city: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FaqEntry {
    question: String,
    answer: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingRulesView {
    /// No booking by a client or the assistant starts sooner than this many minutes from now.
    min_notice_min: u32,
    /// Nor more than this many days ahead.
    horizon_days: u16,
    /// `pendiente` or `confirmada`: the status chat bookings start in.
    #[schema(example = "pendiente")]
    chat_booking_status: &'static str,
    /// How long a time picked in the chat is held for its visitor while they give their
    /// details, in minutes.
    hold_minutes: u32,
}

/// Days off, `from` to `to` inclusive: a closure of the salon, or a stylist's time off.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaysOffView {
    id: String,
    #[schema(format = Date)]
    from: String,
    #[schema(format = Date)]
    to: String,
    reason: String,
}

impl From<Closure> for DaysOffView {
    fn from(closure: Closure) -> Self {
        Self {
            id: closure.id,
            from: date_text(closure.from),
            to: date_text(closure.to),
            reason: closure.reason,
        }
    }
}

impl From<TimeOff> for DaysOffView {
    fn from(off: TimeOff) -> Self {
        Self {
            id: off.id,
            from: date_text(off.from),
            to: date_text(off.to),
            reason: off.reason,
        }
    }
}

/// A bookable stylist as the public sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMemberView {
    id: String,
    first_name: String,
    /// The active services they do.
    service_ids: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessView {
    name: String,
    /// An IANA time zone, such as `Europe/Madrid`.
    time_zone: String,
    /// Start times are multiples of this many minutes after midnight.
    slot_step: DayMinute,
    /// Every opening period, Monday first, in order within the day.
    hours: Vec<OpeningPeriodView>,
    address: AddressView,
    phone: String,
    email: String,
    description: String,
    payment_methods: Vec<String>,
    parking: String,
    access: String,
    /// At most 50 entries.
    faq: Vec<FaqEntry>,
    /// `#rrggbb`.
    #[schema(example = "#9d174d")]
    brand_color: String,
    booking_rules: BookingRulesView,
    /// The closures from today to the booking horizon.
    closures: Vec<DaysOffView>,
    /// The stylists who take bookings (first names only).
    team: Vec<TeamMemberView>,
    /// The salon's logo (`GET /api/business/logo` with its version); null until uploaded.
    #[schema(example = "/api/business/logo?v=3f9a0c41d2e87b65")]
    logo_url: Option<String>,
    /// The landing page's picture (`GET /api/business/hero` with its version); null until
    /// uploaded.
    #[schema(example = "/api/business/hero?v=8e07d1a2c4b9f360")]
    hero_url: Option<String>,
    /// The salon's mail settings: only in an administrador's answer (the alert addresses are
    /// private).
    #[serde(skip_serializing_if = "Option::is_none")]
    mail: Option<MailSettingsView>,
    /// Whether the demo's week of citas (and its reviews) is still there: only in a staff
    /// member's answer, for the diary's "Quitar los datos de demostración".
    #[serde(skip_serializing_if = "Option::is_none")]
    demo_data: Option<bool>,
}

/// When reminders go and where the staff's alerts go.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSettingsView {
    /// 1 to 168 (a week): how many hours before a cita its reminder goes.
    reminder_hours: u32,
    /// Up to 5 addresses that hear of bookings from the chat and visitors waiting for a person.
    staff_alert_emails: Vec<String>,
}

/// Either mail setting (at least one field).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MailSettingsPatch {
    /// 1 to 168.
    #[serde(default)]
    reminder_hours: Option<i64>,
    /// Up to 5 email addresses, each once (replaced whole).
    #[serde(default)]
    staff_alert_emails: Option<Vec<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BusinessResponse {
    item: BusinessView,
}

impl From<SalonProfile> for BusinessView {
    fn from(salon: SalonProfile) -> Self {
        let profile = salon.settings.profile;
        let rules = salon.settings.rules;
        Self {
            hours: period_views(&salon.business.hours),
            name: salon.business.name,
            time_zone: salon.business.time_zone,
            slot_step: salon.business.slot_step,
            address: AddressView {
                street: profile.address.street,
                postal_code: profile.address.postal_code,
                city: profile.address.city,
            },
            phone: profile.phone,
            email: profile.email,
            description: profile.description,
            payment_methods: profile.payment_methods,
            parking: profile.parking,
            access: profile.access,
            faq: profile
                .faq
                .into_iter()
                .map(|entry| FaqEntry {
                    question: entry.question,
                    answer: entry.answer,
                })
                .collect(),
            brand_color: profile.brand_color,
            booking_rules: BookingRulesView {
                min_notice_min: rules.min_notice_min,
                horizon_days: rules.horizon_days,
                chat_booking_status: rules.chat_booking_status.as_str(),
                hold_minutes: rules.hold_min,
            },
            closures: salon.closures.into_iter().map(DaysOffView::from).collect(),
            team: salon
                .team
                .into_iter()
                .map(|member| TeamMemberView {
                    id: member.id,
                    first_name: member.first_name,
                    service_ids: member.service_ids,
                })
                .collect(),
            logo_url: salon
                .images
                .of(ImageSlot::Logo)
                .map(|version| image_url(ImageSlot::Logo, version)),
            hero_url: salon
                .images
                .of(ImageSlot::Hero)
                .map(|version| image_url(ImageSlot::Hero, version)),
            mail: None,
            demo_data: None,
        }
    }
}

/// The salon as `GET /api/business` answers it, read now; with its mail settings for an
/// administrador.
pub(super) async fn business_answer(
    state: &AppState,
    status: StatusCode,
    caller: &Caller,
) -> Result<Response, ApiError> {
    let business = business_of(state).await?;
    let store = state.store.as_ref();
    let salon = settings::profile(store, business, state.clock.now())
        .await
        .map_err(super::store_failed)?;
    let mut item = BusinessView::from(salon);
    if super::is_staff(caller) {
        item.demo_data = Some(
            crate::demo::present(store)
                .await
                .map_err(super::store_failed)?,
        );
    }
    if administrador(caller).is_ok() {
        let mail = mail_case::settings(store)
            .await
            .map_err(super::store_failed)?;
        item.mail = Some(MailSettingsView {
            reminder_hours: mail.reminder_hours,
            staff_alert_emails: mail.staff_alert_emails,
        });
    }
    Ok(answer(status, BusinessResponse { item }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRemoved {
    /// How many of the demo's citas went.
    removed_citas: u64,
}

/// `DELETE /api/demo` (administrador): takes away the demo's week of citas, its clients and
/// their reviews, in one go. The salon, its team, services and settings stay.
#[utoipa::path(delete, path = "/api/demo", tag = "booking",
    responses(
        (status = 200, description = "The demo's citas are gone", body = DemoRemoved),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope)))]
pub async fn remove_demo(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let removed_citas = crate::demo::remove(state.store.as_ref())
        .await
        .map_err(super::store_failed)?;
    Ok(answer(StatusCode::OK, DemoRemoved { removed_citas }))
}

/// `GET /api/business`: the name, time zone, slot step, opening hours, profile, booking rules,
/// the closures within the horizon and the bookable team.
#[utoipa::path(get, path = "/api/business", tag = "booking", responses(
    (status = 200, description = "The business", body = BusinessResponse),
    (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
) -> Result<Response, ApiError> {
    business_answer(&state, StatusCode::OK, &caller).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddressInput {
    street: String,
    postal_code: String,
    city: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BookingRulesPatch {
    /// 0 to 10080 (a week).
    #[serde(default)]
    min_notice_min: Option<i64>,
    /// 1 to 365.
    #[serde(default)]
    horizon_days: Option<i64>,
    /// `pendiente` or `confirmada`.
    #[serde(default)]
    chat_booking_status: Option<String>,
    /// 1 to 60.
    #[serde(default)]
    hold_minutes: Option<i64>,
}

/// Any of the profile's fields and booking rules (at least one); the FAQ and the payment
/// methods are replaced whole.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BusinessPatch {
    /// 1–80 characters.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    address: Option<AddressInput>,
    /// A phone number, or empty.
    #[serde(default)]
    phone: Option<String>,
    /// An email address, or empty.
    #[serde(default)]
    email: Option<String>,
    /// Up to 500 characters.
    #[serde(default)]
    description: Option<String>,
    /// Up to 10, each 1–40 characters, each once.
    #[serde(default)]
    payment_methods: Option<Vec<String>>,
    /// Up to 300 characters.
    #[serde(default)]
    parking: Option<String>,
    /// Up to 300 characters.
    #[serde(default)]
    access: Option<String>,
    /// Up to 50 entries: question 1–200 characters, answer 1–1000.
    #[serde(default)]
    faq: Option<Vec<FaqEntry>>,
    /// `#rrggbb`.
    #[serde(default)]
    brand_color: Option<String>,
    #[serde(default)]
    booking_rules: Option<BookingRulesPatch>,
    #[serde(default)]
    mail: Option<MailSettingsPatch>,
}

impl BusinessPatch {
    /// Whether anything but the mail settings is asked for.
    fn changes_profile(&self) -> bool {
        self.name.is_some()
            || self.address.is_some()
            || self.phone.is_some()
            || self.email.is_some()
            || self.description.is_some()
            || self.payment_methods.is_some()
            || self.parking.is_some()
            || self.access.is_some()
            || self.faq.is_some()
            || self.brand_color.is_some()
            || self.booking_rules.as_ref().is_some_and(|rules| {
                rules.min_notice_min.is_some()
                    || rules.horizon_days.is_some()
                    || rules.chat_booking_status.is_some()
                    || rules.hold_minutes.is_some()
            })
    }

    fn is_empty(&self) -> bool {
        !self.changes_profile()
            && self.mail.as_ref().is_none_or(|mail| {
                mail.reminder_hours.is_none() && mail.staff_alert_emails.is_none()
            })
    }
}

/// The longest a reminder goes before its cita, in hours (a week).
pub const MAX_REMINDER_HOURS: i64 = 168;
/// The most staff alert addresses.
pub const MAX_STAFF_ALERT_EMAILS: usize = 5;

/// Reads the mail settings asked for (400 with a sentence naming the field).
fn parse_mail(patch: &MailSettingsPatch) -> Result<mail_case::MailSettingsChange, ApiError> {
    let reminder_hours = patch
        .reminder_hours
        .map(|hours| {
            u32::try_from(hours)
                .ok()
                .filter(|_| (1..=MAX_REMINDER_HOURS).contains(&hours))
                .ok_or_else(|| {
                    invalid(format!(
                        "«mail.reminderHours» debe estar entre 1 y {MAX_REMINDER_HOURS} horas."
                    ))
                })
        })
        .transpose()?;
    let staff_alert_emails = patch
        .staff_alert_emails
        .as_deref()
        .map(|emails| {
            if emails.len() > MAX_STAFF_ALERT_EMAILS {
                return Err(invalid(format!(
                    "«mail.staffAlertEmails» puede tener como mucho {MAX_STAFF_ALERT_EMAILS} direcciones."
                )));
            }
            let mut read: Vec<String> = Vec::with_capacity(emails.len());
            for email in emails {
                let email = Email::parse(email.trim())
                    .map_err(|error| invalid_account_value(&error))?
                    .as_str()
                    .to_owned();
                if read.contains(&email) {
                    return Err(invalid(format!(
                        "La dirección «{email}» está repetida en «mail.staffAlertEmails»."
                    )));
                }
                read.push(email);
            }
            Ok(read)
        })
        .transpose()?;
    Ok(mail_case::MailSettingsChange {
        reminder_hours,
        staff_alert_emails,
    })
}

fn parse_address(address: &AddressInput) -> Result<Address, ApiError> {
    let postal_code = limited_text(
        &address.postal_code,
        "address.postalCode",
        POSTAL_CODE_MAX_CHARS,
    )?;
    if !postal_code
        .chars()
        .all(|letter| letter.is_ascii_alphanumeric() || letter == ' ' || letter == '-')
    {
        return Err(invalid(
            "«address.postalCode» solo puede llevar letras, cifras, espacios y guiones.",
        ));
    }
    Ok(Address {
        street: limited_text(&address.street, "address.street", STREET_MAX_CHARS)?,
        postal_code,
        city: limited_text(&address.city, "address.city", CITY_MAX_CHARS)?,
    })
}

fn parse_payment_methods(methods: &[String]) -> Result<Vec<String>, ApiError> {
    if methods.len() > MAX_PAYMENT_METHODS {
        return Err(invalid(format!(
            "«paymentMethods» puede tener como mucho {MAX_PAYMENT_METHODS} formas de pago."
        )));
    }
    let mut read: Vec<String> = Vec::with_capacity(methods.len());
    for method in methods {
        let method = checked_text(method, "paymentMethods", PAYMENT_METHOD_MAX_CHARS)?;
        if read
            .iter()
            .any(|seen| seen.to_lowercase() == method.to_lowercase())
        {
            return Err(invalid(format!(
                "La forma de pago «{method}» está repetida en «paymentMethods»."
            )));
        }
        read.push(method);
    }
    Ok(read)
}

fn parse_faq(entries: &[FaqEntry]) -> Result<Vec<Faq>, ApiError> {
    if entries.len() > MAX_FAQ {
        return Err(invalid(format!(
            "«faq» puede tener como mucho {MAX_FAQ} preguntas."
        )));
    }
    entries
        .iter()
        .map(|entry| {
            Ok(Faq {
                question: checked_text(&entry.question, "faq.question", QUESTION_MAX_CHARS)?,
                answer: checked_text(&entry.answer, "faq.answer", ANSWER_MAX_CHARS)?,
            })
        })
        .collect()
}

fn parse_rules(rules: &BookingRulesPatch, change: &mut SettingsChange) -> Result<(), ApiError> {
    if let Some(notice) = rules.min_notice_min {
        change.min_notice_min = Some(
            u32::try_from(notice)
                .ok()
                .filter(|_| notice <= MAX_MIN_NOTICE_MIN)
                .ok_or_else(|| {
                    invalid(format!(
                        "«bookingRules.minNoticeMin» debe estar entre 0 y {MAX_MIN_NOTICE_MIN} minutos."
                    ))
                })?,
        );
    }
    if let Some(days) = rules.horizon_days {
        change.horizon_days = Some(
            u16::try_from(days)
                .ok()
                .filter(|days| (1..=MAX_HORIZON_DAYS).contains(&i64::from(*days)))
                .ok_or_else(|| {
                    invalid(format!(
                        "«bookingRules.horizonDays» debe estar entre 1 y {MAX_HORIZON_DAYS} días."
                    ))
                })?,
        );
    }
    if let Some(status) = rules.chat_booking_status.as_deref() {
        change.chat_booking_status = Some(match status {
            "pendiente" => CitaStatus::Pendiente,
            "confirmada" => CitaStatus::Confirmada,
            _ => {
                return Err(invalid(
                    "«bookingRules.chatBookingStatus» debe ser «pendiente» o «confirmada».",
                ));
            }
        });
    }
    if let Some(minutes) = rules.hold_minutes {
        change.hold_min = Some(
            u32::try_from(minutes)
                .ok()
                .filter(|minutes| (1..=MAX_HOLD_MIN).contains(minutes))
                .ok_or_else(|| {
                    invalid(format!(
                        "«bookingRules.holdMinutes» debe estar entre 1 y {MAX_HOLD_MIN} minutos."
                    ))
                })?,
        );
    }
    Ok(())
}

/// Reads a patch into a change, checking every field (400 with a sentence naming it).
fn parse_patch(patch: &BusinessPatch) -> Result<SettingsChange, ApiError> {
    let mut change = SettingsChange {
        name: patch
            .name
            .as_deref()
            .map(|name| checked_text(name, "name", NAME_MAX_CHARS))
            .transpose()?,
        address: patch.address.as_ref().map(parse_address).transpose()?,
        description: patch
            .description
            .as_deref()
            .map(|text| limited_text(text, "description", DESCRIPTION_MAX_CHARS))
            .transpose()?,
        payment_methods: patch
            .payment_methods
            .as_deref()
            .map(parse_payment_methods)
            .transpose()?,
        parking: patch
            .parking
            .as_deref()
            .map(|text| limited_text(text, "parking", NOTE_MAX_CHARS))
            .transpose()?,
        access: patch
            .access
            .as_deref()
            .map(|text| limited_text(text, "access", NOTE_MAX_CHARS))
            .transpose()?,
        faq: patch.faq.as_deref().map(parse_faq).transpose()?,
        ..SettingsChange::default()
    };
    if let Some(phone) = patch.phone.as_deref().map(str::trim) {
        change.phone = Some(if phone.is_empty() {
            String::new()
        } else {
            Phone::parse(phone)
                .map_err(|error| invalid_account_value(&error))?
                .as_str()
                .to_owned()
        });
    }
    if let Some(email) = patch.email.as_deref().map(str::trim) {
        change.email = Some(if email.is_empty() {
            String::new()
        } else {
            Email::parse(email)
                .map_err(|error| invalid_account_value(&error))?
                .as_str()
                .to_owned()
        });
    }
    if let Some(color) = patch.brand_color.as_deref().map(str::trim) {
        if !is_hex_color(color) {
            return Err(invalid(
                "«brandColor» debe ser un color con el formato #rrggbb (por ejemplo, #9d174d).",
            ));
        }
        change.brand_color = Some(color.to_ascii_lowercase());
    }
    if let Some(rules) = &patch.booking_rules {
        parse_rules(rules, &mut change)?;
    }
    Ok(change)
}

/// `PATCH /api/business` (administrador): changes any of the profile's fields and booking
/// rules; the change binds the next request (availability, the assistant, every booking).
#[utoipa::path(patch, path = "/api/business", tag = "booking", request_body = BusinessPatch,
    responses(
        (status = 200, description = "The business as changed", body = BusinessResponse),
        (status = 400, description = "A field is malformed or past its limit, or nothing to change", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<BusinessPatch>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let patch = body(request)?;
    if patch.is_empty() {
        return Err(invalid("Indica al menos un campo que cambiar."));
    }
    let change = parse_patch(&patch)?;
    let mail = patch.mail.as_ref().map(parse_mail).transpose()?;
    business_of(&state).await?;
    if patch.changes_profile() {
        settings::update_settings(state.store.as_ref(), change)
            .await
            .map_err(super::store_failed)?;
    }
    if let Some(mail) = mail {
        mail_case::change_settings(state.store.as_ref(), mail)
            .await
            .map_err(super::store_failed)?;
    }
    business_answer(&state, StatusCode::OK, &caller).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HoursRequest {
    /// Every opening period of the week (a weekday left out is closed).
    periods: Vec<PeriodInput>,
}

/// `PUT /api/business/hours` (administrador): replaces the opening hours. Citas already booked
/// stay; those now outside the hours are listed by `GET /api/business/outside-rules`.
#[utoipa::path(put, path = "/api/business/hours", tag = "booking", request_body = HoursRequest,
    responses(
        (status = 200, description = "The business with its new hours", body = BusinessResponse),
        (status = 400, description = "A bad weekday or minute, a period closing before it opens, overlapping periods", body = ErrorEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrador", body = ErrorEnvelope),
        (status = 503, description = "No business is set up yet", body = ErrorEnvelope)))]
pub async fn set_hours(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    request: Result<Json<HoursRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    administrador(&caller)?;
    let request = body(request)?;
    let hours = parse_periods(&request.periods)?;
    let business = business_of(&state).await?;
    settings::set_hours(state.store.as_ref(), business, hours)
        .await
        .map_err(super::store_failed)?;
    business_answer(&state, StatusCode::OK, &caller).await
}
