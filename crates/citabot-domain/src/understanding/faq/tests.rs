//! FAQ matching against the demo salon's ten entries. The tables here are the TUNING set: the
//! synonyms, stop-words and threshold were shaped on them. `held_out.rs` was written before and
//! is only measured.

use super::held_out::{HELD_OUT, HELD_OUT_NONE};
use super::*;
use crate::booking::demo;

fn index() -> FaqIndex {
    FaqIndex::new(&demo::settings().profile.faq)
}

/// The demo entry whose question is `question`.
fn entry(index: &FaqIndex, question: &str) -> usize {
    index
        .entries()
        .iter()
        .position(|faq| faq.question == question)
        .unwrap_or_else(|| panic!("no demo entry {question:?}"))
}

/// What matched `text`, for a failure message.
fn describe(index: &FaqIndex, text: &str) -> String {
    let ranked: Vec<String> = index
        .ranked(text)
        .iter()
        .take(3)
        .map(|found| format!("{:.2} {}", found.score, found.faq.question))
        .collect();
    format!("{text:?} → [{}]", ranked.join(", "))
}

/// Checks that each paraphrase matches its entry; returns the ones that do not.
fn misses(index: &FaqIndex, cases: &[(&str, &str)]) -> Vec<String> {
    cases
        .iter()
        .filter(|(question, text)| {
            index.best(text).map(|found| found.index) != Some(entry(index, question))
        })
        .map(|(question, text)| format!("want {question:?}: {}", describe(index, text)))
        .collect()
}

fn false_matches(index: &FaqIndex, texts: &[&str]) -> Vec<String> {
    texts
        .iter()
        .filter(|text| index.best(text).is_some())
        .map(|text| describe(index, text))
        .collect()
}

const CUT: &str = "¿Cuánto cuesta un corte?";
const HOURS: &str = "¿Qué horario tenéis?";
const CANCEL: &str = "¿Cómo cancelo o cambio mi cita?";
const PARKING: &str = "¿Hay aparcamiento cerca?";
const CARD: &str = "¿Puedo pagar con tarjeta?";
const CHILDREN: &str = "¿Atendéis a niños?";
const PRODUCTS: &str = "¿Qué productos usáis?";
const KERATIN: &str = "¿Cuánto dura el alisado de keratina?";
const WASHED: &str = "¿Tengo que llevar el pelo lavado para el tinte?";
const WALK_IN: &str = "¿Se puede ir sin cita?";

/// Spanish paraphrases, with and without accents, each entry's own question first.
const SPANISH: &[(&str, &str)] = &[
    (CUT, CUT),
    (CUT, "precio del corte de pelo"),
    (CUT, "cuanto vale cortarme el pelo"),
    (CUT, "q precio tiene el corte"),
    (CUT, "¿cuánto cobráis por un corte de caballero?"),
    (HOURS, HOURS),
    (HOURS, "a que hora abris"),
    (HOURS, "cuando cerrais"),
    (HOURS, "horarios de apertura"),
    (HOURS, "¿estáis abiertos los sábados?"),
    (CANCEL, CANCEL),
    (CANCEL, "como puedo cancelar una cita"),
    (CANCEL, "quiero cambiar mi reserva, como lo hago"),
    (CANCEL, "se puede anular una reserva?"),
    (CANCEL, "como aplazo la cita"),
    (PARKING, PARKING),
    (PARKING, "hay parking cerca?"),
    (PARKING, "donde aparco"),
    (PARKING, "teneis aparcamiento"),
    (CARD, CARD),
    (CARD, "aceptais tarjeta"),
    (CARD, "se puede pagar con visa?"),
    (CARD, "formas de pago"),
    (CARD, "pago con bizum?"),
    (CHILDREN, CHILDREN),
    (CHILDREN, "cortais el pelo a niños"),
    (CHILDREN, "corte para mi hija de 4 años"),
    (CHILDREN, "hacéis cortes infantiles?"),
    (PRODUCTS, PRODUCTS),
    (PRODUCTS, "que productos utilizais"),
    (PRODUCTS, "los productos son veganos?"),
    // Named only in the answer ("tintes sin amoniaco").
    (PRODUCTS, "el tinte lleva amoníaco?"),
    (
        PRODUCTS,
        "los tintes que usais tienen amoniaco? es que me pica el cuero cabelludo",
    ),
    (PRODUCTS, "puedo comprar productos en el salon?"),
    (KERATIN, KERATIN),
    (
        CHILDREN,
        "mi hijo tiene 3 añitos, le cortais el pelo o es muy peque?",
    ),
    (KERATIN, "cuanto tarda la keratina"),
    (KERATIN, "y la keratina cuanto aguanta el pelo liso?"),
    (KERATIN, "cuanto me dura la keratina? meses?"),
    (KERATIN, "cuanto dura un alisado"),
    (KERATIN, "cuanto tiempo dura la keratina"),
    (KERATIN, "duración del alisado de keratina"),
    (WASHED, WASHED),
    (WASHED, "tengo q venir con el pelo lavado para teñirme?"),
    (WASHED, "hay que lavarse el pelo antes del tinte"),
    (WASHED, "voy con el pelo limpio al tinte?"),
    (WALK_IN, WALK_IN),
    (WALK_IN, "puedo ir sin reserva?"),
    (WALK_IN, "atendeis sin cita?"),
    (WALK_IN, "si voy sin cita me atendeis"),
];

