//! The minimal built-in responder: the assistant that answers when no n8n webhook is
//! configured, until the booking assistant replaces it. It greets, thanks, says goodbye and
//! otherwise acknowledges what it was told, in Spanish, and never claims to have done anything.

/// How much of the visitor's message an acknowledgement quotes back, in characters.
const QUOTE_CHARS: usize = 120;

/// The reply to one visitor message and the names of the files it carried (this responder
/// cannot read files, and says so rather than pretend).
pub fn reply(input: &str, attachments: &[&str]) -> String {
    let answer = reply_to_text(input);
    match attachments {
        [] => answer,
        [one] => format!(
            "He recibido el archivo «{one}», pero todavía no puedo leer archivos adjuntos. {answer}"
        ),
        many => format!(
            "He recibido {} archivos ({}), pero todavía no puedo leer archivos adjuntos. {answer}",
            many.len(),
            many.iter()
                .map(|name| format!("«{name}»"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn reply_to_text(input: &str) -> String {
    let words = normalise(input);
    let has = |w: &str| words.iter().any(|word| word == w);
    if has("hola") || has("buenas") || has("buenos") || has("hello") || has("hi") {
        return "¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?".to_owned();
    }
    if has("gracias") || has("thanks") {
        return "¡De nada! Aquí estoy si necesitas algo más.".to_owned();
    }
    if has("adios") || has("chao") || has("bye") {
        return "¡Hasta pronto!".to_owned();
    }
    format!(
        "He recibido tu mensaje: «{}». Todavía no puedo reservar citas desde el chat; \
         muy pronto podré hacerlo.",
        quote(input)
    )
}

/// Lower-case words without accents or punctuation, so "¡HOLA!" and "hola" match.
fn normalise(input: &str) -> Vec<String> {
    input
        .chars()
        .map(|c| match c {
            'á' | 'Á' => 'a',
            'é' | 'É' => 'e',
            'í' | 'Í' => 'i',
            'ó' | 'Ó' => 'o',
            'ú' | 'Ú' | 'ü' | 'Ü' => 'u',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        })
        .collect::<String>()
        .to_lowercase()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// The visitor's words on one line, shortened with an ellipsis.
fn quote(input: &str) -> String {
    let one_line = input.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= QUOTE_CHARS {
        one_line
    } else {
        let cut: String = one_line.chars().take(QUOTE_CHARS).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greets_whatever_the_case_accents_and_punctuation() {
        for greeting in ["hola", "¡HOLA!", "Buenas tardes", "hello there"] {
            assert!(reply(greeting, &[]).starts_with("¡Hola!"), "{greeting}");
        }
    }

    #[test]
    fn thanks_and_goodbye() {
        assert!(reply("muchas gracias", &[]).starts_with("¡De nada!"));
        assert_eq!(reply("Adiós", &[]), "¡Hasta pronto!");
    }

    #[test]
    fn acknowledges_anything_else_without_claiming_a_booking() {
        let answer = reply("Quiero una cita\nmañana", &[]);
        assert!(answer.contains("«Quiero una cita mañana»"), "{answer}");
        assert!(answer.contains("Todavía no puedo reservar"), "{answer}");
    }

    #[test]
    fn long_messages_are_quoted_shortened() {
        let answer = reply(&"x".repeat(500), &[]);
        assert!(
            answer.contains(&format!("«{}…»", "x".repeat(QUOTE_CHARS))),
            "{answer}"
        );
    }

    #[test]
    fn attachments_are_acknowledged_not_pretended_read() {
        assert_eq!(
            reply("hola", &["foto.png"]),
            "He recibido el archivo «foto.png», pero todavía no puedo leer archivos adjuntos. \
             ¡Hola! Soy el asistente de reservas. ¿En qué puedo ayudarte?"
        );
        assert!(
            reply("gracias", &["a.pdf", "b.png"])
                .starts_with("He recibido 2 archivos («a.pdf», «b.png»)")
        );
    }

    #[test]
    fn words_are_matched_whole() {
        assert!(
            !reply("chiste", &[]).starts_with("¡Hola!"),
            "'hi' inside a word is no greeting"
        );
    }
}
