//! Markdown as plain text, for a one-line preview of a chat message (the dashboard's lists):
//! the assistant and staff write markdown (`**negrita**`, lists, links), which a preview must
//! not show raw. This reads the markdown the chat widget renders; it is not a full CommonMark
//! parser, and it need not be: a preview only has to read like the rendered text.

/// The text of `markdown` without its markup, on one line: emphasis, code and strike marks
/// dropped, links and images as their text, headings, quotes and list markers dropped, line
/// breaks and runs of spaces as one space, backslash escapes resolved.
pub fn plain_text(markdown: &str) -> String {
    let mut words = String::new();
    for line in markdown.lines() {
        let line = block_content(line.trim());
        let text = inline_text(line);
        for word in text.split_whitespace() {
            if !words.is_empty() {
                words.push(' ');
            }
            words.push_str(word);
        }
    }
    words
}

/// [`plain_text`] cut to at most `max_chars` characters, with "…" where it was cut.
pub fn preview(markdown: &str, max_chars: usize) -> String {
    let text = plain_text(markdown);
    if text.chars().count() <= max_chars {
        return text;
    }
    let kept: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// A line without its block markers: headings, quotes, list bullets and numbers; a fence or a
/// rule is no text at all.
fn block_content(mut line: &str) -> &str {
    if line.starts_with("```") || line.starts_with("~~~") {
        return "";
    }
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.len() >= 3
        && ['-', '*', '_']
            .iter()
            .any(|mark| compact.chars().all(|c| c == *mark))
    {
        return "";
    }
    loop {
        let before = line;
        if let Some(rest) = line.strip_prefix('>') {
            line = rest.trim_start();
        }
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            line = line[hashes..].trim_start();
        }
        for bullet in ["- ", "* ", "+ "] {
            if let Some(rest) = line.strip_prefix(bullet) {
                line = rest.trim_start();
            }
        }
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        if (1..=9).contains(&digits)
            && (line[digits..].starts_with(". ") || line[digits..].starts_with(") "))
        {
            line = line[digits + 1..].trim_start();
        }
        if line == before {
            return line;
        }
    }
}

/// A line's text without inline markup.
fn inline_text(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut index = 0;
    while index < chars.len() {
        let letter = chars[index];
        let next = chars.get(index + 1).copied();
        match letter {
            '\\' if next.is_some_and(|c| c.is_ascii_punctuation()) => {
                out.extend(next);
                index += 2;
                continue;
            }
            '!' if next == Some('[') => {
                index += 1;
                continue;
            }
            '[' => {
                if let Some((text, after)) = link_at(&chars, index) {
                    out.push_str(&inline_text(&text));
                    index = after;
                    continue;
                }
                out.push('[');
            }
            '<' => {
                // An autolink, <https://…> or <ana@ejemplo.es>: its address.
                let close = chars[index..].iter().position(|c| *c == '>');
                match close {
                    Some(close)
                        if chars[index + 1..index + close]
                            .iter()
                            .all(|c| !c.is_whitespace())
                            && chars[index + 1..index + close]
                                .iter()
                                .any(|c| *c == ':' || *c == '@') =>
                    {
                        out.extend(&chars[index + 1..index + close]);
                        index += close + 1;
                        continue;
                    }
                    _ => out.push('<'),
                }
            }
            '*' | '`' | '~' => {
                // A lone star between spaces is arithmetic ("2 * 3"), not emphasis.
                let previous = index.checked_sub(1).map(|at| chars[at]);
                let lone = letter == '*'
                    && previous.is_none_or(char::is_whitespace)
                    && next.is_none_or(char::is_whitespace);
                if lone {
                    out.push('*');
                }
            }
            '_' => {
                // Inside a word (no_presentado) it is a letter, at a word's edge a mark.
                let previous = index.checked_sub(1).map(|at| chars[at]);
                let inside = previous.is_some_and(char::is_alphanumeric)
                    && next.is_some_and(char::is_alphanumeric);
                if inside {
                    out.push('_');
                }
            }
            other => out.push(other),
        }
        index += 1;
    }
    out
}

/// The link (or image) starting with `[` at `open`: its text, and where the text after it
/// starts; `None` when the brackets are not followed by `(destination)`.
fn link_at(chars: &[char], open: usize) -> Option<(String, usize)> {
    let mut depth = 0usize;
    let mut close = None;
    for (at, letter) in chars.iter().enumerate().skip(open) {
        match letter {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(at);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close?;
    if chars.get(close + 1) != Some(&'(') {
        return None;
    }
    let end = chars[close + 1..].iter().position(|c| *c == ')')? + close + 1;
    Some((chars[open + 1..close].iter().collect(), end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_goes_and_the_text_stays() {
        assert_eq!(
            plain_text("**¡Hecho!** Tu cita es el *viernes* a las `10:00`."),
            "¡Hecho! Tu cita es el viernes a las 10:00."
        );
        assert_eq!(
            plain_text("Mira [la web](https://salon.es/precios) o ![logo](x.png)"),
            "Mira la web o logo"
        );
        assert_eq!(
            plain_text("## Horario\n\n- Lunes: 9:30–14:00\n- Martes\n1. uno\n> cita"),
            "Horario Lunes: 9:30–14:00 Martes uno cita"
        );
        assert_eq!(plain_text("```\ncode\n```\n---"), "code");
        assert_eq!(plain_text("__negrita__ y ~~tachado~~"), "negrita y tachado");
        assert_eq!(plain_text("estado no_presentado"), "estado no_presentado");
        assert_eq!(plain_text("2 * 3 \\*no\\* [x]"), "2 * 3 *no* [x]");
        assert_eq!(plain_text("<https://salon.es> <b>"), "https://salon.es <b>");
        assert_eq!(plain_text("  \n  "), "");
    }

    #[test]
    fn previews_are_cut_on_a_character() {
        assert_eq!(preview("**hola**", 10), "hola");
        assert_eq!(preview("áéíóú áéíóú", 6), "áéíóú…");
        assert_eq!(preview("abcdefghij", 5), "abcd…");
    }
}
