//! The tools an agent runs the salon's diary with: what each takes (its input schema), what it
//! does (through the use cases in [`crate::usecases::citas`], under the rules of whom the
//! credential acts for) and what it answers: JSON, or a refusal with a sentence in the
//! conversation's language an agent can pass on. Two transports offer them: MCP
//! ([`crate::mcp`]) and plain JSON over HTTP ([`rest`], for workflows without an LLM).
//!
//! Identity comes from the credential, never from the arguments: a guest's `client` names
//! whom a new cita is for, but `list_citas {email}` shows a guest nothing of anyone else's.

use citabot_domain::assistant::Lang;
use citabot_domain::booking::{Cita, DayMinute, Service, StaffMember, format_minutes, zone};
use citabot_domain::text::nfc;
use serde::Deserialize;
use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, Duration, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

pub mod rest;

use axum::response::{IntoResponse, Response};

use crate::auth::capability::{self, Unusable, Visitor};
use crate::auth::{self, Caller, api_keys};
use crate::cita_refusals::{self, Audience};
use crate::error::ApiError;
use crate::state::AppState;
use crate::usecases::booking::ClientDetails;
use crate::usecases::citas::{
    self, Agent, AgentBooking, AvailabilityRequest, ChangedBy, CitaChangeRequest, Fitting,
    MAX_FREE_TIMES, MAX_RANGE_DAYS, Refusal, RefusalKind, TimeAsked,
};
use crate::usecases::settings::calendar_and_profile;
use citabot_domain::booking::CitaStatus;
use citabot_store::User;

/// Told to the agent when it connects: how to book well.
pub const INSTRUCTIONS: &str = "citabot es la agenda de un salón. Para reservar: list_services, \
    find_free_times, hold_time con la hora elegida, pide nombre y email o teléfono, resume y \
    pide un sí explícito, y entonces book_cita con un idempotencyKey nuevo. Nunca inventes horas, \
    precios ni normas: léelos con get_salon y list_services. Las horas van en ISO 8601 con el \
    desfase del salón. / citabot is a salon's diary. To book: list_services, find_free_times, \
    hold_time on the chosen time, ask for a name and an email or phone, read a summary back and \
    ask for an explicit yes, then book_cita with a fresh idempotencyKey. Never invent times, \
    prices or policies.";

/// Whom a credential acts for.
#[derive(Debug, Clone)]
pub enum Principal {
    /// A visitor's capability: exactly what that visitor may do in the built-in assistant.
    Visitor(Visitor),
    /// A staff API key, acting as staff outside any conversation (`scope` keeps its
    /// idempotency keys apart from other keys').
    Staff { user: User, scope: String },
}

impl Principal {
    fn lang(&self) -> Lang {
        match self {
            Self::Visitor(visitor) => visitor.lang,
            Self::Staff { .. } => Lang::Es,
        }
    }

    fn audience(&self) -> Audience {
        match self {
            Self::Visitor(Visitor {
                user: Some(user), ..
            })
            | Self::Staff { user, .. }
                if user.role.is_staff() =>
            {
                Audience::Staff
            }
            _ => Audience::Client,
        }
    }

    fn agent(&self) -> Agent<'_> {
        match self {
            Self::Visitor(visitor) => Agent {
                by: match &visitor.user {
                    Some(user) => ChangedBy::Account(user),
                    None => ChangedBy::Conversation(visitor.conversation.as_str()),
                },
                conversation: Some(&visitor.conversation),
                writer: visitor.user.as_ref().map(|user| user.id.as_str()),
                scope: visitor.conversation.as_str(),
                lang: visitor.lang,
            },
            Self::Staff { user, scope } => Agent {
                by: ChangedBy::Account(user),
                conversation: None,
                writer: None,
                scope,
                lang: Lang::Es,
            },
        }
    }

    fn is_staff(&self) -> bool {
        self.audience() == Audience::Staff
    }
}

