import { describe, expect, it } from 'vitest';
import type { DateRange, OpeningPeriod } from '../../api/types';
import { openingStatus, spokenTime } from './openingStatus';

const MADRID = 'Europe/Madrid';

/** Monday to Friday 9:00–14:00 and 16:00–20:00 (two periods), Saturday 10:00–14:00. */
const HOURS: OpeningPeriod[] = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, openMin: 16 * 60, closeMin: 20 * 60 },
    { weekday, openMin: 9 * 60, closeMin: 14 * 60 },
  ]),
  { weekday: 6, openMin: 10 * 60, closeMin: 14 * 60 },
];

/** An instant given as Madrid's wall-clock time in winter (UTC+1). 2026-11-23 is a Monday. */
function madrid(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+01:00`);
}

const closure = (from: string, to: string): DateRange => ({ id: 'c', from, to, reason: 'Fiesta' });

describe('openingStatus', () => {
  it('is open inside a period and says when it closes', () => {
    expect(openingStatus(madrid('2026-11-23', '10:30'), MADRID, HOURS)).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 14:00',
    });
    expect(openingStatus(madrid('2026-11-23', '19:59'), MADRID, HOURS).text).toBe(
      'Abierto ahora · cierra a las 20:00',
    );
  });

  it('is closed between the two periods of a day, opening again today', () => {
    expect(openingStatus(madrid('2026-11-23', '14:00'), MADRID, HOURS)).toEqual({
      open: false,
      text: 'Cerrado · abre hoy a las 16:00',
    });
  });

  it('says tomorrow after closing time, and before opening says today', () => {
    expect(openingStatus(madrid('2026-11-23', '20:00'), MADRID, HOURS).text).toBe(
      'Cerrado · abre mañana a las 9:00',
    );
    expect(openingStatus(madrid('2026-11-24', '08:15'), MADRID, HOURS).text).toBe(
      'Cerrado · abre hoy a las 9:00',
    );
  });

  it('names the weekday when the next opening is later in the week', () => {
    // Saturday after 14:00: Sunday is closed, Monday opens.
    expect(openingStatus(madrid('2026-11-28', '15:00'), MADRID, HOURS).text).toBe(
      'Cerrado · abre el lunes a las 9:00',
    );
  });

  it('is closed all day on a closure day, and skips the closure to the next opening', () => {
    const holidays = [closure('2026-11-23', '2026-11-24')];
    expect(openingStatus(madrid('2026-11-23', '10:30'), MADRID, HOURS, holidays)).toEqual({
      open: false,
      text: 'Cerrado · abre el miércoles a las 9:00',
    });
    expect(openingStatus(madrid('2026-11-22', '12:00'), MADRID, HOURS, holidays).text).toBe(
      'Cerrado · abre el miércoles a las 9:00',
    );
  });

  it('gives the date when the next opening is a week or more away', () => {
    const holidays = [closure('2026-12-01', '2026-12-31')];
    expect(openingStatus(madrid('2026-11-30', '20:30'), MADRID, HOURS, holidays).text).toBe(
      'Cerrado · abre el 1 de enero a las 9:00',
    );
  });

  it("works in the salon's time zone, not the browser's", () => {
    // 08:30 UTC is 09:30 in Madrid (open) and 03:30 in New York (closed).
    const instant = new Date('2026-11-23T08:30:00Z');
    expect(openingStatus(instant, MADRID, HOURS).open).toBe(true);
    expect(openingStatus(instant, 'America/New_York', HOURS).text).toBe(
      'Cerrado · abre hoy a las 9:00',
    );
  });

  it('says only "Cerrado" when it never opens', () => {
    expect(openingStatus(madrid('2026-11-23', '10:00'), MADRID, [])).toEqual({
      open: false,
      text: 'Cerrado',
    });
  });
});

describe('spokenTime', () => {
  it('drops the leading zero of the hour', () => {
    expect(spokenTime(9 * 60)).toBe('9:00');
    expect(spokenTime(20 * 60 + 30)).toBe('20:30');
  });
});
