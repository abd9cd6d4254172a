//! The live hub: executions waiting for, or attached to, a live channel socket, and the
//! conversations' mailboxes (REQUIREMENTS A6, docs/PROTOCOL.md §4). The gateway (and the use cases
//! behind it) start executions here; the live channel's socket ([`crate::live`]) attaches to them
//! and receives their frames. Neither knows the other: both know the hub.
//!
//! A bridged execution (proxy mode) carries the workflow's own execution, to which the socket
//! relays; the workflow's ids never reach the browser.
//!
//! Executions live in a [`LiveHub`]. The in-process hub serves one instance; instances sharing
//! a PostgreSQL database use [`shared::SharedHub`], where an execution started on one instance
//! attaches on any other and what staff write reaches the socket wherever it is attached.
//!
//! Staff who take a conversation over (REQUIREMENTS D4) write to the visitor through the hub too:
//! [`LiveHub::deliver`] hands a message to every socket of that conversation, or keeps it in the
//! conversation's mailbox for the next socket to attach.

pub mod channels;
pub mod shared;

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use async_trait::async_trait;
use citabot_domain::chat::ChatSessionId;
use citabot_store::StoreError;
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use tokio::sync::mpsc;

use crate::auth::tokens;
use crate::workflow::UpstreamExecution;

/// What the server sends over a live channel (stored as it is by the shared hub).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "text", rename_all = "lowercase")]
pub enum LiveFrame {
    /// A bot message (a plain text frame).
    Message(String),
    /// The workflow goes on by itself: the widget waits again (`n8n|continue`).
    Continue,
    /// The execution is over: the server closes the socket.
    End,
    /// Who answers the visitor now, for a widget that asked to be told (docs/PROTOCOL.md §4.8);
    /// any other socket reads `otherwise`, when there is one.
    Presence {
        presence: Presence,
        otherwise: Option<String>,
    },
}

/// A member of the team as the visitor sees them: the first name, and their picture's URL
/// when they have one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TeamMember {
    #[schema(example = "Javier")]
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
}

/// What changed in who answers the visitor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Presence {
    /// This person has the conversation (a take-over, or the holder named again).
    Joined { person: TeamMember },
    /// That person is writing to the visitor.
    Typing { person: TeamMember },
    /// The assistant answers again.
    Left,
}

impl Presence {
    /// The frame a widget that asked for presence reads.
    pub fn frame(&self) -> String {
        let mut frame = serde_json::to_value(self).unwrap_or_default();
        frame["type"] = "presence".into();
        frame.to_string()
    }
}

/// Where an execution's messages come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExecutionSource {
    /// Answered here: the frames waiting for the socket.
    Here(Vec<LiveFrame>),
    /// Answered by the external workflow's own live channel, to which the socket is bridged.
    Upstream(UpstreamExecution),
}

/// An execution the gateway started: the widget needs both values to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedExecution {
    pub execution_id: String,
    pub resume_token: String,
}

/// Why a socket may not attach. Each ends the socket with 1008, as n8n does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AttachError {
    #[error("Execution does not exist")]
    Unknown,
    #[error("The token does not match the execution")]
    BadToken,
    #[error("The execution belongs to another conversation or account")]
    Foreign,
    /// The shared store cannot be read just now: the widget may try again.
    #[error("The live channel is not available right now")]
    Unavailable,
}

/// An execution as both hubs keep it: the socket must name its conversation, be its account's
/// (for an account's execution) and bring the token.
struct Claim<'a> {
    session: &'a str,
    owner: Option<&'a str>,
    token_hash: &'a str,
    started: OffsetDateTime,
}

impl Claim<'_> {
    /// Whether a socket may attach: `attached` says whether one is attached now (an execution
    /// nobody attached to expires).
    fn admits(
        &self,
        attached: bool,
        session: &str,
        token: &str,
        caller: Option<&str>,
        now: OffsetDateTime,
    ) -> Result<(), AttachError> {
        if !attached && now >= self.started + ATTACH_WITHIN {
            return Err(AttachError::Unknown);
        }
        if !tokens::same_secret(&tokens::token_hash(token), self.token_hash) {
            return Err(AttachError::BadToken);
        }
        let owner_matches = self.owner.is_none() || self.owner == caller;
        if self.session != session || !owner_matches {
            return Err(AttachError::Foreign);
        }
        Ok(())
    }
}

