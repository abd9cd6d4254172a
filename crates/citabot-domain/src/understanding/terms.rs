//! The words of a message that carry its meaning, as comparable terms: what FAQ matching and the
//! questions about the salon read (issue 12).
//!
//! A message becomes terms in four steps, all deterministic and cheap:
//!
//! 1. [`normalize_keeping_enye`] (lower case, accents folded, `ñ` kept so "uñas" is not "unas").
//! 2. Phrases of the synonym table are read first, longest first ("sin cita", "how long",
//!    "silla de ruedas"), so a phrase counts as one term however common its words are.
//! 3. Stop-words go: articles, pronouns, question words, greetings and the verbs every question
//!    has ("tener", "poder", "hacer", "do", "can").
//! 4. Each other word becomes a concept of the [synonym table](SYNONYMS) when it, its plural or
//!    its light stem is one of the concept's words ("cobráis" and "price" are both `precio`),
//!    else its light stem ("productos" and "products" are both `product`). A word of five
//!    letters or more that is none of the words known (the synonym table's and the caller's
//!    [`Vocabulary`]) is read as the known word one edit away, if there is one ("parkin",
//!    "tarjta", "aparcamineto" is two: not forgiven).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use super::lexicon;
use super::normalize::{normalize_keeping_enye, tokens, within_one_edit};

/// A comparable unit of meaning: a concept of the synonym table or a light stem.
pub type Term = String;

/// The shortest word that may carry a typo (edit distance one).
const TYPO_MIN_LETTERS: usize = 5;

/// Words known beyond the synonym table (a FAQ's own words), so a typo of them is forgiven too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    /// Surface word → its term, for typos; ordered, so the first close word is always the same.
    words: BTreeMap<String, Term>,
    /// Every term of those words.
    terms: BTreeSet<Term>,
}

impl Vocabulary {
    /// Learns the words of `text` (they are then known, and their typos forgiven).
    pub fn learn(&mut self, text: &str) {
        let normalized = normalize_keeping_enye(text);
        let words = tokens(&normalized);
        for (term, start, end) in read(&words, None) {
            if end == start + 1 {
                self.terms.insert(term.clone());
                self.words.entry(words[start].to_owned()).or_insert(term);
            }
        }
    }

    fn knows(&self, word: &str) -> bool {
        self.words.contains_key(word) || self.terms.contains(word)
    }
}

/// Whether `term` is one of the synonym table's concepts (a word the salon's trade has a name
/// for, as "amoniaco"), not a word of the message kept as it came.
pub fn is_concept(term: &str) -> bool {
    TABLE.concepts.contains(term)
}

/// The distinct terms of `text`, in order of first appearance.
pub fn terms(text: &str, vocabulary: Option<&Vocabulary>) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for term in term_groups(text, vocabulary).into_iter().flatten() {
        if !out.contains(&term) {
            out.push(term);
        }
    }
    out
}

/// The terms of `text` in groups of alternatives: terms joined by "o" / "or" are one group
/// ("¿cómo cancelo o cambio mi cita?" is `[[cancelar, cambiar], [cita]]`), any other term is a
/// group of its own. A term said twice stays in its first group.
pub fn term_groups(text: &str, vocabulary: Option<&Vocabulary>) -> Vec<Vec<Term>> {
    let normalized = normalize_keeping_enye(text);
    let words = tokens(&normalized);
    let mut groups: Vec<Vec<Term>> = Vec::new();
    let mut seen: Vec<Term> = Vec::new();
    let mut last_end = None;
    for (term, start, end) in read(&words, vocabulary) {
        let alternative = last_end.is_some_and(|last: usize| {
            start == last + 1 && matches!(words[last], "o" | "or" | "u")
        });
        last_end = Some(end);
        if seen.contains(&term) {
            continue;
        }
        seen.push(term.clone());
        match groups.last_mut() {
            Some(group) if alternative => group.push(term),
            _ => groups.push(vec![term]),
        }
    }
    groups
}

