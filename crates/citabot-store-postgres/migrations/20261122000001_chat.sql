-- Chat sessions and their messages: the conversation memory behind loadPreviousSession.
CREATE TABLE chat_sessions (
    id          TEXT PRIMARY KEY,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE chat_messages (
    -- Ordering key: messages of one session are read back in insertion order.
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id  TEXT NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
    author      TEXT NOT NULL CHECK (author IN ('human', 'ai')),
    content     TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX chat_messages_by_session ON chat_messages (session_id, id);
