//! Prometheus metrics at `/metrics` (REQUIREMENTS A8): requests by route, method and status, their
//! latency, failures of the external webhook, and open live channels. Kept in process; each
//! instance is scraped on its own.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

#[derive(Debug, Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<RequestKey, u64>>,
    latency: Mutex<BTreeMap<String, Histogram>>,
    upstream_failures: AtomicU64,
    /// Requests whose handler is running now (a stream already answered no longer counts).
    in_flight: AtomicU64,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct RequestKey {
    route: String,
    method: String,
    status: u16,
}

#[derive(Debug, Default, Clone)]
struct Histogram {
    /// Per bucket, the count of observations at most its bound (not cumulative yet).
    counts: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

impl Metrics {
    /// Counts a webhook call that failed (unreachable, timed out, error status, unreadable).
    pub fn upstream_failed(&self) {
        self.upstream_failures.fetch_add(1, Ordering::Relaxed);
    }

    pub fn observe(&self, route: &str, method: &str, status: u16, seconds: f64) {
        let key = RequestKey {
            route: route.to_owned(),
            method: method.to_owned(),
            status,
        };
        *lock(&self.requests).entry(key).or_default() += 1;
        let mut latency = lock(&self.latency);
        let histogram = latency.entry(route.to_owned()).or_default();
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            histogram.counts[bucket] += 1;
        }
        histogram.sum += seconds;
        histogram.count += 1;
    }

    /// The Prometheus text exposition of everything, with `open_live_channels` read now.
    pub fn render(&self, open_live_channels: usize) -> String {
        let mut out = String::new();
        out.push_str("# HELP citabot_http_requests_total HTTP requests answered, by route, method and status.\n");
        out.push_str("# TYPE citabot_http_requests_total counter\n");
        for (key, count) in lock(&self.requests).iter() {
            let _ = writeln!(
                out,
                "citabot_http_requests_total{{route=\"{}\",method=\"{}\",status=\"{}\"}} {count}",
                escape(&key.route),
                key.method,
                key.status
            );
        }
        out.push_str("# HELP citabot_http_request_duration_seconds Time to answer (to the first byte of a stream).\n");
        out.push_str("# TYPE citabot_http_request_duration_seconds histogram\n");
        for (route, histogram) in lock(&self.latency).iter() {
            let route = escape(route);
            let mut cumulative = 0;
            for (bound, count) in BUCKETS.iter().zip(histogram.counts) {
                cumulative += count;
                let _ = writeln!(
                    out,
                    "citabot_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "citabot_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}",
                histogram.count
            );
            let _ = writeln!(
                out,
                "citabot_http_request_duration_seconds_sum{{route=\"{route}\"}} {}",
                histogram.sum
            );
            let _ = writeln!(
                out,
                "citabot_http_request_duration_seconds_count{{route=\"{route}\"}} {}",
                histogram.count
            );
        }
        out.push_str(
            "# HELP citabot_upstream_failures_total Calls to the external webhook that failed.\n",
        );
        out.push_str("# TYPE citabot_upstream_failures_total counter\n");
        let _ = writeln!(
            out,
            "citabot_upstream_failures_total {}",
            self.upstream_failures.load(Ordering::Relaxed)
        );
        out.push_str("# HELP citabot_http_requests_in_flight Requests being handled right now.\n");
        out.push_str("# TYPE citabot_http_requests_in_flight gauge\n");
        let _ = writeln!(
            out,
            "citabot_http_requests_in_flight {}",
            self.in_flight.load(Ordering::Relaxed)
        );
        out.push_str(
            "# HELP citabot_live_channels_open Live channels (WebSockets) attached right now.\n",
        );
        out.push_str("# TYPE citabot_live_channels_open gauge\n");
        let _ = writeln!(out, "citabot_live_channels_open {open_live_channels}");
        out
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn escape(label: &str) -> String {
    label
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// One request counted in flight until dropped, also when the client goes away mid-handler.
#[derive(Debug)]
pub struct InFlight<'a>(&'a Metrics);

impl<'a> InFlight<'a> {
    pub fn enter(metrics: &'a Metrics) -> Self {
        metrics.in_flight.fetch_add(1, Ordering::Relaxed);
        Self(metrics)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counters_cumulative_buckets_and_gauges() {
        let metrics = Metrics::default();
        metrics.observe("/api/n8n/chat", "POST", 200, 0.003);
        metrics.observe("/api/n8n/chat", "POST", 200, 0.2);
        metrics.observe("/api/n8n/chat", "POST", 429, 20.0);
        metrics.upstream_failed();
        let text = metrics.render(3);
        for line in [
            r#"citabot_http_requests_total{route="/api/n8n/chat",method="POST",status="200"} 2"#,
            r#"citabot_http_requests_total{route="/api/n8n/chat",method="POST",status="429"} 1"#,
            r#"citabot_http_request_duration_seconds_bucket{route="/api/n8n/chat",le="0.005"} 1"#,
            r#"citabot_http_request_duration_seconds_bucket{route="/api/n8n/chat",le="0.25"} 2"#,
            r#"citabot_http_request_duration_seconds_bucket{route="/api/n8n/chat",le="10"} 2"#,
            r#"citabot_http_request_duration_seconds_bucket{route="/api/n8n/chat",le="+Inf"} 3"#,
            r#"citabot_http_request_duration_seconds_count{route="/api/n8n/chat"} 3"#,
            "citabot_upstream_failures_total 1",
            "citabot_live_channels_open 3",
            "citabot_http_requests_in_flight 0",
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line} in\n{text}");
        }
    }

    #[test]
    fn labels_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
