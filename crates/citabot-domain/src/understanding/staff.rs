//! Which stylist the visitor asks for: "con Lucía", "prefiero a Javier", "que me atienda Lucía",
//! "with Javier"; or that anyone will do: "me da igual", "cualquiera", "anyone".
//!
//! A stylist's name counts only after a word that asks for a person ("con", "prefiero",
//! "atienda", "with", "by"): a client called Lucía Pérez giving her own name is not asking for
//! the stylist Lucía, and staff booking "para Lucía" name a client.

use super::lexicon;
use super::normalize::{near, normalize, tokens};
use super::terms::is_known_word;

/// A stylist as the visitor may name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffName {
    /// The caller's key for the stylist (their id).
    pub id: String,
    /// The full name, e.g. "Lucía Martín"; its first word is what people say.
    pub name: String,
}

impl StaffName {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
        }
    }

    /// Whether `word` (normalised) is their first name, allowing a typo.
    fn answers_to(&self, word: &str) -> bool {
        let first = normalize(self.name.split_whitespace().next().unwrap_or_default());
        !first.is_empty() && near(word, &first)
    }
}

/// What the visitor said about who should attend them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffPreference {
    /// This stylist (their id).
    Only(String),
    /// Anyone who is free.
    Anyone,
}

/// The visitor's preference, if the message states one.
pub fn staff_preference(text: &str, staff: &[StaffName]) -> Option<StaffPreference> {
    // An email is not words: "con email lucia@correo.es" names no stylist.
    let without_emails: Vec<&str> = text
        .split_whitespace()
        .filter(|chunk| !chunk.contains('@'))
        .collect();
    let normalized = normalize(&without_emails.join(" "));
    let words = tokens(&normalized);
    for (i, word) in words.iter().enumerate() {
        let asked = words[i.saturating_sub(2)..i]
            .iter()
            .any(|before| lexicon::has(|l| l.asks_for_stylist, before));
        if !asked {
            continue;
        }
        if let Some(member) = staff.iter().find(|member| member.answers_to(word)) {
            return Some(StaffPreference::Only(member.id.clone()));
        }
    }
    anyone(&words).then_some(StaffPreference::Anyone)
}

/// A name asked for that is nobody in the team ("con Marta", "with Sarah"), as typed: a word
/// written with a capital after a word that asks for a person, that is neither a stylist nor a
/// word the assistant knows (a service, a day). Lowercase words are left alone: "con mechas",
/// "con tinte" are what people write.
pub fn unknown_stylist(text: &str, staff: &[StaffName]) -> Option<String> {
    let typed: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '@' || c == '\''))
        .filter(|word| !word.is_empty())
        .collect();
    typed.iter().enumerate().find_map(|(i, word)| {
        let capitalised = word.chars().next().is_some_and(char::is_uppercase)
            && word.chars().skip(1).all(char::is_lowercase)
            && word.chars().count() >= 3;
        // The cheap test first: most words are not capitalised, and need no normalising.
        if !capitalised || word.contains('@') {
            return None;
        }
        let asked = i > 0
            && typed[i.saturating_sub(2)..i]
                .iter()
                .any(|before| lexicon::has(|l| l.asks_for_stylist, &normalize(before)));
        if !asked {
            return None;
        }
        let normalized = normalize(word);
        // "Javi" for Javier: a short form of a name in the team is somebody here.
        let in_team = staff.iter().any(|member| {
            member.name.split_whitespace().any(|part| {
                let part = normalize(part);
                near(&normalized, &part) || part.starts_with(&normalized)
            })
        });
        (!in_team && !is_known_word(&normalized)).then(|| (*word).to_owned())
    })
}

/// A question about who in the team does a service ("¿quién hace mechas?", "¿Javier hace
/// mechas?", "who does balayage?"): `Some` with the stylist it names (their id), if any. "con
/// quien sea" is a preference, not a question; the service is read by the caller.
pub fn who_does_asked(text: &str, staff: &[StaffName]) -> Option<Option<String>> {
    if !super::is_question(text) {
        return None;
    }
    let normalized = normalize(text);
    let words = tokens(&normalized);
    let named_at = |i: usize| staff.iter().find(|member| member.answers_to(words[i]));
    let asks_who = words.iter().enumerate().any(|(i, word)| {
        lexicon::has(|l| l.who, word)
            && !words
                .get(i + 1)
                .is_some_and(|next| lexicon::has(|l| l.who_not_asking, next))
    });
    // "¿Javier hace mechas?", "does Javier do highlights?": the name next to the verb.
    let stylist_does = (0..words.len()).find_map(|i| {
        let next_to_does = [i.checked_sub(1), Some(i + 1)]
            .into_iter()
            .flatten()
            .any(|at| {
                words
                    .get(at)
                    .is_some_and(|word| lexicon::has(|l| l.does, word))
            });
        next_to_does.then(|| named_at(i)).flatten()
    });
    if !asks_who && stylist_does.is_none() {
        return None;
    }
    let named = stylist_does.or_else(|| (0..words.len()).find_map(named_at));
    Some(named.map(|member| member.id.clone()))
}

