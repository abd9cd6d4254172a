//! The MCP server at `/mcp` (issue 21) as a workflow meets it: the capability a relayed message
//! carries in `metadata.citabot`, JSON-RPC over Streamable HTTP, the tools booking, moving and
//! cancelling under a guest's rules, and every way in that must be refused (another
//! conversation's cita, a tampered or expired token, no credential, garbage), never with a 5xx.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::booking::seed_demo;
use crate::fake_n8n::FakeN8n;
use crate::helpers::{Backend, TestApp, json_body};

async fn proxied(backend: Backend) -> Option<(TestApp, FakeN8n)> {
    let (fake, address) = FakeN8n::start().await;
    let app = TestApp::spawn_on(backend, |settings| {
        settings.webhook_url = Some(format!("http://{address}/webhook/test/chat"));
        settings.webhook_timeout_secs = 2;
    })
    .await?;
    seed_demo(&app).await;
    Some((app, fake))
}

/// The capability the workflow received with the visitor's latest message in `session`.
pub(crate) async fn capability(app: &TestApp, fake: &FakeN8n, session: &str, text: &str) -> Value {
    let body = json!({"action": "sendMessage", "sessionId": session, "chatInput": text});
    let response = app.chat(&body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let reply = response.text().await.expect("a body");
    let received = fake.received();
    let citabot = received.last().expect("relayed").body["metadata"]["citabot"].clone();
    assert!(
        !reply.contains(citabot["token"].as_str().expect("a token")),
        "the capability never goes back to the browser"
    );
    citabot
}

/// One JSON-RPC message to `url`, with `bearer` when given.
async fn rpc_to(
    app: &TestApp,
    url: &str,
    bearer: Option<&str>,
    message: &Value,
) -> (StatusCode, Value) {
    let mut request = app.client.post(url).json(message);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    json_body(request.send().await.expect("answers")).await
}

/// A tool's result through the capability's own URL.
async fn call(app: &TestApp, citabot: &Value, tool: &str, arguments: Value) -> Value {
    let url = citabot["mcpUrl"].as_str().expect("an URL");
    let message = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments}});
    let (status, body) = rpc_to(app, url, None, &message).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

fn structured(result: &Value) -> &Value {
    assert_eq!(result["isError"], false, "{result}");
    &result["structuredContent"]
}

