//! Fault tests of the release binary: a real `citabot serve` process on a free port, spoken to
//! over real HTTP, while the test breaks what is under it — the process killed with SIGKILL in
//! the middle of concurrent bookings, PostgreSQL's connections terminated mid-burst, the SQLite
//! file write-locked by another process. Each case prints what it saw, so the CI log tells the
//! story; every wait is a poll with a generous deadline, never a timed assertion.

mod browser;
mod conversations;
mod database;
mod disk_full;
mod haproxy;
mod instances;
mod kill;
mod postgres_connections;
mod server;
mod sqlite_lock;
