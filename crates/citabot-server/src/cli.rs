//! The command line: `citabot [serve]`, `citabot migrate`, `citabot config`, `citabot user add`,
//! `citabot key add|list|revoke`.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use citabot_domain::account::Role;
use citabot_domain::clock::{Clock, ShiftedClock, SystemClock};
use citabot_store::Store;
use clap::{Parser, Subcommand};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::app::{Application, shutdown_signal};
use crate::auth::api_keys::{KEY_PREFIX, prefix};
use crate::config::{Settings, SettingsLayer, defaults_help};
use crate::usecases::accounts::{AccountInput, create_account};
use crate::usecases::api_keys::{self, Maker};
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
    /// Manage the API keys programs call /api with.
    #[command(subcommand)]
    Key(KeyCommand),
}

#[derive(Debug, Subcommand)]
pub enum KeyCommand {
    /// Make a key and print it, alone on one line: it is never shown again. A key made here
    /// belongs to no account, so it cannot take conversations over.
    Add {
        /// What the key is for, 1 to 80 characters ("n8n: recordatorios").
        #[arg(long)]
        name: String,
        /// usuario or administrador.
        #[arg(long, value_parser = parse_key_role)]
        role: Role,
    },
    /// List the keys, the newest first, revoked ones too (never their secrets).
    List,
    /// Revoke a key by its id (or its cbk_<id> prefix): it stops working at once.
    Revoke {
        /// The key's id, as `key list` shows it.
        id: String,
    },
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

fn parse_key_role(name: &str) -> Result<Role, String> {
    Role::parse(name)
        .filter(|role| role.is_staff())
        .ok_or_else(|| format!("unknown key role {name:?}: use usuario or administrador"))
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
        Command::Key(command) => {
            telemetry::init(&settings);
            let store = database::open(&settings).await?;
            let done = run_key_command(store.as_ref(), command, clock(&settings).now()).await;
            store.close().await;
            done
        }
        Command::Serve => {
            telemetry::init(&settings);
            let clock = clock(&settings);
            let _serving = database::claim_for_serving(&settings)?;
            let store = database::open(&settings).await?;
            demo::seed_and_announce(store.as_ref(), clock.as_ref(), settings.demo_week)
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

/// `citabot key …`: what it prints goes to standard output, the key of `add` alone on its line
/// so a script can take it (`KEY=$(citabot key add …)`).
async fn run_key_command(
    store: &dyn Store,
    command: KeyCommand,
    now: OffsetDateTime,
) -> anyhow::Result<()> {
    match command {
        KeyCommand::Add { name, role } => {
            let created = api_keys::create(store, Maker::COMMAND_LINE, &name, role, now).await?;
            tracing::info!(api_key = %created.key.id, %role, "made an API key on the command line");
            println!("{}", created.text);
        }
        KeyCommand::List => {
            for key in api_keys::list(store).await? {
                let state = match key.revoked_at {
                    Some(at) => format!("revoked {}", rfc3339(at)),
                    None => "active".to_owned(),
                };
                let made_by = key.created_by.map_or_else(
                    || "command line".to_owned(),
                    |user| format!("{} {}", user.first_name, user.last_name),
                );
                let last_used = key.last_used_at.map_or_else(|| "never".to_owned(), rfc3339);
                println!(
                    "{}\t{}\t{state}\t{}\tmade {} by {made_by}\tlast used {last_used}",
                    key.id,
                    key.role,
                    key.name,
                    rfc3339(key.created_at),
                );
            }
        }
        KeyCommand::Revoke { id } => {
            let id = id.strip_prefix(KEY_PREFIX).unwrap_or(&id);
            if !api_keys::revoke(store, id, now).await? {
                anyhow::bail!("no API key has the id {id:?} (see `citabot key list`)");
            }
            tracing::info!(api_key = %id, "revoked an API key on the command line");
            println!("revoked {}", prefix(id));
        }
    }
    Ok(())
}

fn rfc3339(instant: OffsetDateTime) -> String {
    instant.format(&Rfc3339).unwrap_or_default()
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
