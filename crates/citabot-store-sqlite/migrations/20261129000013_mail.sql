-- Issue 13: the mail outbox. One row per message, rendered when written, in the transaction of
-- the change it is about. A sender claims due rows (`claimed_by` is a token of one claim,
-- `claimed_until` its expiry, so a crashed sender's rows come back) and marks them. No keys to
-- `citas` or `chat_sessions`: the outbox is a record of what was sent and outlives both.
CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT NOT NULL CHECK (kind IN ('booked', 'confirmed', 'moved', 'cancelled',
                         'reminder', 'staff_new_booking', 'staff_waiting')),
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

CREATE INDEX outbox_due ON outbox (status, julianday(send_after));
CREATE INDEX outbox_by_cita ON outbox (cita_id, kind);
CREATE INDEX outbox_by_recipient ON outbox (recipient, kind);

-- The salon's mail settings ("Ajustes"); no row means the defaults. The alert addresses are
-- one per line (an address never holds a line break).
CREATE TABLE mail_settings (
    id                  INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    reminder_hours      INTEGER NOT NULL CHECK (reminder_hours BETWEEN 1 AND 168),
    staff_alert_emails  TEXT NOT NULL
) STRICT;

-- The manage link's HMAC key, generated on first start: links survive restarts and work on
-- every instance.
CREATE TABLE mail_signing_key (
    id   INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    key  BLOB NOT NULL
) STRICT;

-- "Confirmed by the client" (the manage link's "Confirmo que voy"), beside `citas` like
-- `cita_outside_hours`, so that table's rebuilds need not carry it.
CREATE TABLE cita_client_confirmed (
    cita_id              TEXT PRIMARY KEY NOT NULL REFERENCES citas (id) ON DELETE CASCADE,
    client_confirmed_at  TEXT NOT NULL
) STRICT;
