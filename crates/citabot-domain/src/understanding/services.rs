//! Services named in a message, matched against the business's catalogue.
//!
//! Matching is by whole words, so "corte" never matches inside "recorte" (a different word, and
//! possibly a different service). Each word of a name may carry typos within the usual budget
//! (none under four letters, one up to seven, two from eight), except that a frequent word of the
//! language ("una", "corto", "calor", "tiene"…) is never taken as a typo of a service word: it
//! only counts when it *is* the word. Function words ("de", "y", "el") never match on their own
//! and inside a name must be exact. Overlapping matches keep the longest ("corte y peinado" over
//! "corte"); each service is reported once, in order of first appearance.

use std::sync::LazyLock;

use super::lexicon;
use super::normalize::{near, normalize_keeping_enye, tokens};

/// A service as the catalogue names it: its key, display name and other names people use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceName {
    /// The caller's key for the service (its id).
    pub id: String,
    /// The display name, e.g. "Corte de pelo".
    pub name: String,
    /// Other names that mean this service, e.g. "corte", "cortarme el pelo".
    pub aliases: Vec<String>,
    /// The name and the aliases as the service reader compares them (`ñ` kept: "uñas" is not
    /// "unas"), normalised once here rather than at every reading.
    phrases: Vec<String>,
}

impl ServiceName {
    /// A catalogue entry from its key, name and aliases.
    pub fn new(id: impl Into<String>, name: impl Into<String>, aliases: &[&str]) -> Self {
        let name = name.into();
        let aliases: Vec<String> = aliases.iter().map(|a| (*a).to_owned()).collect();
        let phrases = std::iter::once(&name)
            .chain(&aliases)
            .map(|phrase| normalize_keeping_enye(phrase))
            .collect();
        Self {
            id: id.into(),
            name,
            aliases,
            phrases,
        }
    }
}

/// A service found in a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceMatch {
    /// The service's key, as given in the catalogue.
    pub id: String,
    /// The service's display name.
    pub name: String,
    /// The words of the message that named it, normalised.
    pub said: String,
    /// False when typos were forgiven: the caller may want to confirm ("¿te refieres a…?").
    pub exact: bool,
}

/// The services a message names, in order of appearance, each once.
pub fn match_services(text: &str, catalog: &[ServiceName]) -> Vec<ServiceMatch> {
    let normalized = normalize_keeping_enye(text);
    let words = tokens(&normalized);
    let mut found: Vec<Found> = Vec::new();
    for (index, service) in catalog.iter().enumerate() {
        for phrase in &service.phrases {
            let phrase = tokens(phrase);
            if phrase
                .iter()
                .all(|w| lexicon::has(|l| l.service_function_words, w))
            {
                continue;
            }
            for start in 0..words.len() {
                if let Some(typos) = phrase_at(&words, start, &phrase) {
                    found.push(Found {
                        index,
                        start,
                        len: phrase.len(),
                        typos,
                    });
                }
            }
        }
    }
    // Longest first, then fewest typos, then earliest, then catalogue order.
    found.sort_by_key(|f| (std::cmp::Reverse(f.len), f.typos, f.start, f.index));
    let mut taken = vec![false; words.len()];
    let mut chosen: Vec<&Found> = Vec::new();
    for f in &found {
        let span = f.start..f.start + f.len;
        if span.clone().all(|i| !taken[i]) {
            span.for_each(|i| taken[i] = true);
            chosen.push(f);
        }
    }
    chosen.sort_by_key(|f| f.start);
    let mut out: Vec<ServiceMatch> = Vec::new();
    for f in chosen {
        let service = &catalog[f.index];
        if out.iter().all(|m| m.id != service.id) {
            out.push(ServiceMatch {
                id: service.id.clone(),
                name: service.name.clone(),
                said: words[f.start..f.start + f.len].join(" "),
                exact: f.typos == 0,
            });
        }
    }
    out
}

/// The everyday names of a salon's usual services in every lexicon, merged once per service
/// (Spanish's first, each name once): a business whose services are called otherwise simply gets
/// no extra names; its own names always match.
static EVERYDAY_NAMES: LazyLock<Vec<(&str, Vec<&str>)>> = LazyLock::new(|| {
    let mut merged: Vec<(&str, Vec<&str>)> = Vec::new();
    for (service, names) in lexicon::all(|l| l.everyday_service_names) {
        let at = match merged.iter().position(|(listed, _)| listed == service) {
            Some(at) => at,
            None => {
                merged.push((service, Vec::new()));
                merged.len() - 1
            }
        };
        let known = &mut merged[at].1;
        for name in *names {
            if !known.contains(name) {
                known.push(name);
            }
        }
    }
    merged
});

