//! The mail sender against a real SMTP server ([`SmtpSink`], aiosmtpd): what a booking's
//! messages look like on arrival, each delivered once; STARTTLS, implicit TLS and login;
//! retries and giving up; a sender stopped mid-delivery, two senders on one database; and no
//! mail server at all.

use std::time::Duration as StdDuration;

use citabot_domain::clock::Clock;
use citabot_server::config::{MailFrom, Settings, SmtpTarget};
use citabot_store::mail::{Mail, MailKind, MailStatus};
use reqwest::StatusCode;
use serde_json::json;
use time::Duration;
use time::macros::date;

use crate::booking::say;
use crate::dashboard_helpers::{Salon, both, guest_books_through_the_chat};
use crate::helpers::{Backend, TestApp};
use crate::images::{png, put};
use crate::mail::{alert_to, outbox};
use crate::smtp_sink::{
    Received, SINK_PASSWORD, SINK_USER, SinkOptions, SinkTls, SmtpSink, eventually,
};

/// Settings sending to `sink` (logging in when `login`), looking at the outbox every second.
fn sending_to(sink: &SmtpSink, login: bool) -> impl FnOnce(&mut Settings) + use<> {
    let url = sink.url(login.then_some((SINK_USER, SINK_PASSWORD)));
    let ca_file = sink.ca_file();
    move |settings| {
        settings.smtp_url = Some(SmtpTarget::parse(&url).expect("the sink's URL"));
        settings.smtp_ca_file = ca_file;
        settings.mail_poll_secs = 1;
        settings.public_url = Some("https://citas.example".into());
        settings.mail_from =
            MailFrom::parse("Peluquería Ana <citas@peluqueria.example>").expect("a mailbox");
    }
}

/// Waits (up to 20 seconds) until the outbox satisfies `check`, and returns it.
async fn outbox_when(app: &TestApp, check: impl Fn(&[Mail]) -> bool) -> Vec<Mail> {
    for _ in 0..400 {
        let mails = outbox(app).await;
        if check(&mails) {
            return mails;
        }
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    panic!(
        "the outbox never got there: {:#?}",
        status_of(&outbox(app).await)
    );
}

fn status_of(mails: &[Mail]) -> Vec<(MailKind, MailStatus, u32)> {
    mails
        .iter()
        .map(|mail| (mail.kind, mail.status, mail.attempts))
        .collect()
}

fn of_kind(mails: &[Mail], kind: MailKind) -> &Mail {
    mails
        .iter()
        .rev()
        .find(|mail| mail.kind == kind)
        .unwrap_or_else(|| panic!("a {kind:?} message in {:#?}", status_of(mails)))
}

/// The one message received with this `Message-ID`.
fn arrived<'a>(received: &'a [Received], mail: &Mail) -> &'a Received {
    let copies: Vec<_> = received
        .iter()
        .filter(|message| message.message_id == mail.message_id)
        .collect();
    assert_eq!(copies.len(), 1, "{:?} arrived once", mail.kind);
    copies[0]
}

/// Lines as written, whatever line ends the trip gave them.
fn lines(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_end).collect()
}

/// The calendar part: its `method` parameter and content.
fn calendar(message: &Received) -> (&str, &str) {
    let part = message.part("text/calendar").expect("a calendar part");
    assert_eq!(part.filename.as_deref(), Some("cita.ics"));
    (
        part.params.get("method").map_or("", String::as_str),
        part.content.as_deref().expect("content"),
    )
}

/// Some more looks of the sender, for tests that check nothing else arrives.
async fn a_few_more_looks() {
    tokio::time::sleep(StdDuration::from_millis(2500)).await;
}

