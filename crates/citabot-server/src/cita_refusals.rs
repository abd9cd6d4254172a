//! The sentences a refusal about a cita is said with ([`Refusal`] says what went wrong, never
//! how to say it): in Spanish or English, to staff or to a client. The dashboard says them with a
//! status, the manage link to its guest, the MCP tools as a tool error an agent passes on.
//!
//! A client is never told why a stylist is away (the salon's note may be private, "baja
//! médica"), nor anything about a store failure.

use citabot_domain::assistant::Lang;
use citabot_domain::booking::rules::Breach;
use citabot_domain::booking::{CitaStatus, DayMinute, Service, StatusRefusal, format_minutes};

use crate::usecases::citas::{MAX_SERVICES, Refusal};

/// Who reads the sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Staff, who may read the salon's own notes (why a stylist is off).
    Staff,
    /// A client, a guest or an agent acting for one.
    Client,
}

/// A cita's status as a person reads it.
fn status_name(status: CitaStatus, lang: Lang) -> &'static str {
    match (lang, status) {
        (Lang::Es, status) => status.as_str(),
        (Lang::En, CitaStatus::Pendiente) => "pending",
        (Lang::En, CitaStatus::Confirmada) => "confirmed",
        (Lang::En, CitaStatus::Cancelada) => "cancelled",
        (Lang::En, CitaStatus::Completada) => "completed",
        (Lang::En, CitaStatus::NoPresentado) => "no-show",
    }
}

/// The sentence for `refusal`, in `lang`, for `audience`.
pub fn sentence(refusal: &Refusal, lang: Lang, audience: Audience) -> String {
    let es = lang == Lang::Es;
    let pick = |spanish: &str, english: &str| if es { spanish } else { english }.to_owned();
    match refusal {
        Refusal::NothingToChange => pick(
            "Indica qué cambiar: «status», «date», «startMin», «staffId» o «serviceIds».",
            "Say what to change: the status, the day, the time, the staff member or the services.",
        ),
        Refusal::NoServices => pick(
            "Elige al menos un servicio («serviceIds»).",
            "Choose at least one service (serviceIds).",
        ),
        Refusal::TooManyServices if es => {
            format!("Una cita puede tener como mucho {MAX_SERVICES} servicios.")
        }
        Refusal::TooManyServices => format!("A cita can have at most {MAX_SERVICES} services."),
        Refusal::RepeatedService(id) if es => {
            format!("El servicio «{id}» está repetido en «serviceIds».")
        }
        Refusal::RepeatedService(id) => format!("The service “{id}” is named twice."),
        Refusal::NotFound => pick("Esa cita no existe.", "There is no such cita."),
        Refusal::UnknownService(id) if es => format!("El servicio «{id}» no existe."),
        Refusal::UnknownService(id) => format!("There is no service “{id}”."),
        Refusal::ServiceNotOffered(name) if es => {
            format!("El servicio «{name}» no se ofrece ahora.")
        }
        Refusal::ServiceNotOffered(name) => format!("“{name}” is not offered now."),
        Refusal::UnknownStaff => pick(
            "Ese miembro del personal no existe.",
            "There is no such staff member.",
        ),
        Refusal::UnknownClient => pick("Ese cliente no existe.", "There is no such client."),
        Refusal::Breach {
            breach,
            services,
            start,
            end,
        } => breach_sentence(breach, services, (*start, *end), lang, audience),
        Refusal::LongerThanADay => pick(
            "Esos servicios juntos no caben en un día.",
            "Those services together do not fit in one day.",
        ),
        Refusal::PastMidnight => pick(
            "Esos servicios no caben antes de medianoche.",
            "Those services would end after midnight.",
        ),
        Refusal::TooLateToChange { min_notice_min } if es => format!(
            "Solo puedes cambiar o cancelar una cita hasta {min_notice_min} minutos antes de que \
             empiece; llámanos si lo necesitas."
        ),
        Refusal::TooLateToChange { min_notice_min } => format!(
            "A cita can only be changed or cancelled up to {min_notice_min} minutes before it \
             starts; please call the salon."
        ),
        Refusal::Taken => pick(
            "Esa persona ya tiene una cita a esa hora. Elige otra hora u otra persona.",
            "That person is already busy at that time. Choose another time or another person.",
        ),
        Refusal::NobodyFree => pick(
            "A esa hora no hay nadie libre para esos servicios. Busca otra hora libre.",
            "Nobody is free for those services at that time. Look for another free time.",
        ),
        Refusal::NeedsConversation => pick(
            "Solo se puede guardar una hora dentro de una conversación del chat.",
            "A time can only be held within a chat conversation.",
        ),
        Refusal::ClientMayOnlyCancel => pick(
            "Solo puedes cancelar tus citas.",
            "You can only cancel your citas.",
        ),
        Refusal::OnlyStaffOutsideHours => pick(
            "Solo el personal puede reservar fuera de horario.",
            "Only staff can book outside opening hours.",
        ),
        Refusal::Status {
            why: StatusRefusal::NotStarted,
            ..
        } => pick(
            "La cita aún no ha empezado: solo se puede marcar como «no presentado» cuando ha \
             pasado su hora de inicio.",
            "The cita has not started yet: it can be marked as a no-show only after its start.",
        ),
        Refusal::Status { from, to, .. } if es => format!(
            "Una cita {} no puede pasar a {}.",
            from.as_str(),
            to.as_str()
        ),
        Refusal::Status { from, to, .. } => format!(
            "A {} cita cannot become {}.",
            status_name(*from, lang),
            status_name(*to, lang)
        ),
        Refusal::NotMovable(status) if es => {
            format!("Una cita {} no se puede mover.", status.as_str())
        }
        Refusal::NotMovable(status) => {
            format!("A {} cita cannot be moved.", status_name(*status, lang))
        }
        Refusal::TimeTakenSince => pick(
            "Esa persona ya tiene otra cita a esa hora, así que esta no puede volver a \
             «confirmada».",
            "That person has another cita at that time now, so this one cannot be confirmed \
             again.",
        ),
        Refusal::ChangedMeanwhile => pick(
            "La cita ha cambiado mientras tanto; vuelve a cargarla.",
            "The cita changed in the meantime; read it again.",
        ),
        Refusal::Cancelled => pick(
            "Esta cita está cancelada: ya no se puede cambiar. Si quieres otra, pídela en el chat \
             o llama al salón.",
            "This cita is cancelled and can no longer be changed. For another one, ask in the \
             chat or call the salon.",
        ),
        Refusal::Over => pick("Esta cita ya ha pasado.", "This cita is over."),
        Refusal::NotConfirmable(status) if es => {
            format!("Una cita {} ya no se puede confirmar.", status.as_str())
        }
        Refusal::NotConfirmable(status) => format!(
            "A {} cita can no longer be confirmed.",
            status_name(*status, lang)
        ),
        Refusal::NotConfigured => pick(
            "El negocio todavía no está configurado.",
            "The salon is not set up yet.",
        ),
        Refusal::Store(_) => pick(
            "No se ha podido completar ahora mismo; inténtalo de nuevo en un momento.",
            "That could not be done just now; please try again in a moment.",
        ),
    }
}

