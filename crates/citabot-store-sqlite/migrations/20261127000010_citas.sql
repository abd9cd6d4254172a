-- no-transaction
-- (The rebuild below needs foreign keys off, which SQLite ignores inside a transaction: the
-- migration opens its own transaction after turning them off.)
--
-- Issue 11: a cita may be a no-show (`no_presentado`), and a client carries a private staff note.

PRAGMA foreign_keys = OFF;
BEGIN;

-- 1. The staff's private note on a client ("alérgica al amoniaco"); never shown to the client.
ALTER TABLE clients ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- 2. SQLite cannot change a CHECK, so `citas` is rebuilt with the new status allowed, and its
--    indexes and the triggers that refuse a double booking are made again as they were.
--    `cita_servicio` keeps pointing at it by name.
CREATE TABLE citas_rebuilt (
    id          TEXT PRIMARY KEY NOT NULL,
    staff_id    TEXT NOT NULL REFERENCES users (id),
    client_id   TEXT NOT NULL REFERENCES clients (id),
    -- The local date and minutes in the business's time zone; the instants beside them.
    date        TEXT NOT NULL,
    start_min   INTEGER NOT NULL,
    end_min     INTEGER NOT NULL,
    start_at    TEXT NOT NULL,
    end_at      TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (
        status IN ('pendiente', 'confirmada', 'cancelada', 'completada', 'no_presentado')
    ),
    created_at  TEXT NOT NULL,
    -- The conversation whose assistant booked it; NULL when staff booked it by hand.
    chat_session_id TEXT,
    CHECK (0 <= start_min AND start_min < end_min AND end_min <= 1440)
) STRICT;

INSERT INTO citas_rebuilt (id, staff_id, client_id, date, start_min, end_min, start_at, end_at,
                           status, created_at, chat_session_id)
SELECT id, staff_id, client_id, date, start_min, end_min, start_at, end_at,
       status, created_at, chat_session_id
FROM citas;

DROP TABLE citas;
ALTER TABLE citas_rebuilt RENAME TO citas;

CREATE INDEX citas_by_day ON citas (date, start_min);
CREATE INDEX citas_by_staff_day ON citas (staff_id, date);
CREATE INDEX citas_by_client ON citas (client_id, date);
CREATE INDEX citas_by_chat_session ON citas (chat_session_id) WHERE chat_session_id IS NOT NULL;
CREATE INDEX citas_by_creation ON citas (julianday(created_at));

-- No staff member is ever double-booked. SQLite runs one writer at a time, so a check inside
-- the writing statement cannot race with another booking.
CREATE TRIGGER citas_no_double_booking_insert
BEFORE INSERT ON citas
WHEN NEW.status IN ('pendiente', 'confirmada')
BEGIN
    SELECT RAISE(ABORT, 'slot_taken')
    WHERE EXISTS (
        SELECT 1 FROM citas
        WHERE staff_id = NEW.staff_id AND date = NEW.date
          AND status IN ('pendiente', 'confirmada')
          AND start_min < NEW.end_min AND NEW.start_min < end_min
    );
END;

CREATE TRIGGER citas_no_double_booking_update
BEFORE UPDATE OF staff_id, date, start_min, end_min, status ON citas
WHEN NEW.status IN ('pendiente', 'confirmada')
BEGIN
    SELECT RAISE(ABORT, 'slot_taken')
    WHERE EXISTS (
        SELECT 1 FROM citas
        WHERE id <> NEW.id AND staff_id = NEW.staff_id AND date = NEW.date
          AND status IN ('pendiente', 'confirmada')
          AND start_min < NEW.end_min AND NEW.start_min < end_min
    );
END;

COMMIT;
PRAGMA foreign_keys = ON;
