//! Black-box tests of the real router: each test starts the app on a free port with a fresh
//! database and talks HTTP to it.

mod auth;
mod booking;
mod chat;
mod citas;
mod cli;
mod clients;
mod dashboard_appointments;
mod dashboard_conversations;
mod dashboard_helpers;
mod dashboard_reschedule;
mod dashboard_services;
mod dashboard_settings;
mod dashboard_staff;
mod dashboard_stats;
mod demo;
mod edges;
mod fake_n8n;
mod fuzz;
mod hardening;
mod health;
mod helpers;
mod holds;
mod identity;
mod inbox;
mod limits;
mod live;
mod mail;
mod openapi;
mod proxy;
mod sender;
mod smtp_sink;
mod transcripts;
mod turns;
mod uploads;
