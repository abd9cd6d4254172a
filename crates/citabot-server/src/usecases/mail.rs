//! What is written to the outbox when (issue 13), rendered from the templates as it is
//! written: the client's messages about a cita (booked, confirmed, moved, cancelled, and its
//! reminder), and the staff's alerts (a booking from the chat, a visitor waiting for a person).
//! The use cases that change a cita read [`Letters`] before their write and queue what
//! [`Letters::about_cita`] and its siblings give them in the write's own transaction.

use citabot_domain::account::Phone;
use citabot_domain::assistant::{Lang, day_words};
use citabot_domain::booking::profile::{BusinessProfile, accent_on_white};
use citabot_domain::booking::{
    Cita, CitaStatus, Client, Service, StaffMember, format_minutes, format_price,
    format_price_english,
};
use citabot_store::mail::{MailKind, MailSettings, MailStatus};
use citabot_store::{ImageSlot, MailWrite, NewMail, Store, StoreError};
use time::{Duration, OffsetDateTime};

use crate::calendar_links::{google_calendar_url, map_url, outlook_calendar_url};
use crate::ics::{self, Method, Party};
use crate::mail::Outbox;
use crate::mail::template::{self, Look, Rendered};
use crate::usecases::images::image_url;

/// What happened to a cita, as its client is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum News {
    Booked,
    /// The salon confirmed it.
    Confirmed,
    Moved,
    Cancelled,
    /// The salon marked it completed: the client is asked how it went.
    Completed,
    /// Another status change (a no-show, back to pending): no message, but its reminder is
    /// planned again (or dropped).
    Quiet,
}

impl News {
    /// The news a status change brings.
    pub fn of_status(to: CitaStatus) -> Self {
        match to {
            CitaStatus::Confirmada => News::Confirmed,
            CitaStatus::Cancelada => News::Cancelled,
            CitaStatus::Completada => News::Completed,
            _ => News::Quiet,
        }
    }
}

/// The messages one write queues, owned until the write borrows them.
#[derive(Debug, Clone, Default)]
pub struct Queued {
    pub mails: Vec<NewMail>,
    /// The cita whose pending reminder the write replaces.
    pub replan: Option<String>,
}

impl Queued {
    pub fn write(&self) -> MailWrite<'_> {
        MailWrite {
            queue: &self.mails,
            replan_reminder_of: self.replan.as_deref(),
        }
    }

    pub fn extend(&mut self, other: Queued) {
        self.mails.extend(other.mails);
        self.replan = self.replan.take().or(other.replan);
    }
}

/// What every message needs, read before a write: the salon's name, address, phone and looks,
/// its mail settings, the services' and staff's names.
#[derive(Debug, Clone)]
pub struct Letters {
    salon: String,
    address: String,
    phone: String,
    brand: Brand,
    settings: MailSettings,
    services: Vec<Service>,
    staff: Vec<StaffMember>,
}

/// The salon as every message and the manage link's page name it: its name, its address in
/// one line, its phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalonContact {
    pub name: String,
    pub address: String,
    pub phone: String,
}

impl SalonContact {
    pub async fn read(store: &dyn Store) -> Result<Self, StoreError> {
        let name = store
            .business()
            .await?
            .map(|business| business.name)
            .unwrap_or_default();
        let profile = store.business_settings().await?.profile;
        Ok(Self::of(name, &profile))
    }

    /// The contact of a salon called `name` with `profile`.
    pub fn of(name: String, profile: &BusinessProfile) -> Self {
        let address = [
            profile.address.street.as_str(),
            &format!("{} {}", profile.address.postal_code, profile.address.city),
        ]
        .iter()
        .map(|part| part.trim())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
        Self {
            name,
            address,
            phone: Phone::readable(&profile.phone),
        }
    }
}

/// What the salon's messages wear: its brand colour and the version of its logo, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brand {
    pub color: String,
    pub logo_version: Option<String>,
}

impl Brand {
    /// The brand of a salon with `profile`, whose logo is at `logo_version`.
    pub fn of(profile: &BusinessProfile, logo_version: Option<String>) -> Self {
        Self {
            color: profile.brand_color.clone(),
            logo_version,
        }
    }

    pub async fn read(store: &dyn Store) -> Result<Self, StoreError> {
        let profile = store.business_settings().await?.profile;
        Ok(Self::of(&profile, store.image_versions().await?.logo))
    }
}

impl Letters {
    pub async fn read(store: &dyn Store) -> Result<Self, StoreError> {
        Ok(Self::of(
            SalonContact::read(store).await?,
            Brand::read(store).await?,
            store.mail_settings().await?,
            store.services().await?,
            store.staff().await?,
        ))
    }

