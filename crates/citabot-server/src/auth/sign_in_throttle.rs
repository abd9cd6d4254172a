//! Slowing password guessing down without handing anyone a way to lock an account out.
//!
//! A fixed per-account lock (the old "5 failures per 15 minutes, from anywhere") lets anyone who
//! knows an address keep its owner out for good, by failing five times every 15 minutes. So this
//! follows OWASP's guidance instead (Authentication and Credential Stuffing cheat sheets, after
//! the "device cookies" scheme): throttle by the pair that guesses, keep the account's own
//! places out of the account-wide throttle, and slow rather than lock. Three layers:
//!
//! 1. Per (account, client address): 3 failures are free, then every failure doubles the wait
//!    before that address may try that account again (2 s, 4 s, 8 s, … up to 15 min). One
//!    attacker is slowed to a crawl; nobody else is touched.
//! 2. Per client address across accounts: `Limits::logins_per_address` (20 failures per 15 min),
//!    which stops one address from spraying passwords over many accounts.
//! 3. Per account across addresses: failures from addresses the account does not know add up;
//!    past 10, every one doubles a wait (1 s … 5 min) that holds for unknown addresses only. A
//!    distributed attack is slowed too, while an address the account signed in from in the last
//!    90 days never waits for someone else's failures: the owner signs in while under attack.
//!
//! A refusal answers before the password is checked, so it tells nothing about the password.
//! IPv6 clients are counted by their /64 network, which one machine usually owns whole.
//!
//! Not `governor`: its GCRA is a steady rate, where growing delays are the point here, and it
//! keeps time by its own clock where the server's is injected (the tests move it). With one
//! instance all state is in process memory, bounded (idle keys are swept, each table has a
//! ceiling) and lost on a restart, when the account's known addresses are learnt again at their
//! next sign-in. Instances sharing a PostgreSQL database keep it in the shared counters instead,
//! so that every instance throttles the same failures (and falls back to its memory while those
//! cannot be reached).

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use citabot_store::{Counter, SharedState, StoreError};
use time::{Duration, OffsetDateTime};

use super::rate_limit::RetryAfter;

/// How failures turn into waits for one key.
#[derive(Debug, Clone, Copy)]
struct Backoff {
    /// Failures without any wait.
    free: u32,
    /// The wait after the first failure past `free`; each further failure doubles it.
    first: Duration,
    longest: Duration,
    /// A key with no failure for this long (after its wait) is forgotten.
    forget_after: Duration,
}

/// One address guessing one account.
const PAIR: Backoff = Backoff {
    free: 3,
    first: Duration::seconds(2),
    longest: Duration::minutes(15),
    forget_after: Duration::hours(1),
};

/// Everyone the account does not know, together.
const ACCOUNT: Backoff = Backoff {
    free: 10,
    first: Duration::seconds(1),
    longest: Duration::minutes(5),
    forget_after: Duration::hours(1),
};

/// How long a successful sign-in makes an address known to its account.
const KNOWN_FOR: Duration = Duration::days(90);

/// Each table's ceiling: past it (after a sweep), new keys are not tracked and other layers
/// carry on. Refusing instead would let a flood lock everyone out.
const MAX_KEYS: usize = 100_000;

/// Below this many keys a table is never swept.
const SWEEP_ABOVE: usize = 10_000;

impl Backoff {
    /// The wait after the `failures`-th failure.
    fn wait_after(&self, failures: u32) -> Duration {
        let Some(past_free) = failures.checked_sub(self.free + 1) else {
            return Duration::ZERO;
        };
        // 2^20 times any first wait is past every ceiling here.
        let wait = self.first * 2_i32.pow(past_free.min(20));
        wait.min(self.longest)
    }
}

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    /// No attempt before this instant.
    until: OffsetDateTime,
    forget_at: OffsetDateTime,
}

impl Failures {
    fn wait(&self, now: OffsetDateTime) -> Option<RetryAfter> {
        let left = self.until - now;
        // Whole seconds, rounded up: retrying at Retry-After is never early.
        (left > Duration::ZERO).then(|| {
            let seconds = left.whole_seconds() + i64::from(left.subsec_nanoseconds() > 0);
            RetryAfter(u64::try_from(seconds).unwrap_or(1).max(1))
        })
    }
}

