//! The hub of instances sharing one PostgreSQL database. An execution is a row any instance can
//! read, so a socket attaches wherever the load balancer sends it; each instance holds only its
//! own sockets. Whatever a socket must receive later (a staff message, a notice, the hand-back)
//! is stored as a live message and announced on the broadcast by its id: the instance holding a
//! socket of that conversation takes the message out and sends it. Signing out and a socket
//! replaced on another instance are announced the same way.
//!
//! Notices are one line: `m <message id> <session>`, `o <sign-in token hash>`,
//! `r <execution id> <instance>`, and `p <session> <presence as JSON>` (a presence is for the
//! sockets open now only, and small: it goes in the notice itself).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use async_trait::async_trait;
use citabot_domain::chat::ChatSessionId;
use citabot_domain::clock::Clock;
use citabot_store::{LiveMessageKind, SharedExecution, SharedState, StoreError};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tokio::sync::mpsc;

use super::channels::OpenChannels;
use super::{
    ATTACH_WITHIN, AttachError, Attached, Claim, ExecutionSource, LiveFrame, LiveHub,
    MAILBOX_CAPACITY, MAILBOX_KEEP, Presence, StartedExecution, fresh_execution,
};
use crate::auth::tokens;
use crate::workflow::UpstreamExecution;
use crate::workflow::redact::Secret;

/// A socket attached on this instance.
#[derive(Debug)]
struct LocalSocket {
    session: ChatSessionId,
    /// A bridged socket talks to the workflow: staff messages are not for it.
    answered_here: bool,
    sender: mpsc::UnboundedSender<LiveFrame>,
}

#[derive(Debug)]
pub struct SharedHub {
    /// This process among the instances (random, new at every start).
    instance: String,
    shared: Arc<dyn SharedState>,
    clock: Arc<dyn Clock>,
    channels: Arc<OpenChannels>,
    sockets: Mutex<HashMap<String, LocalSocket>>,
}

/// The workflow's execution as stored (the browser never sees it).
#[derive(Serialize, Deserialize)]
struct StoredUpstream {
    execution_id: String,
    resume_token: Option<String>,
    secret: Option<String>,
}

fn encode_frames(frames: Vec<LiveFrame>) -> String {
    serde_json::to_string(&frames).unwrap_or_else(|_| "[]".to_owned())
}

fn decode_frames(stored: &str) -> Result<Vec<LiveFrame>, StoreError> {
    serde_json::from_str(stored)
        .map_err(|error| StoreError::Corrupt(format!("live frames: {error}")))
}

fn encode_upstream(execution: &UpstreamExecution) -> String {
    let stored = StoredUpstream {
        execution_id: execution.execution_id.clone(),
        resume_token: execution.resume_token.clone(),
        secret: execution
            .secret
            .as_ref()
            .map(|secret| secret.reveal().to_owned()),
    };
    serde_json::to_string(&stored).unwrap_or_default()
}

fn decode_upstream(stored: &str) -> Result<UpstreamExecution, StoreError> {
    let stored: StoredUpstream = serde_json::from_str(stored)
        .map_err(|error| StoreError::Corrupt(format!("live upstream: {error}")))?;
    Ok(UpstreamExecution {
        execution_id: stored.execution_id,
        resume_token: stored.resume_token,
        secret: stored.secret.as_deref().and_then(Secret::new),
    })
}

impl SharedHub {
    /// The hub of this instance, listening to the others from now on.
    pub async fn start(
        shared: Arc<dyn SharedState>,
        clock: Arc<dyn Clock>,
        channels: Arc<OpenChannels>,
    ) -> Result<Arc<Self>, StoreError> {
        let hub = Arc::new(Self {
            instance: tokens::random_token(),
            shared: Arc::clone(&shared),
            clock,
            channels,
            sockets: Mutex::default(),
        });
        // Weak: the listener must not keep a stopped server's hub alive.
        let listening = Arc::downgrade(&hub);
        shared
            .listen(Arc::new(move |notice| {
                let hub = Weak::clone(&listening);
                tokio::spawn(async move {
                    if let Some(hub) = hub.upgrade() {
                        hub.heard(&notice).await;
                    }
                });
            }))
            .await?;
        Ok(hub)
    }

    fn sockets(&self) -> MutexGuard<'_, HashMap<String, LocalSocket>> {
        self.sockets.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What another instance (or this one) announced.
    async fn heard(&self, notice: &str) {
        let mut words = notice.splitn(3, ' ');
        match (words.next(), words.next(), words.next()) {
            (Some("m"), Some(id), Some(session)) => {
                let Ok(id) = id.parse::<i64>() else { return };
                if !self.holds_socket_of(session) {
                    return;
                }
                match self.shared.take_live_message(id).await {
                    Ok(Some(text)) => {
                        self.send_to_sockets_of(session, &text);
                    }
                    Ok(None) => {}
                    Err(error) => tracing::warn!(%error, "cannot read a live message"),
                }
            }
            (Some("p"), Some(session), Some(presence)) => {
                let Ok(presence) = serde_json::from_str::<Presence>(presence) else {
                    return;
                };
                let frame = LiveFrame::Presence {
                    presence,
                    otherwise: None,
                };
                self.send_frame_to_sockets_of(session, &frame);
            }
            (Some("o"), Some(token_hash), None) => self.channels.end_sign_in(token_hash),
            (Some("r"), Some(execution), Some(instance)) if instance != self.instance => {
                // Its socket now is on another instance: this one's queue ends.
                self.sockets().remove(execution);
            }
            _ => {}
        }
    }

    fn holds_socket_of(&self, session: &str) -> bool {
        self.sockets()
            .values()
            .any(|socket| socket.answered_here && socket.session.as_str() == session)
    }

