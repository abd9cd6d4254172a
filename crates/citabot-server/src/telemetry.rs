//! Logs: `tracing` to stderr, as text or JSON, filtered by `RUST_LOG` or the `log_filter` setting.

use tracing_subscriber::EnvFilter;

use crate::config::{LogFormat, Settings};

/// Installs the global log subscriber; later calls do nothing (tests start many apps).
pub fn init(settings: &Settings) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&settings.log_filter));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _already_set = match settings.log_format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}
