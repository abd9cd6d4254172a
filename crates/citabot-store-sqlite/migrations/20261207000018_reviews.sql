-- Issue 24: reviews and demo data.
--
-- A review is a client's word on one completed cita: 1 to 5 stars and an optional comment,
-- written once through a signed link (a second is refused by `cita_id`'s uniqueness). Staff may
-- answer it and hide it; the landing shows those not hidden. The author is the name shown,
-- written when the review is (a client renamed later does not rename their old reviews).
CREATE TABLE reviews (
    id          TEXT PRIMARY KEY NOT NULL,
    cita_id     TEXT NOT NULL UNIQUE REFERENCES citas (id) ON DELETE CASCADE,
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment     TEXT NOT NULL,
    author      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    reply       TEXT,
    replied_at  TEXT,
    hidden      INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
) STRICT;

CREATE INDEX reviews_newest ON reviews (julianday(created_at));

-- The demo's clients: their citas (and those citas' reviews) are the demo's week, shown as
-- such and taken away together in one click.
ALTER TABLE clients ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));

-- The request for a review, sent when a cita is completed: a new kind of message. SQLite cannot
-- change a CHECK in place, so the outbox is rebuilt with its rows, ids and indexes.
CREATE TABLE outbox_rebuilt (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT NOT NULL CHECK (kind IN ('booked', 'confirmed', 'moved', 'cancelled',
                         'reminder', 'staff_new_booking', 'staff_waiting', 'review_request')),
    cita_id          TEXT,
    conversation_id  TEXT,
    recipient        TEXT NOT NULL,
    language         TEXT NOT NULL CHECK (language IN ('es', 'en')),
    subject          TEXT NOT NULL,
    text_body        TEXT NOT NULL,
    html_body        TEXT NOT NULL,
    ics              TEXT,
    message_id       TEXT NOT NULL UNIQUE,
    send_after       TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'unsent',
                         'suppressed')),
    attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error       TEXT,
    claimed_by       TEXT,
    claimed_until    TEXT,
    created_at       TEXT NOT NULL,
    sent_at          TEXT
) STRICT;

INSERT INTO outbox_rebuilt (id, kind, cita_id, conversation_id, recipient, language, subject,
    text_body, html_body, ics, message_id, send_after, status, attempts, last_error, claimed_by,
    claimed_until, created_at, sent_at)
SELECT id, kind, cita_id, conversation_id, recipient, language, subject, text_body, html_body,
    ics, message_id, send_after, status, attempts, last_error, claimed_by, claimed_until,
    created_at, sent_at
FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_rebuilt RENAME TO outbox;

CREATE INDEX outbox_due ON outbox (status, julianday(send_after));
CREATE INDEX outbox_by_cita ON outbox (cita_id, kind);
CREATE INDEX outbox_by_recipient ON outbox (recipient, kind);