/// Other names for a service called `name` ("haircut" for "Corte de pelo"), if it is one a
/// salon usually offers.
pub fn everyday_names(name: &str) -> &'static [&'static str] {
    let key = super::normalize(name);
    EVERYDAY_NAMES
        .iter()
        .find(|(listed, _)| *listed == key)
        .map_or(&[], |(_, names)| names.as_slice())
}

/// A kind of service a salon may well not offer that people ask for in a salon's chat; the
/// lexicons hold its words. A message naming two is about the first in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ServiceKind {
    Waxing,
    Massage,
    Pedicure,
    Lashes,
    Eyebrows,
    MakeUp,
    Facial,
    Extensions,
    Perm,
    Tattoo,
}

impl ServiceKind {
    /// How the reply names it, in Spanish and English.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Self::Waxing => ("Depilación", "Waxing"),
            Self::Massage => ("Un masaje", "A massage"),
            Self::Pedicure => ("La pedicura", "A pedicure"),
            Self::Lashes => ("Lo de pestañas", "Lashes"),
            Self::Eyebrows => ("Lo de cejas", "Eyebrows"),
            Self::MakeUp => ("El maquillaje", "Make-up"),
            Self::Facial => ("Un tratamiento facial", "A facial"),
            Self::Extensions => ("Poner extensiones", "Extensions"),
            Self::Perm => ("La permanente", "A perm"),
            Self::Tattoo => ("Un tatuaje", "A tattoo"),
        }
    }

    /// Whether `word` (normalised) is one of its words in a lexicon.
    fn is_said_by(self, word: &str) -> bool {
        lexicon::all(|l| l.unoffered_services)
            .any(|(kind, words)| *kind == self && words.contains(&word))
    }
}

/// The service a message asks for that the catalogue does not have ("quiero un masaje"), named
/// for the reply in Spanish and English. For a message in which [`match_services`] found nothing:
/// a kind whose words a service of the catalogue carries ("Depilación con cera" when "cera" is
/// asked) is offered, said otherwise, so `None`.
pub fn unoffered_service(
    text: &str,
    catalog: &[ServiceName],
) -> Option<(&'static str, &'static str)> {
    let normalized = super::normalize(text);
    let words = tokens(&normalized);
    let kind = lexicon::all(|l| l.unoffered_services)
        .filter(|(_, kind_words)| words.iter().any(|word| kind_words.contains(word)))
        .map(|(kind, _)| *kind)
        .min()?;
    let offered = catalog.iter().any(|service| {
        std::iter::once(&service.name)
            .chain(&service.aliases)
            .any(|name| {
                tokens(&super::normalize(name))
                    .iter()
                    .any(|word| kind.is_said_by(word))
            })
    });
    (!offered).then(|| kind.names())
}

/// Whether the visitor adds services to those already chosen ("añade también un tinte",
/// "and a beard trim as well") instead of replacing them.
pub fn adds_services(text: &str) -> bool {
    let normalized = super::normalize(text);
    let words = tokens(&normalized);
    lexicon::says(|l| l.adding_services, &words)
}

/// The services the visitor says to drop for the others named ("tinte en vez de mechas", "en
/// lugar de corte, un tinte", "a colour instead of highlights"): each the first named right
/// after those words.
pub fn replaced_services<'a>(text: &str, found: &'a [ServiceMatch]) -> Vec<&'a str> {
    let normalized = format!(" {} ", tokens(&super::normalize(text)).join(" "));
    let mut replaced = Vec::new();
    for marker in lexicon::all(|l| l.instead_of) {
        let mut from = 0;
        while let Some(at) = whole_words_at(&normalized[from..], marker) {
            // On the space after the marker, which opens the words after it.
            from += at + marker.len();
            let after = &normalized[from..];
            let first = found
                .iter()
                .filter_map(|service| {
                    after
                        .find(&format!(" {} ", service.said))
                        .map(|position| (position, service.id.as_str()))
                })
                .min_by_key(|(position, _)| *position);
            if let Some((_, id)) = first {
                replaced.push(id);
            }
        }
    }
    replaced
}

/// Where `phrase` first stands as whole words in `padded` (a space on either side).
fn whole_words_at(padded: &str, phrase: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = padded[from..].find(phrase) {
        let at = from + found;
        if padded[..at].ends_with(' ') && padded[at + phrase.len()..].starts_with(' ') {
            return Some(at);
        }
        // A phrase starts with a letter: one byte on is a character boundary.
        from = at + 1;
    }
    None
}

#[derive(Debug)]
struct Found {
    index: usize,
    start: usize,
    len: usize,
    typos: usize,
}

