-- What several instances share besides the salon's data (citabot_store::shared).

-- The limits' counters: attempts per key, until when the key waits (or its window ends), and
-- when the row may be deleted.
CREATE TABLE shared_counters (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    until TIMESTAMPTZ NOT NULL,
    forget_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX shared_counters_forget_at ON shared_counters (forget_at);

-- Live-channel executions, so a socket attaches on whichever instance it reaches.
CREATE TABLE live_executions (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    owner TEXT,
    token_hash TEXT NOT NULL,
    frames TEXT NOT NULL,
    upstream TEXT,
    started TIMESTAMPTZ NOT NULL,
    attached_on TEXT
);
CREATE INDEX live_executions_started ON live_executions (started);

-- Messages for a conversation's live sockets (staff replies, notices): taken by whoever
-- delivers them.
CREATE TABLE live_messages (
    id BIGSERIAL PRIMARY KEY,
    session_id TEXT NOT NULL,
    text TEXT NOT NULL,
    waits BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX live_messages_session ON live_messages (session_id, id);
