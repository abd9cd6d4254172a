-- Issue 12: a time a chat visitor picked is held for their conversation while they give their
-- details. One hold per conversation (replaced when they pick another time, deleted when they
-- book or drop it); other bookings avoid a hold until `expires_at`, which is compared in the
-- code (one rule for both databases' time types). `visitor_address` caps how many holds one
-- address keeps at once. How long a hold lives is a booking rule (`hold_min`).
ALTER TABLE business_settings ADD COLUMN hold_min INTEGER NOT NULL DEFAULT 10
    CHECK (hold_min BETWEEN 1 AND 60);

CREATE TABLE slot_holds (
    session_id       TEXT PRIMARY KEY NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
    staff_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    date             TEXT NOT NULL,
    start_min        INTEGER NOT NULL,
    end_min          INTEGER NOT NULL,
    expires_at       TEXT NOT NULL,
    visitor_address  TEXT,
    CHECK (0 <= start_min AND start_min < end_min AND end_min <= 1440)
) STRICT;

CREATE INDEX slot_holds_by_day ON slot_holds (date, staff_id);
CREATE INDEX slot_holds_by_address ON slot_holds (visitor_address);
