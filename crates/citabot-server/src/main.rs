//! The `citabot` binary: parses the command line and runs it.

use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    citabot_server::telemetry::log_panics_as_one_line();
    let cli = citabot_server::cli::Cli::parse();
    match citabot_server::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("citabot: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
