-- A conversation started by a signed-in account belongs to it: only that account reads or
-- continues it. Conversations started by guests have no owner (the random id is the key).
ALTER TABLE chat_sessions ADD COLUMN owner_user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
