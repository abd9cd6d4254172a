//! The state several instances share ([`SharedState`]): counters, live executions and messages
//! in tables, the broadcast on PostgreSQL's LISTEN/NOTIFY.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, PoisonError};

use async_trait::async_trait;
use citabot_store::{
    ConversationHold, Counter, LiveMessageKind, NoticeHandler, SharedExecution, SharedState,
    StoreError,
};
use sqlx::postgres::PgListener;
use sqlx::{Connection, PgConnection};
use time::{Duration, OffsetDateTime};

use crate::{PgStore, db_error};

/// The NOTIFY channel of the live broadcast.
const CHANNEL: &str = "citabot_live";

/// Forgotten counters are deleted once in this many attempts counted.
const SWEEP_EVERY: u32 = 512;

/// A message only for the sockets open when it was sent is dropped after this, if nobody took it.
const OPEN_NOW_KEPT: Duration = Duration::minutes(1);
/// The longest a waiting message is kept (the server asks for less).
const WAITING_KEPT: Duration = Duration::days(2);

static ATTEMPTS: AtomicU32 = AtomicU32::new(0);

type CounterRow = (i32, OffsetDateTime, OffsetDateTime);
type ExecutionRow = (
    String,
    String,
    Option<String>,
    String,
    String,
    Option<String>,
    OffsetDateTime,
    Option<String>,
);

fn counter((count, until, forget_at): CounterRow) -> Counter {
    Counter {
        count: u32::try_from(count).unwrap_or(0),
        until,
        forget_at,
    }
}

fn execution(row: ExecutionRow) -> SharedExecution {
    let (id, session_id, owner, token_hash, frames, upstream, started, attached_on) = row;
    SharedExecution {
        id,
        session_id,
        owner,
        token_hash,
        frames,
        upstream,
        started,
        attached_on,
    }
}

/// A conversation's advisory lock, on a connection that is closed when this is dropped.
struct AdvisoryHold(Option<PgConnection>);

impl Drop for AdvisoryHold {
    fn drop(&mut self) {
        if let Some(connection) = self.0.take() {
            tokio::spawn(async move {
                let _ = connection.close().await;
            });
        }
    }
}

/// The handlers of the notices, called in turn for each.
pub(crate) type Listeners = Arc<std::sync::Mutex<Vec<NoticeHandler>>>;

#[async_trait]
impl SharedState for PgStore {
    async fn count_attempt(
        &self,
        key: &str,
        now: OffsetDateTime,
        fresh_until: OffsetDateTime,
    ) -> Result<Counter, StoreError> {
        if ATTEMPTS
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(SWEEP_EVERY)
        {
            sqlx::query("DELETE FROM shared_counters WHERE forget_at <= $1")
                .bind(now)
                .execute(&self.pool)
                .await
                .map_err(db_error)?;
        }
        let row: CounterRow = sqlx::query_as(
            "INSERT INTO shared_counters (key, count, until, forget_at) VALUES ($1, 1, $3, $3)
             ON CONFLICT (key) DO UPDATE SET
               count = CASE WHEN shared_counters.forget_at <= $2 THEN 1
                            ELSE LEAST(shared_counters.count, 1000000000) + 1 END,
               until = CASE WHEN shared_counters.forget_at <= $2 THEN $3
                            ELSE shared_counters.until END,
               forget_at = CASE WHEN shared_counters.forget_at <= $2 THEN $3
                                ELSE shared_counters.forget_at END
             RETURNING count, until, forget_at",
        )
        .bind(key)
        .bind(now)
        .bind(fresh_until)
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(counter(row))
    }

