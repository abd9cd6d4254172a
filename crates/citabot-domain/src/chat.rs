//! The chat vocabulary: who wrote a message, what a session id and a visitor's input may be.
//!
//! Session ids come from the browser (the n8n widget makes them), so they are validated here
//! rather than trusted: any printable string up to [`ChatSessionId::MAX_LEN`] bytes.

use std::fmt;

/// Who wrote a chat message. Stored as `human` / `ai`, the two LangChain roles n8n's widget
/// distinguishes when it reads history back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageAuthor {
    /// The visitor (LangChain `HumanMessage`).
    Human,
    /// The assistant, or later a staff member speaking for it (LangChain `AIMessage`).
    Ai,
}

impl MessageAuthor {
    /// The stable name used in storage.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Human => "human",
            Self::Ai => "ai",
        }
    }

    /// Parses the stored name back.
    pub fn parse(stored: &str) -> Option<Self> {
        match stored {
            "human" => Some(Self::Human),
            "ai" => Some(Self::Ai),
            _ => None,
        }
    }
}

/// Why a chat value was refused; the messages are shown to the person who sent it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatValueError {
    #[error("sessionId is required")]
    MissingSessionId,
    #[error("sessionId must be at most {max} characters")]
    SessionIdTooLong { max: usize },
    #[error("sessionId may contain only printable characters")]
    SessionIdNotPrintable,
    #[error("the message is empty")]
    EmptyInput,
    #[error("the message is too long: at most {max} characters")]
    InputTooLong { max: usize },
    #[error("the message contains a NUL character, which cannot be stored")]
    InputHasNul,
}

/// The id of one conversation, as the widget sent it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChatSessionId(String);

impl ChatSessionId {
    /// Longest id accepted, in bytes. A UUID is 36; n8n users also send their own ids.
    pub const MAX_LEN: usize = 128;

    pub fn parse(raw: &str) -> Result<Self, ChatValueError> {
        if raw.is_empty() {
            return Err(ChatValueError::MissingSessionId);
        }
        if raw.len() > Self::MAX_LEN {
            return Err(ChatValueError::SessionIdTooLong { max: Self::MAX_LEN });
        }
        if raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Err(ChatValueError::SessionIdNotPrintable);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ChatSessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a visitor typed: not blank, and bounded so one message cannot fill the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatInput(String);

impl ChatInput {
    /// Longest message accepted, in characters (about four printed pages).
    pub const MAX_CHARS: usize = 10_000;

    pub fn parse(raw: &str) -> Result<Self, ChatValueError> {
        if raw.trim().is_empty() {
            return Err(ChatValueError::EmptyInput);
        }
        if raw.chars().count() > Self::MAX_CHARS {
            return Err(ChatValueError::InputTooLong {
                max: Self::MAX_CHARS,
            });
        }
        // PostgreSQL's text cannot hold it: refused here, not failed when stored.
        if raw.contains('\0') {
            return Err(ChatValueError::InputHasNul);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_accept_uuids_and_custom_printable_ids() {
        for ok in [
            "5c0a1b2e-0000-4000-8000-000000000001",
            "probe-1795306103",
            "ñandú_42",
        ] {
            assert_eq!(
                ChatSessionId::parse(ok).map(|id| id.to_string()),
                Ok(ok.to_owned())
            );
        }
    }

    #[test]
    fn session_ids_refuse_empty_long_and_unprintable() {
        assert_eq!(
            ChatSessionId::parse(""),
            Err(ChatValueError::MissingSessionId)
        );
        let longest = "a".repeat(ChatSessionId::MAX_LEN);
        assert!(ChatSessionId::parse(&longest).is_ok());
        assert_eq!(
            ChatSessionId::parse(&format!("{longest}a")),
            Err(ChatValueError::SessionIdTooLong { max: 128 })
        );
        for bad in ["a b", "a\nb", "a\u{0}b", "tab\there"] {
            assert_eq!(
                ChatSessionId::parse(bad),
                Err(ChatValueError::SessionIdNotPrintable)
            );
        }
    }

    #[test]
    fn input_must_not_be_blank_or_too_long() {
        assert_eq!(ChatInput::parse(" \n\t"), Err(ChatValueError::EmptyInput));
        let longest = "ñ".repeat(ChatInput::MAX_CHARS);
        assert!(
            ChatInput::parse(&longest).is_ok(),
            "the limit counts characters, not bytes"
        );
        assert_eq!(
            ChatInput::parse(&format!("{longest}x")),
            Err(ChatValueError::InputTooLong { max: 10_000 })
        );
    }

    #[test]
    fn authors_round_trip_through_their_stored_names() {
        for author in [MessageAuthor::Human, MessageAuthor::Ai] {
            assert_eq!(MessageAuthor::parse(author.as_str()), Some(author));
        }
        assert_eq!(MessageAuthor::parse("system"), None);
    }
}
