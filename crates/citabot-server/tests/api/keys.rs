//! API keys (issue 21): an administrador makes, lists and revokes them; a program calls `/api`
//! with one as `Authorization: Bearer cbk_…`, acting as the key's maker with the key's role, with
//! no cookie and no CSRF token, within a rate limit of its own. The secret is shown once, stored
//! as its SHA-256 only, and never listed or logged. The test clock says 2026-11-20 09:30 UTC.

use std::io::Write;
use std::sync::{Arc, Mutex};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use time::Duration;

use crate::booking::say;
use crate::cli::{citabot, stdout};
use crate::dashboard_helpers::{Salon, assert_error, both};
use crate::helpers::{Backend, Session, TestApp, json_body};

both!(
    keys_are_made_listed_used_and_revoked,
    only_a_hash_of_the_key_is_stored,
    a_key_acts_with_its_role_and_never_more_than_its_maker,
    no_key_makes_a_stronger_one,
    the_command_line_prints_a_working_key,
);

/// A key made by `who` in the dashboard: the key itself and its view.
async fn make_key(salon: &Salon, who: &Session, name: &str, role: &str) -> (String, Value) {
    let (status, body) = salon
        .post(
            Some(who),
            "/api/keys",
            json!({ "name": name, "role": role }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let key = body["key"].as_str().expect("the key").to_owned();
    (key, body["apiKey"].clone())
}

/// A request as a program holding `key` sends it: the bearer token, no cookie, no CSRF token.
fn as_program(app: &TestApp, key: &str, method: Method, path: &str) -> reqwest::RequestBuilder {
    app.client
        .request(method, app.url(path))
        .header("authorization", format!("Bearer {key}"))
}

/// [`as_program`] with an optional JSON body, and the JSON answer.
async fn call_with_key(
    app: &TestApp,
    key: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = as_program(app, key, method, path);
    if let Some(body) = body {
        request = request.json(&body);
    }
    json_body(request.send().await.expect("answers")).await
}

async fn get_with_key(app: &TestApp, key: &str, path: &str) -> (StatusCode, Value) {
    call_with_key(app, key, Method::GET, path, None).await
}

/// `DELETE /api/keys/{id}` as `who`: its status and `Cache-Control`.
async fn revoke(salon: &Salon, who: &Session, id: &str) -> (StatusCode, String) {
    let response = salon
        .app
        .client
        .delete(salon.app.url(&format!("/api/keys/{id}")))
        .header("cookie", who.cookie_header())
        .header("x-csrf-token", &who.csrf_token)
        .send()
        .await
        .expect("answers");
    let cache = response
        .headers()
        .get("cache-control")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (response.status(), cache)
}

/// The keys `GET /api/keys` lists, as the administrador sees them.
async fn listed(salon: &Salon) -> Vec<Value> {
    let (status, body) = salon.get(Some(&salon.admin), "/api/keys").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["keys"].as_array().expect("keys").clone()
}

fn id_of(view: &Value) -> String {
    view["id"].as_str().expect("an id").to_owned()
}

/// The secret part of a key, after `cbk_<id>_`.
fn secret_of(key: &str) -> &str {
    &key["cbk_01234567_".len()..]
}

async fn keys_are_made_listed_used_and_revoked(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let (key, view) = make_key(&salon, &salon.admin, " n8n: recordatorios ", "usuario").await;
    let id = id_of(&view);
    assert_eq!(id.len(), 8, "{id}");
    assert!(
        id.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    );
    assert!(key.starts_with(&format!("cbk_{id}_")), "{key}");
    assert_eq!(secret_of(&key).len(), 43, "256 bits in base64url: {key}");
    let lucia = Salon::id_of(&salon.admin);
    let expected = json!({
        "id": id, "name": "n8n: recordatorios", "prefix": format!("cbk_{id}"), "role": "usuario",
        "createdBy": { "id": lucia, "name": "Lucía Martín" }, "createdByKey": null,
        "createdAt": "2026-11-20T09:30:00Z", "lastUsedAt": null, "revokedAt": null,
    });
    assert_eq!(view, expected);

    let listing = app
        .client
        .get(app.url("/api/keys"))
        .header("cookie", salon.admin.cookie_header())
        .send()
        .await
        .expect("answers");
    assert_eq!(listing.headers()["cache-control"], "no-store");
    let text = listing.text().await.expect("a body");
    assert!(
        !text.contains(secret_of(&key)),
        "the secret is never listed: {text}"
    );
    assert_eq!(
        serde_json::from_str::<Value>(&text).expect("JSON"),
        json!({ "keys": [expected] })
    );

    // Used: noted at once, then at most once a minute.
    assert_eq!(
        get_with_key(app, &key, "/api/staff").await.0,
        StatusCode::OK
    );
    assert_eq!(
        listed(&salon).await[0]["lastUsedAt"],
        "2026-11-20T09:30:00Z"
    );
    app.clock.advance(Duration::seconds(30));
    assert_eq!(
        get_with_key(app, &key, "/api/staff").await.0,
        StatusCode::OK
    );
    assert_eq!(
        listed(&salon).await[0]["lastUsedAt"],
        "2026-11-20T09:30:00Z"
    );
    app.clock.advance(Duration::seconds(31));
    assert_eq!(
        get_with_key(app, &key, "/api/staff").await.0,
        StatusCode::OK
    );
    assert_eq!(
        listed(&salon).await[0]["lastUsedAt"],
        "2026-11-20T09:31:01Z"
    );

    // A newer key is listed first.
    app.clock.advance(Duration::minutes(5));
    let (_, newer) = make_key(&salon, &salon.admin, "Zapier", "administrador").await;
    let ids: Vec<String> = listed(&salon).await.iter().map(id_of).collect();
    assert_eq!(ids, [id_of(&newer), id.clone()]);

    // Revoked: refused at once, listed with the time, and revoking again changes nothing.
    assert_eq!(
        revoke(&salon, &salon.admin, &id).await,
        (StatusCode::NO_CONTENT, "no-store".to_owned())
    );
    let refused = get_with_key(app, &key, "/api/staff").await;
    assert_error(&refused, StatusCode::UNAUTHORIZED, "unauthenticated");
    let revoked_at = "2026-11-20T09:36:01Z";
    assert_eq!(listed(&salon).await[1]["revokedAt"], revoked_at);
    app.clock.advance(Duration::minutes(1));
    assert_eq!(
        revoke(&salon, &salon.admin, &id).await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(listed(&salon).await[1]["revokedAt"], revoked_at);
    assert_eq!(listed(&salon).await[0]["revokedAt"], Value::Null);
    assert_eq!(
        revoke(&salon, &salon.admin, "ffffffff").await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        revoke(&salon, &salon.usuario, &id_of(&newer)).await.0,
        StatusCode::FORBIDDEN
    );
}

/// The rows of `api_keys`, read straight from the database: `id, name, role, secret_hash,
/// created_by`.
async fn stored_keys(app: &TestApp) -> Vec<(String, String, String, String, Option<String>)> {
    const SQL: &str = "SELECT id, name, role, secret_hash, created_by FROM api_keys";
    if app.database_url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(&app.database_url)
            .await
            .expect("open the test database");
        let rows = sqlx::query_as(SQL).fetch_all(&pool).await.expect("reads");
        pool.close().await;
        rows
    } else {
        let pool = sqlx::PgPool::connect(&app.database_url)
            .await
            .expect("open the test database");
        let rows = sqlx::query_as(SQL).fetch_all(&pool).await.expect("reads");
        pool.close().await;
        rows
    }
}

async fn only_a_hash_of_the_key_is_stored(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (key, view) = make_key(&salon, &salon.admin, "n8n", "administrador").await;
    let sha256: String = Sha256::digest(key.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let rows = stored_keys(&salon.app).await;
    assert_eq!(
        rows,
        [(
            id_of(&view),
            "n8n".to_owned(),
            "administrador".to_owned(),
            sha256,
            Some(Salon::id_of(&salon.admin)),
        )]
    );
    let (_, _, _, hash, _) = &rows[0];
    assert!(!hash.contains(secret_of(&key)));
}

async fn a_key_acts_with_its_role_and_never_more_than_its_maker(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let lucia = Salon::id_of(&salon.admin);
    let (usuario_key, _) = make_key(&salon, &salon.admin, "lector", "usuario").await;
    let (admin_key, _) = make_key(&salon, &salon.admin, "gestor", "administrador").await;

    // A usuario's key: staff's endpoints, not an administrador's; as Lucía, with its role.
    assert_eq!(
        get_with_key(app, &usuario_key, "/api/staff").await.0,
        StatusCode::OK
    );
    assert_eq!(
        get_with_key(app, &usuario_key, "/api/conversations")
            .await
            .0,
        StatusCode::OK
    );
    for path in ["/api/keys", "/api/mail"] {
        let answer = get_with_key(app, &usuario_key, path).await;
        assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    }
    let (status, profile) = get_with_key(app, &usuario_key, "/api/profile").await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(
        (&profile["item"]["id"], &profile["item"]["role"]),
        (&json!(lucia), &json!("usuario"))
    );
    for path in ["/api/keys", "/api/mail"] {
        assert_eq!(
            get_with_key(app, &admin_key, path).await.0,
            StatusCode::OK,
            "{path}"
        );
    }

    // Never a cliente's key; nobody but an administrador makes one.
    let answer = salon
        .post(
            Some(&salon.admin),
            "/api/keys",
            json!({ "name": "n8n", "role": "cliente" }),
        )
        .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    let body = json!({ "name": "n8n", "role": "usuario" });
    let answer = salon
        .post(Some(&salon.cliente), "/api/keys", body.clone())
        .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    let answer = salon
        .post(Some(&salon.usuario), "/api/keys", body.clone())
        .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    let answer = salon.post(None, "/api/keys", body).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");

    // A key follows its maker down: Javier's administrador key acts as a usuario once he is
    // one, and not at all once he is off the staff.
    let javier = Salon::id_of(&salon.usuario);
    let set_javier = async |role: &str| {
        let path = format!("/api/staff/{javier}");
        let (status, body) = salon
            .patch(Some(&salon.admin), &path, json!({ "role": role }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    };
    set_javier("administrador").await;
    let (javier_key, _) = make_key(&salon, &salon.usuario, "de Javier", "administrador").await;
    assert_eq!(
        get_with_key(app, &javier_key, "/api/mail").await.0,
        StatusCode::OK
    );
    set_javier("usuario").await;
    let answer = get_with_key(app, &javier_key, "/api/mail").await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    assert_eq!(
        get_with_key(app, &javier_key, "/api/staff").await.0,
        StatusCode::OK
    );
    set_javier("cliente").await;
    let answer = get_with_key(app, &javier_key, "/api/staff").await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
}

async fn no_key_makes_a_stronger_one(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let (usuario_key, _) = make_key(&salon, &salon.admin, "lector", "usuario").await;
    for role in ["administrador", "usuario"] {
        let body = json!({ "name": "más fuerte", "role": role });
        let answer = call_with_key(app, &usuario_key, Method::POST, "/api/keys", Some(body)).await;
        assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    }
    assert_eq!(listed(&salon).await.len(), 1, "nothing was made");

    // An administrador's key makes keys, on its maker's account and naming itself.
    let (admin_key, admin_view) = make_key(&salon, &salon.admin, "gestor", "administrador").await;
    let body = json!({ "name": "hecha por n8n", "role": "administrador" });
    let (status, made) =
        call_with_key(app, &admin_key, Method::POST, "/api/keys", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["apiKey"]["createdByKey"], admin_view["id"]);
    assert_eq!(
        made["apiKey"]["createdBy"]["id"],
        json!(Salon::id_of(&salon.admin))
    );
    let child = made["key"].as_str().expect("the key");
    assert_eq!(
        get_with_key(app, child, "/api/mail").await.0,
        StatusCode::OK
    );
}

async fn the_command_line_prints_a_working_key(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let env = [
        ("CITABOT_DATABASE_URL", app.database_url.as_str()),
        ("CITABOT_LOG_FILTER", "info"),
    ];
    let output = citabot(
        &[
            "key",
            "add",
            "--name",
            "n8n (servidor)",
            "--role",
            "administrador",
        ],
        &env,
    );
    assert!(output.status.success(), "{output:?}");
    let printed = stdout(&output);
    let key = printed.strip_suffix('\n').expect("one line");
    assert!(!key.contains('\n'), "the key alone: {printed:?}");
    assert!(
        key.starts_with("cbk_") && secret_of(key).len() == 43,
        "{key}"
    );
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains(secret_of(key)),
        "the log never has it"
    );

    assert_eq!(get_with_key(app, key, "/api/mail").await.0, StatusCode::OK);
    let views = listed(&salon).await;
    let view = &views[0];
    let id = id_of(view);
    assert_eq!(
        (&view["name"], &view["role"], &view["createdBy"]),
        (
            &json!("n8n (servidor)"),
            &json!("administrador"),
            &Value::Null
        )
    );

    // It is no account: it reads a conversation, but takes none over (that is an account's).
    say(app, None, "cli-key-chat", "hola").await;
    let (status, body) = get_with_key(app, key, "/api/conversations/cli-key-chat").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer = call_with_key(
        app,
        key,
        Method::POST,
        "/api/conversations/cli-key-chat/takeover",
        None,
    )
    .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    // The keys it makes belong to no account either.
    let body = json!({ "name": "hija", "role": "usuario" });
    let (status, made) = call_with_key(app, key, Method::POST, "/api/keys", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(
        (
            &made["apiKey"]["createdBy"],
            &made["apiKey"]["createdByKey"]
        ),
        (&Value::Null, &json!(id))
    );

    let output = citabot(&["key", "list"], &env);
    assert!(output.status.success(), "{output:?}");
    let list = stdout(&output);
    let line = list
        .lines()
        .find(|line| line.starts_with(&id))
        .unwrap_or_else(|| panic!("{id} in {list}"));
    assert!(
        line.contains("administrador") && line.contains("active") && line.contains("command line"),
        "{line}"
    );
    assert!(!list.contains(secret_of(key)), "{list}");

    let output = citabot(&["key", "revoke", &format!("cbk_{id}")], &env);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(stdout(&output), format!("revoked cbk_{id}\n"));
    let answer = get_with_key(app, key, "/api/mail").await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
    let output = citabot(&["key", "revoke", "ffffffff"], &env);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("no API key"),
        "{output:?}"
    );
    let output = citabot(&["key", "add", "--name", "x", "--role", "cliente"], &env);
    assert!(!output.status.success(), "{output:?}");
}

#[tokio::test]
async fn a_bearer_needs_no_csrf_token_and_a_cookie_still_does() {
    let salon = Salon::open(Backend::Sqlite).await.expect("SQLite");
    let app = &salon.app;
    let (admin_key, _) = make_key(&salon, &salon.admin, "gestor", "administrador").await;
    let (usuario_key, _) = make_key(&salon, &salon.admin, "lector", "usuario").await;
    let service = json!({ "description": "Con una clave de API." });
    let new_key = json!({ "name": "otra", "role": "usuario" });
    let origin = app.origin();

    let (status, body) = json_body(
        as_program(app, &admin_key, Method::PATCH, "/api/services/keratina")
            .header("origin", &origin)
            .json(&service)
            .send()
            .await
            .expect("answers"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["description"], "Con una clave de API.");
    let (status, body) = call_with_key(
        app,
        &admin_key,
        Method::POST,
        "/api/keys",
        Some(new_key.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // The same requests from the administrador's browser, without its token, are refused.
    for (method, path, body) in [
        (Method::PATCH, "/api/services/keratina", &service),
        (Method::POST, "/api/keys", &new_key),
    ] {
        let answer = json_body(
            app.client
                .request(method, app.url(path))
                .header("cookie", salon.admin.cookie_header())
                .header("origin", &origin)
                .json(body)
                .send()
                .await
                .expect("answers"),
        )
        .await;
        assert_error(&answer, StatusCode::FORBIDDEN, "csrf");
    }

    // With a key, the key alone says who calls: a cookie beside it is not read.
    let answer = json_body(
        as_program(app, &usuario_key, Method::PATCH, "/api/services/keratina")
            .header("cookie", salon.admin.cookie_header())
            .header("x-csrf-token", &salon.admin.csrf_token)
            .json(&service)
            .send()
            .await
            .expect("answers"),
    )
    .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    // And a page of another site is refused whatever it carries.
    let answer = json_body(
        as_program(app, &admin_key, Method::PATCH, "/api/services/keratina")
            .header("origin", "https://evil.example")
            .json(&service)
            .send()
            .await
            .expect("answers"),
    )
    .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "csrf");
}

#[tokio::test]
async fn refused_bearers_are_401_and_never_a_guest() {
    let salon = Salon::open(Backend::Sqlite).await.expect("SQLite");
    let app = &salon.app;
    let (key, view) = make_key(&salon, &salon.admin, "n8n", "usuario").await;
    let (revoked, revoked_view) = make_key(&salon, &salon.admin, "vieja", "usuario").await;
    assert_eq!(
        revoke(&salon, &salon.admin, &id_of(&revoked_view)).await.0,
        StatusCode::NO_CONTENT
    );
    let id = id_of(&view);
    let secret = "A".repeat(43);
    let unknown = format!("cbk_00000000_{secret}");
    let wrong_secret = format!("cbk_{id}_{secret}");
    // A public page answers a guest; each of these is refused instead.
    for authorization in [
        "Bearer".to_owned(),
        "Bearer ".to_owned(),
        format!("Bearer {key} {key}"),
        format!("Bearer cbk_{id}"),
        format!("Bearer {}", &key[..key.len() - 1]),
        format!("Bearer {unknown}"),
        format!("Bearer {wrong_secret}"),
        format!("Bearer {revoked}"),
        "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln".to_owned(),
    ] {
        let response = app
            .client
            .get(app.url("/api/business"))
            .header("authorization", &authorization)
            .send()
            .await
            .expect("answers");
        assert_eq!(
            response.headers()["www-authenticate"],
            "Bearer error=\"invalid_token\"",
            "{authorization}"
        );
        let answer = json_body(response).await;
        assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
    }
    let two_keys = app
        .client
        .get(app.url("/api/business"))
        .header("authorization", format!("Bearer {key}"))
        .header("authorization", format!("Bearer {key}"))
        .send()
        .await
        .expect("answers");
    assert_eq!(two_keys.status(), StatusCode::UNAUTHORIZED);

    // What is no bearer token is not ours to refuse (a proxy's Basic), and a good key passes.
    let basic = app
        .client
        .get(app.url("/api/business"))
        .header("authorization", "Basic YWxhZGRpbjpvcGVuc2VzYW1l")
        .send()
        .await
        .expect("answers");
    assert_eq!(basic.status(), StatusCode::OK);
    assert_eq!(
        get_with_key(app, &key, "/api/business").await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn keys_have_a_rate_limit_of_their_own() {
    let salon = Salon::open_with(Backend::Sqlite, |settings| {
        settings.api_key_requests_per_minute = 3;
    })
    .await
    .expect("SQLite");
    let app = &salon.app;
    let (key, view) = make_key(&salon, &salon.admin, "n8n", "usuario").await;
    let (other, _) = make_key(&salon, &salon.admin, "otra", "usuario").await;
    // Whoever knows only the key's public id cannot spend its allowance.
    let forged = format!("cbk_{}_{}", id_of(&view), "A".repeat(43));
    for _ in 0..5 {
        assert_eq!(
            get_with_key(app, &forged, "/api/inbox").await.0,
            StatusCode::UNAUTHORIZED
        );
    }
    for _ in 0..3 {
        assert_eq!(
            get_with_key(app, &key, "/api/inbox").await.0,
            StatusCode::OK
        );
    }
    let response = as_program(app, &key, Method::GET, "/api/inbox")
        .send()
        .await
        .expect("answers");
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .expect("text")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    let answer = json_body(response).await;
    assert_error(&answer, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");

    assert_eq!(
        get_with_key(app, &other, "/api/inbox").await.0,
        StatusCode::OK,
        "per key"
    );
    assert_eq!(
        salon.get(Some(&salon.admin), "/api/inbox").await.0,
        StatusCode::OK,
        "people are not counted with keys"
    );
    app.clock.advance(Duration::minutes(1));
    assert_eq!(
        get_with_key(app, &key, "/api/inbox").await.0,
        StatusCode::OK
    );
}

/// Log output kept in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    fn text(&self) -> String {
        let bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

// The server runs on this test's one thread (a current-thread runtime), so a log subscriber set
// for the thread hears all of it.
#[tokio::test]
async fn writes_with_a_key_are_logged_by_its_id_and_the_key_never_is() {
    let log = Captured::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(log.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::DEBUG)
        .finish();
    let _logging = tracing::subscriber::set_default(subscriber);

    let salon = Salon::open(Backend::Sqlite).await.expect("SQLite");
    let app = &salon.app;
    let (key, view) = make_key(&salon, &salon.admin, "n8n", "administrador").await;
    let id = id_of(&view);
    assert_eq!(get_with_key(app, &key, "/api/keys").await.0, StatusCode::OK);
    let body = json!({ "description": "Escrito por n8n." });
    let (status, _) = call_with_key(
        app,
        &key,
        Method::PATCH,
        "/api/services/keratina",
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let bad = format!("cbk_{id}_{}", "A".repeat(43));
    assert_eq!(
        get_with_key(app, &bad, "/api/keys").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        revoke(&salon, &salon.admin, &id).await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        get_with_key(app, &key, "/api/keys").await.0,
        StatusCode::UNAUTHORIZED
    );

    let text = log.text();
    let write = text
        .lines()
        .find(|line| line.contains("a write made with an API key"))
        .unwrap_or_else(|| panic!("no write logged in:\n{text}"));
    for field in [
        format!("api_key={id}"),
        "method=PATCH".to_owned(),
        "path=\"/api/services/keratina\"".to_owned(),
        "status=200".to_owned(),
    ] {
        assert!(write.contains(&field), "{field} in {write}");
    }
    assert_eq!(
        text.matches("a write made with an API key").count(),
        1,
        "reads are not logged as writes:\n{text}"
    );
    assert!(text.contains("refused an API key"), "{text}");
    assert!(
        !text.contains(secret_of(&key)),
        "the key is never logged:\n{text}"
    );
}