/// Each term with the words it came from (`start..end`).
pub(super) fn read(words: &[&str], vocabulary: Option<&Vocabulary>) -> Vec<(Term, usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < words.len() {
        if let Some((concept, len)) = phrase_at(words, at) {
            out.push((concept.to_owned(), at, at + len));
            at += len;
            continue;
        }
        if let Some(term) = word_term(words[at], vocabulary) {
            out.push((term, at, at + 1));
        }
        at += 1;
    }
    out
}

/// The longest phrase of the synonym table starting at `at`, and how many words it takes. A
/// phrase's words of five letters or more forgive one typo ("sin reseva").
fn phrase_at(words: &[&str], at: usize) -> Option<(&'static str, usize)> {
    let said = &words[at..];
    TABLE
        .phrases
        .iter()
        .filter(|(phrase, _)| {
            phrase.len() <= said.len()
                && phrase.iter().zip(said).all(|(want, word)| {
                    want == word || want.len() >= TYPO_MIN_LETTERS && within_one_edit(word, want)
                })
        })
        .map(|(phrase, concept)| (*concept, phrase.len()))
        .max_by_key(|(_, len)| *len)
}

/// The term of one word, or `None` for a stop-word or a bare number.
fn word_term(word: &str, vocabulary: Option<&Vocabulary>) -> Option<Term> {
    // "uñas" is a service, "unas" a stop-word.
    if let Some(concept) = TABLE.words.get(word) {
        return Some((*concept).to_owned());
    }
    if is_stop(word) || word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if let Some(concept) = concept_of(word) {
        return Some(concept.to_owned());
    }
    let stemmed = stem(word);
    if is_stop(&stemmed) {
        return None;
    }
    let known = vocabulary.is_some_and(|v| v.knows(word) || v.knows(&stemmed));
    if !known
        && word.chars().count() >= TYPO_MIN_LETTERS
        && let Some(term) = typo_of(word, vocabulary)
    {
        return Some(term);
    }
    Some(stemmed)
}

/// The concept a word stands for: the word itself, without its plural, without the pronoun a
/// verb carries ("comprarlos", "lavarme"), or its stem, among the synonym table's single words.
fn concept_of(word: &str) -> Option<&'static str> {
    let forms = [
        word.strip_suffix("es"),
        word.strip_suffix('s'),
        without_pronoun(word),
    ];
    std::iter::once(word)
        .chain(forms.into_iter().flatten())
        .find_map(|w| TABLE.words.get(w).copied())
        // Short words by their stem would be guesses ("Rey", a surname, is not "reyes").
        .or_else(|| {
            (word.chars().count() >= TYPO_MIN_LETTERS)
                .then(|| TABLE.stems.get(stem(word).as_str()).copied())
                .flatten()
        })
}

/// An infinitive without the pronoun joined to it: "comprarlos" → "comprar".
fn without_pronoun(word: &str) -> Option<&str> {
    [
        "los", "las", "les", "nos", "lo", "la", "le", "me", "te", "se", "os",
    ]
    .iter()
    .filter_map(|pronoun| word.strip_suffix(pronoun))
    .find(|verb| verb.len() > 3 && verb.ends_with('r'))
}

/// The term of the known word one edit away from `word` (the first in alphabetical order).
fn typo_of(word: &str, vocabulary: Option<&Vocabulary>) -> Option<Term> {
    let letters = word.chars().count();
    // One edit changes the length by one letter at most: most known words are passed over on
    // their length alone.
    let from_table = TABLE
        .typo_targets
        .iter()
        .find(|(known, known_letters, _)| {
            known_letters.abs_diff(letters) <= 1 && within_one_edit(word, known)
        })
        .map(|(known, _, concept)| ((*known).to_owned(), (*concept).to_owned()));
    let from_vocabulary = vocabulary.and_then(|v| {
        v.words
            .iter()
            .find(|(known, _)| {
                let known_letters = known.chars().count();
                known_letters >= TYPO_MIN_LETTERS
                    && known_letters.abs_diff(letters) <= 1
                    && within_one_edit(word, known)
                    && !is_stop(known)
            })
            .map(|(known, term)| (known.clone(), term.clone()))
    });
    [from_table, from_vocabulary]
        .into_iter()
        .flatten()
        .min()
        .map(|(_, term)| term)
}

