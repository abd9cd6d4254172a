//! The MCP server at `/mcp` (issue 21): the salon's diary as tools an AI agent (n8n's MCP Client
//! Tool, any MCP client) calls, under the rules of whom it acts for.
//!
//! Transport: Streamable HTTP, answered statelessly. Every JSON-RPC message is one `POST`; a
//! request is answered with one `application/json` body, a notification or a client's response
//! with 202. No session id is issued (the revisions before 2026-07-28 make it optional, the
//! newest has none), so any instance answers any request. `GET` (a server-to-client stream) and
//! `DELETE` (ending a session) are 405. JSON-RPC batches are refused, as every revision since
//! 2025-06-18 does.
//!
//! Two eras of the protocol are answered. The handshake revisions (2025-03-26 to 2025-11-25)
//! start with `initialize`. The newest, 2026-07-28, has no handshake: `server/discover` says what
//! the server speaks, and every request names its revision in `params._meta` (checked against
//! the `MCP-Protocol-Version`, `Mcp-Method` and, for `tools/call`, `Mcp-Name` headers); its
//! results say `resultType` and carry the server's name in `_meta`.
//!
//! Credential: `Authorization: Bearer <token>`, or the token as the path's last segment
//! (`/mcp/<token>`, so n8n's node needs only a URL). The token is a visitor's capability
//! ([`crate::auth::capability`]); a staff API key works as a bearer too. Nothing else is read:
//! no cookie, so no CSRF.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::auth::csrf::{Origins, check_origin};
use crate::auth::{self, Bearer, MalformedBearer};
use crate::error::ApiError;
use crate::state::AppState;
use crate::tools::{self, CredentialRefused, Principal, Refused};

/// The handshake revisions answered, newest first; a client asking `initialize` for another
/// gets the newest.
pub const PROTOCOL_VERSIONS: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];

/// The revision without a handshake (each request names it in `_meta`).
pub const MODERN_VERSION: &str = "2026-07-28";

// The reserved `_meta` keys of 2026-07-28.
const VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_META: &str = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO_META: &str = "io.modelcontextprotocol/serverInfo";

/// The largest JSON-RPC message read.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

// JSON-RPC 2.0's error codes.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;
/// In the range JSON-RPC leaves to servers; what MCP servers commonly answer a missing or bad
/// credential with.
const UNAUTHORISED: i64 = -32001;
/// 2026-07-28: a header disagrees with the request's body.
const HEADER_MISMATCH: i64 = -32020;
/// 2026-07-28: a revision this server does not speak (`data.supported` says which it does).
const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// `POST /mcp` with a bearer token.
pub async fn post(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let token = match auth::bearer(&headers) {
        Ok(Some(Bearer::Key(token) | Bearer::Other(token))) => Some(token),
        Ok(None) => None,
        Err(MalformedBearer) => {
            return unauthorised("La cabecera Authorization no es válida.");
        }
    };
    answer(&state, &headers, token, body).await
}

/// `POST /mcp/{token}`: the capability in the path.
pub async fn post_with_token(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    answer(&state, &headers, Some(token.as_str()), body).await
}

/// `GET` and `DELETE`: no stream is offered and there is no session to end.
pub async fn not_offered() -> Response {
    let mut response = (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(json!({"error": {"code": "method_not_allowed",
            "message": "Este servidor MCP solo atiende POST (sin flujo de eventos ni sesiones)."}})),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("POST"));
    response
}

/// 401 with a JSON-RPC error body: the SDKs show its message rather than a bare status.
fn unauthorised(message: &str) -> Response {
    let mut response =
        rpc_error_response(StatusCode::UNAUTHORIZED, Value::Null, UNAUTHORISED, message);
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"citabot\""),
    );
    response
}

/// Whom `token` acts for.
async fn principal(state: &AppState, token: Option<&str>) -> Result<Principal, Response> {
    let Some(token) = token else {
        return Err(unauthorised(
            "Falta la credencial: usa la dirección MCP de la conversación o una clave de API.",
        ));
    };
    tools::principal(state, token)
        .await
        .map_err(|refused| match refused {
            CredentialRefused::Invalid => {
                unauthorised("La credencial no es válida, se ha revocado o ha caducado.")
            }
            CredentialRefused::Answered(response) => response,
        })
}

