/**
 * "Añadir a Google Calendar", "Añadir a Outlook" and "Cómo llegar" for a cita: the URLs the
 * manage page offers and the server's emails write too, so both must build exactly these
 * strings (the tests pin them). Pure: every value comes in as a parameter.
 *
 * - Text values are percent-encoded as RFC 3986 asks (everything but `A-Z a-z 0-9 - . _ ~`), so
 *   a space is `%20`, never `+` (which Outlook shows as it is), and "ñ" is `%C3%B1`.
 * - Times are UTC instants: Google's `dates` as `YYYYMMDDTHHMMSSZ/YYYYMMDDTHHMMSSZ`, Outlook's
 *   `startdt`/`enddt` as `YYYY-MM-DDTHH:MM:SSZ`, written as they are (their characters need no
 *   escaping in a query).
 */

/** One event as a calendar shows it. */
export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location: string;
}

/** A cita's facts, as the page and the emails know them. */
export interface CitaFacts {
  serviceNames: string[];
  salonName: string;
  staffName: string;
  /** The salon's address in one line; empty when it has none yet. */
  address: string;
  start: Date;
  end: Date;
}

/** RFC 3986's strict escaping: `encodeURIComponent` leaves `!'()*` as they are. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function query(pairs: [string, string][], raw: ReadonlySet<string> = new Set()): string {
  return pairs.map(([name, value]) => `${name}=${raw.has(name) ? value : encode(value)}`).join('&');
}

/** "2026-12-03T09:00:00Z": an instant to the second, in UTC. */
function isoSeconds(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "20261203T090000Z": Google's basic form of the same. */
function basic(instant: Date): string {
  return isoSeconds(instant).replace(/[-:]/g, '');
}

/**
 * The event of a cita, as the calendar file the server writes words it: "Corte, Tinte —
 * Peluquería Lucía", "Te atiende Lucía.", and the salon's address (its name until it has one).
 */
export function citaEvent(cita: CitaFacts): CalendarEvent {
  const names = cita.serviceNames.join(', ');
  const salon = cita.salonName.trim();
  const staff = cita.staffName.trim();
  let title = names;
  if (names === '') title = `Cita en ${salon}`.trim();
  else if (salon !== '') title = `${names} — ${salon}`;
  return {
    title,
    start: cita.start,
    end: cita.end,
    details: staff === '' ? '' : `Te atiende ${staff}.`,
    location: cita.address.trim() === '' ? salon : cita.address.trim(),
  };
}

/** Google Calendar's "new event" form, filled in. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const pairs: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${basic(event.start)}/${basic(event.end)}`],
    ['details', event.details],
    ['location', event.location],
  ];
  return `https://calendar.google.com/calendar/render?${query(pairs, new Set(['dates']))}`;
}

/** Outlook.com's "new event" form, filled in. */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const pairs: [string, string][] = [
    ['subject', event.title],
    ['startdt', isoSeconds(event.start)],
    ['enddt', isoSeconds(event.end)],
    ['location', event.location],
    ['body', event.details],
  ];
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query(
    pairs,
    new Set(['startdt', 'enddt']),
  )}`;
}

/** Google Maps searching for the address (its documented, key-less URL). */
export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?${query([
    ['api', '1'],
    ['query', address.trim()],
  ])}`;
}
