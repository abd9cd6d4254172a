//! SpamAssassin (Debian's `spamassassin`, its shipped rules, local tests only: no network) on
//! a message as it arrived: what a mail provider's filter would say of it.
//!
//! Without `spamassassin` the check is skipped with a printed reason, unless
//! `CITABOT_TEST_SPAMASSASSIN=required` (set by CI, which installs it), which makes that a
//! failure.

use std::io::Write;
use std::process::{Command, Stdio};

/// SpamAssassin's verdict on one message.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub score: f64,
    /// The `X-Spam-Status` header and the rules that hit, for the failure message.
    pub report: String,
}

/// The verdict on `raw` (a whole message, headers and body); `None` when SpamAssassin is not
/// installed and not required.
pub fn judge(raw: &str) -> Option<Verdict> {
    let spawned = Command::new("spamassassin")
        .args(["--local", "--test-mode"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            assert!(
                std::env::var("CITABOT_TEST_SPAMASSASSIN").as_deref() != Ok("required"),
                "spamassassin is required but cannot run: {error}"
            );
            eprintln!("skipped: spamassassin is not installed ({error})");
            return None;
        }
    };
    child
        .stdin
        .take()
        .expect("a stdin")
        .write_all(raw.as_bytes())
        .expect("writes the message");
    let output = child.wait_with_output().expect("spamassassin runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let status = text
        .lines()
        .skip_while(|line| !line.starts_with("X-Spam-Status:"))
        .take_while(|line| {
            line.starts_with("X-Spam-Status:") || line.starts_with(char::is_whitespace)
        })
        .collect::<Vec<_>>()
        .join(" ");
    let score = status
        .split("score=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no score in SpamAssassin's answer:\n{text}"));
    let details = text
        .split("Content analysis details:")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .take(30)
        .collect::<Vec<_>>()
        .join("\n");
    Some(Verdict {
        score,
        report: format!("{status}\n{details}"),
    })
}