/// Why a cita is refused or outside the rules; `services` name the services a skill breach
/// refers to, `start`–`end` is the cita's time.
pub fn breach_sentence(
    breach: &Breach,
    services: &[Service],
    (start, end): (DayMinute, DayMinute),
    lang: Lang,
    audience: Audience,
) -> String {
    let es = lang == Lang::Es;
    match breach {
        Breach::OffStep { step } if es => {
            format!("La hora de inicio debe ir en intervalos de {step} minutos.")
        }
        Breach::OffStep { step } => format!("Start times go in steps of {step} minutes."),
        Breach::Closure { reason } if es => format!("El salón está cerrado ese día ({reason})."),
        Breach::Closure { reason } => format!("The salon is closed that day ({reason})."),
        Breach::OutsideHours if es => format!(
            "A las {} de ese día no cabe una cita de {} minutos dentro del horario de apertura.",
            format_minutes(start),
            end.saturating_sub(start)
        ),
        Breach::OutsideHours => format!(
            "A {}-minute cita at {} that day does not fit inside the opening hours.",
            end.saturating_sub(start),
            format_minutes(start)
        ),
        Breach::OutsideSchedule if es => format!(
            "De {} a {} esa persona no trabaja según su horario.",
            format_minutes(start),
            format_minutes(end)
        ),
        Breach::OutsideSchedule => format!(
            "That person does not work from {} to {}.",
            format_minutes(start),
            format_minutes(end)
        ),
        Breach::TimeOff { reason } => match (audience, es) {
            (Audience::Staff, true) => format!("Esa persona tiene ese día libre ({reason})."),
            (Audience::Staff, false) => format!("That person is off that day ({reason})."),
            (Audience::Client, true) => "Esa persona no trabaja ese día.".to_owned(),
            (Audience::Client, false) => "That person does not work that day.".to_owned(),
        },
        Breach::NotBookable if es => "Esa persona no atiende citas.".to_owned(),
        Breach::NotBookable => "That person takes no citas.".to_owned(),
        Breach::Skill { service_id } => {
            let name = services
                .iter()
                .find(|service| &service.id == service_id)
                .map_or(service_id.as_str(), |service| service.name.as_str());
            if es {
                format!("Esa persona no hace el servicio «{name}».")
            } else {
                format!("That person does not do “{name}”.")
            }
        }
        Breach::InsideNotice { min_notice_min } if es => format!(
            "Las citas se reservan o se cambian con al menos {min_notice_min} minutos de antelación."
        ),
        Breach::InsideNotice { min_notice_min } => {
            format!("Citas are booked or changed at least {min_notice_min} minutes ahead.")
        }
        Breach::BeyondHorizon { last_date } if es => format!(
            "Solo se puede reservar hasta el {:02}/{:02}/{}.",
            last_date.day(),
            u8::from(last_date.month()),
            last_date.year()
        ),
        Breach::BeyondHorizon { last_date } => format!(
            "Citas can be booked up to {}-{:02}-{:02} only.",
            last_date.year(),
            u8::from(last_date.month()),
            last_date.day()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_never_reads_why_a_stylist_is_off() {
        let refusal = Refusal::Breach {
            breach: Breach::TimeOff {
                reason: "baja médica".into(),
            },
            services: Vec::new(),
            start: 600,
            end: 630,
        };
        for lang in [Lang::Es, Lang::En] {
            assert!(!sentence(&refusal, lang, Audience::Client).contains("médica"));
        }
        assert!(sentence(&refusal, Lang::Es, Audience::Staff).contains("baja médica"));
    }

    #[test]
    fn english_sentences_carry_no_spanish_status_names() {
        let refusal = Refusal::Status {
            from: CitaStatus::Cancelada,
            to: CitaStatus::Confirmada,
            why: StatusRefusal::NotAllowed,
        };
        assert_eq!(
            sentence(&refusal, Lang::En, Audience::Client),
            "A cancelled cita cannot become confirmed."
        );
        assert_eq!(
            sentence(&refusal, Lang::Es, Audience::Staff),
            "Una cita cancelada no puede pasar a confirmada."
        );
    }
}