/// A light stem shared by Spanish and English inflections: the longest known ending is taken
/// off while three letters stay ("lavado", "lavar" → "lav"; "productos", "products" →
/// "product"; "washing" → "wash").
pub fn stem(word: &str) -> String {
    const ENDINGS: &[&str] = &[
        "amientos", "imientos", "amiento", "imiento", "aciones", "uciones", "acion", "ucion",
        "mente", "iendo", "ando", "ados", "adas", "idos", "idas", "amos", "emos", "imos", "ado",
        "ada", "ido", "ida", "ais", "eis", "ing", "ar", "er", "ir", "es", "as", "os", "an", "en",
        "ed", "a", "e", "o", "s",
    ];
    let letters = word.chars().count();
    ENDINGS
        .iter()
        .find(|ending| word.ends_with(*ending) && letters >= ending.chars().count() + 3)
        .map_or_else(
            || word.to_owned(),
            |ending| word[..word.len() - ending.len()].to_owned(),
        )
}

/// Whether `word` is a stop-word, with or without its `ñ` ("mañana", "manana").
/// Whether a (normalised) word means something to the assistant: a stop-word, or a word of the
/// synonym table (a service, a day, an intent…), as itself or by its stem. A name is none.
pub(super) fn is_known_word(word: &str) -> bool {
    is_stop(word) || TABLE.words.contains_key(word) || concept_of(word).is_some()
}

fn is_stop(word: &str) -> bool {
    if word.contains('ñ') {
        return is_stop(&word.replace('ñ', "n"));
    }
    STOP_WORDS.binary_search(&word).is_ok()
}

/// The synonym table read into lookups, once.
struct Table {
    /// Single words → concept.
    words: BTreeMap<&'static str, &'static str>,
    /// Stems of single words → concept (a stem claimed by two concepts is dropped).
    stems: BTreeMap<String, &'static str>,
    /// Every concept of the table, for [`is_concept`].
    concepts: BTreeSet<&'static str>,
    /// Phrases of two or more words, split.
    phrases: Vec<(Vec<&'static str>, &'static str)>,
    /// The single words a typo may stand for (five letters or more), with their length in
    /// letters, in order.
    typo_targets: Vec<(&'static str, usize, &'static str)>,
}

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    let mut words = BTreeMap::new();
    let mut stems: BTreeMap<String, Option<&'static str>> = BTreeMap::new();
    let mut phrases = Vec::new();
    for (concept, entry) in synonyms() {
        let split: Vec<&'static str> = entry.split(' ').collect();
        if split.len() > 1 {
            phrases.push((split, concept));
            continue;
        }
        words.insert(entry, concept);
        let slot = stems.entry(stem(entry)).or_insert(Some(concept));
        if *slot != Some(concept) {
            *slot = None;
        }
    }
    let typo_targets = words
        .iter()
        .map(|(word, concept)| (*word, word.chars().count(), *concept))
        .filter(|(_, letters, _)| *letters >= TYPO_MIN_LETTERS)
        .collect();
    Table {
        concepts: synonyms().map(|(concept, _)| concept).collect(),
        words,
        typo_targets,
        stems: stems
            .into_iter()
            .filter_map(|(stem, concept)| concept.map(|c| (stem, c)))
            .collect(),
        phrases,
    }
});

