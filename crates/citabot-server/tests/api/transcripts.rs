//! The booking assistant's transcript suite (REQUIREMENTS B2, B5; issue 5): whole conversations
//! through the real gateway on the demo salon, each written as data in `transcripts/*.txt` and
//! kept as an insta snapshot named after it. A snapshot shows who said what, turn by turn, and
//! ends with the rows the conversation wrote, read back from the store, so a wrong write
//! changes it as surely as a wrong answer.
//!
//! Every conversation runs on its own copy of one SQLite database (the demo salon, its
//! accounts signed in once), so none sees another's citas and the suite stays fast. The
//! server's clock says Friday 2026-11-20, 09:30 UTC (10:30 in Madrid).
//!
//! The script format, one conversation after another:
//!
//! ```text
//! === name_of_the_conversation           (the snapshot's name)
//! about: what it shows                   (optional, one line, kept in the snapshot)
//! as: guest                              (guest | cliente | cliente-nueva | usuario | administrador)
//! today: 2026-11-20                      (the visitor's currentDate; default 2026-11-20; none: not sent)
//! client: Pedro Sanz, pedro@ejemplo.es, +34 600 000 001     (a client already on record)
//! cita: Lucía | Pedro Sanz | 2026-11-24 12:00 | manicura | pendiente   (an earlier cita)
//! closure: 2026-12-07 | 2026-12-09 | Puente      (the salon closed, besides the demo's public holidays)
//! off: Lucía | 2026-11-23 | Asuntos propios       (a stylist's day off)
//! empty: parking, faq                    (profile fields the salon left empty: address, phone,
//!                                         email, description, payment, parking, access, faq)
//! > what the visitor says
//! @ Label                                (taps the button so labelled in the last reply: sends its value)
//! ~ text the reply must contain
//! ! text the reply must not contain
//! + Label                                (the reply offers a button so labelled)
//! ```
//!
//! A conversation that taps or expects a button shows in its snapshot what each reply offered
//! (`taps:` and `card:` lines).
//!
//! `cliente` is the demo client Marta Ruiz (her client record exists); `cliente-nueva` is Ana
//! López, who signed up and has no client record yet; `usuario` is the stylist Javier Gómez and
//! `administrador` the owner Lucía Martín. Lines starting with `#` are comments.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use citabot_domain::booking::profile::{Address, BusinessProfile};
use citabot_domain::booking::rules::{Closure, TimeOff};
use citabot_domain::booking::{Cita, CitaStatus, Client, StaffMember, format_minutes, zone};
use citabot_domain::chat::{ChatSessionId, MessageAuthor};
use citabot_domain::clock::Clock as _;
use citabot_store::Store;
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::macros::{date, format_description};
use time::{Date, OffsetDateTime, Weekday};
use tokio::sync::OnceCell;

use crate::booking::{seed_demo, sign_in};
use crate::helpers::{Backend, Session, TestApp, json_body};

/// The demo salon's time zone, for the instants of seeded citas.
const TIME_ZONE: &str = "Europe/Madrid";
/// The visitor's date unless a script says otherwise: the server's own today.
const DEFAULT_TODAY: Date = date!(2026 - 11 - 20);
/// Conversations of one file running at once.
const AT_ONCE: usize = 4;

// ---------------------------------------------------------------------------------------------
// Scripts

/// Who writes a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Guest,
    Cliente,
    ClienteNueva,
    Usuario,
    Administrador,
}

impl Role {
    fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "guest" => Self::Guest,
            "cliente" => Self::Cliente,
            "cliente-nueva" => Self::ClienteNueva,
            "usuario" => Self::Usuario,
            "administrador" => Self::Administrador,
            _ => return None,
        })
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Guest => "guest (not signed in)",
            Self::Cliente => "cliente Marta Ruiz (marta@cliente.example, client record on file)",
            Self::ClienteNueva => "cliente Ana López (ana@cliente.example, no client record yet)",
            Self::Usuario => "usuario Javier Gómez (stylist)",
            Self::Administrador => "administrador Lucía Martín (owner and stylist)",
        }
    }
}

#[derive(Debug, Clone)]
struct SeedClient {
    name: String,
    email: Option<String>,
    phone: Option<String>,
}

#[derive(Debug, Clone)]
struct SeedCita {
    /// The staff member's first name.
    staff: String,
    client: String,
    date: Date,
    start_min: u16,
    services: Vec<String>,
    status: CitaStatus,
}

#[derive(Debug, Clone)]
struct SeedClosure {
    from: Date,
    to: Date,
    reason: String,
}

#[derive(Debug, Clone)]
struct SeedTimeOff {
    /// The staff member's first name.
    staff: String,
    date: Date,
    reason: String,
}