/// English questions against the Spanish entries: they meet in the synonym table's concepts.
const ENGLISH: &[(&str, &str)] = &[
    (
        KERATIN,
        "how long does the keratin last? like how many months",
    ),
    (PRODUCTS, "are your products vegan? and cruelty free?"),
    (CUT, "what does a haircut cost?"),
    (CUT, "haircut price"),
    (HOURS, "when do you open?"),
    (HOURS, "what time do you close on saturday"),
    (HOURS, "opening hours"),
    (CANCEL, "how can I change my booking?"),
    (CANCEL, "how do I cancel a booking"),
    (PARKING, "where can I park?"),
    (PARKING, "is there a car park nearby?"),
    (CARD, "can I pay by card?"),
    (CARD, "do you accept cash?"),
    (CHILDREN, "do you do kids haircuts?"),
    (CHILDREN, "do you cut kids' hair"),
    (PRODUCTS, "which brands do you use?"),
    (PRODUCTS, "do you sell hair products?"),
    (KERATIN, "how long does keratin take?"),
    (KERATIN, "how long is a keratin straightening"),
    (WASHED, "do I need to wash my hair before a dye?"),
    (WASHED, "should my hair be clean for the colour?"),
    (WALK_IN, "can I come without an appointment?"),
    (WALK_IN, "do you accept walk ins?"),
];

/// Typos: one edit in a word of five letters or more is forgiven.
const TYPOS: &[(&str, &str)] = &[
    (PARKING, "aparcamineto cerca"),
    (PARKING, "teneis parkin"),
    (CUT, "cuanto cuesta un corete"),
    (CARD, "aceptais tarjta"),
    (HOURS, "q horaio teneis"),
    (KERATIN, "cuanto dura la keratna"),
    (PRODUCTS, "que produtos usais"),
    (CHILDREN, "atendeis a niñoss"),
    (WASHED, "hay q llevar el pelo lavdo pal tinte"),
    (WALK_IN, "puedo ir sin reseva"),
];

/// Messages that must match no entry: bookings, greetings, details, other questions.
const NONE: &[&str] = &[
    "quiero cita mañana",
    "quiero reservar un corte el viernes",
    "quiero un tinte el sábado a las 10",
    "un corte",
    "tinte",
    "hola",
    "buenas tardes",
    "gracias",
    "adiós",
    "sí",
    "no",
    "la segunda",
    "el viernes a las 5",
    "me llamo Ana López",
    "ana@example.com",
    "612 345 678",
    "¿hacéis tatuajes?",
    "¿tenéis wifi?",
    "¿puedo llevar a mi perro?",
    "¿cuánto cuesta el tinte?",
    "¿cuánto dura el tinte?",
    "¿qué servicios tenéis?",
    "quiero hablar con una persona",
    "empezar de nuevo",
    "do you do tattoos?",
    "is there wifi?",
    "I'd like to book a haircut tomorrow",
    "",
    "¿?",
];

