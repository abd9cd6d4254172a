-- What lets the SQL the two adapters share (citabot_store::sql) run here unchanged.

-- Instants are compared and ordered through julianday(), which on SQLite turns its RFC 3339
-- text into a number that sorts by time. Here instants are timestamptz already, so julianday()
-- is the identity: a one-expression SQL function that the planner inlines, so that a condition
-- or an ORDER BY on julianday(column) still uses that column's index.
CREATE FUNCTION julianday(instant timestamptz) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT instant $$;

-- The client search lists clients in the byte order of their folded search key, which is
-- SQLite's only order for text: the column compares bytewise here too.
ALTER TABLE clients ALTER COLUMN search_key SET DATA TYPE text COLLATE "C";
