//! The check that the conformance suite runs every statement written in [`crate::sql`]: each
//! adapter notes the text of every statement it runs ([`note_statement`]) while its
//! `every_shared_statement_runs` test goes through all the cases, and each SQL string literal
//! of `sql/` must then be found in a statement that ran. The suite passing on both databases is
//! then proof that each statement is valid SQL on both, and does what the port says.

use std::collections::BTreeSet;
use std::sync::Mutex;

/// What ran since [`start_noting`], or `None` while nobody notes.
static NOTED: Mutex<Option<BTreeSet<String>>> = Mutex::new(None);

/// The sources of the shared SQL, read at compile time.
const SOURCES: [(&str, &str); 9] = [
    ("sql.rs", include_str!("../sql.rs")),
    ("sql/api_keys.rs", include_str!("../sql/api_keys.rs")),
    ("sql/booking.rs", include_str!("../sql/booking.rs")),
    (
        "sql/conversations.rs",
        include_str!("../sql/conversations.rs"),
    ),
    ("sql/holds.rs", include_str!("../sql/holds.rs")),
    ("sql/images.rs", include_str!("../sql/images.rs")),
    ("sql/mail.rs", include_str!("../sql/mail.rs")),
    ("sql/reviews.rs", include_str!("../sql/reviews.rs")),
    ("sql/store.rs", include_str!("../sql/store.rs")),
];

/// Words that make a string literal SQL rather than a label or a message.
const SQL_WORDS: [&str; 9] = [
    "SELECT ",
    "INSERT ",
    "UPDATE ",
    "DELETE ",
    "WHERE ",
    "ORDER BY ",
    "AND ",
    " IS NULL",
    " = $",
];

/// Records `sql` as run, while [`start_noting`] is on. Adapters call it for every statement
/// their tests run.
pub fn note_statement(sql: &str) {
    let mut noted = NOTED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(noted) = noted.as_mut() {
        noted.insert(sql.to_owned());
    }
}

/// Starts recording what runs, forgetting anything recorded before.
pub fn start_noting() {
    *NOTED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(BTreeSet::new());
}

/// Stops recording; what ran since [`start_noting`].
pub fn stop_noting() -> BTreeSet<String> {
    NOTED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
        .unwrap_or_default()
}

/// Each SQL string literal of `sql/` with where it is, as the pieces between its `{…}`
/// placeholders (a `format!` string), as Rust reads it (escapes and line continuations
/// undone).
pub fn shared_statements() -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    for (file, source) in SOURCES {
        for (line, text) in string_literals(source) {
            if !SQL_WORDS.iter().any(|word| text.contains(word)) {
                continue;
            }
            let pieces = text
                .split(['{', '}'])
                .enumerate()
                // Odd pieces are the placeholders' names.
                .filter(|(index, piece)| index % 2 == 0 && !piece.trim().is_empty())
                .map(|(_, piece)| piece.trim().to_owned())
                .collect();
            found.push((format!("{file}:{line}"), pieces));
        }
    }
    found
}

/// The shared statements that no statement in `ran` contains; empty when every one ran.
pub fn never_ran(ran: &BTreeSet<String>) -> Vec<String> {
    shared_statements()
        .into_iter()
        .filter(|(_, pieces)| {
            !ran.iter()
                .any(|sql| pieces.iter().all(|piece| sql.contains(piece.as_str())))
        })
        .map(|(place, pieces)| format!("{place}: {}", pieces.join(" … ")))
        .collect()
}

/// The string literals of Rust `source` outside comments, unescaped, with their line numbers.
fn string_literals(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut chars = source.char_indices().peekable();
    let mut line = 1;
    while let Some((_, c)) = chars.next() {
        match c {
            '\n' => line += 1,
            '/' if chars.peek().is_some_and(|(_, next)| *next == '/') => {
                for (_, skipped) in chars.by_ref() {
                    if skipped == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            // A char literal such as '\'' or '{' holds no SQL; skip it whole.
            '\'' => {
                let rest: String = chars.clone().take(3).map(|(_, c)| c).collect();
                let length = if rest.starts_with('\\') { 3 } else { 2 };
                if rest.chars().nth(length - 1) == Some('\'') {
                    for _ in 0..length {
                        chars.next();
                    }
                }
            }
            '"' => {
                let start = line;
                let mut text = String::new();
                while let Some((_, c)) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next().map(|(_, escaped)| escaped) {
                            Some('\n') => {
                                line += 1;
                                while chars.peek().is_some_and(|(_, next)| next.is_whitespace()) {
                                    if chars.next().is_some_and(|(_, c)| c == '\n') {
                                        line += 1;
                                    }
                                }
                            }
                            Some('n') => text.push('\n'),
                            Some(other) => text.push(other),
                            None => break,
                        },
                        '\n' => {
                            line += 1;
                            text.push('\n');
                        }
                        other => text.push(other),
                    }
                }
                found.push((start, text));
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_read_as_rust_reads_them() {
        let source = "let a = \"SELECT x \\\n     FROM t WHERE y = $1\"; // \"not this\"\n\
                      let b = '\"'; let c = \"ESCAPE '\\\\' AND {rest}\";";
        let literals: Vec<String> = string_literals(source)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            literals,
            ["SELECT x FROM t WHERE y = $1", "ESCAPE '\\' AND {rest}"]
        );
    }

    #[test]
    fn every_file_of_the_shared_sql_is_read() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sql");
        for file in std::fs::read_dir(&folder).expect("the sql folder") {
            let name = file.expect("an entry").file_name();
            let name = format!("sql/{}", name.to_string_lossy());
            assert!(
                SOURCES.iter().any(|(source, _)| *source == name),
                "{name} is not in SOURCES"
            );
        }
        let statements = shared_statements();
        for (file, _) in SOURCES {
            if file == "sql.rs" {
                continue;
            }
            assert!(
                statements.iter().any(|(place, _)| place.starts_with(file)),
                "{file} has no statement"
            );
        }
        assert!(statements.len() > 100, "{}", statements.len());
    }

    #[test]
    fn a_statement_that_never_ran_is_named() {
        let ran = BTreeSet::from(["SELECT slot, version FROM business_images".to_owned()]);
        let missing = never_ran(&ran);
        assert!(
            !missing
                .iter()
                .any(|m| m.contains("SELECT slot, version FROM business_images")),
            "{missing:?}"
        );
        assert!(
            missing
                .iter()
                .any(|m| m.starts_with("sql/images.rs:") && m.contains("DELETE")),
            "{missing:?}"
        );
    }
}
