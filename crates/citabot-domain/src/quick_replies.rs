//! Taps instead of typing: the choices a reply offers as buttons (`suggestions`) and a booking
//! summary drawn as a card (`card`). Both travel beside the reply's text, which always says the
//! same, so a widget that ignores them (n8n's own, a reloaded history) loses nothing.
//!
//! The built-in assistant makes them ([`crate::assistant`]); a workflow behind the gateway may
//! send its own, which [`QuickReplies::from_workflow`] keeps only when they fit the limits
//! here (the widget checks the same ones).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A choice shown as a button: tapping it sends `value` as the visitor's message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickReply {
    pub label: String,
    pub value: String,
}

impl QuickReply {
    pub const MAX_LABEL_CHARS: usize = 80;
    pub const MAX_VALUE_CHARS: usize = 500;

    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            value: value.into(),
        }
    }

    fn from_json(value: &Value) -> Option<Self> {
        let label = value.get("label")?.as_str()?;
        let said = value.get("value")?.as_str()?;
        let fits = |text: &str, max: usize| !text.trim().is_empty() && text.chars().count() <= max;
        (fits(label, Self::MAX_LABEL_CHARS) && fits(said, Self::MAX_VALUE_CHARS))
            .then(|| Self::new(label, said))
    }
}

/// One line of a card: "Servicio" — "Corte de pelo".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRow {
    pub label: String,
    pub value: String,
}

impl CardRow {
    pub const MAX_LABEL_CHARS: usize = 80;
    pub const MAX_VALUE_CHARS: usize = 300;
}

/// A reply drawn as a card: what the text says, as a title, rows and buttons. A widget that
/// draws it shows it instead of the text, so `lead` carries whatever the text says before the
/// rows (an answer given with the summary).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyCard {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    pub rows: Vec<CardRow>,
    pub actions: Vec<QuickReply>,
}

impl ReplyCard {
    pub const MAX_TITLE_CHARS: usize = 120;
    pub const MAX_LEAD_CHARS: usize = 2000;
    pub const MAX_ROWS: usize = 12;
    pub const MAX_ACTIONS: usize = 4;

    fn from_json(value: &Value) -> Option<Self> {
        let title = value.get("title")?.as_str()?;
        if title.trim().is_empty() || title.chars().count() > Self::MAX_TITLE_CHARS {
            return None;
        }
        let lead = match value.get("lead") {
            None | Some(Value::Null) => None,
            Some(lead) => Some(
                lead.as_str()
                    .filter(|lead| lead.chars().count() <= Self::MAX_LEAD_CHARS)?
                    .to_owned(),
            ),
        };
        let rows = value.get("rows")?.as_array()?;
        if rows.len() > Self::MAX_ROWS {
            return None;
        }
        let rows = rows
            .iter()
            .map(|row| {
                let label = row.get("label")?.as_str()?;
                let said = row.get("value")?.as_str()?;
                (label.chars().count() <= CardRow::MAX_LABEL_CHARS
                    && said.chars().count() <= CardRow::MAX_VALUE_CHARS)
                    .then(|| CardRow {
                        label: label.to_owned(),
                        value: said.to_owned(),
                    })
            })
            .collect::<Option<Vec<_>>>()?;
        let actions = match value.get("actions") {
            None | Some(Value::Null) => Vec::new(),
            Some(actions) => actions
                .as_array()?
                .iter()
                .map(QuickReply::from_json)
                .collect::<Option<Vec<_>>>()?,
        };
        if actions.len() > Self::MAX_ACTIONS {
            return None;
        }
        Some(Self {
            title: title.to_owned(),
            lead,
            rows,
            actions,
        })
    }
}

/// What a reply offers besides its text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuickReplies {
    pub suggestions: Vec<QuickReply>,
    pub card: Option<ReplyCard>,
}

impl QuickReplies {
    pub const MAX_SUGGESTIONS: usize = 12;

    pub fn is_empty(&self) -> bool {
        self.suggestions.is_empty() && self.card.is_none()
    }

    pub fn suggest(suggestions: Vec<QuickReply>) -> Self {
        Self {
            suggestions,
            card: None,
        }
    }

