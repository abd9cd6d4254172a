//! Accounts over HTTP: sign-up, sign-in, sign-out, profile, and the attack cases of REQUIREMENTS
//! H1 (CSRF), H2 (session fixation) and H3 (brute force).

use reqwest::StatusCode;
use serde_json::{Value, json};
use time::Duration;

use crate::helpers::{Backend, Session, TestApp, json_body, session_cookie};

async fn login(
    app: &TestApp,
    email: &str,
    password: &str,
    cookie: Option<&str>,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({ "email": email, "password": password }));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.expect("answers")
}

async fn profile(app: &TestApp, cookie: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url("/api/profile"));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.expect("answers")
}

async fn sign_up_and_read_profile(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    let session = app.sign_up("Ana@Ejemplo.es").await;
    assert_eq!(session.body["user"]["email"], "ana@ejemplo.es");
    assert_eq!(session.body["user"]["role"], "cliente");

    let (status, body) = json_body(profile(&app, Some(&session.cookie_header())).await).await;
    assert_eq!(status, StatusCode::OK);
    let id = body["item"]["id"].as_str().expect("an id").to_owned();
    assert_eq!(
        body,
        json!({ "item": {
            "id": id, "email": "ana@ejemplo.es", "firstName": "Ana", "lastName": "López",
            "phone": "+34600123456", "role": "cliente"
        }})
    );
    assert!(uuid_like(&id), "{id}");

    let (status, body) = json_body(profile(&app, None).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"]["code"], "unauthenticated");
}

fn uuid_like(id: &str) -> bool {
    id.len() == 36 && id.chars().filter(|c| *c == '-').count() == 4
}

#[tokio::test]
async fn sign_up_and_read_profile_on_sqlite() {
    sign_up_and_read_profile(Backend::Sqlite).await;
}

#[tokio::test]
async fn sign_up_and_read_profile_on_postgres() {
    sign_up_and_read_profile(Backend::Postgres).await;
}

#[tokio::test]
async fn the_session_cookie_has_the_safe_attributes() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .json(&json!({ "email": "a@ejemplo.es", "password": "contraseña segura", "firstName": "A", "lastName": "B" }))
        .send()
        .await
        .expect("answers");
    let set_cookie = response.headers()["set-cookie"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert_eq!(response.headers()["cache-control"], "no-store");
    let token = session_cookie(&response).expect("cookie");
    assert_eq!(token.len(), 43, "256-bit token");
    assert_eq!(
        set_cookie,
        format!("citabot_session={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1209600")
    );
    assert!(!set_cookie.contains("Domain"));
}

#[tokio::test]
async fn secure_cookies_use_the_host_prefix() {
    let Some(app) =
        TestApp::spawn_on(Backend::Sqlite, |settings| settings.secure_cookies = true).await
    else {
        unreachable!()
    };
    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .json(&json!({ "email": "a@ejemplo.es", "password": "contraseña segura", "firstName": "A", "lastName": "B" }))
        .send()
        .await
        .expect("answers");
    let set_cookie = response.headers()["set-cookie"].to_str().expect("ascii");
    assert!(
        set_cookie.starts_with("__Host-citabot_session="),
        "{set_cookie}"
    );
    assert!(set_cookie.ends_with("; Secure"), "{set_cookie}");
}

#[tokio::test]
async fn sign_up_refuses_bad_values_with_a_spanish_sentence() {
    let app = TestApp::spawn().await;
    app.sign_up("ana@ejemplo.es").await;
    let cases = [
        (
            json!({ "email": "ANA@ejemplo.es", "password": "otra contraseña", "firstName": "A", "lastName": "B" }),
            StatusCode::CONFLICT,
            "email_taken",
        ),
        (
            json!({ "email": "ana", "password": "contraseña segura", "firstName": "A", "lastName": "B" }),
            StatusCode::BAD_REQUEST,
            "invalid_email",
        ),
        (
            json!({ "email": "b@ejemplo.es", "password": "corta", "firstName": "A", "lastName": "B" }),
            StatusCode::BAD_REQUEST,
            "weak_password",
        ),
        (
            json!({ "email": "b@ejemplo.es", "password": "contraseña segura", "firstName": " ", "lastName": "B" }),
            StatusCode::BAD_REQUEST,
            "missing_name",
        ),
        (
            json!({ "email": "b@ejemplo.es", "password": "contraseña segura", "firstName": "A", "lastName": "B", "phone": "llámame" }),
            StatusCode::BAD_REQUEST,
            "invalid_phone",
        ),
        (
            json!({ "email": "b@ejemplo.es", "password": "contraseña segura", "firstName": "A", "lastName": "B", "role": "administrador" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
    ];
    for (body, status, code) in cases {
        let response = app
            .client
            .post(app.url("/api/auth/signup"))
            .json(&body)
            .send()
            .await
            .expect("answers");
        let (actual, answer) = json_body(response).await;
        assert_eq!(
            (actual, answer["error"]["code"].as_str()),
            (status, Some(code)),
            "{body}"
        );
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
}

#[tokio::test]
async fn wrong_password_and_unknown_account_look_the_same() {
    let app = TestApp::spawn().await;
    app.sign_up("ana@ejemplo.es").await;
    let wrong = login(&app, "ana@ejemplo.es", "contraseña mala", None).await;
    let unknown = login(&app, "nadie@ejemplo.es", "contraseña mala", None).await;
    let header_names = |response: &reqwest::Response| {
        let mut names: Vec<String> = response
            .headers()
            .keys()
            .map(|k| k.to_string())
            .filter(|k| k != "date")
            .collect();
        names.sort();
        names
    };
    assert_eq!(header_names(&wrong), header_names(&unknown));
    let (wrong, unknown) = (json_body(wrong).await, json_body(unknown).await);
    assert_eq!(wrong.0, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong, unknown);
}

#[tokio::test]
async fn sign_in_issues_a_new_session_and_ends_the_old_one() {
    let app = TestApp::spawn().await;
    let first = app.sign_up("ana@ejemplo.es").await;
    let without_token = login(
        &app,
        "ANA@ejemplo.es",
        "contraseña segura",
        Some(&first.cookie_header()),
    )
    .await;
    assert_eq!(
        without_token.status(),
        StatusCode::FORBIDDEN,
        "a signed-in browser needs its token to sign in again"
    );
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .header("cookie", first.cookie_header())
        .header("x-csrf-token", &first.csrf_token)
        .json(&json!({ "email": "ANA@ejemplo.es", "password": "contraseña segura" }))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let second = Session::from_response(response).await;
    assert_ne!(second.cookie, first.cookie, "the id rotates on sign-in");
    assert_ne!(second.csrf_token, first.csrf_token);
    assert_eq!(
        profile(&app, Some(&first.cookie_header())).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        profile(&app, Some(&second.cookie_header())).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_planted_session_id_is_never_adopted() {
    let app = TestApp::spawn().await;
    app.sign_up("ana@ejemplo.es").await;
    let planted = format!("citabot_session={}", "a".repeat(43));
    assert_eq!(
        profile(&app, Some(&planted)).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let response = login(&app, "ana@ejemplo.es", "contraseña segura", Some(&planted)).await;
    let issued = session_cookie(&response).expect("a cookie");
    assert_ne!(issued, "a".repeat(43));
    assert_eq!(
        profile(&app, Some(&planted)).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn sign_out_needs_the_token_then_ends_the_session() {
    let app = TestApp::spawn().await;
    let session = app.sign_up("ana@ejemplo.es").await;
    let logout = |token: Option<&str>| {
        let mut request = app
            .client
            .post(app.url("/api/auth/logout"))
            .header("cookie", session.cookie_header());
        if let Some(token) = token {
            request = request.header("x-csrf-token", token);
        }
        request.send()
    };
    let refused = logout(None).await.expect("answers");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        profile(&app, Some(&session.cookie_header())).await.status(),
        StatusCode::OK,
        "still signed in"
    );

    let done = logout(Some(&session.csrf_token)).await.expect("answers");
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        session_cookie(&done).as_deref(),
        Some(""),
        "the cookie is cleared"
    );
    assert_eq!(
        profile(&app, Some(&session.cookie_header())).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_session_endpoint_tells_the_page_who_is_signed_in() {
    let app = TestApp::spawn().await;
    let (status, body) = json_body(app.get("/api/auth/session").await).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "user": null, "csrfToken": null }))
    );
    let session = app.sign_up("ana@ejemplo.es").await;
    let response = app
        .client
        .get(app.url("/api/auth/session"))
        .header("cookie", session.cookie_header())
        .send()
        .await
        .expect("answers");
    let (_, body) = json_body(response).await;
    assert_eq!(body["csrfToken"], session.csrf_token.as_str());
    assert_eq!(body["user"]["email"], "ana@ejemplo.es");
}

#[tokio::test]
async fn sessions_expire() {
    let app = TestApp::spawn().await;
    let session = app.sign_up("ana@ejemplo.es").await;
    app.clock.advance(Duration::days(14) - Duration::seconds(1));
    assert_eq!(
        profile(&app, Some(&session.cookie_header())).await.status(),
        StatusCode::OK
    );
    app.clock.advance(Duration::seconds(1));
    assert_eq!(
        profile(&app, Some(&session.cookie_header())).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

/// REQUIREMENTS H1: what a signed-in cliente's browser can be made to send.
mod csrf {
    use super::*;

    async fn chat_as(
        app: &TestApp,
        session: Option<&Session>,
        headers: &[(&str, &str)],
    ) -> reqwest::Response {
        let mut request = app
            .client
            .post(app.url("/api/n8n/chat"))
            .json(&json!({ "action": "sendMessage", "sessionId": "csrf-target", "chatInput": "cancela mis citas" }));
        if let Some(session) = session {
            request = request.header("cookie", session.cookie_header());
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("answers")
    }

    async fn nothing_was_processed(app: &TestApp) {
        let (_, history) = json_body(app.load_previous_session("csrf-target").await).await;
        assert_eq!(
            history,
            json!({ "data": [] }),
            "the refused message never reached the assistant"
        );
    }

    async fn assert_forbidden(response: reqwest::Response) {
        let (status, body): (StatusCode, Value) = json_body(response).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(
            body["code"], 403,
            "the gateway answers in n8n's shape: {body}"
        );
    }

    #[tokio::test]
    async fn a_signed_in_chat_message_without_the_token_is_refused() {
        let app = TestApp::spawn().await;
        let session = app.sign_up("ana@ejemplo.es").await;
        assert_forbidden(chat_as(&app, Some(&session), &[]).await).await;
        nothing_was_processed(&app).await;
        let accepted = chat_as(
            &app,
            Some(&session),
            &[("x-csrf-token", &session.csrf_token)],
        )
        .await;
        assert_eq!(accepted.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn a_valid_token_from_a_foreign_page_is_refused() {
        let app = TestApp::spawn().await;
        let session = app.sign_up("ana@ejemplo.es").await;
        let token = session.csrf_token.as_str();
        for origin in ["https://evil.example", "null"] {
            assert_forbidden(
                chat_as(
                    &app,
                    Some(&session),
                    &[("x-csrf-token", token), ("origin", origin)],
                )
                .await,
            )
            .await;
        }
        assert_forbidden(
            chat_as(
                &app,
                Some(&session),
                &[("x-csrf-token", token), ("sec-fetch-site", "cross-site")],
            )
            .await,
        )
        .await;
        nothing_was_processed(&app).await;
        let own = app.origin();
        let accepted = chat_as(
            &app,
            Some(&session),
            &[("x-csrf-token", token), ("origin", own.as_str())],
        )
        .await;
        assert_eq!(accepted.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn one_users_token_does_not_work_for_another() {
        let app = TestApp::spawn().await;
        let ana = app.sign_up("ana@ejemplo.es").await;
        let luis = app.sign_up("luis@ejemplo.es").await;
        assert_forbidden(chat_as(&app, Some(&luis), &[("x-csrf-token", &ana.csrf_token)]).await)
            .await;
    }

    #[tokio::test]
    async fn guests_from_foreign_pages_are_refused_and_allowed_origins_pass() {
        let Some(app) = TestApp::spawn_on(Backend::Sqlite, |settings| {
            settings.allowed_origins = vec!["https://peluqueria.example".into()];
        })
        .await
        else {
            unreachable!()
        };
        assert_forbidden(chat_as(&app, None, &[("origin", "https://evil.example")]).await).await;
        let embedded = chat_as(
            &app,
            None,
            &[
                ("origin", "https://peluqueria.example"),
                ("sec-fetch-site", "cross-site"),
            ],
        )
        .await;
        assert_eq!(embedded.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn login_from_a_foreign_page_is_refused() {
        let app = TestApp::spawn().await;
        app.sign_up("ana@ejemplo.es").await;
        let response = app
            .client
            .post(app.url("/api/auth/login"))
            .header("origin", "https://evil.example")
            .json(&json!({ "email": "ana@ejemplo.es", "password": "contraseña segura" }))
            .send()
            .await
            .expect("answers");
        let (status, body) = json_body(response).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("csrf"))
        );
    }

    #[tokio::test]
    async fn json_sent_as_a_simple_form_type_is_never_processed() {
        let app = TestApp::spawn().await;
        app.sign_up("ana@ejemplo.es").await;
        let response = app
            .client
            .post(app.url("/api/auth/login"))
            .header("content-type", "text/plain")
            .body(r#"{"email":"ana@ejemplo.es","password":"contraseña segura"}"#)
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(session_cookie(&response), None);
    }
}

/// REQUIREMENTS H3: guessing passwords.
mod brute_force {
    use super::*;

    #[tokio::test]
    async fn an_address_guessing_one_account_waits_even_for_the_right_password() {
        let app = TestApp::spawn().await;
        app.sign_up("ana@ejemplo.es").await;
        for attempt in 1..=4 {
            let response = login(&app, "ana@ejemplo.es", "contraseña mala", None).await;
            assert_eq!(
                response.status(),
                StatusCode::UNAUTHORIZED,
                "attempt {attempt}"
            );
        }
        for (password, spoofed) in [
            ("contraseña mala", "10.0.0.1"),
            ("contraseña segura", "10.0.0.2"),
        ] {
            let response = app
                .client
                .post(app.url("/api/auth/login"))
                .header("x-forwarded-for", spoofed)
                .json(&json!({ "email": "ana@ejemplo.es", "password": password }))
                .send()
                .await
                .expect("answers");
            assert_eq!(
                response.status(),
                StatusCode::TOO_MANY_REQUESTS,
                "{password} via {spoofed}"
            );
            assert_eq!(response.headers()["retry-after"], "2");
        }
        let response = login(&app, "ＡＮＡ@ejemplo.es", "contraseña mala", None).await;
        assert_eq!(
            response.status(),
            StatusCode::TOO_MANY_REQUESTS,
            "a look-alike spelling of the address waits too"
        );
        app.clock.advance(Duration::seconds(2));
        let response = login(&app, "ana@ejemplo.es", "contraseña segura", None).await;
        assert_eq!(response.status(), StatusCode::OK, "the wait is short");
    }

    /// A client whose requests come from `address` (any of 127.0.0.0/8 reaches the app).
    fn client_from(address: [u8; 4]) -> reqwest::Client {
        reqwest::Client::builder()
            .local_address(std::net::IpAddr::from(address))
            .build()
            .expect("a client")
    }

    async fn login_from(
        app: &TestApp,
        client: &reqwest::Client,
        email: &str,
        password: &str,
    ) -> reqwest::Response {
        client
            .post(app.url("/api/auth/login"))
            .json(&json!({ "email": email, "password": password }))
            .send()
            .await
            .expect("answers")
    }

    fn retry_after(response: &reqwest::Response) -> i64 {
        response.headers()["retry-after"]
            .to_str()
            .expect("ascii")
            .parse()
            .expect("whole seconds")
    }

    /// Guesses from `client` as fast as the server lets it, waiting out each refusal, until it
    /// has been refused `refusals` times; returns each refusal's Retry-After.
    async fn hammer(
        app: &TestApp,
        client: &reqwest::Client,
        email: &str,
        refusals: usize,
    ) -> Vec<i64> {
        let mut waits = Vec::new();
        for _ in 0..200 {
            let response = login_from(app, client, email, "contraseña mala").await;
            match response.status() {
                StatusCode::UNAUTHORIZED => {}
                StatusCode::TOO_MANY_REQUESTS => {
                    waits.push(retry_after(&response));
                    let (_, body) = json_body(response).await;
                    assert!(
                        body["error"]["message"]
                            .as_str()
                            .is_some_and(|m| m.starts_with("Demasiados intentos")),
                        "{body}"
                    );
                    if waits.len() == refusals {
                        return waits;
                    }
                    app.clock
                        .advance(Duration::seconds(*waits.last().expect("a wait")));
                }
                other => panic!("unexpected {other}"),
            }
        }
        panic!("never refused {refusals} times: {waits:?}");
    }

    #[tokio::test]
    async fn an_attacker_elsewhere_cannot_lock_the_account_out_of_its_usual_address() {
        let app = TestApp::spawn().await;
        app.sign_up("admin@peluqueria.es").await;
        app.sign_in("admin@peluqueria.es", "contraseña segura")
            .await;
        let attacker = client_from([127, 0, 0, 2]);
        hammer(&app, &attacker, "admin@peluqueria.es", 3).await;
        let response =
            login_from(&app, &attacker, "admin@peluqueria.es", "contraseña segura").await;
        assert_eq!(
            response.status(),
            StatusCode::TOO_MANY_REQUESTS,
            "the attacker cannot try even the right password while slowed"
        );

        let response = login(&app, "admin@peluqueria.es", "contraseña segura", None).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "she signs in from her usual address at once"
        );
    }

    #[tokio::test]
    async fn an_attacker_is_slowed_more_with_every_refusal() {
        let app = TestApp::spawn().await;
        app.sign_up("admin@peluqueria.es").await;
        let attacker = client_from([127, 0, 0, 2]);
        let waits = hammer(&app, &attacker, "admin@peluqueria.es", 8).await;
        assert!(
            waits.windows(2).all(|pair| pair[0] < pair[1]),
            "growing delays: {waits:?}"
        );
        assert!(waits[0] <= 5, "the first delay is short: {waits:?}");
    }

    #[tokio::test]
    async fn many_addresses_slow_new_addresses_but_not_the_accounts_own() {
        let app = TestApp::spawn().await;
        app.sign_up("admin@peluqueria.es").await;
        app.sign_in("admin@peluqueria.es", "contraseña segura")
            .await;
        for host in 2..=12 {
            let attacker = client_from([127, 0, 0, host]);
            for _ in 0..3 {
                let response =
                    login_from(&app, &attacker, "admin@peluqueria.es", "contraseña mala").await;
                assert_ne!(response.status(), StatusCode::OK);
            }
        }
        let stranger = client_from([127, 0, 0, 20]);
        let response =
            login_from(&app, &stranger, "admin@peluqueria.es", "contraseña segura").await;
        assert_eq!(
            response.status(),
            StatusCode::TOO_MANY_REQUESTS,
            "an address the account does not know waits while it is attacked"
        );
        assert!(retry_after(&response) >= 1);

        let response = login(&app, "admin@peluqueria.es", "contraseña segura", None).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "her own address does not"
        );
    }

    #[tokio::test]
    async fn one_address_trying_many_accounts_is_limited() {
        let app = TestApp::spawn().await;
        app.sign_up("ana@ejemplo.es").await;
        for i in 0..20 {
            let response = login(&app, &format!("persona{i}@ejemplo.es"), "123456789", None).await;
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {i}");
        }
        let response = login(&app, "persona20@ejemplo.es", "123456789", None).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        let response = login(&app, "ana@ejemplo.es", "contraseña segura", None).await;
        assert_eq!(
            response.status(),
            StatusCode::TOO_MANY_REQUESTS,
            "the address is limited for every account"
        );
    }

    #[tokio::test]
    async fn sign_ups_per_address_are_limited() {
        let app = TestApp::spawn().await;
        for i in 0..10 {
            app.sign_up(&format!("persona{i}@ejemplo.es")).await;
        }
        let response = app
            .client
            .post(app.url("/api/auth/signup"))
            .json(&json!({ "email": "once@ejemplo.es", "password": "contraseña segura", "firstName": "A", "lastName": "B" }))
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(response.headers().contains_key("retry-after"));
    }
}
