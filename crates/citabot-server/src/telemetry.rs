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

/// Logs a panic as one line through `tracing` (an error with the panic's message and place),
/// instead of Rust's default message of several lines and, with `RUST_BACKTRACE`, a backtrace.
/// A panic in a request is logged inside the request's span and answered 500
/// ([`crate::error::catch_panics`]).
pub fn log_panics_as_one_line() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(no message)");
        // One line whatever the message holds: a line break would split it in a text log.
        let message = message.replace(['\n', '\r'], " ");
        let place = info
            .location()
            .map(|location| format!("{}:{}", location.file(), location.line()))
            .unwrap_or_default();
        // Before the log is set up (or without one) the line goes to stderr as it is.
        let logged = tracing::dispatcher::get_default(|dispatch| {
            !dispatch.is::<tracing::subscriber::NoSubscriber>()
        });
        if logged {
            tracing::error!(%place, "panicked: {message}");
        } else {
            eprintln!("citabot: panicked at {place}: {message}");
        }
    }));
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::*;

    /// Log output kept in memory.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .expect("not poisoned")
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_panic_is_logged_as_one_line() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            // The hook is the process's: put the previous one back for the other tests.
            let previous = std::panic::take_hook();
            log_panics_as_one_line();
            let outcome = std::panic::catch_unwind(|| panic!("first line\nsecond line"));
            std::panic::set_hook(previous);
            assert!(outcome.is_err());
        });
        let text = String::from_utf8(captured.0.lock().expect("not poisoned").clone())
            .expect("UTF-8 logs");
        assert_eq!(text.lines().count(), 1, "{text}");
        for part in ["ERROR", "first line", "second line", "telemetry.rs"] {
            assert!(text.contains(part), "{part} in {text}");
        }
    }
}
