import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, AppointmentStatus } from '../api/types';
import {
  apiError,
  cliente,
  fakeServer,
  session,
  staff,
  type RecordedRequest,
} from '../test/fakeServer';
import { renderApp } from '../test/renderApp';

/** A cita of Ana's on `date` (Madrid, winter: UTC+1) from `start` to `end` minutes. */
function cita(
  id: string,
  date: string,
  start: number,
  end: number,
  status: AppointmentStatus,
): Appointment {
  const instant = (minutes: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - 60) * 60_000).toISOString();
  return {
    id,
    staffId: 'user-lucia',
    staffName: 'Lucía Pérez',
    clientId: 'client-ana',
    clientName: 'Ana García',
    clientEmail: 'ana@example.com',
    clientPhone: null,
    date,
    startMin: start,
    endMin: end,
    startAt: instant(start),
    endAt: instant(end),
    status,
    services: [{ id: 'svc-corte', name: 'Corte de pelo' }],
    chatSessionId: null,
    createdAt: '2026-11-01T10:00:00Z',
    outsideHours: false,
    clientConfirmed: false,
  };
}

const soon = cita('a-soon', '2026-11-25', 600, 630, 'pendiente');
const later = cita('a-later', '2026-12-01', 960, 1050, 'confirmada');
const thisMorning = cita('a-morning', '2026-11-23', 540, 570, 'completada');
const lastMonth = cita('a-old', '2026-11-10', 600, 630, 'cancelada');

function serverWithCitas() {
  return fakeServer({
    'GET /api/auth/session': { body: session(cliente) },
    'GET /api/profile': { body: { item: cliente } },
    'GET /api/appointments': (request: RecordedRequest) => ({
      body: {
        items:
          request.url.searchParams.get('from') === '2026-11-23'
            ? [thisMorning, soon, later]
            : [lastMonth],
      },
    }),
    'PATCH /api/appointments/a-soon': { body: { item: { ...soon, status: 'cancelada' } } },
  });
}

const listOf = (name: string) =>
  within(screen.getByRole('region', { name })).queryAllByRole('heading', { level: 3 });

