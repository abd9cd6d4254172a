//! `GET /chat`: the WebSocket end of the live channel, in n8n's frames (docs/PROTOCOL.md §4.4):
//! `n8n|heartbeat` on attach and then every `live_heartbeat_secs`, bot messages as plain text,
//! `n8n|continue`, and a close when the execution ends. The widget answers heartbeats
//! (`n8n|heartbeat-ack`, or the JSON dialect) and, when a reply is awaited, sends
//! `{sessionId, action: "sendMessage", chatInput}`.
//!
//! Before the upgrade, the page's origin must be ours or allowed (REQUIREMENTS H8); after it, the
//! execution must exist, match the session, the token and the signed-in account, or the socket
//! is closed with 1008. A client silent for `live_idle_secs` is dropped.
//!
//! While staff have the conversation (REQUIREMENTS D4), the visitor's messages over the socket are
//! stored for them and not answered; staff replies arrive through the hub like any frame.

use std::time::Duration;

use axum::Extension;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::net::SocketAddr;
use tokio::time::Instant;

use super::frames::{
    FrameBudget, MAX_READ_FRAME, READ_CHUNK, VisitorFrame, classify, close, receive, send_text,
};
use crate::auth::Caller;
use crate::auth::csrf::{self, Origins};
use crate::auth::limits::visitor_key;
use crate::error::ApiError;
use crate::hub::{AttachError, Attached, LiveFrame, LiveHub};
use crate::language::Lang;
use crate::state::AppState;
use crate::usecases::chat_turn::{self, Turn, Visit};
use crate::visitor_error::VisitorError;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LiveQuery {
    /// The conversation the execution belongs to.
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
    /// From the `executionStarted` answer.
    #[serde(rename = "executionId")]
    execution_id: Option<String>,
    /// The `resumeToken` from the same answer.
    token: Option<String>,
    /// `true`: the widget reads presence frames (who of the team answers, docs/PROTOCOL.md
    /// §4.8); other widgets never get them.
    presence: Option<String>,
}

#[utoipa::path(get, path = "/chat", tag = "chat", params(LiveQuery),
    description = "The live channel (PROTOCOL §4): a WebSocket for an execution started by `sendMessage`. The server sends `n8n|heartbeat` and the reply messages; the client acknowledges heartbeats and may send the next message as JSON.",
    responses(
        (status = 101, description = "Switched to the WebSocket protocol"),
        (status = 403, description = "A page of another origin", body = crate::error::ErrorEnvelope)))]
pub async fn upgrade(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<LiveQuery>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let lang = Lang::from_headers(&headers);
    if let Err(refusal) = csrf::check_origin(&headers, Origins::from_settings(&state.settings)) {
        return ApiError::new(StatusCode::FORBIDDEN, "csrf", refusal.sentence().get(lang))
            .into_response();
    }
    let address = peer.ip().to_string();
    if let Err(retry) = state
        .limits
        .live_refusals_per_address
        .check(&address, state.clock.now())
        .await
    {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            "Demasiados intentos de conexión. Espera un momento.",
        )
        .with_retry_after(retry.0)
        .into_response();
    }
    let caller_id = caller.session().map(|session| session.user.id.clone());
    let sign_in = match &caller {
        Caller::SignedIn { token_hash, .. } => Some(token_hash.as_str()),
        // A program's key is no browser's sign-in: the channel is a guest's.
        Caller::Guest | Caller::Key(_) => None,
    };
    let visitor = caller_id
        .as_ref()
        .map_or_else(|| address.clone(), |id| format!("user:{id}"));
    let cap = state.settings.live_channels_per_visitor;
    let Some(ticket) = state.channels.open(&visitor, sign_in, cap) else {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_channels",
            format!(
                "Hay demasiadas conversaciones abiertas a la vez (como mucho {cap}). Cierra alguna."
            ),
        )
        .into_response();
    };
    upgrade
        .max_message_size(MAX_READ_FRAME)
        .max_frame_size(MAX_READ_FRAME)
        .read_buffer_size(READ_CHUNK)
        // Every frame is sent at once (a chat message is never worth batching).
        .write_buffer_size(0)
        .on_upgrade(move |mut socket| async move {
            let signed_out = tokio::select! {
                () = serve(&mut socket, state, query, caller_id, peer) => false,
                () = ticket.ended() => true,
            };
            if signed_out {
                close(&mut socket, close_code::POLICY, "Signed out").await;
            }
        })
}