/// The stylist whose working days a message asks about ("¿qué días trabaja Lucía?", "horario
/// de Javier", "when does Lucía work?"): a stylist's first name within three words of a word
/// about working days, never right after "soy" or "me llamo" (a client called Lucía asking the
/// salon's hours).
pub fn stylist_schedule_asked(text: &str, staff: &[StaffName]) -> Option<String> {
    let normalized = normalize(text);
    let words = tokens(&normalized);
    let about: Vec<usize> = (0..words.len())
        .filter(|&i| lexicon::has(|l| l.about_working_days, words[i]))
        .collect();
    if about.is_empty() {
        return None;
    }
    words.iter().enumerate().find_map(|(i, word)| {
        let own_name = i > 0 && lexicon::has(|l| l.own_name_after, words[i - 1]);
        let near_work = about.iter().any(|&at| at.abs_diff(i) <= 3);
        if own_name || !near_work {
            return None;
        }
        staff
            .iter()
            .find(|member| {
                let first = normalize(member.name.split_whitespace().next().unwrap_or_default());
                first.chars().count() > 2 && near(word, &first)
            })
            .map(|member| member.id.clone())
    })
}

/// "me da igual", "cualquiera", "el que esté libre", "anyone": about who, not about when ("me da
/// igual la hora" leaves the stylist open but says nothing about them).
fn anyone(words: &[&str]) -> bool {
    lexicon::says(|l| l.anyone_will_do, words)
        && !words
            .iter()
            .any(|word| lexicon::has(|l| l.about_when, word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team() -> Vec<StaffName> {
        vec![
            StaffName::new("lucia", "Lucía Martín"),
            StaffName::new("javier", "Javier Gómez"),
        ]
    }

    #[test]
    fn who_does_a_service_is_a_question_with_who_or_a_stylist_next_to_does() {
        let some = |id: &str| Some(Some(id.to_owned()));
        for (said, want) in [
            ("¿quién hace mechas?", Some(None)),
            ("who does balayage at your salon?", Some(None)),
            ("Javier hace mechas? o quien las hace", some("javier")),
            ("quien os hace las barbas? lucia tambien?", some("lucia")),
            ("does Lucía do keratin?", some("lucia")),
            ("mechas con quien sea?", None),
            ("con quien tengo la cita?", None),
            ("quiero mechas con Lucía", None),
            ("Javier hace mechas", None),
        ] {
            assert_eq!(who_does_asked(said, &team()), want, "{said}");
        }
    }

    #[test]
    fn a_name_asked_for_that_is_nobody_in_the_team() {
        let cases = [
            ("quiero un corte con Marta", Some("Marta")),
            ("no, prefiero con Marta", Some("Marta")),
            ("can I book a haircut with Sarah?", Some("Sarah")),
            ("With Sarah please", Some("Sarah")),
            ("que me atienda Rocío", Some("Rocío")),
            ("con Lucía", None),
            ("con Javi", None),
            ("con Martín", None),
            ("con marta", None),
            ("un corte con mechas", None),
            ("con Mechas", None),
            ("pago con Tarjeta", None),
            ("Marta quiere un corte", None),
            ("con email Marta@correo.es", None),
        ];
        for (text, want) in cases {
            assert_eq!(unknown_stylist(text, &team()).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn a_stylist_asked_for_or_anyone() {
        let only = |id: &str| Some(StaffPreference::Only(id.to_owned()));
        let cases = [
            ("con Lucía", only("lucia")),
            ("que sea Lucía", only("lucia")),
            ("can I see Javier?", only("javier")),
            ("quien sea", Some(StaffPreference::Anyone)),
            ("Lucía Pérez, con email lucia@correo.es", None),
            ("me llamo Lucía Pérez", None),
            ("con lucia se puede?", only("lucia")),
            ("con Lucía se puede?", only("lucia")),
            ("prefiero con Javier", only("javier")),
            ("prefiero a Javier", only("javier")),
            ("que me atienda Lucía", only("lucia")),
            ("que me lo haga Javier", only("javier")),
            ("un corte el viernes con Javier", only("javier")),
            ("corte con javi", None),
            ("con Lucia Martín por favor", only("lucia")),
            ("con Luica", only("lucia")),
            ("with Javier please", only("javier")),
            ("I'd prefer Lucía", only("lucia")),
            ("by Javier", only("javier")),
            ("me da igual", Some(StaffPreference::Anyone)),
            ("da igual quién", Some(StaffPreference::Anyone)),
            ("cualquiera", Some(StaffPreference::Anyone)),
            ("con cualquiera", Some(StaffPreference::Anyone)),
            ("el que esté libre", Some(StaffPreference::Anyone)),
            ("no tengo preferencia", Some(StaffPreference::Anyone)),
            ("anyone is fine", Some(StaffPreference::Anyone)),
            ("I don't mind", Some(StaffPreference::Anyone)),
            // Not a preference.
            ("Lucía Pérez", None),
            ("Lucía Pérez, 600111222", None),
            ("soy Lucía", None),
            ("me llamo Javier Ruiz", None),
            ("a nombre de Lucía", None),
            ("para Lucía García", None),
            ("me da igual la hora", None),
            ("me da igual el día", None),
            ("un corte con lavado", None),
            ("quiero reservar", None),
            ("", None),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(text, want)| staff_preference(text, &team()) != *want)
            .map(|(text, want)| {
                format!(
                    "{text:?}: want {want:?}, got {:?}",
                    staff_preference(text, &team())
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }
}