describe('mis citas', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 12:00 in Madrid.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the coming citas first, soonest first, then the last month’s, latest first', async () => {
    const server = serverWithCitas();
    renderApp('/mis-citas');
    // The first render loads the page's modules: slow on a busy machine.
    await screen.findByRole('region', { name: 'Próximas' }, { timeout: 5000 });
    expect(listOf('Próximas').map((heading) => heading.textContent)).toEqual([
      'miércoles, 25 de noviembre de 2026, 10:00–10:30',
      'martes, 1 de diciembre de 2026, 16:00–17:30',
    ]);
    expect(listOf('Anteriores').map((heading) => heading.textContent)).toEqual([
      'lunes, 23 de noviembre de 2026, 09:00–09:30',
    ]);
    expect(listOf('Canceladas').map((heading) => heading.textContent)).toEqual([
      'martes, 10 de noviembre de 2026, 10:00–10:30',
    ]);
    const first = screen.getByRole('region', { name: 'Próximas' }).querySelector('li');
    expect(first).toHaveTextContent('Corte de pelo');
    expect(first).toHaveTextContent('Con Lucía Pérez');
    expect(first).toHaveTextContent('Pendiente');
    expect(screen.getByRole('region', { name: 'Canceladas' })).toHaveTextContent('Cancelada');

    // Two reads, each within the server's 92-day limit.
    const ranges = server
      .to('/api/appointments')
      .map(({ url }) => [url.searchParams.get('from'), url.searchParams.get('to')]);
    expect(ranges.sort()).toEqual([
      ['2026-10-24', '2026-11-22'],
      ['2026-11-23', '2027-02-23'],
    ]);
  });

  it('cancels a coming cita after a confirmation, with a toast; it leaves "Próximas"', async () => {
    const server = serverWithCitas();
    const user = userEvent.setup();
    renderApp('/mis-citas');
    await screen.findByRole('region', { name: 'Próximas' });
    const coming = screen.getByRole('region', { name: 'Próximas' });
    // Only coming citas that are still on can be cancelled.
    expect(within(coming).getAllByRole('button', { name: /^Cancelar cita/ })).toHaveLength(2);
    expect(
      within(screen.getByRole('region', { name: 'Anteriores' })).queryByRole('button'),
    ).not.toBeInTheDocument();

    const [first] = within(coming).getAllByRole('listitem');
    if (!first) throw new Error('no coming cita');
    await user.click(within(first).getByRole('button', { name: /^Cancelar cita/ }));
    await user.click(within(first).getByRole('button', { name: 'No, mantenerla' }));
    expect(server.to('/api/appointments/a-soon')).toHaveLength(0);

    await user.click(within(first).getByRole('button', { name: /^Cancelar cita/ }));
    const confirm = within(first).getByRole('group', { name: 'Confirmar la cancelación' });
    await user.click(within(confirm).getByRole('button', { name: 'Sí, cancelar la cita' }));

    await waitFor(() => {
      expect(listOf('Próximas').map((heading) => heading.textContent)).toEqual([
        'martes, 1 de diciembre de 2026, 16:00–17:30',
      ]);
    });
    expect(listOf('Canceladas').map((heading) => heading.textContent)).toEqual([
      'martes, 10 de noviembre de 2026, 10:00–10:30',
      'miércoles, 25 de noviembre de 2026, 10:00–10:30',
    ]);
    // The keyboard stays on the list the cita left.
    expect(screen.getByRole('heading', { level: 2, name: 'Próximas' })).toHaveFocus();
    expect(
      within(screen.getByRole('region', { name: 'Canceladas' })).queryByRole('button'),
    ).not.toBeInTheDocument();
    const [patch] = server.to('/api/appointments/a-soon');
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toEqual({ status: 'cancelada' });
    expect(patch?.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
    const toasts = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    expect(within(toasts).getByText('Cita cancelada')).toBeInTheDocument();
  });

  it('offers each coming cita as a calendar file, and "Reservar" opens the chat', async () => {
    serverWithCitas();
    renderApp('/mis-citas');
    const coming = await screen.findByRole('region', { name: 'Próximas' });
    const links = within(coming).getAllByRole('link', { name: /^Añadir al calendario/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/appointments/a-soon/calendar.ics',
      '/api/appointments/a-later/calendar.ics',
    ]);
    expect(links[0]).toHaveAttribute('download');
    expect(links[0]).toHaveAccessibleName(
      'Añadir al calendario la cita del miércoles, 25 de noviembre de 2026, 10:00',
    );
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeVisible();
  });

  it('moves a coming cita to a free time of another day', async () => {
    const moved = { ...soon, date: '2026-11-26', startMin: 690, endMin: 720 };
    const server = fakeServer({
      'GET /api/auth/session': { body: session(cliente) },
      'GET /api/profile': { body: { item: cliente } },
      'GET /api/appointments': (request: RecordedRequest) => ({
        body: { items: request.url.searchParams.get('from') === '2026-11-23' ? [soon, later] : [] },
      }),
      'GET /api/appointments/a-soon/availability': (request: RecordedRequest) => ({
        body: {
          items:
            request.url.searchParams.get('date') === '2026-11-26'
              ? [
                  { startMin: 600, staffIds: ['user-lucia'] },
                  { startMin: 690, staffIds: ['user-lucia'] },
                ]
              : [],
        },
      }),
      'PATCH /api/appointments/a-soon': { body: { item: moved } },
    });
    const user = userEvent.setup();
    renderApp('/mis-citas');
    const coming = await screen.findByRole('region', { name: 'Próximas' });
    const [first] = within(coming).getAllByRole('listitem');
    if (!first) throw new Error('no coming cita');
    await user.click(within(first).getByRole('button', { name: /^Cambiar/ }));

    const form = within(first).getByRole('form', { name: /Cambiar la cita/ });
    const day = within(form).getByLabelText('Otro día');
    expect(day).toHaveValue('2026-11-25');
    expect(await within(form).findByText(/No quedan horas libres con Lucía Pérez/)).toBeVisible();
    // The cita's own free times: its services are the server's to know, its time free to it.
    const availability = server.to('/api/appointments/a-soon/availability')[0]?.url.searchParams;
    expect(availability?.get('serviceIds')).toBeNull();
    expect(availability?.get('staffId')).toBe('user-lucia');
    expect(server.to('/api/availability')).toHaveLength(0);
    expect(within(form).getByRole('button', { name: 'Confirmar el cambio' })).toBeDisabled();

    await user.clear(day);
    await user.type(day, '2026-11-26');
    await user.click(await within(form).findByRole('radio', { name: '11:30' }));
    await user.click(within(form).getByRole('button', { name: 'Confirmar el cambio' }));

    await waitFor(() => {
      expect(listOf('Próximas').map((heading) => heading.textContent)).toEqual([
        'jueves, 26 de noviembre de 2026, 11:30–12:00',
        'martes, 1 de diciembre de 2026, 16:00–17:30',
      ]);
    });
    expect(server.to('/api/appointments/a-soon', 'PATCH')[0]?.body).toEqual({
      date: '2026-11-26',
      startMin: 690,
    });
    const toasts = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    expect(within(toasts).getByText('Cita cambiada')).toBeInTheDocument();
  });

  it('shows the server’s reason when a move is refused, and keeps the choice', async () => {
    fakeServer({
      'GET /api/auth/session': { body: session(cliente) },
      'GET /api/profile': { body: { item: cliente } },
      'GET /api/appointments': (request: RecordedRequest) => ({
        body: { items: request.url.searchParams.get('from') === '2026-11-23' ? [soon] : [] },
      }),
      'GET /api/appointments/a-soon/availability': {
        body: { items: [{ startMin: 600, staffIds: ['user-lucia'] }] },
      },
      'PATCH /api/appointments/a-soon': apiError(
        409,
        'conflict',
        'Esa hora acaba de ocuparse. Elige otra.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/mis-citas');
    const coming = await screen.findByRole('region', { name: 'Próximas' });
    await user.click(within(coming).getByRole('button', { name: /^Cambiar/ }));
    await user.click(await within(coming).findByRole('radio', { name: '10:00' }));
    await user.click(within(coming).getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await within(coming).findByRole('alert')).toHaveTextContent(
      'Esa hora acaba de ocuparse. Elige otra.',
    );
    expect(within(coming).getByRole('radio', { name: '10:00' })).toBeChecked();
    await user.click(within(coming).getByRole('button', { name: 'No cambiarla' }));
    expect(within(coming).getByRole('button', { name: /^Cambiar/ })).toBeVisible();
  });

  it('asks a guest to sign in', async () => {
    fakeServer();
    renderApp('/mis-citas');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      '/entrar',
    );
    expect(within(main).getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      '/registro',
    );
  });

  it('points staff to the dashboard', async () => {
    fakeServer({ 'GET /api/auth/session': { body: session(staff) } });
    renderApp('/mis-citas');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'panel' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