/// One turn: what the visitor says (or the button they tap) and what the reply must and must
/// not say, and the buttons it must offer.
#[derive(Debug, Clone, Default)]
struct Turn {
    says: String,
    taps: Option<String>,
    contains: Vec<String>,
    lacks: Vec<String>,
    offers: Vec<String>,
}

#[derive(Debug, Clone)]
struct Script {
    name: String,
    about: Option<String>,
    role: Role,
    today: Option<Date>,
    clients: Vec<SeedClient>,
    citas: Vec<SeedCita>,
    closures: Vec<SeedClosure>,
    time_off: Vec<SeedTimeOff>,
    /// Profile fields cleared before the conversation.
    empty: Vec<String>,
    turns: Vec<Turn>,
}

impl Script {
    /// Whether the snapshot shows what each reply offered to tap.
    fn shows_taps(&self) -> bool {
        self.turns
            .iter()
            .any(|turn| turn.taps.is_some() || !turn.offers.is_empty())
    }

    fn new(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            about: None,
            role: Role::Guest,
            today: Some(DEFAULT_TODAY),
            clients: Vec::new(),
            citas: Vec::new(),
            closures: Vec::new(),
            time_off: Vec::new(),
            empty: Vec::new(),
            turns: Vec::new(),
        }
    }
}

/// Reads a script file; a malformed line fails with its file and number.
fn parse_scripts(file: &str, text: &str) -> Vec<Script> {
    let mut scripts: Vec<Script> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = || format!("{file}:{}: {line:?}", index + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("=== ") {
            let name = name.trim();
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}: a conversation's name is lower_snake_case",
                at()
            );
            scripts.push(Script::new(name));
            continue;
        }
        let script = scripts
            .last_mut()
            .unwrap_or_else(|| panic!("{}: before the first '=== name'", at()));
        let (key, value) = line.split_at(line.find([' ', ':']).unwrap_or(line.len()));
        let value = value.trim_start_matches(':').trim();
        match key {
            ">" => script.turns.push(Turn {
                says: value.to_owned(),
                ..Turn::default()
            }),
            "@" => script.turns.push(Turn {
                taps: Some(value.to_owned()),
                ..Turn::default()
            }),
            "~" | "!" | "+" => {
                let turn = script
                    .turns
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: an expectation before any '>'", at()));
                let list = match key {
                    "~" => &mut turn.contains,
                    "!" => &mut turn.lacks,
                    _ => &mut turn.offers,
                };
                list.push(value.to_owned());
            }
            "about" => script.about = Some(value.to_owned()),
            "as" => {
                script.role = Role::parse(value).unwrap_or_else(|| panic!("{}: role", at()));
            }
            "today" => {
                script.today = (value != "none")
                    .then(|| parse_date(value).unwrap_or_else(|| panic!("{}: date", at())));
            }
            "client" => {
                let mut parts = value.split(',').map(str::trim);
                let name = parts.next().unwrap_or_default().to_owned();
                assert!(!name.is_empty(), "{}: a client needs a name", at());
                let email = parts.next().filter(|s| !s.is_empty()).map(str::to_owned);
                let phone = parts.next().filter(|s| !s.is_empty()).map(str::to_owned);
                script.clients.push(SeedClient { name, email, phone });
            }
            "cita" => script.citas.push(
                parse_seed_cita(value).unwrap_or_else(|| panic!("{}: a cita is 'staff | client | YYYY-MM-DD HH:MM | service + service | status'", at())),
            ),
            "closure" => script.closures.push(parse_seed_closure(value).unwrap_or_else(|| {
                panic!("{}: a closure is 'YYYY-MM-DD | YYYY-MM-DD | reason'", at())
            })),
            "off" => script.time_off.push(parse_seed_time_off(value).unwrap_or_else(|| {
                panic!("{}: time off is 'staff | YYYY-MM-DD | reason'", at())
            })),
            "empty" => {
                for field in value.split(',').map(str::trim) {
                    assert!(PROFILE_FIELDS.contains(&field), "{}: no profile field {field}", at());
                    script.empty.push(field.to_owned());
                }
            }
            _ => panic!("{}: unknown line", at()),
        }
    }
    for script in &scripts {
        assert!(
            !script.turns.is_empty(),
            "{file}: {} says nothing",
            script.name
        );
    }
    scripts
}

fn parse_date(text: &str) -> Option<Date> {
    Date::parse(text, format_description!("[year]-[month]-[day]")).ok()
}

/// The profile fields a script may leave empty.
const PROFILE_FIELDS: &[&str] = &[
    "address",
    "phone",
    "email",
    "description",
    "payment",
    "parking",
    "access",
    "faq",
];

