//! The messages' templates (`templates/mail/`, built into the binary) and the few rules that
//! fill them, written here: a template is a `Subject:` line, then the body. `{{name}}` is
//! replaced by a value; a line `[label](url)` is a link (in the text, "label: url"; in the HTML,
//! a button); blank lines separate paragraphs; a line that only held values that came out empty
//! (a salon without a phone) is left out. In the HTML every value is escaped.

/// One template's text, by name.
pub fn source(language: &str, name: &str) -> Option<&'static str> {
    let found = match (language, name) {
        ("es", "booked_pending") => include_str!("../../templates/mail/es/booked_pending.txt"),
        ("es", "booked_confirmed") => {
            include_str!("../../templates/mail/es/booked_confirmed.txt")
        }
        ("es", "confirmed") => include_str!("../../templates/mail/es/confirmed.txt"),
        ("es", "moved") => include_str!("../../templates/mail/es/moved.txt"),
        ("es", "cancelled") => include_str!("../../templates/mail/es/cancelled.txt"),
        ("es", "reminder") => include_str!("../../templates/mail/es/reminder.txt"),
        ("es", "staff_new_booking") => {
            include_str!("../../templates/mail/es/staff_new_booking.txt")
        }
        ("es", "staff_waiting") => include_str!("../../templates/mail/es/staff_waiting.txt"),
        ("en", "booked_pending") => include_str!("../../templates/mail/en/booked_pending.txt"),
        ("en", "booked_confirmed") => {
            include_str!("../../templates/mail/en/booked_confirmed.txt")
        }
        ("en", "confirmed") => include_str!("../../templates/mail/en/confirmed.txt"),
        ("en", "moved") => include_str!("../../templates/mail/en/moved.txt"),
        ("en", "cancelled") => include_str!("../../templates/mail/en/cancelled.txt"),
        ("en", "reminder") => include_str!("../../templates/mail/en/reminder.txt"),
        _ => return None,
    };
    Some(found)
}

const LAYOUT: &str = include_str!("../../templates/mail/layout.html");

/// A filled template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Fills `template` (see the module's rules) with `values` for a message in `language`.
pub fn render(template: &str, language: &str, values: &[(&str, &str)]) -> Rendered {
    let (subject_line, body) = template.split_once('\n').unwrap_or((template, ""));
    let subject = fill(
        subject_line.trim_start_matches("Subject:").trim(),
        values,
        false,
    );
    // A subject is one line whatever the values hold.
    let subject = subject.replace(['\r', '\n'], " ");
    let mut text_lines: Vec<String> = Vec::new();
    let mut html_blocks: Vec<String> = Vec::new();
    let mut paragraph: Vec<String> = Vec::new();
    let flush = |paragraph: &mut Vec<String>, blocks: &mut Vec<String>| {
        if !paragraph.is_empty() {
            blocks.push(format!("<p>{}</p>", paragraph.join("<br>\n")));
            paragraph.clear();
        }
    };
    for line in body.trim_end().lines() {
        if line.trim().is_empty() {
            flush(&mut paragraph, &mut html_blocks);
            text_lines.push(String::new());
            continue;
        }
        if let Some((label, url)) = link(line) {
            flush(&mut paragraph, &mut html_blocks);
            text_lines.push(format!(
                "{}: {}",
                fill(label, values, false),
                fill(url, values, false)
            ));
            html_blocks.push(format!(
                "<p><a href=\"{}\" style=\"display:inline-block;padding:10px 18px;\
                 background:#9d174d;color:#ffffff;border-radius:6px;text-decoration:none\">\
                 {}</a></p>",
                fill(url, values, true),
                fill(label, values, true)
            ));
            continue;
        }
        let plain = fill(line, values, false);
        if plain.trim().is_empty() {
            continue;
        }
        text_lines.push(plain);
        paragraph.push(fill(line, values, true));
    }
    flush(&mut paragraph, &mut html_blocks);
    let mut text = text_lines.join("\n");
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    let html = fill(
        LAYOUT,
        &[
            ("lang", &escape(language)),
            ("subject", &escape(&subject)),
            ("body", &html_blocks.join("\n")),
        ],
        false,
    );
    Rendered {
        subject,
        text: format!("{}\n", text.trim()),
        html,
    }
}

