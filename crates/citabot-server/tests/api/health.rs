use reqwest::StatusCode;

use crate::helpers::{Backend, TestApp, json_body};

#[tokio::test]
async fn healthz_answers() {
    let app = TestApp::spawn().await;
    let response = app.get("/healthz").await;
    assert_eq!(
        json_body(response).await,
        (StatusCode::OK, serde_json::json!({ "status": "ok" }))
    );
}

#[tokio::test]
async fn readyz_follows_the_database() {
    let app = TestApp::spawn().await;
    let response = app.get("/readyz").await;
    assert_eq!(json_body(response).await.0, StatusCode::OK);

    app.store.close().await;
    let response = app.get("/readyz").await;
    let (status, body) = json_body(response).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["status"], "unavailable");
}

/// REQUIREMENTS H11, H12: every kind of response carries the policy, errors included.
#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    let responses = [
        app.get("/healthz").await,
        app.get("/api/profile").await,
        app.get("/api/nope").await,
        app.get("/assets/missing-1234.js").await,
        app.get("/").await,
        app.load_previous_session("s").await,
        app.send_message("", "hola").await,
    ];
    for response in responses {
        let url = response.url().to_string();
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("script-src 'self';"), "{url}: {csp}");
        assert!(csp.contains("frame-ancestors 'self'"), "{url}: {csp}");
        assert!(
            csp.contains("object-src 'none'") && csp.contains("base-uri 'none'"),
            "{url}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff", "{url}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{url}"
        );
        assert_eq!(headers["x-frame-options"], "SAMEORIGIN", "{url}");
        assert_eq!(
            headers["cross-origin-opener-policy"], "same-origin",
            "{url}"
        );
        assert!(headers.contains_key("permissions-policy"), "{url}");
    }
}

#[tokio::test]
async fn the_widget_bundle_is_loadable_from_any_site() {
    let app = TestApp::spawn().await;
    let response = app.get("/embed/chat.js").await;
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
    assert_eq!(
        response.headers()["cross-origin-resource-policy"],
        "cross-origin"
    );
}

/// Browsers ask for `/favicon.ico` on every page: the site's icon, not a 404.
#[tokio::test]
async fn the_site_has_a_favicon() {
    let app = TestApp::spawn().await;
    for (path, kind, starts) in [
        ("/favicon.ico", "icon", &b"\0\0\x01\0"[..]),
        ("/favicon.svg", "image/svg+xml", &b"<svg"[..]),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert!(content_type.contains(kind), "{path}: {content_type}");
        let body = response.bytes().await.expect("body");
        assert!(body.starts_with(starts), "{path}");
    }
    let page = app.get("/").await.text().await.expect("the page");
    assert!(
        page.contains(r#"<link rel="icon" href="/favicon.svg""#),
        "{page}"
    );
}

/// REQUIREMENTS H9: a forged Host never finds its way into an answer.
#[tokio::test]
async fn a_forged_host_is_never_echoed() {
    let app = TestApp::spawn().await;
    for path in ["/", "/api/nope", "/api/profile", "/healthz"] {
        let response = app
            .client
            .get(app.url(path))
            .header("host", "evil.example")
            .header("x-forwarded-host", "evil.example")
            .send()
            .await
            .expect("answers");
        let headers = format!("{:?}", response.headers());
        let body = response.text().await.expect("body");
        assert!(
            !headers.contains("evil.example") && !body.contains("evil.example"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_get_the_json_error_envelope() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/nope").await;
    let (status, body) = json_body(response).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"]["code"], "not_found");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
}

#[tokio::test]
async fn shutdown_lets_a_running_server_stop_cleanly() {
    let app = TestApp::spawn().await;
    let address = app.address;
    app.shut_down().await.expect("stops without error");
    assert!(
        tokio::net::TcpStream::connect(address).await.is_err(),
        "the port no longer accepts connections"
    );
}

#[tokio::test]
async fn a_stop_signal_drains_then_closes_the_listener() {
    let mut app = TestApp::spawn_on(Backend::Sqlite, |settings| {
        settings.shutdown_drain_secs = 2;
    })
    .await
    .expect("SQLite is always available");
    assert_eq!(app.get("/readyz").await.status(), StatusCode::OK);
    let asked = std::time::Instant::now();
    app.signal_stop();
    // A load balancer's probe is told to send new requests elsewhere, while a request that
    // still arrives here is served.
    let (status, body) = json_body(app.get("/readyz").await).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["reason"], "shutting down");
    assert_eq!(
        app.send_message("s-late", "hola").await.status(),
        StatusCode::OK
    );
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    let address = app.address;
    app.stop_server().await.expect("stops");
    assert!(
        asked.elapsed() >= std::time::Duration::from_secs(2),
        "the listener stayed open for the drain"
    );
    assert!(
        tokio::net::TcpStream::connect(address).await.is_err(),
        "then it is closed"
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_pattern() {
    let app = TestApp::spawn().await;
    app.send_message("m-1", "hola").await;
    app.send_message("m-2", "").await;
    app.get("/dashboard/citas/42").await;
    let response = app.get("/metrics").await;
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = response.text().await.expect("text");
    for line in [
        r#"citabot_http_requests_total{route="/api/n8n/chat",method="POST",status="200"} 1"#,
        r#"citabot_http_requests_total{route="/api/n8n/chat",method="POST",status="400"} 1"#,
        r#"citabot_http_requests_total{route="fallback",method="GET",status="200"} 1"#,
        r#"citabot_http_request_duration_seconds_count{route="/api/n8n/chat"} 2"#,
        "citabot_upstream_failures_total 0",
        "citabot_live_channels_open 0",
    ] {
        assert!(text.lines().any(|l| l == line), "missing {line} in\n{text}");
    }
    assert!(
        !text.contains("/dashboard/citas/42"),
        "raw paths never become labels"
    );
}
