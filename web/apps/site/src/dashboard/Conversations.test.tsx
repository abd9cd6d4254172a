import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../api/types';
import { fakeServerAs } from '../test/fakeServer';
import { enclosing, fakeConversation, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';
import { CONVERSATIONS_PAGE } from './Conversations';

function conversation(index: number, changes: Partial<Conversation> = {}): Conversation {
  return fakeConversation({
    sessionId: `s-${index}`,
    // Ten a day, going back from the 23rd.
    lastAt: `2026-11-${String(23 - Math.floor(index / 10)).padStart(2, '0')}T09:00:00Z`,
    messageCount: 4,
    lastMessage: { sender: 'user', text: `Mensaje ${index}`, at: '2026-11-23T09:00:00Z' },
    ...changes,
  });
}

describe('Conversaciones (D4)', () => {
  it('shows who, what, when, bookings and take-overs, and loads older ones', async () => {
    const firstPage = Array.from({ length: CONVERSATIONS_PAGE }, (_, i) =>
      i === 0
        ? conversation(0, {
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

    const rosa = await screen.findByRole('link', { name: 'Rosa Díaz (cliente)' });
    expect(rosa).toHaveAttribute('href', '/dashboard/conversaciones/s-0');
    const card = enclosing(rosa, 'li');
    expect(card).toHaveTextContent('Reservó');
    expect(card).toHaveTextContent('Mensaje 0');
    expect(card).toHaveTextContent('23/11/2026, 10:00 · 4 mensajes · Atendida por Lucía Gómez');
    expect(screen.getAllByRole('link', { name: 'Invitado' })).toHaveLength(CONVERSATIONS_PAGE - 1);
    expect(callsTo('/api/conversations')[0]?.url.searchParams.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Mensaje 99')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo('/api/conversations')[1]?.url.searchParams.get('before')).toBe(
        firstPage.at(-1)?.lastAt,
      );
    });
    // A short page: nothing older is left.
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });
});
