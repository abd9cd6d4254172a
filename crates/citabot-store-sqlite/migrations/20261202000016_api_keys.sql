-- Issue 21: API keys, with which a program (an n8n workflow, a script) calls /api as a usuario or
-- an administrador. Only the SHA-256 of a key is kept; `id` is its short public part, named in
-- lists and logs. Keys are revoked, never deleted, so what one did stays attributable to it.
CREATE TABLE api_keys (
    id              TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    role            TEXT NOT NULL CHECK (role IN ('usuario', 'administrador')),
    secret_hash     TEXT NOT NULL CHECK (length(secret_hash) = 64),
    -- The account that made it in the dashboard, which it acts for; NULL from the command line.
    -- A key goes with its account: it never acts for someone who is gone.
    created_by      TEXT REFERENCES users (id) ON DELETE CASCADE,
    -- The key whose request made this one, when a program made it.
    created_by_key  TEXT REFERENCES api_keys (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    last_used_at    TEXT,
    revoked_at      TEXT
) STRICT;
