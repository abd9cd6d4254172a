//! The citabot server: one binary that serves the site, the widget bundle, the chat gateway and
//! (in later issues) accounts, the live channel and the dashboard APIs.
//!
//! Handlers are thin: they extract, call the domain or the store port, and map the result to
//! HTTP. Nothing here writes SQL (that lives in the store adapters) or decides what the assistant
//! says (that lives in `citabot-domain`).

pub mod app;
pub mod assets;
pub mod auth;
pub mod calendar_links;
pub mod cita_refusals;
pub mod cli;
pub mod client_address;
pub mod config;
pub mod conversation_queue;
pub mod dashboard;
pub mod database;
pub mod demo;
pub mod error;
pub mod gateway;
pub mod health;
pub mod hub;
pub mod ics;
pub mod language;
pub mod live;
pub mod mail;
pub mod mcp;
pub mod metrics;
pub mod metrics_http;
pub mod openapi;
pub mod profile;
pub mod request_limits;
pub mod security_headers;
pub mod serve;
pub mod state;
pub mod telemetry;
pub mod tools;
pub mod uploads;
pub mod usecases;
pub mod visitor_error;
pub mod workflow;
