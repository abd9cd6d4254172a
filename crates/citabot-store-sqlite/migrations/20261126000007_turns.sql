-- no-transaction
-- (The rebuild below needs foreign keys off, which SQLite ignores inside a transaction: the
-- migration opens its own transaction after turning them off.)
--
-- One transaction per chat turn (docs/ARCHITECTURE.md, "A chat message, end to end").
PRAGMA foreign_keys = OFF;
BEGIN;

-- 1. The assistant's state carries a version: a turn saves over the version it read, so two
--    turns of one conversation can never both act on the same "sí".
ALTER TABLE assistant_states ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- 2. Several clients may share an email: a guest who types an account holder's address gets a
--    client record of their own, never the account's. SQLite cannot drop a column's UNIQUE, so
--    the table is rebuilt; `citas` keeps pointing at it by name.
CREATE TABLE clients_rebuilt (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    -- Lower-cased by the domain; shared by clients who typed the same address.
    email       TEXT,
    phone       TEXT,
    -- One client per account.
    user_id     TEXT UNIQUE REFERENCES users (id) ON DELETE SET NULL,
    created_at  TEXT NOT NULL,
    search_key  TEXT NOT NULL DEFAULT ''
) STRICT;

INSERT INTO clients_rebuilt (id, name, email, phone, user_id, created_at, search_key)
SELECT id, name, email, phone, user_id, created_at, search_key FROM clients;

DROP TABLE clients;
ALTER TABLE clients_rebuilt RENAME TO clients;

CREATE INDEX clients_by_email ON clients (email);

COMMIT;
PRAGMA foreign_keys = ON;