/// A fresh execution id and resume token: 256 random bits each.
fn fresh_execution() -> StartedExecution {
    StartedExecution {
        execution_id: tokens::random_token(),
        resume_token: tokens::random_token(),
    }
}

/// A socket attached to an execution.
#[derive(Debug)]
pub struct Attached {
    pub session: ChatSessionId,
    pub owner: Option<String>,
    pub frames: mpsc::UnboundedReceiver<LiveFrame>,
    /// Set for a bridged execution: the socket relays to the workflow instead.
    pub upstream: Option<UpstreamExecution>,
}

/// Where executions wait for their socket.
#[async_trait]
pub trait LiveHub: Send + Sync + std::fmt::Debug {
    /// Starts an execution for `session` (started by `owner`).
    async fn start(
        &self,
        session: &ChatSessionId,
        owner: Option<&str>,
        source: ExecutionSource,
        now: OffsetDateTime,
    ) -> Result<StartedExecution, StoreError>;

    /// Attaches a socket: the execution must exist, belong to `session` and `caller`, and the
    /// token must match. A second socket replaces the first.
    async fn attach(
        &self,
        execution_id: &str,
        session: &str,
        token: &str,
        caller: Option<&str>,
        now: OffsetDateTime,
    ) -> Result<Attached, AttachError>;

