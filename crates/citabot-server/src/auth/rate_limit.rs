//! Counting attempts per key in fixed time windows (per client address, per visitor): in
//! process memory for one instance, in the database's shared counters when several instances
//! share it (PostgreSQL), so that a budget is one budget however many instances serve it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use citabot_store::SharedState;
use time::{Duration, OffsetDateTime};

/// At most `max` attempts per key in each `window`.
#[derive(Debug)]
pub struct RateLimiter {
    /// Names the limit's keys among the shared counters.
    name: &'static str,
    max: u32,
    window: Duration,
    windows: Mutex<HashMap<String, Window>>,
    shared: Option<Arc<dyn SharedState>>,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    started: OffsetDateTime,
    count: u32,
}

/// A refusal: try again after this many whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

/// Above this many keys, expired windows are swept out on the next call.
const SWEEP_ABOVE: usize = 10_000;

impl RateLimiter {
    /// A limit counted in this process only.
    pub fn new(max: u32, window: Duration) -> Self {
        Self::counted_in("", max, window, None)
    }

    /// A limit counted in `shared` when given (under keys starting with `name`), else here.
    pub fn counted_in(
        name: &'static str,
        max: u32,
        window: Duration,
        shared: Option<Arc<dyn SharedState>>,
    ) -> Self {
        Self {
            name,
            max,
            window,
            windows: Mutex::new(HashMap::new()),
            shared,
        }
    }

    /// Whether `key` may try now, without counting an attempt.
    pub async fn check(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
        if let Some(shared) = &self.shared {
            match shared.counters(&[self.shared_key(key)], now).await {
                Ok(found) => {
                    return match found.first().copied().flatten() {
                        Some(counter) if counter.count >= self.max => {
                            Err(retry_after(counter.until, now))
                        }
                        _ => Ok(()),
                    };
                }
                Err(error) => tracing::warn!(%error, "shared counters unreadable: counting here"),
            }
        }
        self.check_here(key, now)
    }

    /// Counts one attempt for `key`; refuses when the window is already full.
    pub async fn hit(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
        if let Some(shared) = &self.shared {
            match shared
                .count_attempt(&self.shared_key(key), now, now + self.window)
                .await
            {
                // The refused attempt is counted too; the window's end stays.
                Ok(counter) if counter.count > self.max => {
                    return Err(retry_after(counter.until, now));
                }
                Ok(_) => return Ok(()),
                Err(error) => tracing::warn!(%error, "shared counters unwritable: counting here"),
            }
        }
        self.hit_here(key, now)
    }

    /// Forgets `key` (after a successful sign-in, its failures no longer count).
    pub async fn reset(&self, key: &str) {
        if let Some(shared) = &self.shared
            && let Err(error) = shared.forget_counter(&self.shared_key(key)).await
        {
            tracing::warn!(%error, "cannot forget a shared counter");
        }
        self.lock().remove(key);
    }

    fn shared_key(&self, key: &str) -> String {
        format!("{}:{key}", self.name)
    }

    fn check_here(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
        let windows = self.lock();
        match windows.get(key) {
            Some(window) if now < window.started + self.window && window.count >= self.max => {
                Err(self.retry_after(window, now))
            }
            _ => Ok(()),
        }
    }

    fn hit_here(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
        let mut windows = self.lock();
        if windows.len() > SWEEP_ABOVE {
            let window = self.window;
            windows.retain(|_, w| now < w.started + window);
        }
        let window = windows.entry(key.to_owned()).or_insert(Window {
            started: now,
            count: 0,
        });
        if now >= window.started + self.window {
            *window = Window {
                started: now,
                count: 0,
            };
        }
        if window.count >= self.max {
            return Err(self.retry_after(window, now));
        }
        window.count += 1;
        Ok(())
    }

    fn retry_after(&self, window: &Window, now: OffsetDateTime) -> RetryAfter {
        retry_after(window.started + self.window, now)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Window>> {
        self.windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The wait until `until`, in whole seconds and never zero.
fn retry_after(until: OffsetDateTime, now: OffsetDateTime) -> RetryAfter {
    let left = (until - now).whole_seconds();
    RetryAfter(u64::try_from(left).unwrap_or(0).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-20 09:00 UTC);

    #[tokio::test]
    async fn allows_max_attempts_per_window_then_says_when_to_retry() {
        let limiter = RateLimiter::new(3, Duration::minutes(15));
        for _ in 0..3 {
            assert_eq!(limiter.hit("ana", T0).await, Ok(()));
        }
        assert_eq!(
            limiter.hit("ana", T0 + Duration::minutes(5)).await,
            Err(RetryAfter(600))
        );
        assert_eq!(
            limiter.check("ana", T0 + Duration::minutes(5)).await,
            Err(RetryAfter(600))
        );
        assert_eq!(
            limiter.check("luis", T0).await,
            Ok(()),
            "keys are independent"
        );
        assert_eq!(
            limiter.hit("ana", T0 + Duration::minutes(15)).await,
            Ok(()),
            "a new window"
        );
    }

    #[tokio::test]
    async fn check_does_not_count_and_reset_forgets() {
        let limiter = RateLimiter::new(1, Duration::minutes(1));
        for _ in 0..5 {
            assert_eq!(limiter.check("ana", T0).await, Ok(()));
        }
        assert_eq!(limiter.hit("ana", T0).await, Ok(()));
        assert!(limiter.check("ana", T0).await.is_err());
        limiter.reset("ana").await;
        assert_eq!(limiter.check("ana", T0).await, Ok(()));
    }

    #[tokio::test]
    async fn retry_after_is_never_zero() {
        let limiter = RateLimiter::new(1, Duration::seconds(10));
        limiter.hit("k", T0).await.expect("first");
        assert_eq!(
            limiter.hit("k", T0 + Duration::milliseconds(9_999)).await,
            Err(RetryAfter(1))
        );
    }
}
