//! Questions about the salon answered from its profile, calendar and FAQ (issue 12), against the
//! demo salon's profile and Christmas closure; today is Friday 2026-11-20.

use super::*;
use crate::booking::demo;
use crate::booking::profile::BusinessProfile;

/// A conversation with the demo salon's profile and FAQ, closed on Christmas Day.
fn salon(caller: Caller) -> Chat {
    let mut chat = Chat::new(caller);
    chat.profile = demo::settings().profile;
    chat.faq = FaqIndex::new(&chat.profile.faq);
    chat.calendar.closures.extend(demo::christmas(2026));
    chat
}

/// A salon that filled in nothing but its name.
fn bare_salon() -> Chat {
    let mut chat = Chat::new(Caller::Guest);
    chat.profile = BusinessProfile::default();
    chat.faq = FaqIndex::default();
    chat
}

fn says(reply: &str, parts: &[&str]) {
    for part in parts {
        assert!(reply.contains(part), "{part:?} in {reply}");
    }
}

#[test]
fn where_how_to_reach_and_how_to_pay() {
    let cases: &[(&str, &[&str])] = &[
        ("¿dónde estáis?", &["Calle de Fuencarral 45, 28004 Madrid"]),
        ("donde estais", &["Calle de Fuencarral 45, 28004 Madrid"]),
        (
            "where are you",
            &["We're at **Calle de Fuencarral 45, 28004 Madrid**"],
        ),
        ("¿cómo llego?", &["Fuencarral 45", "Metro Tribunal"]),
        ("¿teléfono?", &["+34 910 123 456"]),
        ("¿tenéis email?", &["hola@peluquerialucia.example"]),
        ("teneis parkin", &["Fuencarral 70"]),
        (
            "is there parking",
            &["(the salon's note, in Spanish)", "Fuencarral 70"],
        ),
        (
            "aceptais tarjeta",
            &["Sí, aceptamos tarjeta. También efectivo y Bizum."],
        ),
        (
            "do you take cards",
            &["Yes, we take cards. We also accept cash and Bizum."],
        ),
        (
            "¿puedo pagar con transferencia?",
            &[
                "Transferencia no está entre nuestras formas de pago. Aceptamos tarjeta, efectivo y Bizum.",
            ],
        ),
        ("¿quiénes sois?", &["Malasaña desde 2009"]),
    ];
    for (message, parts) in cases {
        let mut chat = salon(Caller::Guest);
        let (reply, action) = chat.say(message);
        assert!(action.is_none());
        says(&reply, parts);
        assert_eq!(
            chat.state.step,
            Step::Idle,
            "{message}: nothing is being booked"
        );
    }
}

#[test]
fn hours_and_closures() {
    let cases: &[(&str, &[&str])] = &[
        (
            "¿qué horario tenéis?",
            &[
                "**Sábado**: 09:00–14:00",
                "Además, cerramos el **viernes 25 de diciembre** por Navidad.",
            ],
        ),
        (
            "¿abrís en Navidad?",
            &["Cerramos el **viernes 25 de diciembre** por Navidad."],
        ),
        (
            "¿cerráis en diciembre?",
            &["Cerramos el **viernes 25 de diciembre** por Navidad."],
        ),
        (
            "¿abrís el 25 de diciembre?",
            &["El **viernes 25 de diciembre** cerramos por Navidad."],
        ),
        (
            "¿abrís el 26 de diciembre?",
            &["El sábado 26 de diciembre abrimos de 09:00 a 14:00"],
        ),
        (
            "are you open at christmas?",
            &["We're closed on **Friday 25 December** (Navidad)."],
        ),
        (
            "¿cerráis en febrero?",
            &[
                "no tenemos ningún cierre previsto en esas fechas",
                "**Lunes**",
            ],
        ),
        (
            "¿cerráis en Semana Santa?",
            &["no tenemos ningún cierre previsto en esas fechas"],
        ),
        (
            "¿cerráis por vacaciones?",
            &[
                "Hasta el **martes 19 de enero** cerramos el **viernes 25 de diciembre** por Navidad.",
            ],
        ),
    ];
    for (message, parts) in cases {
        let (reply, _) = salon(Caller::Guest).say(message);
        says(&reply, parts);
    }
    let (reply, _) = bare_salon().say("¿cerráis por vacaciones?");
    says(
        &reply,
        &["no tenemos ningún cierre previsto hasta el **martes 19 de enero**"],
    );
}

