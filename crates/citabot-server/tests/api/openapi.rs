//! `GET /api/openapi.json` (REQUIREMENTS A8): generated from the handlers, it must name every route
//! the server has, each of them must really be served, and every schema it refers to must exist.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, json_body};

/// Every operation of the HTTP API, as the router serves it. A route added without its
/// annotation (or an annotation left behind) fails here.
const OPERATIONS: [(&str, &str); 84] = [
    ("get", "/api/n8n/chat"),
    ("post", "/api/n8n/chat"),
    ("get", "/chat"),
    ("post", "/api/auth/signup"),
    ("post", "/api/auth/login"),
    ("post", "/api/auth/logout"),
    ("get", "/api/auth/session"),
    ("get", "/api/profile"),
    ("get", "/api/business"),
    ("get", "/api/services"),
    ("post", "/api/services"),
    ("patch", "/api/services/{id}"),
    ("get", "/api/appointments"),
    ("post", "/api/appointments"),
    ("patch", "/api/appointments/{id}"),
    ("get", "/api/appointments/{id}/availability"),
    ("get", "/api/appointments/{id}/calendar.ics"),
    ("get", "/api/availability"),
    ("get", "/api/holds"),
    ("get", "/api/manage/{token}"),
    ("patch", "/api/manage/{token}"),
    ("get", "/api/manage/{token}/availability"),
    ("post", "/api/manage/{token}/cancel"),
    ("post", "/api/manage/{token}/attend"),
    ("get", "/api/availability/next"),
    ("post", "/api/bookings"),
    ("get", "/api/reviews"),
    ("patch", "/api/reviews/{id}"),
    ("get", "/api/review/{token}"),
    ("post", "/api/review/{token}"),
    ("delete", "/api/demo"),
    ("get", "/api/mail"),
    ("get", "/api/mail/{id}"),
    ("get", "/api/mail/{id}/preview"),
    ("post", "/api/mail/{id}/retry"),
    ("get", "/api/staff"),
    ("post", "/api/staff"),
    ("patch", "/api/staff/{id}"),
    ("patch", "/api/business"),
    ("put", "/api/business/hours"),
    ("get", "/api/business/logo"),
    ("put", "/api/business/logo"),
    ("delete", "/api/business/logo"),
    ("get", "/api/business/hero"),
    ("put", "/api/business/hero"),
    ("delete", "/api/business/hero"),
    ("get", "/api/business/outside-rules"),
    ("get", "/api/closures"),
    ("post", "/api/closures"),
    ("delete", "/api/closures/{id}"),
    ("get", "/api/staff/{id}/schedule"),
    ("put", "/api/staff/{id}/schedule"),
    ("get", "/api/staff/{id}/time-off"),
    ("post", "/api/staff/{id}/time-off"),
    ("delete", "/api/staff/{id}/time-off/{offId}"),
    ("get", "/api/clients"),
    ("get", "/api/clients/{id}"),
    ("patch", "/api/clients/{id}"),
    ("get", "/api/conversations"),
    ("get", "/api/conversations/{sessionId}"),
    ("post", "/api/conversations/{sessionId}/takeover"),
    ("post", "/api/conversations/{sessionId}/typing"),
    ("post", "/api/conversations/{sessionId}/messages"),
    ("post", "/api/conversations/{sessionId}/handback"),
    ("get", "/api/inbox"),
    ("get", "/api/stats"),
    ("get", "/api/keys"),
    ("post", "/api/keys"),
    ("delete", "/api/keys/{id}"),
    ("post", "/api/tools/get_salon"),
    ("post", "/api/tools/list_services"),
    ("post", "/api/tools/list_staff"),
    ("post", "/api/tools/find_free_times"),
    ("post", "/api/tools/hold_time"),
    ("post", "/api/tools/book_cita"),
    ("post", "/api/tools/list_citas"),
    ("post", "/api/tools/move_cita"),
    ("post", "/api/tools/cancel_cita"),
    ("post", "/api/tools/confirm_cita"),
    ("post", "/api/tools/request_person"),
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/metrics"),
    ("get", "/api/openapi.json"),
];

/// What the server answers under `/api/` for a path no route serves.
const ROUTERS_NOT_FOUND: &str = "Aquí no hay nada.";

async fn description(app: &TestApp) -> Value {
    let (status, body) = json_body(app.get("/api/openapi.json").await).await;
    assert_eq!(status, StatusCode::OK);
    body
}