async fn books_moves_and_cancels_on(backend: Backend) {
    let Some((app, fake)) = proxied(backend).await else {
        return;
    };
    let citabot = capability(&app, &fake, "mcp-guest", "hola, quiero cita").await;
    assert_eq!(citabot["conversationId"], "mcp-guest");
    let url = citabot["mcpUrl"].as_str().expect("an URL");
    assert!(url.starts_with(&app.url("/mcp/")), "{url}");

    let (status, init) = rpc_to(
        &app,
        url,
        None,
        &json!({"jsonrpc": "2.0", "id": 1,
        "method": "initialize", "params": {"protocolVersion": "2025-06-18",
        "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
    assert!(init["result"]["capabilities"]["tools"].is_object());

    let (_, listed) = rpc_to(
        &app,
        url,
        None,
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    )
    .await;
    let names: Vec<&str> = listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|tool| tool["name"].as_str().expect("a name"))
        .collect();
    for expected in [
        "get_salon",
        "list_services",
        "list_staff",
        "find_free_times",
        "hold_time",
        "book_cita",
        "list_citas",
        "move_cita",
        "cancel_cita",
        "confirm_cita",
        "request_person",
    ] {
        assert!(names.contains(&expected), "{expected} in {names:?}");
    }

    let salon = call(&app, &citabot, "get_salon", json!({})).await;
    assert!(
        !structured(&salon)["name"]
            .as_str()
            .expect("a name")
            .is_empty()
    );
    let services = call(&app, &citabot, "list_services", json!({})).await;
    let service = structured(&services)["services"][0]["id"].clone();

    let free = call(
        &app,
        &citabot,
        "find_free_times",
        json!({"serviceIds": [service], "from": "2026-11-23", "to": "2026-11-27"}),
    )
    .await;
    let times = structured(&free)["times"]
        .as_array()
        .expect("times")
        .clone();
    assert!(times.len() >= 2, "{free}");
    let first = times[0]["start"].as_str().expect("a start").to_owned();
    assert!(first.ends_with("+01:00"), "the salon's offset: {first}");

    let held = call(
        &app,
        &citabot,
        "hold_time",
        json!({"serviceIds": [service], "start": first}),
    )
    .await;
    assert_eq!(structured(&held)["hold"]["start"], first.as_str());

    let booking = json!({"serviceIds": [service], "start": first,
        "client": {"name": "Prueba MCP", "email": "mcp@cliente.example"}, "idempotencyKey": "k1"});
    let booked = call(&app, &citabot, "book_cita", booking.clone()).await;
    let cita = structured(&booked)["cita"].clone();
    assert_eq!(cita["start"], first.as_str());
    let again = call(&app, &citabot, "book_cita", booking).await;
    assert_eq!(
        structured(&again)["cita"]["id"],
        cita["id"],
        "the same key books once"
    );
    let id = cita["id"].as_str().expect("an id");
    let stored = app.store.cita(id).await.expect("reads").expect("booked");
    assert_eq!(
        stored.chat_session_id.as_deref(),
        Some("mcp-guest"),
        "the diary says it came from the chat"
    );

    let listed = call(&app, &citabot, "list_citas", json!({})).await;
    assert_eq!(
        structured(&listed)["citas"]
            .as_array()
            .expect("citas")
            .len(),
        1
    );

    let second = times[1]["start"].as_str().expect("a start");
    let moved = call(
        &app,
        &citabot,
        "move_cita",
        json!({"citaId": id, "start": second}),
    )
    .await;
    assert_eq!(structured(&moved)["cita"]["start"], second);

    // Another conversation sees nothing of it and cannot touch it, whatever it names.
    let other = capability(&app, &fake, "mcp-other", "hola").await;
    let theirs = call(
        &app,
        &other,
        "list_citas",
        json!({"email": "mcp@cliente.example"}),
    )
    .await;
    assert_eq!(structured(&theirs)["citas"], json!([]));
    for (tool, arguments) in [
        ("cancel_cita", json!({"citaId": id})),
        ("move_cita", json!({"citaId": id, "start": first})),
        ("confirm_cita", json!({"citaId": id})),
    ] {
        let refused = call(&app, &other, tool, arguments).await;
        assert_eq!(refused["isError"], true, "{tool}: {refused}");
        assert_eq!(refused["content"][0]["text"], "Esa cita no existe.");
    }

    let cancelled = call(&app, &citabot, "cancel_cita", json!({"citaId": id})).await;
    assert_eq!(structured(&cancelled)["cita"]["status"], "cancelada");
}

#[tokio::test]
async fn a_workflow_books_moves_and_cancels_for_its_guest_on_sqlite() {
    books_moves_and_cancels_on(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_workflow_books_moves_and_cancels_for_its_guest_on_postgres() {
    books_moves_and_cancels_on(Backend::Postgres).await;
}

#[tokio::test]
async fn refusals_are_sentences_in_the_visitors_language() {
    let (app, fake) = proxied(Backend::Sqlite).await.expect("SQLite");
    let english = capability(
        &app,
        &fake,
        "mcp-en",
        "hello, I would like to book a haircut",
    )
    .await;
    let refused = call(
        &app,
        &english,
        "find_free_times",
        json!({"serviceIds": ["nope"], "date": "2026-11-24"}),
    )
    .await;
    assert_eq!(refused["isError"], true);
    assert_eq!(refused["content"][0]["text"], "There is no service “nope”.");
    let range = call(
        &app,
        &english,
        "find_free_times",
        json!({"serviceIds": ["x"], "from": "2026-11-23", "to": "2027-03-01"}),
    )
    .await;
    assert_eq!(range["isError"], true, "{range}");
    let spanish = capability(&app, &fake, "mcp-es", "hola, quería una cita").await;
    let refused = call(&app, &spanish, "book_cita", json!({"serviceIds": ["x"],
        "start": "mañana", "client": {"name": "Ana", "email": "ana@x.example"}, "idempotencyKey": "k"})).await;
    assert_eq!(refused["isError"], true);
    assert!(
        refused["content"][0]["text"]
            .as_str()
            .expect("text")
            .contains("ISO 8601")
    );
    let services = call(&app, &spanish, "list_services", json!({})).await;
    let service = structured(&services)["services"][0]["id"].clone();
    let past = call(
        &app,
        &spanish,
        "book_cita",
        json!({"serviceIds": [service],
        "start": "2026-11-19T10:00:00+01:00", "client": {"name": "Ana", "email": "ana@x.example"},
        "idempotencyKey": "k"}),
    )
    .await;
    assert_eq!(past["isError"], true, "{past}");
    assert!(
        past["content"][0]["text"]
            .as_str()
            .expect("text")
            .contains("antelación"),
        "{past}"
    );
    let no_contact = call(
        &app,
        &spanish,
        "book_cita",
        json!({"serviceIds": [service],
        "start": "2026-11-24T10:00:00+01:00", "client": {"name": "Ana"}, "idempotencyKey": "k"}),
    )
    .await;
    assert_eq!(
        no_contact["content"][0]["text"],
        "Hace falta un email o un teléfono de contacto del cliente."
    );
}

#[tokio::test]
async fn a_credential_that_does_not_work_is_401_and_garbage_is_a_json_rpc_error() {
    let (app, fake) = proxied(Backend::Sqlite).await.expect("SQLite");
    let citabot = capability(&app, &fake, "mcp-edges", "hola").await;
    let token = citabot["token"].as_str().expect("a token");
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});

    let (status, _) = rpc_to(&app, &app.url("/mcp"), Some(token), &list).await;
    assert_eq!(status, StatusCode::OK, "the token works as a bearer too");
    let (status, body) = rpc_to(&app, &app.url("/mcp"), None, &list).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        body["error"]["code"], -32001,
        "a JSON-RPC error the SDKs show: {body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("a sentence")
            .contains("credencial")
    );
    let mut tampered = token.to_owned();
    tampered.insert(
        3,
        if tampered.as_bytes()[3] == b'A' {
            'B'
        } else {
            'A'
        },
    );
    let (status, _) = rpc_to(&app, &app.url("/mcp"), Some(&tampered), &list).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = rpc_to(&app, &app.url("/mcp/not-a-capability"), None, &list).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let url = citabot["mcpUrl"].as_str().expect("an URL");
    let raw = |body: &'static str| {
        let request = app
            .client
            .post(url)
            .header("content-type", "application/json")
            .body(body);
        async move { json_body(request.send().await.expect("answers")).await }
    };
    let (status, body) = raw("{not json").await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32700))
    );
    let (status, body) = raw(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32600))
    );
    let (status, body) = raw(r#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::OK, json!(-32601))
    );
    let (status, body) =
        raw(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}"#).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::OK, json!(-32602))
    );
    let (status, body) = raw(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book_cita","arguments":{"start":5}}}"#).await;
    assert_eq!(
        (status, body["result"]["isError"].clone()),
        (StatusCode::OK, json!(true))
    );
    let notified = app
        .client
        .post(url)
        .header("content-type", "application/json")
        .body(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        .send()
        .await
        .expect("answers");
    assert_eq!(notified.status(), StatusCode::ACCEPTED);
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"x":"{}"}}}}"#,
        "a".repeat(100_000)
    );
    let response = app
        .client
        .post(url)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let response = app.client.get(url).send().await.expect("answers");
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);

    // Two hours after the visitor's last message the capability has expired.
    app.clock.advance(time::Duration::hours(2));
    let (status, _) = rpc_to(&app, url, None, &list).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// 2026-07-28 without an SDK: `server/discover` names every revision; each request names its