/// Clears the profile fields named.
fn clear(profile: &mut BusinessProfile, fields: &[String]) {
    for field in fields {
        match field.as_str() {
            "address" => profile.address = Address::default(),
            "phone" => profile.phone.clear(),
            "email" => profile.email.clear(),
            "description" => profile.description.clear(),
            "payment" => profile.payment_methods.clear(),
            "parking" => profile.parking.clear(),
            "access" => profile.access.clear(),
            "faq" => profile.faq.clear(),
            other => panic!("no profile field {other}"),
        }
    }
}

fn parse_seed_cita(text: &str) -> Option<SeedCita> {
    let parts: Vec<&str> = text.split('|').map(str::trim).collect();
    let [staff, client, when, services, status] = parts.as_slice() else {
        return None;
    };
    let (day, time) = when.split_once(' ')?;
    let (hours, minutes) = time.split_once(':')?;
    Some(SeedCita {
        staff: (*staff).to_owned(),
        client: (*client).to_owned(),
        date: parse_date(day)?,
        start_min: hours.parse::<u16>().ok()? * 60 + minutes.parse::<u16>().ok()?,
        services: services.split('+').map(|s| s.trim().to_owned()).collect(),
        status: CitaStatus::parse(status).ok()?,
    })
}

fn parse_seed_closure(text: &str) -> Option<SeedClosure> {
    let parts: Vec<&str> = text.split('|').map(str::trim).collect();
    let [from, to, reason] = parts.as_slice() else {
        return None;
    };
    Some(SeedClosure {
        from: parse_date(from)?,
        to: parse_date(to)?,
        reason: (*reason).to_owned(),
    })
}

fn parse_seed_time_off(text: &str) -> Option<SeedTimeOff> {
    let parts: Vec<&str> = text.split('|').map(str::trim).collect();
    let [staff, date, reason] = parts.as_slice() else {
        return None;
    };
    Some(SeedTimeOff {
        staff: (*staff).to_owned(),
        date: parse_date(date)?,
        reason: (*reason).to_owned(),
    })
}

// ---------------------------------------------------------------------------------------------
// The shared database

/// The demo salon with its accounts signed in, written once per test process and copied for
/// each conversation.
#[derive(Debug)]
struct Template {
    /// Holds the folder with `citabot.db` (and its WAL) until the process ends.
    folder: tempfile::TempDir,
    sessions: BTreeMap<&'static str, Session>,
}

static TEMPLATE: OnceCell<Template> = OnceCell::const_new();

/// Demo passwords are random: sign in with the ones `seed_if_empty` returned.
async fn template() -> &'static Template {
    TEMPLATE
        .get_or_init(|| async {
            let folder = tempfile::tempdir().expect("a temporary folder");
            let url = sqlite_url(folder.path());
            let app = TestApp::spawn_on(Backend::Sqlite, |settings| settings.database_url = url)
                .await
                .expect("SQLite is always available");
            let logins = seed_demo(&app).await;
            let mut sessions = BTreeMap::new();
            for (key, email) in [
                ("cliente", "marta@cliente.example"),
                ("usuario", "javier@peluqueria.example"),
                ("administrador", "lucia@peluqueria.example"),
            ] {
                sessions.insert(key, sign_in(&app, &logins, email).await);
            }
            sessions.insert("cliente-nueva", app.sign_up("ana@cliente.example").await);
            app.shut_down().await.expect("stops");
            Template { folder, sessions }
        })
        .await
}

fn sqlite_url(folder: &Path) -> String {
    format!("sqlite://{}", folder.join("citabot.db").display())
}

/// A fresh copy of the template database in a folder of its own. The template's server has
/// stopped but its pool may still be open, so the write-ahead log is copied with the file.
fn copy_of(template: &Template) -> tempfile::TempDir {
    let folder = tempfile::tempdir().expect("a temporary folder");
    for name in ["citabot.db", "citabot.db-wal"] {
        let from: PathBuf = template.folder.path().join(name);
        if from.exists() {
            std::fs::copy(&from, folder.path().join(name)).expect("copies the database");
        }
    }
    folder
}

// ---------------------------------------------------------------------------------------------
// Running a conversation

/// What a conversation ran against: its app and the records the script put there.
struct World {
    app: TestApp,
    _folder: tempfile::TempDir,
    /// Client id → name, of every client on record before the conversation.
    clients_before: BTreeMap<String, String>,
    /// Every cita before the conversation, by id.
    citas_before: BTreeMap<String, Cita>,
}

