//! Limits on each request, checked before any handler runs (REQUIREMENTS H13): the length of the
//! URL, the size of the header block, and a deadline for the whole body, so a client trickling
//! its upload a byte at a time cannot hold a handler (and its memory) for ever. A body the
//! handler did not read to its end closes the connection, and the answer says so.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use tokio::time::Sleep;

use crate::error::ApiError;

/// Longest request target (path and query). Every URL of ours is far shorter.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// Largest header block, names and values together.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Middleware: refuses overlong URLs (414) and header blocks (431), and bounds the time the
/// body may take to arrive (408, and the connection is closed).
pub async fn enforce(
    State(body_deadline): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if target > MAX_URI_BYTES {
        return refuse(
            StatusCode::URI_TOO_LONG,
            "uri_too_long",
            format!("La dirección es demasiado larga: como mucho {MAX_URI_BYTES} bytes."),
        );
    }
    // A NUL character reaches no handler: PostgreSQL's text cannot hold it, so an id or a search
    // with one would fail in the database instead of being refused here.
    if request
        .uri()
        .path_and_query()
        .is_some_and(|target| target.as_str().contains("%00"))
    {
        return refuse(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "La dirección no puede llevar el carácter nulo (%00).".to_owned(),
        );
    }
    let headers: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if headers > MAX_HEADER_BYTES {
        return refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "headers_too_large",
            format!("Las cabeceras son demasiado grandes: como mucho {MAX_HEADER_BYTES} bytes."),
        );
    }
    if request.body().is_end_stream() {
        return next.run(request).await;
    }
    let expired = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicBool::new(false));
    let request = request.map(|body| {
        Body::new(DeadlineBody {
            inner: body,
            deadline: Box::pin(tokio::time::sleep(body_deadline)),
            expired: Arc::clone(&expired),
            finished: Arc::clone(&finished),
        })
    });
    let mut response = next.run(request).await;
    if expired.load(Ordering::Relaxed) {
        // Whatever the handler made of the cut body, the client gets the real reason.
        return refuse(
            StatusCode::REQUEST_TIMEOUT,
            "body_timeout",
            format!(
                "El envío tardó demasiado: el cuerpo de la petición debe llegar en {} s.",
                body_deadline.as_secs()
            ),
        );
    }
    if !finished.load(Ordering::Relaxed) {
        // Refused before its body was read (its type, its size): hyper gives up on the rest and
        // closes the connection after this answer, so the client must not send another request
        // on it; said here, or its next request would meet a closed connection.
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

fn refuse(status: StatusCode, code: &'static str, message: String) -> Response {
    let mut response = ApiError::new(status, code, message).into_response();
    // The rest of what the client sends cannot be trusted to frame a next request.
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A request body that fails once its deadline passes, however steadily bytes still arrive, and
/// tells whether it was read to its end.
struct DeadlineBody {
    inner: Body,
    deadline: Pin<Box<Sleep>>,
    expired: Arc<AtomicBool>,
    finished: Arc<AtomicBool>,
}

#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive before its deadline")]
struct BodyDeadlinePassed;

impl HttpBody for DeadlineBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if this.deadline.as_mut().poll(cx).is_ready() {
            this.expired.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err(axum::Error::new(BodyDeadlinePassed))));
        }
        let frame = Pin::new(&mut this.inner).poll_frame(cx);
        if matches!(frame, Poll::Ready(None)) || this.inner.is_end_stream() {
            this.finished.store(true, Ordering::Relaxed);
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