async fn serve(
    socket: &mut WebSocket,
    state: AppState,
    query: LiveQuery,
    caller_id: Option<String>,
    peer: SocketAddr,
) {
    let LiveQuery {
        session_id,
        execution_id,
        token,
        presence,
    } = query;
    let reads_presence = presence.as_deref() == Some("true");
    let (Some(session_id), Some(execution_id), Some(token)) = (session_id, execution_id, token)
    else {
        refused_attempt(&state, peer).await;
        close(
            socket,
            close_code::POLICY,
            "sessionId, executionId and token are required",
        )
        .await;
        return;
    };
    let attached = state
        .hub
        .attach(
            &execution_id,
            &session_id,
            &token,
            caller_id.as_deref(),
            state.clock.now(),
        )
        .await;
    let mut attached = match attached {
        Ok(attached) => attached,
        Err(AttachError::Unavailable) => {
            close(
                socket,
                close_code::AGAIN,
                &AttachError::Unavailable.to_string(),
            )
            .await;
            return;
        }
        Err(refusal) => {
            tracing::warn!(%refusal, "refused a live channel");
            refused_attempt(&state, peer).await;
            close(socket, close_code::POLICY, &refusal.to_string()).await;
            return;
        }
    };
    // Also when this future is dropped (the sign-in ended mid-conversation).
    let _detach = Detach {
        hub: state.hub.as_ref(),
        execution_id: &execution_id,
    };
    if let Some(execution) = attached.upstream.clone() {
        // Boxed, like a turn below: only a bridged channel pays for the bridge's future.
        Box::pin(super::bridge::run(
            socket, &state, &attached, &execution, peer,
        ))
        .await;
    } else {
        let timings = (
            Duration::from_secs(state.settings.live_heartbeat_secs),
            Duration::from_secs(state.settings.live_idle_secs),
        );
        run(socket, &state, &mut attached, timings, peer, reads_presence).await;
    }
}

/// Counts a refused attach against the client's address: guessing ids gets it locked out.
async fn refused_attempt(state: &AppState, peer: SocketAddr) {
    let _ = state
        .limits
        .live_refusals_per_address
        .hit(&peer.ip().to_string(), state.clock.now())
        .await;
}

/// Tells the hub that a socket is gone when dropped.
struct Detach<'a> {
    hub: &'a dyn LiveHub,
    execution_id: &'a str,
}

impl Drop for Detach<'_> {
    fn drop(&mut self) {
        self.hub.detached(self.execution_id);
    }
}