async fn world(script: &Script) -> World {
    let folder = copy_of(template().await);
    let url = sqlite_url(folder.path());
    let app = TestApp::spawn_on(Backend::Sqlite, |settings| settings.database_url = url)
        .await
        .expect("SQLite is always available");
    let store = app.store.as_ref();
    let mut clients_before = BTreeMap::new();
    let marta = store
        .clients_by_email("marta@cliente.example")
        .await
        .expect("reads")
        .into_iter()
        .next()
        .expect("the demo client");
    clients_before.insert(marta.id, marta.name);
    for (index, seed) in script.clients.iter().enumerate() {
        let client = Client {
            id: format!("seed-client-{index}"),
            name: seed.name.clone(),
            email: seed.email.clone(),
            phone: seed.phone.clone(),
            user_id: None,
        };
        store
            .create_client(&client, app.clock.now())
            .await
            .unwrap_or_else(|error| panic!("{}: seed client: {error}", script.name));
        clients_before.insert(client.id, client.name);
    }
    let staff = store.staff().await.expect("reads");
    let services = store.services().await.expect("reads");
    for (index, seed) in script.citas.iter().enumerate() {
        let staff_id = &staff_id_of(&staff, &seed.staff, script);
        let client_id = clients_before
            .iter()
            .find(|(_, name)| **name == seed.client)
            .unwrap_or_else(|| panic!("{}: no client {}", script.name, seed.client))
            .0;
        let minutes: u16 = seed
            .services
            .iter()
            .map(|id| {
                services
                    .iter()
                    .find(|service| &service.id == id)
                    .unwrap_or_else(|| panic!("{}: no service {id}", script.name))
                    .duration_min
            })
            .sum();
        let end_min = seed.start_min + minutes;
        let instant = |minute| zone::instant(TIME_ZONE, seed.date, minute).expect("a local time");
        let cita = Cita {
            id: format!("seed-cita-{index}"),
            staff_id: staff_id.clone(),
            client_id: client_id.clone(),
            date: seed.date,
            start_min: seed.start_min,
            end_min,
            start_at: instant(seed.start_min),
            end_at: instant(end_min),
            status: seed.status,
            service_ids: seed.services.clone(),
            created_at: app.clock.now(),
            chat_session_id: None,
            outside_hours: false,
            revision: 0,
        };
        store
            .create_cita(&cita)
            .await
            .unwrap_or_else(|error| panic!("{}: seed cita {index}: {error}", script.name));
    }
    for (index, seed) in script.closures.iter().enumerate() {
        let closure = Closure {
            id: format!("seed-closure-{index}"),
            from: seed.from,
            to: seed.to,
            reason: seed.reason.clone(),
        };
        store
            .create_closure(&closure)
            .await
            .unwrap_or_else(|error| panic!("{}: seed closure: {error}", script.name));
    }
    for (index, seed) in script.time_off.iter().enumerate() {
        let off = TimeOff {
            id: format!("seed-off-{index}"),
            staff_id: staff_id_of(&staff, &seed.staff, script),
            from: seed.date,
            to: seed.date,
            reason: seed.reason.clone(),
        };
        store
            .create_time_off(&off)
            .await
            .unwrap_or_else(|error| panic!("{}: seed time off: {error}", script.name));
    }
    if !script.empty.is_empty() {
        let mut settings = store.business_settings().await.expect("reads");
        clear(&mut settings.profile, &script.empty);
        store
            .save_business_settings(None, &settings)
            .await
            .unwrap_or_else(|error| panic!("{}: clearing the profile: {error}", script.name));
    }
    let citas_before = all_citas(store)
        .await
        .into_iter()
        .map(|cita| (cita.id.clone(), cita))
        .collect();
    World {
        app,
        _folder: folder,
        clients_before,
        citas_before,
    }
}

/// The id of the staff member whose name starts with `first_name`.
fn staff_id_of(staff: &[StaffMember], first_name: &str, script: &Script) -> String {
    staff
        .iter()
        .find(|member| member.name.starts_with(first_name))
        .unwrap_or_else(|| panic!("{}: no staff member {first_name}", script.name))
        .user_id
        .clone()
}

/// Every cita in the store (the suite's dates are all in 2026 and 2027).
async fn all_citas(store: &dyn Store) -> Vec<Cita> {
    store
        .citas_between(date!(2026 - 01 - 01), date!(2028 - 01 - 01))
        .await
        .expect("reads")
}

/// A reply: its text, and the buttons it offered (label, value), its card's last.
#[derive(Debug, Default)]
struct Reply {
    text: String,
    taps: Vec<(String, String)>,
    /// The card, as one line: its title, rows and buttons.
    card: Option<String>,
}

