//! The application: the router, and a server that shuts down gracefully. It is the only module
//! (with `main`) that knows every route; everything else reaches the shared state through
//! [`crate::state`].

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::Response;
use axum::routing::{MethodRouter, delete, get, patch, post, put};
use axum::{Router, middleware};
use citabot_domain::clock::Clock;
use citabot_store::Store;
use tokio::net::TcpListener;
use tower_http::classify::ServerErrorsFailureClass;
use tower_http::cors::{AllowHeaders, AllowOrigin, CorsLayer};
use tower_http::trace::TraceLayer;
use tracing::Span;

use crate::auth::limits::Limits;
use crate::config::Settings;
use crate::hub::channels::OpenChannels;
use crate::hub::shared::SharedHub;
use crate::hub::{InProcessHub, LiveHub};
use crate::mail::Outbox;
use crate::mail::sender::{MailSender, Mailer};
use crate::mail::token::{self, TokenKey};
use crate::metrics::Metrics;
use crate::security_headers::{self, SecurityHeaders};
use crate::serve::{self, ConnectionLimits};
use crate::state::AppState;
use crate::usecases::faq_index::FaqIndexCache;
use crate::usecases::salon_config::SalonConfigCache;
use crate::workflow::Upstream;
use crate::{
    assets, auth, dashboard, error, gateway, health, live, mcp, metrics_http, openapi, profile,
    request_limits, tools,
};

/// Largest body of the account APIs: a sign-up form is well under this.
const API_MAX_BODY_BYTES: usize = 16 * 1024;
/// Largest body of `PATCH /api/business`: fifty FAQ entries at their longest (1,200
/// characters, up to 4 bytes each) with room for JSON's escapes.
const BUSINESS_MAX_BODY_BYTES: usize = 512 * 1024;