    /// Letters from what the caller has read already (a chat turn reads the salon, its
    /// services and staff before it decides).
    pub fn of(
        contact: SalonContact,
        brand: Brand,
        settings: MailSettings,
        services: Vec<Service>,
        staff: Vec<StaffMember>,
    ) -> Self {
        let SalonContact {
            name: salon,
            address,
            phone,
        } = contact;
        Self {
            salon,
            address,
            phone,
            brand,
            settings,
            services,
            staff,
        }
    }

    /// How the messages look: the logo's address is absolute, as a mail program needs it.
    fn look(&self, outbox: &Outbox) -> Look {
        Look {
            salon: self.salon.clone(),
            logo_url: self.brand.logo_version.as_deref().map(|version| {
                format!(
                    "{}{}",
                    outbox.link_base(),
                    image_url(ImageSlot::Logo, version)
                )
            }),
            accent: accent_on_white(&self.brand.color),
        }
    }

    fn cita_services(&self, cita: &Cita) -> Vec<&Service> {
        cita.service_ids
            .iter()
            .filter_map(|id| self.services.iter().find(|service| &service.id == id))
            .collect()
    }

    fn service_names(&self, cita: &Cita) -> Vec<&str> {
        self.cita_services(cita)
            .into_iter()
            .map(|service| service.name.as_str())
            .collect()
    }

    /// The cita's price in `lang`: its services' prices added up (empty when none is known).
    fn price(&self, lang: Lang, cita: &Cita) -> String {
        let services = self.cita_services(cita);
        if services.is_empty() {
            return String::new();
        }
        let cents = services.iter().map(|service| service.price_cents).sum();
        match lang {
            Lang::Es => format_price(cents),
            Lang::En => format_price_english(cents),
        }
    }

    fn staff_name(&self, cita: &Cita) -> &str {
        self.staff
            .iter()
            .find(|member| member.user_id == cita.staff_id)
            .map_or("", |member| member.name.as_str())
    }

    fn when(lang: Lang, cita: &Cita) -> String {
        format!(
            "{}, {}",
            day_words(lang, cita.date),
            format_minutes(cita.start_min)
        )
    }

    /// The client's messages about `cita` after `news` (none when the client has no email),
    /// with its reminder planned again: `reminder_hours` before the start, unless that is
    /// already past (a cita booked inside the window gets none) or the cita holds no time.
    pub fn about_cita(
        &self,
        outbox: &Outbox,
        news: News,
        cita: &Cita,
        client: Option<&Client>,
        lang: Lang,
        now: OffsetDateTime,
    ) -> Queued {
        let mut queued = Queued {
            mails: Vec::new(),
            replan: (news != News::Booked).then(|| cita.id.clone()),
        };
        let Some((client, email)) =
            client.and_then(|client| Some((client, client.email.as_deref()?)))
        else {
            return queued;
        };
        let template = match (news, cita.status) {
            (News::Booked, CitaStatus::Confirmada) => Some("booked_confirmed"),
            (News::Booked, _) => Some("booked_pending"),
            (News::Confirmed, _) => Some("confirmed"),
            (News::Moved, _) => Some("moved"),
            (News::Cancelled, _) => Some("cancelled"),
            (News::Completed, _) => Some("review_request"),
            (News::Quiet, _) => None,
        };
        let kind = match news {
            News::Booked => MailKind::Booked,
            News::Confirmed => MailKind::Confirmed,
            News::Moved => MailKind::Moved,
            News::Completed => MailKind::ReviewRequest,
            News::Cancelled | News::Quiet => MailKind::Cancelled,
        };
        let letter = Letter {
            letters: self,
            outbox,
            cita,
            client,
            email,
            lang,
            now,
        };
        if let Some(template) = template {
            queued.mails.push(letter.mail(kind, template, now));
        }
        let remind_at = cita.start_at - Duration::hours(i64::from(self.settings.reminder_hours));
        if cita.status.holds_time() && news != News::Cancelled && remind_at > now {
            queued
                .mails
                .push(letter.mail(MailKind::Reminder, "reminder", remind_at));
        }
        queued
    }

    /// The messages of a change made in a conversation: the client's and, for a booking by a
    /// visitor (`visitor_conversation` names the conversation; `None` for staff), the staff's
    /// alert.
    #[allow(clippy::too_many_arguments)]
    pub fn about_cita_in_conversation(
        &self,
        outbox: &Outbox,
        news: News,
        cita: &Cita,
        client: Option<&Client>,
        lang: Lang,
        visitor_conversation: Option<&str>,
        now: OffsetDateTime,
    ) -> Queued {
        let mut queued = self.about_cita(outbox, news, cita, client, lang, now);
        if let (News::Booked, Some(conversation)) = (news, visitor_conversation) {
            queued
                .mails
                .extend(self.staff_new_booking(outbox, cita, client, conversation, now));
        }
        queued
    }