    /// What a workflow's answer (`{"output", "suggestions", "card"}`, or the `end` line's
    /// metadata) offers, kept only where it fits: a suggestion over its limits is dropped, as is
    /// a card with anything wrong in it, and never more than [`Self::MAX_SUGGESTIONS`].
    pub fn from_workflow(answer: &Value) -> Self {
        let suggestions = answer
            .get("suggestions")
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(QuickReply::from_json)
                    .take(Self::MAX_SUGGESTIONS)
                    .collect()
            })
            .unwrap_or_default();
        let card = answer.get("card").and_then(ReplyCard::from_json);
        Self { suggestions, card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_workflow_keeps_what_fits_and_loses_the_rest() {
        let long = "x".repeat(QuickReply::MAX_LABEL_CHARS + 1);
        let answer = json!({
            "output": "¿A qué hora?",
            "suggestions": [
                { "label": "10:30", "value": "A las 10:30" },
                { "label": long, "value": "demasiado largo" },
                { "label": "sin valor" },
                { "label": " ", "value": "vacía" },
                "texto suelto",
                { "label": 7, "value": "número" },
                { "label": "x".repeat(QuickReply::MAX_LABEL_CHARS), "value": "justo" }
            ]
        });
        let kept = QuickReplies::from_workflow(&answer);
        let labels: Vec<&str> = kept.suggestions.iter().map(|s| s.value.as_str()).collect();
        assert_eq!(labels, ["A las 10:30", "justo"]);
        assert_eq!(kept.card, None);
    }

    #[test]
    fn at_most_twelve_suggestions_are_kept() {
        let many: Vec<Value> = (0..20)
            .map(|i| json!({ "label": i.to_string(), "value": i.to_string() }))
            .collect();
        let kept = QuickReplies::from_workflow(&json!({ "suggestions": many }));
        assert_eq!(kept.suggestions.len(), QuickReplies::MAX_SUGGESTIONS);
        assert_eq!(kept.suggestions[11].value, "11");
    }

    #[test]
    fn a_card_is_kept_whole_or_not_at_all() {
        let card = json!({
            "title": "Resumen de tu cita",
            "lead": "Sí, aceptamos tarjeta.",
            "rows": [{ "label": "Servicio", "value": "Corte de pelo" }],
            "actions": [{ "label": "Confirmar", "value": "Sí, confírmala" }]
        });
        let kept = QuickReplies::from_workflow(&json!({ "card": card }));
        let kept = kept.card.expect("a valid card is kept");
        assert_eq!(kept.rows[0].value, "Corte de pelo");
        assert_eq!(kept.lead.as_deref(), Some("Sí, aceptamos tarjeta."));

        let rows: Vec<Value> = (0..=ReplyCard::MAX_ROWS)
            .map(|i| json!({ "label": "x", "value": i.to_string() }))
            .collect();
        let actions: Vec<Value> = (0..=ReplyCard::MAX_ACTIONS)
            .map(|i| json!({ "label": "x", "value": i.to_string() }))
            .collect();
        for broken in [
            json!({ "rows": [] }),
            json!({ "title": "", "rows": [] }),
            json!({ "title": "t".repeat(ReplyCard::MAX_TITLE_CHARS + 1), "rows": [] }),
            json!({ "title": "t", "rows": rows }),
            json!({ "title": "t", "rows": [{ "label": "x" }] }),
            json!({ "title": "t", "rows": [{ "label": "x", "value": "v".repeat(CardRow::MAX_VALUE_CHARS + 1) }] }),
            json!({ "title": "t", "rows": [], "actions": actions }),
            json!({ "title": "t", "rows": [], "actions": [{ "label": "x" }] }),
            json!({ "title": "t", "rows": [], "lead": 3 }),
            json!({ "title": "t", "rows": [], "lead": "l".repeat(ReplyCard::MAX_LEAD_CHARS + 1) }),
            json!("una tarjeta"),
        ] {
            let kept = QuickReplies::from_workflow(&json!({ "card": broken.clone() }));
            assert_eq!(kept.card, None, "{broken}");
        }
        let at_limits = json!({
            "title": "t".repeat(ReplyCard::MAX_TITLE_CHARS),
            "lead": "l".repeat(ReplyCard::MAX_LEAD_CHARS),
            "rows": (0..ReplyCard::MAX_ROWS).map(|i| json!({ "label": "x", "value": i.to_string() })).collect::<Vec<_>>(),
            "actions": (0..ReplyCard::MAX_ACTIONS).map(|i| json!({ "label": "x", "value": i.to_string() })).collect::<Vec<_>>()
        });
        assert!(
            QuickReplies::from_workflow(&json!({ "card": at_limits }))
                .card
                .is_some()
        );
    }
}