/// A map that forgets what has expired once it grows, and stops growing at its ceiling.
#[derive(Debug)]
struct Table<K, V> {
    entries: HashMap<K, V>,
    /// Sweep when this many keys are held: twice what the last sweep left, so sweeping costs
    /// O(1) per insert however large the table.
    sweep_at: usize,
    max_keys: usize,
    /// At the ceiling, a sweep at most once a second: a flood of new keys must not make every
    /// request walk the whole table.
    last_sweep: Option<OffsetDateTime>,
}

impl<K: Hash + Eq, V> Table<K, V> {
    fn new(max_keys: usize) -> Self {
        Self {
            entries: HashMap::new(),
            sweep_at: SWEEP_ABOVE,
            max_keys,
            last_sweep: None,
        }
    }

    /// Whether one more key may be added now, after sweeping out what `alive` refuses if due.
    fn room(&mut self, now: OffsetDateTime, alive: impl Fn(&V) -> bool) -> bool {
        let full = self.entries.len() >= self.max_keys;
        let due = self.entries.len() >= self.sweep_at
            || full
                && self
                    .last_sweep
                    .is_none_or(|last| now >= last + Duration::seconds(1));
        if due {
            self.entries.retain(|_, value| alive(value));
            self.sweep_at = (self.entries.len() * 2).max(SWEEP_ABOVE);
            self.last_sweep = Some(now);
        }
        self.entries.len() < self.max_keys
    }
}

/// The sign-in throttle: see the module's documentation.
#[derive(Debug)]
pub struct SignInThrottle {
    state: Mutex<State>,
    shared: Option<Arc<dyn SharedState>>,
}

#[derive(Debug)]
struct State {
    /// (account, address) → its failures.
    pairs: Table<(String, IpAddr), Failures>,
    /// account → the failures from addresses it does not know.
    accounts: Table<String, Failures>,
    /// (account, address) → until when the address is known to the account.
    known: Table<(String, IpAddr), OffsetDateTime>,
}

impl Default for SignInThrottle {
    fn default() -> Self {
        Self::with_max_keys(MAX_KEYS)
    }
}

/// The shared counters' keys of one account and address.
struct SharedKeys {
    pair: String,
    account: String,
    known: String,
}

impl SharedKeys {
    fn new(account: &str, address: IpAddr) -> Self {
        Self {
            pair: format!("sign-in-pair:{account}:{address}"),
            account: format!("sign-in-account:{account}"),
            known: format!("sign-in-known:{account}:{address}"),
        }
    }
}

impl From<Counter> for Failures {
    fn from(counter: Counter) -> Self {
        Self {
            count: counter.count,
            until: counter.until,
            forget_at: counter.forget_at,
        }
    }
}

impl SignInThrottle {
    /// The throttle of instances that share `shared`.
    pub fn shared(shared: Arc<dyn SharedState>) -> Self {
        Self {
            shared: Some(shared),
            ..Self::default()
        }
    }

    fn with_max_keys(max_keys: usize) -> Self {
        Self {
            state: Mutex::new(State {
                pairs: Table::new(max_keys),
                accounts: Table::new(max_keys),
                known: Table::new(max_keys),
            }),
            shared: None,
        }
    }

    /// Whether `address` may try `account`'s password now; the wait when not.
    pub async fn check(
        &self,
        account: &str,
        address: IpAddr,
        now: OffsetDateTime,
    ) -> Result<(), RetryAfter> {
        let address = network_of(address);
        if let Some(shared) = &self.shared {
            match Self::check_shared(shared.as_ref(), account, address, now).await {
                Ok(answer) => return answer,
                Err(error) => tracing::warn!(%error, "shared counters unreadable: throttling here"),
            }
        }
        self.check_here(account, address, now)
    }

    /// Counts a wrong password (or an unknown account) from `address`.
    pub async fn failed(&self, account: &str, address: IpAddr, now: OffsetDateTime) {
        let address = network_of(address);
        if let Some(shared) = &self.shared {
            match Self::failed_shared(shared.as_ref(), account, address, now).await {
                Ok(()) => return,
                Err(error) => tracing::warn!(%error, "shared counters unwritable: throttling here"),
            }
        }
        self.failed_here(account, address, now);
    }

