//! The messages' templates (`templates/mail/`, built into the binary) and the few rules that
//! fill them, written here: a template is a `Subject:` line, then the body. `{{name}}` is
//! replaced by a value; a line `[label](url)` is a link (in the text, "label: url"; in the HTML,
//! a button in the salon's colour), and a line of several links set apart by ` · ` is a row of
//! lesser links (a link whose URL came out empty is left out); blank lines separate
//! paragraphs; a line whose values all came out empty (a salon without a phone, a cita without
//! a price) is left out. In the HTML every value is escaped, and the salon's logo (or its name)
//! heads the message.

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
        ("es", "review_request") => include_str!("../../templates/mail/es/review_request.txt"),
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
        ("en", "review_request") => include_str!("../../templates/mail/en/review_request.txt"),
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

/// How the salon's messages look: its name, its logo and its colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    /// The salon's name, the logo's text alternative and the header without a logo.
    pub salon: String,
    /// The logo's absolute URL, when the salon has one.
    pub logo_url: Option<String>,
    /// `#rrggbb`: the brand colour as buttons and links wear it (readable on white, and white
    /// on it).
    pub accent: String,
}

impl Look {
    /// The header the HTML starts with: the logo, else the name in the salon's colour.
    fn header(&self) -> String {
        match &self.logo_url {
            Some(url) => format!(
                "<img src=\"{}\" alt=\"{}\" height=\"48\" \
                 style=\"display:block;height:48px;width:auto;max-width:100%;border:0\">",
                escape(url),
                escape(&self.salon)
            ),
            None => format!(
                "<p style=\"margin:0;font-size:20px;font-weight:700;color:{}\">{}</p>",
                self.accent,
                escape(&self.salon)
            ),
        }
    }
}

/// Fills `template` (see the module's rules) with `values` for a message in `language`, in
/// the salon's `look`.
pub fn render(template: &str, language: &str, look: &Look, values: &[(&str, &str)]) -> Rendered {
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
        if let Some(links) = links(line) {
            flush(&mut paragraph, &mut html_blocks);
            let filled: Vec<(String, String, String)> = links
                .iter()
                .map(|(label, url)| {
                    (
                        fill(label, values, false),
                        fill(url, values, false),
                        fill(url, values, true),
                    )
                })
                .filter(|(_, url, _)| !url.trim().is_empty())
                .collect();
            for (label, url, _) in &filled {
                text_lines.push(format!("{label}: {url}"));
            }
            let anchors: Vec<String> = filled
                .iter()
                .map(|(label, _, href)| {
                    let style = if links.len() == 1 {
                        format!(
                            "display:inline-block;padding:10px 18px;background:{};color:#ffffff;\
                             border-radius:6px;text-decoration:none;font-weight:600",
                            look.accent
                        )
                    } else {
                        format!("color:{};text-decoration:underline", look.accent)
                    };
                    format!("<a href=\"{href}\" style=\"{style}\">{}</a>", escape(label))
                })
                .collect();
            if !anchors.is_empty() {
                html_blocks.push(format!("<p>{}</p>", anchors.join(" &middot; ")));
            }
            continue;
        }
        if holds_only_empty_values(line, values) {
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
            ("accent", &look.accent),
            ("header", &look.header()),
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

/// A line of links, `[label](url)` or several set apart by ` · `, as their labels and URLs.
fn links(line: &str) -> Option<Vec<(&str, &str)>> {
    line.trim()
        .split(" · ")
        .map(|one| one.strip_prefix('[')?.strip_suffix(')')?.split_once("]("))
        .collect()
}

/// Whether `line` holds values and every one of them came out empty: "Precio: {{price}}" for a
/// cita without one.
fn holds_only_empty_values(line: &str, values: &[(&str, &str)]) -> bool {
    let mut names = line
        .split("{{")
        .skip(1)
        .filter_map(|rest| rest.split_once("}}").map(|(name, _)| name))
        .peekable();
    names.peek().is_some()
        && names.all(|name| {
            values
                .iter()
                .any(|(key, value)| *key == name && value.trim().is_empty())
        })
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

    fn look() -> Look {
        Look {
            salon: "Peluquería <Lucía>".into(),
            logo_url: None,
            accent: "#9d174d".into(),
        }
    }

    #[test]
    fn values_are_escaped_in_the_html_only() {
        let template = "Subject: Hola {{name}}\nHola, {{name}}:\n\nUno\nDos & tres\n\n\
                        [Ver <cita>]({{link}})\n\n{{salon}}\n{{phone}}\n";
        let rendered = render(
            template,
            "es",
            &look(),
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
        let rendered = render("Subject: {{a}}\n{{b}}\n", "en", &look(), &[("a", "x\r\ny")]);
        assert_eq!(rendered.subject, "x  y");
        assert_eq!(rendered.text, "{{b}}\n");
    }

    #[test]
    fn the_salon_heads_the_message_in_its_colour() {
        let template = "Subject: Hola\n[Gestionar]({{link}})\n";
        let values = [("link", "https://salon.example/cita/a")];
        let named = render(template, "es", &look(), &values).html;
        assert!(
            named.contains("color:#9d174d\">Peluquería &lt;Lucía&gt;</p>"),
            "{named}"
        );
        assert!(named.contains("border-top:6px solid #9d174d"), "{named}");
        assert!(
            named.contains("background:#9d174d;color:#ffffff"),
            "{named}"
        );
        let with_logo = Look {
            logo_url: Some("https://salon.example/api/business/logo?v=3&x=\"".into()),
            accent: "#0f7b6c".into(),
            ..look()
        };
        let html = render(template, "es", &with_logo, &values).html;
        assert!(
            html.contains(
                "<img src=\"https://salon.example/api/business/logo?v=3&amp;x=&quot;\" \
                 alt=\"Peluquería &lt;Lucía&gt;\""
            ),
            "{html}"
        );
        assert!(html.contains("background:#0f7b6c"), "{html}");
        assert!(!html.contains("#9d174d"), "{html}");
    }

    #[test]
    fn a_row_of_links_leaves_out_those_without_an_address() {
        let template = "Subject: s\nPrecio: {{price}}\nTe atiende: {{staff}}\n\n\
                        [Cómo llegar]({{map}}) · [Google]({{google}}) · [Outlook]({{outlook}})\n";
        let rendered = render(
            template,
            "es",
            &look(),
            &[
                ("price", ""),
                ("staff", "Lucía"),
                ("map", ""),
                ("google", "https://calendar.google.com/x?a=1&b=2"),
                ("outlook", "https://outlook.live.com/y"),
            ],
        );
        assert_eq!(
            rendered.text,
            "Te atiende: Lucía\n\nGoogle: https://calendar.google.com/x?a=1&b=2\n\
             Outlook: https://outlook.live.com/y\n"
        );
        assert!(
            rendered.html.contains(
                "<p><a href=\"https://calendar.google.com/x?a=1&amp;b=2\" \
                 style=\"color:#9d174d;text-decoration:underline\">Google</a> &middot; \
                 <a href=\"https://outlook.live.com/y\""
            ),
            "{}",
            rendered.html
        );
        assert!(!rendered.html.contains("Cómo llegar"));
        assert!(!rendered.html.contains("Precio"));
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
            "review_request",
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