#[test]
fn durations_and_prices_are_answered_not_booked() {
    for (message, part) in [
        ("cuánto tarda la manicura", "**Manicura**: 20,00 € (40 min)"),
        (
            "cuánto cuesta y cuánto dura un tinte",
            "**Tinte**: 48,00 € (90 min)",
        ),
        ("how long does a dye take?", "**Tinte**: €48.00 (90 min)"),
        ("¿hacéis manicura?", "**Manicura**: 20,00 € (40 min)"),
    ] {
        let mut chat = salon(Caller::Guest);
        let (reply, _) = chat.say(message);
        says(&reply, &[part]);
        assert_eq!(chat.state.step, Step::Idle, "{message}");
    }
}

#[test]
fn the_faq_answers_in_the_salons_words() {
    let (reply, _) = salon(Caller::Guest).say("¿atendéis a niños?");
    assert_eq!(
        reply,
        "Sí, cortamos el pelo a niños a partir de 3 años con el servicio de corte de pelo."
    );
    let (reply, _) = salon(Caller::Guest).say("do you cut kids' hair?");
    says(
        &reply,
        &["The salon's answer, in Spanish:\n\nSí, cortamos el pelo a niños"],
    );
    // Naming a service in a question is not booking it.
    let mut chat = salon(Caller::Guest);
    let (reply, _) = chat.say("¿tengo que llevar el pelo lavado para el tinte?");
    says(&reply, &["sin lavar"]);
    assert_eq!(chat.state.draft, Draft::default());
}

#[test]
fn an_english_faq_answer_has_no_lead_in() {
    let mut chat = salon(Caller::Guest);
    chat.profile.faq = vec![crate::booking::profile::Faq {
        question: "Do you have wifi?".into(),
        answer: "Yes, ask at the desk for the password.".into(),
    }];
    chat.faq = FaqIndex::new(&chat.profile.faq);
    let (reply, _) = chat.say("is there wifi?");
    assert_eq!(reply, "Yes, ask at the desk for the password.");
}

#[test]
fn what_nobody_wrote_down_is_not_known() {
    let (reply, _) = salon(Caller::Guest).say("¿hacéis tatuajes?");
    says(
        &reply,
        &[
            "No lo sé",
            "**+34 910 123 456**",
            "**hola@peluquerialucia.example**",
            "«hablar con una persona»",
        ],
    );
    let (reply, _) = salon(Caller::Guest).say("do you do tattoos?");
    says(&reply, &["I don't know", "«talk to a person»"]);
    let (reply, _) = salon(Caller::Guest).say("el perro de mi vecino");
    says(&reply, &["no te he entendido"]);
    let (reply, _) = salon(Caller::Guest).say("¿?");
    says(&reply, &["no te he entendido"]);
}