    fn send_to_sockets_of(&self, session: &str, text: &str) -> usize {
        self.send_frame_to_sockets_of(session, &LiveFrame::Message(text.to_owned()))
    }

    fn send_frame_to_sockets_of(&self, session: &str, frame: &LiveFrame) -> usize {
        self.sockets()
            .values()
            .filter(|socket| socket.answered_here && socket.session.as_str() == session)
            .filter(|socket| socket.sender.send(frame.clone()).is_ok())
            .count()
    }

    /// Stores a message for `session`'s sockets and announces it.
    async fn announce(
        &self,
        session: &ChatSessionId,
        text: &str,
        kind: LiveMessageKind,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let id = self
            .shared
            .put_live_message(session.as_str(), text, kind, now, MAILBOX_CAPACITY)
            .await?;
        self.shared
            .publish(&format!("m {id} {}", session.as_str()))
            .await
    }
}

#[async_trait]
impl LiveHub for SharedHub {
    async fn start(
        &self,
        session: &ChatSessionId,
        owner: Option<&str>,
        source: ExecutionSource,
        now: OffsetDateTime,
    ) -> Result<StartedExecution, StoreError> {
        let (frames, upstream) = match source {
            ExecutionSource::Here(queued) => (encode_frames(queued), None),
            ExecutionSource::Upstream(execution) => {
                (encode_frames(Vec::new()), Some(encode_upstream(&execution)))
            }
        };
        let started = fresh_execution();
        self.shared
            .put_execution(&SharedExecution {
                id: started.execution_id.clone(),
                session_id: session.as_str().to_owned(),
                owner: owner.map(str::to_owned),
                token_hash: tokens::token_hash(&started.resume_token),
                frames,
                upstream,
                started: now,
                attached_on: None,
            })
            .await?;
        Ok(started)
    }

    async fn attach(
        &self,
        execution_id: &str,
        session: &str,
        token: &str,
        caller: Option<&str>,
        now: OffsetDateTime,
    ) -> Result<Attached, AttachError> {
        let unavailable = |error: StoreError| {
            tracing::warn!(%error, "cannot read a live execution");
            AttachError::Unavailable
        };
        // Checked before taking the frames out, so a wrong token takes nothing.
        let execution = self
            .shared
            .execution(execution_id)
            .await
            .map_err(unavailable)?
            .ok_or(AttachError::Unknown)?;
        let claim = Claim {
            session: &execution.session_id,
            owner: execution.owner.as_deref(),
            token_hash: &execution.token_hash,
            started: execution.started,
        };
        claim.admits(execution.attached_on.is_some(), session, token, caller, now)?;
        let execution = self
            .shared
            .attach_execution(execution_id, &self.instance)
            .await
            .map_err(unavailable)?
            .ok_or(AttachError::Unknown)?;
        let session_id =
            ChatSessionId::parse(&execution.session_id).map_err(|_| AttachError::Unknown)?;
        let upstream = match execution.upstream.as_deref() {
            Some(stored) => Some(decode_upstream(stored).map_err(unavailable)?),
            None => None,
        };
        let (sender, frames) = mpsc::unbounded_channel();
        for frame in decode_frames(&execution.frames).map_err(unavailable)? {
            let _ = sender.send(frame);
        }
        if upstream.is_none() {
            let waiting = self
                .shared
                .take_waiting_messages(session_id.as_str(), now - MAILBOX_KEEP)
                .await
                .map_err(unavailable)?;
            for text in waiting {
                let _ = sender.send(LiveFrame::Message(text));
            }
        }
        if let Some(before) = &execution.attached_on
            && *before != self.instance
            && let Err(error) = self
                .shared
                .publish(&format!("r {execution_id} {}", self.instance))
                .await
        {
            tracing::warn!(%error, "cannot tell the other instance its socket was replaced");
        }
        // A second socket replaces the first, whose queue ends with this.
        self.sockets().insert(
            execution_id.to_owned(),
            LocalSocket {
                session: session_id.clone(),
                answered_here: upstream.is_none(),
                sender,
            },
        );
        Ok(Attached {
            session: session_id,
            owner: execution.owner,
            frames,
            upstream,
        })
    }

    async fn deliver(
        &self,
        session: &ChatSessionId,
        text: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.announce(session, text, LiveMessageKind::Waits, now)
            .await
    }

    async fn handed_back(
        &self,
        session: &ChatSessionId,
        notice: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.shared.drop_waiting_messages(session.as_str()).await?;
        self.announce(session, notice, LiveMessageKind::OpenNow, now)
            .await
    }

    async fn tell_open(
        &self,
        session: &ChatSessionId,
        text: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.announce(session, text, LiveMessageKind::OpenNow, now)
            .await
    }

    async fn presence(
        &self,
        session: &ChatSessionId,
        presence: Presence,
    ) -> Result<(), StoreError> {
        let encoded = serde_json::to_string(&presence)
            .map_err(|error| StoreError::Corrupt(error.to_string()))?;
        self.shared
            .publish(&format!("p {} {encoded}", session.as_str()))
            .await
    }

    async fn signed_out(&self, token_hash: &str) -> Result<(), StoreError> {
        self.shared.publish(&format!("o {token_hash}")).await
    }

    fn open_channels(&self) -> usize {
        self.sockets().len()
    }

    fn detached(&self, execution_id: &str) {
        self.sockets().remove(execution_id);
        let (shared, instance) = (Arc::clone(&self.shared), self.instance.clone());
        let (execution_id, stale_before) =
            (execution_id.to_owned(), self.clock.now() - ATTACH_WITHIN);
        tokio::spawn(async move {
            if let Err(error) = shared
                .end_execution(&execution_id, &instance, stale_before)
                .await
            {
                tracing::warn!(%error, "cannot forget a live execution");
            }
        });
    }
}
