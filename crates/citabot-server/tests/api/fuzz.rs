//! Property tests of what a visitor can send (issue 10): whatever arrives, the server answers it,
//! never with a 5xx and never by dropping the connection.
//!
//! Requests are drawn from the server's own description (`/api/openapi.json`): every path and
//! method, JSON bodies from the request schemas (well shaped, mutated, of the wrong types, with
//! huge numbers, odd unicode, fields missing or unknown, text that is not JSON), picture bodies
//! for the operations that take one (known signatures before any bytes, absurd dimensions,
//! markup), query and path parameters likewise, sent as a guest and as the signed-in
//! administrador. An endpoint added later is fuzzed as soon as it is described. The multipart
//! chat form and the relay of an n8n NDJSON stream (any chunking, garbage lines) have properties
//! of their own.
//!
//! Case counts and the seed are fixed, so a run repeats itself and its time stays bounded; a
//! failing case is shrunk to a small request and printed with what the server answered.

use std::convert::Infallible;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::response::Response;
use axum::routing::post;
use citabot_domain::chat::ChatSessionId;
use citabot_server::config::Settings;
use citabot_server::workflow::NdjsonText;
use futures_util::StreamExt;
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::strategy::Union;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestCaseResult, TestRunner};
use reqwest::{Method, Url};
use serde_json::{Value, json};

use crate::booking::seed_demo;
use crate::dashboard_helpers::{ADMIN, USUARIO};
use crate::helpers::{Backend, Session, TestApp, json_body};

/// The seed of every run: the same cases each time.
const SEED: u64 = 0x0c17_ab07_0010_2026;
/// Cases per described operation and caller, on SQLite and in the short PostgreSQL pass.
const CASES_PER_OPERATION: u32 = 256;
const CASES_PER_OPERATION_POSTGRES: u32 = 48;
/// Cases of the multipart form and of the stream relay (each a request), and of the stream
/// reader alone (no I/O).
const FORM_CASES: u32 = 256;
const RELAY_CASES: u32 = 64;
const READER_CASES: u32 = 2048;
/// The largest chat file in the fuzzed apps: small, so that files around it are cheap to draw.
const MAX_FILE_BYTES: usize = 4 * 1024;

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        // Shrinking sends requests too: bounded, it still gets a failing case small.
        max_shrink_iters: 128,
        ..Config::default()
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The fuzzed app's settings: the chat's per-visitor budget out of the way (so messages reach
/// the assistant instead of a 429), and small files.
fn fuzz_settings(settings: &mut Settings) {
    settings.chat_messages_per_minute = 1_000_000;
    settings.chat_max_file_bytes = MAX_FILE_BYTES;
}

// ---------------------------------------------------------------------------------------------
// Values: what goes into bodies, parameters and paths.

/// Dates as people and programs write them, in and out of the business's years, and broken.
const DATES: &[&str] = &[
    "2026-11-20",
    "2026-11-23",
    "2026-11-28",
    "2026-12-31",
    "2027-02-01",
    "2026-11-19",
    "2000-01-01",
    "2100-12-31",
    "9999-12-31",
    "-9999-01-04",
    "0000-01-01",
    "2026-02-29",
    "2026-13-01",
    "2026-1-5",
    "20261123",
    "+2026-11-23",
    " 2026-11-23 ",
    "23/11/2026",
];

const INSTANTS: &[&str] = &[
    "2026-11-20T09:30:00Z",
    "2026-11-20T10:30:00.123456789+01:00",
    "2100-12-31T23:59:59-23:59",
    "9999-12-31T23:59:59-23:59",
    "0000-01-01T00:00:00+23:59",
    "2026-11-20T25:00:00Z",
    "1970-01-01T00:00:00Z",
    "2026-11-20",
];

/// Texts that have broken parsers, databases and terminals before.
const ODD_TEXTS: &[&str] = &[
    "",
    " ",
    "\u{0}",
    "a\u{0}b",
    "\u{7}\u{1b}[31mrojo",
    "\u{202e}gnp.exe",
    "\u{200b}",
    "\u{feff}hola",
    "e\u{301}",
    "👩‍👩‍👧‍👦",
    "𝕳𝖔𝖑𝖆",
    "İstanbul",
    "\u{fffd}",
    "\u{10ffff}",
    "\r\n",
    "\u{2028}",
    "../../etc/passwd",
    "..",
    "%00",
    "%2F",
    "<script>alert(1)</script>",
    "'; DROP TABLE users; --",
    "\" OR 1=1 --",
    "null",
    "-0",
    "NaN",
    "1e999",
    "99999999999999999999999999",
    "ñandú@ejemplo.es",
    "a@b",
    "@",
    "lucia@peluqueria.example",
    "+34 600 123 456",
    "corte-caballero,corte-caballero",
    ",,,",
];

/// Ids (and an email) the app knows, so that drawn requests reach past "not found".
#[derive(Debug, Clone)]
struct Known {
    ids: Vec<String>,
}

/// Long texts: past the limits of fields (4000 characters for a staff message, 10,000 for the
/// chat's input), and of a URL once percent-encoded (8 KiB) but within what the client sends.
fn long_texts() -> BoxedStrategy<String> {
    (
        select(&["a", "ñ", "👍", "\u{0}"][..]),
        select(&[129_usize, 801, 4001, 10_001][..]),
    )
        .prop_map(|(unit, times)| {
            // The client refuses a URL of more than 64 KiB: four-byte characters stay below.
            let times = if unit == "👍" {
                times.min(4001)
            } else {
                times
            };
            unit.repeat(times)
        })
        .boxed()
}

/// The example and the `quoted` words of a schema's description: the values its handler
/// expects (`pendiente`, `sendMessage`, ...).
fn hints(schema: &Value) -> Vec<String> {
    let mut hints = Vec::new();
    if let Some(example) = schema.get("example") {
        hints.push(match example {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        });
    }
    if let Some(description) = schema.get("description").and_then(Value::as_str) {
        hints.extend(description.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    hints
}

/// A text for a string field or parameter.
fn texts(schema: &Value, known: &Known) -> BoxedStrategy<String> {
    let mut choices: Vec<(u32, BoxedStrategy<String>)> = vec![
        (2, select(DATES).prop_map(str::to_owned).boxed()),
        (1, select(INSTANTS).prop_map(str::to_owned).boxed()),
        (2, select(ODD_TEXTS).prop_map(str::to_owned).boxed()),
        (2, "[a-z0-9 .@-]{0,16}".boxed()),
        (2, any::<String>().boxed()),
        (1, long_texts()),
        (
            1,
            "[a-z]{1,8}@[a-z]{1,8}\\.(es|com)"
                .prop_map(|email| email.to_lowercase())
                .boxed(),
        ),
    ];
    if !known.ids.is_empty() {
        choices.push((3, select(known.ids.clone()).boxed()));
    }
    let hinted = hints(schema);
    if !hinted.is_empty() {
        choices.push((4, select(hinted).boxed()));
    }
    Union::new_weighted(choices).boxed()
}

fn integers(schema: &Value) -> BoxedStrategy<Value> {
    let low = schema.get("minimum").and_then(Value::as_i64).unwrap_or(-10);
    let high = schema
        .get("maximum")
        .and_then(Value::as_i64)
        .unwrap_or(2000)
        .max(low);
    let edges = vec![
        low.saturating_sub(1),
        high.saturating_add(1),
        0,
        -1,
        5,
        30,
        600,
        1439,
        1440,
        65_535,
        65_536,
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        i64::from(u32::MAX) + 1,
        i64::MAX,
        i64::MIN,
    ];
    prop_oneof![
        4 => (low..=high).prop_map(Value::from),
        3 => select(edges).prop_map(Value::from),
        1 => Just(Value::from(u64::MAX)),
        1 => select(vec![0.5, -0.0, 600.0, 1e300, -1e300]).prop_map(|number| json!(number)),
    ]
    .boxed()
}

/// Any JSON at all: what a field gets when it has the wrong type.
fn any_json() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("a finite number", |number| {
            serde_json::Number::from_f64(number).map(Value::Number)
        }),
        any::<String>().prop_map(Value::from),
        select(ODD_TEXTS).prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{0,8}", inner, 0..4)
                .prop_map(|fields| Value::Object(fields.into_iter().collect())),
        ]
    })
    .boxed()
}

