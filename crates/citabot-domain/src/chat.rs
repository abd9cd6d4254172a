//! The chat vocabulary: who wrote a message, what a session id and a visitor's input may be.
//!
//! Session ids come from the browser (the n8n widget makes them), so they are validated here
//! rather than trusted: any printable string up to [`ChatSessionId::MAX_LEN`] bytes.

use std::fmt;

use crate::text::{MAX_STACKED_MARKS, stacks_marks};

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
    // The visitor reads this one in the widget: Spanish, like the assistant.
    #[error(
        "El mensaje apila demasiadas tildes o marcas sobre una misma letra (como mucho {max}). \
         Escríbelo sin ellas, por favor."
    )]
    StackedMarks { max: usize },
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

/// What a visitor typed: not blank, bounded so one message cannot fill the database, and no
/// letter buried under marks ("zalgo" text that spills over the transcript around it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatInput(String);

impl ChatInput {
    /// Longest message accepted, in characters (about four printed pages). Characters are code
    /// points, so every combining mark counts as one: with at most
    /// [`MAX_STACKED_MARKS`] on a letter, 10,000 marks can never pass as a short message.
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
        if stacks_marks(raw, MAX_STACKED_MARKS) {
            return Err(ChatValueError::StackedMarks {
                max: MAX_STACKED_MARKS,
            });
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
    fn marks_stacked_on_one_letter_are_refused_however_the_message_is_counted() {
        let refused = Err(ChatValueError::StackedMarks { max: 8 });
        let all_marks = "\u{301}".repeat(ChatInput::MAX_CHARS);
        assert_eq!(ChatInput::parse(&all_marks), refused, "10,000 marks alone");
        let one_letter = format!("a{}", "\u{301}".repeat(ChatInput::MAX_CHARS - 1));
        assert_eq!(ChatInput::parse(&one_letter), refused, "on one letter");
        assert_eq!(
            ChatInput::parse(&format!("Hola{}", "\u{301}".repeat(9))),
            refused
        );
        let split = format!("Hola{}\u{200b}{}", "\u{301}".repeat(8), "\u{301}".repeat(8));
        assert!(
            ChatInput::parse(&split).is_err(),
            "a zero-width space does not start a new letter"
        );
    }

    #[test]
    fn accents_and_emoji_sequences_pass_unchanged() {
        for text in [
            "Quiero cita el miércoles por la mañana, ¿hay hueco? Soy Begoña Ibáñez.",
            "¡Gracias! 👍🏽",
            "Venimos en familia 👩\u{200d}👩\u{200d}👧 y 👨🏾\u{200d}🦱",
            "❤\u{fe0f} 🏳\u{fe0f}\u{200d}🌈 1\u{fe0f}\u{20e3} 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}",
            "Tiếng Việt: Nguyễn; עִבְרִית; ελληνικά; русский",
            "Jose\u{301} (acento aparte)",
            &format!("a{}", "\u{301}".repeat(8)),
        ] {
            assert_eq!(
                ChatInput::parse(text).map(|input| input.as_str().to_owned()),
                Ok(text.to_owned()),
                "{text}"
            );
        }
    }

    #[test]
    fn authors_round_trip_through_their_stored_names() {
        for author in [MessageAuthor::Human, MessageAuthor::Ai] {
            assert_eq!(MessageAuthor::parse(author.as_str()), Some(author));
        }
        assert_eq!(MessageAuthor::parse("system"), None);
    }
}
