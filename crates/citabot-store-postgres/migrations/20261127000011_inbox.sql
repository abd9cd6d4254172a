-- The staff's inbox (issue 11). A conversation remembers since when its visitor waits for a
-- person (set by the assistant's hand-off, cleared by a take-over or a staff reply), the name the
-- visitor gave in the chat (for a guest; an account has its own), and the site it came from (the
-- host of the page's Origin or Referer). Each staff member's reading is kept as the last message
-- they have seen, so unread counts are per staff member.
ALTER TABLE chat_sessions ADD COLUMN needs_person_since TIMESTAMPTZ;
ALTER TABLE chat_sessions ADD COLUMN visitor_name TEXT;
ALTER TABLE chat_sessions ADD COLUMN site TEXT;

CREATE INDEX chat_sessions_needing_a_person
    ON chat_sessions (needs_person_since)
    WHERE needs_person_since IS NOT NULL;

CREATE TABLE conversation_reads (
    session_id    TEXT NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The highest chat_messages.id this staff member has seen in the conversation.
    last_read_id  BIGINT NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