/// The schema `$ref` points at, or the schema itself.
fn resolve<'a>(schema: &'a Value, document: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            let target = &document["components"]["schemas"][name];
            resolve(target, document)
        }
        None => schema,
    }
}

/// A JSON value shaped by `schema`: its types, fields (required ones nearly always there,
/// optional ones half the time), and values near what the handler reads.
fn shaped(schema: &Value, document: &Value, known: &Known, depth: u32) -> BoxedStrategy<Value> {
    let schema = resolve(schema, document);
    if depth > 6 {
        return any_json();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            let branches: Vec<_> = branches
                .iter()
                .map(|branch| shaped(branch, document, known, depth + 1))
                .collect();
            return Union::new(branches).boxed();
        }
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = json!({ "type": "object", "properties": {}, "required": [] });
        for part in parts {
            let part = resolve(part, document);
            if let (Some(into), Some(from)) = (
                merged["properties"].as_object_mut(),
                part.get("properties").and_then(Value::as_object),
            ) {
                into.extend(from.clone());
            }
            if let (Some(into), Some(from)) = (
                merged["required"].as_array_mut(),
                part.get("required").and_then(Value::as_array),
            ) {
                into.extend(from.iter().cloned());
            }
        }
        return shaped(&merged, document, known, depth + 1);
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ if schema.get("properties").is_some() => vec!["object"],
        _ => return any_json(),
    };
    let choices: Vec<BoxedStrategy<Value>> = types
        .into_iter()
        .map(|name| match name {
            "null" => Just(Value::Null).boxed(),
            "boolean" => any::<bool>().prop_map(Value::from).boxed(),
            "integer" => integers(schema),
            "number" => prop_oneof![integers(schema), any::<f64>().prop_map(|n| json!(n))].boxed(),
            "string" => texts(schema, known).prop_map(Value::from).boxed(),
            "array" => {
                let items = shaped(&schema["items"], document, known, depth + 1);
                prop::collection::vec(items, 0..13)
                    .prop_map(Value::Array)
                    .boxed()
            }
            "object" => object(schema, document, known, depth),
            _ => any_json(),
        })
        .collect();
    Union::new(choices).boxed()
}

