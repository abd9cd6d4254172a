//! The chat gateway, `POST /api/n8n/chat`: speaks n8n's chat webhook protocol to the widget,
//! keeps every conversation with its owner, writes the identity metadata from the caller's
//! session, and answers from the built-in responder or, when `webhook_url` is set, relays to an
//! external n8n webhook ([`crate::workflow`]). The wire shapes live in [`wire`].
//!
//! A conversation taken over by staff (REQUIREMENTS D4) is not answered by the assistant or the
//! workflow: the visitor's message is stored for staff to read, and the widget is sent to the live
//! channel, where the staff member's replies arrive.

pub mod metadata;
pub mod wire;

use std::net::SocketAddr;

use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, FromRequest, Multipart, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use citabot_domain::chat::{ChatInput, ChatSessionId};
use citabot_domain::quick_replies::QuickReplies;
use citabot_store::User;
use serde_json::{Value, json};

use crate::auth::{Caller, limits};
use crate::config::ReplyMode;
use crate::hub::{ExecutionSource, LiveFrame};
use crate::language::Lang;
use crate::state::AppState;
use crate::uploads::{self, Upload};
use crate::usecases::chat_turn::{self, Turn, Visit};
use crate::usecases::conversation;
use crate::usecases::takeover::{self, HELD_NOTICE};
use crate::visitor_error::{VisitorError, VisitorErrorBody};
use crate::workflow::{self, UpstreamReply};
use wire::{
    ChatAnswer, ChatRequest, ExecutionStartedResponse, HistoryResponse, LangChainMessage,
    RawRequest, SendResponse,
};

/// Handles one widget request: JSON, or a multipart form when files are attached. The route's
/// `DefaultBodyLimit` bounds the whole form; JSON is held to `chat_max_body_bytes` here.
#[utoipa::path(post, path = "/api/n8n/chat", tag = "chat",
    description = "n8n's chat webhook protocol (PROTOCOL §2): `loadPreviousSession` answers the history, `sendMessage` the reply. With files, the same fields as a multipart form plus one `files` part per file.",
    request_body(content(
        (RawRequest = "application/json"),
        ("multipart/form-data"))),
    responses(
        (status = 200, description = "The history (`data`), the reply (`output`), or `executionStarted` when the reply comes over the live channel `/chat`; relayed from an external n8n, also its NDJSON stream as it arrives", content(
            (ChatAnswer = "application/json"),
            ("application/x-ndjson"))),
        (status = 400, description = "The request is malformed", body = VisitorErrorBody),
        (status = 403, description = "A forged cross-site request, or another person's conversation", body = VisitorErrorBody),
        (status = 413, description = "The message, a file or the body is too large", body = VisitorErrorBody),
        (status = 415, description = "Neither JSON nor a multipart form, or a file type not allowed", body = VisitorErrorBody),
        (status = 429, description = "Too many messages; see Retry-After", body = VisitorErrorBody),
        (status = 502, description = "The external workflow failed or answered garbage", body = VisitorErrorBody),
        (status = 504, description = "The external workflow did not answer in time", body = VisitorErrorBody)))]
pub async fn handle(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
) -> Response {
    let lang = Lang::from_headers(request.headers());
    answer_post(&state, &caller, peer, request)
        .await
        .unwrap_or_else(|error| error.for_language(lang).into_response())
}

async fn answer_post(
    state: &AppState,
    caller: &Caller,
    peer: SocketAddr,
    request: Request,
) -> Result<Response, VisitorError> {
    let headers = request.headers().clone();
    let (request, files) = read_request(state, request).await?;
    let user = caller.session().map(|session| &session.user);
    let visitor = visitor_key(user, peer);
    let mut response = match request {
        ChatRequest::LoadPreviousSession { session, metadata } => {
            limit_history_reads(state, &visitor).await?;
            load_previous_session(state, user, &session, metadata.as_ref(), &headers).await?
        }
        ChatRequest::SendMessage {
            session,
            input,
            metadata,
        } => {
            // Each message costs a workflow run: limited per account, or per address for guests.
            if let Err(retry) = state
                .limits
                .chat_messages
                .hit(&visitor, state.clock.now())
                .await
            {
                return Err(VisitorError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "Demasiados mensajes seguidos: espera {} s antes de enviar otro.",
                        retry.0
                    ),
                    format!(
                        "Too many messages: please wait {} s before sending another.",
                        retry.0
                    ),
                )
                .with_retry_after(retry.0));
            }
            let message = Outgoing {
                session: &session,
                input: &input,
                files: &files,
                client_metadata: metadata.as_ref(),
                visitor: &visitor,
                sign_in: caller.signed_in(),
            };
            send_message(state, user, message, &headers).await?
        }
    };
    // Conversations are personal: never kept by a shared cache.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// The request and its checked files. Anything but JSON or a multipart form is refused: a JSON