/// own in `_meta`, matched by the headers; what does not match is a JSON-RPC error at 400.
#[tokio::test]
async fn the_newest_revision_is_discovered_and_checked_request_by_request() {
    let (app, fake) = proxied(Backend::Sqlite).await.expect("SQLite");
    let citabot = capability(&app, &fake, "mcp-modern", "hola").await;
    let url = citabot["mcpUrl"].as_str().expect("an URL").to_owned();
    let envelope = |version: &str| {
        json!({"io.modelcontextprotocol/protocolVersion": version,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"}})
    };
    let send = |method: &'static str, params: Value, headers: Vec<(&'static str, String)>| {
        let mut request = app.client.post(&url).json(&json!({
            "jsonrpc": "2.0", "id": 9, "method": method, "params": params}));
        for (name, value) in headers {
            request = request.header(name, value);
        }
        async move { json_body(request.send().await.expect("answers")).await }
    };
    let modern = |method: &str| {
        vec![
            ("mcp-protocol-version", "2026-07-28".to_owned()),
            ("mcp-method", method.to_owned()),
        ]
    };

    let (status, found) = send(
        "server/discover",
        json!({"_meta": envelope("2026-07-28")}),
        modern("server/discover"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let result = &found["result"];
    assert_eq!(
        result["supportedVersions"],
        json!(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"])
    );
    assert_eq!(result["resultType"], "complete");
    assert!(result["capabilities"]["tools"].is_object(), "{found}");
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "citabot"
    );

    let (status, listed) = send(
        "tools/list",
        json!({"_meta": envelope("2026-07-28")}),
        modern("tools/list"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["result"]["resultType"], "complete");
    assert_eq!(listed["result"]["cacheScope"], "public");
    assert!(listed["result"]["ttlMs"].as_u64().is_some(), "{listed}");

    let mut call_headers = modern("tools/call");
    call_headers.push(("mcp-name", "list_services".to_owned()));
    let (status, called) = send(
        "tools/call",
        json!({"_meta": envelope("2026-07-28"), "name": "list_services", "arguments": {}}),
        call_headers,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{called}");
    assert_eq!(called["result"]["resultType"], "complete");
    assert!(called["result"]["structuredContent"]["services"].is_array());

    // A header that disagrees with the body, a missing name, a version nobody speaks, no
    // envelope: each a JSON-RPC error at 400 with the request's id.
    let (status, mismatch) = send(
        "tools/call",
        json!({"_meta": envelope("2026-07-28"), "name": "list_services", "arguments": {}}),
        modern("tools/call"),
    )
    .await;
    assert_eq!(
        (
            status,
            mismatch["error"]["code"].clone(),
            mismatch["id"].clone()
        ),
        (StatusCode::BAD_REQUEST, json!(-32020), json!(9)),
        "{mismatch}"
    );
    let (status, wrong_method) = send(
        "tools/list",
        json!({"_meta": envelope("2026-07-28")}),
        modern("server/discover"),
    )
    .await;
    assert_eq!(
        (status, wrong_method["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32020))
    );
    let (status, unknown) = send(
        "server/discover",
        json!({"_meta": envelope("2099-01-01")}),
        vec![
            ("mcp-protocol-version", "2099-01-01".to_owned()),
            ("mcp-method", "server/discover".to_owned()),
        ],
    )
    .await;
    assert_eq!(
        (status, unknown["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32022))
    );
    assert_eq!(
        unknown["error"]["data"]["supported"][0], "2026-07-28",
        "{unknown}"
    );
    let (status, bare) = send("tools/list", json!({}), modern("tools/list")).await;
    assert_eq!(
        (status, bare["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32602))
    );
    let (status, nope) = send(
        "nope/nothing",
        json!({"_meta": envelope("2026-07-28")}),
        modern("nope/nothing"),
    )
    .await;
    assert_eq!(
        (status, nope["error"]["code"].clone()),
        (StatusCode::NOT_FOUND, json!(-32601))
    );
    // A handshake client naming an unknown revision in the header learns which are spoken.
    let (status, old) = send(
        "tools/list",
        json!({}),
        vec![("mcp-protocol-version", "2024-01-01".to_owned())],
    )
    .await;
    assert_eq!(
        (status, old["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!(-32022))
    );
}
