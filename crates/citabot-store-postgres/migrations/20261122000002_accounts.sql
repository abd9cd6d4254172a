-- Accounts and their signed-in browser sessions.
CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    -- Stored lower-cased by the domain, so UNIQUE means one account per address.
    email          TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    phone          TEXT,
    role           TEXT NOT NULL CHECK (role IN ('cliente', 'usuario', 'administrador')),
    created_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE auth_sessions (
    -- SHA-256 of the cookie's token: the token itself is never stored.
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);

CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);
