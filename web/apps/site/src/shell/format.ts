/**
 * es-ES formatting of the API's values: prices in cents, local dates `YYYY-MM-DD`, minutes
 * after midnight, and instants shown in the business's time zone. Dates are calendar days, so
 * their arithmetic runs in UTC where no daylight-saving change can shift a day.
 */

const LOCALE = 'es-ES';

const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });

/** 2500 → "25,00 €". */
export function formatPrice(cents: number): string {
  return priceFormat.format(cents / 100);
}

function parseDate(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Fecha no válida: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const longDateFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

const dayMonthYearFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShortFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** The day style without the comma after the weekday, as a sentence says it. */
const inSentenceFormat = {
  format: (date: Date) =>
    dayFormat
      .formatToParts(date)
      .map((part) => (part.type === 'literal' ? part.value.replace(',', '') : part.value))
      .join(''),
};

const DATE_FORMATS = {
  long: longDateFormat,
  short: shortDateFormat,
  dayMonth: dayMonthFormat,
  dayMonthYear: dayMonthYearFormat,
  day: dayFormat,
  inSentence: inSentenceFormat,
  weekdayShort: weekdayShortFormat,
};

/**
 * '2026-11-23' → "lunes, 23 de noviembre de 2026" (long), "23/11/2026" (short), "23 de
 * noviembre" (dayMonth), "23 de noviembre de 2026" (dayMonthYear), "lunes, 23 de noviembre"
 * (day: within the coming weeks, the year goes without saying) or "lunes 23 de noviembre"
 * (inSentence: "tu cita del lunes 23 de noviembre") or "lun 23" (weekdayShort: a time's chip).
 */
export function formatDate(date: string, style: keyof typeof DATE_FORMATS = 'long'): string {
  return DATE_FORMATS[style].format(parseDate(date));
}

/** Minutes after midnight → "HH:MM" (615 → "10:15"). */
export function formatTime(minutes: number): string {
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hours}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "HH:MM" → minutes after midnight ("10:15" → 615), or null when it is not a time of day. */
export function parseTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** An RFC 3339 instant as "23/11/2026, 10:15" in `timeZone`. */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** An RFC 3339 instant as its time of day, "HH:MM", in `timeZone`. */
export function formatClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** Today's date (`YYYY-MM-DD`) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(now);
}

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const moved = parseDate(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return isoDate(moved);
}

/** The Monday of `date`'s week. */
export function startOfWeek(date: string): string {
  const weekday = (parseDate(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms), in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when `timeZone`'s clocks show `minutes` after midnight of `date`: what the API's
 * local date and minutes mean to a calendar elsewhere. The offset is taken twice, the second
 * time at the first guess, so a time after a daylight-saving change gets that day's offset.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = parseDate(date).getTime() + minutes * 60_000;
  const guess = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(guess, timeZone));
}

/**
 * The word for `value` in `labels`, or `value` itself when it is none of them: the document
 * writes statuses, kinds and roles as plain strings, and a newer server may send another.
 */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
