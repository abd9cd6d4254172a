-- Issue 11: a cita may be a no-show (`no_presentado`), and a client carries a private staff note.

-- 1. The staff's private note on a client ("alérgica al amoniaco"); never shown to the client.
ALTER TABLE clients ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- 2. The new status. The exclusion constraint that refuses a double booking covers pending and
--    confirmed citas only, so a no-show holds no time, as a cancelled cita does.
ALTER TABLE citas DROP CONSTRAINT citas_status_check;
ALTER TABLE citas ADD CONSTRAINT citas_status_check CHECK (
    status IN ('pendiente', 'confirmada', 'cancelada', 'completada', 'no_presentado')
);
