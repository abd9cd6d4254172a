//! Time as a dependency: production code asks a [`Clock`], tests fix "now".

use std::sync::Mutex;

use time::{Duration, OffsetDateTime};

/// Where "now" comes from.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> OffsetDateTime;
}

/// The real wall clock, in UTC.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// A clock stopped at one instant, for tests and reproducible transcripts.
#[derive(Debug, Clone, Copy)]
pub struct FixedClock(pub OffsetDateTime);

impl Clock for FixedClock {
    fn now(&self) -> OffsetDateTime {
        self.0
    }
}

/// A clock that moves only when told to: for tests of time windows (rate limits, expiry).
#[derive(Debug)]
pub struct ManualClock(Mutex<OffsetDateTime>);

impl ManualClock {
    pub fn new(start: OffsetDateTime) -> Self {
        Self(Mutex::new(start))
    }

    /// Moves "now" forward by `by`.
    pub fn advance(&self, by: Duration) {
        let mut now = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> OffsetDateTime {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_manual_clock_moves_only_when_advanced() {
        let clock = ManualClock::new(datetime!(2026-11-20 09:00 UTC));
        assert_eq!(clock.now(), datetime!(2026-11-20 09:00 UTC));
        clock.advance(Duration::minutes(15));
        assert_eq!(clock.now(), datetime!(2026-11-20 09:15 UTC));
    }
}