fn object(schema: &Value, document: &Value, known: &Known, depth: u32) -> BoxedStrategy<Value> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return prop::collection::btree_map("[a-zA-Z]{1,8}", any_json(), 0..3)
            .prop_map(|fields| Value::Object(fields.into_iter().collect()))
            .boxed();
    };
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = properties
        .iter()
        .map(|(name, property)| {
            let present = if required.contains(&name.as_str()) {
                0.95
            } else {
                0.5
            };
            let name = name.clone();
            prop::option::weighted(
                present,
                shaped(property, document, known, depth + 1)
                    .prop_map(move |value| (name.clone(), value)),
            )
            .boxed()
        })
        .collect();
    fields
        .prop_map(|fields| Value::Object(fields.into_iter().flatten().collect()))
        .boxed()
}

/// A body shaped by the schema, or changed after: a field dropped, an unknown one added, one
/// given a value of another type, or any JSON instead.
fn mutated(shape: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    fn key_at(value: &Value, index: &Index) -> Option<String> {
        let fields = value.as_object()?;
        (!fields.is_empty()).then(|| {
            fields
                .keys()
                .nth(index.index(fields.len()))
                .cloned()
                .unwrap_or_default()
        })
    }
    prop_oneof![
        6 => shape.clone(),
        1 => (shape.clone(), any::<Index>()).prop_map(|(mut value, index)| {
            if let Some(key) = key_at(&value, &index) {
                value.as_object_mut().map(|fields| fields.remove(&key));
            }
            value
        }),
        1 => (shape.clone(), "[a-zA-Z_]{1,10}", any_json()).prop_map(|(mut value, key, extra)| {
            if let Some(fields) = value.as_object_mut() {
                fields.insert(key, extra);
            }
            value
        }),
        2 => (shape, any::<Index>(), any_json()).prop_map(|(mut value, index, other)| {
            if let Some(key) = key_at(&value, &index) {
                value[key.as_str()] = other;
            }
            value
        }),
        1 => any_json(),
    ]
    .boxed()
}

/// The bytes of a body: the JSON as it is, or text that is not quite JSON.
fn encoded(value: BoxedStrategy<Value>) -> BoxedStrategy<Vec<u8>> {
    let json = |value: &Value| serde_json::to_vec(value).unwrap_or_default();
    prop_oneof![
        10 => value.clone().prop_map(move |value| json(&value)),
        1 => (value.clone(), any::<Index>()).prop_map(move |(value, index)| {
            let mut bytes = json(&value);
            bytes.truncate(index.index(bytes.len() + 1));
            bytes
        }),
        // Numbers no JSON reader holds.
        1 => (value, select(&["1e999", "-1e999", "123456789012345678901234567890", "0.0000000000000000000000001e-400"][..]))
            .prop_map(move |(value, huge)| {
                let text = String::from_utf8(json(&value)).unwrap_or_default();
                let with = match text.find(|c: char| c.is_ascii_digit()) {
                    Some(at) => format!("{}{huge}{}", &text[..at], &text[at + 1..]),
                    None => format!("{{\"n\":{huge}}}"),
                };
                with.into_bytes()
            }),
        1 => prop::collection::vec(any::<u8>(), 0..48),
        1 => select(vec![
            "[".repeat(5000),
            "{\"a\":".repeat(300),
            "\"\\ud800\"".to_owned(),
            "{\"text\":\"\\u0000\"}".to_owned(),
            String::new(),
        ])
        .prop_map(String::into_bytes),
    ]
    .boxed()
}

// ---------------------------------------------------------------------------------------------
// Operations: what the description says can be asked.

#[derive(Debug, Clone)]
struct Parameter {
    name: String,
    in_path: bool,
    required: bool,
    schema: Value,
}

#[derive(Debug, Clone)]
struct Operation {
    method: Method,
    path: String,
    parameters: Vec<Parameter>,
    json_body: Option<Value>,
    form: bool,
    /// The body is a picture's bytes (its content names only `image/` types).
    picture: bool,
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method, self.path)
    }
}

/// Every path and method of the description.
fn operations(document: &Value) -> Vec<Operation> {
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let parameters = operation["parameters"]
                .as_array()
                .map(|parameters| {
                    parameters
                        .iter()
                        .map(|parameter| Parameter {
                            name: parameter["name"].as_str().unwrap_or_default().to_owned(),
                            in_path: parameter["in"] == "path",
                            required: parameter["required"] == true,
                            schema: parameter["schema"].clone(),
                        })
                        .collect()
                })
                .unwrap_or_default();
            let content = &operation["requestBody"]["content"];
            operations.push(Operation {
                method,
                path: path.clone(),
                parameters,
                json_body: content.get("application/json").map(|c| c["schema"].clone()),
                form: content.get("multipart/form-data").is_some(),
                picture: content.as_object().is_some_and(|types| {
                    !types.is_empty() && types.keys().all(|name| name.starts_with("image/"))
                }),
            });
        }
    }
    operations
}

/// One drawn request, before it is addressed to an app.
#[derive(Clone)]
struct Draw {
    path_values: Vec<String>,
    query: Vec<(String, String)>,
    raw_query: Option<String>,
    content_type: Option<String>,
    body: Option<Vec<u8>>,
    csrf: Csrf,
}

