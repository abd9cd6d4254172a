//! Proxy mode's live channel: the widget's socket on our `/chat`, relayed to the external
//! workflow's `/chat` for the execution its webhook started (docs/PROTOCOL.md §4). Frames pass both
//! ways as they are (heartbeats and their acks too, so the workflow sees a live client and times
//! out a dead one itself). On the way, bot messages and the visitor's messages are written to the
//! transcript, and the visitor's messages count against the same rate limit as over HTTP; a
//! refused message is answered here and never reaches the workflow. Nothing of the browser
//! (cookies, origin, address) is sent to the workflow.

use std::net::SocketAddr;

use axum::extract::ws::{Message, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message as WorkflowMessage;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::frames::{FrameBudget, READ_CHUNK, VisitorFrame, classify, close, receive, send_text};
use crate::hub::Attached;
use crate::state::AppState;
use crate::usecases::chat_turn;
use crate::visitor_error::VisitorError;
use crate::workflow::{self, UpstreamExecution};

/// Largest frame taken from the workflow, as for its HTTP answers.
const MAX_WORKFLOW_FRAME: usize = 5 * 1024 * 1024;

/// Relays between `socket` and the workflow's live channel until either side closes.
pub async fn run(
    socket: &mut WebSocket,
    state: &AppState,
    attached: &Attached,
    execution: &UpstreamExecution,
    peer: SocketAddr,
) {
    let Some(upstream) = &state.upstream else {
        // Only the proxy starts bridged executions; without a webhook there is nothing to reach.
        close(socket, close_code::ERROR, "No workflow is configured").await;
        return;
    };
    let url = upstream.live_channel_url(attached.session.as_str(), execution);
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_WORKFLOW_FRAME))
        .max_frame_size(Some(MAX_WORKFLOW_FRAME))
        .read_buffer_size(READ_CHUNK)
        .write_buffer_size(0);
    let connecting =
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), false);
    let opened = match tokio::time::timeout(upstream.connect_timeout(), connecting).await {
        Ok(Ok((workflow, _))) => Ok(workflow),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err("no answer within the connect timeout".to_owned()),
    };
    let mut workflow = match opened {
        Ok(workflow) => workflow,
        Err(error) => {
            upstream.failed();
            tracing::warn!(%error, "cannot open the workflow's live channel");
            close(
                socket,
                close_code::ERROR,
                "The assistant is not available right now",
            )
            .await;
            return;
        }
    };
    let mut budget = FrameBudget::new();
    loop {
        tokio::select! {
            from_workflow = workflow.next() => match from_workflow {
                Some(Ok(WorkflowMessage::Text(text))) => {
                    let text = match &execution.secret {
                        Some(secret) => secret.text(text.as_str()),
                        None => std::borrow::Cow::Borrowed(text.as_str()),
                    };
                    if let Some(reply) = bot_text(&text) {
                        chat_turn::store_workflow_reply(state, attached.session.clone(), attached.owner.clone(), reply).await;
                    }
                    if send_text(socket, &text).await.is_err() {
                        let _ = workflow.close(None).await;
                        return;
                    }
                }
                Some(Ok(WorkflowMessage::Close(frame))) => {
                    close(socket, frame_code(frame.as_ref()), "").await;
                    return;
                }
                None | Some(Err(tokio_tungstenite::tungstenite::Error::ConnectionClosed)) => {
                    close(socket, close_code::NORMAL, "").await;
                    return;
                }
                Some(Err(error)) => {
                    upstream.failed();
                    tracing::warn!(%error, "the workflow's live channel failed");
                    close(socket, close_code::ERROR, "The assistant is not available right now").await;
                    return;
                }
                // Pings are answered by the client library; binary frames are not n8n's.
                Some(Ok(_)) => {}
            },
            from_visitor = receive(socket, &mut budget) => match from_visitor {
                Some(Ok(Message::Text(text))) => {
                    let forward = match classify(state, attached, text.as_str(), peer).await {
                        VisitorFrame::HeartbeatAck => true,
                        VisitorFrame::Message(input) => {
                            match chat_turn::store_for_workflow(state, &attached.session, attached.owner.as_deref(), input.as_str()).await {
                                Ok(()) => true,
                                Err(refusal) => {
                                    let sentence = format!("Error: {}", VisitorError::from_store(&refusal).message());
                                    if send_text(socket, &sentence).await.is_err() { break; }
                                    false
                                }
                            }
                        }
                        VisitorFrame::Refused(sentence) => {
                            if send_text(socket, &sentence).await.is_err() { break; }
                            false
                        }
                        VisitorFrame::Ignored => false,
                    };
                    if forward && workflow.send(WorkflowMessage::text(text.as_str())).await.is_err() {
                        close(socket, close_code::ERROR, "The assistant is not available right now").await;
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let _ = workflow.close(None).await;
}

/// The workflow's close code, passed on; an absent or reserved one becomes a normal close.
fn frame_code(frame: Option<&tokio_tungstenite::tungstenite::protocol::CloseFrame>) -> u16 {
    frame
        .map(|frame| u16::from(frame.code))
        .filter(|code| (1000..=4999).contains(code) && ![1004, 1005, 1006, 1015].contains(code))
        .unwrap_or(close_code::NORMAL)
}

/// The text of a bot message from the workflow (docs/PROTOCOL.md §4.7: plain text, or a JSON object
/// with the text inside), or `None` for control frames.
fn bot_text(frame: &str) -> Option<String> {
    match frame {
        "n8n|heartbeat" | "n8n|continue" | "Connection rejected" | "" => return None,
        _ => {}
    }
    match serde_json::from_str::<Value>(frame) {
        Ok(value @ Value::Object(_)) => {
            let kind = value.get("type").and_then(Value::as_str);
            if matches!(kind, Some("heartbeat" | "continue")) {
                return None;
            }
            Some(workflow::reply_text(&value).unwrap_or_else(|| frame.to_owned()))
        }
        _ => Some(frame.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_frames_are_not_messages_and_objects_give_their_text() {
        for control in [
            "n8n|heartbeat",
            "n8n|continue",
            r#"{"type":"heartbeat"}"#,
            r#"{"type":"continue"}"#,
            "Connection rejected",
        ] {
            assert_eq!(bot_text(control), None, "{control}");
        }
        assert_eq!(bot_text("Hola").as_deref(), Some("Hola"));
        assert_eq!(
            bot_text(r#"{"output":"Cita reservada"}"#).as_deref(),
            Some("Cita reservada")
        );
        assert_eq!(bot_text("42").as_deref(), Some("42"));
    }
}
