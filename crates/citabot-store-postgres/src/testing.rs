//! Throw-away databases on a real PostgreSQL server, one per test, dropped afterwards.
//!
//! The server is `CITABOT_TEST_POSTGRES_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`).
//! When it cannot be reached, tests that need it are skipped with a message on stderr, unless
//! `CITABOT_TEST_POSTGRES=required` (set by CI), which turns that into a failure.

use sqlx::{AssertSqlSafe, Connection, PgConnection};

const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// A database created for one test; dropped (with any connections still open) when this is.
#[derive(Debug)]
pub struct TestDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl TestDatabase {
    /// Creates an empty database, or returns `None` (after saying so) when PostgreSQL is
    /// unreachable and not required.
    pub async fn create() -> Option<Self> {
        let admin_url = std::env::var("CITABOT_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_owned());
        let required = std::env::var("CITABOT_TEST_POSTGRES").is_ok_and(|v| v == "required");
        let mut admin = match PgConnection::connect(&admin_url).await {
            Ok(connection) => connection,
            Err(error) if !required => {
                eprintln!(
                    "SKIPPED: PostgreSQL unreachable at {admin_url} ({error}); set CITABOT_TEST_POSTGRES=required to fail instead"
                );
                return None;
            }
            Err(error) => panic!("PostgreSQL is required but unreachable at {admin_url}: {error}"),
        };
        let name = format!("citabot_test_{}", uuid::Uuid::new_v4().simple());
        // The name is ours (a UUID), never input: formatting it into the statement is safe.
        let create = AssertSqlSafe(format!(r#"CREATE DATABASE "{name}""#));
        sqlx::raw_sql(create)
            .execute(&mut admin)
            .await
            .expect("create the test database");
        admin.close().await.ok();
        let url = database_url(&admin_url, &name);
        Some(Self {
            admin_url,
            name,
            url,
        })
    }

    /// The URL of the new database.
    pub fn url(&self) -> &str {
        &self.url
    }
}

/// `admin_url` with its database path replaced by `name`.
fn database_url(admin_url: &str, name: &str) -> String {
    let (without_query, query) = match admin_url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (admin_url, String::new()),
    };
    let authority_end = without_query
        .find("://")
        .map(|scheme_end| scheme_end + 3)
        .and_then(|start| without_query[start..].find('/').map(|slash| start + slash))
        .unwrap_or(without_query.len());
    format!("{}/{name}{query}", &without_query[..authority_end])
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime, which cannot be blocked on: use a thread of our own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&admin_url)
                    .await
                    .map_err(std::io::Error::other)?;
                let drop =
                    AssertSqlSafe(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#));
                sqlx::raw_sql(drop)
                    .execute(&mut admin)
                    .await
                    .map_err(std::io::Error::other)?;
                admin.close().await.map_err(std::io::Error::other)
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("warning: could not drop test database {}", self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::database_url;

    #[test]
    fn database_url_replaces_only_the_path() {
        assert_eq!(
            database_url("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            database_url("postgres://u:p@h/db?sslmode=disable", "t2"),
            "postgres://u:p@h/t2?sslmode=disable"
        );
        assert_eq!(
            database_url("postgres://h:5432", "t3"),
            "postgres://h:5432/t3"
        );
    }
}