    async fn set_counter_wait(
        &self,
        key: &str,
        until: OffsetDateTime,
        forget_at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE shared_counters SET until = $2, forget_at = $3 WHERE key = $1")
            .bind(key)
            .bind(until)
            .bind(forget_at)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn put_counter(&self, key: &str, counter: Counter) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO shared_counters (key, count, until, forget_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO UPDATE SET
               count = EXCLUDED.count, until = EXCLUDED.until, forget_at = EXCLUDED.forget_at",
        )
        .bind(key)
        .bind(i32::try_from(counter.count).unwrap_or(i32::MAX))
        .bind(counter.until)
        .bind(counter.forget_at)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn counters(
        &self,
        keys: &[String],
        now: OffsetDateTime,
    ) -> Result<Vec<Option<Counter>>, StoreError> {
        let rows: Vec<(String, i32, OffsetDateTime, OffsetDateTime)> = sqlx::query_as(
            "SELECT key, count, until, forget_at FROM shared_counters
              WHERE key = ANY($1) AND forget_at > $2",
        )
        .bind(keys)
        .bind(now)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(keys
            .iter()
            .map(|key| {
                rows.iter()
                    .find(|row| row.0 == *key)
                    .map(|row| counter((row.1, row.2, row.3)))
            })
            .collect())
    }

    async fn forget_counter(&self, key: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM shared_counters WHERE key = $1")
            .bind(key)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn put_execution(&self, execution: &SharedExecution) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO live_executions
               (id, session_id, owner, token_hash, frames, upstream, started, attached_on)
             VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)",
        )
        .bind(&execution.id)
        .bind(&execution.session_id)
        .bind(&execution.owner)
        .bind(&execution.token_hash)
        .bind(&execution.frames)
        .bind(&execution.upstream)
        .bind(execution.started)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn execution(&self, id: &str) -> Result<Option<SharedExecution>, StoreError> {
        let row: Option<ExecutionRow> = sqlx::query_as(
            "SELECT id, session_id, owner, token_hash, frames, upstream, started, attached_on
               FROM live_executions WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(row.map(execution))
    }

    async fn attach_execution(
        &self,
        id: &str,
        instance: &str,
    ) -> Result<Option<SharedExecution>, StoreError> {
        // The frames and the instance as they were before this update.
        let row: Option<ExecutionRow> = sqlx::query_as(
            "UPDATE live_executions AS e SET frames = '[]', attached_on = $2
               FROM (SELECT id, frames, attached_on FROM live_executions WHERE id = $1
                        FOR UPDATE) AS before
              WHERE e.id = before.id
             RETURNING e.id, e.session_id, e.owner, e.token_hash, before.frames, e.upstream,
                       e.started, before.attached_on",
        )
        .bind(id)
        .bind(instance)
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(row.map(execution))
    }

    async fn end_execution(
        &self,
        id: &str,
        instance: &str,
        stale_before: OffsetDateTime,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "DELETE FROM live_executions
              WHERE (id = $1 AND attached_on = $2)
                 OR (attached_on IS NULL AND started < $3)",
        )
        .bind(id)
        .bind(instance)
        .bind(stale_before)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn put_live_message(
        &self,
        session: &str,
        text: &str,
        kind: LiveMessageKind,
        at: OffsetDateTime,
        capacity: usize,
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        sqlx::query(
            "DELETE FROM live_messages
              WHERE created_at < $1 OR (NOT waits AND created_at < $2)",
        )
        .bind(at - WAITING_KEPT)
        .bind(at - OPEN_NOW_KEPT)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        let waits = kind == LiveMessageKind::Waits;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO live_messages (session_id, text, waits, created_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(session)
        .bind(text)
        .bind(waits)
        .bind(at)
        .fetch_one(&mut *tx)
        .await
        .map_err(db_error)?;
        if waits {
            sqlx::query(
                "DELETE FROM live_messages WHERE session_id = $1 AND waits AND id NOT IN
                   (SELECT id FROM live_messages WHERE session_id = $1 AND waits
                     ORDER BY id DESC LIMIT $2)",
            )
            .bind(session)
            .bind(i64::try_from(capacity).unwrap_or(i64::MAX))
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(id)
    }

    async fn take_live_message(&self, id: i64) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> =
            sqlx::query_as("DELETE FROM live_messages WHERE id = $1 RETURNING text")
                .bind(id)
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(row.map(|(text,)| text))
    }

    async fn take_waiting_messages(
        &self,
        session: &str,
        since: OffsetDateTime,
    ) -> Result<Vec<String>, StoreError> {
        let mut rows: Vec<(i64, String, bool, OffsetDateTime)> = sqlx::query_as(
            "DELETE FROM live_messages WHERE session_id = $1
             RETURNING id, text, waits, created_at",
        )
        .bind(session)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        rows.sort_by_key(|row| row.0);
        Ok(rows
            .into_iter()
            .filter(|(_, _, waits, created_at)| *waits && *created_at >= since)
            .map(|(_, text, _, _)| text)
            .collect())
    }

    async fn drop_waiting_messages(&self, session: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM live_messages WHERE session_id = $1 AND waits")
            .bind(session)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn hold_conversation(&self, session: &str) -> Result<ConversationHold, StoreError> {
        // A connection of its own, not the pool's: a turn waiting here must not keep a pooled
        // connection from the turn holding the lock. Closing it releases the lock, also when
        // this process dies.
        let mut connection = PgConnection::connect_with(&self.pool.connect_options())
            .await
            .map_err(db_error)?;
        sqlx::query("SELECT pg_advisory_lock(hashtextextended($1, 23))")
            .bind(session)
            .execute(&mut connection)
            .await
            .map_err(db_error)?;
        Ok(Box::new(AdvisoryHold(Some(connection))))
    }

    async fn publish(&self, notice: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(notice)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn listen(&self, handler: NoticeHandler) -> Result<(), StoreError> {
        let mut heard_by = self.heard_by.lock().await;
        if let Some(listeners) = heard_by.as_ref() {
            listeners
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(handler);
            return Ok(());
        }
        let mut listener = PgListener::connect_with(&self.pool)
            .await
            .map_err(db_error)?;
        listener.listen(CHANNEL).await.map_err(db_error)?;
        let listeners: Listeners = Arc::new(std::sync::Mutex::new(vec![handler]));
        *heard_by = Some(Arc::clone(&listeners));
        tokio::spawn(async move {
            loop {
                // `recv` reconnects by itself after a lost connection.
                match listener.recv().await {
                    Ok(notification) => {
                        let handlers = listeners
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .clone();
                        for handler in handlers {
                            handler(notification.payload().to_owned());
                        }
                    }
                    Err(sqlx::Error::PoolClosed) => return,
                    Err(_) => tokio::time::sleep(std::time::Duration::from_secs(1)).await,
                }
            }
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::testing::TestDatabase;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-12-02 10:00 UTC);

    async fn fresh_store() -> Option<(PgStore, TestDatabase)> {
        let database = TestDatabase::create().await?;
        let store = PgStore::connect(database.url(), 4).await.expect("connect");
        store.migrate().await.expect("migrate PostgreSQL");
        Some((store, database))
    }

    #[tokio::test]
    async fn a_counter_counts_until_forgotten_then_starts_again() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        let end = T0 + Duration::minutes(1);
        for expected in 1..=3 {
            let counted = store
                .count_attempt("chat:ana", T0, end)
                .await
                .expect("counts");
            assert_eq!((counted.count, counted.until), (expected, end));
        }
        store
            .set_counter_wait(
                "chat:ana",
                end + Duration::minutes(1),
                end + Duration::hours(1),
            )
            .await
            .expect("waits");
        let keys = ["chat:ana".to_owned(), "chat:luis".to_owned()];
        let found = store.counters(&keys, T0).await.expect("reads");
        assert_eq!(
            found[0].map(|c| (c.count, c.until)),
            Some((3, end + Duration::minutes(1)))
        );
        assert_eq!(found[1], None);
        let later = end + Duration::hours(1);
        assert_eq!(
            store.counters(&keys, later).await.expect("reads")[0],
            None,
            "forgotten"
        );
        let again = store
            .count_attempt("chat:ana", later, later + Duration::minutes(1))
            .await
            .expect("counts");
        assert_eq!(again.count, 1, "a forgotten counter starts again");
        store.forget_counter("chat:ana").await.expect("forgets");
        assert_eq!(store.counters(&keys, later).await.expect("reads")[0], None);
    }

    #[tokio::test]
    async fn an_execution_gives_its_frames_once_and_ends_only_where_it_is_attached() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        let execution = SharedExecution {
            id: "e1".into(),
            session_id: "s1".into(),
            owner: None,
            token_hash: "hash".into(),
            frames: r#"[{"kind":"message","text":"hola"}]"#.into(),
            upstream: None,
            started: T0,
            attached_on: None,
        };
        store.put_execution(&execution).await.expect("stored");
        assert_eq!(
            store.execution("e1").await.expect("reads"),
            Some(execution.clone())
        );
        let first = store
            .attach_execution("e1", "a")
            .await
            .expect("attaches")
            .expect("known");
        assert_eq!(
            (first.frames.as_str(), first.attached_on),
            (execution.frames.as_str(), None)
        );
        let second = store
            .attach_execution("e1", "b")
            .await
            .expect("attaches")
            .expect("known");
        assert_eq!(
            (second.frames.as_str(), second.attached_on.as_deref()),
            ("[]", Some("a"))
        );
        store.end_execution("e1", "a", T0).await.expect("ends");
        assert!(
            store.execution("e1").await.expect("reads").is_some(),
            "attached on b now"
        );
        store.end_execution("e1", "b", T0).await.expect("ends");
        assert_eq!(store.execution("e1").await.expect("reads"), None);
        assert_eq!(
            store.attach_execution("e1", "a").await.expect("reads"),
            None
        );
    }

    #[tokio::test]
    async fn live_messages_are_taken_once_and_only_waiting_ones_wait() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        for number in 0..4 {
            store
                .put_live_message("s1", &format!("m{number}"), LiveMessageKind::Waits, T0, 3)
                .await
                .expect("kept");
        }
        let now = store
            .put_live_message("s1", "ahora", LiveMessageKind::OpenNow, T0, 3)
            .await
            .expect("kept");
        assert_eq!(
            store
                .take_live_message(now)
                .await
                .expect("takes")
                .as_deref(),
            Some("ahora")
        );
        assert_eq!(
            store.take_live_message(now).await.expect("takes"),
            None,
            "once"
        );
        store
            .put_live_message("s1", "tarde", LiveMessageKind::OpenNow, T0, 3)
            .await
            .expect("kept");
        let waiting = store.take_waiting_messages("s1", T0).await.expect("takes");
        assert_eq!(
            waiting,
            ["m1", "m2", "m3"],
            "the oldest went; the open-now one does not wait"
        );
        assert!(
            store
                .take_waiting_messages("s1", T0)
                .await
                .expect("takes")
                .is_empty()
        );
        store
            .put_live_message("s2", "viejo", LiveMessageKind::Waits, T0, 3)
            .await
            .expect("kept");
        let late = store
            .take_waiting_messages("s2", T0 + Duration::seconds(1))
            .await
            .expect("takes");
        assert!(late.is_empty(), "older than asked for");
    }

    #[tokio::test]
    async fn a_conversation_is_held_by_one_at_a_time_and_notices_reach_listeners() {
        let Some((store, _database)) = fresh_store().await else {
            return;
        };
        let heard = Arc::new(Mutex::new(Vec::new()));
        let into = Arc::clone(&heard);
        store
            .listen(Arc::new(move |notice| {
                into.lock().expect("lock").push(notice)
            }))
            .await
            .expect("listens");

        let first = store.hold_conversation("s1").await.expect("holds");
        let other = store
            .hold_conversation("s2")
            .await
            .expect("another conversation is free");
        let (store_two, order) = (store.clone(), Arc::new(Mutex::new(Vec::new())));
        let order_two = Arc::clone(&order);
        let waiter = tokio::spawn(async move {
            let held = store_two.hold_conversation("s1").await.expect("holds");
            order_two.lock().expect("lock").push("second");
            drop(held);
        });
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        order.lock().expect("lock").push("first done");
        drop(first);
        drop(other);
        waiter.await.expect("the waiter ends");
        assert_eq!(*order.lock().expect("lock"), ["first done", "second"]);

        store.publish("m 1 s1").await.expect("published");
        for _ in 0..100 {
            if !heard.lock().expect("lock").is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(*heard.lock().expect("lock"), ["m 1 s1"]);
    }
}