async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    token: Option<&str>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    // A browser page of another site must not drive the tools (DNS rebinding); programs send
    // no Origin.
    if check_origin(headers, Origins::from_settings(&state.settings)).is_err() {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "Este origen no puede usar el servidor MCP.",
        )
        .into_response();
    }
    let principal = match principal(state, token).await {
        Ok(principal) => principal,
        Err(response) => return response,
    };
    let Ok(body) = body else {
        // Longer than MAX_MESSAGE_BYTES (the route's limit), or cut off.
        return rpc_error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            Value::Null,
            INVALID_REQUEST,
            &format!("The message is too large or incomplete (at most {MAX_MESSAGE_BYTES} bytes)."),
        );
    };
    let message: Value = match serde_json::from_slice(&body) {
        Ok(message) => message,
        Err(_) => {
            return rpc_error_response(
                StatusCode::BAD_REQUEST,
                Value::Null,
                PARSE_ERROR,
                "The body is not JSON.",
            );
        }
    };
    let Value::Object(message) = message else {
        let what = if message.is_array() {
            "Batches are not accepted: send one JSON-RPC message per request."
        } else {
            "A JSON-RPC message is an object."
        };
        return rpc_error_response(StatusCode::BAD_REQUEST, Value::Null, INVALID_REQUEST, what);
    };
    let id = message.get("id").cloned();
    let method = message.get("method").and_then(Value::as_str);
    let (Some(method), Some(id)) = (method, id.clone()) else {
        // A notification, or a client's response to nothing we asked: accepted, not answered.
        if message.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
            && (method.is_some() || message.contains_key("result") || message.contains_key("error"))
        {
            return StatusCode::ACCEPTED.into_response();
        }
        return rpc_error_response(
            StatusCode::BAD_REQUEST,
            id.unwrap_or(Value::Null),
            INVALID_REQUEST,
            "Not a JSON-RPC 2.0 request.",
        );
    };
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0")
        || !(id.is_string() || id.is_number())
    {
        return rpc_error_response(
            StatusCode::BAD_REQUEST,
            Value::Null,
            INVALID_REQUEST,
            "Not a JSON-RPC 2.0 request (\"jsonrpc\": \"2.0\" and a string or number id).",
        );
    }
    let params = message.get("params").cloned().unwrap_or(Value::Null);
    let era = match era(headers, method, &params) {
        Ok(era) => era,
        Err(refused) => {
            let body = json!({"jsonrpc": "2.0", "id": id, "error": refused});
            return (StatusCode::BAD_REQUEST, axum::Json(body)).into_response();
        }
    };
    match (dispatch(state, &principal, method, params).await, era) {
        (Ok(result), Era::Handshake) => {
            rpc_response(json!({"jsonrpc": "2.0", "id": id, "result": result}))
        }
        (Ok(result), Era::Modern) => rpc_response(
            json!({"jsonrpc": "2.0", "id": id, "result": modern_result(method, result)}),
        ),
        (Err(RpcError { code, message }), era) => {
            let body =
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
            // The newest revision answers an unknown method with 404, its others as every
            // revision before: at 200, where every SDK reads them.
            let status = if era == Era::Modern && code == METHOD_NOT_FOUND {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::OK
            };
            let mut response = rpc_response(body);
            *response.status_mut() = status;
            response
        }
    }
}

/// Which era of the protocol a request belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Era {
    /// After an `initialize` handshake (2025-11-25 and before).
    Handshake,
    /// 2026-07-28: the revision named in every request.
    Modern,
}

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// The request's era, or the JSON-RPC error (answered with 400) that says what is wrong with
/// how it names its revision.
fn era(headers: &HeaderMap, method: &str, params: &Value) -> Result<Era, Value> {
    let version_header = header(headers, "mcp-protocol-version");
    let meta = params.get("_meta");
    let named = meta.and_then(|meta| meta.get(VERSION_META));
    let modern =
        named.is_some() || version_header == Some(MODERN_VERSION) || method == "server/discover";
    if !modern {
        return match version_header {
            Some(version) if !PROTOCOL_VERSIONS.contains(&version) => Err(unsupported(version)),
            _ => Ok(Era::Handshake),
        };
    }
    let (Some(version), Some(_)) = (named, meta.and_then(|meta| meta.get(CAPABILITIES_META)))
    else {
        return Err(json!({"code": INVALID_PARAMS, "message": format!(
            "params._meta must carry {VERSION_META:?} and {CAPABILITIES_META:?}.")}));
    };
    let Some(version) = version.as_str() else {
        return Err(json!({"code": INVALID_PARAMS,
            "message": format!("{VERSION_META:?} must be a string.")}));
    };
    let mismatch = |what: &str| json!({"code": HEADER_MISMATCH, "message": what});
    if version_header != Some(version) {
        return Err(mismatch(
            "The MCP-Protocol-Version header does not match params._meta's protocol version.",
        ));
    }
    if header(headers, "mcp-method") != Some(method) {
        return Err(mismatch(
            "The Mcp-Method header does not match the request's method.",
        ));
    }
    if method == "tools/call"
        && let Some(name) = params.get("name").and_then(Value::as_str)
        && header(headers, "mcp-name") != Some(name)
    {
        return Err(mismatch(
            "The Mcp-Name header does not match the tool's name.",
        ));
    }
    if version != MODERN_VERSION {
        return Err(unsupported(version));
    }
    Ok(Era::Modern)
}

