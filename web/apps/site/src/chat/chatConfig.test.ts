import { describe, expect, it, vi } from 'vitest';
import { cliente, staff } from '../test/fakeServer';
import {
  CHAT_TITLE,
  chatOptions,
  chatTitle,
  guestMetadata,
  localDate,
  visitorMetadata,
} from './chatConfig';

describe('chatOptions', () => {
  it('is the product configuration of REQUIREMENTS S4', () => {
    const options = chatOptions('https://citabot.example');
    expect(options).toMatchObject({
      webhookUrl: 'https://citabot.example/api/n8n/chat',
      mode: 'window',
      showWelcomeScreen: false,
      loadPreviousSession: true,
      enableStreaming: false,
      defaultLanguage: 'es',
      initialMessages: ['¡Hola! 👋', '¿En qué puedo ayudarte hoy?'],
      starters: ['Reservar cita', 'Ver precios', 'Horario y dirección'],
    });
    expect(options.i18n?.es).toEqual({
      title: 'Hola',
      subtitle: 'Responde al momento',
      inputPlaceholder: 'Escribe tu pregunta...',
      closeButtonTooltip: 'Cerrar chat',
      footer: '',
    });
  });

  it('computes fresh metadata for every request', () => {
    vi.useFakeTimers();
    const { metadata } = chatOptions('http://127.0.0.1:3000');
    if (typeof metadata !== 'function') throw new Error('metadata should be a function');
    vi.setSystemTime(new Date(2026, 10, 22, 10, 30));
    expect(metadata().currentDate).toBe('2026-11-22');
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0));
    expect(metadata()).toMatchObject({
      currentDate: '2026-11-23',
      currentDateISO: new Date(2026, 10, 23, 9, 0).toISOString(),
    });
  });
});

describe('chatTitle', () => {
  it("is the salon's name once known, 'Hola' before or without one", () => {
    expect(chatTitle({ name: 'Peluquería Lucía' })).toBe('Peluquería Lucía');
    expect(chatTitle({ name: '  Barbería Sol ' })).toBe('Barbería Sol');
    expect(chatTitle(null)).toBe('Hola');
    expect(chatTitle({ name: ' ' })).toBe('Hola');
    expect(CHAT_TITLE).toBe(chatOptions('https://citabot.example').i18n?.es?.title);
  });
});

describe('guestMetadata', () => {
  it('describes a guest with an empty pendiente draft', () => {
    const now = new Date(2026, 0, 5, 23, 59);
    expect(guestMetadata(now)).toEqual({
      userId: '',
      email: '',
      name: '',
      phone: '',
      role: 'guest',
      guest: true,
      currentDate: '2026-01-05',
      currentDateISO: now.toISOString(),
      cita: {
        userId: '',
        clientId: '',
        clientName: '',
        clientEmail: '',
        date: '',
        startMin: null,
        startAt: '',
        endAt: '',
        status: 'pendiente',
        services: [],
      },
      cita_servicio: [],
    });
  });
});

describe('localDate', () => {
  it('uses the local calendar day, zero-padded', () => {
    expect(localDate(new Date(2026, 2, 9, 0, 0))).toBe('2026-03-09');
    expect(localDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('visitorMetadata', () => {
  const now = new Date(2026, 10, 23, 10, 0);
  const empty = guestMetadata(now).cita;

  it('is the guest metadata for nobody signed in', () => {
    expect(visitorMetadata(now, null, null)).toEqual(guestMetadata(now));
  });

  it("makes a cliente the draft's client, from their profile", () => {
    expect(visitorMetadata(now, cliente, cliente)).toEqual({
      ...guestMetadata(now),
      userId: 'user-ana',
      email: 'ana@example.com',
      name: 'Ana García',
      phone: '600111222',
      role: 'cliente',
      guest: false,
      cita: {
        ...empty,
        clientId: 'user-ana',
        clientName: 'Ana García',
        clientEmail: 'ana@example.com',
      },
    });
  });

  it.each(['usuario', 'administrador'] as const)(
    "makes a %s the draft's userId, with no client",
    (role) => {
      const member = { ...staff, role };
      expect(visitorMetadata(now, member, member)).toMatchObject({
        userId: 'user-lucia',
        name: 'Lucía Pérez',
        phone: '',
        role,
        guest: false,
        cita: { ...empty, userId: 'user-lucia' },
      });
    },
  );

  it('keeps an empty draft and no profile data without a profile', () => {
    expect(visitorMetadata(now, cliente, null)).toEqual({
      ...guestMetadata(now),
      userId: 'user-ana',
      email: 'ana@example.com',
      role: 'cliente',
      guest: false,
    });
  });
});
