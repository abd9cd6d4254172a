-- The booking side (DESIGN B1): the business and its hours, services, clients, citas with their
-- services, and the assistant's state per conversation.
CREATE TABLE business (
    -- One business per installation.
    id         INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    name       TEXT NOT NULL,
    time_zone  TEXT NOT NULL,
    slot_step  INTEGER NOT NULL CHECK (slot_step BETWEEN 5 AND 120)
) STRICT;

CREATE TABLE opening_periods (
    -- 0 = Monday … 6 = Sunday; minutes after local midnight, [open, close).
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    open_min   INTEGER NOT NULL,
    close_min  INTEGER NOT NULL,
    CHECK (0 <= open_min AND open_min < close_min AND close_min <= 1440),
    PRIMARY KEY (weekday, open_min)
) STRICT;

CREATE TABLE services (
    id            TEXT PRIMARY KEY NOT NULL,
    position      INTEGER NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    duration_min  INTEGER NOT NULL CHECK (duration_min BETWEEN 5 AND 480),
    price_cents   INTEGER NOT NULL CHECK (price_cents >= 0),
    active        INTEGER NOT NULL CHECK (active IN (0, 1))
) STRICT;

CREATE TABLE clients (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    -- Lower-cased by the domain; one client per address and per account.
    email       TEXT UNIQUE,
    phone       TEXT,
    user_id     TEXT UNIQUE REFERENCES users (id) ON DELETE SET NULL,
    created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE citas (
    id          TEXT PRIMARY KEY NOT NULL,
    staff_id    TEXT NOT NULL REFERENCES users (id),
    client_id   TEXT NOT NULL REFERENCES clients (id),
    -- The local date and minutes in the business's time zone; the instants beside them.
    date        TEXT NOT NULL,
    start_min   INTEGER NOT NULL,
    end_min     INTEGER NOT NULL,
    start_at    TEXT NOT NULL,
    end_at      TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('pendiente', 'confirmada', 'cancelada', 'completada')),
    created_at  TEXT NOT NULL,
    CHECK (0 <= start_min AND start_min < end_min AND end_min <= 1440)
) STRICT;

CREATE INDEX citas_by_day ON citas (date, start_min);
CREATE INDEX citas_by_staff_day ON citas (staff_id, date);
CREATE INDEX citas_by_client ON citas (client_id, date);

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

CREATE TABLE cita_servicio (
    cita_id     TEXT NOT NULL REFERENCES citas (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    service_id  TEXT NOT NULL REFERENCES services (id),
    PRIMARY KEY (cita_id, position)
) STRICT;

CREATE TABLE assistant_states (
    session_id  TEXT PRIMARY KEY NOT NULL,
    state       TEXT NOT NULL,
    updated_at  TEXT NOT NULL
) STRICT;