    /// A right password from `address`: its own failures are forgotten and the account knows
    /// the address from now on. The account-wide count stays: the attack may go on elsewhere.
    pub async fn succeeded(&self, account: &str, address: IpAddr, now: OffsetDateTime) {
        let address = network_of(address);
        if let Some(shared) = &self.shared {
            match Self::succeeded_shared(shared.as_ref(), account, address, now).await {
                Ok(()) => return,
                Err(error) => tracing::warn!(%error, "shared counters unwritable: throttling here"),
            }
        }
        self.succeeded_here(account, address, now);
    }

    async fn check_shared(
        shared: &dyn SharedState,
        account: &str,
        address: IpAddr,
        now: OffsetDateTime,
    ) -> Result<Result<(), RetryAfter>, StoreError> {
        let keys = SharedKeys::new(account, address);
        let found = shared
            .counters(&[keys.pair, keys.account, keys.known], now)
            .await?;
        let [pair, account_wide, known] =
            [found.first(), found.get(1), found.get(2)].map(|counter| counter.copied().flatten());
        let knows = known.is_some_and(|known| known.until > now);
        let pair_wait = pair.and_then(|pair| Failures::from(pair).wait(now));
        let account_wait = account_wide
            .filter(|_| !knows)
            .and_then(|account| Failures::from(account).wait(now));
        Ok(longest(pair_wait, account_wait))
    }

    async fn failed_shared(
        shared: &dyn SharedState,
        account: &str,
        address: IpAddr,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let keys = SharedKeys::new(account, address);
        let known = shared
            .counters(std::slice::from_ref(&keys.known), now)
            .await?;
        let knows = known
            .first()
            .copied()
            .flatten()
            .is_some_and(|known| known.until > now);
        count_shared_failure(shared, &keys.pair, &PAIR, now).await?;
        if !knows {
            count_shared_failure(shared, &keys.account, &ACCOUNT, now).await?;
        }
        Ok(())
    }

    async fn succeeded_shared(
        shared: &dyn SharedState,
        account: &str,
        address: IpAddr,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let keys = SharedKeys::new(account, address);
        shared.forget_counter(&keys.pair).await?;
        let until = now + KNOWN_FOR;
        shared
            .put_counter(
                &keys.known,
                Counter {
                    count: 0,
                    until,
                    forget_at: until,
                },
            )
            .await
    }

    fn check_here(
        &self,
        account: &str,
        address: IpAddr,
        now: OffsetDateTime,
    ) -> Result<(), RetryAfter> {
        let state = self.lock();
        let key = (account.to_owned(), address);
        let pair_wait = state.pairs.entries.get(&key).and_then(|f| f.wait(now));
        let account_wait = if state.knows(&key, now) {
            None
        } else {
            state
                .accounts
                .entries
                .get(account)
                .and_then(|f| f.wait(now))
        };
        longest(pair_wait, account_wait)
    }

    fn failed_here(&self, account: &str, address: IpAddr, now: OffsetDateTime) {
        let mut state = self.lock();
        let key = (account.to_owned(), address);
        let known = state.knows(&key, now);
        count_failure(&mut state.pairs, key, &PAIR, now);
        if !known {
            count_failure(&mut state.accounts, account.to_owned(), &ACCOUNT, now);
        }
    }