/// Why a credential does not name anyone.
#[derive(Debug)]
pub enum CredentialRefused {
    /// Missing, malformed, unknown, revoked, tampered with or expired.
    Invalid,
    /// Already answered: a key over its rate limit, a database that cannot answer.
    Answered(Response),
}

/// Whom `token` (an API key or a visitor's capability) acts for.
pub async fn principal(state: &AppState, token: &str) -> Result<Principal, CredentialRefused> {
    if token.starts_with(api_keys::KEY_PREFIX) {
        return match auth::key_caller(state, token).await {
            Ok(Caller::Key(key)) => Ok(Principal::Staff {
                scope: format!("key:{}", key.id),
                user: key.user,
            }),
            Ok(_) => Err(CredentialRefused::Invalid),
            Err(answered) => Err(CredentialRefused::Answered(answered)),
        };
    }
    let now = state.clock.now();
    match capability::read(state.outbox.signing_key(), state.store.as_ref(), token, now).await {
        Ok(visitor) => Ok(Principal::Visitor(visitor)),
        Err(Unusable::Invalid) => Err(CredentialRefused::Invalid),
        Err(Unusable::Store(error)) => Err(CredentialRefused::Answered(
            ApiError::from_store(&error).into_response(),
        )),
    }
}

/// A tool's refusal: the sentence said to the agent, and its kind.
#[derive(Debug)]
pub struct Refused {
    pub sentence: String,
    pub kind: RefusalKind,
}

impl Refused {
    fn malformed(sentence: String) -> Self {
        Self {
            sentence,
            kind: RefusalKind::Malformed,
        }
    }
}

pub type ToolResult = Result<Value, Refused>;

fn tool(name: &str, title: &str, description: &str, input_schema: Value) -> Value {
    json!({ "name": name, "title": title, "description": description, "inputSchema": input_schema })
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({ "type": "object", "properties": properties, "required": required,
        "additionalProperties": false })
}

fn no_arguments() -> Value {
    json!({ "type": "object", "properties": {}, "additionalProperties": false })
}

const START: &str = "ISO 8601 date-time of the start, with the salon's UTC offset \
    (\"2026-12-08T10:00:00+01:00\"), as find_free_times gives it.";