#[test]
fn an_empty_field_is_never_made_up() {
    let cases: &[(&str, &str)] = &[
        (
            "¿dónde estáis?",
            "No tengo la dirección del salón en mis datos.",
        ),
        (
            "¿tenéis parking?",
            "No tengo información sobre aparcamiento en mis datos.",
        ),
        (
            "¿es accesible?",
            "No tengo información sobre el acceso al salón en mis datos.",
        ),
        (
            "¿aceptáis tarjeta?",
            "No tengo las formas de pago en mis datos.",
        ),
        ("¿teléfono?", "No tengo el teléfono del salón en mis datos."),
        (
            "¿tenéis email?",
            "No tengo el email del salón en mis datos.",
        ),
        ("where are you?", "I don't have the salon's address."),
    ];
    for (message, part) in cases {
        let (reply, _) = bare_salon().say(message);
        says(&reply, &[part, "«"]);
        assert!(!reply.contains('@') && !reply.contains("+34"), "{reply}");
    }
    // Only the town: said as that, with no street made up.
    let mut chat = bare_salon();
    chat.profile.address.city = "Madrid".into();
    chat.profile.phone = "+34 910 000 000".into();
    let (reply, _) = chat.say("¿dónde estáis?");
    says(
        &reply,
        &[
            "No tengo la dirección exacta del salón, solo que está en **Madrid**.",
            "+34 910 000 000",
        ],
    );
}

#[test]
fn a_question_mid_booking_is_answered_and_the_booking_goes_on() {
    let mut chat = salon(Caller::Guest);
    chat.say("quiero un corte el viernes a las 10");
    let before = chat.state.clone();
    let (reply, _) = chat.say("¿dónde estáis?");
    says(&reply, &["Calle de Fuencarral 45", "¿A nombre de quién"]);
    assert_eq!(chat.state, before, "nothing said changes the booking");
    let (reply, _) = chat.say("¿hacéis tatuajes?");
    says(&reply, &["No lo sé", "¿A nombre de quién"]);
    chat.say("Ana López");
    let (reply, _) = chat.say("ana@ejemplo.es");
    says(&reply, &["¿La confirmo?"]);
    let (reply, _) = chat.say("¿aceptáis bizum?");
    says(&reply, &["Sí, aceptamos Bizum.", "¿La confirmo?"]);
    let (reply, action) = chat.say("sí");
    assert!(reply.is_empty());
    let booking = booking(action);
    assert_eq!(
        (booking.date, booking.start_min),
        (date!(2026 - 11 - 27), 600)
    );
}

#[test]
fn a_booking_that_also_asks_is_answered_and_booked() {
    let mut chat = salon(Caller::Guest);
    let (reply, _) = chat.say("quiero un corte el viernes a las 10, ¿tenéis parking?");
    says(&reply, &["Fuencarral 70", "¿A nombre de quién"]);
    assert_eq!(chat.state.draft.service_ids, ["corte"]);
}

#[test]
fn answers_to_the_booking_are_not_questions() {
    let mut chat = salon(Caller::Guest);
    chat.say("quiero un corte el viernes a las 10");
    let (reply, _) = chat.say("Lucía Pérez?");
    assert!(!reply.contains("No lo sé"), "{reply}");
    assert_eq!(chat.state.draft.client_name.as_deref(), Some("Lucía Pérez"));
    let mut chat = salon(Caller::Guest);
    chat.say("quiero un corte el viernes");
    let (reply, _) = chat.say("¿la primera?");
    assert!(!reply.contains("No lo sé"), "{reply}");
    assert!(chat.state.draft.slot.is_some());
    let mut chat = salon(Caller::Guest);
    chat.say("quiero un corte el lunes a las 10");
    let (reply, _) = chat.say("me llamo Carmen Reyes");
    assert!(!reply.contains("cierre"), "{reply}");
    let (reply, _) = chat.say("mi correo es carmen@ejemplo.es");
    says(&reply, &["¿La confirmo?"]);
}

#[test]
fn cliente_asks_how_to_cancel_and_is_told_how() {
    let mut chat = salon(marta());
    let (reply, _) = chat.say("¿cómo cancelo o cambio mi cita?");
    says(&reply, &["Mis citas"]);
    assert_eq!(chat.state.step, Step::Idle);
    // Asked to, it still offers to cancel.
    let (reply, _) = chat.say("cancela mi cita");
    says(&reply, &["¿Cancelo esta cita?"]);
}

