//! The metadata that travels with every chat request to the workflow (REQUIREMENTS S4, A5), written
//! by the server from the caller's session: who is asking, and the appointment drafts their role
//! allows. The browser's own `metadata` is trusted for one thing only, its local date; every
//! identity field it sends (any case, any nesting) is dropped (REQUIREMENTS H4).

use axum::http::{HeaderMap, header};
use citabot_domain::account::Role;
use citabot_domain::assistant::Lang;
use citabot_domain::booking::in_business_years;
use citabot_domain::chat::{ChatInput, ChatSessionId};
use citabot_domain::understanding::{Language, detect_language};
use citabot_store::User;

use crate::auth::capability;
use crate::state::AppState;
use serde_json::{Map, Value, json};
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

/// Builds the metadata for one request by `user` (`None`: a guest) at `now`, keeping the
/// browser's `currentDate`/`currentDateISO` when they are well-formed.
pub fn for_caller(user: Option<&User>, client: Option<&Value>, now: OffsetDateTime) -> Value {
    let (current_date, current_date_iso) = client_dates(client, now);
    let mut metadata = Map::new();
    let (identity, cita) = match user {
        None => (
            json!({ "userId": "", "email": "", "name": "", "phone": "", "role": "guest", "guest": true }),
            empty_cita(),
        ),
        Some(user) => {
            let name = format!("{} {}", user.first_name, user.last_name);
            let identity = json!({
                "userId": user.id, "email": user.email, "name": name,
                "phone": user.phone.clone().unwrap_or_default(), "role": user.role.as_str(), "guest": false
            });
            let mut cita = empty_cita();
            match user.role {
                Role::Cliente => {
                    cita["clientId"] = json!(user.id);
                    cita["clientName"] = json!(name);
                    cita["clientEmail"] = json!(user.email);
                }
                Role::Usuario | Role::Administrador => cita["userId"] = json!(user.id),
            }
            (identity, cita)
        }
    };
    if let Value::Object(identity) = identity {
        metadata.extend(identity);
    }
    metadata.insert("currentDate".into(), json!(current_date));
    metadata.insert("currentDateISO".into(), json!(current_date_iso));
    metadata.insert("cita".into(), cita);
    metadata.insert("cita_servicio".into(), json!([]));
    Value::Object(metadata)
}

/// What the workflow may do for this visitor (`metadata.citabot`, issue 21): the
/// conversation, the visitor's capability as a bearer `token` and inside `mcpUrl` (for n8n's
/// MCP Client Tool, which then needs no credential), and when it expires. Made afresh for each
/// message; it goes upstream only, never to the browser or the log.
pub fn capability(
    state: &AppState,
    session: &ChatSessionId,
    sign_in: Option<(&User, &str)>,
    input: &ChatInput,
    headers: &HeaderMap,
) -> Value {
    let lang = match detect_language(input.as_str()) {
        Some(Language::En) => Lang::En,
        Some(Language::Es) => Lang::Es,
        None => match crate::language::Lang::from_headers(headers) {
            crate::language::Lang::En => Lang::En,
            crate::language::Lang::Es => Lang::Es,
        },
    };
    let minted = capability::mint(
        state.outbox.signing_key(),
        session,
        sign_in,
        lang,
        state.clock.now(),
    );
    json!({
        "conversationId": session.as_str(),
        "mcpUrl": format!("{}/mcp/{}", state.outbox.link_base(), minted.token),
        "token": minted.token,
        "expiresAt": minted.expires_at.format(&Rfc3339).unwrap_or_default(),
    })
}

/// The appointment draft before anything is chosen; its status starts as `pendiente`.
fn empty_cita() -> Value {
    json!({
        "userId": "", "clientId": "", "clientName": "", "clientEmail": "", "date": "",
        "startMin": null, "startAt": "", "endAt": "", "status": "pendiente", "services": []
    })
}

/// The browser's local date (`yyyy-mm-dd`) and instant, or the server's when missing or malformed.
/// The visitor's own date (`currentDate`, `YYYY-MM-DD`) from the metadata the page sent.
pub fn client_date(client: Option<&Value>) -> Option<Date> {
    let date_format = format_description!("[year]-[month]-[day]");
    client
        .and_then(|metadata| metadata.get("currentDate"))
        .and_then(Value::as_str)
        .and_then(|date| Date::parse(date, &date_format).ok())
        // Outside the business's years it is no one's today (and "mañana" would overflow).
        .filter(|date| in_business_years(*date))
}

/// The host (and port) of the page a request came from, for the inbox: its `Origin`, else its
/// `Referer`. Anything that is not a plain host name is left out.
pub fn site(headers: &HeaderMap) -> Option<String> {
    let header = |name| headers.get(name).and_then(|value| value.to_str().ok());
    [header(header::ORIGIN), header(header::REFERER)]
        .into_iter()
        .flatten()
        .find_map(host_of)
}

fn host_of(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    let plain = !host.is_empty()
        && host.len() <= 253
        && !host.contains('@')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    plain.then_some(host)
}

