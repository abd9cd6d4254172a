//! The `citabot` binary itself: help, settings layering, migrate, and clear start-up errors.

use std::process::{Command, Output};

pub(crate) fn citabot(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_citabot"));
    command.args(args);
    for (key, _) in std::env::vars().filter(|(key, _)| key.starts_with("CITABOT_")) {
        command.env_remove(key);
    }
    command.envs(env.iter().copied());
    command.output().expect("the binary runs")
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn help_documents_every_setting_and_its_variable() {
    let output = citabot(&["--help"], &[]);
    assert!(output.status.success());
    let help = stdout(&output);
    for (flag, variable) in [
        ("--config", "CITABOT_CONFIG"),
        ("--listen", "CITABOT_LISTEN"),
        ("--database-url", "CITABOT_DATABASE_URL"),
        (
            "--database-max-connections",
            "CITABOT_DATABASE_MAX_CONNECTIONS",
        ),
        ("--log-format", "CITABOT_LOG_FORMAT"),
        ("--log-filter", "CITABOT_LOG_FILTER"),
        ("--chat-max-body-bytes", "CITABOT_CHAT_MAX_BODY_BYTES"),
        ("--shutdown-grace-secs", "CITABOT_SHUTDOWN_GRACE_SECS"),
    ] {
        assert!(
            help.contains(flag) && help.contains(variable),
            "{flag} / {variable} missing from:\n{help}"
        );
    }
    for command in ["serve", "migrate", "config"] {
        assert!(help.contains(command), "{command} missing");
    }
    assert!(
        help.contains("listen = \"127.0.0.1:3000\""),
        "defaults are listed:\n{help}"
    );
}

#[test]
fn environment_beats_file_and_flags_beat_environment() {
    let folder = tempfile::tempdir().expect("folder");
    let file = folder.path().join("citabot.toml");
    std::fs::write(
        &file,
        "listen = \"0.0.0.0:4000\"\nshutdown_grace_secs = 7\nlog_format = \"json\"\n",
    )
    .expect("write");
    let output = citabot(
        &["config", "--shutdown-grace-secs", "3"],
        &[
            ("CITABOT_CONFIG", file.to_str().expect("utf-8 path")),
            ("CITABOT_LISTEN", "127.0.0.1:5000"),
            ("CITABOT_SHUTDOWN_GRACE_SECS", "11"),
            ("CITABOT_DATABASE_URL", "postgres://app:hunter2@db/citabot"),
        ],
    );
    assert!(output.status.success(), "{output:?}");
    let shown = stdout(&output);
    assert!(shown.contains("listen = \"127.0.0.1:5000\""), "{shown}");
    assert!(shown.contains("shutdown_grace_secs = 3"), "{shown}");
    assert!(shown.contains("log_format = \"json\""), "{shown}");
    assert!(shown.contains("postgres://app:***@db/citabot"), "{shown}");
    assert!(!shown.contains("hunter2"), "{shown}");
}

#[test]
fn migrate_creates_the_sqlite_database_and_its_folder() {
    let folder = tempfile::tempdir().expect("folder");
    let database = folder.path().join("data/citabot.db");
    let url = format!("sqlite://{}", database.display());
    let output = citabot(
        &["migrate"],
        &[
            ("CITABOT_DATABASE_URL", &url),
            ("CITABOT_LOG_FILTER", "error"),
        ],
    );
    assert!(output.status.success(), "{output:?}");
    assert!(database.exists());
}

#[test]
fn start_up_errors_are_one_clear_line() {
    let output = citabot(
        &["migrate"],
        &[("CITABOT_DATABASE_URL", "mysql://db/citabot")],
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unsupported database URL mysql://db/citabot"),
        "{stderr}"
    );

    let output = citabot(&["config"], &[("CITABOT_LISTEN", "not-an-address")]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("not-an-address"));
}

fn citabot_with_stdin(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Output {
    use std::io::Write;
    let mut command = Command::new(env!("CARGO_BIN_EXE_citabot"));
    command.args(args).env("CITABOT_LOG_FILTER", "error");
    for (key, _) in std::env::vars().filter(|(key, _)| key.starts_with("CITABOT_")) {
        command.env_remove(key);
    }
    command.envs(env.iter().copied());
    command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("write the password");
    child.wait_with_output().expect("the binary ends")
}

#[tokio::test]
async fn user_add_creates_staff_who_can_sign_in() {
    let folder = tempfile::tempdir().expect("folder");
    let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
    let env = [("CITABOT_DATABASE_URL", url.as_str())];
    let args = [
        "user",
        "add",
        "--role",
        "usuario",
        "--email",
        "Marta@Peluqueria.es",
        "--first-name",
        "Marta",
        "--last-name",
        "Ruiz",
        "--password-stdin",
    ];
    let output = citabot_with_stdin(&args, &env, "una clave larga\n");
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("created usuario marta@peluqueria.es"),
        "{output:?}"
    );

    let again = citabot_with_stdin(&args, &env, "otra clave larga\n");
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists"),
        "{again:?}"
    );

    let store = citabot_store_sqlite::SqliteStore::connect(&url, 1)
        .await
        .expect("open");
    let email = citabot_domain::account::Email::parse("marta@peluqueria.es").expect("valid");
    let credentials = citabot_store::Store::user_credentials(&store, &email)
        .await
        .expect("reads")
        .expect("the account exists");
    assert_eq!(
        credentials.user.role,
        citabot_domain::account::Role::Usuario
    );
    assert!(
        citabot_server::auth::password::verify(
            "una clave larga".into(),
            Some(credentials.password_hash)
        )
        .await,
        "the password from stdin, without its newline, is the account's password"
    );
}

#[test]
fn user_add_refuses_unknown_roles_and_weak_passwords() {
    let folder = tempfile::tempdir().expect("folder");
    let url = format!("sqlite://{}", folder.path().join("citabot.db").display());
    let env = [("CITABOT_DATABASE_URL", url.as_str())];
    let base = [
        "user",
        "add",
        "--email",
        "a@ejemplo.es",
        "--first-name",
        "A",
        "--last-name",
        "B",
        "--password-stdin",
    ];
    let with_role = |role: &str, password: &str| {
        let mut args = base.to_vec();
        args.extend(["--role", role]);
        citabot_with_stdin(&args, &env, password)
    };
    let output = with_role("jefe", "una clave larga\n");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("unknown role \"jefe\""),
        "{output:?}"
    );
    let output = with_role("administrador", "corta\n");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("at least 8 characters"),
        "{output:?}"
    );
}