/// What a signed-in request says in `X-CSRF-Token`.
#[derive(Debug, Clone, Copy)]
enum Csrf {
    Right,
    Wrong,
    Missing,
}

/// A text cut for a report, with its length when cut.
fn shortened(text: &str) -> String {
    let count = text.chars().count();
    if count <= 200 {
        text.to_owned()
    } else {
        format!(
            "{}… ({count} characters)",
            text.chars().take(200).collect::<String>()
        )
    }
}

impl fmt::Debug for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body = self
            .body
            .as_ref()
            .map(|body| shortened(&String::from_utf8_lossy(body)));
        let path_values: Vec<String> = self
            .path_values
            .iter()
            .map(|value| shortened(value))
            .collect();
        let query: Vec<(String, String)> = self
            .query
            .iter()
            .map(|(name, value)| (shortened(name), shortened(value)))
            .collect();
        f.debug_struct("Draw")
            .field("path_values", &path_values)
            .field("query", &query)
            .field("raw_query", &self.raw_query)
            .field("content_type", &self.content_type)
            .field("body", &body)
            .field("body_len", &self.body.as_ref().map(Vec::len))
            .field("csrf", &self.csrf)
            .finish()
    }
}

fn parameter_text(parameter: &Parameter, known: &Known) -> BoxedStrategy<String> {
    let is_integer = parameter.schema["type"] == "integer";
    if is_integer {
        prop_oneof![
            3 => integers(&parameter.schema).prop_map(|value| value.to_string()),
            1 => select(&["", "abc", "1.5", " 5 ", "99999999999999999999999", "-0", "0x10"][..])
                .prop_map(str::to_owned),
        ]
        .boxed()
    } else {
        texts(&parameter.schema, known)
    }
}

