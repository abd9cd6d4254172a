//! The live channels open on this instance, by visitor and by sign-in (REQUIREMENTS H8): one
//! visitor may hold only a few at once, and signing out (or signing in again, which replaces the
//! session) ends the channels opened under that session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct OpenChannels {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    next_id: u64,
    channels: HashMap<u64, Channel>,
}

#[derive(Debug)]
struct Channel {
    visitor: String,
    /// The hash of the session cookie's token it was opened under.
    sign_in: Option<String>,
    ended: Arc<Notify>,
}

/// A channel's place, held while its socket is open; dropping it gives the place back.
#[derive(Debug)]
pub struct ChannelTicket {
    channels: Arc<OpenChannels>,
    id: u64,
    ended: Arc<Notify>,
}

impl OpenChannels {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A place for one more channel of `visitor`, or `None` when it holds `cap` already.
    pub fn open(
        self: &Arc<Self>,
        visitor: &str,
        sign_in: Option<&str>,
        cap: usize,
    ) -> Option<ChannelTicket> {
        let mut inner = self.lock();
        let held = inner
            .channels
            .values()
            .filter(|channel| channel.visitor == visitor)
            .count();
        if held >= cap {
            return None;
        }
        inner.next_id += 1;
        let id = inner.next_id;
        let ended = Arc::new(Notify::new());
        inner.channels.insert(
            id,
            Channel {
                visitor: visitor.to_owned(),
                sign_in: sign_in.map(str::to_owned),
                ended: Arc::clone(&ended),
            },
        );
        Some(ChannelTicket {
            channels: Arc::clone(self),
            id,
            ended,
        })
    }

    /// Ends every channel opened under the sign-in whose token hashes to `token_hash`.
    pub fn end_sign_in(&self, token_hash: &str) {
        for channel in self.lock().channels.values() {
            if channel.sign_in.as_deref() == Some(token_hash) {
                // `notify_one` keeps the signal for a socket not yet waiting on it.
                channel.ended.notify_one();
            }
        }
    }
}

impl ChannelTicket {
    /// Completes when the channel must end (its sign-in is over).
    pub async fn ended(&self) {
        self.ended.notified().await;
    }
}

impl Drop for ChannelTicket {
    fn drop(&mut self) {
        self.channels.lock().channels.remove(&self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAP: usize = 3;

    #[tokio::test]
    async fn a_visitor_holds_a_few_channels_and_signing_out_ends_its_own() {
        let channels = Arc::new(OpenChannels::default());
        let mut held: Vec<ChannelTicket> = (0..CAP)
            .map(|_| {
                channels
                    .open("user:ana", Some("session-a"), CAP)
                    .expect("room")
            })
            .collect();
        assert!(channels.open("user:ana", Some("session-a"), CAP).is_none());
        let other = channels
            .open("user:luis", Some("session-l"), CAP)
            .expect("another visitor");
        held.pop();
        assert!(
            channels.open("user:ana", None, CAP).is_some(),
            "a closed channel frees its place"
        );

        channels.end_sign_in("session-a");
        tokio::time::timeout(std::time::Duration::from_secs(1), held[0].ended())
            .await
            .expect("Ana's channel is told to end");
        let luis_told =
            tokio::time::timeout(std::time::Duration::from_millis(50), other.ended()).await;
        assert!(luis_told.is_err(), "Luis's channel goes on");
    }
}