/// Whether `phrase` is said at `words[start..]`, and with how many forgiven words.
fn phrase_at(words: &[&str], start: usize, phrase: &[&str]) -> Option<usize> {
    let said = words.get(start..start + phrase.len())?;
    let mut typos = 0;
    for (said, wanted) in said.iter().zip(phrase) {
        if said == wanted {
            continue;
        }
        let forgivable = !lexicon::has(|l| l.service_function_words, wanted)
            && near(said, wanted)
            && !lexicon::has(|l| l.never_service_typos, said);
        if !forgivable {
            return None;
        }
        typos += 1;
    }
    Some(typos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Vec<ServiceName> {
        vec![
            ServiceName::new(
                "corte",
                "Corte de pelo",
                &["corte", "cortarme el pelo", "haircut"],
            ),
            ServiceName::new("corte-peinado", "Corte y peinado", &[]),
            ServiceName::new("tinte", "Tinte", &["color", "colour", "dye"]),
            ServiceName::new("mechas", "Mechas", &["highlights"]),
            ServiceName::new("manicura", "Manicura", &["uñas", "manicure"]),
            ServiceName::new(
                "manicura-semi",
                "Manicura semipermanente",
                &["semipermanente"],
            ),
            ServiceName::new("barba", "Arreglo de barba", &["barba", "beard trim"]),
            ServiceName::new("recorte", "Recorte de puntas", &["puntas"]),
            ServiceName::new("alisado", "Alisado de keratina", &["keratina"]),
        ]
    }

    fn ids(text: &str) -> Vec<String> {
        match_services(text, &catalog())
            .into_iter()
            .map(|m| m.id)
            .collect()
    }

    #[test]
    fn finds_services_by_name_or_alias() {
        let cases: &[(&str, &[&str])] = &[
            ("quiero un corte de pelo", &["corte"]),
            ("CORTE DE PELO", &["corte"]),
            ("un corte", &["corte"]),
            ("corte y tinte", &["corte", "tinte"]),
            ("corte y peinado", &["corte-peinado"]),
            ("tinte y corte y peinado", &["tinte", "corte-peinado"]),
            ("manicura semipermanente", &["manicura-semi"]),
            ("manicura", &["manicura"]),
            ("las uñas", &["manicura"]),
            ("mechas, tinte y corte", &["mechas", "tinte", "corte"]),
            ("corte, y otra vez corte", &["corte"]),
            ("quiero cortarme el pelo", &["corte"]),
            ("arreglo de barba", &["barba"]),
            ("el recorte de puntas", &["recorte"]),
            ("alisado de keratina", &["alisado"]),
            ("I'd like a haircut and highlights", &["corte", "mechas"]),
            ("beard trim", &["barba"]),
            ("precio del tinte", &["tinte"]),
            ("cuánto cuesta el color", &["tinte"]),
        ];
        for (text, want) in cases {
            assert_eq!(ids(text), *want, "{text:?}");
        }
    }

    #[test]
    fn forgives_typos_within_the_budget() {
        let cases: &[(&str, &[&str])] = &[
            ("un crote", &["corte"]),
            ("tnite", &["tinte"]),
            ("cortes", &["corte"]),
            ("manicrua semipermante", &["manicura-semi"]),
            ("manicura semipermamente", &["manicura-semi"]),
            ("mecha", &["mechas"]),
            ("mehcas", &["mechas"]),
            ("keratna", &["alisado"]),
            ("CORTE Y PIENADO", &["corte-peinado"]),
        ];
        for (text, want) in cases {
            assert_eq!(ids(text), *want, "{text:?}");
        }
        let m = &match_services("un crote", &catalog())[0];
        assert!(!m.exact);
        assert_eq!(m.said, "crote");
        assert_eq!(m.name, "Corte de pelo");
        assert!(match_services("corte", &catalog())[0].exact);
    }

    #[test]
    fn no_false_positives() {
        for text in [
            "quiero una cita",
            "unas cuantas preguntas",
            "el pelo corto",
            "hace calor",
            "recorte",
            "de y el la",
            "tiene hueco",
            "hola",
            "cortado",
            "",
        ] {
            assert_eq!(ids(text), Vec::<String>::new(), "{text:?}");
        }
        let only_function_words = [ServiceName::new("x", "De", &["y", "el"])];
        assert!(match_services("de y el", &only_function_words).is_empty());
    }

    /// The demo salon's names with the everyday names added, as the assistant reads them.
    fn salon() -> Vec<ServiceName> {
        [
            ("corte-mujer", "Corte de pelo"),
            ("corte-caballero", "Corte de caballero"),
            ("peinado", "Lavado y peinado"),
            ("tinte", "Tinte"),
            ("mechas", "Mechas"),
            ("keratina", "Alisado de keratina"),
            ("barba", "Arreglo de barba"),
            ("manicura", "Manicura"),
        ]
        .into_iter()
        .map(|(id, name)| ServiceName::new(id, name, everyday_names(name)))
        .collect()
    }

    #[test]
    fn services_not_on_offer_are_named_unless_the_catalogue_has_them() {
        let catalog = salon();
        assert_eq!(
            unoffered_service("quiero depilacion con cera el martes", &catalog),
            Some(("Depilación", "Waxing"))
        );
        assert_eq!(
            unoffered_service("a massage please", &catalog),
            Some(("Un masaje", "A massage"))
        );
        assert_eq!(unoffered_service("quiero un corte", &catalog), None);
        let with_waxing = [ServiceName::new("cera", "Depilación con cera", &[])];
        assert_eq!(unoffered_service("me quiero depilar", &with_waxing), None);
        assert_eq!(unoffered_service("quiero cera", &with_waxing), None);
    }

    #[test]
    fn everyday_names_in_spanish_and_english() {
        let cases: &[(&str, &[&str])] = &[
            ("quiero un corte el viernes", &["corte-mujer"]),
            ("un corte de caballero", &["corte-caballero"]),
            ("corte de hombre y barba", &["corte-caballero", "barba"]),
            // Typed on a phone: no "de", or a haircut said to be for a man.
            (
                "precio corte caballero y barba",
                &["corte-caballero", "barba"],
            ),
            (
                "cuanto cuesta un corte de pelo de hombre",
                &["corte-caballero"],
            ),
            ("corte hombre el lunes", &["corte-caballero"]),
            ("un corte para mi hijo y otro para mi", &["corte-mujer"]),
            ("a mens cut", &["corte-caballero"]),
            ("I'd like a haircut", &["corte-mujer"]),
            (
                "a men's haircut and a beard trim",
                &["corte-caballero", "barba"],
            ),
            ("how much is a colour?", &["tinte"]),
            ("highlights on Friday", &["mechas"]),
            ("a keratin treatment", &["keratina"]),
            ("a blow dry please", &["peinado"]),
            ("me quiero hacer las uñas", &["manicura"]),
            ("manicure and nails", &["manicura"]),
            ("un alisado", &["keratina"]),
        ];
        let catalog = salon();
        for (text, want) in cases {
            let ids: Vec<String> = match_services(text, &catalog)
                .into_iter()
                .map(|m| m.id)
                .collect();
            assert_eq!(ids, *want, "{text:?}");
        }
        assert!(everyday_names("Masaje facial").is_empty());
        assert_eq!(everyday_names("TINTE")[0], "color");
    }

    #[test]
    fn adding_or_replacing_services() {
        for text in [
            "añade también un tinte",
            "y además una manicura",
            "añádeme un arreglo de barba",
            "and a beard trim as well",
            "add a manicure",
            "a colour too",
        ] {
            assert!(adds_services(text), "{text:?}");
        }
        for text in [
            "mejor un tinte",
            "quiero una manicura",
            "instead a colour",
            "tantas",
        ] {
            assert!(!adds_services(text), "{text:?}");
        }
    }

    #[test]
    fn short_words_must_be_exact() {
        let catalog = [ServiceName::new("spa", "Spa", &[])];
        assert_eq!(match_services("un spa", &catalog).len(), 1);
        assert!(match_services("un spà", &catalog).len() == 1);
        assert!(match_services("un sap", &catalog).is_empty());
        assert!(match_services("un spas", &catalog).is_empty());
    }

    #[test]
    fn ambiguous_alias_goes_to_the_first_service() {
        let catalog = [
            ServiceName::new("a", "Corte mujer", &["corte"]),
            ServiceName::new("b", "Corte hombre", &["corte"]),
        ];
        let ids: Vec<_> = match_services("corte hombre", &catalog)
            .into_iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(ids, ["b"]);
        let ids: Vec<_> = match_services("un corte", &catalog)
            .into_iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(ids, ["a"]);
    }

    #[test]
    fn en_vez_de_names_the_service_dropped() {
        let catalog = [
            ServiceName::new("tinte", "Tinte", &[]),
            ServiceName::new("mechas", "Mechas", &["highlights"]),
            ServiceName::new("corte", "Corte de pelo", &["corte", "haircut"]),
        ];
        let cases: &[(&str, &[&str])] = &[
            ("no, mejor que sea tinte en vez de mechas", &["mechas"]),
            ("en vez de mechas, tinte", &["mechas"]),
            ("en lugar de corte, un tinte", &["corte"]),
            ("un tinte en lugar del corte", &["corte"]),
            ("a haircut instead of highlights", &["mechas"]),
            ("tinte y mechas", &[]),
            ("también un corte", &[]),
            (
                "tinte en vez de mechas y en vez de corte",
                &["mechas", "corte"],
            ),
        ];
        for (text, dropped) in cases {
            let found = match_services(text, &catalog);
            assert_eq!(&replaced_services(text, &found), dropped, "{text}");
        }
    }
}
