use super::*;
use Topic::*;

#[test]
fn topics_asked() {
    let cases: &[(&str, &[Topic])] = &[
        // Where
        ("¿dónde estáis?", &[Address]),
        ("donde estais", &[Address]),
        ("¿Dónde está la peluquería?", &[Address]),
        ("dirección", &[Address]),
        ("¿me dais la direccion?", &[Address]),
        ("¿en qué calle estáis?", &[Address]),
        ("where are you", &[Address]),
        ("what's your address?", &[Address]),
        ("¿dónde?", &[Address]),
        ("¿cómo llego?", &[Address, Access]),
        ("how do I get there?", &[Address, Access]),
        // Access
        ("¿es accesible en silla de ruedas?", &[Access]),
        ("¿hay escalones?", &[Access]),
        ("¿qué metro me queda cerca?", &[Access]),
        ("is it wheelchair accessible?", &[Access]),
        // Parking
        ("¿tenéis parking?", &[Parking]),
        ("teneis parkin", &[Parking]),
        ("¿dónde puedo aparcar?", &[Parking]),
        ("hay aparcamiento cerca", &[Parking]),
        ("is there parking", &[Parking]),
        ("where can I park?", &[Parking]),
        // Payment
        ("¿aceptáis tarjeta?", &[Payment]),
        ("aceptais tarjeta", &[Payment]),
        ("aceptais tarjta", &[Payment]),
        ("¿se puede pagar con bizum?", &[Payment]),
        ("formas de pago", &[Payment]),
        ("do you take cards", &[Payment]),
        ("can I pay cash?", &[Payment]),
        // Phone and email, only when asked
        ("¿cuál es vuestro teléfono?", &[Phone]),
        ("¿teneis telefono?", &[Phone]),
        ("what's your phone number?", &[Phone]),
        ("¿tenéis email?", &[Email]),
        ("¿me pasas vuestro correo?", &[Email]),
        ("¿teléfono y email?", &[Phone, Email]),
        ("me podeis decir el telefono", &[Phone]),
        ("cual es vuestro tlf", &[Phone]),
        // Whether a confirmation is sent: never the address, though "llegar" is in it
        ("me llegara un correo de confirmacion?", &[Confirmation]),
        ("¿me mandáis un email?", &[Confirmation]),
        ("will I get a confirmation email?", &[Confirmation]),
        ("¿cómo llego?", &[Address, Access]),
        // Holidays
        ("¿abrís en Navidad?", &[Closures]),
        ("¿cerráis por vacaciones?", &[Closures]),
        ("do you close at christmas?", &[Closures]),
        ("¿abrís los festivos?", &[Closures]),
        // About
        ("¿quiénes sois?", &[About]),
        ("tell me about the salon", &[About]),
        // Several
        ("¿dónde estáis y tenéis parking?", &[Address, Parking]),
        // None
        ("mi teléfono es 612 345 678", &[]),
        ("mi correo es ana@example.com", &[]),
        ("no tengo email", &[]),
        ("my email is ana@example.com", &[]),
        ("¿cuánto tengo que pagar por un tinte?", &[]),
        ("how much do I pay for a haircut?", &[]),
        ("hola", &[]),
        ("quiero un corte el viernes", &[]),
        ("me llamo Ana", &[]),
        ("¿hacéis tatuajes?", &[]),
        ("¿qué horario tenéis?", &[]),
        ("", &[]),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(text, want)| salon_question(text).topics != *want)
        .map(|(text, want)| {
            format!(
                "{text:?}: want {want:?}, got {:?}",
                salon_question(text).topics
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn questions_and_not() {
    for text in [
        "¿hacéis tatuajes?",
        "hacéis tatuajes",
        "donde estais",
        "teneis parkin",
        "aceptais tarjeta",
        "q horario teneis",
        "hola, donde estais",
        "cual es la contraseña del wifi",
        "where are you",
        "do you take cards",
        "is there parking",
        "como cancelo mi cita",
    ] {
        assert!(is_question(text), "{text:?}");
    }
    for text in [
        "quiero un corte",
        "me llamo Ana",
        "hola",
        "que tal",
        "como quieras",
        "Lucía Pérez",
        "ana@example.com",
        "el perro de mi vecino",
        "no tengo email",
        "",
    ] {
        assert!(!is_question(text), "{text:?}");
    }
}

#[test]
fn how_questions() {
    assert!(salon_question("¿Cómo cancelo mi cita?").how);
    assert!(salon_question("hola, como cambio la hora").how);
    assert!(salon_question("how do I cancel my booking?").how);
    assert!(!salon_question("cancelar mi cita").how);
}

#[test]
fn holidays_months_and_payment_methods() {
    let question = salon_question("¿abrís en Navidad o en Año Nuevo?");
    assert_eq!(question.holidays, [Holiday::Christmas, Holiday::NewYear]);
    assert_eq!(
        salon_question("are you open at easter").holidays,
        [Holiday::Easter]
    );
    assert_eq!(
        salon_question("¿cerráis en diciembre?").month,
        Some(Month::December)
    );
    assert_eq!(
        salon_question("do you close in august?").month,
        Some(Month::August)
    );
    assert_eq!(
        salon_question("are you closed in may?").month,
        Some(Month::May)
    );
    assert_eq!(salon_question("may I pay by card?").month, None);
    assert_eq!(salon_question("¿abrís el sábado?").month, None);
    assert_eq!(
        payment_methods("¿aceptáis tarjeta o efectivo?"),
        [PaymentMethod::Card, PaymentMethod::Cash]
    );
    assert_eq!(
        payment_methods("do you take credit cards"),
        [PaymentMethod::Card]
    );
    assert_eq!(payment_methods("Tarjeta de crédito"), [PaymentMethod::Card]);
    assert_eq!(payment_methods("bizum?"), [PaymentMethod::Bizum]);
    assert_eq!(payment_methods("aceptais tarjta"), [PaymentMethod::Card]);
    assert_eq!(payment_methods("Vales regalo"), []);
}

/// Every way of paying a visitor may name is a payment question too, and the other way round:
/// the words of the two readers are one list (issue 12's polish; "amex" was only one's).
#[test]
fn every_way_of_paying_asks_about_paying() {
    for (asked, method) in [
        ("aceptais tarjeta?", PaymentMethod::Card),
        ("aceptais tarjetas", PaymentMethod::Card),
        ("se puede pagar con visa?", PaymentMethod::Card),
        ("aceptais amex?", PaymentMethod::Card),
        ("teneis datafono?", PaymentMethod::Card),
        ("se puede con contactless", PaymentMethod::Card),
        ("do you take debit", PaymentMethod::Card),
        ("pago en metalico?", PaymentMethod::Cash),
        ("do you take cash?", PaymentMethod::Cash),
        ("aceptais bizum?", PaymentMethod::Bizum),
        ("aceptais bizun?", PaymentMethod::Bizum),
        ("puedo hacer transferencia?", PaymentMethod::Transfer),
        ("do you take paypal?", PaymentMethod::PayPal),
    ] {
        let question = salon_question(asked);
        assert!(
            question.topics.contains(&Payment),
            "{asked:?}: {question:?}"
        );
        assert_eq!(question.payment_methods, [method], "{asked:?}");
    }
}