/// Every tool with its input schema and a description in Spanish and English.
pub fn definitions() -> Vec<Value> {
    let service_ids = json!({ "type": "array", "items": {"type": "string", "maxLength": 100},
        "minItems": 1, "maxItems": citas::MAX_SERVICES,
        "description": "Ids from list_services, done one after another." });
    let staff_id = json!({ "type": "string", "maxLength": 100,
        "description": "An id from list_staff; omit it for anyone free." });
    let cita_id = json!({ "type": "string", "maxLength": 100, "description": "The cita's id." });
    vec![
        tool(
            "get_salon",
            "El salón / The salon",
            "Datos del salón: nombre, dirección, teléfono, horario por día, cierres y preguntas \
             frecuentes. / The salon's name, address, phone, weekly hours, closures and FAQ.",
            no_arguments(),
        ),
        tool(
            "list_services",
            "Servicios / Services",
            "Servicios que se ofrecen, con id, duración en minutos y precio. / The services \
             offered, with id, duration in minutes and price.",
            no_arguments(),
        ),
        tool(
            "list_staff",
            "Equipo / Staff",
            "Personas del equipo que atienden citas, con su id. / The staff who take citas, \
             with their ids.",
            no_arguments(),
        ),
        tool(
            "find_free_times",
            "Horas libres / Free times",
            "Horas libres para unos servicios: un día (date) o un intervalo (from/to, como \
             mucho 60 días), opcionalmente con una persona y una parte del día. Ofrece solo \
             estas horas. / Free start times for some services on a day or a range of at most \
             60 days, optionally with one stylist and a part of the day. Offer only these.",
            object(
                json!({
                    "serviceIds": service_ids,
                    "date": {"type": "string", "format": "date", "description": "YYYY-MM-DD"},
                    "from": {"type": "string", "format": "date", "description": "YYYY-MM-DD"},
                    "to": {"type": "string", "format": "date", "description": "YYYY-MM-DD, at most 60 days after from"},
                    "staffId": staff_id,
                    "partOfDay": {"type": "string", "enum": ["morning", "afternoon", "evening"],
                        "description": "morning before 14:00, afternoon 14:00–20:00, evening from 18:00"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_FREE_TIMES},
                }),
                &["serviceIds"],
            ),
        ),
        tool(
            "hold_time",
            "Guardar una hora / Hold a time",
            "Guarda la hora elegida unos minutos mientras el cliente da sus datos, para que \
             nadie más la reserve. / Holds the chosen time for a few minutes while the client \
             gives their details, so nobody else books it.",
            object(
                json!({"serviceIds": service_ids, "start": {"type": "string", "description": START},
                    "staffId": staff_id}),
                &["serviceIds", "start"],
            ),
        ),
        tool(
            "book_cita",
            "Reservar / Book",
            "Reserva la cita, solo después de un sí explícito del cliente al resumen. El mismo \
             idempotencyKey reserva una sola vez. / Books the cita, only after the client's \
             explicit yes to a summary. The same idempotencyKey books once.",
            object(
                json!({
                    "serviceIds": service_ids,
                    "start": {"type": "string", "description": START},
                    "staffId": staff_id,
                    "client": {"type": "object", "additionalProperties": false,
                        "description": "Whom it is for (ignored for a signed-in client, who books for herself).",
                        "properties": {
                            "name": {"type": "string", "minLength": 1, "maxLength": 120},
                            "email": {"type": "string", "maxLength": 254},
                            "phone": {"type": "string", "maxLength": 40}},
                        "required": ["name"]},
                    "idempotencyKey": {"type": "string", "minLength": 1, "maxLength": 100,
                        "description": "A fresh value per booking; repeat it only to retry the same booking."},
                }),
                &["serviceIds", "start", "client", "idempotencyKey"],
            ),
        ),
        tool(
            "list_citas",
            "Citas / Citas",
            "Las citas que puedes ver, de hoy en adelante: las de esta conversación (o las del \
             cliente con sesión iniciada); el personal puede filtrar por email. / The citas you \
             may see, from today on: this conversation's (or the signed-in client's); staff may \
             filter by email.",
            object(json!({"email": {"type": "string", "maxLength": 254}}), &[]),
        ),
        tool(
            "move_cita",
            "Cambiar una cita / Move a cita",
            "Mueve una cita a otra hora libre (y persona), tras confirmarlo con el cliente. / \
             Moves a cita to another free time (and stylist), after the client confirms.",
            object(
                json!({"citaId": cita_id, "start": {"type": "string", "description": START},
                    "staffId": staff_id}),
                &["citaId", "start"],
            ),
        ),
        tool(
            "cancel_cita",
            "Cancelar / Cancel",
            "Cancela una cita, tras confirmarlo con el cliente. / Cancels a cita, after the \
             client confirms.",
            object(json!({"citaId": cita_id}), &["citaId"]),
        ),
        tool(
            "confirm_cita",
            "Confirmar asistencia / Confirm",
            "El cliente confirma que irá (el personal: marca la cita como confirmada). / The \
             client confirms they will come (staff: marks the cita confirmed).",
            object(json!({"citaId": cita_id}), &["citaId"]),
        ),
        tool(
            "request_person",
            "Hablar con una persona / Ask for a person",
            "Avisa al equipo de que el cliente quiere hablar con una persona; úsalo si lo pide o \
             si no puedes ayudarle. / Alerts the staff that the client wants a person; use it \
             when asked or when you cannot help.",
            no_arguments(),
        ),
    ]
}

