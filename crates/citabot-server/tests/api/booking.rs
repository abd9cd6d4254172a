//! The built-in booking assistant through the real gateway, on the demo salon (REQUIREMENTS B2-B4):
//! conversations that end in citas really written, on both databases, with the role rules and
//! a race for the same slot. The test clock says Friday 2026-11-20, 10:30 in Madrid.

use reqwest::StatusCode;
use serde_json::{Value, json};
use time::macros::date;

use crate::helpers::{Backend, Session, TestApp, json_body};

/// The demo salon on a fresh database; returns the demo accounts' passwords by email.
pub async fn salon(backend: Backend) -> Option<(TestApp, Vec<(String, String)>)> {
    let app = TestApp::spawn_on(backend, |_| {}).await?;
    let logins = seed_demo(&app).await;
    Some((app, logins))
}

/// Writes the demo salon into the app's empty database; returns the demo accounts' passwords
/// by email (they are random).
pub async fn seed_demo(app: &TestApp) -> Vec<(String, String)> {
    citabot_server::demo::seed_if_empty(app.store.as_ref(), app.clock.as_ref())
        .await
        .expect("seeds")
        .expect("an empty database")
        .into_iter()
        .map(|account| (account.email, account.password))
        .collect()
}

pub async fn say(app: &TestApp, who: Option<&Session>, session_id: &str, text: &str) -> String {
    let mut request = app.client.post(app.url("/api/n8n/chat")).json(&json!({
        "action": "sendMessage", "sessionId": session_id, "chatInput": text,
        "metadata": { "currentDate": "2026-11-20", "role": "administrador", "userId": "forged" },
    }));
    if let Some(who) = who {
        request = request
            .header("cookie", who.cookie_header())
            .header("x-csrf-token", &who.csrf_token);
    }
    let (status, body): (StatusCode, Value) =
        json_body(request.send().await.expect("answers")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["output"].as_str().expect("an output").to_owned()
}

pub async fn sign_in(app: &TestApp, logins: &[(String, String)], email: &str) -> Session {
    let password = &logins
        .iter()
        .find(|(login, _)| login == email)
        .expect("a demo account")
        .1;
    app.sign_in(email, password).await
}

async fn guest_books_a_cita(backend: Backend) {
    let Some((app, _)) = salon(backend).await else {
        return;
    };
    let reply = say(&app, None, "s-guest", "Hola").await;
    assert!(reply.contains("Peluquería Lucía"), "{reply}");
    let reply = say(
        &app,
        None,
        "s-guest",
        "quiero un corte de caballero el lunes a las 10",
    )
    .await;
    assert!(reply.contains("¿A nombre de quién"), "{reply}");
    let reply = say(&app, None, "s-guest", "Pedro Sanz").await;
    assert!(reply.contains("email"), "{reply}");
    let reply = say(&app, None, "s-guest", "pedro@ejemplo.es").await;
    assert!(
        reply.contains("lunes 23 de noviembre")
            && reply.contains("10:00–10:30")
            && reply.contains("15,00 €"),
        "{reply}"
    );
    let reply = say(&app, None, "s-guest", "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");

    let citas = app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads");
    assert_eq!(citas.len(), 1);
    let cita = &citas[0];
    assert_eq!((cita.start_min, cita.end_min), (600, 630));
    assert_eq!(cita.status.as_str(), "pendiente");
    assert_eq!(cita.service_ids, ["corte-caballero"]);
    let client = app
        .store
        .client(&cita.client_id)
        .await
        .expect("reads")
        .expect("created");
    assert_eq!(
        (client.name.as_str(), client.email.as_deref()),
        ("Pedro Sanz", Some("pedro@ejemplo.es"))
    );
    assert_eq!(
        client.user_id, None,
        "a forged userId in the metadata is ignored"
    );

    // The whole conversation is the session's history.
    let (_, history) = json_body(app.load_previous_session("s-guest").await).await;
    assert_eq!(history["data"].as_array().map(Vec::len), Some(10));
}

#[tokio::test]
async fn a_guest_books_a_cita_on_sqlite() {
    guest_books_a_cita(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_guest_books_a_cita_on_postgres() {
    guest_books_a_cita(Backend::Postgres).await;
}

/// Two visitors ask for the same time: the first to pick it holds it with its stylist while
/// giving her details, so the second is offered that time with the other stylist; both book,
/// one cita each stylist, and neither is ever told a time that someone else then takes.
#[tokio::test]
async fn two_visitors_asking_for_one_slot_get_one_cita_each_stylist_once() {
    let Some((app, _)) = salon(Backend::Sqlite).await else {
        return;
    };
    for (session, stylist) in [("s-a", "Javier Gómez"), ("s-b", "Lucía Martín")] {
        say(&app, None, session, "una manicura el martes 24 a las 12").await;
        say(&app, None, session, "Carla Prueba").await;
        let reply = say(&app, None, session, "prueba@ejemplo.es").await;
        assert!(
            reply.contains(stylist) && reply.contains("¿La confirmo?"),
            "{reply}"
        );
    }
    for session in ["s-b", "s-a"] {
        let reply = say(&app, None, session, "sí").await;
        assert!(reply.contains("¡Hecho!"), "{reply}");
    }
    let citas = app
        .store
        .citas_between(date!(2026 - 11 - 24), date!(2026 - 11 - 25))
        .await
        .expect("reads");
    assert_eq!(citas.len(), 2);
    assert_ne!(citas[0].staff_id, citas[1].staff_id);
    assert!(citas.iter().all(|cita| cita.start_min == 720));
}

#[tokio::test]
async fn a_cliente_is_not_asked_who_she_is_and_moves_and_cancels_her_own_cita() {
    let Some((app, logins)) = salon(Backend::Sqlite).await else {
        return;
    };
    let marta = sign_in(&app, &logins, "marta@cliente.example").await;
    let reply = say(
        &app,
        Some(&marta),
        "s-marta",
        "quiero tinte el sábado a las 10",
    )
    .await;
    assert!(
        reply.contains("Marta Ruiz") && reply.contains("¿La confirmo?"),
        "{reply}"
    );
    let reply = say(&app, Some(&marta), "s-marta", "sí").await;
    assert!(reply.contains("¡Hecho!"), "{reply}");
    let reply = say(
        &app,
        Some(&marta),
        "s-marta",
        "quiero cambiar mi cita al lunes a las 12",
    )
    .await;
    assert!(
        reply.contains("Te cambio la cita a esto") && reply.contains("12:00–13:30"),
        "{reply}"
    );
    let reply = say(&app, Some(&marta), "s-marta", "sí").await;
    assert!(
        reply.contains("ahora es el **lunes 23 de noviembre** a las **12:00**"),
        "{reply}"
    );
    let reply = say(&app, Some(&marta), "s-marta", "¿qué citas tengo?").await;
    assert!(reply.contains("lunes 23 de noviembre, 12:00"), "{reply}");
    assert!(!reply.contains("sábado"), "moved, not copied: {reply}");
    let reply = say(&app, Some(&marta), "s-marta", "cancela mi cita").await;
    assert!(reply.contains("¿Cancelo esta cita?"), "{reply}");
    let reply = say(&app, Some(&marta), "s-marta", "sí").await;
    assert!(reply.contains("Cita cancelada"), "{reply}");
    let citas = app
        .store
        .citas_between(date!(2026 - 11 - 21), date!(2026 - 11 - 24))
        .await
        .expect("reads");
    assert_eq!(citas.len(), 1, "one cita, moved and then cancelled");
    assert_eq!(
        (citas[0].date, citas[0].start_min),
        (date!(2026 - 11 - 23), 720)
    );
    assert_eq!(citas[0].status.as_str(), "cancelada");

    // Staff see it in their agenda, by the client's name.
    let lucia = sign_in(&app, &logins, "lucia@peluqueria.example").await;
    let reply = say(
        &app,
        Some(&lucia),
        "s-lucia",
        "reserva un arreglo de barba el sábado a las 11",
    )
    .await;
    assert!(reply.contains("¿Para qué cliente"), "{reply}");
}

#[tokio::test]
async fn the_conversation_survives_a_restart() {
    let Some((app, _)) = salon(Backend::Sqlite).await else {
        return;
    };
    say(
        &app,
        None,
        "s-restart",
        "quiero un corte de pelo el lunes a las 17",
    )
    .await;
    let saved = app
        .store
        .assistant_state(&citabot_domain::chat::ChatSessionId::parse("s-restart").expect("valid"))
        .await
        .expect("reads");
    assert!(saved.is_some_and(|state| state.text.contains("corte-mujer")));
    // A new server on the same database picks the conversation up where it was.
    let again = TestApp::restart(&app).await;
    let reply = say(&again, None, "s-restart", "Lola Pérez").await;
    assert!(reply.contains("email"), "{reply}");
}
