//! One conversation's turns, one at a time, in the order they arrived.
//!
//! Two messages of one conversation that arrive together (a double tap, two tabs, a client that
//! does not wait for the answer) would otherwise be worked out side by side from the same state,
//! and all but one would find, at commit, that the conversation moved on under them. Retrying
//! that a few times still fails under load (it answered 500 "El asistente no está disponible"
//! to 5 % of turns at 64 connections). Here each turn waits for the one before it instead: the
//! second message is answered from what the first left, and none is refused for being busy.
//!
//! Only this process's turns queue here; turns on another instance meet at the store, which
//! detects the overlap and the turn is worked out again (`usecases::chat_turn`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{Mutex as TurnLock, OwnedMutexGuard};

/// The conversations with a turn running or waiting, each with the lock its turns take in turn.
#[derive(Debug, Default)]
pub struct ConversationQueue {
    running: Mutex<HashMap<String, Arc<TurnLock<()>>>>,
}

/// The right to work out one turn of a conversation; the next one starts when it is dropped.
#[derive(Debug)]
pub struct TurnSlot {
    queue: Arc<ConversationQueue>,
    conversation: String,
    // An `Option` only so that `drop` can release it before tidying the map.
    guard: Option<OwnedMutexGuard<()>>,
}

impl ConversationQueue {
    /// Waits until every earlier turn of `conversation` in this process is done. Tokio's lock
    /// is fair, so turns run in the order they asked.
    pub async fn enter(self: &Arc<Self>, conversation: &str) -> TurnSlot {
        let lock = Arc::clone(self.running().entry(conversation.to_owned()).or_default());
        let guard = lock.lock_owned().await;
        TurnSlot {
            queue: Arc::clone(self),
            conversation: conversation.to_owned(),
            guard: Some(guard),
        }
    }

    /// How many conversations have a turn running or waiting (for the tests: it comes back to 0).
    pub fn busy_conversations(&self) -> usize {
        self.running().len()
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TurnLock<()>>>> {
        // The map holds no invariant a panic could break half-way.
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for TurnSlot {
    fn drop(&mut self) {
        let mut running = self.queue.running();
        drop(self.guard.take());
        // Forgotten once nobody else holds or waits for it: the map stays as small as the
        // number of conversations being answered right now. A turn arriving later makes a new
        // lock, which is free, as this one was.
        if let Some(lock) = running.get(&self.conversation)
            && Arc::strong_count(lock) == 1
        {
            running.remove(&self.conversation);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn turns_of_one_conversation_run_one_at_a_time_in_arrival_order() {
        let queue = Arc::new(ConversationQueue::default());
        let order = Arc::new(Mutex::new(Vec::new()));
        let first = queue.enter("s-1").await;
        let mut waiting = Vec::new();
        for turn in 1..=5 {
            let (queue, order) = (Arc::clone(&queue), Arc::clone(&order));
            waiting.push(tokio::spawn(async move {
                let _slot = queue.enter("s-1").await;
                order.lock().unwrap().push(turn);
                tokio::time::sleep(Duration::from_millis(2)).await;
            }));
            // Each asks after the one before it.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(order.lock().unwrap().is_empty(), "all wait for the first");
        // Another conversation is not held up.
        drop(
            tokio::time::timeout(Duration::from_secs(1), queue.enter("s-2"))
                .await
                .expect("another conversation enters at once"),
        );
        drop(first);
        for task in waiting {
            task.await.expect("the turn ran");
        }
        assert_eq!(*order.lock().unwrap(), vec![1, 2, 3, 4, 5]);
        assert_eq!(queue.busy_conversations(), 0, "nothing is kept once done");
    }
}
