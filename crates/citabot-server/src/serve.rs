//! The HTTP/1 server under the router. Built on hyper directly because `axum::serve` does not
//! expose what a public server needs against slow and greedy clients (REQUIREMENTS H13): a deadline
//! for each request head, which also ends idle keep-alive connections; a bound on the head's size;
//! and caps on open connections, in all and per client address.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tower::ServiceExt;

use crate::client_address::TrustedProxies;
use crate::config::Settings;

/// Largest request head (request line and headers) held in memory. Above the URL and header
/// limits the router answers (`request_limits`), so those get a clear status; this bound only
/// keeps a hostile head from growing the buffer further.
const MAX_HEAD_BUFFER_BYTES: usize = 128 * 1024;

/// Pause after a failed `accept` (out of file descriptors, mostly) so the loop does not spin.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// How long connections may stay open, how many there may be, and who is a proxy.
#[derive(Debug, Clone)]
pub struct ConnectionLimits {
    /// Time a client has to send a request's head; an idle keep-alive connection is closed
    /// after the same time.
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    /// Per client address; a trusted proxy, which carries many clients' connections, counts
    /// only towards `max_connections`.
    pub max_connections_per_address: usize,
    pub trusted_proxies: Arc<TrustedProxies>,
}

impl ConnectionLimits {
    pub fn from_settings(settings: &Settings) -> Self {
        Self {
            header_read_timeout: Duration::from_secs(settings.header_read_timeout_secs),
            max_connections: settings.max_connections,
            max_connections_per_address: settings.max_connections_per_address,
            trusted_proxies: Arc::new(settings.trusted_proxies.clone()),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then stops accepting, asks every
/// open connection to finish its running request and close, and waits up to `grace` for them.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) {
    let open = Arc::new(OpenConnections::default());
    let (stop, stopping) = watch::channel(false);
    // Every connection task holds a sender; `recv` returns `None` once all of them are gone.
    let (running, mut all_closed) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        let Some(slot) = open.claim(peer.ip(), &limits) else {
            // Dropping the stream closes it: no answer is cheaper than any answer.
            tracing::debug!(%peer, "connection refused: too many open connections");
            continue;
        };
        let connection = serve_connection(
            stream,
            peer,
            router.clone(),
            limits.clone(),
            stopping.clone(),
        );
        let running = running.clone();
        tokio::spawn(async move {
            connection.await;
            drop((slot, running));
        });
    }
    drop(listener);
    tracing::info!(
        grace_secs = grace.as_secs(),
        "shutting down: finishing running requests"
    );
    let _ = stop.send(true);
    drop(running);
    if tokio::time::timeout(grace, all_closed.recv())
        .await
        .is_err()
    {
        tracing::warn!("grace period over: dropping the requests still running");
    }
}

async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
) {
    // Replies are small and often streamed line by line: send each write at once.
    let _ = stream.set_nodelay(true);
    let proxies = limits.trusted_proxies;
    let service = service_fn(move |mut request: hyper::Request<Incoming>| {
        // The client's address feeds every per-address limit and log line, as `ConnectInfo` in
        // handlers: the peer's, or the one a trusted proxy in front of us recorded.
        let client = proxies.client_of(peer, request.headers());
        request.extensions_mut().insert(ConnectInfo(client));
        router.clone().oneshot(request)
    });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(MAX_HEAD_BUFFER_BYTES)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(connection);
    let finished = tokio::select! {
        finished = connection.as_mut() => finished,
        () = async {
            // The guard `wait_for` returns must not live across an await.
            let _ = stopping.wait_for(|stop| *stop).await;
        } => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = finished {
        // Timeouts, resets and malformed requests from clients: worth a trace, not a warning.
        tracing::debug!(%peer, %error, "connection ended with an error");
    }
}

/// Open connections, in all and per client address.
#[derive(Debug, Default)]
struct OpenConnections {
    counts: Mutex<Counts>,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

impl OpenConnections {
    /// A place for one more connection from `address`, or `None` when a cap is reached.
    fn claim(self: &Arc<Self>, address: IpAddr, limits: &ConnectionLimits) -> Option<Slot> {
        let mut counts = self
            .counts
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let from_address = counts.per_address.get(&address).copied().unwrap_or(0);
        let capped = !limits.trusted_proxies.contains(address);
        if counts.total >= limits.max_connections
            || (capped && from_address >= limits.max_connections_per_address)
        {
            return None;
        }
        counts.total += 1;
        counts.per_address.insert(address, from_address + 1);
        Some(Slot {
            open: Arc::clone(self),
            address,
        })
    }
}

/// One claimed connection; dropping it gives the place back.
#[derive(Debug)]
struct Slot {
    open: Arc<OpenConnections>,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self
            .open
            .counts
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        counts.total -= 1;
        if let Some(count) = counts.per_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.per_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(total: usize, per_address: usize) -> ConnectionLimits {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(1),
            max_connections: total,
            max_connections_per_address: per_address,
            trusted_proxies: Arc::new(TrustedProxies::parse(&["10.9.9.9"]).expect("an address")),
        }
    }

    #[test]
    fn caps_hold_per_address_and_in_all_and_places_come_back() {
        let open = Arc::new(OpenConnections::default());
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let limits = limits(3, 2);
        let first = open.claim(a, &limits).expect("room");
        let _second = open.claim(a, &limits).expect("room");
        assert!(open.claim(a, &limits).is_none(), "two per address");
        let _third = open.claim(b, &limits).expect("another address has room");
        assert!(open.claim(b, &limits).is_none(), "three in all");
        drop(first);
        assert!(
            open.claim(a, &limits).is_some(),
            "a closed connection frees its place"
        );
    }

    #[test]
    fn a_trusted_proxy_is_capped_only_in_all() {
        let open = Arc::new(OpenConnections::default());
        let proxy: IpAddr = [10, 9, 9, 9].into();
        let limits = limits(3, 1);
        let _held: Vec<Slot> = (0..3)
            .map(|_| open.claim(proxy, &limits).expect("room in all"))
            .collect();
        assert!(open.claim(proxy, &limits).is_none(), "three in all");
    }
}
