import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Answer, fakeServerAs, type RecordedRequest } from '../test/fakeServer';
import {
  fakeAppointment,
  fakeConversation,
  fakeHold,
  fixToday,
  profile,
  STAFF,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const CHAT = fakeConversation({
  sessionId: 'sesion-1',
  booked: true,
  messageCount: 2,
  lastMessage: { sender: 'bot', text: 'Reservado.', at: '2026-11-23T09:01:00Z' },
  messages: [
    { sender: 'user', text: 'Quiero cita', at: '2026-11-23T09:00:00Z' },
    { sender: 'bot', text: 'Reservado.', at: '2026-11-23T09:01:00Z' },
  ],
});

/** Some of everything, so every section shows its full layout. */
function anything(call: RecordedRequest): Answer | undefined {
  switch (call.url.pathname) {
    case '/api/staff':
      return { body: { items: STAFF } };
    case '/api/appointments':
      return {
        body: {
          items: [
            fakeAppointment({ id: 'a1' }),
            fakeAppointment({
              id: 'a2',
              status: 'confirmada',
              chatSessionId: 'sesion-1',
              clientConfirmed: true,
            }),
          ],
        },
      };
    case '/api/holds':
      return {
        body: {
          items: [
            fakeHold({ conversationId: 'sesion-1', startMin: 12 * 60, endMin: 12 * 60 + 45 }),
          ],
        },
      };
    case '/api/clients':
      return {
        body: {
          items: [
            {
              id: 'c1',
              name: 'Pilar',
              email: null,
              phone: null,
              userId: null,
              appointments: 1,
              lastAppointmentDate: null,
            },
          ],
        },
      };
    case '/api/clients/c1':
      return {
        body: {
          item: {
            id: 'c1',
            name: 'Pilar',
            email: 'pilar@example.com',
            phone: '+34 600 111 222',
            userId: null,
            note: 'Alérgica al amoniaco',
            citas: [fakeAppointment({ id: 'a1', status: 'no_presentado' })],
            conversations: [
              {
                sessionId: 'sesion-1',
                startedAt: '2026-11-23T09:00:00Z',
                lastMessageAt: '2026-11-23T09:01:00Z',
                preview: 'Reservado.',
              },
            ],
          },
        },
      };
    case '/api/conversations':
      return { body: { items: [CHAT] } };
    case '/api/conversations/sesion-1':
      return { body: { item: CHAT } };
    case '/api/mail':
      return {
        body: {
          configured: false,
          items: [
            {
              id: 'm1',
              kind: 'booked',
              to: 'pilar@example.com',
              subject: 'Tu cita con Lucía',
              status: 'unsent',
              attempts: 0,
              lastError: null,
              createdAt: '2026-11-23T09:01:00Z',
              sendAfter: '2026-11-23T09:01:00Z',
              sentAt: null,
              citaId: 'a2',
              conversationId: 'sesion-1',
            },
          ],
        },
      };
    case '/api/keys':
      return {
        body: {
          keys: [
            {
              id: 'ab12cd34',
              name: 'n8n recepción',
              prefix: 'cbk_ab12cd34',
              role: 'usuario',
              createdBy: { id: 'st-1', name: 'Lucía Gómez' },
              createdAt: '2026-11-20T09:15:00Z',
              lastUsedAt: null,
              revokedAt: null,
            },
          ],
        },
      };
    case '/api/reviews':
      return {
        body: {
          summary: { count: 1, average: 5 },
          items: [
            {
              id: 'r1',
              rating: 5,
              comment: 'Lucía es un encanto.',
              author: 'Pilar G.',
              createdAt: '2026-11-22T18:00:00Z',
              reply: 'Gracias, Pilar.',
              repliedAt: '2026-11-22T19:00:00Z',
              hidden: false,
              demo: false,
            },
            {
              id: 'r2',
              rating: 2,
              comment: '',
              author: 'Juan P.',
              createdAt: '2026-11-21T18:00:00Z',
              reply: null,
              repliedAt: null,
              hidden: true,
              demo: true,
            },
          ],
        },
      };
    case '/api/stats':
      return {
        body: {
          items: [
            { date: '2026-11-23', appointments: 2, conversations: 3, conversationsBooked: 1 },
          ],
        },
      };
  }
  return undefined;
}

describe('Dashboard accessibility', () => {
  beforeEach(fixToday);

  it.each([
    ['/dashboard', 'Agenda'],
    ['/dashboard/servicios', 'Servicios'],
    ['/dashboard/equipo', 'Equipo'],
    ['/dashboard/clientes', 'Clientes'],
    ['/dashboard/clientes/c1', 'Pilar'],
    ['/dashboard/conversaciones', 'Conversaciones'],
    ['/dashboard/conversaciones/sesion-1', 'Conversación con Invitado'],
    ['/dashboard/opiniones', 'Opiniones'],
    ['/dashboard/estadisticas', 'Estadísticas'],
    ['/dashboard/correos', 'Correos'],
    ['/dashboard/ajustes', 'Ajustes'],
    ['/dashboard/ajustes#integraciones', 'Ajustes'],
  ])('has no axe violations on %s', async (address, heading) => {
    fakeServerAs(profile('administrador'), anything);
    // A tab of Ajustes is named by the address's #fragment, which the section reads itself.
    window.history.replaceState(null, '', address);
    const [path = address] = address.split('#');
    renderWithProviders(<Dashboard path={path} />);
    await screen.findByRole('heading', { level: 1, name: heading });
    // Wait for the section's data, not just its heading.
    await screen.findAllByText(
      /Pilar|Corte|Lucía|Reservado|Invitado|Citas creadas|Preguntas frecuentes/,
    );
    // jsdom has no layout, so contrast is checked by the end-to-end axe run in a browser.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((n) => n.html) })),
    ).toEqual([]);
  });
});