/// `tools/call`: runs the tool named in `params` for `principal`.
/// Runs the tool called `name`; `None` when there is no such tool.
pub async fn run(
    state: &AppState,
    principal: &Principal,
    name: &str,
    arguments: Value,
) -> Option<ToolResult> {
    let outcome = match name {
        "get_salon" => get_salon(state, principal).await,
        "list_services" => list_services(state, principal).await,
        "list_staff" => list_staff(state, principal).await,
        "find_free_times" => find_free_times(state, principal, arguments).await,
        "hold_time" => hold_time(state, principal, arguments).await,
        "book_cita" => book_cita(state, principal, arguments).await,
        "list_citas" => list_citas(state, principal, arguments).await,
        "move_cita" => move_cita(state, principal, arguments).await,
        "cancel_cita" => cancel_cita(state, principal, arguments).await,
        "confirm_cita" => confirm_cita(state, principal, arguments).await,
        "request_person" => request_person(state, principal).await,
        _ => return None,
    };
    // What a key did is attributed to it, as its /api writes are (the key's id, never the key).
    if let Principal::Staff { scope, .. } = principal {
        tracing::info!(by = %scope, tool = name, refused = outcome.is_err(), "a tool call made with an API key");
    }
    Some(outcome)
}

/// Says a use case's refusal to `principal`; a store failure is logged, never described.
fn refused(principal: &Principal) -> impl Fn(Refusal) -> Refused + '_ {
    move |refusal| {
        if let Refusal::Store(error) = &refusal {
            tracing::error!(%error, "an MCP tool could not reach the database");
        }
        Refused {
            kind: refusal.kind(),
            sentence: cita_refusals::sentence(&refusal, principal.lang(), principal.audience()),
        }
    }
}

fn store_refused(principal: &Principal) -> impl Fn(citabot_store::StoreError) -> Refused + '_ {
    move |error| refused(principal)(Refusal::Store(error))
}

/// The arguments as `T`, or a sentence naming what is wrong.
fn arguments<T: for<'de> Deserialize<'de>>(
    principal: &Principal,
    value: Value,
) -> Result<T, Refused> {
    serde_json::from_value(value).map_err(|error| {
        let sentence = match principal.lang() {
            Lang::Es => format!("Los argumentos no son válidos: {error}."),
            Lang::En => format!("The arguments are not valid: {error}."),
        };
        Refused::malformed(sentence)
    })
}

/// A malformed request, said in the principal's language.
fn say(principal: &Principal, spanish: &str, english: &str) -> Refused {
    Refused::malformed(match principal.lang() {
        Lang::Es => spanish.to_owned(),
        Lang::En => english.to_owned(),
    })
}

async fn get_salon(state: &AppState, principal: &Principal) -> ToolResult {
    let store = state.store.as_ref();
    let business = store
        .business()
        .await
        .map_err(store_refused(principal))?
        .ok_or_else(|| refused(principal)(Refusal::NotConfigured))?;
    let (calendar, profile) = calendar_and_profile(store)
        .await
        .map_err(store_refused(principal))?;
    let weekdays = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    let hours: Vec<Value> = business
        .hours
        .days()
        .zip(weekdays)
        .map(|((_, periods), day)| {
            json!({ "day": day, "periods": periods.iter().map(|period| json!({
                "open": format_minutes(period.open), "close": format_minutes(period.close)
            })).collect::<Vec<_>>() })
        })
        .collect();
    let closures: Vec<Value> = calendar
        .closures
        .iter()
        .map(|closure| {
            json!({"from": closure.from.to_string(), "to": closure.to.to_string(),
            "reason": closure.reason})
        })
        .collect();
    let faq: Vec<Value> = profile
        .faq
        .iter()
        .map(|entry| json!({"question": entry.question, "answer": entry.answer}))
        .collect();
    let address = &profile.address;
    Ok(json!({
        "name": business.name,
        "timeZone": business.time_zone,
        "address": {"street": address.street, "postalCode": address.postal_code, "city": address.city},
        "phone": profile.phone,
        "email": profile.email,
        "description": profile.description,
        "paymentMethods": profile.payment_methods,
        "parking": profile.parking,
        "access": profile.access,
        "hours": hours,
        "closures": closures,
        "faq": faq,
        "rules": {
            "minNoticeMinutes": calendar.rules.min_notice_min,
            "horizonDays": calendar.rules.horizon_days,
            "holdMinutes": calendar.rules.hold_min,
        },
    }))
}