#[test]
fn nothing_a_visitor_sends_panics() {
    for message in [
        "",
        " ",
        "¿",
        "?",
        "¿?¿?",
        "o",
        "o o o",
        "or or",
        "ñ",
        "ññññññ",
        "🙂",
        "¿🙂?",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa?",
        "dónde dónde dónde",
        "sin",
        "sin sin sin cita",
        "cita previa?",
        "¿en mayo?",
        "in may",
        "navidad navidad",
        "mi",
        "mi teléfono?",
        "cómo",
        "how",
        "how?",
        "¿cómo?",
        "\u{0301}?",
        "a\u{0301}?",
        "12345678901234567890?",
        "@?",
        "¿e mail?",
        "¿0 de diciembre?",
    ] {
        for chat in [salon(Caller::Guest), bare_salon(), salon(marta())] {
            let mut chat = chat;
            let _ = chat.say(message);
            let _ = chat.say("quiero un corte el viernes a las 10");
            let _ = chat.say(message);
        }
    }
}

/// "¿hay que pedir cita?" asks whether one is needed: answered from the FAQ, no booking begun.
#[test]
fn asking_whether_a_cita_is_needed_starts_no_booking() {
    for question in [
        "hay que pedir cita?",
        "¿hace falta cita?",
        "¿es necesario reservar?",
        "do I need an appointment?",
    ] {
        let mut chat = salon(Caller::Guest);
        let (reply, _) = chat.say(question);
        assert!(
            reply.contains("con cita te aseguras la hora"),
            "{question}: {reply}"
        );
        assert_eq!(chat.state.step, Step::Idle, "{question}");
    }
    let mut chat = salon(Caller::Guest);
    let (reply, _) = chat.say("necesito cita para un corte mañana");
    assert!(
        !reply.contains("con cita te aseguras"),
        "a booking: {reply}"
    );
}

/// Marta at the summary of a manicure on Tuesday 24 at 12:00, in the demo salon.
fn at_the_summary() -> Chat {
    let mut chat = salon(marta());
    let (reply, _) = chat.say("una manicura el martes 24 a las 12");
    says(&reply, &["¿La confirmo?"]);
    chat
}

/// The cita a booking comes to, as the server would write it.
fn written(booked: &Booking) -> Cita {
    Cita {
        service_ids: booked.service_ids.clone(),
        ..cita(
            "c-new",
            &booked.staff_id,
            "k-marta",
            booked.date,
            booked.start_min,
            booked.end_min,
        )
    }
}

/// A yes with a question about the salon books exactly what a bare "sí" books, and the reply
/// after the booking also answers the question, as the same question alone is answered.
#[test]
fn a_yes_with_a_question_books_and_the_question_is_answered() {
    let plain = booking(at_the_summary().say("sí").1);
    let cases: &[(&str, &[&str])] = &[
        (
            "sí, ¿aceptáis tarjeta?",
            &["Sí, aceptamos tarjeta. También efectivo y Bizum."],
        ),
        (
            "vale, y dónde estáis?",
            &["Estamos en **Calle de Fuencarral 45, 28004 Madrid**."],
        ),
        ("si porfa. tenéis parking?", &["Fuencarral 70"]),
        (
            "yes please, do you take cards?",
            &["Yes, we take cards. We also accept cash and Bizum."],
        ),
        (
            "si, aceptais tarjta?",
            &["Sí, aceptamos tarjeta. También efectivo y Bizum."],
        ),
        ("vale. teneis parkin", &["Fuencarral 70"]),
        ("ok donde estais", &["Calle de Fuencarral 45"]),
        ("sip, aceptais bizum?", &["Sí, aceptamos Bizum."]),
        (
            "dale, abris en navidad?",
            &["Cerramos el **viernes 25 de diciembre** por Navidad."],
        ),
        ("venga y como llego", &["Metro Tribunal"]),
        // Not known: the booking, then an honest "no lo sé".
        (
            "sí, ¿hacéis tatuajes?",
            &["No lo sé", "**+34 910 123 456**"],
        ),
        ("perfecto, teneis telefono?", &["**+34 910 123 456**"]),
        (
            "claro que si, aceptais efectivo?",
            &["Sí, aceptamos efectivo."],
        ),
        (
            "yes, where are you?",
            &["We're at **Calle de Fuencarral 45, 28004 Madrid**."],
        ),
        ("ok, is there parking?", &["Fuencarral 70"]),
        ("sure, do u take cash?", &["Yes, we take cash."]),
    ];
    for (message, answer) in cases {
        let mut chat = at_the_summary();
        let (reply, action) = chat.say(message);
        assert!(
            reply.is_empty(),
            "{message}: nothing before the write: {reply}"
        );
        let booked = booking(action);
        assert_eq!(booked, plain, "{message}");
        let cita = written(&booked);
        let reply = chat.settle(&Action::Book(booked), &Outcome::Booked(cita.clone()));
        says(&reply, answer);
        assert!(
            reply.starts_with("¡Hecho!") || reply.starts_with("Done!"),
            "{message}: the booking is said first: {reply}"
        );
        assert_eq!(chat.state.step, Step::Idle, "{message}");
        // Said once: a yes repeated after the booking books nothing.
        chat.agenda.push(cita);
        let (again, action) = chat.say("sí");
        assert!(action.is_none(), "{message}: booked twice");
        assert!(!again.contains(answer[0]), "{message}: said again: {again}");
    }
}

