//! Reviews (issue 24) on both databases: a completed cita's client is sent a review link; the
//! link takes one review, never before the cita is completed, and cannot be guessed, reused or
//! used once expired; staff answer and hide reviews; the public list and its average show only
//! what is not hidden. And the demo's week: written, shown as the demo's, taken away in one go.

use citabot_domain::clock::Clock;
use citabot_server::mail::token::{REVIEW_LINK_LIFETIME, TokenKey};
use citabot_store::mail::MailKind;
use reqwest::Method;
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::Duration;
use time::macros::date;

use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat};
use crate::helpers::Backend;
use crate::mail::outbox;

/// The salon with its links under `https://citas.example`, and Pedro's cita (Monday 23
/// November 2026, 10:00, a men's cut) booked in the chat.
async fn salon_with_a_cita(backend: Backend) -> Option<(Salon, String)> {
    let salon = Salon::open_with(backend, |settings| {
        settings.public_url = Some("https://citas.example".into());
    })
    .await?;
    guest_books_through_the_chat(&salon.app, "s-review").await;
    let cita = salon
        .app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads")
        .remove(0);
    Some((salon, cita.id))
}

/// The review link's token of `cita_id`, signed with the database's own key as the server
/// would sign it at `now` (to try what the server never sends: a link to a cita not done).
async fn forged_review_token(salon: &Salon, cita_id: &str) -> String {
    let key = salon
        .app
        .store
        .mail_signing_key(&[0; 32])
        .await
        .expect("the key");
    TokenKey::new(key).sign_review(cita_id, salon.app.clock.now())
}

/// The salon confirms the cita, then (it being over) marks it completed.
async fn complete(salon: &Salon, cita_id: &str) {
    let path = format!("/api/appointments/{cita_id}");
    for status in ["confirmada", "completada"] {
        let (answered, body) = salon
            .patch(Some(&salon.admin), &path, json!({ "status": status }))
            .await;
        assert_eq!(answered, StatusCode::OK, "{status}: {body}");
    }
}