/// Every route of the server.
pub fn router(state: AppState) -> Router {
    // The largest form with files; JSON bodies are held to `chat_max_body_bytes` by the handler.
    let chat_body_limit = DefaultBodyLimit::max(state.settings.chat_max_request_bytes());
    // Everything that knows who is calling: the caller is resolved first, then CSRF is checked.
    // The chat route's own body limit, set closer to it, overrides the APIs' smaller one.
    let chat_route: MethodRouter<AppState> = post(gateway::handle)
        .get(gateway::handle_get)
        .layer(chat_body_limit);
    let gateway = Router::new()
        .route("/api/n8n/chat", chat_route)
        .layer(gateway_cors(&state.settings));
    let api = Router::new()
        .merge(gateway)
        .route("/api/auth/signup", post(auth::handlers::signup))
        .route("/api/auth/login", post(auth::handlers::login))
        .route("/api/auth/logout", post(auth::handlers::logout))
        .route("/api/auth/session", get(auth::handlers::session))
        .route("/api/profile", get(profile::get))
        .route(
            "/api/business",
            get(dashboard::business::get).merge(
                patch(dashboard::business::update)
                    .layer(DefaultBodyLimit::max(BUSINESS_MAX_BODY_BYTES)),
            ),
        )
        .route("/api/business/hours", put(dashboard::business::set_hours))
        // The pictures' bodies are read by their handlers, each to its own limit.
        .route(
            "/api/business/logo",
            get(dashboard::images::get_logo)
                .put(dashboard::images::put_logo)
                .delete(dashboard::images::delete_logo),
        )
        .route(
            "/api/business/hero",
            get(dashboard::images::get_hero)
                .put(dashboard::images::put_hero)
                .delete(dashboard::images::delete_hero),
        )
        .route(
            "/api/business/outside-rules",
            get(dashboard::settings::outside_rules),
        )
        .route(
            "/api/closures",
            get(dashboard::settings::closures).post(dashboard::settings::add_closure),
        )
        .route(
            "/api/closures/{id}",
            delete(dashboard::settings::delete_closure),
        )
        .route(
            "/api/staff/{id}/schedule",
            get(dashboard::settings::schedule).put(dashboard::settings::set_schedule),
        )
        .route(
            "/api/staff/{id}/time-off",
            get(dashboard::settings::time_off).post(dashboard::settings::add_time_off),
        )
        .route(
            "/api/staff/{id}/time-off/{off_id}",
            delete(dashboard::settings::delete_time_off),
        )
        .route(
            "/api/services",
            get(dashboard::services::list).post(dashboard::services::create),
        )
        .route("/api/services/{id}", patch(dashboard::services::update))
        .route(
            "/api/appointments",
            get(dashboard::appointments::list).post(dashboard::appointments::create),
        )
        .route(
            "/api/appointments/{id}",
            patch(dashboard::appointments::update),
        )
        .route(
            "/api/appointments/{id}/availability",
            get(dashboard::appointments::move_availability),
        )
        .route(
            "/api/appointments/{id}/calendar.ics",
            get(dashboard::calendar::get),
        )
        .route(
            "/api/availability",
            get(dashboard::appointments::availability),
        )
        .route(
            "/api/availability/next",
            get(dashboard::bookings::next_times),
        )
        .route("/api/bookings", post(dashboard::bookings::book))
        .route("/api/holds", get(dashboard::appointments::holds))
        .route(
            "/api/manage/{token}",
            get(dashboard::manage::get).patch(dashboard::manage::reschedule),
        )
        .route(
            "/api/manage/{token}/availability",
            get(dashboard::manage::availability),
        )
        .route(
            "/api/manage/{token}/cancel",
            post(dashboard::manage::cancel),
        )
        .route(
            "/api/manage/{token}/attend",
            post(dashboard::manage::attend),
        )
        .route("/api/reviews", get(dashboard::reviews::list))
        .route("/api/reviews/{id}", patch(dashboard::reviews::update))
        .route(
            "/api/review/{token}",
            get(dashboard::reviews::invitation).post(dashboard::reviews::submit),
        )
        .route("/api/demo", delete(dashboard::business::remove_demo))
        .route("/api/mail", get(dashboard::mail::list))
        .route("/api/mail/{id}", get(dashboard::mail::get))
        .route("/api/mail/{id}/preview", get(dashboard::mail::preview))
        .route("/api/mail/{id}/retry", post(dashboard::mail::retry))
        .route(
            "/api/staff",
            get(dashboard::staff::list).post(dashboard::staff::create),
        )
        .route("/api/staff/{id}", patch(dashboard::staff::update))
        .route("/api/clients", get(dashboard::clients::list))
        .route(
            "/api/clients/{id}",
            get(dashboard::clients::get).patch(dashboard::clients::update),
        )
        .route("/api/conversations", get(dashboard::conversations::list))
        .route("/api/inbox", get(dashboard::conversations::counts))
        .route(
            "/api/conversations/{session_id}",
            get(dashboard::conversations::get),
        )
        .route(
            "/api/conversations/{session_id}/takeover",
            post(dashboard::conversations::take_over),
        )
        .route(
            "/api/conversations/{session_id}/messages",
            post(dashboard::conversations::send),
        )
        .route(
            "/api/conversations/{session_id}/handback",
            post(dashboard::conversations::hand_back),
        )
        .route(
            "/api/conversations/{session_id}/typing",
            post(dashboard::conversations::typing),
        )
        .route("/api/stats", get(dashboard::stats::get))
        .route(
            "/api/keys",
            get(dashboard::keys::list).post(dashboard::keys::create),
        )
        .route("/api/keys/{id}", delete(dashboard::keys::revoke))
        .route("/chat", get(live::socket::upgrade))
        .layer(DefaultBodyLimit::max(API_MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            forget_the_salon_after_changes,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::csrf::protect,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::resolve_caller,
        ));
    let routes = Router::new()
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(metrics_http::export))
        .route("/api/openapi.json", get(openapi::document))
        .route(
            "/mcp",
            post(mcp::post)
                .get(mcp::not_offered)
                .delete(mcp::not_offered)
                .layer(DefaultBodyLimit::max(mcp::MAX_MESSAGE_BYTES)),
        )
        .route(
            "/mcp/{token}",
            post(mcp::post_with_token)
                .get(mcp::not_offered)
                .delete(mcp::not_offered)
                .layer(DefaultBodyLimit::max(mcp::MAX_MESSAGE_BYTES)),
        )
        // The tools take a bearer only (no cookie, so no CSRF): outside the APIs' caller layer,
        // which refuses any bearer but a key.
        .route(
            "/api/tools/{name}",
            post(tools::rest::call).layer(DefaultBodyLimit::max(tools::rest::MAX_BODY_BYTES)),
        )
        .merge(api)
        .route("/embed/{*path}", get(assets::widget))
        .fallback(assets::site);
    // A panic is answered 500 inside the other layers, so that answer is counted, logged with
    // its request and carries the security headers like any other.
    error::catch_panics(routes)
        .layer(middleware::from_fn_with_state(
            Duration::from_secs(state.settings.request_body_timeout_secs),
            request_limits::enforce,
        ))
        // Outside the request limits, so their refusals (414, 431, 408) carry the headers too.
        .layer(middleware::from_fn_with_state(
            SecurityHeaders::new(&state.settings),
            security_headers::add,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            metrics_http::record,
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_failure(log_failure),
        )
        .with_state(state)
}

