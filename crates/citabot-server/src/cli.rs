//! The command line: `citabot [serve]`, `citabot migrate`, `citabot config`.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use citabot_domain::account::Role;
use citabot_domain::clock::{Clock, ShiftedClock, SystemClock};
use clap::{Parser, Subcommand};
use time::format_description::well_known::Rfc3339;

use crate::app::{Application, shutdown_signal};
use crate::config::{Settings, SettingsLayer, defaults_help};
use crate::usecases::accounts::{AccountInput, create_account};
use crate::{database, demo, telemetry};

/// citabot: an embeddable chat assistant for appointment-booking websites.
#[derive(Debug, Parser)]
#[command(name = "citabot", version, after_long_help = defaults_help(), after_help = defaults_help())]
pub struct Cli {
    /// A TOML settings file; its keys are the setting names below, in snake_case.
    #[arg(long, env = "CITABOT_CONFIG", global = true)]
    pub config: Option<PathBuf>,

    #[command(flatten)]
    pub settings: SettingsLayer,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site, the widget and the APIs (the default).
    Serve,
    /// Create or update the database schema, then exit.
    Migrate,
    /// Print the effective settings as TOML (passwords hidden), then exit.
    Config,
    /// Manage accounts.
    #[command(subcommand)]
    User(UserCommand),
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create an account (staff and administrators are created this way). The password is read
    /// from standard input, never from the command line.
    Add {
        /// cliente, usuario or administrador.
        #[arg(long, value_parser = parse_role)]
        role: Role,
        #[arg(long)]
        email: String,
        #[arg(long)]
        first_name: String,
        #[arg(long)]
        last_name: String,
        #[arg(long)]
        phone: Option<String>,
        /// Read the password from the first line of standard input.
        #[arg(long, required = true)]
        password_stdin: bool,
    },
}

fn parse_role(name: &str) -> Result<Role, String> {
    Role::parse(name)
        .ok_or_else(|| format!("unknown role {name:?}: use cliente, usuario or administrador"))
}

/// Runs the command the user asked for.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = Settings::load(cli.config.as_deref(), &cli.settings)?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Config => {
            print!("{}", settings.to_redacted_toml());
            Ok(())
        }
        Command::Migrate => {
            telemetry::init(&settings);
            let store = database::open(&settings).await?;
            tracing::info!(backend = store.backend_name(), "database is up to date");
            store.close().await;
            Ok(())
        }
        Command::User(UserCommand::Add {
            role,
            email,
            first_name,
            last_name,
            phone,
            password_stdin: _,
        }) => {
            telemetry::init(&settings);
            let mut password = String::new();
            std::io::stdin()
                .read_line(&mut password)
                .context("cannot read the password from standard input")?;
            let password = password.trim_end_matches(['\r', '\n']);
            let store = database::open(&settings).await?;
            let input = AccountInput {
                email: &email,
                password,
                first_name: &first_name,
                last_name: &last_name,
                phone: phone.as_deref(),
                role,
            };
            let created = create_account(store.as_ref(), input, clock(&settings).now()).await;
            store.close().await;
            let user = created?;
            println!("created {} {} ({})", user.role, user.email, user.id);
            Ok(())
        }
        Command::Serve => {
            telemetry::init(&settings);
            let clock = clock(&settings);
            let store = database::open(&settings).await?;
            demo::seed_and_announce(store.as_ref(), clock.as_ref())
                .await
                .context("cannot write the demo data")?;
            let app = Application::build(&settings, Arc::clone(&store), clock)
                .await
                .with_context(|| format!("cannot listen on {}", settings.listen))?;
            tracing::info!(
                address = %app.local_addr(),
                backend = store.backend_name(),
                "citabot is serving on http://{}",
                app.local_addr()
            );
            app.run_until(shutdown_signal()).await?;
            store.close().await;
            tracing::info!("stopped");
            Ok(())
        }
    }
}

/// The server's clock: the system's, or (`clock_start`, for tests) the system's moved to start
/// at that instant, which it says once, loudly, so a production log shows it.
fn clock(settings: &Settings) -> Arc<dyn Clock> {
    let Some(start) = settings.clock_start else {
        return Arc::new(SystemClock);
    };
    tracing::warn!(
        clock_start = %start.format(&Rfc3339).unwrap_or_default(),
        "the clock starts at clock_start and runs on from there: for tests only, never in production"
    );
    Arc::new(ShiftedClock::starting_at(start, SystemClock))
}