both!(a_booking_is_delivered_once_with_its_calendar_and_link);
async fn a_booking_is_delivered_once_with_its_calendar_and_link(backend: Backend) {
    let Some(sink) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(salon) = Salon::open_with(backend, sending_to(&sink, false)).await else {
        return;
    };
    let app = &salon.app;
    alert_to(&salon, &["avisos@peluqueria.example"]).await;
    guest_books_through_the_chat(app, "s-sent").await;
    let received = sink.wait_for(2).await;
    let mails = outbox_when(app, |mails| {
        mails
            .iter()
            .filter(|mail| mail.status == MailStatus::Sent)
            .count()
            == 2
    })
    .await;
    let booked = of_kind(&mails, MailKind::Booked);
    let message = arrived(&received, booked);
    assert_eq!(message.rcpt_tos, ["pedro@ejemplo.es"]);
    assert_eq!(message.subject, booked.subject);
    assert!(message.subject.contains("queda guardada"));
    assert!(
        message.from.contains("citas@peluqueria.example"),
        "{}",
        message.from
    );
    assert_eq!(lines(message.text()), lines(&booked.text));
    assert!(
        message.text().contains("https://citas.example/cita/"),
        "{}",
        message.text()
    );
    assert!(message.part("text/html").is_some());
    assert!(
        message.data.contains("multipart/alternative"),
        "text and HTML are alternatives"
    );
    let cita = app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads")
        .remove(0);
    let (method, ics) = calendar(message);
    assert_eq!(method, "REQUEST");
    let ics = lines(ics);
    assert!(ics.contains(&"METHOD:REQUEST"), "{ics:?}");
    let uid = format!("UID:{}@citabot", cita.id);
    assert!(ics.contains(&uid.as_str()), "{ics:?}");
    assert!(ics.contains(&"SEQUENCE:0"), "{ics:?}");
    let alert = arrived(&received, of_kind(&mails, MailKind::StaffNewBooking));
    assert_eq!(alert.rcpt_tos, ["avisos@peluqueria.example"]);
    assert!(alert.part("text/calendar").is_none());
    assert!(booked.sent_at.is_some());
    assert_eq!(
        of_kind(&mails, MailKind::Reminder).status,
        MailStatus::Pending,
        "not due yet"
    );

    // Moved, then cancelled: the same event, a later SEQUENCE, then a cancellation.
    let path = format!("/api/appointments/{}", cita.id);
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "startMin": 720 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let received = sink.wait_for(3).await;
    let mails = outbox(app).await;
    let moved = arrived(&received, of_kind(&mails, MailKind::Moved));
    let (method, ics) = calendar(moved);
    let ics = lines(ics);
    assert_eq!(method, "REQUEST");
    assert!(ics.contains(&uid.as_str()), "{ics:?}");
    assert!(ics.contains(&"SEQUENCE:1"), "{ics:?}");
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "status": "cancelada" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let received = sink.wait_for(4).await;
    let mails = outbox(app).await;
    let cancelled = arrived(&received, of_kind(&mails, MailKind::Cancelled));
    let (method, ics) = calendar(cancelled);
    assert_eq!(method, "CANCEL");
    assert!(lines(ics).contains(&"METHOD:CANCEL"));
    assert!(lines(ics).contains(&uid.as_str()));

    // Past the (dropped) reminder's time: nothing more, and nothing twice.
    app.clock.advance(Duration::days(3));
    a_few_more_looks().await;
    assert_eq!(sink.received().len(), 4);
    assert!(
        outbox(app)
            .await
            .iter()
            .all(|mail| mail.status == MailStatus::Sent)
    );
}

