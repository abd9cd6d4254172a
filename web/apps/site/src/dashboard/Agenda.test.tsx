import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentStatus } from '../api/types';
import {
  type Answer,
  apiError,
  fakeServerAs,
  type RecordedRequest,
  session,
} from '../test/fakeServer';
import { enclosing, fakeAppointment, fixToday, profile, STAFF, TODAY } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

function appointment(id: string, status: AppointmentStatus, clientName: string): Appointment {
  return fakeAppointment({ id, status, clientName });
}

function agendaApi(items: Appointment[], onPatch?: (call: RecordedRequest) => Answer) {
  return fakeServerAs(profile('usuario'), (call) => {
    if (call.url.pathname === '/api/staff') return { body: { items: STAFF } };
    if (call.url.pathname === '/api/appointments' && call.method === 'GET') {
      return {
        body: { items: items.filter((each) => each.date === call.url.searchParams.get('from')) },
      };
    }
    if (call.method === 'PATCH' && onPatch) return onPatch(call);
    return undefined;
  });
}

function lastAgendaQuery(calls: RecordedRequest[]) {
  const asked = calls.filter(
    (call) => call.url.pathname === '/api/appointments' && call.method === 'GET',
  );
  return Object.fromEntries(asked.at(-1)?.url.searchParams ?? []);
}

async function cardOf(clientName: string) {
  const title = await screen.findByRole('heading', { level: 3, name: clientName });
  return within(enclosing(title, 'li'));
}