#[test]
fn spanish_paraphrases_match_their_entry() {
    let index = index();
    let missed = misses(&index, SPANISH);
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn english_questions_match_spanish_entries() {
    let index = index();
    let missed = misses(&index, ENGLISH);
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn typos_are_forgiven() {
    let index = index();
    let missed = misses(&index, TYPOS);
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn bookings_greetings_and_other_questions_match_nothing() {
    let index = index();
    let wrong = false_matches(&index, NONE);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The held-out paraphrases the matcher misses, as measured after tuning: colloquial words the
/// synonym table does not have ("críos", "aguanta", "la cabeza" for the hair, "cita previa"),
/// a question answered only by an entry's answer ("amoniaco"), and an adjective that weighs as
/// a word of its own ("pequeños"). Kept here, not fixed by tuning on them: a change that makes
/// one pass shows up as a failure below, and the case then leaves this list.
const HELD_OUT_KNOWN_MISSES: &[&str] = &[
    "¿cortáis el pelo a niños pequeños?",
    "atendeis a crios?",
    "tengo que lavarme la cabeza antes de teñirme",
    "hace falta cita previa?",
];

/// The held-out paraphrases, written before tuning and only measured: at least 80 % match
/// their entry, the misses are the known ones, and no held-out non-question matches anything.
#[test]
fn held_out_paraphrases_match_their_entry() {
    let index = index();
    assert!(HELD_OUT.len() >= 3 * index.entries().len());
    let missed: Vec<&str> = HELD_OUT
        .iter()
        .filter(|(question, text)| {
            index.best(text).map(|found| found.index) != Some(entry(&index, question))
        })
        .map(|(_, text)| *text)
        .collect();
    assert_eq!(
        missed,
        HELD_OUT_KNOWN_MISSES,
        "held out: {} of {} missed",
        missed.len(),
        HELD_OUT.len()
    );
    assert!(
        missed.len() * 5 <= HELD_OUT.len(),
        "fewer than 80 % matched"
    );
    let wrong = false_matches(&index, HELD_OUT_NONE);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_entry_is_covered_by_the_tables() {
    let index = index();
    for faq in index.entries() {
        let count =
            |table: &[(&str, &str)]| table.iter().filter(|(q, _)| *q == faq.question).count();
        assert!(count(SPANISH) >= 3, "{}", faq.question);
        assert!(count(ENGLISH) >= 2, "{}", faq.question);
        assert!(count(HELD_OUT) >= 3, "{}", faq.question);
    }
}

#[test]
fn ties_go_to_the_earlier_entry_and_nothing_matches_an_empty_faq() {
    let twice = |question: &str| Faq {
        question: question.to_owned(),
        answer: "Sí.".to_owned(),
    };
    let index = FaqIndex::new(&[twice("¿Tenéis wifi?"), twice("¿Tenéis wifi?")]);
    assert_eq!(index.best("wifi?").map(|found| found.index), Some(0));
    assert_eq!(FaqIndex::new(&[]).best("¿tenéis wifi?"), None);
}

#[test]
fn an_entry_of_stop_words_only_never_matches() {
    let index = FaqIndex::new(&[Faq {
        question: "¿Y eso qué es?".to_owned(),
        answer: "Nada.".to_owned(),
    }]);
    assert_eq!(index.best("¿y eso qué es?"), None);
}

#[test]
fn a_salons_own_words_are_learnt_with_their_typos() {
    let index = FaqIndex::new(&[
        Faq {
            question: "¿Tenéis wifi gratuito?".to_owned(),
            answer: "Sí, la clave está en el mostrador.".to_owned(),
        },
        Faq {
            question: "¿Se admiten perros?".to_owned(),
            answer: "Sí, si son tranquilos.".to_owned(),
        },
    ]);
    assert_eq!(
        index.best("hay wifi gratuto?").map(|found| found.index),
        Some(0)
    );
    assert_eq!(
        index.best("puedo ir con mi perro").map(|found| found.index),
        Some(1)
    );
    assert_eq!(index.best("¿hacéis tatuajes?"), None);
}
