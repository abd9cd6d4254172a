//! `GET/POST /api/staff`, `PATCH /api/staff/{id}` and `GET /api/clients` through the real server
//! (REQUIREMENTS D3): staff read, administradores manage, an administrador keeps her own role, and
//! the client search ignores case and accents within its limits.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dashboard_helpers::{ADMIN, Salon, USUARIO, assert_error, both, item_texts};
use crate::helpers::Backend;

both!(
    staff_is_listed_for_staff_only,
    administradores_create_staff_accounts,
    administradores_change_roles_but_not_their_own,
    clients_are_searched_by_staff,
);

fn emails(body: &Value) -> Vec<String> {
    let mut emails = item_texts(body, "email");
    emails.sort();
    emails
}

async fn staff_is_listed_for_staff_only(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    assert_error(
        &salon.get(None, "/api/staff").await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon.get(Some(&salon.cliente), "/api/staff").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    for who in [&salon.usuario, &salon.admin] {
        let (status, body) = salon.get(Some(who), "/api/staff").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(emails(&body), [USUARIO, ADMIN]);
    }
    let (_, body) = salon.get(Some(&salon.usuario), "/api/staff").await;
    assert_eq!(
        body["items"][1],
        json!({
            "id": Salon::id_of(&salon.admin), "firstName": "Lucía", "lastName": "Martín",
            "email": ADMIN, "phone": "+34600100200", "role": "administrador",
        }),
        "by first name: Javier, then Lucía"
    );
}

fn new_staff(email: &str, role: &str) -> Value {
    json!({
        "email": email, "password": "una contraseña larga", "firstName": "Sara",
        "lastName": "Vidal", "phone": "+34 655 000 111", "role": role,
    })
}

async fn administradores_create_staff_accounts(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let sara = new_staff("sara@peluqueria.example", "usuario");
    assert_error(
        &salon.post(None, "/api/staff", sara.clone()).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    for who in [&salon.cliente, &salon.usuario] {
        assert_error(
            &salon.post(Some(who), "/api/staff", sara.clone()).await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
    }
    let (status, body) = salon.post(Some(&salon.admin), "/api/staff", sara).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["item"]["email"], "sara@peluqueria.example");
    assert_eq!(body["item"]["role"], "usuario");
    assert_eq!(body["item"]["firstName"], "Sara");

    // The new account signs in and works as staff.
    let sara = salon
        .app
        .sign_in("SARA@peluqueria.example", "una contraseña larga")
        .await;
    let (status, body) = salon.get(Some(&sara), "/api/staff").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(emails(&body).len(), 3);

    let (status, body) = salon
        .post(
            Some(&salon.admin),
            "/api/staff",
            new_staff("jefa@peluqueria.example", "administrador"),
        )
        .await;
    assert_eq!(
        (status, body["item"]["role"].clone()),
        (StatusCode::CREATED, json!("administrador"))
    );
    // An administrador added to a running salon runs the dashboard and takes no bookings until
    // "Acepta reservas" is turned on; a usuario takes them at once, and the salon's own
    // administradora (made with the salon) still does.
    let jefa = body["item"]["id"].as_str().expect("an id").to_owned();
    let (_, staff) = salon.get(Some(&salon.admin), "/api/staff").await;
    let sara_id = staff["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|member| member["email"] == "sara@peluqueria.example")
        .and_then(|member| member["id"].as_str())
        .expect("Sara listed")
        .to_owned();
    for (id, bookable) in [
        (jefa.as_str(), false),
        (sara_id.as_str(), true),
        (Salon::id_of(&salon.admin).as_str(), true),
    ] {
        let (status, body) = salon
            .get(Some(&salon.admin), &format!("/api/staff/{id}/schedule"))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["item"]["bookable"], bookable, "{id}: {body}");
    }

    assert_error(
        &salon
            .post(
                Some(&salon.admin),
                "/api/staff",
                new_staff(USUARIO, "usuario"),
            )
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let with = |field: &str, value: Value| {
        let mut body = new_staff("otra@peluqueria.example", "usuario");
        body[field] = value;
        body
    };
    for (body, code) in [
        (with("role", json!("cliente")), "invalid_request"),
        (with("role", json!("jefa")), "invalid_request"),
        (with("email", json!("no-es-un-email")), "invalid_email"),
        (with("password", json!("corta")), "weak_password"),
        (with("firstName", json!(" ")), "missing_name"),
        (with("lastName", json!("x".repeat(81))), "long_name"),
        (with("phone", json!("llámame")), "invalid_phone"),
        (with("nick", json!("sv")), "invalid_request"),
    ] {
        assert_error(
            &salon.post(Some(&salon.admin), "/api/staff", body).await,
            StatusCode::BAD_REQUEST,
            code,
        );
    }
    let (_, body) = salon.get(Some(&salon.admin), "/api/staff").await;
    assert_eq!(emails(&body).len(), 4, "the refusals created nobody");
}

async fn administradores_change_roles_but_not_their_own(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = format!("/api/staff/{}", Salon::id_of(&salon.usuario));
    let lucia = format!("/api/staff/{}", Salon::id_of(&salon.admin));
    let marta = format!("/api/staff/{}", Salon::id_of(&salon.cliente));
    let role = |role: &str| json!({ "role": role });

    assert_error(
        &salon.patch(None, &javier, role("administrador")).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    for who in [&salon.cliente, &salon.usuario] {
        assert_error(
            &salon.patch(Some(who), &javier, role("administrador")).await,
            StatusCode::FORBIDDEN,
            "forbidden",
        );
    }
    for own in ["usuario", "cliente"] {
        assert_error(
            &salon.patch(Some(&salon.admin), &lucia, role(own)).await,
            StatusCode::CONFLICT,
            "conflict",
        );
    }
    let (status, body) = salon
        .patch(Some(&salon.admin), &lucia, role("administrador"))
        .await;
    assert_eq!(
        (status, body["item"]["role"].clone()),
        (StatusCode::OK, json!("administrador"))
    );
    assert_error(
        &salon
            .patch(Some(&salon.admin), "/api/staff/no-existe", role("usuario"))
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    for body in [
        role("jefe"),
        json!({}),
        json!({ "role": "usuario", "email": "x@y.es" }),
    ] {
        assert_error(
            &salon.patch(Some(&salon.admin), &javier, body).await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        );
    }

    // Javier off the staff: out of the list, and his session loses staff rights at once.
    let (status, body) = salon
        .patch(Some(&salon.admin), &javier, role("cliente"))
        .await;
    assert_eq!(
        (status, body["item"]["role"].clone()),
        (StatusCode::OK, json!("cliente"))
    );
    let (_, body) = salon.get(Some(&salon.admin), "/api/staff").await;
    assert_eq!(emails(&body), [ADMIN]);
    assert_error(
        &salon.get(Some(&salon.usuario), "/api/staff").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );

    // Marta onto the staff as administradora: she may now manage roles, Lucía's included.
    let (status, _) = salon
        .patch(Some(&salon.admin), &marta, role("administrador"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = salon
        .patch(Some(&salon.cliente), &lucia, role("usuario"))
        .await;
    assert_eq!(
        (status, body["item"]["role"].clone()),
        (StatusCode::OK, json!("usuario"))
    );
    assert_error(
        &salon
            .post(
                Some(&salon.admin),
                "/api/services",
                json!({
                    "name": "X", "description": "", "durationMin": 30, "priceCents": 0,
                }),
            )
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
}

async fn clients_are_searched_by_staff(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let javier = Salon::id_of(&salon.usuario);
    let marta_id = salon.marta_client_id().await;
    for (start, client) in [
        (
            600,
            json!({ "name": "Íñigo Peña", "phone": "+34 644 555 666" }),
        ),
        (630, json!({ "name": "Ana Gil", "email": "ana@ejemplo.es" })),
    ] {
        let (status, body) = salon
            .post(
                Some(&salon.admin),
                "/api/appointments",
                json!({
                    "staffId": javier, "client": client, "date": "2026-11-23",
                    "startMin": start, "serviceIds": ["barba"],
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    for (date, start) in [("2026-11-21", 660), ("2026-11-23", 690)] {
        let (status, body) = salon
            .post(
                Some(&salon.admin),
                "/api/appointments",
                json!({
                    "staffId": javier, "clientId": marta_id, "date": date, "startMin": start,
                    "serviceIds": ["barba"],
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }

    assert_error(
        &salon.get(None, "/api/clients").await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon.get(Some(&salon.cliente), "/api/clients").await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    let (status, body) = salon.get(Some(&salon.usuario), "/api/clients").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // By name as folded for search: accents do not move Íñigo to the end.
    assert_eq!(
        item_texts(&body, "name"),
        ["Ana Gil", "Íñigo Peña", "Marta Ruiz"].map(str::to_owned)
    );
    let marta = &body["items"][2];
    assert_eq!(marta["email"], "marta@cliente.example");
    assert_eq!(marta["userId"], Salon::id_of(&salon.cliente));
    assert_eq!(marta["appointments"], 2);
    assert_eq!(marta["lastAppointmentDate"], "2026-11-23");
    assert_eq!(body["items"][0]["userId"], Value::Null);
    assert_eq!(body["items"][0]["appointments"], 1);

    for (query, expected) in [
        ("inigo", "Íñigo Peña"),
        ("ÍÑIGO", "Íñigo Peña"),
        ("pena", "Íñigo Peña"),
        ("644555", "Íñigo Peña"),
        ("644 555", "Íñigo Peña"),
        ("RUÍZ", "Marta Ruiz"),
        ("cliente.example", "Marta Ruiz"),
        ("ANA@", "Ana Gil"),
    ] {
        let (status, body) = salon
            .get(
                Some(&salon.admin),
                &format!("/api/clients?q={}", urlencode(query)),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(item_texts(&body, "name"), [expected.to_owned()], "{query}");
    }
    let (_, body) = salon.get(Some(&salon.admin), "/api/clients?q=nadie").await;
    assert_eq!(body["items"], json!([]));
    let (_, body) = salon.get(Some(&salon.admin), "/api/clients?q=%20%20").await;
    assert_eq!(
        item_texts(&body, "name").len(),
        3,
        "a blank search lists everyone"
    );

    let (_, body) = salon.get(Some(&salon.admin), "/api/clients?limit=2").await;
    assert_eq!(
        item_texts(&body, "name"),
        ["Ana Gil", "Íñigo Peña"].map(str::to_owned)
    );
    for limit in ["1", "200"] {
        let (status, _) = salon
            .get(Some(&salon.admin), &format!("/api/clients?limit={limit}"))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    for query in [
        "limit=0".to_owned(),
        "limit=201".to_owned(),
        "limit=-1".to_owned(),
        "limit=muchos".to_owned(),
        format!("q={}", "a".repeat(101)),
        "sort=name".to_owned(),
    ] {
        assert_error(
            &salon
                .get(Some(&salon.admin), &format!("/api/clients?{query}"))
                .await,
            StatusCode::BAD_REQUEST,
            "invalid_request",
        );
    }
    let (status, _) = salon
        .get(
            Some(&salon.admin),
            &format!("/api/clients?q={}", "a".repeat(100)),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

/// Percent-encodes a query value (UTF-8 bytes outside the unreserved set).
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