describe('Agenda (D2)', () => {
  beforeEach(fixToday);

  it('asks for today in the business’s time zone, then the week and the next one', async () => {
    const { requests: calls } = agendaApi([]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);

    expect(await screen.findByText('No hay citas este día.')).toBeInTheDocument();
    expect(lastAgendaQuery(calls)).toEqual({ from: TODAY, to: TODAY });

    await user.click(screen.getByRole('button', { name: 'Día siguiente' }));
    await waitFor(() => {
      expect(lastAgendaQuery(calls)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    });

    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() => {
      expect(lastAgendaQuery(calls)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    });
    expect(await screen.findAllByText('No hay citas este día.')).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => {
      expect(lastAgendaQuery(calls)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    });
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => {
      expect(lastAgendaQuery(calls)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    });
  });

  it('puts the status and staff filters in the query', async () => {
    const { requests: calls } = agendaApi([]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByText('No hay citas este día.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Pendiente');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Personal' }),
      'Marta Ruiz',
    );
    await waitFor(() => {
      expect(lastAgendaQuery(calls)).toEqual({
        from: TODAY,
        to: TODAY,
        status: 'pendiente',
        staffId: 'st-2',
      });
    });
  });

  it('offers only the changes each status allows', async () => {
    agendaApi([
      appointment('a1', 'pendiente', 'Pilar'),
      appointment('a2', 'confirmada', 'Rosa'),
      appointment('a3', 'cancelada', 'Inés'),
      appointment('a4', 'completada', 'Sara'),
    ]);
    renderWithProviders(<Dashboard path="/dashboard" />);
    const names = async (client: string) =>
      (await cardOf(client)).queryAllByRole('button').map((button) => button.textContent);

    expect(await names('Pilar')).toEqual([
      'Confirmar la cita de Pilar a las 10:00',
      'Cancelar la cita de Pilar a las 10:00',
    ]);
    expect(await names('Rosa')).toEqual([
      'Completar la cita de Rosa a las 10:00',
      'Cancelar la cita de Rosa a las 10:00',
    ]);
    expect(await names('Inés')).toEqual([]);
    expect(await names('Sara')).toEqual([]);
    expect((await cardOf('Pilar')).getByText('Pendiente')).toBeInTheDocument();
    expect((await cardOf('Sara')).getByText('Completada')).toBeInTheDocument();
  });

  it('offers a no-show once a cita has started, and its undo; contacts are links', async () => {
    // 00:30 in Madrid: a cita at 00:00 has started, one at 10:00 has not.
    const started = fakeAppointment({
      id: 'a5',
      clientName: 'Lola',
      clientPhone: '+34 600 111 222',
      startMin: 0,
      endMin: 45,
      startAt: '2026-11-22T23:00:00Z',
      endAt: '2026-11-22T23:45:00Z',
    });
    const { to: callsTo } = agendaApi(
      [started, appointment('a6', 'no_presentado', 'Eva')],
      (call) => ({
        body: { item: { ...started, status: (call.body as { status: AppointmentStatus }).status } },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    const names = async (client: string) =>
      (await cardOf(client)).queryAllByRole('button').map((button) => button.textContent);

    expect(await names('Lola')).toEqual([
      'Confirmar la cita de Lola a las 00:00',
      'No se presentó la cita de Lola a las 00:00',
      'Cancelar la cita de Lola a las 00:00',
    ]);
    expect(await names('Eva')).toEqual(['Deshacer «no presentado» la cita de Eva a las 10:00']);
    expect((await cardOf('Eva')).getByText('No presentado')).toHaveAttribute(
      'data-status',
      'no_presentado',
    );
    const lola = await cardOf('Lola');
    expect(lola.getByRole('link', { name: '+34 600 111 222' })).toHaveAttribute(
      'href',
      'tel:+34600111222',
    );
    expect(lola.getByRole('link', { name: 'a5@example.com' })).toHaveAttribute(
      'href',
      'mailto:a5@example.com',
    );
    expect(lola.getByRole('link', { name: 'Lola' })).toHaveAttribute(
      'href',
      '/dashboard/clientes/cl-a5',
    );

    await user.click(lola.getByRole('button', { name: /^No se presentó/ }));
    await waitFor(() => {
      expect(callsTo('/api/appointments/a5', 'PATCH')[0]?.body).toEqual({
        status: 'no_presentado',
      });
    });
    expect(await names('Lola')).toEqual(['Deshacer «no presentado» la cita de Lola a las 00:00']);
  });

  it('confirms a cita with a PATCH and shows its new status', async () => {
    const pending = appointment('a1', 'pendiente', 'Pilar');
    const { to: callsTo } = agendaApi([pending], (call) => ({
      body: { item: { ...pending, status: (call.body as { status: AppointmentStatus }).status } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);

    await user.click((await cardOf('Pilar')).getByRole('button', { name: /^Confirmar/ }));

    expect((await screen.findAllByText('Cita confirmada')).length).toBeGreaterThan(0);
    const [patch] = callsTo('/api/appointments/a1', 'PATCH');
    expect(patch?.body).toEqual({ status: 'confirmada' });
    expect(patch?.headers.get('X-CSRF-Token')).toBe(session(profile('usuario')).csrfToken);
    const card = await cardOf('Pilar');
    expect(card.getByText('Confirmada')).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Completar/ })).toBeInTheDocument();
    // The Confirmar button is gone: the keyboard stays on the cita.
    expect(card.getByRole('heading', { level: 3, name: 'Pilar' })).toHaveFocus();
  });

  it('asks before cancelling, and sends nothing when the person goes back', async () => {
    const pending = appointment('a1', 'pendiente', 'Pilar');
    const { to: callsTo } = agendaApi([pending], () => ({
      body: { item: { ...pending, status: 'cancelada' } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);

    const cancel = (await cardOf('Pilar')).getByRole('button', { name: /^Cancelar/ });
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: '¿Cancelar la cita?' });
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('/api/appointments/a1', 'PATCH')).toHaveLength(0);
    expect(cancel).toHaveFocus();

    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(cancel).toHaveFocus();

    await user.click((await cardOf('Pilar')).getByRole('button', { name: /^Cancelar/ }));
    await user.click(screen.getByRole('button', { name: 'Cancelar la cita' }));
    await waitFor(() => {
      expect(callsTo('/api/appointments/a1', 'PATCH')[0]?.body).toEqual({ status: 'cancelada' });
    });
    const cancelled = await cardOf('Pilar');
    expect(cancelled.getByText('Cancelada')).toBeInTheDocument();
    expect(cancelled.getByRole('heading', { level: 3, name: 'Pilar' })).toHaveFocus();
  });

  it('shows the server’s 409 as an error toast and keeps the status', async () => {
    agendaApi([appointment('a2', 'confirmada', 'Rosa')], () =>
      apiError(409, 'conflict', 'Esta cita ya no se puede completar.'),
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);

    await user.click((await cardOf('Rosa')).getByRole('button', { name: /^Completar/ }));

    expect(
      (await screen.findAllByText('Esta cita ya no se puede completar.')).length,
    ).toBeGreaterThan(0);
    expect((await cardOf('Rosa')).getByText('Confirmada')).toBeInTheDocument();
  });

  it('does not claim an empty day when the citas could not be read', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/appointments'
        ? apiError(403, 'forbidden', 'No tienes permiso para ver la agenda.')
        : { body: { items: [] } },
    );
    renderWithProviders(<Dashboard path="/dashboard" />);
    expect(await screen.findByText('No se pudieron cargar las citas.')).toBeInTheDocument();
    expect(screen.queryByText('No hay citas este día.')).not.toBeInTheDocument();
    expect(
      (await screen.findAllByText('No tienes permiso para ver la agenda.')).length,
    ).toBeGreaterThan(0);
  });

  it("names today's date in a tooltip on the Hoy button", async () => {
    agendaApi([]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await user.hover(await screen.findByRole('button', { name: 'Hoy' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('lunes, 23 de noviembre de 2026');
  });

  it('opens on the day a link names', async () => {
    window.history.pushState(null, '', '/dashboard?dia=2026-12-01');
    const { requests: calls } = agendaApi([]);
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByText('No hay citas este día.');
    expect(lastAgendaQuery(calls)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    window.history.pushState(null, '', '/');
  });
});