/// A request's log span.
/// Middleware: after a change made through the APIs, the chat turns read the salon's
/// configuration again (here and on the other instances). Any change counts, not only those
/// of Ajustes: they are few beside chat turns, and none is then missed. A chat message is
/// not one, nor what staff do in a conversation (take it, write, say they are writing, hand
/// it back): they change citas and conversations, never the configuration.
async fn forget_the_salon_after_changes(
    State(state): State<AppState>,
    request: Request,
    next: middleware::Next,
) -> Response {
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) && request.uri().path() != "/api/n8n/chat"
        && !request.uri().path().starts_with("/api/conversations/");
    let response = next.run(request).await;
    if changes && response.status().is_success() {
        state.salon.changed(state.store.shared().as_deref()).await;
    }
    response
}

fn request_span(request: &Request) -> Span {
    // The route pattern, not the raw path: ids in paths would make every span unique.
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("fallback", MatchedPath::as_str);
    tracing::info_span!("request", method = %request.method(), route)
}

/// Logs a failed answer, but a 500: that has logged its cause already (`ApiError::internal`, the
/// gateway's, the panic hook) inside the request's span, and one line says it.
fn log_failure(failure: ServerErrorsFailureClass, latency: Duration, _span: &Span) {
    if !matches!(
        failure,
        ServerErrorsFailureClass::StatusCode(StatusCode::INTERNAL_SERVER_ERROR)
    ) {
        tracing::error!(classification = %failure, ?latency, "response failed");
    }
}

/// CORS for the chat webhook: other sites may call it only from `allowed_origins`, never with
/// credentials (so no cookie ever rides along cross-site). Preflights are cached 5 minutes, as
/// n8n does.
fn gateway_cors(settings: &Settings) -> CorsLayer {
    let origins: Vec<HeaderValue> = settings
        .allowed_origins
        .iter()
        .filter_map(|origin| HeaderValue::from_str(origin).ok())
        .collect();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST])
        .allow_headers(AllowHeaders::mirror_request())
        .max_age(Duration::from_secs(300))
}

/// A bound, not yet running server.
#[derive(Debug)]
pub struct Application {
    listener: TcpListener,
    router: Router,
    connection_limits: ConnectionLimits,
    grace: Duration,
    /// How long `/readyz` says 503 after the stop signal before the listener closes.
    drain: Duration,
    draining: Arc<AtomicBool>,
    mail_sender: MailSender,
}