/// body sent as a "simple" type (text/plain, a plain HTML form) is how cross-site forgeries look.
async fn read_request(
    state: &AppState,
    request: Request,
) -> Result<(ChatRequest, Vec<Upload>), VisitorError> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if content_type.starts_with("multipart/form-data") {
        let form = Multipart::from_request(request, &())
            .await
            .map_err(|rejection| VisitorError::form_unreadable(rejection.status()))?;
        let (fields, files) = uploads::read(form, &state.settings).await?;
        let raw: RawRequest = serde_json::from_value(Value::Object(fields))
            .map_err(|error| VisitorError::unparsable(&error))?;
        return Ok((raw.into_request()?, files));
    }
    if !content_type.starts_with("application/json") {
        return Err(VisitorError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Envía JSON (Content-Type: application/json), o multipart/form-data con archivos.",
            "Send JSON (Content-Type: application/json), or multipart/form-data with files",
        ));
    }
    let body = Bytes::from_request(request, &())
        .await
        .map_err(|rejection| too_large_or_unreadable(state, &rejection))?;
    if body.len() > state.settings.chat_max_body_bytes {
        return Err(too_large(state));
    }
    Ok((RawRequest::parse(&body)?, Vec::new()))
}

/// A visitor's message on its way to an answer.
#[derive(Debug, Clone, Copy)]
struct Outgoing<'a> {
    session: &'a ChatSessionId,
    input: &'a ChatInput,
    files: &'a [Upload],
    client_metadata: Option<&'a Value>,
    /// Whom the per-visitor limits count ([`limits::visitor_key`]).
    visitor: &'a str,
    /// The account and its sign-in's token hash, for the workflow's capability.
    sign_in: Option<(&'a User, &'a str)>,
}

/// `GET /api/n8n/chat?action=loadPreviousSession&sessionId=…` (the widget with
/// `webhookConfig.method: 'GET'`). Sending a message by GET is refused: a GET must not change
/// anything (n8n's own Chat Trigger does not take messages by GET either).
#[utoipa::path(get, path = "/api/n8n/chat", tag = "chat", params(wire::QueryRequest),
    responses(
        (status = 200, description = "The conversation's history", body = HistoryResponse),
        (status = 400, description = "Anything but `loadPreviousSession`, or a malformed request", body = VisitorErrorBody),
        (status = 403, description = "Another person's conversation", body = VisitorErrorBody)))]
pub async fn handle_get(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    query: Result<Query<wire::QueryRequest>, QueryRejection>,
) -> Response {
    let lang = Lang::from_headers(&headers);
    answer_get(&state, &caller, peer, &headers, query)
        .await
        .unwrap_or_else(|error| error.for_language(lang).into_response())
}

async fn answer_get(
    state: &AppState,
    caller: &Caller,
    peer: SocketAddr,
    headers: &HeaderMap,
    query: Result<Query<wire::QueryRequest>, QueryRejection>,
) -> Result<Response, VisitorError> {
    let Query(query) = query.map_err(|rejection| {
        VisitorError::bad_request(
            "La dirección de la petición no se puede leer.",
            "The request's query string could not be read.",
        )
        .with_hint(rejection.body_text())
    })?;
    let user = caller.session().map(|session| &session.user);
    match query.into_request()? {
        ChatRequest::LoadPreviousSession { session, metadata } => {
            limit_history_reads(state, &visitor_key(user, peer)).await?;
            let mut response =
                load_previous_session(state, user, &session, metadata.as_ref(), headers).await?;
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            Ok(response)
        }
        ChatRequest::SendMessage { .. } => Err(VisitorError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "Los mensajes se envían con POST: usa webhookConfig.method 'POST' (el valor por defecto).",
            "Messages are sent with POST: use webhookConfig.method 'POST' (the default).",
        )),
    }
}

/// Whom the per-visitor limits count: the account, or the address for guests.
fn visitor_key(user: Option<&User>, peer: SocketAddr) -> String {
    limits::visitor_key(user.map(|user| user.id.as_str()), peer)
}

/// History reads are cheap but not free, and each one probes a session id: limited per visitor
/// like messages, well above what reloading pages needs.
async fn limit_history_reads(state: &AppState, visitor: &str) -> Result<(), VisitorError> {
    state
        .limits
        .history_reads
        .hit(visitor, state.clock.now())
        .await
        .map_err(|retry| {
            VisitorError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "Demasiadas consultas seguidas: espera {} s y vuelve a intentarlo.",
                    retry.0
                ),
                format!(
                    "Too many requests: please wait {} s and try again.",
                    retry.0
                ),
            )
            .with_retry_after(retry.0)
        })
}

