-- Issue 14: the salon's logo and hero picture, uploaded in "Ajustes", at most one of each. The
-- server checks them (PNG, JPEG or WebP told by their first bytes; logo ≤ 512 KiB, hero ≤ 2 MiB)
-- before they get here; the checks below only keep a hand-made row from breaking that.
-- `version` is made from the bytes and goes into the picture's URL and ETag, so browsers may
-- cache a picture for good and still see a new one at once.
CREATE TABLE business_images (
    slot          TEXT PRIMARY KEY CHECK (slot IN ('logo', 'hero')),
    content_type  TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    data          BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152),
    version       TEXT NOT NULL,
    uploaded_at   TIMESTAMPTZ NOT NULL
);
