-- The salon's settings (issue 11): its profile and booking rules, FAQ, payment methods,
-- closures, each stylist's periods, services, time off and whether they take bookings, and the
-- staff's recorded override on a cita booked outside the rules.

CREATE TABLE business_settings (
    id                   INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    street               TEXT NOT NULL,
    postal_code          TEXT NOT NULL,
    city                 TEXT NOT NULL,
    phone                TEXT NOT NULL,
    email                TEXT NOT NULL,
    description          TEXT NOT NULL,
    parking              TEXT NOT NULL,
    access               TEXT NOT NULL,
    brand_color          TEXT NOT NULL,
    min_notice_min       INTEGER NOT NULL CHECK (min_notice_min >= 0),
    horizon_days         INTEGER NOT NULL CHECK (horizon_days >= 1),
    chat_booking_status  TEXT NOT NULL CHECK (chat_booking_status IN ('pendiente', 'confirmada'))
) STRICT;

CREATE TABLE business_payment_methods (
    position  INTEGER PRIMARY KEY NOT NULL,
    name      TEXT NOT NULL
) STRICT;

CREATE TABLE business_faq (
    position  INTEGER PRIMARY KEY NOT NULL,
    question  TEXT NOT NULL,
    answer    TEXT NOT NULL
) STRICT;

CREATE TABLE closures (
    id         TEXT PRIMARY KEY NOT NULL,
    from_date  TEXT NOT NULL,
    to_date    TEXT NOT NULL,
    reason     TEXT NOT NULL,
    CHECK (from_date <= to_date)
) STRICT;

-- A stylist's own settings; one without a row follows the business hours, does every service
-- and takes bookings.
CREATE TABLE staff_settings (
    user_id               TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    follows_business_hours INTEGER NOT NULL CHECK (follows_business_hours IN (0, 1)),
    all_services          INTEGER NOT NULL CHECK (all_services IN (0, 1)),
    bookable              INTEGER NOT NULL CHECK (bookable IN (0, 1))
) STRICT;

CREATE TABLE staff_periods (
    user_id    TEXT NOT NULL REFERENCES staff_settings (user_id) ON DELETE CASCADE,
    -- 0 = Monday … 6 = Sunday, as opening_periods.
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    open_min   INTEGER NOT NULL,
    close_min  INTEGER NOT NULL,
    CHECK (0 <= open_min AND open_min < close_min AND close_min <= 1440),
    PRIMARY KEY (user_id, weekday, open_min)
) STRICT;

CREATE TABLE staff_services (
    user_id     TEXT NOT NULL REFERENCES staff_settings (user_id) ON DELETE CASCADE,
    service_id  TEXT NOT NULL REFERENCES services (id),
    PRIMARY KEY (user_id, service_id)
) STRICT;

CREATE TABLE staff_time_off (
    id         TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_date  TEXT NOT NULL,
    to_date    TEXT NOT NULL,
    reason     TEXT NOT NULL,
    CHECK (from_date <= to_date)
) STRICT;

CREATE INDEX staff_time_off_by_staff ON staff_time_off (user_id, from_date);

-- A row marks a cita staff booked (or moved) outside the hours, a closure or the stylist's
-- schedule on purpose. Kept beside `citas` rather than in it, so the table's own rebuilds
-- (SQLite cannot alter a CHECK) need not carry it.
CREATE TABLE cita_outside_hours (
    cita_id  TEXT PRIMARY KEY NOT NULL REFERENCES citas (id) ON DELETE CASCADE
) STRICT;