    /// Sends a staff member's message to every socket attached to an execution of `session`
    /// answered here; with none open, keeps it for the next one to attach (at most
    /// [`MAILBOX_CAPACITY`] messages per conversation, for [`MAILBOX_KEEP`]).
    async fn deliver(
        &self,
        session: &ChatSessionId,
        text: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError>;

    /// The conversation is the assistant's again: what still waits in its mailbox is dropped (the
    /// history has it) and `notice` goes to the sockets open now, never to a later one.
    async fn handed_back(
        &self,
        session: &ChatSessionId,
        notice: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError>;

    /// Sends `text` to the sockets of `session` open now (answered here), never to a later one.
    async fn tell_open(
        &self,
        session: &ChatSessionId,
        text: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError>;

    /// Tells the sockets of `session` open now (answered here) who answers the visitor; never
    /// kept for a later one (the history and the next held reply say it again).
    async fn presence(&self, session: &ChatSessionId, presence: Presence)
    -> Result<(), StoreError>;

    /// A sign-in ended (its token hashes to `token_hash`): its channels close on every instance.
    async fn signed_out(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Sockets attached right now.
    fn open_channels(&self) -> usize;

    /// A socket closed.
    fn detached(&self, execution_id: &str);
}

/// How long a started execution waits for its socket.
const ATTACH_WITHIN: Duration = Duration::minutes(5);

/// Staff messages kept per conversation while no socket is open; older ones are dropped first.
/// The transcript keeps them all: the widget shows them with the history on its next load.
pub const MAILBOX_CAPACITY: usize = 20;
/// How long a staff message waits in a mailbox for a socket.
pub const MAILBOX_KEEP: Duration = Duration::hours(24);

#[derive(Debug)]
struct Execution {
    session: ChatSessionId,
    owner: Option<String>,
    token_hash: String,
    queued: Vec<LiveFrame>,
    upstream: Option<UpstreamExecution>,
    started: OffsetDateTime,
    /// The attached socket's queue: held here, so the socket stays open for what comes next
    /// (and a later message can be delivered to it).
    sender: Option<mpsc::UnboundedSender<LiveFrame>>,
}

/// Staff messages waiting for a conversation's next socket.
#[derive(Debug)]
struct Mailbox {
    messages: VecDeque<String>,
    /// The latest message's arrival: the whole mailbox expires [`MAILBOX_KEEP`] after it.
    updated: OffsetDateTime,
}

#[derive(Debug, Default)]
struct Channels {
    executions: HashMap<String, Execution>,
    /// By chat session id.
    mailboxes: HashMap<String, Mailbox>,
}

/// The hub of one server instance.
#[derive(Debug, Default)]
pub struct InProcessHub {
    channels: Mutex<Channels>,
}

impl Channels {
    /// Sends `text` to the sockets open now on `session`'s executions answered here (a bridged
    /// execution's socket talks to the workflow); returns how many it reached.
    fn send_to_open_sockets(&self, session: &ChatSessionId, text: &str) -> usize {
        self.send_frame_to_open_sockets(session, &LiveFrame::Message(text.to_owned()))
    }

    fn send_frame_to_open_sockets(&self, session: &ChatSessionId, frame: &LiveFrame) -> usize {
        self.executions
            .values()
            .filter(|execution| execution.session == *session && execution.upstream.is_none())
            .filter_map(|execution| execution.sender.as_ref())
            .filter(|sender| sender.send(frame.clone()).is_ok())
            .count()
    }
}

impl InProcessHub {
    fn lock(&self) -> std::sync::MutexGuard<'_, Channels> {
        self.channels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// [`LiveHub::deliver`], saying how many sockets it reached.
    pub fn deliver_here(&self, session: &ChatSessionId, text: &str, now: OffsetDateTime) -> usize {
        let mut channels = self.lock();
        let reached = channels.send_to_open_sockets(session, text);
        channels
            .mailboxes
            .retain(|_, mailbox| now < mailbox.updated + MAILBOX_KEEP);
        if reached == 0 {
            let mailbox = channels
                .mailboxes
                .entry(session.as_str().to_owned())
                .or_insert_with(|| Mailbox {
                    messages: VecDeque::new(),
                    updated: now,
                });
            if mailbox.messages.len() == MAILBOX_CAPACITY {
                mailbox.messages.pop_front();
            }
            mailbox.messages.push_back(text.to_owned());
            mailbox.updated = now;
        }
        reached
    }

    /// [`LiveHub::handed_back`], saying how many sockets it reached.
    pub fn hand_back_here(&self, session: &ChatSessionId, notice: &str) -> usize {
        let mut channels = self.lock();
        channels.mailboxes.remove(session.as_str());
        channels.send_to_open_sockets(session, notice)
    }

    /// [`LiveHub::tell_open`], saying how many sockets it reached.
    pub fn tell_open_here(&self, session: &ChatSessionId, text: &str) -> usize {
        self.lock().send_to_open_sockets(session, text)
    }
}

#[async_trait]
impl LiveHub for InProcessHub {
    async fn start(
        &self,
        session: &ChatSessionId,
        owner: Option<&str>,
        source: ExecutionSource,
        now: OffsetDateTime,
    ) -> Result<StartedExecution, StoreError> {
        let (queued, upstream) = match source {
            ExecutionSource::Here(queued) => (queued, None),
            ExecutionSource::Upstream(execution) => (Vec::new(), Some(execution)),
        };
        let started = fresh_execution();
        let mut channels = self.lock();
        channels.executions.retain(|_, execution| {
            execution.sender.is_some() || now < execution.started + ATTACH_WITHIN
        });
        channels.executions.insert(
            started.execution_id.clone(),
            Execution {
                session: session.clone(),
                owner: owner.map(str::to_owned),
                token_hash: tokens::token_hash(&started.resume_token),
                queued,
                upstream,
                started: now,
                sender: None,
            },
        );
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
        let mut channels = self.lock();
        let Channels {
            executions,
            mailboxes,
        } = &mut *channels;
        let execution = executions
            .get_mut(execution_id)
            .ok_or(AttachError::Unknown)?;
        let claim = Claim {
            session: execution.session.as_str(),
            owner: execution.owner.as_deref(),
            token_hash: &execution.token_hash,
            started: execution.started,
        };
        let admitted = claim.admits(execution.sender.is_some(), session, token, caller, now);
        if admitted == Err(AttachError::Unknown) {
            executions.remove(execution_id);
            return Err(AttachError::Unknown);
        }
        admitted?;
        let (sender, frames) = mpsc::unbounded_channel();
        for frame in execution.queued.drain(..) {
            let _ = sender.send(frame);
        }
        // What staff wrote while no socket was open; a bridged execution's socket talks to the
        // workflow instead, so the mail waits for one answered here.
        if execution.upstream.is_none()
            && let Some(mailbox) = mailboxes.remove(execution.session.as_str())
            && now < mailbox.updated + MAILBOX_KEEP
        {
            for text in mailbox.messages {
                let _ = sender.send(LiveFrame::Message(text));
            }
        }
        // A second socket replaces the first, whose queue ends with this.
        execution.sender = Some(sender);
        Ok(Attached {
            session: execution.session.clone(),
            owner: execution.owner.clone(),
            frames,
            upstream: execution.upstream.clone(),
        })
    }

    async fn deliver(
        &self,
        session: &ChatSessionId,
        text: &str,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.deliver_here(session, text, now);
        Ok(())
    }

    async fn handed_back(
        &self,
        session: &ChatSessionId,
        notice: &str,
        _now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.hand_back_here(session, notice);
        Ok(())
    }

    async fn tell_open(
        &self,
        session: &ChatSessionId,
        text: &str,
        _now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.tell_open_here(session, text);
        Ok(())
    }

    async fn presence(
        &self,
        session: &ChatSessionId,
        presence: Presence,
    ) -> Result<(), StoreError> {
        let frame = LiveFrame::Presence {
            presence,
            otherwise: None,
        };
        self.lock().send_frame_to_open_sockets(session, &frame);
        Ok(())
    }

    /// One instance: the channels of the sign-in were closed where it ended.
    async fn signed_out(&self, _token_hash: &str) -> Result<(), StoreError> {
        Ok(())
    }

    fn open_channels(&self) -> usize {
        self.lock()
            .executions
            .values()
            .filter(|execution| execution.sender.is_some())
            .count()
    }

    fn detached(&self, execution_id: &str) {
        self.lock().executions.remove(execution_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-20 09:00 UTC);

    fn session(id: &str) -> ChatSessionId {
        ChatSessionId::parse(id).expect("valid")
    }

    #[tokio::test]
    async fn an_execution_attaches_once_with_its_token_and_delivers_what_was_queued() {
        let hub = InProcessHub::default();
        let queued = vec![LiveFrame::Message("hola".into()), LiveFrame::End];
        let started = hub
            .start(&session("s1"), None, ExecutionSource::Here(queued), T0)
            .await
            .expect("started");
        assert_ne!(started.execution_id, started.resume_token);
        assert_eq!(started.execution_id.len(), 43, "unguessable: 256 bits");

        assert_eq!(
            hub.attach(&started.execution_id, "s1", "wrong", None, T0)
                .await
                .err(),
            Some(AttachError::BadToken)
        );
        assert_eq!(
            hub.attach(&started.execution_id, "s2", &started.resume_token, None, T0)
                .await
                .err(),
            Some(AttachError::Foreign)
        );
        assert_eq!(
            hub.attach("nope", "s1", &started.resume_token, None, T0)
                .await
                .err(),
            Some(AttachError::Unknown)
        );

        let mut attached = hub
            .attach(&started.execution_id, "s1", &started.resume_token, None, T0)
            .await
            .expect("attaches");
        assert_eq!(hub.open_channels(), 1);
        assert_eq!(
            attached.frames.recv().await,
            Some(LiveFrame::Message("hola".into()))
        );
        assert_eq!(attached.frames.recv().await, Some(LiveFrame::End));
        hub.detached(&started.execution_id);
        assert_eq!(hub.open_channels(), 0);
        assert_eq!(
            hub.attach(&started.execution_id, "s1", &started.resume_token, None, T0)
                .await
                .err(),
            Some(AttachError::Unknown)
        );
    }

    #[tokio::test]
    async fn an_account_s_execution_attaches_only_for_that_account() {
        let hub = InProcessHub::default();
        let started = hub
            .start(
                &session("s1"),
                Some("u-ana"),
                ExecutionSource::Here(vec![]),
                T0,
            )
            .await
            .expect("started");
        for intruder in [None, Some("u-luis")] {
            assert_eq!(
                hub.attach(
                    &started.execution_id,
                    "s1",
                    &started.resume_token,
                    intruder,
                    T0
                )
                .await
                .err(),
                Some(AttachError::Foreign)
            );
        }
        assert!(
            hub.attach(
                &started.execution_id,
                "s1",
                &started.resume_token,
                Some("u-ana"),
                T0
            )
            .await
            .is_ok()
        );
    }

    #[tokio::test]
    async fn a_hand_back_tells_open_sockets_and_empties_the_mailbox() {
        let hub = InProcessHub::default();
        hub.deliver_here(&session("s1"), "sin leer", T0);
        let started = hub
            .start(&session("s1"), None, ExecutionSource::Here(vec![]), T0)
            .await
            .expect("started");
        let mut open = hub
            .attach(&started.execution_id, "s1", &started.resume_token, None, T0)
            .await
            .expect("attaches");
        assert_eq!(
            open.frames.recv().await,
            Some(LiveFrame::Message("sin leer".into()))
        );
        assert_eq!(hub.hand_back_here(&session("s1"), "vuelve el asistente"), 1);
        assert_eq!(
            open.frames.recv().await,
            Some(LiveFrame::Message("vuelve el asistente".into()))
        );

        // With no socket open the notice is not kept, and neither is older mail.
        hub.detached(&started.execution_id);
        hub.deliver_here(&session("s1"), "tarde", T0);
        assert_eq!(hub.hand_back_here(&session("s1"), "vuelve el asistente"), 0);
        let next = hub
            .start(&session("s1"), None, ExecutionSource::Here(vec![]), T0)
            .await
            .expect("started");
        let mut attached = hub
            .attach(&next.execution_id, "s1", &next.resume_token, None, T0)
            .await
            .expect("attaches");
        assert!(attached.frames.try_recv().is_err(), "nothing waits");
    }

    #[tokio::test]
    async fn staff_messages_reach_open_sockets_or_wait_for_the_next_one() {
        let hub = InProcessHub::default();
        let first = hub
            .start(&session("s1"), None, ExecutionSource::Here(vec![]), T0)
            .await
            .expect("started");
        let mut open = hub
            .attach(&first.execution_id, "s1", &first.resume_token, None, T0)
            .await
            .expect("attaches");
        assert_eq!(hub.deliver_here(&session("s1"), "en directo", T0), 1);
        assert_eq!(
            open.frames.recv().await,
            Some(LiveFrame::Message("en directo".into()))
        );
        assert_eq!(hub.deliver_here(&session("s2"), "otra", T0), 0, "no socket");

        hub.detached(&first.execution_id);
        for number in 0..=MAILBOX_CAPACITY {
            assert_eq!(
                hub.deliver_here(&session("s1"), &format!("m{number}"), T0),
                0
            );
        }
        let queued = vec![LiveFrame::Message("aviso".into())];
        let next = hub
            .start(&session("s1"), None, ExecutionSource::Here(queued), T0)
            .await
            .expect("started");
        let mut attached = hub
            .attach(&next.execution_id, "s1", &next.resume_token, None, T0)
            .await
            .expect("attaches");
        assert_eq!(
            attached.frames.recv().await,
            Some(LiveFrame::Message("aviso".into()))
        );
        assert_eq!(
            attached.frames.recv().await,
            Some(LiveFrame::Message("m1".into())),
            "the oldest was dropped"
        );
        for _ in 2..=MAILBOX_CAPACITY {
            assert!(attached.frames.recv().await.is_some());
        }
        assert!(
            attached.frames.try_recv().is_err(),
            "the mailbox is emptied"
        );

        let late = T0 + MAILBOX_KEEP;
        hub.deliver_here(&session("s3"), "caduca", T0);
        let expired = hub
            .start(&session("s3"), None, ExecutionSource::Here(vec![]), late)
            .await
            .expect("started");
        let mut attached = hub
            .attach(
                &expired.execution_id,
                "s3",
                &expired.resume_token,
                None,
                late,
            )
            .await
            .expect("attaches");
        assert!(attached.frames.try_recv().is_err(), "expired");
    }

    #[tokio::test]
    async fn unattached_executions_expire() {
        let hub = InProcessHub::default();
        let started = hub
            .start(&session("s1"), None, ExecutionSource::Here(vec![]), T0)
            .await
            .expect("started");
        let late = T0 + ATTACH_WITHIN;
        assert_eq!(
            hub.attach(
                &started.execution_id,
                "s1",
                &started.resume_token,
                None,
                late
            )
            .await
            .err(),
            Some(AttachError::Unknown)
        );
    }
}
