//! The live channel (REQUIREMENTS A6, docs/PROTOCOL.md §4): when a reply travels over a WebSocket
//! instead of the HTTP answer, the gateway starts an *execution* in the hub ([`crate::hub`]) and
//! answers `{executionStarted, executionId, resumeToken}`; the widget then opens
//! `/chat?sessionId&executionId&isPublic=true&token=…` ([`socket`]) and receives the messages.
//!
//! In proxy mode the external workflow runs its own live channel: the socket relays frames
//! between the widget and the workflow's `/chat` ([`bridge`]); the workflow's ids never reach the
//! browser. [`frames`] reads and writes what both pass.

pub mod bridge;
pub mod frames;
pub mod socket;