impl Application {
    /// Binds the listening socket (port 0 picks a free one) and builds the router.
    pub async fn build(
        settings: &Settings,
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
    ) -> std::io::Result<Self> {
        let listener = TcpListener::bind(settings.listen).await?;
        let metrics = Arc::new(Metrics::default());
        // The manage links' key lives in the database: links survive restarts and work on
        // every instance.
        let key = store
            .mail_signing_key(&token::fresh_key())
            .await
            .map_err(std::io::Error::other)?;
        // Links name the port bound, also when port 0 picked it.
        let bound = Settings {
            listen: listener.local_addr()?,
            ..settings.clone()
        };
        let outbox = Arc::new(Outbox::new(&bound, TokenKey::new(key)));
        let mailer = Mailer::from_settings(settings).map_err(std::io::Error::other)?;
        let mail_sender = MailSender::new(
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&outbox),
            mailer,
            (
                Duration::from_secs(settings.mail_poll_secs),
                Duration::from_secs(settings.shutdown_grace_secs),
            ),
        );
        let shared = store.shared();
        let channels = Arc::new(OpenChannels::default());
        // Several instances may share PostgreSQL: its hub attaches sockets on any of them.
        let hub: Arc<dyn LiveHub> = match &shared {
            Some(shared) => SharedHub::start(
                Arc::clone(shared),
                Arc::clone(&clock),
                Arc::clone(&channels),
            )
            .await
            .map_err(std::io::Error::other)?,
            None => Arc::new(InProcessHub::default()),
        };
        let salon = Arc::new(SalonConfigCache::default());
        if let Some(shared) = &shared {
            salon
                .listen_to(shared.as_ref())
                .await
                .map_err(std::io::Error::other)?;
        }
        let state = AppState {
            store,
            clock,
            settings: Arc::new(settings.clone()),
            limits: Arc::new(Limits::new(settings, shared)),
            upstream: Upstream::from_settings(settings, Arc::clone(&metrics))
                .map_err(std::io::Error::other)?
                .map(Arc::new),
            hub,
            channels,
            metrics,
            faq_index: Arc::new(FaqIndexCache::default()),
            salon,
            outbox,
            turns: Arc::default(),
            draining: Arc::default(),
        };
        let draining = Arc::clone(&state.draining);
        // Visitors who were waiting for a person when the server stopped are still told.
        match crate::usecases::takeover::resume_waits(&state).await {
            Ok(0) => {}
            Ok(resumed) => tracing::info!(resumed, "resumed the waits for a person"),
            Err(error) => tracing::warn!(%error, "cannot resume the waits for a person"),
        }
        Ok(Self {
            listener,
            router: router(state),
            connection_limits: ConnectionLimits::from_settings(settings),
            grace: Duration::from_secs(settings.shutdown_grace_secs),
            drain: Duration::from_secs(settings.shutdown_drain_secs),
            draining,
            mail_sender,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has an address")
    }

    /// Serves (and sends mail) until `shutdown` completes; then drains: `/readyz` answers 503
    /// for the drain period while everything is still served, so that a load balancer moves
    /// new requests to another instance without a refusal. Then it stops accepting connections
    /// and lets running requests finish for up to the grace period; the mail sender stops after
    /// them, so what they queued is still looked at until then.
    pub async fn run_until<S: Into<StopSignal>>(
        self,
        shutdown: impl Future<Output = S> + Send + 'static,
    ) -> std::io::Result<()> {
        let (stop_mail, mail_stopped) = tokio::sync::oneshot::channel::<()>();
        let mail = tokio::spawn(self.mail_sender.run(async {
            let _ = mail_stopped.await;
        }));
        let (draining, drain) = (self.draining, self.drain);
        let drained = async move {
            let signal: StopSignal = shutdown.await.into();
            draining.store(true, Ordering::Relaxed);
            if signal == StopSignal::Terminate && !drain.is_zero() {
                tracing::info!(
                    drain_secs = drain.as_secs(),
                    "stopping: /readyz says 503 while the last requests arrive"
                );
                tokio::time::sleep(drain).await;
            }
        };
        serve::serve(
            self.listener,
            self.router,
            self.connection_limits,
            drained,
            self.grace,
        )
        .await;
        let _ = stop_mail.send(());
        if let Err(error) = mail.await {
            tracing::error!(%error, "the mail sender ended badly");
        }
        Ok(())
    }
}

/// Why the server stops. A service manager's SIGTERM drains first; Ctrl-C at a terminal is
/// someone waiting for the prompt, so it does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopSignal {
    Interrupt,
    Terminate,
}

/// A stop asked for by code (the tests) is a service manager's: it drains.
impl From<()> for StopSignal {
    fn from((): ()) -> Self {
        Self::Terminate
    }
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() -> StopSignal {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => StopSignal::Interrupt,
        () = terminate => StopSignal::Terminate,
    }
}
