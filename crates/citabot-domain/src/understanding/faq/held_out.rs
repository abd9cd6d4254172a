//! HELD OUT: paraphrases of the demo salon's FAQ written before the matcher was built or tuned,
//! and never used to tune it. Tuning uses the tables in `tests.rs`; this table only measures how
//! the matcher does on questions it was not shaped around. Do not edit it to make a case pass:
//! add the case to the tuning tables instead, and leave this one as it was written.

/// (the demo FAQ question the paraphrase must match, the paraphrase).
pub(super) const HELD_OUT: &[(&str, &str)] = &[
    (
        "¿Cuánto cuesta un corte?",
        "¿qué precio tiene cortarse el pelo?",
    ),
    (
        "¿Cuánto cuesta un corte?",
        "cuanto cobrais por cortar el pelo",
    ),
    ("¿Cuánto cuesta un corte?", "how much is a haircut?"),
    ("¿Cuánto cuesta un corte?", "¿sale muy caro un corte?"),
    ("¿Qué horario tenéis?", "¿a qué hora abrís por la mañana?"),
    (
        "¿Qué horario tenéis?",
        "cual es vuestro horario de apertura",
    ),
    ("¿Qué horario tenéis?", "what are your opening hours?"),
    ("¿Qué horario tenéis?", "¿hasta qué hora estáis abiertos?"),
    (
        "¿Cómo cancelo o cambio mi cita?",
        "¿puedo anular la cita que tengo?",
    ),
    (
        "¿Cómo cancelo o cambio mi cita?",
        "si no puedo ir, ¿cómo cambio la hora?",
    ),
    (
        "¿Cómo cancelo o cambio mi cita?",
        "how do I cancel my appointment?",
    ),
    (
        "¿Cómo cancelo o cambio mi cita?",
        "quiero saber como se modifica una reserva",
    ),
    ("¿Hay aparcamiento cerca?", "¿dónde puedo aparcar?"),
    ("¿Hay aparcamiento cerca?", "teneis parking?"),
    (
        "¿Hay aparcamiento cerca?",
        "is there anywhere to park nearby?",
    ),
    (
        "¿Hay aparcamiento cerca?",
        "se puede dejar el coche cerca del salon",
    ),
    ("¿Puedo pagar con tarjeta?", "¿aceptáis pago con tarjeta?"),
    ("¿Puedo pagar con tarjeta?", "se puede pagar con bizum?"),
    ("¿Puedo pagar con tarjeta?", "do you take credit cards?"),
    ("¿Puedo pagar con tarjeta?", "hay que pagar en efectivo?"),
    ("¿Atendéis a niños?", "¿cortáis el pelo a niños pequeños?"),
    (
        "¿Atendéis a niños?",
        "mi hijo tiene 5 años, ¿le podéis cortar el pelo?",
    ),
    ("¿Atendéis a niños?", "do you cut children's hair?"),
    ("¿Atendéis a niños?", "atendeis a crios?"),
    (
        "¿Qué productos usáis?",
        "¿qué marca de productos utilizáis?",
    ),
    ("¿Qué productos usáis?", "los tintes llevan amoniaco?"),
    ("¿Qué productos usáis?", "what products do you use?"),
    ("¿Qué productos usáis?", "¿vendéis productos para el pelo?"),
    (
        "¿Cuánto dura el alisado de keratina?",
        "cuanto tiempo lleva la keratina",
    ),
    (
        "¿Cuánto dura el alisado de keratina?",
        "¿cuántas horas dura un alisado?",
    ),
    (
        "¿Cuánto dura el alisado de keratina?",
        "how long does the keratin treatment take?",
    ),
    (
        "¿Cuánto dura el alisado de keratina?",
        "cuanto aguanta el alisado de keratina",
    ),
    (
        "¿Tengo que llevar el pelo lavado para el tinte?",
        "¿hay que venir con el pelo limpio para teñir?",
    ),
    (
        "¿Tengo que llevar el pelo lavado para el tinte?",
        "me lavo el pelo antes del tinte?",
    ),
    (
        "¿Tengo que llevar el pelo lavado para el tinte?",
        "should I wash my hair before the colour?",
    ),
    (
        "¿Tengo que llevar el pelo lavado para el tinte?",
        "tengo que lavarme la cabeza antes de teñirme",
    ),
    ("¿Se puede ir sin cita?", "¿atendéis sin reserva?"),
    ("¿Se puede ir sin cita?", "puedo pasarme sin pedir cita?"),
    ("¿Se puede ir sin cita?", "do you take walk-ins?"),
    ("¿Se puede ir sin cita?", "hace falta cita previa?"),
];

/// HELD OUT as well: messages that must match no demo FAQ entry.
pub(super) const HELD_OUT_NONE: &[&str] = &[
    "¿hacéis tatuajes?",
    "¿cuál es la contraseña del wifi?",
    "quiero cita mañana por la tarde",
    "hola buenas",
    "me llamo Ana García",
    "¿vendéis tarjetas regalo?",
    "¿tenéis hueco el sábado?",
    "gracias, adiós",
];