    fn succeeded_here(&self, account: &str, address: IpAddr, now: OffsetDateTime) {
        let mut state = self.lock();
        let key = (account.to_owned(), address);
        state.pairs.entries.remove(&key);
        if state.known.entries.contains_key(&key) || state.known.room(now, |until| *until > now) {
            state.known.entries.insert(key, now + KNOWN_FOR);
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    #[cfg(test)]
    fn sizes(&self) -> (usize, usize, usize) {
        let state = self.lock();
        (
            state.pairs.entries.len(),
            state.accounts.entries.len(),
            state.known.entries.len(),
        )
    }
}

impl State {
    fn knows(&self, key: &(String, IpAddr), now: OffsetDateTime) -> bool {
        self.known
            .entries
            .get(key)
            .is_some_and(|until| *until > now)
    }
}

fn count_failure<K: Hash + Eq>(
    table: &mut Table<K, Failures>,
    key: K,
    backoff: &Backoff,
    now: OffsetDateTime,
) {
    let mut failures = match table.entries.get(&key).copied() {
        Some(known) if known.forget_at > now => known,
        Some(_) => fresh(now),
        None if table.room(now, |failures| failures.forget_at > now) => fresh(now),
        // Full of live keys: this one goes uncounted here (the other layers still count it).
        None => return,
    };
    failures.count = failures.count.saturating_add(1);
    failures.until = now + backoff.wait_after(failures.count);
    failures.forget_at = failures.until + backoff.forget_after;
    table.entries.insert(key, failures);
}

/// One more failure of `key` in the shared counters, with the wait it now has.
async fn count_shared_failure(
    shared: &dyn SharedState,
    key: &str,
    backoff: &Backoff,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let counted = shared
        .count_attempt(key, now, now + backoff.forget_after)
        .await?;
    let until = now + backoff.wait_after(counted.count);
    shared
        .set_counter_wait(key, until, until + backoff.forget_after)
        .await
}

/// The longer of two waits, if any.
fn longest(first: Option<RetryAfter>, second: Option<RetryAfter>) -> Result<(), RetryAfter> {
    match first.into_iter().chain(second).max_by_key(|wait| wait.0) {
        Some(wait) => Err(wait),
        None => Ok(()),
    }
}

fn fresh(now: OffsetDateTime) -> Failures {
    Failures {
        count: 0,
        until: now,
        forget_at: now,
    }
}

/// The address as counted: IPv4 as it is, IPv6 by its /64 network (one machine or home gets a
/// whole /64, so counting single IPv6 addresses would count nothing).
pub fn network_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !(u128::from(u64::MAX));
                IpAddr::V6(bits.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-20 09:00 UTC);
    const ADMIN: &str = "admin@peluqueria.es";

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, last])
    }

    #[tokio::test]
    async fn a_pair_gets_three_free_failures_then_doubling_waits_up_to_fifteen_minutes() {
        let throttle = SignInThrottle::default();
        let mut now = T0;
        for _ in 0..3 {
            assert_eq!(throttle.check(ADMIN, ip(2), now).await, Ok(()));
            throttle.failed(ADMIN, ip(2), now).await;
        }
        let mut waits = Vec::new();
        for _ in 0..12 {
            assert_eq!(throttle.check(ADMIN, ip(2), now).await, Ok(()));
            throttle.failed(ADMIN, ip(2), now).await;
            let Err(RetryAfter(wait)) = throttle.check(ADMIN, ip(2), now).await else {
                panic!("a wait after {waits:?}");
            };
            waits.push(wait);
            now += Duration::seconds(i64::try_from(wait).expect("small"));
        }
        assert_eq!(waits, [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    }

    #[tokio::test]
    async fn waits_are_whole_seconds_rounded_up() {
        let throttle = SignInThrottle::default();
        for _ in 0..4 {
            throttle.failed(ADMIN, ip(2), T0).await;
        }
        assert_eq!(
            throttle
                .check(ADMIN, ip(2), T0 + Duration::milliseconds(500))
                .await,
            Err(RetryAfter(2))
        );
        assert_eq!(
            throttle
                .check(ADMIN, ip(2), T0 + Duration::milliseconds(1_999))
                .await,
            Err(RetryAfter(1))
        );
        assert_eq!(
            throttle
                .check(ADMIN, ip(2), T0 + Duration::seconds(2))
                .await,
            Ok(())
        );
    }

    #[tokio::test]
    async fn the_accounts_known_address_never_waits_for_others_failures() {
        let throttle = SignInThrottle::default();
        throttle.succeeded(ADMIN, ip(1), T0).await;
        for attacker in 2..=50 {
            for _ in 0..3 {
                throttle.failed(ADMIN, ip(attacker), T0).await;
            }
        }
        assert!(
            throttle.check(ADMIN, ip(99), T0).await.is_err(),
            "a new address waits while the account is attacked"
        );
        assert_eq!(
            throttle.check(ADMIN, ip(1), T0).await,
            Ok(()),
            "hers does not"
        );
        assert_eq!(
            throttle.check("otra@peluqueria.es", ip(99), T0).await,
            Ok(()),
            "other accounts are not touched"
        );
        let later = T0 + KNOWN_FOR;
        assert!(
            throttle.check(ADMIN, ip(1), later).await.is_ok(),
            "the account-wide wait is over by then"
        );
    }

    #[tokio::test]
    async fn the_account_wide_wait_doubles_after_ten_unknown_failures_and_stops_at_five_minutes() {
        let throttle = SignInThrottle::default();
        for attacker in 0..10 {
            throttle.failed(ADMIN, ip(attacker), T0).await;
        }
        assert_eq!(throttle.check(ADMIN, ip(200), T0).await, Ok(()));
        throttle.failed(ADMIN, ip(10), T0).await;
        assert_eq!(throttle.check(ADMIN, ip(200), T0).await, Err(RetryAfter(1)));
        throttle.failed(ADMIN, ip(11), T0).await;
        assert_eq!(throttle.check(ADMIN, ip(200), T0).await, Err(RetryAfter(2)));
        for attacker in 12..40 {
            throttle.failed(ADMIN, ip(attacker), T0).await;
        }
        assert_eq!(
            throttle.check(ADMIN, ip(200), T0).await,
            Err(RetryAfter(300))
        );
    }

    #[tokio::test]
    async fn a_right_password_forgets_the_pairs_failures_and_a_quiet_hour_forgets_the_rest() {
        let throttle = SignInThrottle::default();
        for _ in 0..5 {
            throttle.failed(ADMIN, ip(2), T0).await;
        }
        assert!(throttle.check(ADMIN, ip(2), T0).await.is_err());
        let after_wait = T0 + Duration::seconds(4);
        throttle.succeeded(ADMIN, ip(2), after_wait).await;
        assert_eq!(throttle.sizes().0, 0);
        throttle.failed(ADMIN, ip(2), after_wait).await;
        assert_eq!(
            throttle.check(ADMIN, ip(2), after_wait).await,
            Ok(()),
            "one failure is free"
        );

        for _ in 0..5 {
            throttle.failed(ADMIN, ip(3), T0).await;
        }
        let quiet = T0 + Duration::seconds(4) + PAIR.forget_after;
        for _ in 0..3 {
            throttle.failed(ADMIN, ip(3), quiet).await;
        }
        assert_eq!(
            throttle.check(ADMIN, ip(3), quiet).await,
            Ok(()),
            "counted afresh"
        );
    }

    #[tokio::test]
    async fn ipv6_addresses_count_by_their_64_network() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ipv6");
        let same_network: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("ipv6");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("ipv6");
        assert_eq!(network_of(one), network_of(same_network));
        assert_ne!(network_of(one), network_of(other));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("mapped");
        assert_eq!(network_of(mapped), ip(7));

        let throttle = SignInThrottle::default();
        for _ in 0..4 {
            throttle.failed(ADMIN, one, T0).await;
        }
        assert!(throttle.check(ADMIN, same_network, T0).await.is_err());
    }

    #[tokio::test]
    async fn idle_keys_are_swept_and_tables_stop_at_their_ceiling() {
        let throttle = SignInThrottle::default();
        for n in 0..SWEEP_ABOVE + 10 {
            throttle
                .failed(&format!("persona{n}@ejemplo.es"), ip(2), T0)
                .await;
        }
        let (pairs, accounts, _) = throttle.sizes();
        assert_eq!((pairs, accounts), (SWEEP_ABOVE + 10, SWEEP_ABOVE + 10));
        let later = T0 + Duration::hours(2);
        for n in 0..SWEEP_ABOVE {
            throttle
                .failed(&format!("otra{n}@ejemplo.es"), ip(3), later)
                .await;
        }
        let (pairs, accounts, _) = throttle.sizes();
        assert!(
            pairs <= SWEEP_ABOVE + 1 && accounts <= SWEEP_ABOVE + 1,
            "the idle keys went: {pairs} {accounts}"
        );

        let small = SignInThrottle::with_max_keys(50);
        for n in 0..200 {
            let account = format!("persona{n}@ejemplo.es");
            small.failed(&account, ip(2), T0).await;
            small.succeeded(&account, ip(4), T0).await;
        }
        let (pairs, accounts, known) = small.sizes();
        assert!(
            pairs <= 50 && accounts <= 50 && known <= 50,
            "{pairs} {accounts} {known}"
        );
        assert_eq!(
            small.check("persona199@ejemplo.es", ip(2), T0).await,
            Ok(()),
            "an untracked key is not refused"
        );
    }
}