/// What follows a yes and is not a question about the salon changes nothing of today's
/// behaviour: the booking, and the plain booked reply.
#[test]
fn a_yes_with_anything_else_books_as_before() {
    let mut chat = at_the_summary();
    let booked = booking(chat.say("sí").1);
    let plain = chat.settle(
        &Action::Book(booked.clone()),
        &Outcome::Booked(written(&booked)),
    );
    for message in [
        "sí, gracias",
        "vale perfecto",
        "si porfa",
        "sí, la manicura del martes 24",
        "ok, gracias!!",
        "yes please",
    ] {
        let mut chat = at_the_summary();
        let booked = booking(chat.say(message).1);
        let reply = chat.settle(
            &Action::Book(booked.clone()),
            &Outcome::Booked(written(&booked)),
        );
        if message.starts_with("yes") {
            says(&reply, &["Done! The time is kept for you"]);
            assert!(!reply.contains("\n\nYes"), "{message}: {reply}");
        } else {
            assert_eq!(reply, plain, "{message}");
        }
    }
}

/// A question whose outcome was no write (the time taken meanwhile) is answered all the same,
/// before the booking's next question; nothing of it stays for a later turn.
#[test]
fn a_question_asked_with_a_yes_is_answered_when_the_time_was_taken() {
    let mut chat = at_the_summary();
    let (_, action) = chat.say("vale, aceptais bizum?");
    let action = action.expect("a booking");
    let reply = chat.settle(&action, &Outcome::SlotTaken);
    says(
        &reply,
        &["otra persona acaba de coger", "Sí, aceptamos Bizum."],
    );
    let (reply, _) = chat.say("hola");
    assert!(!reply.contains("Bizum"), "{reply}");
}

/// The same yes with its question, sent again after the booking (a retried request): the cita
/// that exists, the answer again, and no second booking.
#[test]
fn a_yes_with_a_question_repeated_after_the_booking_books_nothing() {
    let mut chat = at_the_summary();
    let booked = booking(chat.say("sí, ¿aceptáis tarjeta?").1);
    let cita = written(&booked);
    chat.settle(&Action::Book(booked), &Outcome::Booked(cita.clone()));
    chat.agenda.push(cita);
    let (reply, action) = chat.say("sí, ¿aceptáis tarjeta?");
    assert!(action.is_none(), "{reply}");
    says(&reply, &["ya está reservada", "Sí, aceptamos tarjeta."]);
}

