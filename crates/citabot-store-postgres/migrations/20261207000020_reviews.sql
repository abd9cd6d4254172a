-- Issue 24: reviews and demo data (the SQLite migration of the same name says why each is so).
CREATE TABLE reviews (
    id          TEXT PRIMARY KEY,
    cita_id     TEXT NOT NULL UNIQUE REFERENCES citas (id) ON DELETE CASCADE,
    rating      BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment     TEXT NOT NULL,
    author      TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    reply       TEXT,
    replied_at  TIMESTAMPTZ,
    hidden      BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE INDEX reviews_newest ON reviews (created_at);

ALTER TABLE clients ADD COLUMN demo BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('booked', 'confirmed',
    'moved', 'cancelled', 'reminder', 'staff_new_booking', 'staff_waiting', 'review_request'));
