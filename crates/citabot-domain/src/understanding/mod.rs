//! The assistant's understanding of a visitor's message (DESIGN §5, B2): what they want
//! (intents), which language they write, which services, dates and times they name, and the
//! guest details they give. Pure functions over text, deterministic and cheap: no I/O, no model,
//! nothing learnt at run time. The conversation state machine decides what to do with the result.

mod contact;
mod date;
mod daytime;
mod normalize;
mod services;

pub use contact::{extract_email, extract_name, extract_phone};
pub use date::{DateExpr, parse_date};
pub use daytime::{DayPart, ResolvedTime, TimeExpr, parse_time, resolve_in_hours};
pub use normalize::normalize;
pub use services::{ServiceMatch, ServiceName, match_services};
