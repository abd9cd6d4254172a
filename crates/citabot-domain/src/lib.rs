//! citabot's domain: the value types every other crate speaks in, and the logic that needs no
//! I/O (today the chat vocabulary and the minimal responder; later the booking rules and the
//! assistant's conversation state machine).
//!
//! This crate must not depend on a runtime, a database or a web framework: everything here is
//! testable as plain functions.

pub mod account;
pub mod assistant;
pub mod booking;
pub mod chat;
pub mod clock;
pub mod file_type;
pub mod inbox;
pub mod markdown;
pub mod quick_replies;
pub mod responder;
pub mod text;
pub mod understanding;
