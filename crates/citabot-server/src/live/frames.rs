//! What passes over a live channel socket, for the socket answered here and the bridge alike:
//! reading a frame within its size and the client's frame budget, telling a visitor's message
//! from an acknowledgement (within the chat's rate limit), and writing text and close frames.

use std::net::SocketAddr;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use citabot_domain::chat::ChatInput;
use serde::Deserialize;
use tokio::time::Instant;

use crate::auth::limits::visitor_key;
use crate::hub::Attached;
use crate::state::AppState;
use crate::visitor_error::VisitorError;

/// Largest message a client may send: a chat message with room to spare. A larger one closes the
/// channel with 1009 ("message too big").
pub const MAX_CLIENT_FRAME: usize = 64 * 1024;
/// What the WebSocket layer itself accepts before giving up on a connection without a word:
/// above [`MAX_CLIENT_FRAME`], so an oversized message is read and refused with its close code
/// (only a message past this bound is dropped without one).
pub const MAX_READ_FRAME: usize = 4 * MAX_CLIENT_FRAME;

/// The chunk a live channel reads at a time. Chat frames are a few hundred bytes; the WebSocket
/// layer's default (128 KiB for reading, and as much again for writing) made every idle channel
/// cost about 150 KiB. Larger frames are still read whole, in more chunks.
pub const READ_CHUNK: usize = 4 * 1024;

/// What a client may send over the socket.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClientMessage {
    session_id: String,
    action: String,
    chat_input: String,
}

/// What a frame from the widget is.
#[derive(Debug)]
pub enum VisitorFrame {
    /// `n8n|heartbeat-ack` or its JSON dialect.
    HeartbeatAck,
    /// A message for this conversation, within the rate limit.
    Message(ChatInput),
    /// A message refused, with the sentence the widget shows.
    Refused(String),
    /// Anything else: logged and ignored, as n8n does.
    Ignored,
}

/// Reads a frame from the widget; a message counts against the visitor's rate limit.
pub async fn classify(
    state: &AppState,
    attached: &Attached,
    text: &str,
    peer: SocketAddr,
) -> VisitorFrame {
    if text == "n8n|heartbeat-ack" || text.contains("\"heartbeat-ack\"") {
        return VisitorFrame::HeartbeatAck;
    }
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(message) => message,
        Err(error) => {
            tracing::info!(%error, "ignored a live-channel frame");
            return VisitorFrame::Ignored;
        }
    };
    if message.action != "sendMessage" || message.session_id != attached.session.as_str() {
        tracing::info!("ignored a live-channel message for another action or session");
        return VisitorFrame::Ignored;
    }
    let input = match ChatInput::parse(&message.chat_input) {
        Ok(input) => input,
        Err(error) => {
            let refusal = VisitorError::from(error);
            return VisitorFrame::Refused(format!("Error: {}", refusal.message()));
        }
    };
    let visitor = visitor_key(attached.owner.as_deref(), peer);
    if let Err(retry) = state
        .limits
        .chat_messages
        .hit(&visitor, state.clock.now())
        .await
    {
        return VisitorFrame::Refused(format!(
            "Error: demasiados mensajes seguidos: espera {} s antes de enviar otro.",
            retry.0
        ));
    }
    VisitorFrame::Message(input)
}

/// Frames a client may send: a burst, then a steady rate. Acks and messages come a few a
/// minute; a flood is closed (REQUIREMENTS H8).
#[derive(Debug)]
pub struct FrameBudget {
    tokens: f64,
    refilled: Instant,
}

const FRAME_BURST: f64 = 40.0;
const FRAMES_PER_SECOND: f64 = 20.0;

impl Default for FrameBudget {
    fn default() -> Self {
        Self::new()
    }
}

impl FrameBudget {
    pub fn new() -> Self {
        Self {
            tokens: FRAME_BURST,
            refilled: Instant::now(),
        }
    }

    fn take(&mut self, now: Instant) -> bool {
        let earned = now.duration_since(self.refilled).as_secs_f64() * FRAMES_PER_SECOND;
        self.tokens = (self.tokens + earned).min(FRAME_BURST);
        self.refilled = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

/// The client's next frame; `None` when it is gone, or (after a close with 1008) when it sends
/// more than its budget.
pub async fn receive(
    socket: &mut WebSocket,
    budget: &mut FrameBudget,
) -> Option<Result<Message, axum::Error>> {
    let frame = socket.recv().await;
    let too_big = match &frame {
        Some(Ok(Message::Text(text))) => text.len() > MAX_CLIENT_FRAME,
        Some(Ok(Message::Binary(bytes))) => bytes.len() > MAX_CLIENT_FRAME,
        _ => false,
    };
    if too_big {
        tracing::info!("closing a live channel that was sent an oversized message");
        close(socket, close_code::SIZE, "Message too big").await;
        return None;
    }
    if matches!(frame, Some(Ok(_))) && !budget.take(Instant::now()) {
        tracing::info!("closing a live channel flooded with frames");
        close(socket, close_code::POLICY, "Too many messages").await;
        return None;
    }
    frame
}

pub async fn send_text(socket: &mut WebSocket, text: &str) -> Result<(), axum::Error> {
    socket.send(Message::Text(Utf8Bytes::from(text))).await
}

pub async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(reason),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}
