import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, Hold } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import { type Answer, apiError, fakeServerAs, type RecordedRequest } from '../../test/fakeServer';
import {
  enclosing,
  fakeAppointment,
  fakeHold,
  fixToday,
  profile,
  STAFF,
  TODAY,
} from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Dashboard } from '..';

// The first render of a file loads the grid, dnd-kit and the forms: slow on a busy two-core
// machine, past Testing Library's 1 s default for `findBy…`.
configure({ asyncUtilTimeout: 5000 });

const PILAR = fakeAppointment({
  id: 'a-pilar',
  clientName: 'Pilar',
  clientPhone: '+34 600 111 222',
  clientEmail: 'pilar@example.com',
  startMin: 10 * 60 + 30,
  endMin: 11 * 60 + 30,
  status: 'confirmada',
  services: [
    { id: 'svc-corte', name: 'Corte de pelo' },
    { id: 'svc-color', name: 'Tinte' },
  ],
});
const ROSA = fakeAppointment({
  id: 'a-rosa',
  clientName: 'Rosa',
  staffId: 'st-2',
  staffName: 'Marta Ruiz',
  startMin: 12 * 60,
  endMin: 12 * 60 + 30,
});

function diaryApi(
  items: Appointment[],
  onWrite?: (call: RecordedRequest) => Answer | undefined,
  holds: Hold[] = [],
) {
  return fakeServerAs(profile('usuario'), (call) => {
    const path = call.url.pathname;
    if (path === '/api/staff') return { body: { items: STAFF } };
    if ((path === '/api/appointments' || path === '/api/holds') && call.method === 'GET') {
      const from = call.url.searchParams.get('from') ?? '';
      const to = call.url.searchParams.get('to') ?? '';
      const listed: { date: string }[] = path === '/api/holds' ? holds : items;
      return { body: { items: listed.filter((each) => each.date >= from && each.date <= to) } };
    }
    // A new cita's times, or where a cita could move.
    if (path === '/api/availability' || /^\/api\/appointments\/[^/]+\/availability$/.test(path)) {
      return {
        body: {
          items: [
            { startMin: 11 * 60 + 30, staffIds: ['st-2'] },
            { startMin: 13 * 60, staffIds: ['st-1', 'st-2'] },
          ],
        },
      };
    }
    if (call.method !== 'GET') return onWrite?.(call);
    return undefined;
  });
}

function block(clientName: string): HTMLElement {
  const found = screen
    .getAllByRole('button')
    .find(
      (each) => each.classList.contains('diary-block') && each.textContent.includes(clientName),
    );
  if (!found) throw new Error(`No hay cita de ${clientName}`);
  return found;
}