async fn say(app: &TestApp, session: Option<&Session>, script: &Script, text: &str) -> Reply {
    let metadata = match script.today {
        Some(today) => json!({ "currentDate": iso(today) }),
        None => json!({}),
    };
    let mut request = app.client.post(app.url("/api/n8n/chat")).json(&json!({
        "action": "sendMessage", "sessionId": format!("transcript-{}", script.name),
        "chatInput": text, "metadata": metadata,
    }));
    if let Some(session) = session {
        request = request
            .header("cookie", session.cookie_header())
            .header("x-csrf-token", &session.csrf_token);
    }
    let (status, body): (StatusCode, Value) =
        json_body(request.send().await.expect("answers")).await;
    assert_eq!(status, StatusCode::OK, "{}: {text:?} → {body}", script.name);
    if body["executionStarted"] == true {
        // Asking for a person sends the widget to the live channel: the reply is what the turn
        // stored after the visitor's message.
        return Reply {
            text: stored_replies(app, script).await,
            ..Reply::default()
        };
    }
    let pairs = |taps: &Value| -> Vec<(String, String)> {
        taps.as_array()
            .into_iter()
            .flatten()
            .map(|tap| {
                let field = |name: &str| tap[name].as_str().expect("a tap's text").to_owned();
                (field("label"), field("value"))
            })
            .collect()
    };
    let mut taps = pairs(&body["suggestions"]);
    let card = body.get("card").map(|card| {
        taps.extend(pairs(&card["actions"]));
        let rows: Vec<String> = card["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|row| {
                format!(
                    "{}: {}",
                    row["label"].as_str().unwrap_or_default(),
                    row["value"].as_str().unwrap_or_default()
                )
            })
            .collect();
        let lead = card["lead"]
            .as_str()
            .map(|lead| format!("{lead} | "))
            .unwrap_or_default();
        format!(
            "{lead}{} | {}",
            card["title"].as_str().unwrap_or_default(),
            rows.join(" | ")
        )
    });
    Reply {
        text: body["output"].as_str().expect("an output").to_owned(),
        taps,
        card,
    }
}

/// The assistant's messages after the visitor's last one, as the live channel sends them.
async fn stored_replies(app: &TestApp, script: &Script) -> String {
    let session = ChatSessionId::parse(&format!("transcript-{}", script.name)).expect("an id");
    let messages = app
        .store
        .chat_transcript(&session)
        .await
        .expect("reads")
        .expect("a conversation")
        .messages;
    let replies: Vec<&str> = messages
        .iter()
        .rev()
        .take_while(|message| message.author == MessageAuthor::Ai)
        .map(|message| message.content.as_str())
        .collect();
    replies.into_iter().rev().collect::<Vec<_>>().join("\n\n")
}

/// Runs a conversation; returns its transcript and the expectations its replies missed.
async fn run(script: &Script) -> (String, Vec<String>) {
    let template = template().await;
    let world = world(script).await;
    let session = match script.role {
        Role::Guest => None,
        Role::Cliente => Some(&template.sessions["cliente"]),
        Role::ClienteNueva => Some(&template.sessions["cliente-nueva"]),
        Role::Usuario => Some(&template.sessions["usuario"]),
        Role::Administrador => Some(&template.sessions["administrador"]),
    };
    let mut transcript = header(script, &world).await;
    let mut missed = Vec::new();
    let mut offered: Vec<(String, String)> = Vec::new();
    for (number, turn) in script.turns.iter().enumerate() {
        let says = match &turn.taps {
            None => turn.says.clone(),
            Some(label) => match offered.iter().find(|(offered, _)| offered == label) {
                Some((_, value)) => value.clone(),
                None => {
                    missed.push(format!("turn {}: no button {label:?} to tap", number + 1));
                    break;
                }
            },
        };
        let answer = say(&world.app, session, script, &says).await;
        let reply = answer.text.as_str();
        let tapped = turn
            .taps
            .as_ref()
            .map(|label| format!("   [tapped «{label}»]"))
            .unwrap_or_default();
        let _ = write!(
            transcript,
            "\nvisitor: {says}{tapped}\nbot: {}\n",
            indent(reply)
        );
        if script.shows_taps() {
            if let Some(card) = &answer.card {
                let _ = writeln!(transcript, "card: {card}");
            }
            if !answer.taps.is_empty() {
                let labels: Vec<String> = answer
                    .taps
                    .iter()
                    .map(|(label, _)| format!("[{label}]"))
                    .collect();
                let _ = writeln!(transcript, "taps: {}", labels.join(" "));
            }
        }
        for label in &turn.offers {
            if !answer.taps.iter().any(|(offered, _)| offered == label) {
                missed.push(format!("turn {}: offers no button {label:?}", number + 1));
            }
        }
        offered = answer.taps;
        for wanted in &turn.contains {
            if !reply.contains(wanted.as_str()) {
                missed.push(format!("turn {}: lacks {wanted:?}", number + 1));
            }
        }
        for unwanted in &turn.lacks {
            if reply.contains(unwanted.as_str()) {
                missed.push(format!("turn {}: says {unwanted:?}", number + 1));
            }
        }
    }
    transcript.push_str(&rows_written(&world).await);
    (transcript, missed)
}

