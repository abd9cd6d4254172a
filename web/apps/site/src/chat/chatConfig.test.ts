import { describe, expect, it, vi } from 'vitest';
import { chatOptions, guestMetadata, localDate } from './chatConfig';

describe('chatOptions', () => {
  it('is the product configuration of SPEC §2', () => {
    const options = chatOptions('https://citabot.example');
    expect(options).toMatchObject({
      webhookUrl: 'https://citabot.example/api/n8n/chat',
      mode: 'window',
      showWelcomeScreen: true,
      loadPreviousSession: true,
      enableStreaming: false,
      defaultLanguage: 'es',
      initialMessages: ['¡Hola! 👋', '¿En qué puedo ayudarte hoy?'],
    });
    expect(options.i18n?.es).toEqual({
      title: 'Hola',
      subtitle: 'Inicia una conversación. Estamos para ayudarte.',
      getStarted: 'Nueva conversación',
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