/// Each word or phrase of the synonym table with its concept: [`SYNONYMS`], and the ways of
/// paying of the lexicons' `payment_words` as `pago` (one list, shared with
/// [`payment_methods`](super::payment_methods)).
fn synonyms() -> impl Iterator<Item = (&'static str, &'static str)> {
    let table = SYNONYMS
        .iter()
        .flat_map(|(concept, said)| said.iter().map(move |entry| (*concept, *entry)));
    let paying = lexicon::all(|l| l.payment_words)
        .flat_map(|(_, names)| names.iter().map(|name| ("pago", *name)));
    table.chain(paying)
}

/// The concepts a salon's visitors ask about, with the words and phrases (normalised: lower
/// case, no accents, `ñ` kept) that mean each, in Spanish and English. A concept's name is also
/// the term it becomes.
pub(crate) const SYNONYMS: &[(&str, &[&str])] = &[
    (
        "precio",
        &[
            "precio",
            "precios",
            "cuesta",
            "cuestan",
            "costar",
            "coste",
            "costaria",
            "cuanto vale",
            "cuanto valen",
            "cuanto sale",
            "cobrais",
            "cobran",
            "cobrar",
            "cobra",
            "tarifa",
            "tarifas",
            "caro",
            "cara",
            "barato",
            "barata",
            "euros",
            "price",
            "prices",
            "cost",
            "costs",
            "charge",
            "charges",
            "how much",
            "expensive",
            "cheap",
            "fee",
            "fees",
        ],
    ),
    (
        "duracion",
        &[
            "dura",
            "duran",
            "durar",
            "duracion",
            "tarda",
            "tardan",
            "tardar",
            "tardais",
            "tiempo",
            "minutos",
            "aguanta",
            "aguantan",
            "aguantar",
            "cuantas horas",
            "how long",
            "last",
            "lasts",
            "duration",
        ],
    ),
    (
        "horario",
        &[
            "horario", "horarios", "abrir", "abris", "abren", "abre", "abierto", "abiertos",
            "abierta", "abiertas", "cerrar", "cerrais", "cierran", "cierra", "cerrado", "cerrados",
            "apertura", "cierre", "open", "opens", "opening", "close", "closes", "closing",
            "closed", "hours",
        ],
    ),
    (
        "cancelar",
        &[
            "cancelar",
            "cancelo",
            "cancela",
            "cancelacion",
            "anular",
            "anulo",
            "anula",
            "anulacion",
            "cancel",
            "cancelling",
            "canceling",
            "cancellation",
        ],
    ),
    (
        "cambiar",
        &[
            "cambiar",
            "cambio",
            "cambia",
            "cambiarla",
            "modificar",
            "modifico",
            "mover",
            "muevo",
            "aplazar",
            "aplazo",
            "reprogramar",
            "change",
            "move",
            "reschedule",
            "modify",
            "postpone",
        ],
    ),
    (
        "cita",
        &[
            "cita",
            "citas",
            "reserva",
            "reservas",
            "reservar",
            "reservo",
            "appointment",
            "appointments",
            "booking",
            "bookings",
            "book",
            "reservation",
        ],
    ),
    (
        "sin_cita",
        &[
            "sin cita",
            "sin reserva",
            "sin reservar",
            "sin pedir cita",
            "sin pedir hora",
            "walk in",
            "walk ins",
            "walkin",
            "walkins",
            "without an appointment",
            "without appointment",
            "without booking",
            "drop in",
        ],
    ),
    (
        "aparcar",
        &[
            "aparcar",
            "aparco",
            "aparcamiento",
            "aparcamientos",
            "parking",
            "park",
            "car park",
            "estacionar",
            "estacionamiento",
            "garaje",
            "parquing",
            "coche",
            "car",
            "parkear",
        ],
    ),
    (
        "cerca",
        &[
            "cerca", "cercano", "cercana", "near", "nearby", "close by", "al lado",
        ],
    ),
    (
        "pago",
        &[
            "pagar",
            "pago",
            "pagos",
            "pagais",
            "abonar",
            "pay",
            "paying",
            "payment",
            "payments",
            // The ways of paying ("tarjeta", "bizum"…) join these from the lexicons' `payment_words`.
            "forma de pago",
            "formas de pago",
            "metodos de pago",
            "medios de pago",
            "payment methods",
        ],
    ),
    (
        "niño",
        &[
            "niño",
            "niños",
            "niña",
            "niñas",
            "nino",
            "ninos",
            "nina",
            "ninas",
            "hijo",
            "hijos",
            "hija",
            "hijas",
            "bebe",
            "bebes",
            "infantil",
            "kid",
            "kids",
            "child",
            "children",
            "childrens",
            "daughter",
            "toddler",
            "boy",
            "girl",
            "peque",
            "peques",
        ],
    ),
    (
        "producto",
        &[
            "producto",
            "productos",
            "marca",
            "marcas",
            "product",
            "products",
            "brand",
            "brands",
            "cosmetica",
            "cosmeticos",
        ],
    ),
    (
        "keratina",
        &[
            "keratina",
            "queratina",
            "alisado",
            "alisar",
            "alisados",
            "keratin",
            "straightening",
            "straighten",
        ],
    ),
    (
        "tinte",
        &[
            "tinte",
            "tintes",
            "teñir",
            "teñirme",
            "teñirse",
            "teñirlo",
            "tenir",
            "tenirme",
            "color",
            "colour",
            "coloracion",
            "colorear",
            "dye",
            "dyeing",
            "colouring",
            "coloring",
            "tint",
        ],
    ),
    (
        "corte",
        &[
            "corte", "cortes", "cortar", "cortarme", "cortarse", "cortais", "cortan", "haircut",
            "haircuts", "cut", "cuts", "cutting", "trim",
        ],
    ),
    ("pelo", &["pelo", "cabello", "melena", "hair"]),
    (
        "lavar",
        &[
            "lavar", "lavado", "lavada", "lavarme", "lavarlo", "lavo", "lavarse", "lavais",
            "limpio", "limpia", "wash", "washed", "washing", "clean",
        ],
    ),
    ("amoniaco", &["amoniaco", "ammonia"]),
    ("mes", &["mes", "meses", "month", "months"]),
    (
        "edad",
        &[
            "edad", "años", "anos", "añitos", "anitos", "añito", "age", "years", "old",
        ],
    ),
    (
        "vegano",
        &["vegano", "vegana", "veganos", "veganas", "vegan"],
    ),
    (
        "comprar",
        &[
            "comprar", "compra", "compro", "vender", "vendeis", "venden", "vende", "venta", "buy",
            "sell", "sells", "purchase",
        ],
    ),
    ("mechas", &["mechas", "balayage", "highlights", "reflejos"]),
    (
        "manicura",
        &[
            "manicura",
            "manicure",
            "uñas",
            "nails",
            "esmaltado",
            "esmalte",
        ],
    ),
    ("barba", &["barba", "beard", "afeitado", "afeitar", "shave"]),
    (
        "peinado",
        &[
            "peinado", "peinar", "blow dry", "blowdry", "styling", "recogido", "updo",
        ],
    ),
    (
        "telefono",
        &[
            "telefono",
            "telefonos",
            "movil",
            "whatsapp",
            "phone",
            "telephone",
            "llamaros",
            "llamarte",
            "llamarles",
            "llamarlos",
            "os llamo",
            "call you",
            "call the salon",
        ],
    ),
    (
        "email",
        &[
            "email",
            "emails",
            "correo",
            "mail",
            "e mail",
            "correo electronico",
        ],
    ),
    (
        "direccion",
        &[
            "direccion",
            "address",
            "ubicacion",
            "ubicados",
            "ubicado",
            "situados",
            "situado",
            "location",
            "located",
            "calle",
            "street",
            "mapa",
            "map",
            "donde estais",
            "donde estan",
            "donde esta el salon",
            "donde esta la peluqueria",
            "donde os encuentro",
            "donde quedais",
            "where are you",
            "where is the salon",
            "where is it",
        ],
    ),
    (
        "acceso",
        &[
            "accesible",
            "accesibilidad",
            "acceso",
            "silla de ruedas",
            "wheelchair",
            "escalones",
            "escalon",
            "escaleras",
            "escalera",
            "stairs",
            "steps",
            "ascensor",
            "lift",
            "elevator",
            "rampa",
            "ramp",
            "metro",
            "autobus",
            "bus",
            "tube",
            "subway",
            "underground",
            "transporte",
            "accessible",
            "access",
        ],
    ),
    (
        "llegar",
        &[
            "como llegar",
            "como llego",
            "como se llega",
            "como llegamos",
            "how to get",
            "how do i get",
            "get there",
            "get to you",
            "llegar hasta",
        ],
    ),
    (
        "navidad",
        &["navidad", "navidades", "nochebuena", "christmas", "xmas"],
    ),
    (
        "año_nuevo",
        &[
            "año nuevo",
            "ano nuevo",
            "nochevieja",
            "new year",
            "new years",
        ],
    ),
    ("reyes", &["reyes", "dia de reyes"]),
    ("semana_santa", &["semana santa", "pascua", "easter"]),
    (
        "vacaciones",
        &["vacaciones", "vacation", "holiday", "holidays"],
    ),
    (
        "festivo",
        &[
            "festivo",
            "festivos",
            "festividad",
            "puente",
            "bank holiday",
            "public holiday",
        ],
    ),
    (
        "sobre_el_salon",
        &[
            "quienes sois",
            "quien sois",
            "sobre vosotros",
            "sobre el salon",
            "about you",
            "about the salon",
            "about your salon",
            "about yourselves",
        ],
    ),
];

