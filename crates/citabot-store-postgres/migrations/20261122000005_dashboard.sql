-- The dashboard (DESIGN D2–D4): which chat session's assistant booked a cita (NULL when staff
-- booked it by hand), so a conversation can tell whether it led to a booking. No foreign key:
-- the assistant may book on a conversation's first turn, before its messages are stored.
ALTER TABLE citas ADD COLUMN chat_session_id TEXT;

CREATE INDEX citas_by_chat_session ON citas (chat_session_id) WHERE chat_session_id IS NOT NULL;

-- What the dashboard's client search matches (citabot_store::booking::client_search_key): name,
-- email and phone folded to lower case without accents, and the phone's digits. The store writes
-- it with every client; existing rows are folded here with the same letter table (SQLite's
-- lower() only knows ASCII, so the accented capitals are replaced first).
ALTER TABLE clients ADD COLUMN search_key TEXT NOT NULL DEFAULT '';

UPDATE clients SET search_key = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name || chr(10) || COALESCE(email, '') || chr(10) || COALESCE(phone, '') || chr(10) || replace(replace(replace(replace(replace(replace(COALESCE(phone, ''), ' ', ''), '.', ''), '-', ''), '(', ''), ')', ''), '+', ''), 'à', 'a'), 'À', 'a'), 'á', 'a'), 'Á', 'a'), 'â', 'a'), 'Â', 'a'), 'ä', 'a'), 'Ä', 'a'), 'ã', 'a'), 'Ã', 'a'), 'è', 'e'), 'È', 'e'), 'é', 'e'), 'É', 'e'), 'ê', 'e'), 'Ê', 'e'), 'ë', 'e'), 'Ë', 'e'), 'ì', 'i'), 'Ì', 'i'), 'í', 'i'), 'Í', 'i'), 'î', 'i'), 'Î', 'i'), 'ï', 'i'), 'Ï', 'i'), 'ò', 'o'), 'Ò', 'o'), 'ó', 'o'), 'Ó', 'o'), 'ô', 'o'), 'Ô', 'o'), 'ö', 'o'), 'Ö', 'o'), 'õ', 'o'), 'Õ', 'o'), 'ù', 'u'), 'Ù', 'u'), 'ú', 'u'), 'Ú', 'u'), 'û', 'u'), 'Û', 'u'), 'ü', 'u'), 'Ü', 'u'), 'ñ', 'n'), 'Ñ', 'n'), 'ç', 'c'), 'Ç', 'c'));
