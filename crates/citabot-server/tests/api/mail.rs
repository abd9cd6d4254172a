//! The outbox (issue 13) through the API, on both databases, with no mail server configured:
//! what each booking, move, status change and call for a person writes, rendered and in the
//! write's own transaction; reminders re-planned and dropped; the salon's mail settings.

use citabot_store::mail::{Mail, MailKind, MailPage, MailStatus};
use reqwest::StatusCode;
use serde_json::json;
use time::macros::{date, datetime};

use crate::booking::say;
use crate::dashboard_helpers::{Salon, assert_error, both, guest_books_through_the_chat};
use crate::helpers::{Backend, TestApp};

/// Every message in the outbox, oldest first.
pub async fn outbox(app: &TestApp) -> Vec<Mail> {
    let mut all = app
        .store
        .mail_page(MailPage {
            status: None,
            before: None,
            limit: 200,
        })
        .await
        .expect("reads the outbox");
    all.reverse();
    all
}

fn kinds(mails: &[Mail]) -> Vec<(MailKind, String, MailStatus)> {
    mails
        .iter()
        .map(|mail| (mail.kind, mail.recipient.clone(), mail.status))
        .collect()
}

/// The staff alert addresses, set by the administrador.
pub async fn alert_to(salon: &Salon, addresses: &[&str]) {
    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "mail": { "staffAlertEmails": addresses } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

both!(a_chat_booking_queues_its_messages_in_spanish);
async fn a_chat_booking_queues_its_messages_in_spanish(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    alert_to(&salon, &["avisos@peluqueria.example"]).await;
    guest_books_through_the_chat(&salon.app, "s-mail").await;
    let mails = outbox(&salon.app).await;
    assert_eq!(
        kinds(&mails),
        [
            (
                MailKind::Booked,
                "pedro@ejemplo.es".to_owned(),
                MailStatus::Unsent
            ),
            (
                MailKind::Reminder,
                "pedro@ejemplo.es".to_owned(),
                MailStatus::Pending
            ),
            (
                MailKind::StaffNewBooking,
                "avisos@peluqueria.example".to_owned(),
                MailStatus::Unsent
            ),
        ]
    );
    let booked = &mails[0];
    assert_eq!(booked.language, "es");
    assert!(
        booked.subject.contains("queda guardada"),
        "{}",
        booked.subject
    );
    assert!(
        booked
            .text
            .contains("te confirmará la cita en cuanto la revise"),
        "{}",
        booked.text
    );
    assert!(
        booked.text.contains("lunes 23 de noviembre, 10:00"),
        "{}",
        booked.text
    );
    assert!(booked.text.contains("Peluquería Lucía"), "{}", booked.text);
    let link_start = booked.text.find("/cita/").expect("a manage link");
    assert!(booked.html.contains("/cita/"));
    assert!(booked.html.contains("Gestionar mi cita"));
    // Long lines are folded (RFC 5545): read the file unfolded.
    let ics = booked.ics.as_deref().expect("an .ics").replace("\r\n ", "");
    let ics = ics.as_str();
    let citas = salon
        .app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads");
    let cita = &citas[0];
    assert!(ics.contains("METHOD:REQUEST\r\n"), "{ics}");
    assert!(
        ics.contains(&format!("UID:{}@citabot\r\n", cita.id)),
        "{ics}"
    );
    assert!(ics.contains("SEQUENCE:0\r\n"), "{ics}");
    assert!(ics.contains("mailto:pedro@ejemplo.es"), "{ics}");
    assert_eq!(booked.cita_id.as_deref(), Some(cita.id.as_str()));
    assert_eq!(booked.conversation_id.as_deref(), Some("s-mail"));
    assert!(booked.text[link_start..].len() > 20);
    // The reminder is due 24 hours before the start (Monday 10:00 in Madrid).
    assert_eq!(mails[1].send_after, datetime!(2026-11-22 09:00 UTC));
    assert!(mails[1].text.contains("Sí, voy"));
    assert!(mails[1].text.contains("?accion=asistir"));
    assert!(mails[2].text.contains("Pedro Sanz"), "{}", mails[2].text);
    assert!(mails[2].text.contains("/dashboard/conversaciones/s-mail"));
}

both!(an_english_booking_is_written_in_english);
async fn an_english_booking_is_written_in_english(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let app = &salon.app;
    say(
        app,
        None,
        "s-en",
        "I'd like a men's haircut on Monday at 10",
    )
    .await;
    say(app, None, "s-en", "Peter Smith").await;
    say(app, None, "s-en", "peter@example.com").await;
    let reply = say(app, None, "s-en", "yes").await;
    assert!(reply.contains("Done"), "{reply}");
    let mails = outbox(app).await;
    let booked = mails
        .iter()
        .find(|mail| mail.kind == MailKind::Booked)
        .expect("a booked message");
    assert_eq!(booked.language, "en");
    assert!(
        booked.subject.contains("is kept for you"),
        "{}",
        booked.subject
    );
    assert!(
        booked.text.contains("Monday 23 November, 10:00"),
        "{}",
        booked.text
    );
}

both!(moves_and_cancellations_replan_the_reminder);
async fn moves_and_cancellations_replan_the_reminder(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-move").await;
    let cita = salon
        .app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads")
        .remove(0);
    let path = format!("/api/appointments/{}", cita.id);
    // All in the same instant: the calendar's SEQUENCE counts the changes, not the time.
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "startMin": 720 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mails = outbox(&salon.app).await;
    let reminders: Vec<_> = mails
        .iter()
        .filter(|mail| mail.kind == MailKind::Reminder)
        .map(|mail| mail.send_after)
        .collect();
    assert_eq!(
        reminders,
        [datetime!(2026-11-22 11:00 UTC)],
        "one, re-planned"
    );
    let moved = mails.last().expect("messages");
    assert_eq!(moved.kind, MailKind::Reminder);
    let moved = mails
        .iter()
        .find(|mail| mail.kind == MailKind::Moved)
        .expect("a moved message");
    assert!(moved.text.contains("12:00"), "{}", moved.text);

    // Confirmed by the salon: told so, the reminder planned again.
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "status": "confirmada" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "status": "cancelada" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mails = outbox(&salon.app).await;
    let kinds: Vec<MailKind> = mails.iter().map(|mail| mail.kind).collect();
    assert_eq!(
        kinds,
        [
            MailKind::Booked,
            MailKind::Moved,
            MailKind::Confirmed,
            MailKind::Cancelled
        ],
        "no reminder left"
    );
    let sequences: Vec<Option<&str>> = mails
        .iter()
        .map(|mail| {
            let ics = mail.ics.as_deref()?;
            let line = ics.lines().find(|line| line.starts_with("SEQUENCE:"))?;
            Some(line)
        })
        .collect();
    assert_eq!(
        sequences,
        [
            Some("SEQUENCE:0"),
            Some("SEQUENCE:1"),
            Some("SEQUENCE:2"),
            Some("SEQUENCE:3")
        ],
        "one more with every change, though no time passed"
    );
    let cancelled = mails.last().expect("messages");
    assert!(
        cancelled
            .ics
            .as_deref()
            .is_some_and(|ics| ics.contains("METHOD:CANCEL\r\n"))
    );
    // A refused change queues nothing.
    let (status, _) = salon
        .patch(Some(&salon.admin), &path, json!({ "status": "confirmada" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(outbox(&salon.app).await.len(), 4);
}

both!(a_visitor_asking_for_a_person_alerts_the_staff);
async fn a_visitor_asking_for_a_person_alerts_the_staff(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    alert_to(&salon, &["a@peluqueria.example", "b@peluqueria.example"]).await;
    // During opening hours the answer starts a wait on the live channel: no "output" here.
    let answer = salon
        .app
        .send_message("s-person", "quiero hablar con una persona")
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    let mails = outbox(&salon.app).await;
    assert_eq!(
        kinds(&mails),
        [
            (
                MailKind::StaffWaiting,
                "a@peluqueria.example".to_owned(),
                MailStatus::Unsent
            ),
            (
                MailKind::StaffWaiting,
                "b@peluqueria.example".to_owned(),
                MailStatus::Unsent
            ),
        ]
    );
    assert!(mails[0].text.contains("/dashboard/conversaciones/s-person"));
}

both!(mail_settings_are_the_administradors_alone);
async fn mail_settings_are_the_administradors_alone(backend: Backend) {
    let Some(salon) = Salon::open(backend).await else {
        return;
    };
    let (_, public) = salon.get(None, "/api/business").await;
    assert!(public["item"].get("mail").is_none(), "{public}");
    let (_, staff) = salon.get(Some(&salon.usuario), "/api/business").await;
    assert!(staff["item"].get("mail").is_none());
    let (_, admin) = salon.get(Some(&salon.admin), "/api/business").await;
    assert_eq!(
        admin["item"]["mail"],
        json!({ "reminderHours": 24, "staffAlertEmails": [] })
    );
    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "mail": { "reminderHours": 48, "staffAlertEmails": ["Avisos@Peluqueria.example"] } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["item"]["mail"],
        json!({ "reminderHours": 48, "staffAlertEmails": ["avisos@peluqueria.example"] })
    );
    for bad in [
        json!({ "mail": { "reminderHours": 0 } }),
        json!({ "mail": { "reminderHours": 169 } }),
        json!({ "mail": { "staffAlertEmails": ["a@b.es", "a@b.es"] } }),
        json!({ "mail": { "staffAlertEmails": ["a@b.es", "b@b.es", "c@b.es", "d@b.es", "e@b.es", "f@b.es"] } }),
        json!({ "mail": {} }),
    ] {
        let answer = salon
            .patch(Some(&salon.admin), "/api/business", bad.clone())
            .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_request");
    }
    let answer = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "mail": { "staffAlertEmails": ["no es un email"] } }),
        )
        .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "invalid_email");
    let answer = salon
        .patch(
            Some(&salon.usuario),
            "/api/business",
            json!({ "mail": { "reminderHours": 2 } }),
        )
        .await;
    assert_eq!(answer.0, StatusCode::FORBIDDEN);
    // A booking inside the window gets no reminder: 96 hours before Monday 10:00 is past.
    let (status, body) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({ "mail": { "reminderHours": 96 } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    guest_books_through_the_chat(&salon.app, "s-window").await;
    let mails = outbox(&salon.app).await;
    assert!(
        mails.iter().all(|mail| mail.kind != MailKind::Reminder),
        "{:?}",
        kinds(&mails)
    );
}
