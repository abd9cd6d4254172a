import { describe, expect, it } from 'vitest';
import {
  citaEvent,
  googleCalendarUrl,
  mapUrl,
  outlookCalendarUrl,
  type CitaFacts,
} from './calendarLinks';
import { zonedInstant } from './format';

/** Ana's cita: Thursday 3 December 2026, 10:00–11:00 in Madrid (09:00–10:00 UTC). */
const cita: CitaFacts = {
  serviceNames: ['Corte de pelo', 'Peinado'],
  salonName: 'Peluquería Lucía',
  staffName: 'Lucía',
  address: 'Calle Mayor 1, 28013 Madrid',
  start: zonedInstant('2026-12-03', 600, 'Europe/Madrid'),
  end: zonedInstant('2026-12-03', 660, 'Europe/Madrid'),
};

describe('calendar links', () => {
  it('words a cita as the server’s calendar file does', () => {
    expect(citaEvent(cita)).toEqual({
      title: 'Corte de pelo, Peinado — Peluquería Lucía',
      start: new Date('2026-12-03T09:00:00Z'),
      end: new Date('2026-12-03T10:00:00Z'),
      details: 'Te atiende Lucía.',
      location: 'Calle Mayor 1, 28013 Madrid',
    });
    // Without an address the salon's name says where; without services, the salon's name.
    expect(citaEvent({ ...cita, address: ' ' }).location).toBe('Peluquería Lucía');
    expect(citaEvent({ ...cita, serviceNames: [] }).title).toBe('Cita en Peluquería Lucía');
    expect(citaEvent({ ...cita, staffName: '' }).details).toBe('');
  });

  it('builds Google Calendar’s form with UTC times and every text escaped', () => {
    expect(googleCalendarUrl(citaEvent(cita))).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE' +
        '&text=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa' +
        '&dates=20261203T090000Z/20261203T100000Z' +
        '&details=Te%20atiende%20Luc%C3%ADa.' +
        '&location=Calle%20Mayor%201%2C%2028013%20Madrid',
    );
  });

  it('builds Outlook’s form with ISO UTC times', () => {
    expect(outlookCalendarUrl(citaEvent(cita))).toBe(
      'https://outlook.live.com/calendar/0/deeplink/compose' +
        '?subject=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa' +
        '&startdt=2026-12-03T09:00:00Z&enddt=2026-12-03T10:00:00Z' +
        '&location=Calle%20Mayor%201%2C%2028013%20Madrid' +
        '&body=Te%20atiende%20Luc%C3%ADa.',
    );
  });

  it('keeps the summer offset and escapes what a query would misread', () => {
    const summer = citaEvent({
      ...cita,
      serviceNames: ['Mechas & Tinte (raíz)'],
      salonName: "L'Atelier Ñ+1",
      start: zonedInstant('2026-07-01', 1230, 'Europe/Madrid'),
      end: zonedInstant('2026-07-01', 1290, 'Europe/Madrid'),
    });
    const google = new URL(googleCalendarUrl(summer));
    expect(google.search).toContain('&dates=20260701T183000Z/20260701T193000Z&');
    expect(google.search).toContain(
      '&text=Mechas%20%26%20Tinte%20%28ra%C3%ADz%29%20%E2%80%94%20L%27Atelier%20%C3%91%2B1&',
    );
    // Read back as a browser would, every value is what was given.
    expect(google.searchParams.get('text')).toBe("Mechas & Tinte (raíz) — L'Atelier Ñ+1");
    const outlook = new URL(outlookCalendarUrl(summer));
    expect(outlook.searchParams.get('startdt')).toBe('2026-07-01T18:30:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-07-01T19:30:00Z');
    expect(outlook.searchParams.get('subject')).toBe("Mechas & Tinte (raíz) — L'Atelier Ñ+1");
  });

  it('searches the salon’s address on Google Maps', () => {
    expect(mapUrl(' Calle de Fuencarral 70, 28004 Madrid ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Calle%20de%20Fuencarral%2070%2C%2028004%20Madrid',
    );
  });
});