fn draws(operation: &Operation, document: &Value, known: &Known) -> BoxedStrategy<Draw> {
    let path_values: Vec<BoxedStrategy<String>> = operation
        .parameters
        .iter()
        .filter(|parameter| parameter.in_path)
        .map(|parameter| parameter_text(parameter, known))
        .collect();
    let query: Vec<BoxedStrategy<Option<(String, String)>>> = operation
        .parameters
        .iter()
        .filter(|parameter| !parameter.in_path)
        .map(|parameter| {
            let name = parameter.name.clone();
            let present = if parameter.required { 0.9 } else { 0.5 };
            prop::option::weighted(
                present,
                parameter_text(parameter, known).prop_map(move |value| (name.clone(), value)),
            )
            .boxed()
        })
        .collect();
    let extra = prop::option::weighted(0.1, ("[a-zA-Z]{1,8}", texts(&Value::Null, known)));
    let raw_query = prop::option::weighted(
        0.05,
        select(
            &[
                "%ff%fe=%c3",
                "&&=&",
                "a=%",
                "from=2026-11-23&from=2026-11-24",
                "%00=%00",
            ][..],
        )
        .prop_map(str::to_owned),
    );
    let body: BoxedStrategy<(Option<String>, Option<Vec<u8>>)> = match &operation.json_body {
        Some(schema) => {
            let json = encoded(mutated(shaped(schema, document, known, 0)));
            let content_type = select(&[
                "application/json",
                "application/json",
                "application/json",
                "application/json; charset=utf-8",
                "text/plain",
                "",
            ][..]);
            let json = (content_type, json)
                .prop_map(|(content_type, body)| {
                    let content_type = (!content_type.is_empty()).then(|| content_type.to_owned());
                    (content_type, Some(body))
                })
                .boxed();
            if operation.form {
                prop_oneof![
                    3 => json,
                    1 => form(known).prop_map(|(content_type, body)| (Some(content_type), Some(body))),
                ]
                .boxed()
            } else {
                json
            }
        }
        None if operation.picture => pictures(),
        None => prop_oneof![
            9 => Just((None, None)),
            1 => encoded(any_json()).prop_map(|body| (Some("application/json".to_owned()), Some(body))),
        ]
        .boxed(),
    };
    let csrf =
        prop_oneof![18 => Just(Csrf::Right), 1 => Just(Csrf::Wrong), 1 => Just(Csrf::Missing)];
    (path_values, query, extra, raw_query, body, csrf)
        .prop_map(
            |(path_values, query, extra, raw_query, (content_type, body), csrf)| {
                let mut query: Vec<(String, String)> = query.into_iter().flatten().collect();
                query.extend(extra);
                Draw {
                    path_values,
                    query,
                    raw_query,
                    content_type,
                    body,
                    csrf,
                }
            },
        )
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// Pictures sent as the body (the salon's logo and hero).

/// A picture's body and the type it is declared as: each signature the server knows followed by
/// any header (absurd dimensions, lengths that point past the end), a PNG header declaring any
/// size, markup, any bytes, nothing; declared as anything or nothing.
fn pictures() -> BoxedStrategy<(Option<String>, Option<Vec<u8>>)> {
    const SIGNATURES: &[&[u8]] = &[
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        b"\xff\xd8\xff",
        b"\xff\xd8\xff\xc0",
        b"GIF89a",
        b"RIFF\0\0\0\0WEBPVP8 ",
        b"RIFF\0\0\0\0WEBPVP8L",
        b"RIFF\0\0\0\0WEBPVP8X",
    ];
    let rest = prop::collection::vec(any::<u8>(), 0..96);
    let data = prop_oneof![
        4 => (select(SIGNATURES), rest.clone())
            .prop_map(|(signature, rest)| [signature, rest.as_slice()].concat()),
        2 => (any::<u32>(), any::<u32>(), rest.clone()).prop_map(|(width, height, rest)| {
            [
                b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".as_slice(),
                &width.to_be_bytes(),
                &height.to_be_bytes(),
                &rest,
            ]
            .concat()
        }),
        1 => Just(b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec()),
        1 => rest,
        1 => Just(Vec::new()),
    ];
    let content_type = prop::option::of(select(
        &[
            "image/png",
            "image/jpeg",
            "image/webp",
            "image/svg+xml",
            "application/octet-stream",
            "multipart/form-data",
            "",
        ][..],
    ));
    (content_type, data)
        .prop_map(|(content_type, data)| (content_type.map(str::to_owned), Some(data)))
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// The multipart chat form.

#[derive(Debug, Clone)]
struct Part {
    name: String,
    file_name: Option<String>,
    content_type: Option<String>,
    data: Vec<u8>,
}

fn file_data() -> BoxedStrategy<Vec<u8>> {
    let random = prop::collection::vec(any::<u8>(), 0..64);
    prop_oneof![
        2 => any::<String>().prop_map(String::into_bytes),
        2 => random.clone().prop_map(|rest| [b"\x89PNG\r\n\x1a\n".as_slice(), &rest].concat()),
        1 => random.clone().prop_map(|rest| [b"%PDF-1.7\n".as_slice(), &rest].concat()),
        1 => random.clone().prop_map(|rest| [b"RIFF\0\0\0\0WEBP".as_slice(), &rest].concat()),
        1 => Just(b"GIF89a<svg onload=alert(1)>".to_vec()),
        1 => random,
        // Around the size limit.
        1 => select(vec![MAX_FILE_BYTES, MAX_FILE_BYTES + 1, 3 * MAX_FILE_BYTES])
            .prop_map(|size| vec![b'a'; size]),
    ]
    .boxed()
}

fn parts(known: &Known) -> BoxedStrategy<Vec<Part>> {
    let ids = known.ids.clone();
    let part = (
        select(
            &[
                "action",
                "sessionId",
                "chatInput",
                "metadata",
                "files",
                "files",
                "otro",
                "",
                "fi\"les",
            ][..],
        ),
        prop::option::weighted(
            0.6,
            prop_oneof![
                select(
                    &[
                        "foto.png",
                        "../../etc/passwd",
                        "\u{202e}gnp.exe",
                        "",
                        "a\u{0}b.txt",
                        "..."
                    ][..]
                )
                .prop_map(str::to_owned),
                any::<String>(),
                long_texts(),
            ],
        ),
        prop::option::weighted(
            0.5,
            select(
                &[
                    "image/png",
                    "text/plain",
                    "application/octet-stream",
                    "x/y; charset=\"",
                    "",
                ][..],
            )
            .prop_map(str::to_owned),
        ),
        file_data(),
        prop_oneof![
            Just("sendMessage".to_owned()),
            Just("loadPreviousSession".to_owned()),
            select(if ids.is_empty() {
                vec!["s-form".to_owned()]
            } else {
                ids
            }),
            any::<String>(),
            Just("{\"currentDate\":\"9999-12-31\"}".to_owned()),
        ],
    )
        .prop_map(|(name, file_name, content_type, file, text)| {
            let data = if name == "files" {
                file
            } else {
                text.into_bytes()
            };
            Part {
                name: name.to_owned(),
                file_name,
                content_type,
                data,
            }
        });
    prop::collection::vec(part, 0..8).boxed()
}

/// A multipart body and its content type, well formed or broken (cut short, a boundary the
/// header does not name, no boundary at all).
fn form(known: &Known) -> BoxedStrategy<(String, Vec<u8>)> {
    const BOUNDARY: &str = "citabot-fuzz-boundary";
    let body = |parts: &[Part]| {
        let mut body = Vec::new();
        for part in parts {
            body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
            let mut disposition = format!("Content-Disposition: form-data; name=\"{}\"", part.name);
            if let Some(file_name) = &part.file_name {
                disposition.push_str(&format!("; filename=\"{file_name}\""));
            }
            body.extend_from_slice(disposition.as_bytes());
            body.extend_from_slice(b"\r\n");
            if let Some(content_type) = &part.content_type {
                body.extend_from_slice(format!("Content-Type: {content_type}\r\n").as_bytes());
            }
            body.extend_from_slice(b"\r\n");
            body.extend_from_slice(&part.data);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        body
    };
    let well_formed = format!("multipart/form-data; boundary={BOUNDARY}");
    (parts(known), 0..6_u8, any::<Index>())
        .prop_map(move |(parts, breakage, index)| {
            let mut bytes = body(&parts);
            let content_type = match breakage {
                0 => {
                    bytes.truncate(index.index(bytes.len() + 1));
                    well_formed.clone()
                }
                1 => "multipart/form-data; boundary=another".to_owned(),
                2 => "multipart/form-data".to_owned(),
                _ => well_formed.clone(),
            };
            (content_type, bytes)
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// The app under test and the check of one request.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caller {
    Guest,
    Staff,
}

struct Target {
    app: TestApp,
    admin_password: String,
    /// The administrador's session; `None` once an answer replaced or ended it (sign-out,
    /// sign-up), until the next request signs in again.
    staff: Mutex<Option<Session>>,
    known: Known,
    /// The last request answered, for the report of a connection that breaks on the next.
    previous: Mutex<String>,
}

impl Target {
    /// The demo salon with a cita and a conversation, on `backend`; `None` when PostgreSQL is
    /// unreachable and not required.
    async fn open(backend: Backend) -> Option<Self> {
        let app = TestApp::spawn_on(backend, fuzz_settings).await?;
        let logins = seed_demo(&app).await;
        let admin_password = logins
            .iter()
            .find(|(email, _)| email == ADMIN)
            .map(|(_, password)| password.clone())
            .expect("the administrador's password");
        let admin = app.sign_in(ADMIN, &admin_password).await;
        let target = Self {
            app,
            admin_password,
            staff: Mutex::new(Some(admin.clone())),
            known: Known { ids: Vec::new() },
            previous: Mutex::new(String::new()),
        };
        let known = target.learn(&admin).await;
        Some(Self { known, ..target })
    }

    /// The ids a request may name: services, staff (but the administrador herself, whom a
    /// drawn request could take off the staff), clients, a cita and a conversation.
    async fn learn(&self, admin: &Session) -> Known {
        let app = &self.app;
        let get = |path: &'static str| async move {
            let response = app
                .client
                .get(app.url(path))
                .header("cookie", admin.cookie_header())
                .send()
                .await
                .expect("answers");
            json_body(response).await.1
        };
        let own_id = admin.body["user"]["id"].as_str().unwrap_or_default();
        let ids_of = |body: &Value| -> Vec<String> {
            body["items"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|item| item["id"].as_str())
                .filter(|id| *id != own_id)
                .map(str::to_owned)
                .collect()
        };
        let staff = ids_of(&get("/api/staff").await);
        let usuario = staff.first().cloned().expect("a usuario on the staff");
        let mut ids = vec!["s-fuzz".to_owned(), USUARIO.to_owned()];
        ids.extend(staff);
        ids.extend(ids_of(&get("/api/services").await));
        let (status, booked) = json_body(
            app.client
                .post(app.url("/api/appointments"))
                .header("cookie", admin.cookie_header())
                .header("x-csrf-token", &admin.csrf_token)
                .json(&json!({
                    "staffId": usuario, "client": { "name": "Pedro Sanz", "email": "pedro@ejemplo.es" },
                    "date": "2026-11-23", "startMin": 600, "serviceIds": ["corte-caballero"],
                }))
                .send()
                .await
                .expect("answers"),
        )
        .await;
        assert_eq!(status.as_u16(), 201, "a cita to fuzz with: {booked}");
        ids.extend(booked["item"]["id"].as_str().map(str::to_owned));
        let chat = app
            .send_message("s-fuzz", "hola, ¿qué servicios tenéis?")
            .await;
        assert!(chat.status().is_success(), "{}", chat.status());
        ids.extend(ids_of(&get("/api/clients").await));
        Known { ids }
    }

    /// The administrador's session, signing in again when the last one was ended; the clock
    /// moves on first, past the sign-in limits the drawn requests may have used up.
    async fn staff_session(&self) -> Session {
        if let Some(session) = self.staff.lock().expect("not poisoned").clone() {
            return session;
        }
        self.app.clock.advance(time::Duration::minutes(61));
        let session = self.app.sign_in(ADMIN, &self.admin_password).await;
        *self.staff.lock().expect("not poisoned") = Some(session.clone());
        session
    }

    fn url(&self, operation: &Operation, draw: &Draw) -> Url {
        let mut url = Url::parse(&self.app.url("/")).expect("the app's address");
        {
            let mut segments = url.path_segments_mut().expect("an http URL");
            segments.clear();
            let mut values = draw.path_values.iter();
            for segment in operation.path.trim_start_matches('/').split('/') {
                if segment.starts_with('{') {
                    segments.push(values.next().map_or("", String::as_str));
                } else {
                    segments.push(segment);
                }
            }
        }
        if !draw.query.is_empty() {
            url.query_pairs_mut().extend_pairs(&draw.query);
        }
        if let Some(raw) = &draw.raw_query {
            let query = match url.query() {
                Some(query) => format!("{query}&{raw}"),
                None => raw.clone(),
            };
            url.set_query(Some(&query));
        }
        url
    }

    /// Sends one drawn request and checks the answer: there is one, whole, and not a 5xx.
    async fn check(&self, operation: &Operation, caller: Caller, draw: &Draw) -> TestCaseResult {
        let url = self.url(operation, draw);
        // What a failure names: the drawn case is printed whole after it.
        let shown: String = url.as_str().chars().take(160).collect();
        let mut request = self
            .app
            .client
            .request(operation.method.clone(), url.clone())
            .timeout(Duration::from_secs(30));
        if caller == Caller::Staff {
            let session = self.staff_session().await;
            request = request.header("cookie", session.cookie_header());
            if operation.method != Method::GET {
                match draw.csrf {
                    Csrf::Right => request = request.header("x-csrf-token", &session.csrf_token),
                    Csrf::Wrong => request = request.header("x-csrf-token", "not-the-token"),
                    Csrf::Missing => {}
                }
            }
        }
        if let Some(content_type) = &draw.content_type {
            request = request.header("content-type", content_type);
        }
        if let Some(body) = &draw.body {
            request = request.body(body.clone());
        }
        let response = match request.send().await {
            Ok(response) => response,
            Err(error) if error.is_builder() => {
                return Err(TestCaseError::reject("a request the client cannot send"));
            }
            Err(error) => {
                let previous = self.previous.lock().expect("not poisoned").clone();
                return Err(TestCaseError::fail(format!(
                    "{operation} ({shown}): no answer, the connection was dropped: {error:?}; \
                     the request before: {previous}"
                )));
            }
        };
        *self.previous.lock().expect("not poisoned") = format!(
            "{operation} ({shown}) as {caller:?}, {}, connection: {:?}, body {:?}",
            response.status(),
            response.headers().get("connection"),
            draw.body
                .as_ref()
                .map(|body| shortened(&String::from_utf8_lossy(body))),
        );
        let status = response.status();
        if caller == Caller::Staff && response.headers().contains_key("set-cookie") {
            // Signed out, or signed in as someone else: the next request signs in again.
            *self.staff.lock().expect("not poisoned") = None;
        }
        let body = response.bytes().await.map_err(|error| {
            TestCaseError::fail(format!(
                "{operation} ({shown}): {status}, and the answer broke off: {error}"
            ))
        })?;
        if status.is_server_error() {
            let text: String = String::from_utf8_lossy(&body).chars().take(400).collect();
            return Err(TestCaseError::fail(format!(
                "{operation} ({shown}) answered {status}: {text}"
            )));
        }
        Ok(())
    }
}

/// Runs `cases` drawn requests of every described operation as a guest and as staff; returns
/// what failed, one report per operation and caller.
fn fuzz_every_operation(
    runtime: &tokio::runtime::Runtime,
    target: &Target,
    cases: u32,
) -> Vec<String> {
    let (status, document) =
        runtime.block_on(async { json_body(target.app.get("/api/openapi.json").await).await });
    assert!(status.is_success(), "{status}");
    let operations = operations(&document);
    assert!(operations.len() >= 30, "{} operations", operations.len());
    let mut failures = Vec::new();
    for operation in &operations {
        let strategy = draws(operation, &document, &target.known);
        for caller in [Caller::Guest, Caller::Staff] {
            let mut runner = TestRunner::new(config(cases));
            let outcome = runner.run(&strategy, |draw| {
                runtime.block_on(target.check(operation, caller, &draw))
            });
            if let Err(error) = outcome {
                failures.push(format!("{operation} as {caller:?}: {error}"));
            }
        }
    }
    failures
}

#[test]
fn every_described_request_is_answered_without_a_server_error() {
    let runtime = runtime();
    let target = runtime
        .block_on(Target::open(Backend::Sqlite))
        .expect("SQLite is always available");
    let failures = fuzz_every_operation(&runtime, &target, CASES_PER_OPERATION);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A short pass on PostgreSQL, whose types and rules differ from SQLite's.
#[test]
fn every_described_request_is_answered_without_a_server_error_on_postgres() {
    let runtime = runtime();
    let Some(target) = runtime.block_on(Target::open(Backend::Postgres)) else {
        return;
    };
    let failures = fuzz_every_operation(&runtime, &target, CASES_PER_OPERATION_POSTGRES);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn any_multipart_chat_form_is_answered_without_a_server_error() {
    let runtime = runtime();
    let target = runtime
        .block_on(Target::open(Backend::Sqlite))
        .expect("SQLite is always available");
    let operation = Operation {
        method: Method::POST,
        path: "/api/n8n/chat".to_owned(),
        parameters: Vec::new(),
        json_body: None,
        form: true,
        picture: false,
    };
    let strategy =
        (form(&target.known), any::<bool>()).prop_map(|((content_type, body), staff)| {
            (
                Draw {
                    path_values: Vec::new(),
                    query: Vec::new(),
                    raw_query: None,
                    content_type: Some(content_type),
                    body: Some(body),
                    csrf: Csrf::Right,
                },
                staff,
            )
        });
    let mut runner = TestRunner::new(config(FORM_CASES));
    let outcome = runner.run(&strategy, |(draw, staff)| {
        let caller = if staff { Caller::Staff } else { Caller::Guest };
        runtime.block_on(target.check(&operation, caller, &draw))
    });
    if let Err(error) = outcome {
        panic!("{error}");
    }
}

// ---------------------------------------------------------------------------------------------
// The NDJSON stream of an n8n workflow: read in any chunking, relayed whole.

/// One line of a workflow's stream: its events, and what a broken or hostile one sends.
fn stream_lines() -> BoxedStrategy<Vec<Vec<u8>>> {
    let item = |content: Value| {
        json!({ "type": "item", "content": content, "metadata": { "nodeId": "n", "runIndex": 0 } })
            .to_string()
            .into_bytes()
    };
    let line = prop_oneof![
        4 => any::<String>().prop_map(move |text| item(Value::from(text))),
        1 => select(ODD_TEXTS).prop_map(move |text| item(Value::from(text))),
        1 => any_json().prop_map(item),
        1 => select(&["begin", "end", "keepalive", "error"][..])
            .prop_map(|kind| json!({ "type": kind }).to_string().into_bytes()),
        1 => any::<String>().prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..24),
        1 => (any::<String>(), any::<Index>()).prop_map(move |(text, index)| {
            let mut line = item(Value::from(text));
            line.truncate(index.index(line.len() + 1));
            line
        }),
        1 => Just(b"   \r".to_vec()),
        1 => long_texts().prop_map(move |text| item(Value::from(text))),
    ];
    prop::collection::vec(line, 0..12).boxed()
}

/// A stream and where it is cut into chunks.
fn chunked_stream() -> BoxedStrategy<(Vec<u8>, Vec<Vec<u8>>)> {
    (
        stream_lines(),
        any::<bool>(),
        prop::collection::vec(any::<Index>(), 0..8),
    )
        .prop_map(|(lines, trailing_newline, cuts)| {
            let mut stream = lines.join(&b'\n');
            if trailing_newline {
                stream.push(b'\n');
            }
            let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut.index(stream.len() + 1)).collect();
            cuts.sort_unstable();
            let mut chunks = Vec::new();
            let mut from = 0;
            for cut in cuts.into_iter().chain([stream.len()]) {
                chunks.push(stream[from..cut].to_vec());
                from = cut;
            }
            (stream, chunks)
        })
        .boxed()
}

fn collected(chunks: &[Vec<u8>]) -> String {
    let mut reader = NdjsonText::default();
    for chunk in chunks {
        reader.feed(chunk);
    }
    reader.finish()
}

#[test]
fn the_stream_reader_reads_any_chunking_alike() {
    let mut runner = TestRunner::new(config(READER_CASES));
    let outcome = runner.run(&chunked_stream(), |(stream, chunks)| {
        let whole = collected(std::slice::from_ref(&stream));
        prop_assert_eq!(collected(&chunks), whole);
        Ok(())
    });
    if let Err(error) = outcome {
        panic!("{error}");
    }
}

/// A workflow that streams whatever chunks the case sets, a moment apart.
#[derive(Clone, Default)]
struct StreamingWorkflow {
    next: Arc<Mutex<Vec<Vec<u8>>>>,
}

async fn stream_back(State(workflow): State<StreamingWorkflow>) -> Response {
    let chunks = std::mem::take(&mut *workflow.next.lock().expect("not poisoned"));
    let stream = futures_util::stream::iter(chunks).then(|chunk| async move {
        tokio::time::sleep(Duration::from_millis(1)).await;
        Ok::<_, Infallible>(Bytes::from(chunk))
    });
    Response::builder()
        .header("content-type", "application/json; charset=utf-8")
        .body(Body::from_stream(stream))
        .expect("a response")
}

#[test]
fn a_workflow_s_stream_is_relayed_whole_and_its_text_kept() {
    let runtime = runtime();
    let workflow = StreamingWorkflow::default();
    let address = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("an address");
        let routes = Router::new()
            .route("/webhook/fuzz/chat", post(stream_back))
            .with_state(workflow.clone());
        tokio::spawn(async move { axum::serve(listener, routes).await });
        address
    });
    let app = runtime
        .block_on(TestApp::spawn_on(Backend::Sqlite, |settings| {
            fuzz_settings(settings);
            settings.webhook_url = Some(format!("http://{address}/webhook/fuzz/chat"));
        }))
        .expect("SQLite is always available");
    let sessions = AtomicUsize::new(0);
    let mut runner = TestRunner::new(config(RELAY_CASES));
    let outcome = runner.run(&chunked_stream(), |(stream, chunks)| {
        *workflow.next.lock().expect("not poisoned") = chunks;
        let session = format!("s-relay-{}", sessions.fetch_add(1, Ordering::Relaxed));
        runtime.block_on(async {
            let response = app
                .client
                .post(app.url("/api/n8n/chat"))
                .header("accept", "text/plain")
                .json(
                    &json!({ "action": "sendMessage", "sessionId": session, "chatInput": "hola" }),
                )
                .send()
                .await
                .map_err(|error| TestCaseError::fail(format!("no answer: {error}")))?;
            prop_assert_eq!(response.status().as_u16(), 200);
            let relayed = response
                .bytes()
                .await
                .map_err(|error| TestCaseError::fail(format!("the relay broke off: {error}")))?;
            prop_assert_eq!(relayed.as_ref(), stream.as_slice(), "relayed byte for byte");
            // Its text is stored by the time the relay ends: nothing is lost.
            let id = ChatSessionId::parse(&session).expect("a session id");
            let transcript = app.store.chat_transcript(&id).await.expect("reads");
            let stored: Vec<String> = transcript
                .map(|transcript| transcript.messages)
                .unwrap_or_default()
                .into_iter()
                .map(|message| message.content)
                .collect();
            let text = collected(std::slice::from_ref(&stream));
            let expected: Vec<String> = if text.is_empty() {
                vec!["hola".to_owned()]
            } else {
                vec!["hola".to_owned(), text]
            };
            prop_assert_eq!(stored, expected);
            Ok(())
        })
    });
    if let Err(error) = outcome {
        panic!("{error}");
    }
}
