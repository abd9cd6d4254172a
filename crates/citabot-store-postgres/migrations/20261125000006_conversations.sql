-- The dashboard's conversations (DESIGN D4). A conversation remembers when its last message came
-- (the list's order, kept by every append) and which staff member has taken it over; a message
-- remembers the staff member who wrote it during a take-over (NULL for the visitor and the
-- assistant).
ALTER TABLE chat_sessions ADD COLUMN last_message_at TIMESTAMPTZ;
ALTER TABLE chat_sessions ADD COLUMN taken_over_by TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE chat_sessions ADD COLUMN taken_over_at TIMESTAMPTZ;
ALTER TABLE chat_messages ADD COLUMN staff_user_id TEXT REFERENCES users (id) ON DELETE SET NULL;

UPDATE chat_sessions SET last_message_at = (
    SELECT created_at FROM chat_messages WHERE session_id = chat_sessions.id ORDER BY id DESC LIMIT 1
);

CREATE INDEX chat_sessions_by_last_message
    ON chat_sessions (last_message_at DESC, id DESC)
    WHERE last_message_at IS NOT NULL;

-- The charts count citas by the day they were made.
CREATE INDEX citas_by_creation ON citas (created_at);
CREATE INDEX chat_sessions_by_creation ON chat_sessions (created_at);