async fn header(script: &Script, world: &World) -> String {
    let mut text = String::new();
    if let Some(about) = &script.about {
        let _ = writeln!(text, "about: {about}");
    }
    let _ = writeln!(
        text,
        "now: Friday 2026-11-20 09:30 UTC (10:30 in Madrid); visitor's currentDate: {}",
        script
            .today
            .map_or_else(|| "not sent".to_owned(), describe_day)
    );
    let _ = writeln!(text, "caller: {}", script.role.describe());
    for client in &script.clients {
        let _ = writeln!(
            text,
            "client on record: {} · {} · {}",
            client.name,
            client.email.as_deref().unwrap_or("no email"),
            client.phone.as_deref().unwrap_or("no phone")
        );
    }
    if !script.empty.is_empty() {
        let _ = writeln!(
            text,
            "profile fields left empty: {}",
            script.empty.join(", ")
        );
    }
    for cita in world.citas_before.values() {
        let _ = writeln!(text, "cita on record: {}", cita_line(world, cita).await);
    }
    for closure in &script.closures {
        let _ = writeln!(
            text,
            "closure on record: {} to {} · {}",
            describe_day(closure.from),
            describe_day(closure.to),
            closure.reason
        );
    }
    for off in &script.time_off {
        let _ = writeln!(
            text,
            "time off on record: {} · {} · {}",
            off.staff,
            describe_day(off.date),
            off.reason
        );
    }
    text
}

/// The citas the conversation created or changed, with their client, read from the store.
async fn rows_written(world: &World) -> String {
    let store = world.app.store.as_ref();
    let mut text = String::from("\n--- rows written by this conversation ---\n");
    let mut any = false;
    for cita in all_citas(store).await {
        let before = world.citas_before.get(&cita.id);
        if before == Some(&cita) {
            continue;
        }
        any = true;
        match before {
            None => text.push_str("new cita:\n"),
            Some(before) => {
                let _ = writeln!(
                    text,
                    "changed cita, was: {}",
                    cita_line(world, before).await
                );
            }
        }
        let _ = writeln!(text, "  staff: {}", staff_name(store, &cita.staff_id).await);
        let _ = writeln!(
            text,
            "  client: {}",
            client_line(world, &cita.client_id).await
        );
        let _ = writeln!(
            text,
            "  date: {}, {}–{} (stored instants {} – {})",
            describe_day(cita.date),
            format_minutes(cita.start_min),
            format_minutes(cita.end_min),
            utc(cita.start_at),
            utc(cita.end_at)
        );
        let _ = writeln!(text, "  status: {}", cita.status.as_str());
        let _ = writeln!(text, "  cita_servicio: {}", cita.service_ids.join(", "));
        let _ = writeln!(
            text,
            "  chat session: {}",
            cita.chat_session_id.as_deref().unwrap_or("none")
        );
    }
    if !any {
        text.push_str("none\n");
    }
    text
}

async fn cita_line(world: &World, cita: &Cita) -> String {
    let store = world.app.store.as_ref();
    let client = store
        .client(&cita.client_id)
        .await
        .expect("reads")
        .map_or_else(|| "?".to_owned(), |client| client.name);
    format!(
        "{} · {} · {} {}–{} · {} · {}",
        staff_name(store, &cita.staff_id).await,
        client,
        describe_day(cita.date),
        format_minutes(cita.start_min),
        format_minutes(cita.end_min),
        cita.status.as_str(),
        cita.service_ids.join(" + ")
    )
}

async fn staff_name(store: &dyn Store, staff_id: &str) -> String {
    store
        .staff()
        .await
        .expect("reads")
        .into_iter()
        .find(|member| member.user_id == staff_id)
        .map_or_else(|| format!("unknown staff {staff_id}"), |member| member.name)
}

/// The client's record as stored, and whether it was there before the conversation.
async fn client_line(world: &World, client_id: &str) -> String {
    let store = world.app.store.as_ref();
    let Some(client) = store.client(client_id).await.expect("reads") else {
        return format!("missing client {client_id}");
    };
    let account = match &client.user_id {
        Some(user_id) => store
            .user(user_id)
            .await
            .expect("reads")
            .map_or_else(|| "an unknown account".to_owned(), |user| user.email),
        None => "no account".to_owned(),
    };
    let origin = if world.clients_before.contains_key(client_id) {
        "reused"
    } else {
        "created by this conversation"
    };
    format!(
        "{} · {} · {} · account: {account} · {origin}",
        client.name,
        client.email.as_deref().unwrap_or("no email"),
        client.phone.as_deref().unwrap_or("no phone"),
    )
}