fn service_view(service: &Service) -> Value {
    json!({
        "id": service.id, "name": service.name, "description": service.description,
        "durationMin": service.duration_min, "priceCents": service.price_cents,
        "price": format!("{},{:02} €", service.price_cents / 100, service.price_cents % 100),
    })
}

async fn list_services(state: &AppState, principal: &Principal) -> ToolResult {
    let services = state
        .store
        .services()
        .await
        .map_err(store_refused(principal))?;
    Ok(
        json!({ "services": services.iter().filter(|s| s.active).map(service_view).collect::<Vec<_>>() }),
    )
}

async fn list_staff(state: &AppState, principal: &Principal) -> ToolResult {
    let staff = state
        .store
        .staff()
        .await
        .map_err(store_refused(principal))?;
    Ok(
        json!({ "staff": staff.iter().map(|member| json!({"id": member.user_id, "name": member.name})).collect::<Vec<_>>() }),
    )
}

/// The salon's time zone, read for turning times into and out of ISO 8601.
async fn time_zone(state: &AppState, principal: &Principal) -> Result<String, Refused> {
    state
        .store
        .business()
        .await
        .map_err(store_refused(principal))?
        .map(|business| business.time_zone)
        .ok_or_else(|| refused(principal)(Refusal::NotConfigured))
}

/// `start` as the salon's local date and minute: with an offset, the instant; without one, the
/// salon's wall time.
fn local_start(
    principal: &Principal,
    time_zone: &str,
    start: &str,
) -> Result<(Date, DayMinute), Refused> {
    let wrong = || {
        say(
            principal,
            "«start» debe ser una fecha y hora ISO 8601, como 2026-12-08T10:00:00+01:00.",
            "\"start\" must be an ISO 8601 date-time such as 2026-12-08T10:00:00+01:00.",
        )
    };
    let start = start.trim();
    if let Ok(instant) = OffsetDateTime::parse(start, &Rfc3339) {
        return zone::local(time_zone, instant).map_err(|_| wrong());
    }
    let wall = format_description!("[year]-[month]-[day]T[hour]:[minute]");
    let wall_seconds = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    let local = PrimitiveDateTime::parse(start, &wall_seconds)
        .or_else(|_| PrimitiveDateTime::parse(start, &wall))
        .map_err(|_| wrong())?;
    Ok((
        local.date(),
        u16::from(local.hour()) * 60 + u16::from(local.minute()),
    ))
}

/// A local date and minute as ISO 8601 with the salon's offset then.
fn iso(time_zone: &str, date: Date, minute: DayMinute) -> String {
    let Ok(instant) = zone::instant(time_zone, date, minute) else {
        return String::new();
    };
    let wall = PrimitiveDateTime::new(
        date,
        Time::from_hms(
            u8::try_from(minute / 60).unwrap_or(0),
            u8::try_from(minute % 60).unwrap_or(0),
            0,
        )
        .unwrap_or(Time::MIDNIGHT),
    );
    let offset_seconds =
        (wall - PrimitiveDateTime::new(instant.date(), instant.time())).whole_seconds();
    let offset = UtcOffset::from_whole_seconds(i32::try_from(offset_seconds).unwrap_or(0))
        .unwrap_or(UtcOffset::UTC);
    wall.assume_offset(offset)
        .format(&Rfc3339)
        .unwrap_or_default()
}

fn parse_day(principal: &Principal, field: &str, text: &str) -> Result<Date, Refused> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).map_err(|_| {
        Refused::malformed(match principal.lang() {
            Lang::Es => format!("«{field}» debe ser una fecha AAAA-MM-DD."),
            Lang::En => format!("\"{field}\" must be a date YYYY-MM-DD."),
        })
    })
}

