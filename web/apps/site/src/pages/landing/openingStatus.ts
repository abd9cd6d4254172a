/**
 * "Abierto ahora · cierra a las 20:00" / "Cerrado · abre mañana a las 9:00": whether the salon is
 * open at an instant, worked out in the salon's time zone from its weekly hours and its closures.
 * Pure: the instant is a parameter, so tests pick it.
 */
import type { DateRange, OpeningPeriod } from '../../api/types';
import { addDays, todayIn } from '../../shell/format';

export interface OpeningStatus {
  open: boolean;
  /** The sentence for the page, in Spanish. */
  text: string;
}

const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** How far ahead the next opening is looked for: a year covers any closure the API allows. */
const SEARCH_DAYS = 370;

/** Minutes after midnight of `now` in `timeZone`. */
function minutesIn(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** ISO weekday of a `YYYY-MM-DD` date: 1 = Monday … 7 = Sunday. */
function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** "9:00", "20:30": the hour without a leading zero, as people say it. */
export function spokenTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60))}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The periods the salon opens on `date`, in order; none on a closure day. */
export function periodsOn(
  date: string,
  hours: OpeningPeriod[],
  closures: DateRange[],
): OpeningPeriod[] {
  if (closures.some((closure) => closure.from <= date && date <= closure.to)) return [];
  const weekday = weekdayOf(date);
  return hours
    .filter((period) => period.weekday === weekday)
    .sort((first, second) => first.openMin - second.openMin);
}

/** "hoy", "mañana", "el jueves" (within the week), else "el 3 de enero". */
function dayWords(days: number, date: string): string {
  if (days === 0) return 'hoy';
  if (days === 1) return 'mañana';
  if (days < 7) return `el ${WEEKDAY_NAMES[weekdayOf(date) - 1] ?? ''}`;
  const label = new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return `el ${label}`;
}

/** Whether the salon is open at `now` and what to say about it. */
export function openingStatus(
  now: Date,
  timeZone: string,
  hours: OpeningPeriod[],
  closures: DateRange[] = [],
): OpeningStatus {
  const today = todayIn(timeZone, now);
  const minute = minutesIn(timeZone, now);
  const current = periodsOn(today, hours, closures).find(
    (period) => period.openMin <= minute && minute < period.closeMin,
  );
  if (current) {
    return { open: true, text: `Abierto ahora · cierra a las ${spokenTime(current.closeMin)}` };
  }
  for (let days = 0; days <= SEARCH_DAYS; days += 1) {
    const date = addDays(today, days);
    const next = periodsOn(date, hours, closures).find(
      (period) => days > 0 || period.openMin > minute,
    );
    if (next) {
      return {
        open: false,
        text: `Cerrado · abre ${dayWords(days, date)} a las ${spokenTime(next.openMin)}`,
      };
    }
  }
  return { open: false, text: 'Cerrado' };
}