both!(a_message_wears_the_salons_name_logo_and_colour);
async fn a_message_wears_the_salons_name_logo_and_colour(backend: Backend) {
    let Some(sink) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(salon) = Salon::open_with(backend, sending_to(&sink, false)).await else {
        return;
    };
    let app = &salon.app;
    let (status, business) = salon
        .patch(
            Some(&salon.admin),
            "/api/business",
            json!({
                "address": { "street": "Calle Mayor 1", "postalCode": "28013", "city": "Madrid" },
                "brandColor": "#ffd700",
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{business}");
    let name = business["item"]["name"]
        .as_str()
        .expect("a name")
        .to_owned();
    let (status, body) = put(&salon, "logo", png(64, 64, 300)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let logo = body["item"]["logoUrl"].as_str().expect("a logo").to_owned();
    let (_, services) = salon.get(None, "/api/services").await;
    let cut = services["items"]
        .as_array()
        .expect("services")
        .iter()
        .find(|service| service["name"] == "Corte de caballero")
        .expect("the demo's men's cut")
        .clone();
    let price = citabot_domain::booking::format_price(
        u32::try_from(cut["priceCents"].as_u64().expect("a price")).expect("small"),
    );

    guest_books_through_the_chat(app, "s-look").await;
    let received = sink.wait_for(1).await;
    let message = &received[0];

    // From the salon by its name, at the configured address (not the configured name).
    assert!(message.from.contains(&name), "{}", message.from);
    assert!(
        message.from.contains("<citas@peluqueria.example>"),
        "{}",
        message.from
    );
    assert!(!message.from.contains("Peluquería Ana"), "{}", message.from);

    let text = message.text();
    assert!(text.contains(&format!("Precio: {price}")), "{text}");
    assert!(
        text.contains("Añadir a Google Calendar: https://calendar.google.com/calendar/render?action=TEMPLATE&text=Corte%20de%20caballero%20%E2%80%94%20"),
        "{text}"
    );
    assert!(
        text.contains("Añadir a Outlook: https://outlook.live.com/calendar/0/deeplink/compose?subject=Corte%20de%20caballero"),
        "{text}"
    );
    assert!(
        text.contains("Cómo llegar: https://www.google.com/maps/search/?api=1&query=Calle%20Mayor%201%2C%2028013%20Madrid"),
        "{text}"
    );
    // Monday 23 November 2026, 10:00 in Madrid: 09:00 UTC.
    assert!(text.contains("&dates=20261123T090000Z/"), "{text}");

    let html = message
        .part("text/html")
        .and_then(|part| part.content.as_deref())
        .expect("an HTML part");
    assert!(
        html.contains(&format!(
            "<img src=\"https://citas.example{}\"",
            logo.replace('&', "&amp;")
        )),
        "{html}"
    );
    assert!(html.contains(&format!("alt=\"{name}\"")), "{html}");
    // A pale gold is darkened until white reads on it.
    let accent = citabot_domain::booking::profile::accent_on_white("#ffd700");
    assert_ne!(accent, "#ffd700");
    assert!(
        html.contains(&format!("background:{accent};color:#ffffff")),
        "{html}"
    );
    assert!(
        !html.contains("#9d174d"),
        "the default colour is gone: {html}"
    );
    assert!(html.contains("&middot;"), "{html}");
    assert!(html.contains("name=\"viewport\""), "{html}");
    assert!(
        message.part("text/calendar").is_some(),
        "the .ics is still attached"
    );

    if let Some(verdict) = crate::spam::judge(&message.data) {
        println!("SpamAssassin: {}", verdict.report);
        assert!(verdict.score < 5.0, "{}", verdict.report);
    }

    // Cancelled: "Reservar otra cita" leads back to the site.
    let cita = app
        .store
        .citas_between(date!(2026 - 11 - 23), date!(2026 - 11 - 24))
        .await
        .expect("reads")
        .remove(0);
    let path = format!("/api/appointments/{}", cita.id);
    let (status, body) = salon
        .patch(Some(&salon.admin), &path, json!({ "status": "cancelada" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let received = sink.wait_for(2).await;
    let cancelled = received
        .iter()
        .find(|message| message.subject.contains("cancelada"))
        .expect("the cancellation");
    assert!(
        lines(cancelled.text()).contains(&"Reservar otra cita: https://citas.example/"),
        "{}",
        cancelled.text()
    );
    assert!(
        !cancelled.text().contains("Google Calendar"),
        "{}",
        cancelled.text()
    );
    if let Some(verdict) = crate::spam::judge(&cancelled.data) {
        println!("SpamAssassin: {}", verdict.report);
        assert!(verdict.score < 5.0, "{}", verdict.report);
    }
}

#[tokio::test]
async fn an_english_booking_arrives_in_english() {
    let Some(sink) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(salon) = Salon::open_with(Backend::Sqlite, sending_to(&sink, false)).await else {
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
    let ask = say(app, None, "s-en", "Peter Smith").await;
    // Mail is really sent: the assistant says what the address is for.
    assert!(ask.contains("And an email for the confirmation?"), "{ask}");
    say(app, None, "s-en", "peter@example.com").await;
    let reply = say(app, None, "s-en", "yes").await;
    assert!(reply.contains("Done"), "{reply}");
    let received = sink.wait_for(1).await;
    assert_eq!(received[0].rcpt_tos, ["peter@example.com"]);
    assert!(
        received[0].subject.contains("is kept for you"),
        "{}",
        received[0].subject
    );
    assert!(received[0].text().contains("https://citas.example/cita/"));
}

/// One booking sent through a sink speaking `tls`, logging in; what arrived.
async fn delivered_through(tls: SinkTls) -> Option<Received> {
    let sink = SmtpSink::start(SinkOptions {
        tls,
        login: true,
        ..SinkOptions::default()
    })
    .await?;
    let salon = Salon::open_with(Backend::Sqlite, sending_to(&sink, true)).await?;
    guest_books_through_the_chat(&salon.app, "s-tls").await;
    let received = sink.wait_for(1).await;
    outbox_when(&salon.app, |mails| {
        of_kind(mails, MailKind::Booked).status == MailStatus::Sent
    })
    .await;
    Some(received[0].clone())
}

#[tokio::test]
async fn starttls_with_a_login() {
    let Some(message) = delivered_through(SinkTls::StartTls).await else {
        return;
    };
    assert!(message.tls, "encrypted before anything was sent");
    assert_eq!(message.login.as_deref(), Some(SINK_USER));
    assert_eq!(message.rcpt_tos, ["pedro@ejemplo.es"]);
}

#[tokio::test]
async fn implicit_tls_with_a_login() {
    let Some(message) = delivered_through(SinkTls::Implicit).await else {
        return;
    };
    assert!(message.tls);
    assert_eq!(message.login.as_deref(), Some(SINK_USER));
}

#[tokio::test]
async fn starttls_is_used_when_offered() {
    let Some(sink) = SmtpSink::start(SinkOptions {
        tls: SinkTls::StartTls,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    // A plain smtp:// URL: STARTTLS because the server offers it (the sink takes nothing
    // before it).
    let when_offered = format!("smtp://127.0.0.1:{}", sink.port);
    let Some(salon) = Salon::open_with(Backend::Sqlite, |settings| {
        sending_to(&sink, false)(settings);
        settings.smtp_url = SmtpTarget::parse(&when_offered).ok();
    })
    .await
    else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-offered").await;
    assert!(sink.wait_for(1).await[0].tls);
}

#[tokio::test]
async fn a_server_whose_certificate_is_not_trusted_gets_nothing() {
    let Some(sink) = SmtpSink::start(SinkOptions {
        tls: SinkTls::StartTls,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let Some(salon) = Salon::open_with(Backend::Sqlite, |settings| {
        sending_to(&sink, false)(settings);
        settings.smtp_ca_file = None;
    })
    .await
    else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-untrusted").await;
    let mails = outbox_when(&salon.app, |mails| {
        of_kind(mails, MailKind::Booked).attempts == 1
    })
    .await;
    let booked = of_kind(&mails, MailKind::Booked);
    assert_eq!(booked.status, MailStatus::Pending, "tried again later");
    let error = booked.last_error.as_deref().unwrap_or_default();
    assert!(error.to_lowercase().contains("certificate"), "{error}");
    assert!(sink.received().is_empty());
}

#[tokio::test]
async fn a_wrong_password_is_not_delivered_and_tried_again() {
    let Some(sink) = SmtpSink::start(SinkOptions {
        tls: SinkTls::StartTls,
        login: true,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let wrong = sink.url(Some((SINK_USER, "not-it")));
    let Some(salon) = Salon::open_with(Backend::Sqlite, |settings| {
        sending_to(&sink, true)(settings);
        settings.smtp_url = SmtpTarget::parse(&wrong).ok();
    })
    .await
    else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-wrong").await;
    let mails = outbox_when(&salon.app, |mails| {
        of_kind(mails, MailKind::Booked).attempts == 1
    })
    .await;
    let booked = of_kind(&mails, MailKind::Booked);
    assert_eq!(booked.status, MailStatus::Pending, "tried again later");
    let error = booked.last_error.as_deref().unwrap_or_default();
    assert!(error.contains("535"), "{error}");
    assert!(!error.contains("not-it"), "{error}");
    assert!(sink.received().is_empty());
}

/// The backoff after each failed attempt, as [`citabot_server::mail::sender::RETRY_AFTER`].
fn backoff() -> impl Iterator<Item = Duration> {
    citabot_server::mail::sender::RETRY_AFTER.into_iter()
}

both!(a_failing_server_is_retried_then_given_up);
async fn a_failing_server_is_retried_then_given_up(backend: Backend) {
    let attempts = u32::try_from(backoff().count() + 1).expect("few");
    let Some(sink) = SmtpSink::start(SinkOptions {
        fail: attempts,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let Some(salon) = Salon::open_with(backend, sending_to(&sink, false)).await else {
        return;
    };
    let app = &salon.app;
    guest_books_through_the_chat(app, "s-fail").await;
    for (done, wait) in (1..).zip(backoff()) {
        let mails = outbox_when(app, |mails| {
            of_kind(mails, MailKind::Booked).attempts == done
        })
        .await;
        let booked = of_kind(&mails, MailKind::Booked);
        assert_eq!(booked.status, MailStatus::Pending);
        assert_eq!(booked.send_after, app.clock.now() + wait, "attempt {done}");
        let error = booked.last_error.as_deref().unwrap_or_default();
        assert!(error.contains("451"), "{error}");
        // Not before its time.
        app.clock.advance(wait - Duration::seconds(1));
        a_few_more_looks().await;
        assert_eq!(of_kind(&outbox(app).await, MailKind::Booked).attempts, done);
        app.clock.advance(Duration::seconds(1));
    }
    let mails = outbox_when(app, |mails| {
        of_kind(mails, MailKind::Booked).status == MailStatus::Failed
    })
    .await;
    assert_eq!(of_kind(&mails, MailKind::Booked).attempts, attempts);
    app.clock.advance(Duration::hours(12));
    a_few_more_looks().await;
    assert!(sink.received().is_empty());
    assert_eq!(
        of_kind(&outbox(app).await, MailKind::Booked).status,
        MailStatus::Failed,
        "not tried again"
    );
}

#[tokio::test]
async fn a_passing_failure_is_delivered_at_the_next_attempt() {
    let Some(sink) = SmtpSink::start(SinkOptions {
        fail: 1,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let Some(salon) = Salon::open_with(Backend::Sqlite, sending_to(&sink, false)).await else {
        return;
    };
    let app = &salon.app;
    guest_books_through_the_chat(app, "s-once").await;
    outbox_when(app, |mails| of_kind(mails, MailKind::Booked).attempts == 1).await;
    app.clock.advance(Duration::seconds(30));
    let received = sink.wait_for(1).await;
    let mails = outbox_when(app, |mails| {
        of_kind(mails, MailKind::Booked).status == MailStatus::Sent
    })
    .await;
    assert_eq!(
        arrived(&received, of_kind(&mails, MailKind::Booked)).rcpt_tos,
        ["pedro@ejemplo.es"]
    );
}

both!(a_sender_stopped_mid_delivery_gives_it_back_and_it_is_delivered_once);
async fn a_sender_stopped_mid_delivery_gives_it_back_and_it_is_delivered_once(backend: Backend) {
    let Some(hanging) = SmtpSink::start(SinkOptions {
        stall: true,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let Some(working) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(mut salon) = Salon::open_with(backend, sending_to(&hanging, false)).await else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-crash").await;
    assert!(
        eventually(|| hanging.holds_a_message().then_some(()))
            .await
            .is_some(),
        "the first sender is mid-delivery"
    );
    // The stop waits for the stalled delivery for its grace period, then gives the claim back
    // (the stalled server never got the end of the message, so it delivers nothing).
    salon.app.stop_server().await.expect("stops");
    let restarted = TestApp::restart_with(&salon.app, sending_to(&working, false)).await;
    // Free at once: no clock moved, no claim waited out.
    let received = working.wait_for(1).await;
    let mails = outbox_when(&restarted, |mails| {
        of_kind(mails, MailKind::Booked).status == MailStatus::Sent
    })
    .await;
    arrived(&received, of_kind(&mails, MailKind::Booked));
    a_few_more_looks().await;
    assert_eq!(working.received().len(), 1, "exactly once");
    assert!(hanging.received().is_empty());
}

both!(two_senders_on_one_database_deliver_each_message_once);
async fn two_senders_on_one_database_deliver_each_message_once(backend: Backend) {
    // Every first attempt fails, so that all the messages come due again at the same instant
    // for both senders.
    let Some(first) = SmtpSink::start(SinkOptions {
        fail: 6,
        ..SinkOptions::default()
    })
    .await
    else {
        return;
    };
    let Some(second) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(salon) = Salon::open_with(backend, sending_to(&first, false)).await else {
        return;
    };
    let other = TestApp::restart_with(&salon.app, sending_to(&second, false)).await;
    let app = &salon.app;
    let alerts = [
        "a@peluqueria.example",
        "b@peluqueria.example",
        "c@peluqueria.example",
        "d@peluqueria.example",
        "e@peluqueria.example",
    ];
    alert_to(&salon, &alerts).await;
    guest_books_through_the_chat(app, "s-two").await;
    let due_now = alerts.len() + 1;
    outbox_when(app, |mails| {
        mails
            .iter()
            .filter(|mail| mail.kind != MailKind::Reminder)
            .all(|mail| mail.attempts >= 1 || mail.status == MailStatus::Sent)
    })
    .await;
    // Every retry and the reminder come due together.
    app.clock.advance(Duration::days(2));
    let sent = outbox_when(app, |mails| {
        mails.iter().all(|mail| mail.status == MailStatus::Sent)
    })
    .await;
    assert_eq!(sent.len(), due_now + 1);
    a_few_more_looks().await;
    let received: Vec<Received> = first
        .received()
        .into_iter()
        .chain(second.received())
        .collect();
    assert_eq!(received.len(), sent.len(), "each once");
    for mail in &sent {
        arrived(&received, mail);
    }
    drop(other);
}

both!(without_a_mail_server_nothing_written_then_is_sent_later);
async fn without_a_mail_server_nothing_written_then_is_sent_later(backend: Backend) {
    let Some(sink) = SmtpSink::start(SinkOptions::default()).await else {
        return;
    };
    let Some(mut salon) = Salon::open_with(backend, |settings| settings.mail_poll_secs = 1).await
    else {
        return;
    };
    guest_books_through_the_chat(&salon.app, "s-later").await;
    let mails = outbox(&salon.app).await;
    assert_eq!(of_kind(&mails, MailKind::Booked).status, MailStatus::Unsent);
    assert_eq!(
        of_kind(&mails, MailKind::Reminder).status,
        MailStatus::Pending
    );
    salon.app.stop_server().await.expect("stops");

    // Mail is configured: what was written unsent stays so; the reminder, due later, goes.
    let configured = TestApp::restart_with(&salon.app, sending_to(&sink, false)).await;
    a_few_more_looks().await;
    assert!(sink.received().is_empty());
    configured.clock.advance(Duration::days(2));
    let received = sink.wait_for(1).await;
    let mails = outbox_when(&configured, |mails| {
        of_kind(mails, MailKind::Reminder).status == MailStatus::Sent
    })
    .await;
    arrived(&received, of_kind(&mails, MailKind::Reminder));
    a_few_more_looks().await;
    assert_eq!(sink.received().len(), 1);
    assert_eq!(
        of_kind(&outbox(&configured).await, MailKind::Booked).status,
        MailStatus::Unsent
    );
}

both!(without_a_mail_server_a_reminder_coming_due_is_unsent);
async fn without_a_mail_server_a_reminder_coming_due_is_unsent(backend: Backend) {
    let Some(salon) = Salon::open_with(backend, |settings| settings.mail_poll_secs = 1).await
    else {
        return;
    };
    let app = &salon.app;
    say(
        app,
        None,
        "s-never",
        "quiero un corte de caballero el lunes a las 10",
    )
    .await;
    // No mail is sent: no confirmation is promised.
    let ask = say(app, None, "s-never", "Pedro Sanz").await;
    assert!(!ask.contains("confirmación"), "{ask}");
    say(app, None, "s-never", "pedro@ejemplo.es").await;
    let done = say(app, None, "s-never", "sí").await;
    assert!(done.contains("¡Hecho!"), "{done}");
    salon.app.clock.advance(Duration::days(2));
    outbox_when(&salon.app, |mails| {
        mails.iter().all(|mail| mail.status == MailStatus::Unsent)
    })
    .await;
}
