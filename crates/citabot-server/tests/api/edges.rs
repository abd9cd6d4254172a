//! Nothing a visitor can send makes the server panic or answer 5xx (issue 10): dates and instants
//! far outside the business's calendar are refused at the edge with a Spanish 400, on both
//! databases; and should a handler panic all the same, the visitor gets a 500 in the error shape
//! and the server goes on. The clock says Friday 2026-11-20, 10:30 in Madrid.

use std::time::Duration;

use axum::Router;
use axum::routing::get;
use citabot_server::config::Settings;
use citabot_server::error::catch_panics;
use citabot_server::serve::{ConnectionLimits, serve};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::helpers::{Backend, Session, TestApp, json_body};

both!(
    far_dates_are_refused_at_the_edge,
    far_instants_are_refused_at_the_edge,
    a_far_date_typed_in_the_chat_is_answered,
    a_nul_character_is_refused_on_both_databases,
);

/// Dates a person never books for: the calendar's ends, year 0, and just outside the years the
/// business takes.
const FAR_DATES: [&str; 6] = [
    "9999-12-31",
    "9999-12-30",
    "-9999-01-04",
    "0000-01-01",
    "1999-12-31",
    "2101-01-01",
];

/// Sends a request as the site would and reads the answer, failing clearly when the server
/// drops the connection instead of answering (what a panic in a handler does without a guard).
async fn answer_of(
    salon: &Salon,
    who: Option<&Session>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let app = &salon.app;
    let mut request = app.client.request(method.clone(), app.url(path));
    if let Some(who) = who {
        request = request.header("cookie", who.cookie_header());
        if method != Method::GET {
            request = request.header("x-csrf-token", &who.csrf_token);
        }
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    match request.send().await {
        Ok(response) => json_body(response).await,
        Err(error) => panic!("{method} {path}: no answer, the connection was dropped: {error}"),
    }
}

/// A refusal of a date outside the business's years: 400, and a sentence that names them.
fn assert_out_of_range(answer: &(StatusCode, Value), what: &str) {
    assert_error(answer, StatusCode::BAD_REQUEST, "invalid_request");
    let message = answer.1["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("2000") && message.contains("2100"),
        "{what}: {message}"
    );
}

async fn far_dates_are_refused_at_the_edge(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    for date in FAR_DATES {
        let path = format!("/api/availability?date={date}&serviceIds=corte-caballero");
        let answer = answer_of(&salon, None, Method::GET, &path, None).await;
        assert_out_of_range(&answer, &path);

        let path = format!("/api/appointments?from={date}&to={date}");
        for who in [&salon.admin, &salon.cliente] {
            let answer = answer_of(&salon, Some(who), Method::GET, &path, None).await;
            assert_out_of_range(&answer, &path);
        }

        let path = format!("/api/stats?from={date}&to={date}");
        let answer = answer_of(&salon, Some(&salon.admin), Method::GET, &path, None).await;
        assert_out_of_range(&answer, &path);

        let cita = json!({
            "staffId": javier, "client": { "name": "Pedro Sanz" },
            "date": date, "startMin": 600, "serviceIds": ["corte-caballero"],
        });
        let answer = answer_of(
            &salon,
            Some(&salon.usuario),
            Method::POST,
            "/api/appointments",
            Some(cita),
        )
        .await;
        assert_out_of_range(&answer, &format!("a cita on {date}"));
    }
    // A range that starts inside the years and ends outside them is refused too.
    let path = "/api/appointments?from=2100-12-01&to=2101-01-31";
    let answer = answer_of(&salon, Some(&salon.admin), Method::GET, path, None).await;
    assert_out_of_range(&answer, path);

    // The years' own ends are days like any other.
    for path in [
        "/api/availability?date=2100-12-31&serviceIds=corte-caballero",
        "/api/appointments?from=2100-12-31&to=2100-12-31",
        "/api/appointments?from=2000-01-01&to=2000-01-01",
        "/api/stats?from=2100-12-31&to=2100-12-31",
        "/api/stats?from=2000-01-01&to=2000-01-01",
    ] {
        let (status, body) = answer_of(&salon, Some(&salon.admin), Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    // Nothing was booked by the refusals.
    let (status, body) = answer_of(
        &salon,
        Some(&salon.admin),
        Method::GET,
        "/api/clients?q=pedro",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["items"],
        json!([]),
        "no client was made for a refused cita"
    );
}

async fn far_instants_are_refused_at_the_edge(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    for before in [
        // The last instant of the calendar, and one that is past it in UTC.
        "9999-12-31T23:59:59Z",
        "9999-12-31T23:59:59-23:59",
        "0000-01-01T00:00:00%2B23:59",
        "1999-12-31T23:59:59Z",
        "2101-01-01T00:00:00Z",
    ] {
        let path = format!("/api/conversations?before={before}");
        let answer = answer_of(&salon, Some(&salon.admin), Method::GET, &path, None).await;
        assert_out_of_range(&answer, &path);
    }
    let (status, body) = answer_of(
        &salon,
        Some(&salon.admin),
        Method::GET,
        "/api/conversations?before=2100-12-31T23:59:59Z",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn a_far_date_typed_in_the_chat_is_answered(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    for (session, text) in [
        (
            "s-far-1",
            "quiero un corte de caballero el 31/12/9999 a las 10",
        ),
        ("s-far-2", "quiero un corte de caballero el 9999-12-31"),
        ("s-far-3", "¿tenéis hueco el 1/1/0000?"),
        ("s-far-4", "el 31 de diciembre de 9999"),
    ] {
        // `say` asserts a 200 with an output: an answer, whatever it says.
        let reply = say(&salon.app, None, session, text).await;
        assert!(!reply.is_empty(), "{text}");
    }
    // The page's own date is trusted only when plausible: far ones are the server's date.
    for (session, current_date) in [
        ("s-far-5", "9999-12-31"),
        ("s-far-6", "-9999-01-04"),
        ("s-far-7", "0000-01-01"),
    ] {
        let body = json!({
            "action": "sendMessage", "sessionId": session,
            "chatInput": "quiero un corte de caballero mañana a las 10",
            "metadata": { "currentDate": current_date, "currentDateISO": "9999-12-31T23:59:59-23:59" },
        });
        let (status, body) =
            answer_of(&salon, None, Method::POST, "/api/n8n/chat", Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{current_date}: {body}");
        assert!(
            body["output"]
                .as_str()
                .is_some_and(|reply| !reply.is_empty()),
            "{body}"
        );
    }
}

async fn a_bug() -> &'static str {
    panic!("a bug in a handler")
}

/// A panic in a handler is answered 500 in the APIs' error shape, on a connection that goes on
/// serving. No release route panics on purpose, so this router is the test's own, guarded and
/// served as the app's routes are.
#[tokio::test]
async fn a_panic_is_answered_500_in_the_error_shape() {
    let routes = Router::new()
        .route("/api/boom", get(a_bug))
        .route("/api/fine", get(|| async { "fine" }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(
        listener,
        catch_panics(routes),
        ConnectionLimits::from_settings(&Settings::default()),
        async move {
            let _ = stopped.await;
        },
        Duration::from_secs(1),
    ));
    let client = reqwest::Client::new();
    // Twice: the connection kept alive after the first panic serves the second.
    for _ in 0..2 {
        let response = match client
            .get(format!("http://{address}/api/boom"))
            .send()
            .await
        {
            Ok(response) => response,
            Err(error) => panic!("no answer, the connection was dropped: {error}"),
        };
        assert_eq!(
            response
                .headers()
                .get("content-type")
                .and_then(|value| value.to_str().ok()),
            Some("application/json")
        );
        let (status, body) = json_body(response).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert_eq!(body["error"]["code"], "internal", "{body}");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("Inténtalo"),
            "a Spanish sentence: {message}"
        );
        assert!(!message.contains("bug"), "no internals: {message}");
    }
    let fine = client
        .get(format!("http://{address}/api/fine"))
        .send()
        .await
        .expect("answers");
    assert_eq!(fine.status(), StatusCode::OK);
    let _ = stop.send(());
    server.await.expect("the server task does not panic");
}

/// A request whose body the server never reads (refused by its type or size first) is answered
/// with `Connection: close`: the server will not read the rest of that body, so the connection
/// cannot carry another request, and a client that reused it would see its next request fail.
#[tokio::test]
async fn an_unread_body_closes_the_connection_openly() {
    let app = TestApp::spawn().await;
    let connection = |response: &reqwest::Response| {
        response
            .headers()
            .get("connection")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    for (content_type, size) in [("text/plain", 32 * 1024), ("application/json", 24 * 1024)] {
        let response = app
            .client
            .post(app.url("/api/auth/login"))
            .header("content-type", content_type)
            .body(vec![b'x'; size])
            .send()
            .await
            .expect("answered");
        assert!(response.status().is_client_error(), "{}", response.status());
        assert_eq!(
            connection(&response).as_deref(),
            Some("close"),
            "{content_type}"
        );
    }
    // A body read whole leaves the connection open for the next request.
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({ "email": "nadie@ejemplo.es", "password": "no es esta" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(connection(&response), None);
}

/// The NUL character, which no PostgreSQL text can hold (SQLite's can), is refused with a 400
/// wherever a visitor can send it to the database, on both databases alike: in the URL, an id
/// in a body, a chat message.
async fn a_nul_character_is_refused_on_both_databases(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let admin = Some(&salon.admin);
    for (method, path, body) in [
        (Method::GET, "/api/clients?q=%00", None),
        (Method::GET, "/api/clients?q=ana%00", None),
        (
            Method::PATCH,
            "/api/appointments/%00",
            Some(json!({ "status": "cancelada" })),
        ),
        (
            Method::PATCH,
            "/api/staff/a%00b",
            Some(json!({ "role": "usuario" })),
        ),
    ] {
        let answer = answer_of(&salon, admin, method.clone(), path, body).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
        let message = answer.1["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("%00"), "{method} {path}: {message}");
    }
    // A literal "%00" is text like any other.
    let (status, body) = answer_of(&salon, admin, Method::GET, "/api/clients?q=%2500", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let javier = Salon::id_of(&salon.usuario);
    let cita = json!({
        "staffId": javier, "clientId": "\u{0}", "date": "2026-11-23", "startMin": 600,
        "serviceIds": ["corte-caballero"],
    });
    let answer = answer_of(&salon, admin, Method::POST, "/api/appointments", Some(cita)).await;
    assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");

    let message =
        json!({ "action": "sendMessage", "sessionId": "s-nul", "chatInput": "hola\u{0}" });
    let (status, body) =
        answer_of(&salon, None, Method::POST, "/api/n8n/chat", Some(message)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|text| text.contains("NUL")),
        "{body}"
    );
    // Nothing of it was kept.
    let (status, body) = answer_of(
        &salon,
        None,
        Method::POST,
        "/api/n8n/chat",
        Some(json!({ "action": "loadPreviousSession", "sessionId": "s-nul" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!([]));
}