async fn run(
    socket: &mut WebSocket,
    state: &AppState,
    attached: &mut Attached,
    (heartbeat_every, idle_limit): (Duration, Duration),
    peer: SocketAddr,
    reads_presence: bool,
) {
    if send_text(socket, "n8n|heartbeat").await.is_err() {
        return;
    }
    let mut heartbeat = tokio::time::interval_at(Instant::now() + heartbeat_every, heartbeat_every);
    let mut budget = FrameBudget::new();
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            frame = attached.frames.recv() => match frame {
                Some(LiveFrame::Message(text)) => {
                    if send_text(socket, &text).await.is_err() { return; }
                }
                Some(LiveFrame::Continue) => {
                    if send_text(socket, "n8n|continue").await.is_err() { return; }
                }
                Some(LiveFrame::Presence { presence, otherwise }) => {
                    let text = if reads_presence { Some(presence.frame()) } else { otherwise };
                    if let Some(text) = text
                        && send_text(socket, &text).await.is_err() { return; }
                }
                Some(LiveFrame::End) | None => {
                    close(socket, close_code::NORMAL, "").await;
                    return;
                }
            },
            incoming = receive(socket, &mut budget) => match incoming {
                Some(Ok(Message::Text(text))) => {
                    last_heard = Instant::now();
                    // The channel stays open: the widget answers over it while it waits. Boxed:
                    // a chat turn's future is many KiB, and inline it would be part of every
                    // idle channel's task.
                    match Box::pin(answer(state, attached, text.as_str(), peer)).await {
                        Reply::Nothing => {}
                        Reply::Say(reply) => {
                            if send_text(socket, &reply).await.is_err() { return; }
                        }
                        Reply::SayBoth(first, second) => {
                            if send_text(socket, &first).await.is_err()
                                || send_text(socket, &second).await.is_err() { return; }
                        }
                        Reply::SayAndClose(reply) => {
                            if send_text(socket, &reply).await.is_ok() {
                                close(socket, close_code::NORMAL, "").await;
                            }
                            return;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => last_heard = Instant::now(),
            },
            _ = heartbeat.tick() => {
                if last_heard.elapsed() >= idle_limit {
                    tracing::info!("dropping a silent live channel");
                    return;
                }
                if send_text(socket, "n8n|heartbeat").await.is_err() { return; }
            }
        }
    }
}

/// What the socket says back to a client frame.
enum Reply {
    Nothing,
    Say(String),
    /// Two messages, one after the other.
    SayBoth(String, String),
    /// Says it, then closes the socket: the widget's next message goes over HTTP.
    SayAndClose(String),
}

/// Tells a visitor of an external workflow that their conversation is the workflow's again: a
/// socket answered here cannot reach it, so the message goes again over HTTP.
const BACK_TO_THE_WORKFLOW: &str =
    "La conversación vuelve al asistente: envía tu mensaje otra vez, por favor.";

/// Handles a client frame: acks need nothing; a message is answered (the reply text), or only
/// stored while staff have the conversation.
async fn answer(state: &AppState, attached: &Attached, text: &str, peer: SocketAddr) -> Reply {
    let input = match classify(state, attached, text, peer).await {
        VisitorFrame::Message(input) => input,
        VisitorFrame::Refused(sentence) => return Reply::Say(sentence),
        VisitorFrame::HeartbeatAck | VisitorFrame::Ignored => return Reply::Nothing,
    };
    if state.upstream.is_some() {
        // Only a taken-over conversation has a socket answered here in proxy mode.
        return match chat_turn::store_if_taken_over(
            state,
            &attached.session,
            attached.owner.as_deref(),
            &input,
        )
        .await
        {
            Ok(true) => Reply::Nothing,
            Ok(false) => Reply::SayAndClose(BACK_TO_THE_WORKFLOW.to_owned()),
            Err(error) => Reply::Say(format!(
                "Error: {}",
                VisitorError::from_store(&error).message()
            )),
        };
    }
    let owner = match &attached.owner {
        Some(id) => match state.store.user(id).await {
            Ok(found) => found,
            Err(error) => {
                let failure = VisitorError::from_store(&error);
                return Reply::Say(format!("Error: {}", failure.message()));
            }
        },
        None => None,
    };
    let visitor = visitor_key(attached.owner.as_deref(), peer);
    let visit = Visit {
        visitor: Some(&visitor),
        ..Visit::default()
    };
    match chat_turn::answer_here(state, &attached.session, owner.as_ref(), &input, visit).await {
        Ok(Turn::Answered(answered)) => Reply::Say(answered.text),
        Ok(Turn::WaitsForPerson { reply, nobody_now }) => match nobody_now {
            None => Reply::Say(reply),
            Some(later) => Reply::SayBoth(reply, later),
        },
        Ok(Turn::HeldForStaff) => Reply::Nothing,
        Err(error) => Reply::Say(format!(
            "Error: {}",
            VisitorError::from_store(&error).message()
        )),
    }
}
