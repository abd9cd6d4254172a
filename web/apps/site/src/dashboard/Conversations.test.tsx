import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../api/types';
import { fakeServerAs } from '../test/fakeServer';
import { enclosing, fakeConversation, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';
import { CONVERSATIONS_PAGE } from './Conversations';
import { withoutSignature } from './conversationText';

function conversation(index: number, changes: Partial<Conversation> = {}): Conversation {
  return fakeConversation({
    sessionId: `s-${index}`,
    // Ten a day, going back from the 23rd.
    lastAt: `2026-11-${String(23 - Math.floor(index / 10)).padStart(2, '0')}T09:00:00Z`,
    messageCount: 4,
    lastMessage: { sender: 'user', text: `Mensaje ${index}`, at: '2026-11-23T09:00:00Z' },
    preview: `Mensaje ${index}`,
    ...changes,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Conversaciones (D4), an inbox', () => {
  it('shows who, a plain preview, unread, the wait, the site, and loads older ones', async () => {
    const firstPage = Array.from({ length: CONVERSATIONS_PAGE }, (_, i) =>
      i === 0
        ? conversation(0, {
            visitorName: 'Pedro Sanz',
            needsPerson: true,
            needsPersonSince: '2026-11-23T09:00:00Z',
            unread: 3,
            site: 'peluqueria.example',
            preview: 'Entendido: aviso al equipo',
            lastMessage: { sender: 'bot', text: '**Entendido**', at: '2026-11-23T09:00:00Z' },
          })
        : i === 1
          ? conversation(1, {
              visitor: {
                kind: 'account',
                userId: 'u1',
                name: 'Rosa Díaz',
                email: 'r@example.com',
                role: 'cliente',
              },
              booked: true,
              takenOverBy: { id: 'st-1', name: 'Lucía Gómez' },
            })
          : conversation(i),
    );
    const { to: callsTo } = fakeServerAs(profile('usuario'), (call) => {
      if (call.url.pathname !== '/api/conversations') return undefined;
      return {
        body: { items: call.url.searchParams.has('before') ? [conversation(99)] : firstPage },
      };
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/conversaciones" />);

    const pedro = await screen.findByRole(
      'link',
      { name: 'Pedro Sanz (invitado)' },
      { timeout: 5000 },
    );
    expect(pedro).toHaveAttribute('href', '/dashboard/conversaciones/s-0');
    const waiting = enclosing(pedro, 'li');
    expect(waiting).toHaveTextContent('Entendido: aviso al equipo');
    expect(waiting).not.toHaveTextContent('**');
    expect(waiting).toHaveTextContent('Necesita una persona · desde 23/11/2026, 10:00');
    expect(waiting).toHaveTextContent('3 sin leer');
    expect(waiting).toHaveTextContent('Desde peluqueria.example');

    const rosa = screen.getByRole('link', { name: 'Rosa Díaz (cliente)' });
    const card = enclosing(rosa, 'li');
    expect(card).toHaveTextContent('Con reserva');
    expect(card).toHaveTextContent('Atendida por Lucía Gómez');
    expect(card).not.toHaveTextContent('sin leer');
    expect(callsTo('/api/conversations')[0]?.url.searchParams.get('limit')).toBe('50');
    expect(callsTo('/api/conversations')[0]?.url.searchParams.get('filter')).toBe('all');

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Mensaje 99')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo('/api/conversations').at(-1)?.url.searchParams.get('before')).toBe(
        firstPage.at(-1)?.lastAt,
      );
    });
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('filters: needs a person, booked, all', async () => {
    const { to: callsTo } = fakeServerAs(profile('usuario'), (call) => {
      if (call.url.pathname !== '/api/conversations') return undefined;
      const filter = call.url.searchParams.get('filter');
      return { body: { items: filter === 'needsPerson' ? [] : [conversation(1)] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/conversaciones" />);
    const filters = await screen.findByRole('group', { name: 'Mostrar' });
    expect(within(filters).getByRole('button', { name: 'Todas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(filters).getByRole('button', { name: 'Necesita una persona' }));
    expect(await screen.findByText('Nadie espera a una persona ahora mismo.')).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Con reserva' }));
    expect(await screen.findByText('Mensaje 1')).toBeInTheDocument();
    const asked = callsTo('/api/conversations').map((call) => call.url.searchParams.get('filter'));
    expect(asked).toEqual(expect.arrayContaining(['all', 'needsPerson', 'booked']));
  });

  it('reads the first page again every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let round = 0;
    fakeServerAs(profile('usuario'), (call) => {
      if (call.url.pathname !== '/api/conversations') return undefined;
      round += 1;
      return { body: { items: [conversation(round)] } };
    });
    renderWithProviders(<Dashboard path="/dashboard/conversaciones" />);
    expect(await screen.findByText('Mensaje 1')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    expect(await screen.findByText('Mensaje 2')).toBeInTheDocument();
  });

  it('shows how many wait for a person in the navigation', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/inbox' ? { body: { needsPerson: 2 } } : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard" />);
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' });
    expect(
      await within(nav).findByRole('link', {
        name: 'Conversaciones (2 personas esperan respuesta)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 personas esperan respuesta en el chat.')).toHaveAttribute(
      'role',
      'status',
    );
  });
});

describe('a staff message in the transcript', () => {
  it('loses the signature the widget shows, kept by the author beside it', () => {
    expect(withoutSignature('**Javier:** Hola, soy **Javier**.')).toBe('Hola, soy **Javier**.');
    expect(withoutSignature('Sin firma')).toBe('Sin firma');
  });
});
