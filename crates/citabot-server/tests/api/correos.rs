//! "Correos" (issue 13) through the API, on both databases: the outbox for administradores
//! only, newest first and paged by id, one message with its bodies, its HTML preview under a
//! policy of its own, and "Reintentar" only for a failed message while mail is configured.

use citabot_server::config::SmtpTarget;
use citabot_server::dashboard::mail::PREVIEW_POLICY;
use citabot_store::mail::{AttemptFailed, MailKind, MailStatus};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use time::Duration;

use crate::booking::{seed_demo, sign_in};
use crate::dashboard_helpers::{ADMIN, Salon, assert_error, both, guest_books_through_the_chat};
use crate::helpers::{Backend, TestApp};
use crate::mail::outbox;

both!(
    correos_is_for_administradores,
    the_outbox_is_listed_newest_first_and_paged_by_id,
    a_message_reads_whole_and_previews_under_its_own_policy,
    only_a_failed_message_is_retried_and_only_with_mail_configured,
);

async fn correos_is_for_administradores(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-correos").await;
    let id = outbox(&salon.app).await[0].id;
    for (method, path) in [
        (Method::GET, "/api/mail".to_owned()),
        (Method::GET, format!("/api/mail/{id}")),
        (Method::GET, format!("/api/mail/{id}/preview")),
        (Method::POST, format!("/api/mail/{id}/retry")),
    ] {
        let answer = salon.call(None, method.clone(), &path, None).await;
        assert_error(&answer, StatusCode::UNAUTHORIZED, "unauthenticated");
        for who in [&salon.usuario, &salon.cliente] {
            let answer = salon.call(Some(who), method.clone(), &path, None).await;
            assert_error(&answer, StatusCode::FORBIDDEN, "forbidden");
        }
    }
}