/// A multi-line reply under its speaker, blank lines left empty.
fn indent(reply: &str) -> String {
    reply
        .lines()
        .map(|line| {
            if line.is_empty() {
                String::new()
            } else {
                format!("     {line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim_start()
        .to_owned()
}

fn iso(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]"))
        .expect("formats")
}

fn describe_day(date: Date) -> String {
    let weekday = match date.weekday() {
        Weekday::Monday => "lunes",
        Weekday::Tuesday => "martes",
        Weekday::Wednesday => "miércoles",
        Weekday::Thursday => "jueves",
        Weekday::Friday => "viernes",
        Weekday::Saturday => "sábado",
        Weekday::Sunday => "domingo",
    };
    format!("{weekday} {}", iso(date))
}

fn utc(instant: OffsetDateTime) -> String {
    instant
        .format(format_description!("[hour]:[minute] UTC"))
        .expect("formats")
}

/// Runs every conversation of a script file, a few at a time, and checks each transcript
/// against its snapshot; reports every failing conversation, not only the first.
async fn run_file(file: &str, text: &str) {
    let started = Instant::now();
    let scripts = parse_scripts(file, text);
    let count = scripts.len();
    let results: Vec<(String, Result<(), String>)> = futures_util::stream::iter(scripts)
        .map(|script| async move {
            let name = script.name.clone();
            let outcome = tokio::spawn(async move {
                let (transcript, missed) = run(&script).await;
                // The snapshot first, so that a missed expectation still leaves the transcript
                // to read.
                let mut settings = insta::Settings::clone_current();
                settings.set_omit_expression(true);
                settings.bind(|| insta::assert_snapshot!(script.name.as_str(), transcript));
                assert!(missed.is_empty(), "{}", missed.join("; "));
            })
            .await;
            let outcome = outcome.map_err(|error| match error.try_into_panic() {
                Ok(panic) => panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "panicked".to_owned()),
                Err(error) => error.to_string(),
            });
            (name, outcome)
        })
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    let failed: Vec<String> = results
        .into_iter()
        .filter_map(|(name, outcome)| outcome.err().map(|why| format!("{name}: {why}")))
        .collect();
    eprintln!("{file}: {count} conversations in {:.2?}", started.elapsed());
    assert!(
        failed.is_empty(),
        "{} of {count} failed:\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

/// The script files, each run by its own test below.
const FILES: &[(&str, &str)] = &[
    ("guest.txt", include_str!("transcripts/guest.txt")),
    ("cliente.txt", include_str!("transcripts/cliente.txt")),
    ("staff.txt", include_str!("transcripts/staff.txt")),
    ("english.txt", include_str!("transcripts/english.txt")),
    ("everyday.txt", include_str!("transcripts/everyday.txt")),
    ("managing.txt", include_str!("transcripts/managing.txt")),
    (
        "stylists_and_days.txt",
        include_str!("transcripts/stylists_and_days.txt"),
    ),
    (
        "salon_facts.txt",
        include_str!("transcripts/salon_facts.txt"),
    ),
    ("taps.txt", include_str!("transcripts/taps.txt")),
    (
        "changing_plans.txt",
        include_str!("transcripts/changing_plans.txt"),
    ),
];

async fn run_named(file: &str) {
    let (_, text) = FILES
        .iter()
        .find(|(name, _)| *name == file)
        .expect("a listed file");
    run_file(file, text).await;
}

#[tokio::test]
async fn guest_transcripts() {
    run_named("guest.txt").await;
}

#[tokio::test]
async fn cliente_transcripts() {
    run_named("cliente.txt").await;
}

#[tokio::test]
async fn staff_transcripts() {
    run_named("staff.txt").await;
}

#[tokio::test]
async fn english_transcripts() {
    run_named("english.txt").await;
}

#[tokio::test]
async fn everyday_transcripts() {
    run_named("everyday.txt").await;
}

#[tokio::test]
async fn managing_transcripts() {
    run_named("managing.txt").await;
}

#[tokio::test]
async fn stylists_and_days_transcripts() {
    run_named("stylists_and_days.txt").await;
}

#[tokio::test]
async fn salon_facts_transcripts() {
    run_named("salon_facts.txt").await;
}

#[tokio::test]
async fn taps_transcripts() {
    run_named("taps.txt").await;
}

#[tokio::test]
async fn changing_plans_transcripts() {
    run_named("changing_plans.txt").await;
}

/// Every conversation has its own snapshot, and there are at least 282 (B5, issue 12).
#[test]
fn conversation_names_are_unique_and_there_are_enough() {
    let mut names = std::collections::BTreeSet::new();
    for (file, text) in FILES {
        for script in parse_scripts(file, text) {
            assert!(names.insert(script.name.clone()), "{} twice", script.name);
        }
    }
    // 132 before issue 12, and at least 150 written for it and since.
    assert!(names.len() >= 132 + 150, "{} conversations", names.len());
    // A renamed or removed conversation leaves no snapshot behind.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api/snapshots");
    for entry in std::fs::read_dir(folder).expect("the snapshots folder") {
        let file = entry.expect("an entry").file_name();
        let file = file.to_string_lossy();
        if let Some(name) = file
            .strip_prefix("api__transcripts__")
            .and_then(|rest| rest.strip_suffix(".snap"))
        {
            assert!(names.contains(name), "{file} has no conversation");
        }
    }
}

#[test]
fn a_script_reads_into_its_parts() {
    let scripts = parse_scripts(
        "sample",
        "# a comment\n=== one\nabout: why\nas: usuario\ntoday: none\n\
         client: Ana Gil, ana@x.es\ncita: Lucía | Ana Gil | 2026-11-24 10:30 | tinte + barba | confirmada\n\
         closure: 2026-12-07 | 2026-12-09 | Puente\noff: Javier | 2026-11-23 | Médico\nempty: parking, faq\n\
         > hola\n~ Hola\n! adiós\n=== two\n> sí\n",
    );
    assert_eq!(scripts.len(), 2);
    let one = &scripts[0];
    assert_eq!(
        (one.name.as_str(), one.about.as_deref(), one.role, one.today),
        ("one", Some("why"), Role::Usuario, None)
    );
    assert_eq!(one.clients[0].email.as_deref(), Some("ana@x.es"));
    assert_eq!(one.clients[0].phone, None);
    let cita = &one.citas[0];
    assert_eq!(
        (
            cita.staff.as_str(),
            cita.client.as_str(),
            cita.date,
            cita.start_min
        ),
        ("Lucía", "Ana Gil", date!(2026 - 11 - 24), 630)
    );
    assert_eq!(
        (cita.services.as_slice(), cita.status),
        (
            &["tinte".to_owned(), "barba".to_owned()][..],
            CitaStatus::Confirmada
        )
    );
    assert_eq!(
        (
            one.closures[0].from,
            one.closures[0].to,
            one.closures[0].reason.as_str()
        ),
        (date!(2026 - 12 - 07), date!(2026 - 12 - 09), "Puente")
    );
    assert_eq!(
        (
            one.time_off[0].staff.as_str(),
            one.time_off[0].date,
            one.time_off[0].reason.as_str()
        ),
        ("Javier", date!(2026 - 11 - 23), "Médico")
    );
    assert_eq!(one.turns[0].contains, ["Hola"]);
    assert_eq!(one.turns[0].lacks, ["adiós"]);
    assert_eq!(one.empty, ["parking", "faq"]);
    assert_eq!(
        (scripts[1].role, scripts[1].today),
        (Role::Guest, Some(DEFAULT_TODAY))
    );
}

#[test]
fn a_malformed_script_names_its_line() {
    for (text, place, why) in [
        ("> hola\n", "sample:1:", "before the first '=== name'"),
        ("=== Bad Name\n", "sample:1:", "lower_snake_case"),
        (
            "=== x\n~ hola\n",
            "sample:2:",
            "an expectation before any '>'",
        ),
        ("=== x\nas: jefe\n", "sample:2:", "role"),
        ("=== x\ntoday: ayer\n", "sample:2:", "date"),
        (
            "=== x\ncita: Lucía | Ana | mañana | tinte | pendiente\n",
            "sample:2:",
            "a cita is",
        ),
        ("=== x\nwho: me\n", "sample:2:", "unknown line"),
        (
            "=== x\nclosure: 2026-12-07 | Puente\n",
            "sample:2:",
            "a closure is",
        ),
        (
            "=== x\noff: Lucía | lunes | x\n",
            "sample:2:",
            "time off is",
        ),
        ("=== x\nempty: wifi\n", "sample:2:", "no profile field wifi"),
        ("=== x\nas: guest\n", "sample:", "x says nothing"),
    ] {
        let panic = std::panic::catch_unwind(|| parse_scripts("sample", text))
            .expect_err("a malformed script is refused");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            message.starts_with(place) && message.contains(why),
            "{text:?}: {message}"
        );
    }
}
