//! Every limit the server keeps, in one place: the sign-in throttle and the fixed-window
//! counters, in memory for one instance or in the shared counters of several.

use std::net::SocketAddr;
use std::sync::Arc;

use citabot_store::SharedState;
use time::Duration;

use super::rate_limit::RateLimiter;
use super::sign_in_throttle::SignInThrottle;
use crate::config::Settings;

/// Whom the per-visitor limits count (chat messages, history reads, the chat's held times): the
/// account `owner`, or the address for guests.
pub fn visitor_key(owner: Option<&str>, peer: SocketAddr) -> String {
    owner.map_or_else(|| peer.ip().to_string(), |owner| format!("user:{owner}"))
}

/// How many requests one address may make to the manage link's API in a minute.
pub const MANAGE_LINK_REQUESTS_PER_MINUTE: u32 = 60;

/// How many bookings one address may make from the landing's form in an hour.
pub const WEB_BOOKINGS_PER_HOUR: u32 = 10;

/// The limits the server enforces on accounts (REQUIREMENTS H3).
#[derive(Debug)]
pub struct Limits {
    /// Failed sign-ins slow the address that fails, and an account's unknown addresses when
    /// it is attacked from many, without ever locking an account out (see its module).
    pub sign_in: SignInThrottle,
    /// Failed sign-ins per client address (IPv6 by /64), whatever the account: 20 per 15
    /// minutes.
    pub logins_per_address: RateLimiter,
    /// Accounts created per client address: 10 per hour.
    pub signups_per_address: RateLimiter,
    /// Chat messages per visitor (account, or address for guests): `chat_messages_per_minute`.
    pub chat_messages: RateLimiter,
    /// History reads per visitor: four times the message budget and at least 120 a minute, far
    /// above page reloads, well below probing.
    pub history_reads: RateLimiter,
    /// Live channels refused (unknown execution, wrong token) per client address: 20 per
    /// minute, so execution ids cannot be guessed by trying (REQUIREMENTS H8).
    pub live_refusals_per_address: RateLimiter,
    /// Requests to the manage link's API (`/api/manage/…`) per client address: 60 a minute,
    /// plenty for a person on the page, too few to try tokens by the thousand.
    pub manage_links_per_address: RateLimiter,
    /// Requests per API key: `api_key_requests_per_minute`, counted once the key is checked.
    pub api_key_requests: RateLimiter,
    /// Bookings from the landing's form (`POST /api/bookings`) per client address: 10 an hour,
    /// more than a family books, too few to fill the diary.
    pub web_bookings_per_address: RateLimiter,
}

impl Limits {
    /// The limits, counted in `shared` when several instances share the database.
    pub fn new(settings: &Settings, shared: Option<Arc<dyn SharedState>>) -> Self {
        let limit = |name, max, window| RateLimiter::counted_in(name, max, window, shared.clone());
        Self {
            sign_in: shared
                .clone()
                .map_or_else(SignInThrottle::default, SignInThrottle::shared),
            logins_per_address: limit("logins", 20, Duration::minutes(15)),
            signups_per_address: limit("signups", 10, Duration::hours(1)),
            chat_messages: limit(
                "chat",
                settings.chat_messages_per_minute,
                Duration::minutes(1),
            ),
            history_reads: limit(
                "history",
                settings.chat_messages_per_minute.saturating_mul(4).max(120),
                Duration::minutes(1),
            ),
            live_refusals_per_address: limit("live-refusals", 20, Duration::minutes(1)),
            manage_links_per_address: limit(
                "manage",
                MANAGE_LINK_REQUESTS_PER_MINUTE,
                Duration::minutes(1),
            ),
            api_key_requests: limit(
                "api-key",
                settings.api_key_requests_per_minute,
                Duration::minutes(1),
            ),
            web_bookings_per_address: limit(
                "web-bookings",
                WEB_BOOKINGS_PER_HOUR,
                Duration::hours(1),
            ),
        }
    }
}