describe('the diary', () => {
  beforeEach(fixToday);

  it('puts each cita in its stylist’s column, on the row of its start, as tall as it lasts', async () => {
    diaryApi([PILAR, ROSA]);
    renderWithProviders(<Dashboard path="/dashboard" />);
    const lucia = await screen.findByRole('group', { name: /^Lucía, lunes, 23 de noviembre/ });
    const marta = screen.getByRole('group', { name: /^Marta, lunes, 23 de noviembre/ });

    const pilar = within(lucia).getByRole('button', { name: /Pilar/ });
    expect(pilar).toHaveTextContent('10:30–11:30');
    expect(pilar).toHaveTextContent('Corte de pelo, Tinte');
    // The status is said in words, not only by colour.
    expect(pilar).toHaveTextContent('Confirmada');
    // Monday opens at 10:00 in 15-minute steps: 10:30 is row 2, an hour is 4 rows.
    expect(pilar.style.getPropertyValue('--row')).toBe('2');
    expect(pilar.style.getPropertyValue('--span')).toBe('4');

    const rosa = within(marta).getByRole('button', { name: /Rosa/ });
    expect(rosa.style.getPropertyValue('--row')).toBe('8');
    expect(rosa.style.getPropertyValue('--span')).toBe('2');
    expect(rosa).toHaveTextContent('Pendiente');
    // Half an hour is laid out short (time and client on one line), an hour is not.
    expect(rosa).toHaveAttribute('data-short');
    expect(pilar).not.toHaveAttribute('data-short');
  });

  it('opens a cita’s panel with its details, links and status actions', async () => {
    const { to } = diaryApi([PILAR], (call) =>
      call.method === 'PATCH' ? { body: { item: { ...PILAR, status: 'completada' } } } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });
    await user.click(block('Pilar'));

    const panel = within(await screen.findByRole('complementary', { name: 'Cita de Pilar' }));
    expect(panel.getByRole('link', { name: '+34 600 111 222' })).toHaveAttribute(
      'href',
      'tel:+34600111222',
    );
    expect(panel.getByRole('link', { name: 'pilar@example.com' })).toHaveAttribute(
      'href',
      'mailto:pilar@example.com',
    );
    // Corte 18 € + Tinte 45 €.
    expect(await panel.findByText('63,00 €')).toBeInTheDocument();
    expect(panel.getByText('Lucía Gómez')).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Completar' }));
    await waitFor(() => {
      expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')[0]?.body).toEqual({
        status: 'completada',
      });
    });
    expect(await screen.findByText('Cita completada')).toBeInTheDocument();
    expect(block('Pilar')).toHaveTextContent('Completada');
  });

  it('reads the services once for the panel and the new cita’s form alike', async () => {
    const { to } = diaryApi([PILAR]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });
    await user.click(block('Pilar'));
    const panel = within(await screen.findByRole('complementary', { name: 'Cita de Pilar' }));
    // The price needs the services.
    expect(await panel.findByText('63,00 €')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nueva cita' }));
    const form = within(await screen.findByRole('form', { name: 'Nueva cita' }));
    expect(await form.findByRole('checkbox', { name: /Corte de pelo/ })).toBeInTheDocument();
    expect(to('/api/services')).toHaveLength(1);
  });

  it('offers “No se presentó” once a cita has started, and not before', async () => {
    // 09:45 in Madrid: Pilar's 09:30 cita has started, Rosa's (at 10:00 by its instant) has not.
    vi.setSystemTime(new Date('2026-11-23T08:45:00Z'));
    const started = {
      ...PILAR,
      startMin: 9 * 60 + 30,
      endMin: 10 * 60,
      startAt: '2026-11-23T08:30:00Z',
      endAt: '2026-11-23T09:00:00Z',
    };
    const { to } = diaryApi([started, ROSA], (call) =>
      call.method === 'PATCH'
        ? { body: { item: { ...started, status: 'no_presentado' } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });

    await user.click(block('Rosa'));
    const later = within(await screen.findByRole('complementary', { name: 'Cita de Rosa' }));
    expect(later.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
    expect(later.queryByRole('button', { name: 'No se presentó' })).toBeNull();
    await user.click(later.getByRole('button', { name: /Cerrar/ }));

    await user.click(block('Pilar'));
    const panel = within(await screen.findByRole('complementary', { name: 'Cita de Pilar' }));
    await user.click(panel.getByRole('button', { name: 'No se presentó' }));
    await waitFor(() => {
      expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')[0]?.body).toEqual({
        status: 'no_presentado',
      });
    });
    expect(await screen.findByText('Marcada como no presentado')).toBeInTheDocument();
    expect(block('Pilar')).toHaveTextContent('No presentado');
  });

  it('marks a cita its client confirmed from the reminder, on the block and in the panel', async () => {
    diaryApi([{ ...PILAR, status: 'pendiente', clientConfirmed: true }, ROSA]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });
    // The salon's status stays its own; the client's word is a mark beside it.
    expect(block('Pilar')).toHaveTextContent(/Pendiente · ✓ Ha avisado de que viene/);
    expect(block('Rosa')).not.toHaveTextContent('Ha avisado de que viene');

    await user.click(block('Pilar'));
    const panel = within(await screen.findByRole('complementary', { name: 'Cita de Pilar' }));
    expect(panel.getByText('Pendiente').closest('dd')).toHaveTextContent(
      'Pendiente · ✓ Ha avisado de que viene',
    );
    await user.click(panel.getByRole('button', { name: /Cerrar/ }));
    await user.click(block('Rosa'));
    const rosa = within(await screen.findByRole('complementary', { name: 'Cita de Rosa' }));
    expect(rosa.queryByText('Ha avisado de que viene')).toBeNull();
  });

  it('changes a cita from the panel, shows a refusal in Spanish and keeps what was chosen', async () => {
    let refuse = true;
    const list = [PILAR];
    const { to } = diaryApi(list, (call) => {
      if (call.method !== 'PATCH') return undefined;
      if (refuse) return apiError(409, 'conflict', 'Esa hora ya está ocupada.');
      const moved = {
        ...PILAR,
        staffId: 'st-2',
        staffName: 'Marta Ruiz',
        startMin: 780,
        endMin: 840,
      };
      list[0] = moved;
      return { body: { item: moved } };
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });
    await user.click(block('Pilar'));
    await user.click(await screen.findByRole('button', { name: 'Cambiar' }));

    const form = within(screen.getByRole('form', { name: 'Cambiar la cita' }));
    await user.selectOptions(form.getByLabelText('Estilista'), 'st-2');
    await user.selectOptions(
      form.getByLabelText('Hora'),
      await form.findByRole('option', { name: '13:00' }),
    );
    // Asked where this cita could go (its own time free to it), with Marta, its own services.
    const asked = to(`/api/appointments/${PILAR.id}/availability`).map((call) => call.url);
    expect(asked.at(-1)?.searchParams.get('staffId')).toBe('st-2');
    expect(asked.at(-1)?.searchParams.has('serviceIds')).toBe(false);
    expect(to('/api/availability')).toHaveLength(0);
    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Esa hora ya está ocupada.');
    expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')[0]?.body).toEqual({
      startMin: 780,
      staffId: 'st-2',
    });
    // Nothing typed is lost.
    expect(form.getByLabelText('Estilista')).toHaveValue('st-2');
    expect(form.getByLabelText('Hora')).toHaveValue('780');

    refuse = false;
    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cita cambiada')).toBeInTheDocument();
    const marta = await screen.findByRole('group', { name: /^Marta/ });
    await waitFor(() => {
      expect(within(marta).getByRole('button', { name: /Pilar/ })).toHaveTextContent('13:00–14:00');
    });
  });

  it('asks for nothing when the change form is sent unchanged', async () => {
    const { to } = diaryApi([PILAR]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía/ });
    await user.click(block('Pilar'));
    await user.click(await screen.findByRole('button', { name: 'Cambiar' }));
    const form = within(screen.getByRole('form', { name: 'Cambiar la cita' }));
    await form.findByRole('option', { name: '10:30 (la actual)' });
    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(await form.findByRole('alert')).toHaveTextContent('No has cambiado nada.');
    await user.click(form.getByRole('checkbox', { name: /Tinte/ }));
    await user.click(form.getByRole('checkbox', { name: /Corte de pelo/ }));
    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Elige al menos un servicio.');
    expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')).toHaveLength(0);
  });

  it('opens "Nueva cita" with the stylist, day and time of the empty cell clicked', async () => {
    diaryApi([]);
    renderWithProviders(<Dashboard path="/dashboard" />);
    const marta = await screen.findByRole('group', { name: /^Marta/ });
    // 40 rows of 24 px (jsdom has no layout).
    marta.getBoundingClientRect = () => ({ top: 100, height: 960 }) as DOMRect;
    fireEvent.click(marta, { clientY: 100 + 24 * 6 + 3 });

    const form = within(await screen.findByRole('form', { name: 'Nueva cita' }));
    expect(form.getByLabelText('Día')).toHaveValue(TODAY);
    expect(form.getByLabelText('Personal')).toHaveValue('st-2');
    // The time is kept until the services are chosen and the server offers it. The services
    // arrive after the form (a busy machine showed the gap).
    await userEvent.setup().click(await form.findByRole('checkbox', { name: /Corte de pelo/ }));
    await form.findByRole('option', { name: '11:30' });
    expect(form.getByLabelText('Hora')).toHaveValue('690');
  });

  it('walks days and weeks, and shows one stylist’s week, a column per day', async () => {
    const { requests } = diaryApi([
      PILAR,
      fakeAppointment({ id: 'later', date: '2026-11-26', clientName: 'Sara' }),
      { ...ROSA, date: '2026-11-27' },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía, lunes/ });
    const asked = () =>
      Object.fromEntries(
        requests.filter((r) => r.url.pathname === '/api/appointments').at(-1)?.url.searchParams ??
          [],
      );
    expect(asked()).toEqual({ from: TODAY, to: TODAY });
    const days = () =>
      screen
        .getAllByRole('group', { name: /, .* de noviembre de 2026$/ })
        .map((each) => each.getAttribute('aria-label'));

    await user.click(screen.getByRole('button', { name: 'Día siguiente' }));
    await screen.findByRole('group', { name: /^Lucía, martes, 24/ });
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await screen.findByRole('group', { name: /^Lucía, domingo, 29/ });
    expect(asked()).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // Seven columns, Monday to Sunday, of one stylist (the first): not one per stylist and day.
    expect(days()).toEqual(
      ['lunes, 23', 'martes, 24', 'miércoles, 25', 'jueves, 26', 'viernes, 27', 'sábado, 28']
        .map((date) => `Lucía, ${date} de noviembre de 2026`)
        .concat('Lucía, domingo, 29 de noviembre de 2026'),
    );
    expect(
      document.querySelector<HTMLElement>('.diary')?.style.getPropertyValue('--diary-columns'),
    ).toBe('7');
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Semana del 23 al 29 de noviembre de 2026 · Lucía',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: /^Lucía, jueves, 26/ })).getByRole('button', {
        name: /Sara/,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rosa/ })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    // The week's stylist is picked with a button each, in place of the team filter.
    expect(screen.queryByLabelText('Personal')).not.toBeInTheDocument();
    const picker = screen.getByRole('group', { name: 'Estilista' });
    expect(within(picker).getByRole('button', { name: 'Lucía' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(picker).getByRole('button', { name: 'Marta' }));
    expect(days()).toHaveLength(7);
    expect(days().every((name) => name?.startsWith('Marta, '))).toBe(true);
    expect(
      within(screen.getByRole('group', { name: /^Marta, viernes, 27/ })).getByRole('button', {
        name: /Rosa/,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sara/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => {
      expect(asked()).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    });
    // Back to a day: the stylist picked stays picked, and "Todo el equipo" is a choice again.
    await user.click(screen.getByRole('button', { name: 'Día' }));
    await screen.findByRole('group', { name: /^Marta, martes, 1 de diciembre/ });
    expect(screen.getByLabelText('Personal')).toHaveValue('st-2');
    await user.selectOptions(screen.getByLabelText('Personal'), '');
    expect(
      await screen.findByRole('group', { name: /^Lucía, martes, 1 de diciembre/ }),
    ).toBeInTheDocument();
  });

  it('shows the week of the stylist chosen for the day', async () => {
    diaryApi([PILAR, ROSA]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Marta, lunes/ });
    await user.selectOptions(screen.getByLabelText('Personal'), 'st-2');
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    expect(await screen.findByRole('group', { name: /^Marta, domingo, 29/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Lucía, / })).not.toBeInTheDocument();
  });

  it('names a week across two years with both', async () => {
    diaryApi([]);
    window.history.replaceState(null, '', '/dashboard?dia=2026-12-30');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía, miércoles, 30 de diciembre/ });
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Semana del 28 de diciembre de 2026 al 3 de enero de 2027 · Lucía',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Semana del 21 al 27 de diciembre de 2026 · Lucía',
      }),
    ).toBeInTheDocument();
  });

  describe('dragging a cita', () => {
    /**
     * Lays `column` out where jsdom has no layout: 200 px wide from `left`, 40 rows of 24 px
     * from y = 100 (Monday's 10:00–20:00 in 15-minute rows).
     */
    function placeColumn(column: HTMLElement, left: number) {
      const rect = { left, top: 100, width: 200, height: 960, right: left + 200, bottom: 1060 };
      column.getBoundingClientRect = () => ({ ...rect, x: left, y: 100, toJSON: () => rect });
    }

    async function dayGrid(
      onWrite?: (call: RecordedRequest, list: Appointment[]) => Answer | undefined,
    ) {
      const list = [PILAR, ROSA];
      const server = diaryApi(list, (call) => onWrite?.(call, list));
      renderWithProviders(<Dashboard path="/dashboard" />);
      const lucia = await screen.findByRole('group', { name: /^Lucía, lunes/ });
      const marta = screen.getByRole('group', { name: /^Marta, lunes/ });
      placeColumn(lucia, 100);
      placeColumn(marta, 300);
      return { ...server, lucia, marta };
    }

    /** Pilar's cita (10:30–11:30, row 2 of Lucía's column) grabbed and moved by (dx, dy). */
    function dragPilar(dx: number, dy: number) {
      const grab = { clientX: 200, clientY: 100 + 2 * 24 + 5 };
      fireEvent.mouseDown(block('Pilar'), { button: 0, ...grab });
      // Past the few pixels a drag waits for, so a click stays a click.
      fireEvent.mouseMove(document, { clientX: grab.clientX, clientY: grab.clientY + 10 });
      fireEvent.mouseMove(document, { clientX: grab.clientX + dx, clientY: grab.clientY + dy });
    }

    const ghost = () => document.querySelector('.diary-ghost');

    it('shows a ghost with the new time and stylist where it would land, gone on Escape', async () => {
      const { to, lucia, marta } = await dayGrid();
      expect(ghost()).toBeNull();

      // Two rows down and a bit, in Lucía's own column: 11:00–12:00.
      dragPilar(20, 2 * 24 + 7);
      await waitFor(() => {
        expect(within(lucia).getByText('11:00–12:00')).toBeInTheDocument();
      });
      expect(ghost()).toHaveTextContent('11:00–12:00 · Lucía');
      // Still where it was until dropped, showing its own time.
      expect(block('Pilar')).toHaveTextContent('10:30–11:30');
      expect(block('Pilar')).toHaveAttribute('data-dragging');

      // On to Marta's column, four rows further: the ghost follows, snapped to the rows.
      fireEvent.mouseMove(document, { clientX: 420, clientY: 100 + 2 * 24 + 5 + 6 * 24 + 3 });
      await waitFor(() => {
        expect(within(marta).queryByText('12:00–13:00')).toBeInTheDocument();
      });
      expect(ghost()).toHaveTextContent('12:00–13:00 · Marta');
      expect(lucia.querySelector('.diary-ghost')).toBeNull();
      expect(marta).toHaveAttribute('data-over');
      await expectNoAxeViolations();

      fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
      await waitFor(() => {
        expect(ghost()).toBeNull();
      });
      expect(block('Pilar')).not.toHaveAttribute('data-dragging');
      expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')).toHaveLength(0);
    });

    it('moves the cita to where its ghost was when dropped', async () => {
      const moved = {
        ...PILAR,
        staffId: 'st-2',
        staffName: 'Marta Ruiz',
        startMin: 720,
        endMin: 780,
      };
      const { to, marta } = await dayGrid((call, list) => {
        if (call.method !== 'PATCH') return undefined;
        list[0] = moved;
        return { body: { item: moved } };
      });
      dragPilar(220, 6 * 24 + 3);
      await waitFor(() => {
        expect(ghost()).toHaveTextContent('12:00–13:00 · Marta');
      });
      fireEvent.mouseUp(document, { clientX: 420, clientY: 100 + 2 * 24 + 5 + 6 * 24 + 3 });

      expect(ghost()).toBeNull();
      await waitFor(() => {
        expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')[0]?.body).toEqual({
          startMin: 720,
          staffId: 'st-2',
        });
      });
      expect(await screen.findByText('Cita cambiada')).toBeInTheDocument();
      expect(within(marta).getByRole('button', { name: /Pilar/ })).toHaveTextContent('12:00–13:00');
    });

    it('moves nothing when dropped off the columns', async () => {
      const { to } = await dayGrid();
      // Left of Lucía's column: the hours down the side.
      dragPilar(-150, 24);
      fireEvent.mouseUp(document, { clientX: 50, clientY: 100 + 3 * 24 + 5 });
      await waitFor(() => {
        expect(block('Pilar')).not.toHaveAttribute('data-dragging');
      });
      expect(ghost()).toBeNull();
      expect(to(`/api/appointments/${PILAR.id}`, 'PATCH')).toHaveLength(0);
    });
  });

  it('shades a closure and a stylist’s time off, and follows the stylist’s own hours', async () => {
    fakeServerAs(profile('usuario'), (call) => {
      switch (call.url.pathname) {
        case '/api/staff':
          return { body: { items: STAFF } };
        case '/api/appointments':
          return { body: { items: [] } };
        case '/api/closures':
          return {
            body: {
              items: [{ id: 'c', from: '2026-11-24', to: '2026-11-24', reason: 'Fiesta local' }],
            },
          };
        case '/api/staff/st-2/time-off':
          return { body: { items: [{ id: 'o', from: TODAY, to: TODAY, reason: 'Médico' }] } };
        case '/api/staff/st-1/schedule':
          return {
            body: {
              item: {
                periods: [{ weekday: 1, openMin: 600, closeMin: 720 }],
                followsBusinessHours: false,
                serviceIds: [],
                bookable: true,
              },
            },
          };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    const marta = await screen.findByRole('group', { name: /^Marta/ });
    expect(await within(marta).findByText('Ausente: Médico')).toBeInTheDocument();
    const lucia = screen.getByRole('group', { name: /^Lucía/ });
    // Lucía works 10:00–12:00 on Mondays: from row 8 to the end (row 40) is shaded.
    await waitFor(() => {
      const closed = lucia.querySelector<HTMLElement>('.diary-closed');
      expect(closed?.style.getPropertyValue('--row')).toBe('8');
    });
    await user.click(screen.getByRole('button', { name: 'Día siguiente' }));
    expect(await screen.findAllByText('Cerrado: Fiesta local')).toHaveLength(2);
  });

  it('shows one stylist at a time on a phone, with a picker', async () => {
    // A phone's width (the setup's stand-in matches nothing); undone after each test.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    diaryApi([PILAR, ROSA]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    const picker = await screen.findByRole('group', { name: 'Estilista' });
    expect(await screen.findByRole('group', { name: /^Lucía, lunes/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Marta, lunes/ })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Marta' }));
    const marta = await screen.findByRole('group', { name: /^Marta, lunes/ });
    expect(within(marta).getByRole('button', { name: /Rosa/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Lucía, lunes/ })).not.toBeInTheDocument();
  });

  it('draws a time held in the chat apart from the citas, as a link to its conversation', async () => {
    const { to } = diaryApi([PILAR], undefined, [
      fakeHold({ conversationId: 'chat-ana', staffId: 'st-2', startMin: 750, endMin: 795 }),
      fakeHold({
        conversationId: 'chat-old',
        startMin: 15 * 60,
        endMin: 15 * 60 + 30,
        // Lapsed at 00:20 in Madrid: gone, whatever the last read said.
        expiresAt: '2026-11-22T23:20:00Z',
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    const marta = await screen.findByRole('group', { name: /^Marta, lunes, 23 de noviembre/ });
    const hold = await within(marta).findByRole('link', {
      name: 'Reservando en el chat 12:30–13:15 hasta 00:40',
    });
    expect(hold).toHaveAttribute('href', '/dashboard/conversaciones/chat-ana');
    expect(hold).toHaveTextContent('Reservando en el chat');
    expect(hold).toHaveTextContent('hasta 00:40');
    // 12:30 is row 10 of a 10:00 grid in 15-minute steps; 45 minutes are 3 rows.
    expect(hold.style.getPropertyValue('--row')).toBe('10');
    expect(hold.style.getPropertyValue('--span')).toBe('3');
    // Not a cita: nothing to drag, no panel.
    expect(hold).not.toHaveAttribute('aria-roledescription');
    expect(within(marta).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /15:00/ })).not.toBeInTheDocument();
    // Read for the days shown, as the citas are.
    expect(Object.fromEntries(to('/api/holds').at(-1)?.url.searchParams ?? [])).toEqual({
      from: TODAY,
      to: TODAY,
    });
    await expectNoAxeViolations();

    await user.click(hold);
    expect(window.location.pathname).toBe('/dashboard/conversaciones/chat-ana');
    // A click on a hold is not a click on an empty cell.
    expect(screen.queryByRole('form', { name: 'Nueva cita' })).not.toBeInTheDocument();
  });

  it('shows a week’s holds in their day’s column', async () => {
    const { to } = diaryApi([], undefined, [
      fakeHold({
        conversationId: 'chat-jueves',
        date: '2026-11-26',
        startMin: 17 * 60,
        endMin: 17 * 60 + 30,
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('group', { name: /^Lucía, lunes/ });
    expect(screen.queryByRole('link', { name: /^Reservando en el chat/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    const thursday = await screen.findByRole('group', { name: /^Lucía, jueves, 26/ });
    expect(
      await within(thursday).findByRole('link', {
        name: 'Reservando en el chat 17:00–17:30 hasta 00:40',
      }),
    ).toHaveAttribute('href', '/dashboard/conversaciones/chat-jueves');
    expect(Object.fromEntries(to('/api/holds').at(-1)?.url.searchParams ?? [])).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
  });

  it('warns after a change that released a visitor’s hold, and stops drawing the hold', async () => {
    const warning =
      'Un cliente estaba reservando esa hora en el chat; ya no la tiene y tendrá que elegir otra.';
    const holds = [
      fakeHold({ conversationId: 'chat-ana', staffId: 'st-2', startMin: 780, endMin: 825 }),
    ];
    const moved = {
      ...PILAR,
      staffId: 'st-2',
      staffName: 'Marta Ruiz',
      startMin: 780,
      endMin: 840,
    };
    const list = [PILAR];
    const { to } = diaryApi(
      list,
      (call) => {
        if (call.method !== 'PATCH') return undefined;
        list[0] = moved;
        holds.length = 0;
        return { body: { item: moved, warning } };
      },
      holds,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    const marta = await screen.findByRole('group', { name: /^Marta/ });
    await within(marta).findByRole('link', { name: /^Reservando en el chat 13:00–13:45/ });
    const holdReads = to('/api/holds').length;

    await user.click(block('Pilar'));
    await user.click(await screen.findByRole('button', { name: 'Cambiar' }));
    const form = within(screen.getByRole('form', { name: 'Cambiar la cita' }));
    await user.selectOptions(form.getByLabelText('Estilista'), 'st-2');
    await user.selectOptions(
      form.getByLabelText('Hora'),
      await form.findByRole('option', { name: '13:00' }),
    );
    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));

    // The success first, then the warning, in the warning's look (not an error's).
    const done = enclosing(await screen.findByText('Cita cambiada'), '.toast');
    const warned = enclosing(await screen.findByText(warning), '.toast');
    expect(done.compareDocumentPosition(warned) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(warned).toHaveAttribute('data-variant', 'warning');
    expect(warned).toHaveTextContent('Atención');
    expect(to('/api/holds').length).toBeGreaterThan(holdReads);
    await waitFor(() => {
      expect(
        screen.queryByRole('link', { name: /^Reservando en el chat/ }),
      ).not.toBeInTheDocument();
    });
    expect(within(marta).getByRole('button', { name: /Pilar/ })).toHaveTextContent('13:00–14:00');
  });
});
