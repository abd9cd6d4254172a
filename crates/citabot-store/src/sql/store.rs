//! The rest of [`Store`]: chat transcripts and turns written whole, accounts and their
//! signed-in sessions, and the fold of account emails that migrations end with. What only the
//! adapter knows (its name, readiness, closing) comes from its [`SqlBackend`].

use std::sync::Arc;

use async_trait::async_trait;
use citabot_domain::account::Email;
use citabot_domain::chat::ChatSessionId;
use time::OffsetDateTime;

use super::{
    Arg, SqlBackend, SqlConn, SqlTx, WriteLock, booking, conflict_on, conversations, holds, mail,
};
use crate::conversations::InboxNote;
use crate::identity::{EmailFold, StoredEmail, plan_email_folds};
use crate::{
    AuthSession, AuthSessionColumns, ChatMessage, ChatTranscript, ChatTurnWrite, CitaChange,
    CitaWritten, Credentials, CredentialsColumns, HoldWrite, Holds, MailWrite, NewAuthSession,
    NewUser, SharedState, Store, StoreError, User, UserColumns,
};

/// Appends `messages` to `session` inside a transaction, with what the turn notes for the inbox:
/// creates the session owned by `writer`, gives a guest's session to the first account that
/// writes in it, and refuses anyone but an account session's owner. The session's row is written
/// first (an upsert that returns its owner), so it stays locked until the transaction ends and
/// the turns of one conversation are written one after another.
async fn append_messages(
    conn: &mut impl SqlConn,
    session: &ChatSessionId,
    writer: Option<&str>,
    messages: &[ChatMessage],
    (note, at): (InboxNote<'_>, OffsetDateTime),
) -> Result<(), StoreError> {
    let (Some(first), Some(last)) = (messages.first(), messages.last()) else {
        return conversations::note_inbox(conn, session, note, at).await;
    };
    let (owner,): (Option<String>,) = conn
        .one(
            "INSERT INTO chat_sessions (id, owner_user_id, created_at, last_message_at, \
               needs_person_since, visitor_name, site, language) \
             VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN $6 END, $7, $8, $9) \
             ON CONFLICT (id) DO UPDATE SET \
               owner_user_id = COALESCE(chat_sessions.owner_user_id, excluded.owner_user_id), \
               last_message_at = excluded.last_message_at, \
               needs_person_since = CASE WHEN $5 \
                 THEN COALESCE(chat_sessions.needs_person_since, $6) \
                 ELSE chat_sessions.needs_person_since END, \
               visitor_name = COALESCE(excluded.visitor_name, chat_sessions.visitor_name), \
               site = COALESCE(chat_sessions.site, excluded.site), \
               language = COALESCE(excluded.language, chat_sessions.language) \
             RETURNING owner_user_id",
            crate::args![
                session.as_str(),
                writer,
                first.created_at,
                last.created_at,
                note.needs_person,
                at,
                note.visitor_name,
                note.site,
                note.language,
            ],
        )
        .await?;
    if owner.is_some() && owner.as_deref() != writer {
        return Err(StoreError::NotOwner);
    }
    // One statement for all the turn's messages: `($1, $2, $3, $4), ($1, $5, $6, $7)`…
    let rows = (0..messages.len())
        .map(|index| {
            let at = 2 + 3 * index;
            format!("($1, ${at}, ${}, ${})", at + 1, at + 2)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut args = vec![Arg::from(session.as_str())];
    for message in messages {
        args.extend([
            Arg::from(message.author.as_str()),
            Arg::from(&message.content),
            Arg::from(message.created_at),
        ]);
    }
    conn.execute(
        &format!(
            "INSERT INTO chat_messages (session_id, author, content, created_at) VALUES {rows}"
        ),
        &args,
    )
    .await
    .map(drop)
}

/// Applies [`plan_email_folds`] to every account, in one transaction; set-aside accounts are
/// signed out. Another instance starting at the same moment waits rather than folding twice.
pub async fn fold_user_emails(backend: &impl SqlBackend) -> Result<Vec<EmailFold>, StoreError> {
    let mut tx = backend.write().await?;
    tx.lock(WriteLock::Accounts).await?;
    let rows: Vec<(String, String, OffsetDateTime)> = tx
        .all("SELECT id, email, created_at FROM users", &[])
        .await?;
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
        tx.execute(
            "UPDATE users SET email = $1 WHERE id = $2 AND email = $3",
            crate::args![&fold.to, &fold.user_id, &fold.from],
        )
        .await?;
        if fold.sets_aside() {
            tx.execute(
                "DELETE FROM auth_sessions WHERE user_id = $1",
                crate::args![&fold.user_id],
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(folds)
}

#[async_trait]
impl<B: SqlBackend> Store for B {
    fn backend_name(&self) -> &'static str {
        self.name()
    }

    fn shared(&self) -> Option<Arc<dyn SharedState>> {
        self.shared_state()
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.check_ready().await
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
        let mut tx = self.write().await?;
        let unchanged = (InboxNote::default(), OffsetDateTime::UNIX_EPOCH);
        append_messages(&mut tx, session, writer, messages, unchanged).await?;
        tx.commit().await
    }

    async fn commit_chat_turn(&self, turn: &ChatTurnWrite<'_>) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
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
        for (staff_id, date) in days {
            tx.lock(WriteLock::StylistDay { staff_id, date }).await?;
        }
        let note = (turn.inbox, turn.at);
        append_messages(&mut tx, turn.session, turn.writer, turn.messages, note).await?;
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
            holds::write(&mut tx, turn.session.as_str(), hold, turn.at).await?;
        }
        mail::queue(&mut tx, turn.mail, turn.at).await?;
        tx.commit().await
    }

    async fn apply_cita_change(
        &self,
        change: &CitaChange,
        at: OffsetDateTime,
        holds: Holds<'_>,
        mail: MailWrite<'_>,
    ) -> Result<CitaWritten, StoreError> {
        let mut tx = self.write().await?;
        let written = booking::apply_cita_change(&mut tx, change, at, holds).await?;
        mail::queue(&mut tx, mail, at).await?;
        tx.commit().await?;
        Ok(written)
    }

    async fn chat_transcript(
        &self,
        session: &ChatSessionId,
    ) -> Result<Option<ChatTranscript>, StoreError> {
        let mut conn = self.connection().await?;
        let owner: Option<(Option<String>,)> = conn
            .optional(
                "SELECT owner_user_id FROM chat_sessions WHERE id = $1",
                crate::args![session.as_str()],
            )
            .await?;
        let Some((owner_user_id,)) = owner else {
            return Ok(None);
        };
        let rows: Vec<(String, String, OffsetDateTime)> = conn
            .all(
                "SELECT author, content, created_at FROM chat_messages WHERE session_id = $1 \
                 ORDER BY id",
                crate::args![session.as_str()],
            )
            .await?;
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
        let phone = user.phone.as_ref().map(|phone| phone.as_str());
        self.connection()
            .await?
            .execute(
                "INSERT INTO users (id, email, password_hash, first_name, last_name, phone, \
                 role, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                crate::args![
                    &user.id,
                    user.email.as_str(),
                    &user.password_hash,
                    user.first_name.as_str(),
                    user.last_name.as_str(),
                    phone,
                    user.role.as_str(),
                    user.created_at,
                ],
            )
            .await
            .map_err(conflict_on("email"))?;
        Ok(User {
            id: user.id.clone(),
            email: user.email.as_str().to_owned(),
            first_name: user.first_name.as_str().to_owned(),
            last_name: user.last_name.as_str().to_owned(),
            phone: phone.map(str::to_owned),
            role: user.role,
            created_at: user.created_at,
        })
    }

    async fn user_credentials(&self, email: &Email) -> Result<Option<Credentials>, StoreError> {
        let row: Option<CredentialsColumns> = self
            .connection()
            .await?
            .optional(
                "SELECT id, email, first_name, last_name, phone, role, created_at, password_hash \
                 FROM users WHERE email = $1",
                crate::args![email.as_str()],
            )
            .await?;
        row.map(Credentials::from_columns).transpose()
    }

    async fn user(&self, id: &str) -> Result<Option<User>, StoreError> {
        let row: Option<UserColumns> = self
            .connection()
            .await?
            .optional(
                "SELECT id, email, first_name, last_name, phone, role, created_at FROM users \
                 WHERE id = $1",
                crate::args![id],
            )
            .await?;
        row.map(User::from_columns).transpose()
    }

    async fn create_auth_session(&self, session: &NewAuthSession) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "INSERT INTO auth_sessions (token_hash, user_id, csrf_token, created_at, \
                 expires_at) VALUES ($1, $2, $3, $4, $5)",
                crate::args![
                    &session.token_hash,
                    &session.user_id,
                    &session.csrf_token,
                    session.created_at,
                    session.expires_at,
                ],
            )
            .await
            .map(drop)
    }

    async fn auth_session(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> Result<Option<AuthSession>, StoreError> {
        let row: Option<AuthSessionColumns> = self
            .connection()
            .await?
            .optional(
                "SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.created_at, \
                        s.csrf_token, s.expires_at \
                 FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
                crate::args![token_hash],
            )
            .await?;
        // Expiry is compared here, not in SQL: one rule for both databases' time types.
        let session = row.map(AuthSession::from_columns).transpose()?;
        Ok(session.filter(|session| session.expires_at > now))
    }

    async fn delete_auth_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.connection()
            .await?
            .execute(
                "DELETE FROM auth_sessions WHERE token_hash = $1",
                crate::args![token_hash],
            )
            .await
            .map(drop)
    }

    async fn close(&self) {
        self.close_pool().await;
    }
}
