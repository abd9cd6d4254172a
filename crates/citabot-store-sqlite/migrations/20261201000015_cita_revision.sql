-- Issue 13: how many times a cita has changed since it was booked. Every move and status change
-- raises it by one, only from the value the change was decided on (so two changes racing on
-- one cita cannot both land), and the calendar invitation's SEQUENCE is this number: two changes
-- within one second still give two different invitations.
ALTER TABLE citas ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0);