/// A no with a question about the salon: answered, nothing booked, and the no counts (what to
/// change is asked, and a later yes is not taken for the old summary).
#[test]
fn a_no_with_a_question_is_answered_and_books_nothing() {
    let cases: &[(&str, &[&str])] = &[
        (
            "no, ¿abrís el sábado?",
            &[
                "El sábado 21 de noviembre abrimos de 09:00 a 14:00",
                "no la reservo",
            ],
        ),
        (
            "no, aceptais tarjeta?",
            &["Sí, aceptamos tarjeta.", "no la reservo"],
        ),
        (
            "no. donde estais",
            &["Calle de Fuencarral 45", "no la reservo"],
        ),
        (
            "mejor no, teneis parking?",
            &["Fuencarral 70", "no la reservo"],
        ),
        (
            "no thanks, do you take cards?",
            &["Yes, we take cards.", "OK, I won't book it."],
        ),
        ("nop, abris en navidad?", &["por Navidad", "no la reservo"]),
    ];
    for (message, parts) in cases {
        let mut chat = at_the_summary();
        let (reply, action) = chat.say(message);
        assert!(action.is_none(), "{message}: {reply}");
        says(&reply, parts);
        assert!(
            !reply.contains("¿La confirmo?") && !reply.contains("Shall I confirm"),
            "{message}: the no was heard: {reply}"
        );
        assert_eq!(chat.state.step, Step::Booking, "{message}");
        assert_eq!(
            chat.state.draft.service_ids,
            ["manicura"],
            "{message}: the booking is kept to change"
        );
    }
}

/// A yes whose question names another day ("sí, ¿abrís el sábado?") may be a change of mind:
/// as before, the question is answered and the summary asked again, nothing booked.
#[test]
fn a_yes_with_a_question_naming_another_day_asks_again() {
    let mut chat = at_the_summary();
    let (reply, action) = chat.say("sí, ¿abrís el sábado?");
    assert!(action.is_none(), "{reply}");
    says(
        &reply,
        &["El sábado 21 de noviembre abrimos", "¿La confirmo?"],
    );
    assert_eq!(chat.state.step, Step::ConfirmBooking);
}

/// The same when confirming a cancellation: a yes with a question cancels and answers it after;
/// a no with a question keeps the cita and answers it.
#[test]
fn a_question_with_the_yes_or_no_to_a_cancellation_is_answered() {
    let mut chat = salon(marta());
    chat.say("quiero cancelar mi cita");
    let (reply, action) = chat.say("si, y donde estais?");
    assert!(reply.is_empty(), "{reply}");
    let action = action.expect("a cancellation");
    assert_eq!(
        action,
        Action::Cancel {
            cita_id: "c-3".into()
        }
    );
    let reply = chat.settle(&action, &Outcome::Cancelled);
    says(&reply, &["Cita cancelada.", "Calle de Fuencarral 45"]);

    let mut chat = salon(marta());
    chat.say("quiero cancelar mi cita");
    let (reply, action) = chat.say("no, aceptais tarjeta?");
    assert!(action.is_none(), "{reply}");
    says(&reply, &["Sí, aceptamos tarjeta.", "la mantengo"]);
    assert_eq!(chat.state.step, Step::Idle);
}

/// A bare yes or no with a question mark asks nothing about the salon: no "no lo sé".
#[test]
fn a_yes_or_no_with_a_question_mark_is_no_question() {
    for message in [
        "sí?",
        "¿vale?",
        "ok??",
        "si porfa?",
        "no?",
        "mejor no?",
        "yes?",
    ] {
        let mut chat = at_the_summary();
        let (reply, action) = chat.say(message);
        let reply = match action {
            Some(action) => {
                let booked = booking(Some(action.clone()));
                chat.settle(&action, &Outcome::Booked(written(&booked)))
            }
            None => reply,
        };
        assert!(
            !reply.contains("No lo sé") && !reply.contains("I don't know"),
            "{message}: {reply}"
        );
    }
}