    /// The staff's alert of a cita booked in the chat, one message per alert address.
    pub fn staff_new_booking(
        &self,
        outbox: &Outbox,
        cita: &Cita,
        client: Option<&Client>,
        conversation_id: &str,
        now: OffsetDateTime,
    ) -> Vec<NewMail> {
        let contact = client
            .map(|client| {
                let phone = client.phone.as_deref().map(Phone::readable);
                [client.email.clone(), phone]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        let when = Self::when(Lang::Es, cita);
        let services = self.service_names(cita).join(", ");
        let link = outbox.conversation_link(conversation_id);
        let values = [
            ("client", client.map_or("", |client| client.name.as_str())),
            ("contact", contact.as_str()),
            ("when", when.as_str()),
            ("services", services.as_str()),
            ("staff", self.staff_name(cita)),
            ("status", cita.status.as_str()),
            ("conversation_link", link.as_str()),
            ("salon", self.salon.as_str()),
        ];
        self.to_staff(
            outbox,
            MailKind::StaffNewBooking,
            "staff_new_booking",
            &values,
            (Some(&cita.id), conversation_id),
            now,
        )
    }

    /// The staff's alert of a visitor asking for a person, one message per alert address.
    pub fn staff_waiting(
        &self,
        outbox: &Outbox,
        conversation_id: &str,
        visitor_name: Option<&str>,
        now: OffsetDateTime,
    ) -> Vec<NewMail> {
        let link = outbox.conversation_link(conversation_id);
        let values = [
            ("visitor", visitor_name.unwrap_or("Un visitante")),
            ("conversation_link", link.as_str()),
            ("salon", self.salon.as_str()),
        ];
        self.to_staff(
            outbox,
            MailKind::StaffWaiting,
            "staff_waiting",
            &values,
            (None, conversation_id),
            now,
        )
    }

    fn to_staff(
        &self,
        outbox: &Outbox,
        kind: MailKind,
        template: &str,
        values: &[(&str, &str)],
        (cita_id, conversation_id): (Option<&String>, &str),
        now: OffsetDateTime,
    ) -> Vec<NewMail> {
        let Some(source) = template::source("es", template) else {
            return Vec::new();
        };
        let Rendered {
            subject,
            text,
            html,
        } = template::render(source, "es", &self.look(outbox), values);
        self.settings
            .staff_alert_emails
            .iter()
            .map(|address| NewMail {
                kind,
                cita_id: cita_id.cloned(),
                conversation_id: Some(conversation_id.to_owned()),
                recipient: address.clone(),
                language: "es".into(),
                subject: subject.clone(),
                text: text.clone(),
                html: html.clone(),
                ics: None,
                message_id: outbox.message_id(),
                send_after: now,
                status: first_status(outbox, kind),
            })
            .collect()
    }
}

/// A message is written `pending`, or `unsent` with no mail server (a reminder stays
/// `pending` until it comes due, so that mail configured meanwhile still sends it).
fn first_status(outbox: &Outbox, kind: MailKind) -> MailStatus {
    if outbox.configured || kind == MailKind::Reminder {
        MailStatus::Pending
    } else {
        MailStatus::Unsent
    }
}

/// One client message being written.
struct Letter<'a> {
    letters: &'a Letters,
    outbox: &'a Outbox,
    cita: &'a Cita,
    client: &'a Client,
    email: &'a str,
    lang: Lang,
    now: OffsetDateTime,
}

impl Letter<'_> {
    fn mail(&self, kind: MailKind, template: &str, send_after: OffsetDateTime) -> NewMail {
        let letters = self.letters;
        let language = self.lang.code();
        let when = Letters::when(self.lang, self.cita);
        let names = letters.service_names(self.cita);
        let services = names.join(", ");
        let price = letters.price(self.lang, self.cita);
        let link = self.outbox.manage_link(&self.cita.id, self.cita.end_at);
        let action = |what: &str| format!("{link}?accion={what}");
        let (attend, change, cancel) = (action("asistir"), action("cambiar"), action("cancelar"));
        let book = format!("{}/", self.outbox.link_base());
        let location = if letters.address.is_empty() {
            letters.salon.clone()
        } else {
            format!("{}, {}", letters.salon, letters.address)
        };
        let event = super::calendar::cita_event(
            self.cita,
            &letters.salon,
            &location,
            &names,
            letters.staff_name(self.cita),
            self.now,
        );
        let (google, outlook) = (google_calendar_url(&event), outlook_calendar_url(&event));
        let map = map_url(&letters.address).unwrap_or_default();
        // A review request's links open the page with the stars tapped chosen; only its button
        // sends (mail scanners open links).
        let stars: [String; 5] = if kind == MailKind::ReviewRequest {
            let review = self.outbox.review_link(&self.cita.id, self.now);
            [1, 2, 3, 4, 5].map(|stars| format!("{review}?estrellas={stars}"))
        } else {
            Default::default()
        };
        let values = [
            ("salon", letters.salon.as_str()),
            ("address", letters.address.as_str()),
            ("phone", letters.phone.as_str()),
            ("client", self.client.name.as_str()),
            ("when", when.as_str()),
            ("services", services.as_str()),
            ("price", price.as_str()),
            ("staff", letters.staff_name(self.cita)),
            ("manage_link", link.as_str()),
            ("attend_link", attend.as_str()),
            ("change_link", change.as_str()),
            ("cancel_link", cancel.as_str()),
            ("book_link", book.as_str()),
            ("map_link", map.as_str()),
            ("google_calendar_link", google.as_str()),
            ("outlook_calendar_link", outlook.as_str()),
            ("stars_1", stars[0].as_str()),
            ("stars_2", stars[1].as_str()),
            ("stars_3", stars[2].as_str()),
            ("stars_4", stars[3].as_str()),
            ("stars_5", stars[4].as_str()),
        ];
        let source = template::source(language, template)
            .or_else(|| template::source("es", template))
            .unwrap_or_default();
        let rendered = template::render(source, language, &letters.look(self.outbox), &values);
        let method = Method::Invite {
            cancel: self.cita.status == CitaStatus::Cancelada,
            sequence: self.cita.revision,
            organizer: Party {
                name: if letters.salon.is_empty() {
                    self.outbox.sender().name.clone()
                } else {
                    letters.salon.clone()
                },
                email: self.outbox.sender().email.clone(),
            },
            attendee: Party {
                name: self.client.name.clone(),
                email: self.email.to_owned(),
            },
        };
        NewMail {
            kind,
            cita_id: Some(self.cita.id.clone()),
            conversation_id: self.cita.chat_session_id.clone(),
            recipient: self.email.to_owned(),
            language: language.to_owned(),
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            // A review request is about a cita already past: nothing for a calendar.
            ics: (kind != MailKind::ReviewRequest).then(|| ics::calendar(&event, &method)),
            message_id: self.outbox.message_id(),
            send_after,
            status: first_status(self.outbox, kind),
        }
    }
}

