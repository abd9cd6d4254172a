import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, ConversationMessage } from '../api/types';
import { apiError, fakeServerAs, session } from '../test/fakeServer';
import { fakeConversation, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';
import { POLL_INTERVAL_MS } from './usePolledConversation';

const ME = profile('usuario', 'st-1');
const PATH = '/api/conversations/sesion-1';

function conversation(messages: ConversationMessage[]): ConversationDetail {
  return fakeConversation({ sessionId: 'sesion-1', messageCount: messages.length, messages });
}

const HELLO: ConversationMessage = {
  sender: 'user',
  text: 'Hola, <b>quiero</b> cita',
  at: '2026-11-23T09:00:00Z',
};
const ANSWER: ConversationMessage = {
  sender: 'bot',
  text: '¿Para qué día?',
  at: '2026-11-23T09:00:05Z',
};

describe('Conversación (D4)', () => {
  // Only the intervals are fake: promises and Testing Library's own timeouts stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });

  it('reads the conversation every second while open, and stops when left', async () => {
    let current = conversation([HELLO, ANSWER]);
    const { to: callsTo } = fakeServerAs(ME, (call) =>
      call.url.pathname === PATH ? { body: { item: current } } : undefined,
    );
    const view = renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);

    const log = await screen.findByRole('log', { name: 'Mensajes' });
    // Plain text: the visitor's markup is shown, never rendered.
    expect(within(log).getByText('Hola, <b>quiero</b> cita')).toBeInTheDocument();
    expect(within(log).getByText('¿Para qué día?')).toBeInTheDocument();
    expect(callsTo(PATH)).toHaveLength(1);

    current = conversation([
      HELLO,
      ANSWER,
      { sender: 'user', text: 'El martes', at: '2026-11-23T09:01:00Z' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1));
    expect(callsTo(PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(PATH)).toHaveLength(2);
    expect(await within(log).findByText('El martes')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(callsTo(PATH)).toHaveLength(3);

    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(callsTo(PATH)).toHaveLength(3);
  });

  it('stops asking while the tab is hidden and asks again when it is shown', async () => {
    const { to: callsTo } = fakeServerAs(ME, (call) =>
      call.url.pathname === PATH ? { body: { item: conversation([HELLO]) } } : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);
    await screen.findByRole('log', { name: 'Mensajes' });
    const setHidden = (hidden: boolean) => {
      Object.defineProperty(document, 'hidden', { configurable: true, value: hidden });
      document.dispatchEvent(new Event('visibilitychange'));
    };

    try {
      setHidden(true);
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
      expect(callsTo(PATH)).toHaveLength(1);
      setHidden(false);
      // vi.waitFor, as Testing Library's waitFor polls with the setInterval faked here; the read
      // follows the visibilitychange by a few microtasks.
      await vi.waitFor(() => {
        expect(callsTo(PATH)).toHaveLength(2);
      });
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(callsTo(PATH)).toHaveLength(3);
    } finally {
      // Back to jsdom's own answer for the next tests.
      delete (document as { hidden?: boolean }).hidden;
    }
  });

  it('stops asking about a conversation that does not exist', async () => {
    const { to: callsTo } = fakeServerAs(ME, () => apiError(404, 'not_found', 'No existe.'));
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);
    expect(
      await screen.findByRole('heading', { name: 'Conversación no encontrada' }),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(callsTo(PATH)).toHaveLength(1);
  });

  it('takes over, replies and hands back', async () => {
    let current = conversation([HELLO]);
    const { to: callsTo } = fakeServerAs(ME, (call) => {
      if (call.url.pathname === PATH) return { body: { item: current } };
      if (call.url.pathname === `${PATH}/takeover`) {
        current = { ...current, takenOverBy: { id: 'st-1', name: 'Ana Pérez' } };
        return { body: { item: current } };
      }
      if (call.url.pathname === `${PATH}/messages`) {
        const text = (call.body as { text: string }).text;
        const by = { id: 'st-1', name: 'Ana Pérez' };
        current = {
          ...current,
          messages: [...current.messages, { sender: 'bot', text, at: '2026-11-23T09:02:00Z', by }],
        };
        return { status: 201, body: {} };
      }
      if (call.url.pathname === `${PATH}/handback`) {
        current = { ...current, takenOverBy: null };
        return { body: { item: current } };
      }
      if (call.url.pathname === `${PATH}/typing`) return { status: 204 };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);

    expect(await screen.findByText(/Responde el asistente/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Tu respuesta' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atender' }));
    expect(callsTo(`${PATH}/takeover`, 'POST')[0]?.headers.get('X-CSRF-Token')).toBe(
      session(ME).csrfToken,
    );

    await user.type(await screen.findByRole('textbox', { name: 'Tu respuesta' }), 'Hola, soy Ana');
    // The visitor's chat is told that Ana writes: once for a quick sentence, not per key.
    expect(callsTo(`${PATH}/typing`, 'POST')).toHaveLength(1);
    expect(callsTo(`${PATH}/typing`, 'POST')[0]?.headers.get('X-CSRF-Token')).toBe(
      session(ME).csrfToken,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(callsTo(`${PATH}/messages`, 'POST')[0]?.body).toEqual({ text: 'Hola, soy Ana' });
    });
    const log = screen.getByRole('log', { name: 'Mensajes' });
    expect(await within(log).findByText('Hola, soy Ana')).toBeInTheDocument();
    expect(within(log).getByText('Ana Pérez (equipo)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tu respuesta' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Devolver al asistente' }));
    await waitFor(() => {
      expect(callsTo(`${PATH}/handback`, 'POST')).toHaveLength(1);
    });
    expect(await screen.findByText(/Responde el asistente/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Tu respuesta' })).not.toBeInTheDocument();
  });

  it("renders the assistant's and staff's markdown safely, the visitor's text as typed", async () => {
    const messages: ConversationMessage[] = [
      { sender: 'user', text: '**Hola** <script>alert(1)</script>', at: '2026-11-23T09:00:00Z' },
      {
        sender: 'bot',
        text: '**Hora**: 10:00. <script>alert(1)</script> [Pagar](javascript:alert(1))',
        at: '2026-11-23T09:00:05Z',
      },
      {
        sender: 'bot',
        by: { id: 'st-1', name: 'Lucía' },
        text: 'Mira [la web](https://example.com)',
        at: '2026-11-23T09:01:00Z',
      },
    ];
    fakeServerAs(ME, (call) =>
      call.url.pathname === PATH ? { body: { item: conversation(messages) } } : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);

    const log = await screen.findByRole('log', { name: 'Mensajes' });
    const [visitor, assistant, staff] = within(log).getAllByRole('listitem');
    if (!visitor || !assistant || !staff) throw new Error('Faltan mensajes en la conversación');

    expect(within(assistant).getByText('Hora').tagName).toBe('STRONG');
    // Raw HTML is shown as text and an unsafe link loses its address: nothing runs.
    expect(assistant).toHaveTextContent('<script>alert(1)</script>');
    expect(log.querySelector('script')).toBeNull();
    expect(within(assistant).queryByRole('link')).toBeNull();
    expect(within(assistant).getByText(/Pagar/)).toBeInTheDocument();
    expect(within(staff).getByRole('link', { name: /la web/ })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    // The visitor's own words are never read as markdown.
    expect(within(visitor).getByText('**Hola** <script>alert(1)</script>')).toBeInTheDocument();
    expect(within(visitor).queryByText('Hola', { selector: 'strong' })).toBeNull();
  });

  it('links the citas it booked to their day in the agenda', async () => {
    const booked = { ...conversation([HELLO]), booked: true, appointmentIds: ['ap-1'] };
    const { to: callsTo } = fakeServerAs(ME, (call) => {
      if (call.url.pathname === PATH) return { body: { item: booked } };
      if (call.url.pathname === '/api/appointments') {
        return {
          body: {
            items: [
              {
                id: 'ap-1',
                date: '2026-11-25',
                startMin: 600,
                chatSessionId: 'sesion-1',
                services: [{ id: 's', name: 'Corte' }],
              },
              {
                id: 'ap-2',
                date: '2026-11-25',
                startMin: 660,
                chatSessionId: 'otra',
                services: [],
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/sesion-1" />);

    const link = await screen.findByRole('link', {
      name: 'miércoles, 25 de noviembre de 2026, 10:00',
    });
    expect(link).toHaveAttribute('href', '/dashboard?dia=2026-11-25&cita=ap-1');
    expect(screen.getAllByRole('link', { name: /noviembre/ })).toHaveLength(1);
    expect(Object.fromEntries(callsTo('/api/appointments')[0]?.url.searchParams ?? [])).toEqual({
      from: '2026-11-23',
      to: '2027-02-22',
    });
  });
});