/// Words that carry no meaning of their own here, in order (binary search): function words,
/// question words, greetings, politeness, the verbs every question has, the salon itself, and
/// words of time that the date and time readers handle.
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "abril",
    "abt",
    "accept",
    "accepts",
    "acepta",
    "aceptais",
    "aceptamos",
    "aceptan",
    "aceptar",
    "admite",
    "admiten",
    "admitir",
    "admitis",
    "agosto",
    "ahora",
    "al",
    "algo",
    "alguien",
    "algun",
    "alguna",
    "alguno",
    "all",
    "also",
    "always",
    "am",
    "an",
    "and",
    "another",
    "ante",
    "antes",
    "any",
    "anything",
    "anywhere",
    "april",
    "aqui",
    "are",
    "arent",
    "as",
    "asi",
    "at",
    "august",
    "aun",
    "be",
    "because",
    "been",
    "before",
    "bien",
    "buenas",
    "bueno",
    "buenos",
    "but",
    "by",
    "cada",
    "can",
    "cant",
    "come",
    "coming",
    "como",
    "con",
    "cosa",
    "cosas",
    "could",
    "cual",
    "cuales",
    "cuando",
    "cuanta",
    "cuantas",
    "cuanto",
    "cuantos",
    "d",
    "da",
    "dais",
    "dame",
    "dan",
    "dar",
    "de",
    "deber",
    "debo",
    "december",
    "dejar",
    "dejo",
    "del",
    "desde",
    "dia",
    "dias",
    "diciembre",
    "did",
    "dime",
    "do",
    "does",
    "domingo",
    "domingos",
    "donde",
    "dont",
    "duda",
    "e",
    "el",
    "ella",
    "en",
    "enero",
    "entonces",
    "entre",
    "era",
    "eres",
    "es",
    "esa",
    "ese",
    "eso",
    "esta",
    "estais",
    "estamos",
    "estan",
    "estar",
    "estas",
    "este",
    "esto",
    "estos",
    "estoy",
    "every",
    "falta",
    "favor",
    "febrero",
    "february",
    "for",
    "friday",
    "from",
    "get",
    "go",
    "going",
    "got",
    "gracias",
    "ha",
    "habeis",
    "haber",
    "habra",
    "hace",
    "haceis",
    "hacemos",
    "hacen",
    "hacer",
    "hago",
    "han",
    "has",
    "hasta",
    "have",
    "hay",
    "he",
    "hello",
    "hey",
    "hi",
    "hola",
    "holi",
    "how",
    "hows",
    "hoy",
    "i",
    "id",
    "if",
    "igual",
    "im",
    "in",
    "info",
    "informacion",
    "ir",
    "is",
    "isnt",
    "it",
    "its",
    "ive",
    "january",
    "jueves",
    "julio",
    "july",
    "june",
    "junio",
    "just",
    "k",
    "know",
    "la",
    "las",
    "le",
    "les",
    "let",
    "lets",
    "like",
    "lleva",
    "llevais",
    "llevan",
    "llevar",
    "llevo",
    "lo",
    "local",
    "los",
    "lot",
    "lots",
    "lunes",
    "mal",
    "manana",
    "many",
    "march",
    "martes",
    "marzo",
    "mas",
    "may",
    "mayo",
    "me",
    "mi",
    "miercoles",
    "mis",
    "misma",
    "mismo",
    "monday",
    "much",
    "mucha",
    "muchas",
    "mucho",
    "muchos",
    "muy",
    "my",
    "nada",
    "necesario",
    "necesita",
    "necesitas",
    "necesito",
    "need",
    "never",
    "ni",
    "no",
    "nos",
    "nosotros",
    "november",
    "noviembre",
    "now",
    "nuestra",
    "nuestro",
    "nunca",
    "o",
    "october",
    "octubre",
    "of",
    "oiga",
    "ok",
    "okay",
    "ola",
    "on",
    "only",
    "or",
    "os",
    "other",
    "otra",
    "otras",
    "otro",
    "otros",
    "our",
    "oye",
    "para",
    "pasar",
    "pasarme",
    "pasaros",
    "pasarse",
    "paso",
    "peluqueria",
    "peluqueros",
    "pero",
    "please",
    "poco",
    "podeis",
    "poder",
    "podria",
    "podrian",
    "podrias",
    "por",
    "porfa",
    "porque",
    "pregunta",
    "preguntar",
    "puede",
    "pueden",
    "puedes",
    "puedo",
    "pues",
    "q",
    "que",
    "quereis",
    "querer",
    "queria",
    "quien",
    "quiere",
    "quieres",
    "quiero",
    "quisiera",
    "really",
    "sabado",
    "sabados",
    "sabeis",
    "saber",
    "salon",
    "same",
    "saturday",
    "saturdays",
    "say",
    "se",
    "sea",
    "semana",
    "september",
    "septiembre",
    "ser",
    "sera",
    "seria",
    "should",
    "si",
    "siempre",
    "so",
    "sobre",
    "solo",
    "some",
    "son",
    "soy",
    "still",
    "su",
    "sunday",
    "sundays",
    "sus",
    "take",
    "takes",
    "tal",
    "tambien",
    "tan",
    "tanto",
    "tarde",
    "te",
    "tell",
    "teneis",
    "tenemos",
    "tener",
    "tengo",
    "than",
    "thank",
    "thanks",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "thing",
    "things",
    "this",
    "those",
    "thursday",
    "tiene",
    "tienen",
    "tienes",
    "time",
    "to",
    "toda",
    "todas",
    "todavia",
    "today",
    "todo",
    "todos",
    "tomorrow",
    "too",
    "tu",
    "tuesday",
    "tus",
    "u",
    "un",
    "una",
    "unas",
    "uno",
    "unos",
    "us",
    "usais",
    "usan",
    "usar",
    "use",
    "used",
    "using",
    "usted",
    "ustedes",
    "utilizais",
    "utilizan",
    "utilizar",
    "va",
    "vais",
    "vale",
    "vamos",
    "van",
    "vas",
    "veces",
    "vengo",
    "venir",
    "venis",
    "ver",
    "very",
    "vez",
    "viene",
    "vienen",
    "vienes",
    "viernes",
    "vosotros",
    "vuestra",
    "vuestras",
    "vuestro",
    "vuestros",
    "want",
    "was",
    "we",
    "wednesday",
    "week",
    "well",
    "were",
    "what",
    "whats",
    "when",
    "where",
    "wheres",
    "which",
    "who",
    "why",
    "will",
    "with",
    "wont",
    "would",
    "y",
    "ya",
    "yes",
    "yo",
    "you",
    "your",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_words_are_in_order() {
        assert!(
            STOP_WORDS.windows(2).all(|pair| pair[0] < pair[1]),
            "{:?}",
            STOP_WORDS.windows(2).find(|pair| pair[0] >= pair[1])
        );
    }

    #[test]
    fn no_word_means_two_concepts() {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        for (concept, word) in synonyms() {
            assert!(
                STOP_WORDS.binary_search(&word).is_err(),
                "{word} is a stop-word and a synonym"
            );
            // Both lexicons may list a word ("visa"), for the same concept.
            if let Some(other) = seen.insert(word, concept)
                && other != concept
            {
                panic!("{word}: {other} and {concept}");
            }
        }
    }

    #[test]
    fn words_become_terms() {
        let cases: &[(&str, &[&str])] = &[
            ("¿Cuánto cobráis por un corte?", &["precio", "corte"]),
            ("how much is a haircut", &["precio", "corte"]),
            ("¿Se puede ir sin cita?", &["sin_cita"]),
            ("do you take walk-ins?", &["sin_cita"]),
            ("teneis parkin?", &["aparcar"]),
            ("aceptais tarjta", &["pago"]),
            ("¿qué productos usáis?", &["producto"]),
            ("what products do you use?", &["producto"]),
            ("¿hacéis uñas?", &["manicura"]),
            ("unas mechas", &["mechas"]),
            ("¿dónde estáis?", &["direccion"]),
            ("where are you", &["direccion"]),
            ("hola buenas", &[]),
            ("", &[]),
            ("¿¿??", &[]),
            ("los tatuajes", &["tatuaj"]),
            ("¿abrís mañana?", &["horario"]),
            ("Ada Rey", &["ada", "rey"]),
        ];
        for (text, want) in cases {
            assert_eq!(terms(text, None), *want, "{text:?}");
        }
    }

    #[test]
    fn alternatives_are_grouped() {
        assert_eq!(
            term_groups("¿Cómo cancelo o cambio mi cita?", None),
            [vec!["cancelar", "cambiar"], vec!["cita"]]
        );
        assert_eq!(
            term_groups("tinte or highlights, and a haircut", None),
            [vec!["tinte", "mechas"], vec!["corte"]]
        );
        assert_eq!(term_groups("o tinte", None), [vec!["tinte"]]);
        assert_eq!(term_groups("tinte o tinte", None), [vec!["tinte"]]);
    }

    #[test]
    fn stems_join_inflections() {
        for (a, b) in [
            ("lavado", "lavar"),
            ("productos", "products"),
            ("washing", "washed"),
            ("cortes", "corte"),
            ("niños", "niño"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} {b}");
        }
        assert_eq!(stem("sol"), "sol", "three letters stay");
        assert_eq!(terms("comprarlos", None), ["comprar"]);
        assert_eq!(terms("lavarme", None), ["lavar"]);
    }

    #[test]
    fn a_vocabulary_forgives_typos_of_its_own_words() {
        let mut vocabulary = Vocabulary::default();
        vocabulary.learn("¿Tenéis wifi gratuito?");
        assert_eq!(
            terms("wifi gratuto", Some(&vocabulary)),
            ["wifi", "gratuit"]
        );
        assert_eq!(terms("wifi gratuto", None), ["wifi", "gratut"]);
        // Two edits are not a typo.
        assert_eq!(terms("gartuto", Some(&vocabulary)), ["gartut"]);
    }
}
