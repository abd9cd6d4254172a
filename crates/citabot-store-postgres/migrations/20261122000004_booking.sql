-- The booking side (DESIGN B1): the business and its hours, services, clients, citas with their
-- services, and the assistant's state per conversation.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE business (
    -- One business per installation.
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    name       TEXT NOT NULL,
    time_zone  TEXT NOT NULL,
    slot_step  INTEGER NOT NULL CHECK (slot_step BETWEEN 5 AND 120)
);

CREATE TABLE opening_periods (
    -- 0 = Monday … 6 = Sunday; minutes after local midnight, [open, close).
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    open_min   INTEGER NOT NULL,
    close_min  INTEGER NOT NULL,
    CHECK (0 <= open_min AND open_min < close_min AND close_min <= 1440),
    PRIMARY KEY (weekday, open_min)
);

CREATE TABLE services (
    id            TEXT PRIMARY KEY,
    position      INTEGER NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    duration_min  INTEGER NOT NULL CHECK (duration_min BETWEEN 5 AND 480),
    price_cents   INTEGER NOT NULL CHECK (price_cents >= 0),
    active        BOOLEAN NOT NULL
);

CREATE TABLE clients (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    -- Lower-cased by the domain; one client per address and per account.
    email       TEXT UNIQUE,
    phone       TEXT,
    user_id     TEXT UNIQUE REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE citas (
    id          TEXT PRIMARY KEY,
    staff_id    TEXT NOT NULL REFERENCES users (id),
    client_id   TEXT NOT NULL REFERENCES clients (id),
    -- The local date and minutes in the business's time zone; the instants beside them.
    date        DATE NOT NULL,
    start_min   INTEGER NOT NULL,
    end_min     INTEGER NOT NULL,
    start_at    TIMESTAMPTZ NOT NULL,
    end_at      TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('pendiente', 'confirmada', 'cancelada', 'completada')),
    created_at  TIMESTAMPTZ NOT NULL,
    CHECK (0 <= start_min AND start_min < end_min AND end_min <= 1440),
    -- No staff member is ever double-booked, however many bookings race: the database refuses.
    CONSTRAINT citas_no_double_booking EXCLUDE USING gist (
        staff_id WITH =,
        date WITH =,
        int4range(start_min, end_min) WITH &&
    ) WHERE (status IN ('pendiente', 'confirmada'))
);

CREATE INDEX citas_by_day ON citas (date, start_min);
CREATE INDEX citas_by_client ON citas (client_id, date);

CREATE TABLE cita_servicio (
    cita_id     TEXT NOT NULL REFERENCES citas (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    service_id  TEXT NOT NULL REFERENCES services (id),
    PRIMARY KEY (cita_id, position)
);

CREATE TABLE assistant_states (
    session_id  TEXT PRIMARY KEY,
    state       TEXT NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
