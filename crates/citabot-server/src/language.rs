//! The language a visitor reads the server's own sentences in (refusals, failures): Spanish,
//! or English when the request's `Accept-Language` prefers English to Spanish. The assistant's
//! replies follow the conversation instead (`citabot_domain::assistant`).

use std::borrow::Cow;

use axum::http::{HeaderMap, header};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    /// English when `Accept-Language` ranks English above Spanish (by `q`, then by order);
    /// Spanish otherwise, also when the header is missing or names neither.
    pub fn from_headers(headers: &HeaderMap) -> Self {
        let Some(accepted) = headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
        else {
            return Self::Es;
        };
        let mut best: Option<(f32, Self)> = None;
        for range in accepted.split(',') {
            let mut parts = range.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let primary = tag.split('-').next().unwrap_or_default();
            let lang = if primary.eq_ignore_ascii_case("en") {
                Self::En
            } else if primary.eq_ignore_ascii_case("es") {
                Self::Es
            } else {
                continue;
            };
            let quality = parts
                .filter_map(|parameter| parameter.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            // The first of equal weights wins, as the header lists them by preference.
            if best.is_none_or(|(weight, _)| quality > weight) {
                best = Some((quality, lang));
            }
        }
        best.map_or(Self::Es, |(_, lang)| lang)
    }
}

/// One sentence in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    es: Cow<'static, str>,
    en: Cow<'static, str>,
}

impl Sentence {
    pub fn new(es: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Self {
        Self {
            es: es.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Es => &self.es,
            Lang::En => &self.en,
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn lang_for(accept_language: Option<&'static str>) -> Lang {
        let mut headers = HeaderMap::new();
        if let Some(value) = accept_language {
            headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static(value));
        }
        Lang::from_headers(&headers)
    }

    #[test]
    fn spanish_unless_english_is_preferred() {
        for (header, expected) in [
            (None, Lang::Es),
            (Some(""), Lang::Es),
            (Some("es-ES,es;q=0.9"), Lang::Es),
            (Some("en-GB,en;q=0.9"), Lang::En),
            (Some("en-US"), Lang::En),
            (Some("es-ES,en;q=0.8"), Lang::Es),
            (Some("en;q=0.5,es;q=0.9"), Lang::Es),
            (Some("de-DE,en;q=0.7"), Lang::En),
            (Some("fr, de"), Lang::Es),
            (Some("EN-us;q=0.9, es;q=0.8"), Lang::En),
            (Some("en, es"), Lang::En),
            (Some("es, en"), Lang::Es),
            (Some("en;q=garbage"), Lang::En),
        ] {
            assert_eq!(lang_for(header), expected, "{header:?}");
        }
    }
}
