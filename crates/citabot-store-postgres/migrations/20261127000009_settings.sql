-- The salon's settings (issue 11): its profile and booking rules, FAQ, payment methods,
-- closures, each stylist's periods, services, time off and whether they take bookings, and the
-- staff's recorded override on a cita booked outside the rules.

CREATE TABLE business_settings (
    id                   INTEGER PRIMARY KEY CHECK (id = 1),
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
);

CREATE TABLE business_payment_methods (
    position  INTEGER PRIMARY KEY,
    name      TEXT NOT NULL
);

CREATE TABLE business_faq (
    position  INTEGER PRIMARY KEY,
    question  TEXT NOT NULL,
    answer    TEXT NOT NULL
);

CREATE TABLE closures (
    id         TEXT PRIMARY KEY,
    from_date  DATE NOT NULL,
    to_date    DATE NOT NULL,
    reason     TEXT NOT NULL,
    CHECK (from_date <= to_date)
);

-- A stylist's own settings; one without a row follows the business hours, does every service
-- and takes bookings.
CREATE TABLE staff_settings (
    user_id               TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    follows_business_hours BOOLEAN NOT NULL,
    all_services          BOOLEAN NOT NULL,
    bookable              BOOLEAN NOT NULL
);

CREATE TABLE staff_periods (
    user_id    TEXT NOT NULL REFERENCES staff_settings (user_id) ON DELETE CASCADE,
    -- 0 = Monday … 6 = Sunday, as opening_periods.
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    open_min   INTEGER NOT NULL,
    close_min  INTEGER NOT NULL,
    CHECK (0 <= open_min AND open_min < close_min AND close_min <= 1440),
    PRIMARY KEY (user_id, weekday, open_min)
);

CREATE TABLE staff_services (
    user_id     TEXT NOT NULL REFERENCES staff_settings (user_id) ON DELETE CASCADE,
    service_id  TEXT NOT NULL REFERENCES services (id),
    PRIMARY KEY (user_id, service_id)
);

CREATE TABLE staff_time_off (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_date  DATE NOT NULL,
    to_date    DATE NOT NULL,
    reason     TEXT NOT NULL,
    CHECK (from_date <= to_date)
);

CREATE INDEX staff_time_off_by_staff ON staff_time_off (user_id, from_date);

-- A row marks a cita staff booked (or moved) outside the hours, a closure or the stylist's
-- schedule on purpose. Kept beside `citas` rather than in it.
CREATE TABLE cita_outside_hours (
    cita_id  TEXT PRIMARY KEY REFERENCES citas (id) ON DELETE CASCADE
);
