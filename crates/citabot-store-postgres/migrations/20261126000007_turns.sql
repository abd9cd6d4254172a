-- One transaction per chat turn (docs/ARCHITECTURE.md, "A chat message, end to end").

-- 1. The assistant's state carries a version: a turn saves over the version it read, so two
--    turns of one conversation can never both act on the same "sí".
ALTER TABLE assistant_states ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- 2. Several clients may share an email: a guest who types an account holder's address gets a
--    client record of their own, never the account's.
ALTER TABLE clients DROP CONSTRAINT clients_email_key;
CREATE INDEX clients_by_email ON clients (email);