#[tokio::test]
async fn the_description_names_exactly_the_served_operations() {
    let app = TestApp::spawn().await;
    let document = description(&app).await;
    assert!(
        document["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.")),
        "{}",
        document["openapi"]
    );
    let mut documented: Vec<(String, String)> = document["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("a path item")
                .keys()
                .map(move |method| (method.clone(), path.clone()))
        })
        .collect();
    documented.sort();
    let mut expected: Vec<(String, String)> = OPERATIONS
        .iter()
        .map(|(method, path)| ((*method).to_owned(), (*path).to_owned()))
        .collect();
    expected.sort();
    assert_eq!(documented, expected);

    // Each one is routed: whatever it answers to a bare request, it is not "no such route", and
    // not the site's page shell, which the fallback serves for any unknown path outside /api.
    for (method, path) in OPERATIONS {
        let request = match method {
            "get" => app.client.get(app.url(path)),
            "patch" => app.client.patch(app.url(path)),
            "put" => app.client.put(app.url(path)),
            "delete" => app.client.delete(app.url(path)),
            _ => app.client.post(app.url(path)),
        };
        let response = request.send().await.expect("answers");
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        // A public route may say its own "not found" (the manage link's "{token}" is no
        // token); only the router's own 404 means the route is missing.
        let routers_404 = body["error"]["message"] == ROUTERS_NOT_FOUND;
        assert!(
            (status != StatusCode::NOT_FOUND || !routers_404)
                && status != StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path} is documented but answered {status}: {body}"
        );
        assert!(
            !content_type.starts_with("text/html"),
            "{method} {path} fell through to the site: {content_type}"
        );
    }
}

#[tokio::test]
async fn api_keys_are_a_declared_bearer_scheme_beside_the_session() {
    let app = TestApp::spawn().await;
    let document = description(&app).await;
    let schemes = &document["components"]["securitySchemes"];
    assert_eq!(
        (
            &schemes["apiKey"]["type"],
            &schemes["apiKey"]["scheme"],
            &schemes["apiKey"]["bearerFormat"]
        ),
        (
            &Value::from("http"),
            &Value::from("bearer"),
            &Value::from("cbk_<id>_<secret>")
        ),
        "{schemes}"
    );
    assert_eq!(
        (&schemes["session"]["type"], &schemes["session"]["in"]),
        (&Value::from("apiKey"), &Value::from("cookie")),
        "{schemes}"
    );
    for (method, path) in [
        ("get", "/api/keys"),
        ("post", "/api/keys"),
        ("delete", "/api/keys/{id}"),
    ] {
        let operation = &document["paths"][path][method];
        let security = operation["security"].as_array().expect("security");
        assert!(
            security.contains(&serde_json::json!({ "apiKey": [] }))
                && security.contains(&serde_json::json!({ "session": [] })),
            "{method} {path}: {security:?}"
        );
        for status in ["401", "403", "429"] {
            assert!(
                operation["responses"][status].is_object(),
                "{method} {path} describes {status}"
            );
        }
    }
    let create = &document["paths"]["/api/keys"]["post"];
    assert_eq!(
        create["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/NewKeyRequest"
    );
    assert_eq!(
        create["responses"]["201"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/CreatedKeyResponse"
    );
    let described = document["info"]["description"].as_str().unwrap_or_default();
    assert!(described.contains("Bearer cbk_"), "{described}");
}

#[tokio::test]
async fn every_schema_reference_resolves_and_bodies_are_described() {
    let app = TestApp::spawn().await;
    let document = description(&app).await;
    let schemas = document["components"]["schemas"]
        .as_object()
        .expect("components.schemas");
    for name in [
        "RawRequest",
        "ChatAnswer",
        "SendResponse",
        "ExecutionStartedResponse",
        "HistoryResponse",
        "LangChainMessage",
        "VisitorErrorBody",
        "SignupRequest",
        "LoginRequest",
        "SessionResponse",
        "Profile",
        "ErrorEnvelope",
    ] {
        assert!(schemas.contains_key(name), "no schema {name}");
    }
    let mut references = Vec::new();
    collect_references(&document, &mut references);
    assert!(!references.is_empty());
    for reference in references {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("unexpected reference {reference}"));
        assert!(schemas.contains_key(name), "dangling reference {reference}");
    }
    // The sign-up body is described field by field, as the handler reads it.
    let signup = &schemas["SignupRequest"];
    let mut required: Vec<&str> = signup["required"]
        .as_array()
        .expect("required fields")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    required.sort_unstable();
    assert_eq!(required, ["email", "firstName", "lastName", "password"]);
}

fn collect_references(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item) {
                    ("$ref", Value::String(reference)) => into.push(reference.clone()),
                    _ => collect_references(item, into),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_references(item, into)),
        _ => {}
    }
}
