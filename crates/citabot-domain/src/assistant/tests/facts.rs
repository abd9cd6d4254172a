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
        ("how long does a dye take?", "**Tinte**: 48,00 € (90 min)"),
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
