-- The language a conversation is held in, noted by each turn of its assistant: the client's
-- emails and staff's take-over read it here rather than out of the assistant's saved state.
ALTER TABLE chat_sessions ADD COLUMN language TEXT;

-- Conversations held before: their assistant's saved state says it (as `"language":"En"` in
-- its compact JSON; Spanish otherwise). Matched as text, so a state that is not JSON cannot
-- stop the migration.
UPDATE chat_sessions
   SET language = CASE
         WHEN (SELECT a.state FROM assistant_states a WHERE a.session_id = chat_sessions.id)
              LIKE '%"language":"En"%' THEN 'en'
         ELSE 'es'
       END
 WHERE EXISTS (SELECT 1 FROM assistant_states a WHERE a.session_id = chat_sessions.id);
