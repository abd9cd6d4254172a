//! Taps instead of typing: the choices a reply offers as buttons (`suggestions`) and a booking
//! summary drawn as a card (`card`). Both travel beside the reply's text, which always says the
//! same, so a widget that ignores them (n8n's own, a reloaded history) loses nothing.
//!
//! The built-in assistant makes them ([`crate::assistant`]); a workflow behind the gateway may
//! send its own, which reach the widget as sent. The limits here are the widget's: it drops a
//! tap, a row or a card that does not fit them.

use serde::{Deserialize, Serialize};

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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    pub rows: Vec<CardRow>,
    pub actions: Vec<QuickReply>,
}

impl ReplyCard {
    pub const MAX_TITLE_CHARS: usize = 120;
    pub const MAX_LEAD_CHARS: usize = 2000;
    pub const MAX_ROWS: usize = 12;
    pub const MAX_ACTIONS: usize = 4;
}

/// What a reply offers besides its text (as the answers carry it: `suggestions`, `card`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickReplies {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<QuickReply>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
}
