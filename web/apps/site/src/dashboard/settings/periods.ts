/**
 * Weekly periods as the settings forms edit them: "HH:MM" text per period, checked and turned
 * into the API's `{ weekday, openMin, closeMin }`.
 */
import type { OpeningPeriod } from '../../api/types';
import { formatTime, parseTime } from '../../shell/format';

export const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

export interface PeriodDraft {
  key: number;
  weekday: number;
  open: string;
  close: string;
}

let nextKey = 0;

export function newPeriod(weekday: number, open = '10:00', close = '14:00'): PeriodDraft {
  return { key: nextKey++, weekday, open, close };
}

export function toDrafts(periods: OpeningPeriod[]): PeriodDraft[] {
  return [...periods]
    .sort((a, b) => a.weekday - b.weekday || a.openMin - b.openMin)
    .map((period) =>
      newPeriod(period.weekday, formatTime(period.openMin), formatTime(period.closeMin)),
    );
}

/**
 * The periods of `drafts`, or the Spanish reason they cannot be saved: each needs two valid
 * times, the opening before the closing, and the periods of a day must not overlap.
 */
export function fromDrafts(drafts: PeriodDraft[]): OpeningPeriod[] | string {
  const periods: OpeningPeriod[] = [];
  for (const draft of drafts) {
    const day = WEEKDAYS[draft.weekday - 1] ?? '';
    const openMin = parseTime(draft.open);
    const closeMin = draft.close === '24:00' ? 1440 : parseTime(draft.close);
    if (openMin === null || closeMin === null) {
      return `${day}: escribe las horas como HH:MM.`;
    }
    if (openMin >= closeMin)
      return `${day}: la apertura (${draft.open}) debe ser antes del cierre.`;
    periods.push({ weekday: draft.weekday, openMin, closeMin });
  }
  periods.sort((a, b) => a.weekday - b.weekday || a.openMin - b.openMin);
  for (const [index, name] of WEEKDAYS.entries()) {
    if (periods.filter((period) => period.weekday === index + 1).length > 10) {
      return `${name}: como mucho 10 tramos.`;
    }
  }
  for (let i = 1; i < periods.length; i++) {
    const before = periods[i - 1];
    const current = periods[i];
    if (current && before?.weekday === current.weekday && current.openMin < before.closeMin) {
      return `${WEEKDAYS[current.weekday - 1] ?? ''}: los tramos se solapan.`;
    }
  }
  return periods;
}