fn ids(body: &Value) -> Vec<String> {
    body["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["id"].as_str().expect("ids are strings").to_owned())
        .collect()
}

async fn the_outbox_is_listed_newest_first_and_paged_by_id(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-correos").await;
    let mails = outbox(&salon.app).await;
    let newest_first: Vec<String> = mails.iter().rev().map(|mail| mail.id.to_string()).collect();
    assert_eq!(newest_first.len(), 2, "booked and reminder");
    let admin = Some(&salon.admin);

    let (status, body) = salon.get(admin, "/api/mail").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["configured"], false);
    assert_eq!(ids(&body), newest_first);
    let booked = &body["items"][1];
    assert_eq!(booked["kind"], "booked");
    assert_eq!(booked["to"], "pedro@ejemplo.es");
    assert_eq!(booked["status"], "unsent");
    assert_eq!(booked["attempts"], 0);
    assert_eq!(booked["lastError"], Value::Null);
    assert_eq!(booked["sentAt"], Value::Null);
    assert_eq!(booked["conversationId"], "s-correos");
    assert!(booked["citaId"].as_str().is_some());
    assert!(booked["subject"].as_str().is_some_and(|s| !s.is_empty()));
    for field in ["createdAt", "sendAfter"] {
        assert!(
            time::OffsetDateTime::parse(
                booked[field].as_str().expect("an instant"),
                &time::format_description::well_known::Rfc3339
            )
            .is_ok(),
            "{field}"
        );
    }
    assert!(booked.get("html").is_none(), "bodies only in one message");

    // A page of one, then the page before its id.
    let (_, first) = salon.get(admin, "/api/mail?limit=1").await;
    assert_eq!(ids(&first), newest_first[..1]);
    let (_, next) = salon
        .get(
            admin,
            &format!("/api/mail?limit=1&before={}", newest_first[0]),
        )
        .await;
    assert_eq!(ids(&next), newest_first[1..]);
    let (_, last) = salon
        .get(admin, &format!("/api/mail?before={}", newest_first[1]))
        .await;
    assert!(ids(&last).is_empty());

    let (_, unsent) = salon.get(admin, "/api/mail?status=unsent").await;
    assert_eq!(ids(&unsent), newest_first[1..]);
    let (_, pending) = salon.get(admin, "/api/mail?status=pending").await;
    assert_eq!(
        ids(&pending),
        newest_first[..1],
        "the reminder, not due yet"
    );

    for bad in [
        "/api/mail?status=lost",
        "/api/mail?limit=0",
        "/api/mail?limit=201",
        "/api/mail?before=ayer",
        "/api/mail?before=0",
        "/api/mail?page=2",
    ] {
        let answer = salon.get(admin, bad).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
}

async fn a_message_reads_whole_and_previews_under_its_own_policy(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-correos").await;
    let booked = outbox(&salon.app)
        .await
        .into_iter()
        .find(|mail| mail.kind == MailKind::Booked)
        .expect("a booked message");
    let admin = Some(&salon.admin);
    let (status, body) = salon.get(admin, &format!("/api/mail/{}", booked.id)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let item = &body["item"];
    assert_eq!(item["id"], booked.id.to_string());
    assert_eq!(item["kind"], "booked");
    assert_eq!(item["text"], booked.text.as_str());
    assert_eq!(item["html"], booked.html.as_str());
    assert!(
        item["text"]
            .as_str()
            .is_some_and(|text| text.contains("/cita/"))
    );
    assert!(
        item["ics"]
            .as_str()
            .is_some_and(|ics| ics.contains("METHOD:REQUEST"))
    );

    let response = salon
        .app
        .client
        .get(salon.app.url(&format!("/api/mail/{}/preview", booked.id)))
        .header("cookie", salon.admin.cookie_header())
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(headers["content-security-policy"], PREVIEW_POLICY);
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let policy = PREVIEW_POLICY;
    assert!(policy.contains("default-src 'none'") && !policy.contains("script-src"));
    assert!(policy.contains("frame-ancestors 'self'"));
    assert_eq!(response.text().await.expect("a body"), booked.html);

    for missing in ["999999", "abc", "-1", "0"] {
        for suffix in ["", "/preview"] {
            let answer = salon
                .get(admin, &format!("/api/mail/{missing}{suffix}"))
                .await;
            assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
        }
        let answer = salon
            .call(
                admin,
                Method::POST,
                &format!("/api/mail/{missing}/retry"),
                None,
            )
            .await;
        assert_error(&answer, StatusCode::NOT_FOUND, "not_found");
    }
}

/// Makes the cita's reminder `failed`, as a sender giving up on it would.
/// Makes the reminder fail for good after three attempts (two put back for later, then a
/// refusal), as the sender would; returns its id.
async fn fail_the_reminder(app: &TestApp) -> i64 {
    let reminder = outbox(app)
        .await
        .into_iter()
        .find(|mail| mail.kind == MailKind::Reminder)
        .expect("a reminder");
    let due = reminder.send_after;
    let outcomes = [
        AttemptFailed::RetryAt(due, "421 try again later"),
        AttemptFailed::RetryAt(due, "421 try again later"),
        AttemptFailed::GiveUp("550 no such mailbox"),
    ];
    for outcome in outcomes {
        let claimed = app
            .store
            .claim_due_mail("test-sender", due, due + Duration::minutes(5), 10)
            .await
            .expect("claims");
        // With mail configured the booked message is pending and claimed too; it stays claimed.
        assert!(claimed.iter().any(|mail| mail.id == reminder.id));
        assert!(
            app.store
                .mark_mail_attempt_failed(reminder.id, "test-sender", outcome)
                .await
                .expect("marks")
        );
    }
    let failed = app
        .store
        .mail(reminder.id)
        .await
        .expect("reads")
        .expect("kept");
    assert_eq!((failed.status, failed.attempts), (MailStatus::Failed, 3));
    reminder.id
}

async fn only_a_failed_message_is_retried_and_only_with_mail_configured(backend: Backend) {
    // Without a mail server: nothing can be retried.
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-correos").await;
    let booked = outbox(&salon.app).await[0].id;
    let admin = Some(&salon.admin);
    let retry = |id: i64| format!("/api/mail/{id}/retry");
    let answer = salon.call(admin, Method::POST, &retry(booked), None).await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    assert!(
        answer.1["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("fallado")
    );
    let failed = fail_the_reminder(&salon.app).await;
    let answer = salon.call(admin, Method::POST, &retry(failed), None).await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    assert!(
        answer.1["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("no está configurado"),
        "{}",
        answer.1
    );
    let (_, body) = salon.get(admin, &format!("/api/mail/{failed}")).await;
    assert_eq!(body["item"]["status"], "failed");
    assert_eq!(body["item"]["lastError"], "550 no such mailbox");

    // With one configured (its sender may take the message at once: nothing listens on port 9,
    // so an attempt only puts it back for later, never to `failed`).
    let Some(app) = TestApp::spawn_on(backend, |settings| {
        settings.smtp_url = SmtpTarget::parse("smtp://127.0.0.1:9").ok();
    })
    .await
    else {
        return;
    };
    let logins = seed_demo(&app).await;
    let admin = sign_in(&app, &logins, ADMIN).await;
    guest_books_through_the_chat(&app, "s-correos").await;
    let failed = fail_the_reminder(&app).await;
    let (status, body) =
        crate::dashboard_helpers::call(&app, Some(&admin), Method::POST, &retry(failed), None)
            .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["item"]["id"], failed.to_string());
    assert_eq!(body["item"]["status"], "pending");
    // Its 3 attempts start again from 0; the sender may already have made one by the time the
    // answer reads the message back.
    let attempts = body["item"]["attempts"].as_u64();
    assert!(matches!(attempts, Some(0 | 1)), "{body}");
    let stored = app.store.mail(failed).await.expect("reads").expect("kept");
    assert_eq!(stored.status, MailStatus::Pending);
    assert!(stored.attempts <= 1, "{stored:?}");
    // Only once: it is no longer failed.
    let answer =
        crate::dashboard_helpers::call(&app, Some(&admin), Method::POST, &retry(failed), None)
            .await;
    assert_error(&answer, StatusCode::CONFLICT, "conflict");
    let (_, list) =
        crate::dashboard_helpers::call(&app, Some(&admin), Method::GET, "/api/mail", None).await;
    assert_eq!(list["configured"], true);
}