both!(a_completed_cita_is_reviewed_once_through_its_link);
async fn a_completed_cita_is_reviewed_once_through_its_link(backend: Backend) {
    let Some((salon, cita_id)) = salon_with_a_cita(backend).await else {
        return;
    };
    let app = &salon.app;

    // Before the cita is done, even a genuine link takes nothing.
    let early = forged_review_token(&salon, &cita_id).await;
    let page = format!("/api/review/{early}");
    let refused = salon.get(None, &page).await;
    assert_error(&refused, StatusCode::CONFLICT, "conflict");
    let refused = salon.post(None, &page, json!({ "rating": 5 })).await;
    assert_error(&refused, StatusCode::CONFLICT, "conflict");
    assert!(
        !outbox(app)
            .await
            .iter()
            .any(|mail| mail.kind == MailKind::ReviewRequest)
    );

    // Done: the client is asked how it went, with a link for each number of stars.
    // From Friday 20 November, 09:30 UTC, to Monday 23, 10:00 UTC: the cita is over.
    app.clock.advance(Duration::days(3) + Duration::minutes(30));
    complete(&salon, &cita_id).await;
    let mails = outbox(app).await;
    let request = mails
        .iter()
        .find(|mail| mail.kind == MailKind::ReviewRequest)
        .expect("a review request");
    assert_eq!(request.recipient, "pedro@ejemplo.es");
    assert!(request.ics.is_none(), "nothing for a calendar");
    assert!(
        request.subject.contains("¿Qué tal tu cita"),
        "{}",
        request.subject
    );
    let five = request
        .text
        .lines()
        .find_map(|line| line.strip_prefix("★ 5: "))
        .expect("a link for five stars");
    let token = five
        .strip_prefix("https://citas.example/opinion/")
        .and_then(|rest| rest.strip_suffix("?estrellas=5"))
        .expect("the review page")
        .to_owned();
    assert!(request.html.contains("?estrellas=1"), "{}", request.html);

    // Opening the link changes nothing.
    let page = format!("/api/review/{token}");
    let (status, body) = salon.get(None, &page).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["services"], json!(["Corte de caballero"]));
    assert_eq!(body["item"]["date"], "2026-11-23");
    assert_eq!(body["item"]["review"], Value::Null);
    assert!(
        body["item"]["staffName"]
            .as_str()
            .is_some_and(|name| !name.is_empty())
    );

    // What the form may send.
    for (bad, status, code) in [
        (
            json!({ "rating": 0 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
        (
            json!({ "rating": 6 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
        (
            json!({ "rating": -1 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
        ),
        (
            json!({ "rating": 5, "comment": "a".repeat(1001) }),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            json!({ "rating": 5, "comment": "hola\u{202e}" }),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            json!({ "rating": "5" }),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            json!({ "rating": 5, "extra": 1 }),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
    ] {
        let answer = salon.post(None, &page, bad.clone()).await;
        assert_error(&answer, status, code);
    }

    let (status, body) = salon
        .post(
            None,
            &page,
            json!({ "rating": 5, "comment": "  Muy buen corte, gracias.  " }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let review = &body["item"];
    assert_eq!(review["rating"], 5);
    assert_eq!(review["comment"], "Muy buen corte, gracias.");
    assert_eq!(review["author"], "Pedro S.");
    assert_eq!(review["demo"], false);
    let id = review["id"].as_str().expect("an id").to_owned();

    // Used: the link shows the review and takes no other.
    let again = salon.post(None, &page, json!({ "rating": 1 })).await;
    assert_error(&again, StatusCode::CONFLICT, "conflict");
    let (status, body) = salon.get(None, &page).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["review"]["rating"], 5);

    // Guessed or borrowed: nothing.
    let manage = salon_manage_token(request);
    let mut altered = token.clone();
    let last = altered.pop().expect("a character");
    altered.push(if last == 'A' { 'B' } else { 'A' });
    for guess in [
        altered.as_str(),
        manage.as_str(),
        "abc.def",
        "",
        &"x".repeat(400),
    ] {
        let answer = salon.get(None, &format!("/api/review/{guess}")).await;
        assert!(
            matches!(
                answer.0,
                StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED
            ),
            "{guess}: {:?}",
            answer
        );
    }

    // The public list and its average.
    let (status, list) = salon.get(None, "/api/reviews").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["summary"], json!({ "count": 1, "average": 5.0 }));
    assert_eq!(list["items"][0]["id"], id.as_str());

    // Staff answer and hide; nobody else may.
    let path = format!("/api/reviews/{id}");
    let answer = salon.patch(None, &path, json!({ "hidden": true })).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
    let answer = salon
        .patch(Some(&salon.cliente), &path, json!({ "hidden": true }))
        .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    let answer = salon.patch(Some(&salon.usuario), &path, json!({})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    let answer = salon
        .patch(
            Some(&salon.usuario),
            "/api/reviews/nope",
            json!({ "hidden": true }),
        )
        .await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
    let (status, body) = salon
        .patch(
            Some(&salon.usuario),
            &path,
            json!({ "reply": "¡Gracias, Pedro! Te esperamos." }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["reply"], "¡Gracias, Pedro! Te esperamos.");
    assert!(body["item"]["repliedAt"].is_string());
    let (status, body) = salon
        .patch(Some(&salon.usuario), &path, json!({ "hidden": true }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["hidden"], true);
    let (_, public) = salon.get(None, "/api/reviews").await;
    assert_eq!(public["summary"], json!({ "count": 0, "average": 0.0 }));
    assert_eq!(public["items"], json!([]));
    let (_, staff) = salon.get(Some(&salon.usuario), "/api/reviews").await;
    assert_eq!(staff["items"][0]["hidden"], true);
    let (status, body) = salon
        .patch(
            Some(&salon.usuario),
            &path,
            json!({ "reply": null, "hidden": false }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["reply"], Value::Null);
    let (_, public) = salon.get(None, "/api/reviews").await;
    assert_eq!(public["summary"]["count"], 1);

    // A month later the link is gone.
    app.clock
        .advance(REVIEW_LINK_LIFETIME + Duration::minutes(1));
    let answer = salon.get(None, &page).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
}

/// The manage link's token in a message (it must never open the review page).
fn salon_manage_token(mail: &citabot_store::mail::Mail) -> String {
    mail.html
        .split("/cita/")
        .nth(1)
        .map(|rest| {
            rest.split(['"', '?', '&'])
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .unwrap_or_else(|| "no-manage-link".to_owned())
}

both!(the_demo_week_is_shown_as_the_demos_and_goes_in_one_click);
async fn the_demo_week_is_shown_as_the_demos_and_goes_in_one_click(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    let (_, business) = salon.get(Some(&salon.admin), "/api/business").await;
    assert_eq!(business["item"]["demoData"], false);
    let written = citabot_server::demo::seed_week(app.store.as_ref(), app.clock.now())
        .await
        .expect("writes the week");
    assert!(written >= 20, "{written}");

    // Friday 20 November 2026: from Tuesday 17 to Monday 23, inside the hours, none on Sunday.
    let citas = app
        .store
        .citas_between(date!(2026 - 11 - 17), date!(2026 - 11 - 24))
        .await
        .expect("reads");
    assert_eq!(citas.len(), written);
    let salon_hours = citabot_domain::booking::demo::salon().hours;
    for cita in &citas {
        assert!(
            salon_hours
                .on(cita.date.weekday())
                .iter()
                .any(|period| period.open <= cita.start_min && cita.end_min <= period.close),
            "{cita:?}"
        );
    }
    let statuses: Vec<&str> = citas.iter().map(|cita| cita.status.as_str()).collect();
    for status in ["completada", "no_presentado", "confirmada", "pendiente"] {
        assert!(statuses.contains(&status), "{status} in {statuses:?}");
    }

    let (_, business) = salon.get(Some(&salon.usuario), "/api/business").await;
    assert_eq!(business["item"]["demoData"], true);
    let (_, guest_business) = salon.get(None, "/api/business").await;
    assert!(
        guest_business["item"].get("demoData").is_none(),
        "staff only"
    );
    let (_, reviews) = salon.get(None, "/api/reviews").await;
    assert_eq!(reviews["summary"]["count"], 4);
    assert!(
        reviews["items"]
            .as_array()
            .expect("items")
            .iter()
            .all(|review| review["demo"] == true)
    );

    let answer = salon
        .call(Some(&salon.usuario), Method::DELETE, "/api/demo", None)
        .await;
    assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
    let (status, body) = salon
        .call(Some(&salon.admin), Method::DELETE, "/api/demo", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["removedCitas"], written);
    assert!(
        app.store
            .citas_between(date!(2026 - 11 - 17), date!(2026 - 11 - 24))
            .await
            .expect("reads")
            .is_empty()
    );
    let (_, reviews) = salon.get(None, "/api/reviews").await;
    assert_eq!(reviews["summary"]["count"], 0);
    let (_, business) = salon.get(Some(&salon.admin), "/api/business").await;
    assert_eq!(business["item"]["demoData"], false);
    // The salon itself stays.
    let (_, services) = salon.get(None, "/api/services").await;
    assert_eq!(services["items"].as_array().map(Vec::len), Some(8));
}
