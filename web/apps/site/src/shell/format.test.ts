import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatClock,
  formatDate,
  formatInstant,
  formatPrice,
  formatTime,
  startOfWeek,
  todayIn,
  zonedInstant,
} from './format';

// Intl puts a narrow no-break space before the euro sign.
const normalise = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('format', () => {
  it('writes prices in euros, es-ES', () => {
    expect(normalise(formatPrice(2500))).toBe('25,00 €');
    expect(normalise(formatPrice(1850))).toBe('18,50 €');
    expect(normalise(formatPrice(0))).toBe('0,00 €');
  });

  it('writes local dates long, short and as day and month, whatever the browser zone', () => {
    expect(formatDate('2026-11-23')).toBe('lunes, 23 de noviembre de 2026');
    expect(formatDate('2026-11-23', 'short')).toBe('23/11/2026');
    expect(formatDate('2026-11-23', 'dayMonth')).toBe('23 de noviembre');
    expect(formatDate('2026-11-23', 'day')).toBe('lunes, 23 de noviembre');
    expect(formatDate('2026-11-23', 'inSentence')).toBe('lunes 23 de noviembre');
    expect(formatDate('2026-12-03', 'dayMonthYear')).toBe('3 de diciembre de 2026');
    expect(formatDate('2026-12-03', 'weekdayShort')).toBe('jue 3');
    expect(() => formatDate('23/11/2026')).toThrow('Fecha no válida');
  });

  it('writes minutes after midnight as HH:MM', () => {
    expect(formatTime(615)).toBe('10:15');
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(1439)).toBe('23:59');
  });

  it("writes instants in the business's time zone", () => {
    expect(formatInstant('2026-11-23T09:15:00Z', 'Europe/Madrid')).toBe('23/11/2026, 10:15');
    expect(formatInstant('2026-07-01T22:30:00Z', 'Europe/Madrid')).toBe('02/07/2026, 00:30');
  });

  it("writes an instant's time of day in the business's time zone", () => {
    expect(formatClock('2026-11-23T09:12:00Z', 'Europe/Madrid')).toBe('10:12');
    // Summer time, and past midnight there while still the day before in UTC.
    expect(formatClock('2026-07-01T07:05:00Z', 'Europe/Madrid')).toBe('09:05');
    expect(formatClock('2026-11-22T23:40:00Z', 'Europe/Madrid')).toBe('00:40');
  });

  it('knows today in a time zone', () => {
    const lateUtc = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Europe/Madrid', lateUtc)).toBe('2026-11-24');
    expect(todayIn('America/New_York', lateUtc)).toBe('2026-11-23');
  });

  it('moves dates by calendar days across months, years and DST changes', () => {
    expect(addDays('2026-11-23', -30)).toBe('2026-10-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("reads a local date and minute in the business's time zone as an instant", () => {
    const at = (date: string, minutes: number, zone = 'Europe/Madrid') =>
      zonedInstant(date, minutes, zone).toISOString();
    expect(at('2026-12-03', 600)).toBe('2026-12-03T09:00:00.000Z');
    expect(at('2026-07-01', 600)).toBe('2026-07-01T08:00:00.000Z');
    // 29 March 2026: Madrid's clocks go from 02:00 to 03:00; before and after the change.
    expect(at('2026-03-29', 90)).toBe('2026-03-29T00:30:00.000Z');
    expect(at('2026-03-29', 600)).toBe('2026-03-29T08:00:00.000Z');
    expect(at('2026-10-25', 600)).toBe('2026-10-25T09:00:00.000Z');
    expect(at('2026-12-31', 1410)).toBe('2026-12-31T22:30:00.000Z');
    expect(at('2026-12-03', 600, 'America/Mexico_City')).toBe('2026-12-03T16:00:00.000Z');
  });

  it('finds the Monday of a week', () => {
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25')).toBe('2026-11-23');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });
});
