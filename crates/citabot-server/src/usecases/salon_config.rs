//! The salon's configuration as a chat turn reads it (the business and its hours, services,
//! staff, booking rules, profile, closures, schedules, time off), kept in memory between turns
//! instead of read again by every turn with seven queries.
//!
//! It is forgotten whenever it may have changed: after every change made through the APIs of
//! this instance (see `app.rs`), on the word of another instance (a notice of the shared state,
//! on PostgreSQL), and in any case once it is [`MAX_AGE`] old, for changes made outside the
//! server (`citabot user add`, a hand edit in the database). A salon not set up yet is never
//! kept: its first settings count at once.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use citabot_domain::booking::profile::BusinessProfile;
use citabot_domain::booking::rules::Calendar;
use citabot_domain::booking::{Business, Service, StaffMember};
use citabot_store::shared::SharedState;
use citabot_store::{Store, StoreError};

/// The longest a configuration is used without being read again.
pub const MAX_AGE: Duration = Duration::from_secs(5);

/// The notice one instance sends the others when the configuration may have changed.
const CHANGED: &str = "c";

/// What a chat turn knows of the salon, read together.
#[derive(Debug)]
pub struct SalonConfig {
    pub business: Business,
    pub services: Vec<Service>,
    pub staff: Vec<StaffMember>,
    pub calendar: Calendar,
    pub profile: BusinessProfile,
}

/// The configuration last read, shared by every turn of this process.
#[derive(Debug, Default)]
pub struct SalonConfigCache {
    /// Moves on at every [`Self::forget`]: a configuration read before that is not kept.
    generation: AtomicU64,
    current: Mutex<Option<Kept>>,
}

#[derive(Debug)]
struct Kept {
    generation: u64,
    read_at: Instant,
    config: Arc<SalonConfig>,
}

impl SalonConfigCache {
    /// The salon's configuration, kept or read now; `None` while the salon is not set up.
    pub async fn get(&self, store: &dyn Store) -> Result<Option<Arc<SalonConfig>>, StoreError> {
        let generation = self.generation.load(Ordering::Acquire);
        if let Some(kept) = self.lock().as_ref()
            && kept.generation == generation
            && kept.read_at.elapsed() < MAX_AGE
        {
            return Ok(Some(Arc::clone(&kept.config)));
        }
        let Some(business) = store.business().await? else {
            return Ok(None);
        };
        let services = store.services().await?;
        let staff = store.staff().await?;
        let (calendar, profile) = super::settings::calendar_and_profile(store).await?;
        let config = Arc::new(SalonConfig {
            business,
            services,
            staff,
            calendar,
            profile,
        });
        // Kept under the generation seen before reading: a change meanwhile makes it stale.
        *self.lock() = Some(Kept {
            generation,
            read_at: Instant::now(),
            config: Arc::clone(&config),
        });
        Ok(Some(config))
    }

    /// The configuration may have changed: the next turn reads it again.
    pub fn forget(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// [`Self::forget`], here and on the other instances.
    pub async fn changed(&self, shared: Option<&dyn SharedState>) {
        self.forget();
        if let Some(shared) = shared
            && let Err(error) = shared.publish(CHANGED).await
        {
            tracing::warn!(%error, "cannot tell the other instances that the settings changed");
        }
    }

    /// Forgets the configuration whenever another instance says it changed.
    pub async fn listen_to(self: &Arc<Self>, shared: &dyn SharedState) -> Result<(), StoreError> {
        let cache = Arc::downgrade(self);
        shared
            .listen(Arc::new(move |notice| {
                if notice == CHANGED
                    && let Some(cache) = cache.upgrade()
                {
                    cache.forget();
                }
            }))
            .await
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Kept>> {
        self.current.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
