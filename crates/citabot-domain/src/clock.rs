//! Time as a dependency: production code asks a [`Clock`], tests fix "now".

use std::sync::{Arc, Mutex};

use time::{Duration, OffsetDateTime};

/// Where "now" comes from.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> OffsetDateTime;
}

/// A shared clock reads as the clock it shares (a test keeps one to move a clock built on it).
impl<C: Clock + ?Sized> Clock for Arc<C> {
    fn now(&self) -> OffsetDateTime {
        (**self).now()
    }
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

/// Another clock moved to start at a chosen instant: it reads `start` when built and then runs
/// on at the inner clock's speed. The server runs on one over the system clock when
/// `clock_start` is set, so a browser test sees the same "now" on every run while holds,
/// sessions and timeouts still pass as they would.
#[derive(Debug)]
pub struct ShiftedClock<C = SystemClock> {
    inner: C,
    shift: Duration,
}

impl<C: Clock> ShiftedClock<C> {
    /// A clock that reads `start` now, by `inner`'s reading of now.
    pub fn starting_at(start: OffsetDateTime, inner: C) -> Self {
        let shift = start - inner.now();
        Self { inner, shift }
    }
}

impl<C: Clock> Clock for ShiftedClock<C> {
    fn now(&self) -> OffsetDateTime {
        self.inner.now() + self.shift
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

    #[test]
    fn a_shifted_clock_starts_at_its_instant_and_runs_with_the_inner_one() {
        let start = datetime!(2026-12-01 10:20 +01:00);
        let inner = Arc::new(ManualClock::new(datetime!(2031-05-17 23:59:30 UTC)));
        let clock = ShiftedClock::starting_at(start, Arc::clone(&inner));
        assert_eq!(clock.now(), start);
        inner.advance(Duration::seconds(90));
        assert_eq!(clock.now(), start + Duration::seconds(90));
    }

    #[test]
    fn a_shifted_system_clock_moves_forward_from_its_start() {
        let start = datetime!(2026-12-01 09:20 UTC);
        let clock = ShiftedClock::starting_at(start, SystemClock);
        let first = clock.now();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let second = clock.now();
        assert!(
            first >= start && first - start < Duration::seconds(5),
            "{first}"
        );
        assert!(
            second - first >= Duration::milliseconds(20),
            "{first} → {second}"
        );
    }
}
