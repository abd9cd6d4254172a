import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookedView, NewBooking, NextTime } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import {
  apiError,
  cliente,
  fakeServer,
  session,
  type Answer,
  type Handler,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { chipLabel } from './ServiceTimes';
import { contactErrors, EMPTY_CONTACT } from './BookingDialog';

// The whole landing page renders for each test: slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

const NEXT_PATH = '/api/availability/next';

/** Today (Monday 23 November 2026) at 17:00, tomorrow at 10:00, Thursday 26 at 09:30. */
const TIMES: NextTime[] = [
  { date: '2026-11-23', startMin: 17 * 60, staffIds: ['st-lucia'] },
  { date: '2026-11-24', startMin: 10 * 60, staffIds: ['st-lucia', 'st-javier'] },
  { date: '2026-11-26', startMin: 9 * 60 + 30, staffIds: ['st-javier'] },
];

const BOOKED: BookedView = {
  id: 'cita-9',
  status: 'pendiente',
  date: '2026-11-23',
  startMin: 17 * 60,
  endMin: 17 * 60 + 30,
  staffName: 'Lucía',
  services: ['Corte de pelo'],
  manageUrl: 'http://127.0.0.1:3000/cita/abc.def',
};

function serve(book: Handler | Answer, routes: Record<string, Handler | Answer> = {}) {
  return fakeServer({
    [`GET ${NEXT_PATH}`]: { body: { items: TIMES } },
    'POST /api/bookings': book,
    ...routes,
  });
}

async function openTimes(user: ReturnType<typeof userEvent.setup>) {
  const services = await screen.findByRole('region', { name: 'Servicios' });
  await user.click(
    await within(services).findByRole('button', { name: 'Ver horas libres de Corte de pelo' }),
  );
  return within(services).findByRole('list', { name: 'Horas libres de Corte de pelo' });
}

describe('booking from a service’s free times, without the chat', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 10:30 in Madrid.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:30:00Z') });
  });

  it('words each chip from the salon’s today', () => {
    const today = '2026-11-23';
    expect(TIMES.map((time) => chipLabel(time, today))).toEqual([
      'Hoy 17:00',
      'Mañana 10:00',
      'jue 26, 09:30',
    ]);
  });

  it('reads a service’s times only when asked, four of them, and shows them as chips', async () => {
    const server = serve({ status: 201, body: { item: BOOKED } });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Corte de pelo' });
    expect(server.to(NEXT_PATH)).toEqual([]);
    const chips = await openTimes(user);
    expect(server.to(NEXT_PATH).map((call) => call.url.searchParams.toString())).toEqual([
      'serviceIds=svc-corte&count=4',
    ]);
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Hoy 17:00', 'Mañana 10:00', 'jue 26, 09:30']);
    // The other service was not asked for.
    expect(screen.getByRole('button', { name: 'Ver horas libres de Tinte' })).toBeVisible();
  });

  it('checks the guest’s details before sending, and Escape closes the form', async () => {
    const server = serve({ status: 201, body: { item: BOOKED } });
    const user = userEvent.setup();
    renderApp('/');
    const chips = await openTimes(user);
    const chip = within(chips).getByRole('button', { name: 'Hoy 17:00' });
    await user.click(chip);

    const dialog = screen.getByRole('dialog', { name: 'Reservar Corte de pelo' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('lunes 23 de noviembre a las 17:00');
    expect(dialog).toHaveTextContent('30 min · 18,00 €');
    const name = within(dialog).getByRole('textbox', { name: 'Nombre y apellidos' });
    expect(name).toHaveFocus();
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(name).toHaveAccessibleDescription('Escribe tu nombre.');
    const email = within(dialog).getByRole('textbox', { name: 'Correo electrónico' });
    expect(email).toHaveAccessibleDescription('Escribe un email o un teléfono.');

    await user.type(name, 'Ana García');
    await user.type(email, 'ana@');
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(email).toHaveAccessibleDescription('Escribe un correo válido, como nombre@ejemplo.com.');
    expect(within(dialog).getByRole('textbox', { name: 'Teléfono' })).toHaveAccessibleDescription(
      'Escribe un teléfono válido, como 612 345 678.',
    );
    expect(server.to('/api/bookings')).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(chip).toHaveFocus();
  });

  it('books the time once per form, then says so in the manage page’s words', async () => {
    let calls = 0;
    const server = serve(() => {
      calls += 1;
      // The first answer is lost on the way: the guest sends again.
      return calls === 1
        ? apiError(503, 'unavailable', 'El servidor está ocupado. Inténtalo de nuevo.')
        : { status: 201, body: { item: BOOKED } };
    });
    const user = userEvent.setup();
    renderApp('/');
    const chips = await openTimes(user);
    await user.click(within(chips).getByRole('button', { name: 'Hoy 17:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Reservar Corte de pelo' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Nombre y apellidos' }),
      'Ana García',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Correo electrónico' }),
      'ana@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El servidor está ocupado. Inténtalo de nuevo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));

    const done = await screen.findByRole('dialog', { name: '¡Reservada!' });
    expect(within(done).getByRole('heading', { name: '¡Reservada!' })).toHaveFocus();
    expect(done).toHaveTextContent('Te hemos enviado la confirmación a ana@example.com.');
    expect(done).toHaveTextContent('lunes 23 de noviembre a las 17:00Corte de pelo · con Lucía');
    expect(done).toHaveTextContent(
      'Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise.',
    );
    expect(within(done).getByRole('link', { name: 'Ver mi cita' })).toHaveAttribute(
      'href',
      BOOKED.manageUrl,
    );

    const sent = server.to('/api/bookings', 'POST').map((call) => call.body as NewBooking);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      serviceIds: ['svc-corte'],
      date: '2026-11-23',
      startMin: 17 * 60,
      name: 'Ana García',
      email: 'ana@example.com',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    // Sent again, the same key: the server books it once.
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);

    // Closed, the times are read again: the one booked is no longer free.
    await user.click(within(done).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => {
      expect(server.to(NEXT_PATH)).toHaveLength(2);
    });
  });

  it('says when the time was just taken and reads the times again', async () => {
    const server = serve(
      apiError(
        409,
        'conflict',
        'Esa persona ya tiene una cita a esa hora. Elige otra hora u otra persona.',
      ),
    );
    const user = userEvent.setup();
    renderApp('/');
    const chips = await openTimes(user);
    await user.click(within(chips).getByRole('button', { name: 'Hoy 17:00' }));
    const dialog = screen.getByRole('dialog');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Nombre y apellidos' }),
      'Ana García',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '612 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));

    const taken = await screen.findByRole('alert');
    expect(taken).toHaveTextContent('Esa hora se acaba de ocupar');
    await waitFor(() => {
      expect(taken).toHaveFocus();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(server.to(NEXT_PATH)).toHaveLength(2);
    });
    expect(server.to('/api/bookings', 'POST')[0]?.body).toMatchObject({ phone: '612 345 678' });
    // What the guest typed is kept for the next try.
    await user.click(
      await within(await screen.findByRole('list', { name: /Horas libres/ })).findByRole('button', {
        name: 'Mañana 10:00',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Nombre y apellidos' })).toHaveValue('Ana García');
  });

  it('asks a signed-in cliente only to confirm the time', async () => {
    const server = serve(
      { status: 201, body: { item: { ...BOOKED, status: 'confirmada' } } },
      { 'GET /api/auth/session': { body: session(cliente) } },
    );
    const user = userEvent.setup();
    renderApp('/');
    const chips = await openTimes(user);
    await user.click(within(chips).getByRole('button', { name: 'Mañana 10:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Reservar Corte de pelo' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(dialog).toHaveTextContent('Reservas con tu cuenta: Ana García (ana@example.com).');
    const book = within(dialog).getByRole('button', { name: 'Reservar' });
    expect(book).toHaveFocus();
    await user.click(book);
    const done = await screen.findByRole('dialog', { name: '¡Reservada!' });
    expect(done).toHaveTextContent('Te hemos enviado la confirmación a ana@example.com.');
    expect(done).toHaveTextContent('Tu cita está confirmada.');
    const body = server.to('/api/bookings', 'POST')[0]?.body as NewBooking;
    expect(Object.keys(body).sort()).toEqual(['date', 'idempotencyKey', 'serviceIds', 'startMin']);
  });
});

describe('contactErrors', () => {
  it('takes an email or a phone, either one well written', () => {
    expect(contactErrors({ name: 'Ana', email: 'ana@example.com', phone: '' })).toEqual({});
    expect(contactErrors({ name: 'Ana', email: '', phone: '+34 612 345 678' })).toEqual({});
    expect(contactErrors(EMPTY_CONTACT)).toEqual({
      name: 'Escribe tu nombre.',
      email: 'Escribe un email o un teléfono.',
    });
    expect(contactErrors({ name: 'x'.repeat(121), email: 'a@b.co', phone: '12' })).toEqual({
      name: 'Como mucho 120 caracteres.',
      phone: 'Escribe un teléfono válido, como 612 345 678.',
    });
  });
});
