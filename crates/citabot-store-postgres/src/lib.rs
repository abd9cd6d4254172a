//! The PostgreSQL adapter of the storage port: the backend for several server instances sharing
//! one database. It owns its migrations and the SQL only PostgreSQL runs (locks, the shared
//! state); the SQL both databases share runs here through [`statements`].

mod booking;
mod shared;
mod statements;
#[cfg(feature = "testing")]
pub mod testing;

use async_trait::async_trait;
use citabot_domain::account::Email;
use citabot_domain::chat::ChatSessionId;
use citabot_store::identity::{EmailFold, StoredEmail, plan_email_folds};
use citabot_store::sql::{SqlConn, WriteLock, conversations, holds, mail};
use citabot_store::{
    AuthSession, AuthSessionColumns, ChatMessage, ChatTranscript, ChatTurnWrite, CitaChange,
    CitaWritten, Credentials, CredentialsColumns, HoldWrite, Holds, MailWrite, NewAuthSession,
    NewUser, Store, StoreError, User, UserColumns,
};
use sqlx::postgres::{PgConnection, PgPool, PgPoolOptions};
use statements::Statements;
use time::OffsetDateTime;

/// A [`Store`] on one PostgreSQL database.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
    /// Who hears the other instances' notices: one listening connection for all of them.
    heard_by: std::sync::Arc<tokio::sync::Mutex<Option<shared::Listeners>>>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/database`).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(max_connections)
            .connect(url)
            .await
            .map_err(db_error)?;
        Ok(Self {
            pool,
            heard_by: std::sync::Arc::default(),
        })
    }

    /// Brings the schema up to date, then folds account emails stored before their key
    /// ([`citabot_store::identity`]); safe to run on every start, also from several instances
    /// at once (sqlx takes an advisory lock, the fold a lock on `users`). Returns what the fold
    /// changed.
    pub async fn migrate(&self) -> Result<Vec<EmailFold>, StoreError> {
        sqlx::migrate!("./migrations")
            .run(&self.pool)
            .await
            .map_err(StoreError::backend)?;
        self.fold_user_emails().await
    }

    /// Applies [`plan_email_folds`] to every account, in one transaction; set-aside accounts
    /// are signed out.
    async fn fold_user_emails(&self) -> Result<Vec<EmailFold>, StoreError> {
        let mut tx = self.pool.begin().await.map_err(StoreError::backend)?;
        // Another instance starting at the same moment waits here rather than folding twice.
        sqlx::query("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE")
            .execute(&mut *tx)
            .await
            .map_err(StoreError::backend)?;
        let rows: Vec<(String, String, OffsetDateTime)> =
            sqlx::query_as("SELECT id, email, created_at FROM users")
                .fetch_all(&mut *tx)
                .await
                .map_err(StoreError::backend)?;
        let rows: Vec<StoredEmail> = rows
            .into_iter()
            .map(|(user_id, email, created_at)| StoredEmail {
                user_id,
                email,
                created_at,
            })
            .collect();
        let folds = plan_email_folds(&rows);
        for fold in &folds {
            sqlx::query("UPDATE users SET email = $1 WHERE id = $2 AND email = $3")
                .bind(&fold.to)
                .bind(&fold.user_id)
                .bind(&fold.from)
                .execute(&mut *tx)
                .await
                .map_err(StoreError::backend)?;
            if fold.sets_aside() {
                sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1")
                    .bind(&fold.user_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(StoreError::backend)?;
            }
        }
        tx.commit().await.map_err(StoreError::backend)?;
        Ok(folds)
    }
}

/// Appends `messages` to `session` inside a transaction: creates the session owned by `writer`,
/// gives a guest's session to the first account that writes in it, and refuses anyone but an
/// account session's owner. The session's row stays locked until the transaction ends, so the
/// turns of one conversation are written one after the other.
async fn append_messages(
    conn: &mut PgConnection,
    session: &ChatSessionId,
    writer: Option<&str>,
    messages: &[ChatMessage],
) -> Result<(), StoreError> {
    let (Some(first), Some(last)) = (messages.first(), messages.last()) else {
        return Ok(());
    };
    sqlx::query(
        "INSERT INTO chat_sessions (id, owner_user_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(session.as_str())
    .bind(writer)
    .bind(first.created_at)
    .execute(&mut *conn)
    .await
    .map_err(db_error)?;
    let (owner,): (Option<String>,) =
        sqlx::query_as("SELECT owner_user_id FROM chat_sessions WHERE id = $1 FOR UPDATE")
            .bind(session.as_str())
            .fetch_one(&mut *conn)
            .await
            .map_err(db_error)?;
    match (owner.as_deref(), writer) {
        (Some(owner), _) if Some(owner) != writer => return Err(StoreError::NotOwner),
        (None, Some(account)) => {
            sqlx::query("UPDATE chat_sessions SET owner_user_id = $1 WHERE id = $2")
                .bind(account)
                .bind(session.as_str())
                .execute(&mut *conn)
                .await
                .map_err(db_error)?;
        }
        _ => {}
    }
    for message in messages {
        sqlx::query(
            "INSERT INTO chat_messages (session_id, author, content, created_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(session.as_str())
        .bind(message.author.as_str())
        .bind(&message.content)
        .bind(message.created_at)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    }
    sqlx::query("UPDATE chat_sessions SET last_message_at = $1 WHERE id = $2")
        .bind(last.created_at)
        .bind(session.as_str())
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    Ok(())
}

/// A database failure as the port names it. [`StoreError::Unavailable`] when it is about the
/// server not being able to work just now — the connection lost or refused (SQLSTATE class
/// 08), out of resources (53), shutting down or starting (57P01–57P03), read-only (25006), the
/// pool exhausted — so callers answer "try again shortly"; anything else is
/// [`StoreError::Backend`].
pub(crate) fn db_error(error: sqlx::Error) -> StoreError {
    let unavailable = match &error {
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code.starts_with("08")
                || code.starts_with("53")
                || code.starts_with("57P")
                || code == "25006"
        }),
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        _ => false,
    };
    if unavailable {
        StoreError::Unavailable(Box::new(error))
    } else {
        StoreError::backend(error)
    }
}

#[async_trait]
impl Store for PgStore {
    fn backend_name(&self) -> &'static str {
        "postgres"
    }

    fn shared(&self) -> Option<std::sync::Arc<dyn citabot_store::SharedState>> {
        Some(std::sync::Arc::new(self.clone()))
    }

    async fn ping(&self) -> Result<(), StoreError> {
        // `SELECT 1` passes on a standby or a read-only database too.
        let (read_only,): (bool,) = sqlx::query_as(
            "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'",
        )
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        if read_only {
            return Err(StoreError::Unavailable(
                "the database takes no writes: read-only, or a standby in recovery".into(),
            ));
        }
        Ok(())
    }

    async fn append_chat_messages(
        &self,
        session: &ChatSessionId,
        writer: Option<&str>,
        messages: &[ChatMessage],
    ) -> Result<(), StoreError> {
        if messages.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        append_messages(&mut tx, session, writer, messages).await?;
        tx.commit().await.map_err(db_error)
    }

    async fn commit_chat_turn(&self, turn: &ChatTurnWrite<'_>) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        // The stylist days this turn books or holds, locked in one order before anything else,
        // so that two turns taking the same two days cannot wait for each other.
        let mut days: Vec<(&str, time::Date)> = turn
            .change
            .and_then(CitaChange::takes)
            .map(|(staff, date, ..)| (staff, date))
            .into_iter()
            .chain(match turn.hold {
                Some(HoldWrite::Place { hold, .. }) => Some((hold.staff_id.as_str(), hold.date)),
                _ => None,
            })
            .collect();
        days.sort_unstable();
        days.dedup();
        for (staff, date) in days {
            Statements(&mut *tx)
                .lock(WriteLock::StylistDay {
                    staff_id: staff,
                    date,
                })
                .await?;
        }
        append_messages(&mut tx, turn.session, turn.writer, turn.messages).await?;
        conversations::note_inbox(&mut Statements(&mut *tx), turn.session, turn.inbox, turn.at)
            .await?;
        if let Some(state) = turn.assistant_state {
            booking::save_assistant_state(&mut tx, turn.session, state, turn.at).await?;
        }
        if let Some(change) = turn.change {
            let own = Holds::Respect {
                own: Some(turn.session.as_str()),
            };
            booking::apply_cita_change(&mut tx, change, turn.at, own).await?;
        }
        if let Some(hold) = turn.hold {
            holds::write(
                &mut Statements(&mut *tx),
                turn.session.as_str(),
                hold,
                turn.at,
            )
            .await?;
        }
        mail::queue(&mut Statements(&mut *tx), turn.mail, turn.at).await?;
        tx.commit().await.map_err(db_error)
    }

    async fn apply_cita_change(
        &self,
        change: &CitaChange,
        at: OffsetDateTime,
        holds: Holds<'_>,
        mail: MailWrite<'_>,
    ) -> Result<CitaWritten, StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        let written = booking::apply_cita_change(&mut tx, change, at, holds).await?;
        mail::queue(&mut Statements(&mut *tx), mail, at).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(written)
    }

    async fn chat_transcript(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatTranscript>, StoreError> {
        let owner: Option<(Option<String>,)> =
            sqlx::query_as("SELECT owner_user_id FROM chat_sessions WHERE id = $1")
                .bind(session.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        let Some((owner_user_id,)) = owner else {
            return Ok(None);
        };
        let rows: Vec<(String, String, OffsetDateTime)> = sqlx::query_as(
            "SELECT author, content, created_at FROM chat_messages WHERE session_id = $1 ORDER BY id",
        )
        .bind(session.as_str())
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let messages = rows
            .into_iter()
            .map(|(author, content, created_at)| {
                ChatMessage::from_row(&author, content, created_at)
            })
            .collect::<Result<_, _>>()?;
        Ok(Some(ChatTranscript {
            owner_user_id,
            messages,
        }))
    }

    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError> {
        sqlx::query(
            "INSERT INTO users (id, email, password_hash, first_name, last_name, phone, role, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&user.id)
        .bind(user.email.as_str())
        .bind(&user.password_hash)
        .bind(user.first_name.as_str())
        .bind(user.last_name.as_str())
        .bind(user.phone.as_ref().map(|phone| phone.as_str()))
        .bind(user.role.as_str())
        .bind(user.created_at)
        .execute(&self.pool)
        .await
        .map_err(|error| match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict("email"),
            _ => db_error(error),
        })?;
        Ok(User {
            id: user.id.clone(),
            email: user.email.as_str().to_owned(),
            first_name: user.first_name.as_str().to_owned(),
            last_name: user.last_name.as_str().to_owned(),
            phone: user.phone.as_ref().map(|phone| phone.as_str().to_owned()),
            role: user.role,
            created_at: user.created_at,
        })
    }

    async fn user_credentials(&self, email: &Email) -> Result<Option<Credentials>, StoreError> {
        let row: Option<CredentialsColumns> = sqlx::query_as(
            "SELECT id, email, first_name, last_name, phone, role, created_at, password_hash \
             FROM users WHERE email = $1",
        )
        .bind(email.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        row.map(Credentials::from_columns).transpose()
    }

    async fn user(&self, id: &str) -> Result<Option<User>, StoreError> {
        let row: Option<UserColumns> = sqlx::query_as(
            "SELECT id, email, first_name, last_name, phone, role, created_at FROM users WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        row.map(User::from_columns).transpose()
    }

    async fn create_auth_session(&self, session: &NewAuthSession) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO auth_sessions (token_hash, user_id, csrf_token, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&session.token_hash)
        .bind(&session.user_id)
        .bind(&session.csrf_token)
        .bind(session.created_at)
        .bind(session.expires_at)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(db_error)
    }

    async fn auth_session(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> Result<Option<AuthSession>, StoreError> {
        let row: Option<AuthSessionColumns> = sqlx::query_as(
            "SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.created_at, \
                    s.csrf_token, s.expires_at \
             FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        // Expiry is compared here, not in SQL: one rule for both databases' time types.
        let session = row.map(AuthSession::from_columns).transpose()?;
        Ok(session.filter(|session| session.expires_at > now))
    }

    async fn delete_auth_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM auth_sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(db_error)
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestDatabase;

    async fn fresh_store() -> Option<(PgStore, TestDatabase)> {
        let database = TestDatabase::create().await?;
        let store = PgStore::connect(database.url(), 4).await.expect("connect");
        store.migrate().await.expect("migrate PostgreSQL");
        Some((store, database))
    }

    citabot_store::store_conformance_tests!(fresh_store);

    /// The first migration of the email key; rows written before it are legacy.
    const IDENTITY_MIGRATION: i64 = 20261126000008;

    #[tokio::test]
    async fn legacy_emails_are_folded_once_at_migration() {
        use citabot_store::conformance::identity::{FOLDED_EMAILS, LEGACY_T0, LEGACY_USERS};

        let Some(database) = TestDatabase::create().await else {
            return;
        };
        let store = PgStore::connect(database.url(), 4).await.expect("connect");
        let older = sqlx::migrate!("./migrations")
            .migrations
            .iter()
            .filter(|migration| migration.version < IDENTITY_MIGRATION)
            .cloned()
            .collect();
        sqlx::migrate::Migrator::with_migrations(older)
            .run(&store.pool)
            .await
            .expect("older migrations");
        for (id, email, seconds) in LEGACY_USERS {
            sqlx::query(
                "INSERT INTO users (id, email, password_hash, first_name, last_name, role, created_at) \
                 VALUES ($1, $2, 'hash', 'Ana', 'López', 'cliente', $3)",
            )
            .bind(id)
            .bind(email)
            .bind(LEGACY_T0 + time::Duration::seconds(*seconds))
            .execute(&store.pool)
            .await
            .expect("a legacy row");
        }
        sqlx::query(
            "INSERT INTO auth_sessions (token_hash, user_id, csrf_token, created_at, expires_at) \
             VALUES ('h1', 'u-ana-lookalike', 'c', $1, $2)",
        )
        .bind(LEGACY_T0)
        .bind(LEGACY_T0 + time::Duration::days(1))
        .execute(&store.pool)
        .await
        .expect("a session");

        for run in ["first", "second"] {
            store.migrate().await.expect("migrate");
            let emails: Vec<(String, String)> =
                sqlx::query_as("SELECT id, email FROM users ORDER BY id COLLATE \"C\"")
                    .fetch_all(&store.pool)
                    .await
                    .expect("read");
            let expected: Vec<(String, String)> = FOLDED_EMAILS
                .iter()
                .map(|(id, email)| ((*id).to_owned(), (*email).to_owned()))
                .collect();
            assert_eq!(emails, expected, "{run} run");
        }
        let (sessions,): (i64,) = sqlx::query_as("SELECT count(*) FROM auth_sessions")
            .fetch_one(&store.pool)
            .await
            .expect("count");
        assert_eq!(sessions, 0, "a set-aside account is signed out");
        let bea = Email::parse("ＢＥＡ@ejemplo.es").expect("valid");
        let found = store.user_credentials(&bea).await.expect("read");
        assert_eq!(found.map(|c| c.user.id).as_deref(), Some("u-bea"));
        store.close().await;
    }

    #[tokio::test]
    async fn ping_fails_when_the_database_accepts_no_writes() {
        let Some((migrated, database)) = fresh_store().await else {
            return;
        };
        migrated.close().await;
        // One connection, read-only from now on, as on a standby or a database an operator
        // made read-only: `SELECT 1` would still succeed.
        let store = PgStore::connect(database.url(), 1).await.expect("connect");
        store.ping().await.expect("writable");
        sqlx::query("SET default_transaction_read_only = on")
            .execute(&store.pool)
            .await
            .expect("make the connection read-only");
        let error = store.ping().await.expect_err("no write can start");
        assert!(matches!(error, StoreError::Unavailable(_)), "{error:?}");
        store.close().await;
    }

    #[tokio::test]
    async fn migrations_are_idempotent() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        store.migrate().await.expect("second migration is a no-op");
        store.close().await;
    }
}