/// Every revision answered, newest first.
fn all_versions() -> Vec<&'static str> {
    std::iter::once(MODERN_VERSION)
        .chain(PROTOCOL_VERSIONS)
        .collect()
}

fn unsupported(version: &str) -> Value {
    json!({"code": UNSUPPORTED_PROTOCOL_VERSION,
        "message": format!("Unsupported protocol version {version:?}."),
        "data": {"supported": all_versions(), "requested": version}})
}

fn server_info() -> Value {
    json!({
        "name": "citabot",
        "title": "citabot: la agenda del salón",
        "version": env!("CARGO_PKG_VERSION"),
    })
}

/// A result as 2026-07-28 writes it: complete (never a request for input), with the server's
/// name; the tools' list may be cached, by anyone, for five minutes (it is the same for every
/// caller and changes only with a new version of the server).
fn modern_result(method: &str, mut result: Value) -> Value {
    if let Value::Object(fields) = &mut result {
        fields.insert("resultType".into(), json!("complete"));
        fields.insert("_meta".into(), json!({ SERVER_INFO_META: server_info() }));
        if method == "tools/list" {
            fields.insert("ttlMs".into(), json!(300_000));
            fields.insert("cacheScope".into(), json!("public"));
        }
    }
    result
}

/// `server/discover` (2026-07-28): what the server speaks, with nothing to negotiate.
fn discover() -> Value {
    json!({
        "supportedVersions": all_versions(),
        "capabilities": { "tools": { "listChanged": false } },
        "instructions": tools::INSTRUCTIONS,
        "ttlMs": 300_000,
        "cacheScope": "public",
    })
}

/// A JSON-RPC error to answer a request with.
#[derive(Debug)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
}

impl RpcError {
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self {
            code: INVALID_PARAMS,
            message: message.into(),
        }
    }
}

async fn dispatch(
    state: &AppState,
    principal: &Principal,
    method: &str,
    params: Value,
) -> Result<Value, RpcError> {
    match method {
        "initialize" => Ok(initialize(&params)),
        "server/discover" => Ok(discover()),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({ "tools": tools::definitions() })),
        "tools/call" => call(state, principal, params).await,
        "resources/list" => Ok(json!({ "resources": [] })),
        "resources/templates/list" => Ok(json!({ "resourceTemplates": [] })),
        "prompts/list" => Ok(json!({ "prompts": [] })),
        _ => Err(RpcError {
            code: METHOD_NOT_FOUND,
            message: format!("Unknown method {method:?}."),
        }),
    }
}

/// `tools/call`: the tool's JSON as `structuredContent` with the same JSON as text beside it
/// (for clients that read only text), or a refusal's sentence with `isError`.
async fn call(state: &AppState, principal: &Principal, params: Value) -> Result<Value, RpcError> {
    let name = params
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| RpcError::invalid_params("tools/call needs a tool \"name\"."))?;
    let arguments = params
        .get("arguments")
        .cloned()
        .unwrap_or_else(|| json!({}));
    if !arguments.is_object() {
        return Err(RpcError::invalid_params("\"arguments\" must be an object."));
    }
    let Some(outcome) = tools::run(state, principal, name, arguments).await else {
        return Err(RpcError::invalid_params(format!("Unknown tool {name:?}.")));
    };
    Ok(match outcome {
        Ok(structured) => json!({
            "content": [{"type": "text", "text": structured.to_string()}],
            "structuredContent": structured,
            "isError": false,
        }),
        Err(Refused { sentence, .. }) => json!({
            "content": [{"type": "text", "text": sentence}],
            "isError": true,
        }),
    })
}

/// The version a client asked for when answered here, else the newest.
fn negotiated(params: &Value) -> &'static str {
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    PROTOCOL_VERSIONS
        .into_iter()
        .find(|version| Some(*version) == asked)
        .unwrap_or(PROTOCOL_VERSIONS[0])
}

fn initialize(params: &Value) -> Value {
    json!({
        "protocolVersion": negotiated(params),
        "capabilities": { "tools": { "listChanged": false } },
        "serverInfo": server_info(),
        "instructions": tools::INSTRUCTIONS,
    })
}

fn rpc_response(body: Value) -> Response {
    let mut response = (StatusCode::OK, axum::Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn rpc_error_response(status: StatusCode, id: Value, code: i64, message: &str) -> Response {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    (status, axum::Json(body)).into_response()
}
