//! A client's page, `GET|PATCH /api/clients/{id}` (staff), through the real server on both
//! databases: contact details, every cita, every conversation with a plain-text preview, the
//! private note; each field checked as clients' and accounts' fields are everywhere.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat};
use crate::helpers::Backend;

both!(
    a_client_page_shows_citas_conversations_and_the_note,
    client_edits_are_checked_and_kept,
);

async fn a_client_page_shows_citas_conversations_and_the_note(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let marta = salon.marta_client_id().await;
    let page = format!("/api/clients/{marta}");

    // Only staff see it.
    assert_error(
        &salon.get(None, &page).await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );
    assert_error(
        &salon.get(Some(&salon.cliente), &page).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    assert_error(
        &salon
            .get(Some(&salon.admin), "/api/clients/no-existe")
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );

    let (status, body) = salon.get(Some(&salon.usuario), &page).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let item = &body["item"];
    assert_eq!(item["id"], marta.as_str());
    assert_eq!(item["name"], "Marta Ruiz");
    assert_eq!(item["email"], "marta@cliente.example");
    assert_eq!(item["phone"], "+34611222333");
    assert_eq!(item["userId"], Salon::id_of(&salon.cliente).as_str());
    assert_eq!(item["note"], "");
    assert_eq!(item["citas"], json!([]));
    assert_eq!(item["conversations"], json!([]));

    // She asks the assistant about the hours, signed in; staff book her a cita by hand.
    say(
        &salon.app,
        Some(&salon.cliente),
        "marta-chat",
        "¿qué horario tenéis?",
    )
    .await;
    let javier = Salon::id_of(&salon.usuario);
    let (status, booked) = salon
        .post(
            Some(&salon.admin),
            "/api/appointments",
            json!({
                "staffId": javier, "clientId": marta, "date": "2026-11-23", "startMin": 600,
                "serviceIds": ["corte-caballero"],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{booked}");
    // Someone else's conversation is not hers.
    guest_books_through_the_chat(&salon.app, "pedro-chat").await;

    let (_, body) = salon.get(Some(&salon.admin), &page).await;
    let item = &body["item"];
    let citas = item["citas"].as_array().expect("citas");
    assert_eq!(citas.len(), 1, "{body}");
    assert_eq!(citas[0]["id"], booked["item"]["id"]);
    assert_eq!(citas[0]["services"][0]["name"], "Corte de caballero");
    let conversations = item["conversations"].as_array().expect("conversations");
    assert_eq!(conversations.len(), 1, "{body}");
    let conversation = &conversations[0];
    assert_eq!(conversation["sessionId"], "marta-chat");
    assert_eq!(conversation["startedAt"], "2026-11-20T09:30:00Z");
    assert_eq!(conversation["lastMessageAt"], "2026-11-20T09:30:00Z");
    // The assistant's answer, as plain text: its markdown (bold, lists) is gone.
    let (_, transcript) = salon
        .get(Some(&salon.admin), "/api/conversations/marta-chat")
        .await;
    let last = transcript["item"]["messages"]
        .as_array()
        .and_then(|messages| messages.last())
        .and_then(|message| message["text"].as_str())
        .expect("a last message")
        .to_owned();
    assert!(last.contains("**") || last.contains('\n'), "{last}");
    let preview = conversation["preview"].as_str().expect("a preview");
    assert!(
        !preview.is_empty() && preview.chars().count() <= 140,
        "{preview}"
    );
    assert!(
        !preview.contains("**") && !preview.contains('\n'),
        "{preview}"
    );

    // The guest's booking lands on Pedro's page with its conversation.
    let (_, found) = salon.get(Some(&salon.admin), "/api/clients?q=pedro").await;
    let pedro = found["items"][0]["id"].as_str().expect("Pedro").to_owned();
    let (_, body) = salon
        .get(Some(&salon.admin), &format!("/api/clients/{pedro}"))
        .await;
    assert_eq!(body["item"]["conversations"][0]["sessionId"], "pedro-chat");
    assert!(
        body["item"]["conversations"][0]["preview"]
            .as_str()
            .is_some_and(|text| text.contains("¡Hecho!") && !text.contains('*')),
        "{body}"
    );
    assert_eq!(body["item"]["citas"].as_array().map(Vec::len), Some(1));
}

async fn client_edits_are_checked_and_kept(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let marta = salon.marta_client_id().await;
    let page = format!("/api/clients/{marta}");
    let note = "Alérgica al amoniaco.\nPrefiere las tardes.";

    assert_error(
        &salon
            .patch(Some(&salon.cliente), &page, json!({ "note": "x" }))
            .await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    assert_error(
        &salon
            .patch(
                Some(&salon.admin),
                "/api/clients/no-existe",
                json!({ "note": "x" }),
            )
            .await,
        StatusCode::NOT_FOUND,
        "not_found",
    );

    let (status, body) = salon
        .patch(
            Some(&salon.usuario),
            &page,
            json!({
                "name": "  Marta Ruiz Peña ", "phone": "+34 699 000 111",
                "email": "ＭＡＲＴＡ@Ejemplo.es", "note": note,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let expect = |item: &Value| {
        assert_eq!(item["name"], "Marta Ruiz Peña");
        assert_eq!(item["phone"], "+34699000111");
        assert_eq!(item["email"], "marta@ejemplo.es", "NFKC, lower case");
        assert_eq!(item["note"], note);
        assert_eq!(item["userId"], Salon::id_of(&salon.cliente).as_str());
    };
    expect(&body["item"]);
    let (_, reread) = salon.get(Some(&salon.admin), &page).await;
    expect(&reread["item"]);
    let (_, found) = salon.get(Some(&salon.admin), "/api/clients?q=699000").await;
    assert_eq!(found["items"][0]["id"], marta.as_str(), "{found}");

    // Every refusal names the field and changes nothing.
    let too_long_note = "a".repeat(2001);
    let too_long_name = "n".repeat(121);
    for (patch, code) in [
        (json!({ "note": too_long_note }), "invalid_request"),
        (json!({ "note": "hola\u{200b}" }), "invalid_request"),
        (json!({ "name": "" }), "invalid_request"),
        (json!({ "name": too_long_name }), "invalid_request"),
        (json!({ "name": "Marta\u{202e}" }), "invalid_request"),
        (json!({ "email": "no-es-un-email" }), "invalid_email"),
        (
            json!({ "email": "marta\u{200b}@ejemplo.es" }),
            "invalid_email",
        ),
        (json!({ "phone": "llámame" }), "invalid_phone"),
        (json!({ "phone": "1" }), "invalid_phone"),
        (json!({ "userId": "otra" }), "invalid_request"),
        (json!({ "note": 5 }), "invalid_request"),
    ] {
        let answer = salon.patch(Some(&salon.admin), &page, patch.clone()).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, code);
        let (_, now) = salon.get(Some(&salon.admin), &page).await;
        expect(&now["item"]);
    }

    // The limits themselves pass; null or blank clear email and phone; left out stays.
    let longest_note = "ñ".repeat(2000);
    let longest_name = "n".repeat(120);
    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            &page,
            json!({ "note": longest_note, "name": longest_name, "email": null, "phone": "  " }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["note"], longest_note.as_str());
    assert_eq!(body["item"]["name"], longest_name.as_str());
    assert_eq!(body["item"]["email"], Value::Null);
    assert_eq!(body["item"]["phone"], Value::Null);
    let (status, body) = salon
        .patch(Some(&salon.admin), &page, json!({ "note": "" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["note"], "");
    assert_eq!(body["item"]["name"], longest_name.as_str());

    // The note is the staff's: nothing the cliente reads carries it.
    salon
        .patch(
            Some(&salon.admin),
            &page,
            json!({ "note": "nota-privada-xyz" }),
        )
        .await;
    for path in [
        "/api/profile",
        "/api/appointments?from=2026-11-01&to=2026-12-31",
    ] {
        let (_, mine) = salon.get(Some(&salon.cliente), path).await;
        assert!(
            !mine.to_string().contains("nota-privada-xyz"),
            "{path}: {mine}"
        );
    }
}
