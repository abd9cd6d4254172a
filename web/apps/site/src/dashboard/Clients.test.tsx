import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Client } from '../api/types';
import { fakeServerAs } from '../test/fakeServer';
import { enclosing, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const ANGELA: Client = {
  id: 'cl-1',
  name: 'Ángela Martín',
  email: 'angela@example.com',
  phone: '600123123',
  userId: null,
  appointments: 3,
  lastAppointmentDate: '2026-10-05',
};

describe('Clientes (D3)', () => {
  it('lists clients and searches once typing pauses', async () => {
    const { to: callsTo } = fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/clients' ? { body: { items: [ANGELA] } } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/clientes" />);

    const row = within(
      enclosing(await screen.findByRole('rowheader', { name: 'Ángela Martín' }), 'tr'),
    );
    expect(row.getByText('angela@example.com')).toBeInTheDocument();
    // Shown the Spanish way (formatPhone), whatever way it was kept.
    expect(row.getByText('+34 600 123 123')).toBeInTheDocument();
    expect(row.getByText('3')).toBeInTheDocument();
    expect(row.getByText('05/10/2026')).toBeInTheDocument();
    expect(callsTo('/api/clients')[0]?.url.searchParams.has('q')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'ange');
    await waitFor(() => {
      expect(callsTo('/api/clients')).toHaveLength(2);
    });
    // One request for the whole word, none for the letters typed on the way.
    expect(callsTo('/api/clients')[1]?.url.searchParams.get('q')).toBe('ange');
  });

  it('says when nobody matches', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/clients' ? { body: { items: [] } } : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/clientes" />);
    expect(await screen.findByText('No hay clientes que coincidan.')).toBeInTheDocument();
  });
});