/// `[label](url)` as its two parts.
fn link(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(')')?;
    inner.split_once("](")
}

/// Replaces each `{{name}}` with its value (escaped for HTML when `html`), and escapes the
/// template's own text too when `html`; an unknown name is left as it stands, to be noticed.
pub fn fill(template: &str, values: &[(&str, &str)], html: bool) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let literal = &rest[..start];
        out.push_str(&if html {
            escape(literal)
        } else {
            literal.to_owned()
        });
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            rest = &rest[start..];
            break;
        };
        let name = &after[..end];
        match values.iter().find(|(key, _)| *key == name) {
            Some((_, value)) if html => out.push_str(&escape(value)),
            Some((_, value)) => out.push_str(value),
            None => {
                out.push_str("{{");
                out.push_str(name);
                out.push_str("}}");
            }
        }
        rest = &after[end + 2..];
    }
    out.push_str(&if html { escape(rest) } else { rest.to_owned() });
    out
}

/// Text made safe inside HTML, in an element or a quoted attribute.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for letter in value.chars() {
        match letter {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_in_the_html_only() {
        let template = "Subject: Hola {{name}}\nHola, {{name}}:\n\nUno\nDos & tres\n\n\
                        [Ver <cita>]({{link}})\n\n{{salon}}\n{{phone}}\n";
        let rendered = render(
            template,
            "es",
            &[
                ("name", "<b>Ana</b> & \"co\""),
                ("link", "https://salon.example/cita/a?b=1&c=2"),
                ("salon", "Peluquería"),
                ("phone", ""),
            ],
        );
        assert_eq!(rendered.subject, "Hola <b>Ana</b> & \"co\"");
        assert_eq!(
            rendered.text,
            "Hola, <b>Ana</b> & \"co\":\n\nUno\nDos & tres\n\n\
             Ver <cita>: https://salon.example/cita/a?b=1&c=2\n\nPeluquería\n"
        );
        assert!(
            rendered
                .html
                .contains("Hola, &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;co&quot;:")
        );
        assert!(rendered.html.contains("<p>Uno<br>\nDos &amp; tres</p>"));
        assert!(
            rendered
                .html
                .contains("href=\"https://salon.example/cita/a?b=1&amp;c=2\""),
            "{}",
            rendered.html
        );
        assert!(rendered.html.contains(">Ver &lt;cita&gt;</a>"));
        assert!(!rendered.html.contains("<b>Ana"));
        assert!(rendered.html.starts_with("<!DOCTYPE html>"));
        assert!(rendered.html.contains("<html lang=\"es\">"));
    }

    #[test]
    fn a_subject_stays_one_line_and_unknown_names_show() {
        let rendered = render("Subject: {{a}}\n{{b}}\n", "en", &[("a", "x\r\ny")]);
        assert_eq!(rendered.subject, "x  y");
        assert_eq!(rendered.text, "{{b}}\n");
    }

    #[test]
    fn every_template_exists_and_uses_known_names() {
        let client = [
            "booked_pending",
            "booked_confirmed",
            "confirmed",
            "moved",
            "cancelled",
            "reminder",
        ];
        for language in ["es", "en"] {
            for name in client {
                let text = source(language, name).expect(name);
                assert!(text.starts_with("Subject: "), "{language}/{name}");
                assert!(text.contains("{{salon}}") && text.contains("{{address}}"));
                assert!(text.contains("{{phone}}"), "{language}/{name}");
            }
        }
        assert!(source("es", "staff_waiting").is_some());
        assert!(source("fr", "booked_pending").is_none());
    }
}
