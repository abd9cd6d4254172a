//! The tools as plain JSON over HTTP (issue 21, part 5): `POST /api/tools/{name}` for an n8n
//! HTTP Request node, with the visitor's capability from `metadata.citabot.token` or an API key
//! as the bearer. The same rules as MCP's: a guest books, sees and cancels only her own
//! conversation's citas; refusals are the API's error shape with a status by their kind; no
//! bearer, a tampered one or a cookie alone is 401; and the OpenAPI document describes each
//! tool's path with the tool's own input schema. The test clock says 2026-11-20 09:30 UTC.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, TestApp, json_body};
use crate::mcp::capability;

both!(
    a_workflow_books_for_its_guest_with_the_capability,
    a_key_books_for_any_client_as_staff,
);

async fn proxied_salon(backend: Backend) -> Option<(Salon, FakeN8n)> {
    let (fake, address) = FakeN8n::start().await;
    let salon = Salon::open_with(backend, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
        settings.webhook_timeout_secs = 2;
    })
    .await?;
    Some((salon, fake))
}

/// `POST /api/tools/{tool}` with `bearer` and a JSON body.
async fn tool(
    app: &TestApp,
    bearer: Option<&str>,
    tool: &str,
    body: &Value,
) -> (StatusCode, Value) {
    let mut request = app
        .client
        .post(app.url(&format!("/api/tools/{tool}")))
        .json(body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    json_body(request.send().await.expect("answers")).await
}

async fn ok(app: &TestApp, bearer: &str, name: &str, body: Value) -> Value {
    let (status, answer) = tool(app, Some(bearer), name, &body).await;
    assert_eq!(status, StatusCode::OK, "{name}: {answer}");
    answer
}

async fn first_service_and_times(app: &TestApp, bearer: &str) -> (Value, Vec<String>) {
    let services = ok(app, bearer, "list_services", json!({})).await;
    let service = services["services"][0]["id"].clone();
    let free = ok(
        app,
        bearer,
        "find_free_times",
        json!({"serviceIds": [service], "date": "2026-11-24", "partOfDay": "morning"}),
    )
    .await;
    let times: Vec<String> = free["times"]
        .as_array()
        .expect("times")
        .iter()
        .map(|time| time["start"].as_str().expect("a start").to_owned())
        .collect();
    assert!(times.len() >= 2, "{free}");
    assert!(times[0].starts_with("2026-11-24T") && times[0].ends_with("+01:00"));
    (service, times)
}

async fn a_workflow_books_for_its_guest_with_the_capability(backend: Backend) {
    let Some((salon, fake)) = proxied_salon(backend).await else {
        return;
    };
    let app = &salon.app;
    let citabot = capability(app, &fake, "rest-guest", "hola, quiero cita").await;
    let token = citabot["token"].as_str().expect("a token").to_owned();

    let salon_facts = ok(app, &token, "get_salon", json!({})).await;
    assert_eq!(salon_facts["timeZone"], "Europe/Madrid");
    let (service, times) = first_service_and_times(app, &token).await;

    let booking = json!({"serviceIds": [service], "start": times[0],
        "client": {"name": "Rosa Flujo", "email": "rosa@cliente.example"},
        "idempotencyKey": "n8n-exec-41"});
    let booked = ok(app, &token, "book_cita", booking.clone()).await;
    let id = booked["cita"]["id"].as_str().expect("an id").to_owned();
    assert_eq!(booked["cita"]["start"], times[0].as_str());
    let again = ok(app, &token, "book_cita", booking).await;
    assert_eq!(again["cita"]["id"], id.as_str(), "the same key books once");
    let stored = app.store.cita(&id).await.expect("reads").expect("booked");
    assert_eq!(stored.chat_session_id.as_deref(), Some("rest-guest"));
    let in_diary = salon
        .get(
            Some(&salon.admin),
            "/api/appointments?from=2026-11-24&to=2026-11-24",
        )
        .await;
    assert!(
        in_diary.1.to_string().contains(&id),
        "staff see it in the diary: {}",
        in_diary.1
    );

    // The time is taken now: another guest's booking of it is a 409 with a sentence.
    let other = capability(app, &fake, "rest-other", "hola").await;
    let other_token = other["token"].as_str().expect("a token").to_owned();
    let taken = tool(
        app,
        Some(&other_token),
        "book_cita",
        &json!({"serviceIds": [service], "start": times[0], "staffId": stored.staff_id,
            "client": {"name": "Otra", "phone": "600111222"}, "idempotencyKey": "x"}),
    )
    .await;
    assert_error(&taken, StatusCode::CONFLICT, "conflict");
    // …and sees nothing of the first guest's, whatever it names.
    let theirs = ok(
        app,
        &other_token,
        "list_citas",
        json!({"email": "rosa@cliente.example"}),
    )
    .await;
    assert_eq!(theirs["citas"], json!([]));
    let not_theirs = tool(
        app,
        Some(&other_token),
        "cancel_cita",
        &json!({"citaId": id}),
    )
    .await;
    assert_error(&not_theirs, StatusCode::NOT_FOUND, "not_found");

    // Refusals by kind.
    let past = tool(
        app,
        Some(&token),
        "hold_time",
        &json!({"serviceIds": [service], "start": "2026-11-19T10:00:00+01:00"}),
    )
    .await;
    assert_error(&past, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
    let malformed = tool(
        app,
        Some(&token),
        "find_free_times",
        &json!({"serviceIds": "x"}),
    )
    .await;
    assert_error(&malformed, StatusCode::BAD_REQUEST, "invalid_request");
    let wide = tool(
        app,
        Some(&token),
        "find_free_times",
        &json!({"serviceIds": [service], "from": "2026-11-23", "to": "2027-03-01"}),
    )
    .await;
    assert_error(&wide, StatusCode::BAD_REQUEST, "invalid_request");

    let mine = ok(app, &token, "list_citas", json!({})).await;
    assert_eq!(mine["citas"].as_array().expect("citas").len(), 1);
    let moved = ok(
        app,
        &token,
        "move_cita",
        json!({"citaId": id, "start": times[1]}),
    )
    .await;
    assert_eq!(moved["cita"]["start"], times[1].as_str());
    let cancelled = ok(app, &token, "cancel_cita", json!({"citaId": id})).await;
    assert_eq!(cancelled["cita"]["status"], "cancelada");
    let person = ok(app, &token, "request_person", json!({})).await;
    assert_eq!(person["needsPerson"], true);
}

async fn a_key_books_for_any_client_as_staff(backend: Backend) {
    let Some((salon, _fake)) = proxied_salon(backend).await else {
        return;
    };
    let app = &salon.app;
    let (status, made) = salon
        .post(
            Some(&salon.admin),
            "/api/keys",
            json!({"name": "n8n", "role": "usuario"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let key = made["key"].as_str().expect("the key").to_owned();
    let (service, times) = first_service_and_times(app, &key).await;
    let booked = ok(
        app,
        &key,
        "book_cita",
        json!({"serviceIds": [service], "start": times[0],
            "client": {"name": "Teresa Llamada", "phone": "+34 600 123 456"},
            "idempotencyKey": "phone-call-1"}),
    )
    .await;
    let id = booked["cita"]["id"].as_str().expect("an id");
    let stored = app.store.cita(id).await.expect("reads").expect("booked");
    assert_eq!(stored.chat_session_id, None, "a key books outside any chat");
    // Staff see every upcoming cita; a guest-only tool is refused as not allowed.
    let listed = ok(app, &key, "list_citas", json!({})).await;
    assert!(listed.to_string().contains(id), "{listed}");
    let person = tool(app, Some(&key), "request_person", &json!({})).await;
    assert_error(&person, StatusCode::FORBIDDEN, "forbidden");
    let confirmed = ok(app, &key, "confirm_cita", json!({"citaId": id})).await;
    assert_eq!(confirmed["cita"]["status"], "confirmada");
}

#[tokio::test]
async fn without_a_working_bearer_the_tools_are_401_and_bodies_are_checked() {
    let (salon, fake) = proxied_salon(Backend::Sqlite).await.expect("SQLite");
    let app = &salon.app;
    let citabot = capability(app, &fake, "rest-edges", "hola").await;
    let token = citabot["token"].as_str().expect("a token").to_owned();

    let missing = tool(app, None, "list_services", &json!({})).await;
    assert_error(&missing, StatusCode::UNAUTHORIZED, "unauthenticated");
    let response = app
        .client
        .post(app.url("/api/tools/list_services"))
        .send()
        .await
        .expect("answers");
    assert!(response.headers().contains_key("www-authenticate"));
    let mut tampered = token.clone();
    tampered.push('x');
    let refused = tool(app, Some(&tampered), "list_services", &json!({})).await;
    assert_error(&refused, StatusCode::UNAUTHORIZED, "unauthenticated");
    // A staff cookie is not a bearer: the tools never read cookies, so no CSRF question arises.
    let response = app
        .client
        .post(app.url("/api/tools/list_services"))
        .header("cookie", salon.admin.cookie_header())
        .header("x-csrf-token", &salon.admin.csrf_token)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // The capability works only through the tools.
    let response = app
        .client
        .get(app.url("/api/appointments"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("answers");
    let elsewhere = json_body(response).await;
    assert_error(&elsewhere, StatusCode::UNAUTHORIZED, "unauthenticated");
    assert!(
        elsewhere.1.to_string().contains("/api/tools"),
        "{}",
        elsewhere.1
    );

    let unknown = tool(app, Some(&token), "drop_tables", &json!({})).await;
    assert_error(&unknown, StatusCode::NOT_FOUND, "not_found");
    let raw = |body: &'static str| {
        let request = app
            .client
            .post(app.url("/api/tools/list_services"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(body);
        async move { json_body(request.send().await.expect("answers")).await }
    };
    assert_error(
        &raw("{not json").await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    );
    assert_error(
        &raw("[1, 2]").await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    );
    assert_error(
        &raw("null").await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    );
    let (status, empty) = raw("").await;
    assert_eq!(
        status,
        StatusCode::OK,
        "an empty body is no arguments: {empty}"
    );
    assert!(empty["services"].is_array());
    let huge = format!(r#"{{"x":"{}"}}"#, "a".repeat(100_000));
    let response = app
        .client
        .post(app.url("/api/tools/list_services"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let response = app
        .client
        .get(app.url("/api/tools/list_services"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);

    app.clock.advance(time::Duration::hours(2));
    let expired = tool(app, Some(&token), "list_services", &json!({})).await;
    assert_error(&expired, StatusCode::UNAUTHORIZED, "unauthenticated");
}

#[tokio::test]
async fn the_openapi_document_describes_each_tool_with_its_input_schema() {
    let app = TestApp::spawn().await;
    let (status, document) = json_body(
        app.client
            .get(app.url("/api/openapi.json"))
            .send()
            .await
            .expect("answers"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let book = &document["paths"]["/api/tools/book_cita"]["post"];
    let schema = &book["requestBody"]["content"]["application/json"]["schema"];
    assert_eq!(
        schema["required"],
        json!(["serviceIds", "start", "client", "idempotencyKey"]),
        "{book}"
    );
    assert_eq!(
        book["security"],
        json!([{"apiKey": []}, {"capability": []}])
    );
    assert!(book["responses"]["409"].is_object());
    assert!(document["components"]["securitySchemes"]["capability"].is_object());
    for name in [
        "get_salon",
        "find_free_times",
        "list_citas",
        "request_person",
    ] {
        assert!(
            document["paths"][format!("/api/tools/{name}")]["post"].is_object(),
            "{name}"
        );
    }
}
