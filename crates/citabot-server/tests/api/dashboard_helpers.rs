//! What the dashboard API tests share: the demo salon with one signed-in session per role, a
//! request helper that signs requests like the site does, and [`both`] to run a scenario on
//! SQLite and on PostgreSQL. The test clock says Friday 2026-11-20, 10:30 in Madrid.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::booking::{say, seed_demo, sign_in};
use crate::helpers::{Backend, Session, TestApp, json_body};

pub const ADMIN: &str = "lucia@peluqueria.example";
pub const USUARIO: &str = "javier@peluqueria.example";
pub const CLIENTE: &str = "marta@cliente.example";

/// The demo salon with its administrador (Lucía), usuario (Javier) and cliente (Marta) signed in.
pub struct Salon {
    pub app: TestApp,
    pub admin: Session,
    pub usuario: Session,
    pub cliente: Session,
}

impl Salon {
    pub async fn open(backend: Backend) -> Option<Self> {
        Self::open_with(backend, |_| {}).await
    }

    /// [`Self::open`] with settings of its own.
    pub async fn open_with(
        backend: Backend,
        adjust: impl FnOnce(&mut citabot_server::config::Settings),
    ) -> Option<Self> {
        let app = TestApp::spawn_on(backend, adjust).await?;
        let logins = seed_demo(&app).await;
        let admin = sign_in(&app, &logins, ADMIN).await;
        let usuario = sign_in(&app, &logins, USUARIO).await;
        let cliente = sign_in(&app, &logins, CLIENTE).await;
        Some(Self {
            app,
            admin,
            usuario,
            cliente,
        })
    }

    /// Sends `method path` with an optional JSON body, as `who` (a guest when `None`), and reads
    /// the JSON answer.
    pub async fn call(
        &self,
        who: Option<&Session>,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        call(&self.app, who, method, path, body).await
    }

    pub async fn get(&self, who: Option<&Session>, path: &str) -> (StatusCode, Value) {
        self.call(who, Method::GET, path, None).await
    }

    pub async fn post(
        &self,
        who: Option<&Session>,
        path: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.call(who, Method::POST, path, Some(body)).await
    }

    pub async fn patch(
        &self,
        who: Option<&Session>,
        path: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.call(who, Method::PATCH, path, Some(body)).await
    }

    /// The account id of a signed-in session.
    pub fn id_of(session: &Session) -> String {
        session.body["user"]["id"]
            .as_str()
            .expect("a signed-in user")
            .to_owned()
    }

    /// Takes the keratin treatment off the menu, as the administrador: the inactive service.
    pub async fn deactivate_keratina(&self) {
        let (status, body) = self
            .patch(
                Some(&self.admin),
                "/api/services/keratina",
                json!({ "active": false }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    /// The client record of the demo cliente (Marta).
    pub async fn marta_client_id(&self) -> String {
        let (status, body) = self.get(Some(&self.admin), "/api/clients?q=marta").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["items"][0]["id"]
            .as_str()
            .expect("Marta has a client")
            .to_owned()
    }
}

/// Sends a request as a browser on the site would: the session cookie, and its CSRF token on
/// anything but GET.
pub async fn call(
    app: &TestApp,
    who: Option<&Session>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
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
    json_body(request.send().await.expect("answers")).await
}

/// The items of a list answer (`{ "items": [...] }`).
pub fn items(body: &Value) -> &Vec<Value> {
    body["items"].as_array().expect("items")
}

/// One text field of every item of a list answer, in the answer's order.
pub fn item_texts(body: &Value, field: &str) -> Vec<String> {
    items(body)
        .iter()
        .map(|item| item[field].as_str().expect("a text field").to_owned())
        .collect()
}

/// A guest, Pedro Sanz, books a men's cut on Monday the 23rd at 10:00 through the chat, in the
/// conversation `session_id`.
pub async fn guest_books_through_the_chat(app: &TestApp, session_id: &str) {
    say(
        app,
        None,
        session_id,
        "quiero un corte de caballero el lunes a las 10",
    )
    .await;
    say(app, None, session_id, "Pedro Sanz").await;
    say(app, None, session_id, "pedro@ejemplo.es").await;
    let reply = say(app, None, session_id, "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");
}

/// Asserts an error answer's status and code, and that it carries a Spanish sentence.
pub fn assert_error(answer: &(StatusCode, Value), status: StatusCode, code: &str) {
    let (got, body) = answer;
    assert_eq!(*got, status, "{body}");
    assert_eq!(body["error"]["code"], code, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| !message.is_empty()),
        "{body}"
    );
}

/// Runs each named `async fn(Backend)` scenario as two tests, on SQLite and on PostgreSQL.
macro_rules! both {
    ($($scenario:ident),* $(,)?) => {
        $(
            mod $scenario {
                use crate::helpers::Backend;

                #[tokio::test]
                async fn on_sqlite() {
                    super::$scenario(Backend::Sqlite).await;
                }

                #[tokio::test]
                async fn on_postgres() {
                    super::$scenario(Backend::Postgres).await;
                }
            }
        )*
    };
}

pub(crate) use both;
