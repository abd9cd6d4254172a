-- The SQL the two adapters share compares and orders instants through julianday(), which on
-- SQLite turns its RFC 3339 text into a number that sorts by time. Here instants are timestamptz
-- already, so julianday() is the identity: a one-expression SQL function that the planner
-- inlines, so that a condition or an ORDER BY on julianday(column) still uses that column's
-- index.
CREATE FUNCTION julianday(instant timestamptz) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT instant $$;
