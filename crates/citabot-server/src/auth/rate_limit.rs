//! Counting attempts per key in fixed time windows (per client address, per visitor), in
//! process memory. One instance is enough today; several instances will share counters through
//! PostgreSQL (REQUIREMENTS §7), behind this same interface.

use std::collections::HashMap;
use std::sync::Mutex;

use time::{Duration, OffsetDateTime};

/// At most `max` attempts per key in each `window`.
#[derive(Debug)]
pub struct RateLimiter {
    max: u32,
    window: Duration,
    windows: Mutex<HashMap<String, Window>>,
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
    pub fn new(max: u32, window: Duration) -> Self {
        Self {
            max,
            window,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` may try now, without counting an attempt.
    pub fn check(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
        let windows = self.lock();
        match windows.get(key) {
            Some(window) if now < window.started + self.window && window.count >= self.max => {
                Err(self.retry_after(window, now))
            }
            _ => Ok(()),
        }
    }

    /// Counts one attempt for `key`; refuses when the window is already full.
    pub fn hit(&self, key: &str, now: OffsetDateTime) -> Result<(), RetryAfter> {
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

    /// Forgets `key` (after a successful sign-in, its failures no longer count).
    pub fn reset(&self, key: &str) {
        self.lock().remove(key);
    }

    fn retry_after(&self, window: &Window, now: OffsetDateTime) -> RetryAfter {
        let left = (window.started + self.window - now).whole_seconds();
        RetryAfter(u64::try_from(left).unwrap_or(0).max(1))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Window>> {
        self.windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-20 09:00 UTC);

    #[test]
    fn allows_max_attempts_per_window_then_says_when_to_retry() {
        let limiter = RateLimiter::new(3, Duration::minutes(15));
        for _ in 0..3 {
            assert_eq!(limiter.hit("ana", T0), Ok(()));
        }
        assert_eq!(
            limiter.hit("ana", T0 + Duration::minutes(5)),
            Err(RetryAfter(600))
        );
        assert_eq!(
            limiter.check("ana", T0 + Duration::minutes(5)),
            Err(RetryAfter(600))
        );
        assert_eq!(limiter.check("luis", T0), Ok(()), "keys are independent");
        assert_eq!(
            limiter.hit("ana", T0 + Duration::minutes(15)),
            Ok(()),
            "a new window"
        );
    }

    #[test]
    fn check_does_not_count_and_reset_forgets() {
        let limiter = RateLimiter::new(1, Duration::minutes(1));
        for _ in 0..5 {
            assert_eq!(limiter.check("ana", T0), Ok(()));
        }
        assert_eq!(limiter.hit("ana", T0), Ok(()));
        assert!(limiter.check("ana", T0).is_err());
        limiter.reset("ana");
        assert_eq!(limiter.check("ana", T0), Ok(()));
    }

    #[test]
    fn retry_after_is_never_zero() {
        let limiter = RateLimiter::new(1, Duration::seconds(10));
        limiter.hit("k", T0).expect("first");
        assert_eq!(
            limiter.hit("k", T0 + Duration::milliseconds(9_999)),
            Err(RetryAfter(1))
        );
    }
}