/// The language a client is written to about `cita`: that of the conversation that booked
/// it, else of the client's last conversation, else Spanish.
pub async fn client_language(store: &dyn Store, cita: &Cita) -> Result<Lang, StoreError> {
    let conversation = match &cita.chat_session_id {
        Some(id) => Some(id.clone()),
        None => store
            .client_conversations(&cita.client_id)
            .await?
            .into_iter()
            .next()
            .map(|conversation| conversation.session_id),
    };
    match conversation.and_then(|id| citabot_domain::chat::ChatSessionId::parse(&id).ok()) {
        Some(id) => super::conversation::language(store, &id).await,
        None => Ok(Lang::Es),
    }
}

/// The client messages of a change made outside a conversation (staff by hand, the client's
/// own page, the manage link): the language looked up, the client read.
pub async fn about_cita(
    store: &dyn Store,
    outbox: &Outbox,
    news: News,
    cita: &Cita,
    now: OffsetDateTime,
) -> Result<Queued, StoreError> {
    let letters = Letters::read(store).await?;
    let client = store.client(&cita.client_id).await?;
    let lang = client_language(store, cita).await?;
    Ok(letters.about_cita(outbox, news, cita, client.as_ref(), lang, now))
}

/// The salon's mail settings.
pub async fn settings(store: &dyn Store) -> Result<MailSettings, StoreError> {
    store.mail_settings().await
}

/// A change to the salon's mail settings; `None` keeps a field.
#[derive(Debug, Clone, Default)]
pub struct MailSettingsChange {
    pub reminder_hours: Option<u32>,
    pub staff_alert_emails: Option<Vec<String>>,
}

/// Saves the mail settings asked for; they bind the next write (reminders already planned keep
/// their time until their cita changes).
pub async fn change_settings(
    store: &dyn Store,
    change: MailSettingsChange,
) -> Result<(), StoreError> {
    let mut settings = store.mail_settings().await?;
    if let Some(hours) = change.reminder_hours {
        settings.reminder_hours = hours;
    }
    if let Some(emails) = change.staff_alert_emails {
        settings.staff_alert_emails = emails;
    }
    store.save_mail_settings(&settings).await
}
