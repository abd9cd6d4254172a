//! The use cases: what the server does, apart from how it is asked. HTTP handlers, the live
//! channel and the command line translate their requests into calls here and the results into
//! their answers; the use cases reach the database through the store port and decide nothing
//! about status codes or frames.

pub mod accounts;
pub mod api_keys;
pub mod booking;
pub mod calendar;
pub mod chat_turn;
pub mod citas;
pub mod clients;
pub mod conversation;
pub mod faq_index;
pub mod images;
pub mod inbox;
pub mod mail;
pub mod manage;
pub mod outbox;
pub mod reviews;
pub mod salon_config;
pub mod services;
pub mod settings;
pub mod staff;
pub mod stats;
pub mod takeover;