/// The history of a conversation the caller may read. Another account's conversation answers
/// the same empty history as an unknown one, so ids cannot be probed.
async fn load_previous_session(
    state: &AppState,
    user: Option<&User>,
    session: &ChatSessionId,
    client_metadata: Option<&Value>,
    headers: &HeaderMap,
) -> Result<Response, VisitorError> {
    let caller_id = user.map(|user| user.id.as_str());
    let transcript = state
        .store
        .chat_transcript(session)
        .await
        .map_err(|error| VisitorError::from_store(&error))?;
    if transcript
        .as_ref()
        .is_some_and(|transcript| !transcript.readable_by(caller_id))
    {
        return Ok(Json(HistoryResponse::default()).into_response());
    }
    if let Some(upstream) = &state.upstream {
        // The workflow's memory holds the history in proxy mode.
        let body = json!({
            "action": "loadPreviousSession",
            "sessionId": session.as_str(),
            "metadata": metadata::for_caller(user, client_metadata, state.clock.now()),
        });
        return match upstream.send(&body, &[], headers, false).await? {
            UpstreamReply::Json(reply) => Ok(Json(reply).into_response()),
            UpstreamReply::Stream(_) => unreachable!("history is never requested as a stream"),
        };
    }
    let messages = transcript
        .map(|transcript| transcript.messages)
        .unwrap_or_default();
    let (taps, person) = if messages.is_empty() {
        (QuickReplies::default(), None)
    } else {
        let store = state.store.as_ref();
        let taps = conversation::offered_taps(store, session, &messages);
        let person = takeover::holder(state, session);
        let (taps, person) =
            tokio::try_join!(taps, person).map_err(|error| VisitorError::from_store(&error))?;
        (taps, person)
    };
    Ok(Json(HistoryResponse {
        data: messages.iter().map(LangChainMessage::from).collect(),
        suggestions: taps.suggestions,
        card: taps.card,
        person,
    })
    .into_response())
}

async fn send_message(
    state: &AppState,
    user: Option<&User>,
    message: Outgoing<'_>,
    headers: &HeaderMap,
) -> Result<Response, VisitorError> {
    let Outgoing {
        session,
        input,
        files,
        client_metadata,
        visitor,
        sign_in,
    } = message;
    let caller_id = user.map(|user| user.id.as_str());
    let Some(upstream) = &state.upstream else {
        let names: Vec<&str> = files.iter().map(|file| file.name.as_str()).collect();
        let site = metadata::site(headers);
        let visit = Visit {
            attachments: &names,
            client_date: metadata::client_date(client_metadata),
            site: site.as_deref(),
            visitor: Some(visitor),
        };
        let turn = chat_turn::answer_here(state, session, user, input, visit)
            .await
            .map_err(|error| VisitorError::from_store(&error))?;
        let reply = match turn {
            Turn::Answered(reply) => reply,
            Turn::HeldForStaff => {
                return Ok(held_for_staff(state, session, caller_id, headers).await);
            }
            Turn::WaitsForPerson { reply, nobody_now } => {
                let said: Vec<String> = std::iter::once(reply).chain(nobody_now).collect();
                return Ok(waiting_for_a_person(state, session, caller_id, headers, said).await);
            }
        };
        // A streaming widget gets the reply as one run; never `executionStarted`
        // (docs/PROTOCOL.md §3.2).
        if wants_stream(headers) {
            return Ok(one_run(state, &reply.text, &reply.quick));
        }
        if state.settings.chat_reply_mode == ReplyMode::Live {
            // The channel stays open after the reply: the widget's next message goes over it.
            // Live frames are text: the reply's taps stay behind (its text says the same).
            let queued = vec![LiveFrame::Message(reply.text)];
            return Ok(
                start_execution(state, session, caller_id, ExecutionSource::Here(queued)).await,
            );
        }
        return Ok(Json(SendResponse::new(reply.text, reply.quick)).into_response());
    };

    // Stored first: the ownership check happens before anything reaches the workflow.
    let held = chat_turn::store_if_taken_over(state, session, caller_id, input)
        .await
        .map_err(|error| VisitorError::from_store(&error))?;
    if held {
        return Ok(held_for_staff(state, session, caller_id, headers).await);
    }
    chat_turn::store_for_workflow(state, session, caller_id, input.as_str())
        .await
        .map_err(|error| VisitorError::from_store(&error))?;
    let mut metadata = metadata::for_caller(user, client_metadata, state.clock.now());
    metadata["citabot"] = metadata::capability(state, session, sign_in, input, headers);
    let secret = metadata["citabot"]["token"]
        .as_str()
        .and_then(workflow::redact::Secret::new);
    let body = json!({
        "action": "sendMessage",
        "sessionId": session.as_str(),
        "chatInput": input.as_str(),
        "metadata": metadata,
    });
    let streaming = wants_stream(headers);
    match upstream.send(&body, files, headers, streaming).await? {
        UpstreamReply::Json(mut reply) => {
            if let Some(secret) = &secret {
                secret.json(&mut reply);
            }
            if let Some(mut execution) = workflow::execution_started(&reply) {
                // The reply will come over the workflow's live channel: the widget gets our own
                // execution, bridged to it, and never the workflow's ids.
                execution.secret = secret;
                let source = ExecutionSource::Upstream(execution);
                return Ok(start_execution(state, session, caller_id, source).await);
            }
            if let Some(text) = workflow::reply_text(&reply) {
                chat_turn::store_workflow_reply(
                    state,
                    session.clone(),
                    user.map(|user| user.id.clone()),
                    text,
                )
                .await;
            }
            Ok(Json(reply).into_response())
        }
        UpstreamReply::Stream(response) => {
            let content_type = response
                .headers()
                .get(header::CONTENT_TYPE)
                .cloned()
                .unwrap_or_else(|| HeaderValue::from_static("application/json; charset=utf-8"));
            let (state, session, owner) = (
                state.clone(),
                session.clone(),
                user.map(|user| user.id.clone()),
            );
            let relayed = workflow::relay(response, secret, move |text| {
                Box::pin(async move {
                    if !text.is_empty() {
                        chat_turn::store_workflow_reply(&state, session, owner, text).await;
                    }
                })
            });
            let mut response = Response::new(Body::from_stream(relayed));
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, content_type);
            Ok(response)
        }
    }
}