fn client_dates(client: Option<&Value>, now: OffsetDateTime) -> (String, String) {
    let field = |name: &str| {
        client
            .and_then(|metadata| metadata.get(name))
            .and_then(Value::as_str)
    };
    let date_format = format_description!("[year]-[month]-[day]");
    let current_date = client_date(client)
        .unwrap_or_else(|| now.date())
        .format(&date_format)
        .unwrap_or_default();
    let current_date_iso = field("currentDateISO")
        .filter(|instant| {
            OffsetDateTime::parse(instant, &Rfc3339)
                .is_ok_and(|instant| in_business_years(instant.date()))
        })
        .map(str::to_owned)
        .unwrap_or_else(|| now.format(&Rfc3339).unwrap_or_default());
    (current_date, current_date_iso)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-20 23:30 UTC);

    fn user(role: Role) -> User {
        User {
            id: "u-ana".into(),
            email: "ana@ejemplo.es".into(),
            first_name: "Ana".into(),
            last_name: "López".into(),
            phone: Some("+34 600 123 456".into()),
            role,
            created_at: NOW,
        }
    }

    fn spoofing_client() -> Value {
        json!({
            "userId": "u-admin", "role": "administrador", "Role": "administrador", "ROLE": "administrador",
            "user_id": "u-admin", "email": "admin@ejemplo.es", "guest": false, "name": "Admin",
            "cita": { "userId": "u-admin", "clientId": "u-other", "status": "confirmada" },
            "cita_servicio": [{ "appointmentId": "x", "serviceId": "y" }],
            "nested": { "role": "administrador" },
            "currentDate": "2026-11-21", "currentDateISO": "2026-11-21T00:30:00+01:00"
        })
    }

    #[test]
    fn a_guest_is_a_guest_whatever_it_claims() {
        let metadata = for_caller(None, Some(&spoofing_client()), NOW);
        assert_eq!(
            metadata,
            json!({
                "userId": "", "email": "", "name": "", "phone": "", "role": "guest", "guest": true,
                "currentDate": "2026-11-21", "currentDateISO": "2026-11-21T00:30:00+01:00",
                "cita": { "userId": "", "clientId": "", "clientName": "", "clientEmail": "", "date": "",
                          "startMin": null, "startAt": "", "endAt": "", "status": "pendiente", "services": [] },
                "cita_servicio": []
            })
        );
    }

    #[test]
    fn a_cliente_gets_their_own_identity_and_client_draft() {
        let metadata = for_caller(Some(&user(Role::Cliente)), Some(&spoofing_client()), NOW);
        assert_eq!(metadata["userId"], "u-ana");
        assert_eq!(metadata["role"], "cliente");
        assert_eq!(metadata["guest"], false);
        assert_eq!(metadata["name"], "Ana López");
        assert_eq!(metadata["email"], "ana@ejemplo.es");
        assert_eq!(metadata["phone"], "+34 600 123 456");
        assert_eq!(metadata["cita"]["clientId"], "u-ana");
        assert_eq!(metadata["cita"]["clientName"], "Ana López");
        assert_eq!(metadata["cita"]["clientEmail"], "ana@ejemplo.es");
        assert_eq!(
            metadata["cita"]["userId"], "",
            "a cliente is not the staff member"
        );
        assert_eq!(metadata["cita"]["status"], "pendiente");
        for dropped in ["Role", "ROLE", "user_id", "nested"] {
            assert!(
                metadata.get(dropped).is_none(),
                "{dropped} must not pass through"
            );
        }
    }

    #[test]
    fn staff_are_the_draft_s_staff_member() {
        for role in [Role::Usuario, Role::Administrador] {
            let metadata = for_caller(Some(&user(role)), None, NOW);
            assert_eq!(metadata["role"], role.as_str());
            assert_eq!(metadata["cita"]["userId"], "u-ana");
            assert_eq!(metadata["cita"]["clientId"], "");
        }
    }

    #[test]
    fn malformed_client_dates_fall_back_to_the_server_s() {
        for client in [
            json!({ "currentDate": "21/11/2026", "currentDateISO": "ayer" }),
            json!({ "currentDate": 5 }),
            json!("text"),
        ] {
            let metadata = for_caller(None, Some(&client), NOW);
            assert_eq!(metadata["currentDate"], "2026-11-20", "{client}");
            assert_eq!(
                metadata["currentDateISO"], "2026-11-20T23:30:00Z",
                "{client}"
            );
        }
        assert_eq!(
            for_caller(None, Some(&json!({ "currentDate": "2026-02-30" })), NOW)["currentDate"],
            "2026-11-20"
        );
    }

    #[test]
    fn client_dates_outside_the_business_s_years_fall_back_to_the_server_s() {
        for (date, instant) in [
            ("0000-01-01", "0000-01-01T00:00:00Z"),
            ("9999-12-31", "9999-12-31T23:59:59-23:59"),
            ("-9999-01-04", "1999-12-31T23:59:59Z"),
            ("2101-01-01", "2101-01-01T00:00:00+01:00"),
        ] {
            let client = json!({ "currentDate": date, "currentDateISO": instant });
            assert_eq!(client_date(Some(&client)), None, "{date}");
            let metadata = for_caller(None, Some(&client), NOW);
            assert_eq!(metadata["currentDate"], "2026-11-20", "{date}");
            assert_eq!(
                metadata["currentDateISO"], "2026-11-20T23:30:00Z",
                "{instant}"
            );
        }
    }

    #[test]
    fn the_site_is_the_page_s_host() {
        let headers = |pairs: &[(&'static str, &str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, value.parse().expect("valid"));
            }
            map
        };
        assert_eq!(
            site(&headers(&[("origin", "https://Salon.Example:8443")])).as_deref(),
            Some("salon.example:8443")
        );
        assert_eq!(
            site(&headers(&[
                ("origin", "null"),
                ("referer", "http://peluqueria.example/reservas?x=1")
            ]))
            .as_deref(),
            Some("peluqueria.example")
        );
        for odd in [
            "javascript:alert(1)",
            "https://a b.example",
            "https://user@x.example",
            "https://",
        ] {
            assert_eq!(site(&headers(&[("referer", odd)])), None, "{odd}");
        }
        assert_eq!(site(&HeaderMap::new()), None);
    }
}
