//! What every handler and use case may reach: the store, the clock, the settings and the
//! process-wide services (limits, the workflow relay, the live hub). Apart from the router so
//! that nothing needs the router to get at them.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use citabot_domain::clock::Clock;
use citabot_store::Store;

use crate::auth::limits::Limits;
use crate::config::Settings;
use crate::conversation_queue::ConversationQueue;
use crate::hub::LiveHub;
use crate::hub::channels::OpenChannels;
use crate::mail::Outbox;
use crate::metrics::Metrics;
use crate::usecases::faq_index::FaqIndexCache;
use crate::usecases::salon_config::SalonConfigCache;
use crate::workflow::Upstream;

/// What every handler may use. Cheap to clone: everything is shared.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub clock: Arc<dyn Clock>,
    pub settings: Arc<Settings>,
    pub limits: Arc<Limits>,
    /// The external n8n webhook, when the chat is relayed instead of answered here.
    pub upstream: Option<Arc<Upstream>>,
    /// Executions waiting for, or attached to, a live channel.
    pub hub: Arc<dyn LiveHub>,
    /// Live channels open on this instance, by visitor and sign-in.
    pub channels: Arc<OpenChannels>,
    pub metrics: Arc<Metrics>,
    /// The salon's FAQ as the assistant matches it, rebuilt only when the FAQ changes.
    pub faq_index: Arc<FaqIndexCache>,
    /// The salon's configuration as chat turns read it, forgotten when it changes.
    pub salon: Arc<SalonConfigCache>,
    /// What messages are written with (links, the sender's address, the manage link's key),
    /// and the mail sender's wake-up call.
    pub outbox: Arc<Outbox>,
    /// The chat turns of each conversation, one at a time in arrival order.
    pub turns: Arc<ConversationQueue>,
    /// Set when a stop signal came: `/readyz` answers 503 while the listener still serves.
    pub draining: Arc<AtomicBool>,
}