/// A reply as a stream of one run, for a widget that asked for NDJSON.
fn one_run(state: &AppState, output: &str, quick: &QuickReplies) -> Response {
    let now_ms =
        i64::try_from(state.clock.now().unix_timestamp_nanos() / 1_000_000).unwrap_or_default();
    let mut response = Response::new(Body::from(wire::stream_reply(output, quick, now_ms)));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache, no-transform"),
    );
    response
}

/// The answer to a message held for staff. The widget goes to the live channel, where the notice
/// comes first (so it is not left waiting with its input locked) and the staff member's replies
/// follow. A streaming widget never opens the live channel (docs/PROTOCOL.md §3.2): it gets the
/// notice, and the replies with the history.
async fn held_for_staff(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    headers: &HeaderMap,
) -> Response {
    if wants_stream(headers) {
        return one_run(state, HELD_NOTICE, &QuickReplies::default());
    }
    let holder = match takeover::holder(state, session).await {
        Ok(holder) => holder,
        Err(error) => return VisitorError::from_store(&error).into_response(),
    };
    let queued = takeover::held_frames(holder);
    start_execution(state, session, caller_id, ExecutionSource::Here(queued)).await
}

/// The answer to a visitor who asked for a person: the widget goes to the live channel, where the
/// assistant's "aviso al equipo" comes first, so a staff member's first reply arrives while it is
/// open (and outside opening hours, at once, when the team will answer). A streaming widget gets
/// the sentences as one run.
async fn waiting_for_a_person(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    headers: &HeaderMap,
    said: Vec<String>,
) -> Response {
    if wants_stream(headers) {
        return one_run(state, &said.join("\n\n"), &QuickReplies::default());
    }
    let queued = said.into_iter().map(LiveFrame::Message).collect();
    start_execution(state, session, caller_id, ExecutionSource::Here(queued)).await
}

/// Starts an execution in the hub and answers n8n's `executionStarted`, which sends the widget
/// to the live channel.
async fn start_execution(
    state: &AppState,
    session: &ChatSessionId,
    caller_id: Option<&str>,
    source: ExecutionSource,
) -> Response {
    let started = match state
        .hub
        .start(session, caller_id, source, state.clock.now())
        .await
    {
        Ok(started) => started,
        Err(error) => return VisitorError::from_store(&error).into_response(),
    };
    Json(ExecutionStartedResponse {
        execution_started: true,
        execution_id: started.execution_id,
        resume_token: started.resume_token,
    })
    .into_response()
}

/// The widget asks for NDJSON with `Accept: text/plain` (docs/PROTOCOL.md §2.4).
fn wants_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/plain"))
}

fn too_large_or_unreadable(state: &AppState, rejection: &BytesRejection) -> VisitorError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(state)
    } else {
        VisitorError::new(
            rejection.status(),
            "No hemos podido leer el cuerpo de la petición.",
            "The request body could not be read",
        )
    }
}

fn too_large(state: &AppState) -> VisitorError {
    VisitorError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "La petición es demasiado grande: como mucho {} bytes.",
            state.settings.chat_max_body_bytes
        ),
        format!(
            "The request is too large: at most {} bytes",
            state.settings.chat_max_body_bytes
        ),
    )
}