fn staff_name(staff: &[StaffMember], id: &str) -> String {
    staff
        .iter()
        .find(|member| member.user_id == id)
        .map(|member| member.name.clone())
        .unwrap_or_default()
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FreeTimesArgs {
    service_ids: Vec<String>,
    date: Option<String>,
    from: Option<String>,
    to: Option<String>,
    staff_id: Option<String>,
    part_of_day: Option<String>,
    limit: Option<usize>,
}

async fn find_free_times(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: FreeTimesArgs = arguments(principal, args)?;
    let now = state.clock.now();
    let time_zone = time_zone(state, principal).await?;
    let (today, _) =
        zone::local(&time_zone, now).map_err(|_| refused(principal)(Refusal::NotConfigured))?;
    let (from, to) = match (&args.date, &args.from, &args.to) {
        (Some(date), None, None) => {
            let day = parse_day(principal, "date", date)?;
            (day, day)
        }
        (None, from, to) => {
            let from = from
                .as_deref()
                .map(|d| parse_day(principal, "from", d))
                .transpose()?
                .unwrap_or(today);
            let to = to
                .as_deref()
                .map(|d| parse_day(principal, "to", d))
                .transpose()?
                .unwrap_or(from + Duration::days(6));
            (from, to)
        }
        _ => {
            return Err(say(
                principal,
                "Da «date» o bien «from» y «to», no ambos.",
                "Give either \"date\" or \"from\"/\"to\", not both.",
            ));
        }
    };
    if to < from || (to - from).whole_days() >= citas::MAX_RANGE_DAYS {
        return Err(Refused::malformed(match principal.lang() {
            Lang::Es => format!(
                "El intervalo va de «from» a «to» y abarca como mucho {MAX_RANGE_DAYS} días."
            ),
            Lang::En => format!(
                "The range runs from \"from\" to \"to\" and spans at most {MAX_RANGE_DAYS} days."
            ),
        }));
    }
    let minutes = match args.part_of_day.as_deref() {
        None => None,
        Some("morning") => Some((0, 14 * 60)),
        Some("afternoon") => Some((14 * 60, 20 * 60)),
        Some("evening") => Some((18 * 60, 24 * 60)),
        Some(_) => {
            return Err(say(
                principal,
                "«partOfDay» es morning, afternoon o evening.",
                "\"partOfDay\" is morning, afternoon or evening.",
            ));
        }
    };
    let limit = args.limit.unwrap_or(20).clamp(1, MAX_FREE_TIMES);
    let request = AvailabilityRequest {
        date: from.max(today),
        fitting: Fitting::Services(args.service_ids),
        staff_id: args.staff_id,
        for_staff: principal.is_staff(),
    };
    let store = state.store.as_ref();
    let times = citas::free_times_between(store, &request, (to, minutes), limit, now)
        .await
        .map_err(refused(principal))?;
    let staff = store.staff().await.map_err(store_refused(principal))?;
    let times: Vec<Value> = times
        .iter()
        .flat_map(|free| {
            // One entry per time, with the first free stylist (the assistant's choice);
            // the others are listed too.
            let first = free.staff_ids.first().cloned().unwrap_or_default();
            Some(json!({
                "start": iso(&time_zone, free.date, free.start_min),
                "date": free.date.to_string(),
                "time": format_minutes(free.start_min),
                "staffId": first,
                "staffName": staff_name(&staff, &first),
                "otherStaff": free.staff_ids.iter().skip(1).map(|id| json!({"id": id, "name": staff_name(&staff, id)})).collect::<Vec<_>>(),
            }))
        })
        .collect();
    Ok(json!({ "times": times, "timeZone": time_zone }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TimeArgs {
    service_ids: Vec<String>,
    start: String,
    staff_id: Option<String>,
}

async fn time_asked(
    state: &AppState,
    principal: &Principal,
    args: TimeArgs,
) -> Result<(TimeAsked, String), Refused> {
    let time_zone = time_zone(state, principal).await?;
    let (date, start_min) = local_start(principal, &time_zone, &args.start)?;
    Ok((
        TimeAsked {
            service_ids: args.service_ids,
            date,
            start_min,
            staff_id: args.staff_id,
        },
        time_zone,
    ))
}

async fn hold_time(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: TimeArgs = arguments(principal, args)?;
    let (asked, time_zone) = time_asked(state, principal, args).await?;
    let store = state.store.as_ref();
    let hold = citas::hold_for(store, principal.agent(), &asked, state.clock.now())
        .await
        .map_err(refused(principal))?;
    let staff = store.staff().await.map_err(store_refused(principal))?;
    Ok(json!({ "hold": {
        "start": iso(&time_zone, hold.date, hold.start_min),
        "end": iso(&time_zone, hold.date, hold.end_min),
        "staffId": hold.staff_id,
        "staffName": staff_name(&staff, &hold.staff_id),
        "expiresAt": hold.expires_at.format(&Rfc3339).unwrap_or_default(),
    }}))
}

#[derive(Debug, Deserialize)]
struct ClientArgs {
    name: String,
    email: Option<String>,
    phone: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BookArgs {
    service_ids: Vec<String>,
    start: String,
    staff_id: Option<String>,
    client: ClientArgs,
    idempotency_key: String,
}

/// The client a booking is for: a signed-in cliente herself, whatever the arguments say;
/// otherwise the name and contact given, checked as the dashboard checks them.
fn client_details(principal: &Principal, client: ClientArgs) -> Result<ClientDetails, Refused> {
    if let Principal::Visitor(Visitor {
        user: Some(user), ..
    }) = principal
        && !user.role.is_staff()
    {
        return Ok(ClientDetails {
            name: format!("{} {}", user.first_name, user.last_name),
            email: Some(user.email.clone()),
            phone: user.phone.clone(),
            user_id: Some(user.id.clone()),
        });
    }
    let invalid = |error: ApiError| Refused::malformed(error.message().to_owned());
    let name = crate::dashboard::client_fields::client_name(&client.name, "client.name")
        .map_err(invalid)?;
    let email =
        crate::dashboard::client_fields::client_email(client.email.as_deref()).map_err(invalid)?;
    let phone =
        crate::dashboard::client_fields::client_phone(client.phone.as_deref()).map_err(invalid)?;
    if email.is_none() && phone.is_none() {
        return Err(say(
            principal,
            "Hace falta un email o un teléfono de contacto del cliente.",
            "The client's email or phone is needed.",
        ));
    }
    Ok(ClientDetails {
        name,
        email,
        phone,
        user_id: None,
    })
}

async fn book_cita(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: BookArgs = arguments(principal, args)?;
    let key = nfc(args.idempotency_key.trim());
    if key.is_empty() || key.chars().count() > 100 {
        return Err(say(
            principal,
            "«idempotencyKey» debe tener entre 1 y 100 caracteres.",
            "\"idempotencyKey\" must have 1 to 100 characters.",
        ));
    }
    let client = client_details(principal, args.client)?;
    let (time, time_zone) = time_asked(
        state,
        principal,
        TimeArgs {
            service_ids: args.service_ids,
            start: args.start,
            staff_id: args.staff_id,
        },
    )
    .await?;
    let booking = AgentBooking {
        time,
        client,
        idempotency_key: key,
    };
    let store = state.store.as_ref();
    let cita = citas::book_for(
        store,
        &state.outbox,
        principal.agent(),
        booking,
        state.clock.now(),
    )
    .await
    .map_err(refused(principal))?;
    Ok(json!({ "cita": cita_view(state, principal, &time_zone, cita).await? }))
}

async fn cita_view(
    state: &AppState,
    principal: &Principal,
    time_zone: &str,
    cita: Cita,
) -> Result<Value, Refused> {
    let details = citas::details(state.store.as_ref(), vec![cita])
        .await
        .map_err(store_refused(principal))?
        .pop()
        .ok_or_else(|| refused(principal)(Refusal::NotFound))?;
    Ok(one_view(time_zone, details))
}

fn one_view(time_zone: &str, details: citas::CitaDetails) -> Value {
    let cita = &details.cita;
    json!({
        "id": cita.id,
        "status": cita.status.as_str(),
        "start": iso(time_zone, cita.date, cita.start_min),
        "end": iso(time_zone, cita.date, cita.end_min),
        "date": cita.date.to_string(),
        "time": format_minutes(cita.start_min),
        "staffId": cita.staff_id,
        "staffName": details.staff_name,
        "services": details.services.iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>(),
        "client": details.client.as_ref().map(|client| json!({"name": client.name})),
        "clientConfirmed": details.client_confirmed,
    })
}

#[derive(Debug, Deserialize)]
struct ListArgs {
    email: Option<String>,
}

async fn list_citas(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: ListArgs = arguments(principal, args)?;
    let time_zone = time_zone(state, principal).await?;
    let store = state.store.as_ref();
    let email = args
        .email
        .map(|email| email.trim().to_lowercase())
        .filter(|e| !e.is_empty());
    let found = citas::list_for(
        store,
        principal.agent(),
        email.as_deref(),
        state.clock.now(),
    )
    .await
    .map_err(refused(principal))?;
    let details = citas::details(store, found)
        .await
        .map_err(store_refused(principal))?;
    Ok(json!({ "citas": details.into_iter().map(|d| one_view(&time_zone, d)).collect::<Vec<_>>() }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MoveArgs {
    cita_id: String,
    start: String,
    staff_id: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitaArgs {
    cita_id: String,
}

async fn move_cita(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: MoveArgs = arguments(principal, args)?;
    let time_zone = time_zone(state, principal).await?;
    let (date, start_min) = local_start(principal, &time_zone, &args.start)?;
    let change = CitaChangeRequest {
        date: Some(date),
        start_min: Some(start_min),
        staff_id: args.staff_id,
        ..CitaChangeRequest::default()
    };
    changed(state, principal, &time_zone, &args.cita_id, change).await
}

async fn cancel_cita(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: CitaArgs = arguments(principal, args)?;
    let time_zone = time_zone(state, principal).await?;
    let change = CitaChangeRequest {
        status: Some(CitaStatus::Cancelada),
        ..CitaChangeRequest::default()
    };
    changed(state, principal, &time_zone, &args.cita_id, change).await
}

async fn changed(
    state: &AppState,
    principal: &Principal,
    time_zone: &str,
    cita_id: &str,
    change: CitaChangeRequest,
) -> ToolResult {
    let store = state.store.as_ref();
    let written = citas::change_cita(
        store,
        &state.outbox,
        principal.agent().by,
        cita_id,
        change,
        state.clock.now(),
    )
    .await
    .map_err(refused(principal))?;
    Ok(json!({ "cita": cita_view(state, principal, time_zone, written.cita).await? }))
}

async fn confirm_cita(state: &AppState, principal: &Principal, args: Value) -> ToolResult {
    let args: CitaArgs = arguments(principal, args)?;
    let time_zone = time_zone(state, principal).await?;
    if principal.is_staff() {
        let change = CitaChangeRequest {
            status: Some(CitaStatus::Confirmada),
            ..CitaChangeRequest::default()
        };
        return changed(state, principal, &time_zone, &args.cita_id, change).await;
    }
    let cita = citas::client_confirms(
        state.store.as_ref(),
        principal.agent().by,
        &args.cita_id,
        state.clock.now(),
    )
    .await
    .map_err(refused(principal))?;
    Ok(json!({ "cita": cita_view(state, principal, &time_zone, cita).await? }))
}

async fn request_person(state: &AppState, principal: &Principal) -> ToolResult {
    let Principal::Visitor(visitor) = principal else {
        return Err(Refused {
            kind: RefusalKind::NotAllowed,
            ..say(
                principal,
                "Solo una conversación del chat puede pedir una persona.",
                "Only a chat conversation can ask for a person.",
            )
        });
    };
    let writer = visitor.user.as_ref().map(|user| user.id.as_str());
    crate::usecases::chat_turn::flag_needs_person(state, &visitor.conversation, writer, &[])
        .await
        .map_err(store_refused(principal))?;
    Ok(json!({ "needsPerson": true }))
}
