//! Keeps the visitor's capability out of what the workflow sends back. The token travels to the
//! workflow in `metadata.citabot` and must never reach the browser or the history: a workflow
//! that echoes its input, or an agent talked into reading its metadata out, would otherwise hand
//! it to the page. Every occurrence becomes [`HIDDEN`], in a JSON answer, in a stream (across
//! chunk boundaries) and in the live channel's frames.

use std::borrow::Cow;

use serde_json::Value;

/// What stands in for the token.
pub const HIDDEN: &str = "[credencial oculta]";

/// The secret to take out of the workflow's answers.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

/// Never the secret itself: it would end up in a log.
impl std::fmt::Debug for Secret {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Secret(…)")
    }
}

impl Secret {
    /// `None` for an empty secret (nothing to hide).
    pub fn new(secret: &str) -> Option<Self> {
        (!secret.is_empty()).then(|| Self(secret.to_owned()))
    }

    /// The secret itself: only for the shared store, where a bridged execution waits for its
    /// socket on another instance.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if text.contains(&self.0) {
            Cow::Owned(text.replace(&self.0, HIDDEN))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// Every string in `value`, keys included.
    pub fn json(&self, value: &mut Value) {
        match value {
            Value::String(text) => {
                if let Cow::Owned(hidden) = self.text(text) {
                    *text = hidden;
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|item| self.json(item)),
            Value::Object(fields) => {
                let hidden_keys: Vec<String> = fields
                    .keys()
                    .filter(|key| key.contains(&self.0))
                    .cloned()
                    .collect();
                for key in hidden_keys {
                    if let Some(field) = fields.remove(&key) {
                        fields.insert(self.text(&key).into_owned(), field);
                    }
                }
                fields.values_mut().for_each(|field| self.json(field));
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }

    /// A redactor for a stream of chunks.
    pub fn stream(&self) -> StreamRedactor {
        StreamRedactor {
            secret: self.clone(),
            held: Vec::new(),
        }
    }
}

/// Takes the secret out of a stream fed in arbitrary chunks: a chunk's end that could be the
/// start of the secret waits for the next chunk; everything else passes at once (a stream's
/// lines end in a newline, so nothing is held back between its items).
#[derive(Debug)]
pub struct StreamRedactor {
    secret: Secret,
    held: Vec<u8>,
}

impl StreamRedactor {
    /// What of `chunk` (after what was held) can go on now.
    pub fn feed(&mut self, chunk: &[u8]) -> Vec<u8> {
        let secret = self.secret.0.as_bytes();
        let mut bytes = std::mem::take(&mut self.held);
        bytes.extend_from_slice(chunk);
        let mut out = replace(&bytes, secret);
        let keep = (1..secret.len())
            .rev()
            .find(|&length| out.ends_with(&secret[..length]))
            .unwrap_or(0);
        self.held = out.split_off(out.len() - keep);
        out
    }

    /// What is still held, once the stream has ended.
    pub fn finish(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.held)
    }
}

/// `bytes` with every `secret` replaced by [`HIDDEN`]. The secret is ASCII, so no UTF-8
/// sequence is cut.
fn replace(bytes: &[u8], secret: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some(at) = rest
        .windows(secret.len())
        .position(|window| window == secret)
    {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(HIDDEN.as_bytes());
        rest = &rest[at + secret.len()..];
    }
    out.extend_from_slice(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn secret() -> Secret {
        Secret::new("tok.EN-123").expect("a secret")
    }

    #[test]
    fn text_and_json_lose_every_occurrence() {
        assert_eq!(
            secret().text("ver http://x/mcp/tok.EN-123 y tok.EN-123"),
            "ver http://x/mcp/[credencial oculta] y [credencial oculta]"
        );
        assert!(matches!(secret().text("nada"), Cow::Borrowed("nada")));
        let mut value = json!({"output": "tok.EN-123", "list": ["a tok.EN-123"],
            "tok.EN-123": 1, "n": 5});
        secret().json(&mut value);
        assert_eq!(
            value,
            json!({"output": HIDDEN, "list": [format!("a {HIDDEN}")], HIDDEN: 1, "n": 5})
        );
        assert_eq!(Secret::new(""), None);
    }

    #[test]
    fn a_stream_loses_the_secret_however_it_is_cut() {
        let whole = "{\"content\":\"tu enlace: tok.EN-123 ñ\"}\ntok.EN-12";
        let expected = format!("{{\"content\":\"tu enlace: {HIDDEN} ñ\"}}\ntok.EN-12");
        let bytes = whole.as_bytes();
        for cut in 0..=bytes.len() {
            for second in cut..=bytes.len() {
                let mut redactor = secret().stream();
                let mut out = redactor.feed(&bytes[..cut]);
                out.extend(redactor.feed(&bytes[cut..second]));
                out.extend(redactor.feed(&bytes[second..]));
                out.extend(redactor.finish());
                assert_eq!(
                    String::from_utf8(out).expect("UTF-8"),
                    expected,
                    "{cut}/{second}"
                );
            }
        }
    }

    #[test]
    fn a_line_that_cannot_start_the_secret_is_not_held() {
        let mut redactor = secret().stream();
        assert_eq!(redactor.feed(b"{\"a\":1}\n"), b"{\"a\":1}\n");
        assert_eq!(redactor.feed(b"ab t"), b"ab ");
        assert_eq!(redactor.feed(b"x"), b"tx");
    }
}
