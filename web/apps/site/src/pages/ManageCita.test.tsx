import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business, ManagedCita } from '../api/types';
import { expectNoAxeViolations } from '../test/axe';
import { apiError, business, fakeServer, type Answer, type Handler } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { manageToken } from './ManageCita';

const TOKEN = 'v1.abc-123_XYZ';
const API = `/api/manage/${TOKEN}`;

/** Ana's cita on Thursday 3 December 2026, 10:00–11:00, with Lucía; changed as the test needs. */
function managed(changes: Partial<ManagedCita> = {}): ManagedCita {
  return {
    id: 'cita-1',
    date: '2026-12-03',
    startMin: 600,
    endMin: 660,
    status: 'pendiente',
    services: [
      { id: 'svc-corte', name: 'Corte de pelo', durationMin: 30, priceCents: 1800 },
      { id: 'svc-peinado', name: 'Peinado', durationMin: 30, priceCents: 1250 },
    ],
    staffId: 'st-lucia',
    staffName: 'Lucía',
    clientName: 'Ana García',
    clientConfirmed: false,
    canChange: true,
    canCancel: true,
    business: {
      name: 'Peluquería Lucía',
      phone: '+34 910 00 00 00',
      address: 'Calle Mayor 1, 28013 Madrid',
    },
    ...changes,
  };
}

/**
 * The salon: Monday to Saturday 10:00–14:00 and 16:00–20:00, closed on Sundays and on Tuesday
 * 8 December (a holiday), 60 days ahead.
 */
const salon: Business = {
  ...business,
  hours: [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, openMin: 600, closeMin: 840 },
    { weekday, openMin: 960, closeMin: 1200 },
  ]),
  closures: [{ id: 'inmaculada', from: '2026-12-08', to: '2026-12-08', reason: 'Festivo' }],
  bookingRules: {
    minNoticeMin: 60,
    horizonDays: 60,
    chatBookingStatus: 'pendiente',
    holdMinutes: 15,
  },
};

function serveCita(cita: ManagedCita, routes: Record<string, Handler | Answer> = {}) {
  return fakeServer({
    'GET /api/business': { body: { item: salon } },
    [`GET ${API}`]: { body: { item: cita } },
    ...routes,
  });
}

/** Free times that answer every day with `starts` (minutes), Lucía's. */
const freeAt =
  (starts: Record<string, number[]>): Handler =>
  (request) => ({
    body: {
      items: (starts[request.url.searchParams.get('date') ?? ''] ?? []).map((startMin) => ({
        startMin,
        staffIds: ['st-lucia'],
      })),
    },
  });

/** The times the form shows now, as their labels. */
const shownTimes = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('radio')
    .map((radio) => radio.parentElement?.textContent);

const GOOGLE =
  'https://calendar.google.com/calendar/render?action=TEMPLATE' +
  '&text=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa' +
  '&dates=20261203T090000Z/20261203T100000Z' +
  '&details=Te%20atiende%20Luc%C3%ADa.' +
  '&location=Calle%20Mayor%201%2C%2028013%20Madrid';
const OUTLOOK =
  'https://outlook.live.com/calendar/0/deeplink/compose' +
  '?subject=Corte%20de%20pelo%2C%20Peinado%20%E2%80%94%20Peluquer%C3%ADa%20Luc%C3%ADa' +
  '&startdt=2026-12-03T09:00:00Z&enddt=2026-12-03T10:00:00Z' +
  '&location=Calle%20Mayor%201%2C%2028013%20Madrid' +
  '&body=Te%20atiende%20Luc%C3%ADa.';
const PENDING = 'Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise.';

async function openPage() {
  renderApp(`/cita/${TOKEN}`);
  return screen.findByRole('heading', { level: 2, name: /jueves, 3 de diciembre de 2026/ });
}

// The chat widget's history request is a POST that reads: not a write.
const readsHistory = (body: unknown) =>
  (body as { action?: unknown } | undefined)?.action === 'loadPreviousSession';
const writes = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((request) => request.method !== 'GET' && !readsHistory(request.body));

describe('the manage link’s page (/cita/<token>)', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 12:00 in Madrid.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('meta[name="referrer"]').forEach((meta) => {
      meta.remove();
    });
  });

  it('shows the cita and changes nothing by being opened', async () => {
    const server = serveCita(managed());
    const when = await openPage();
    expect(when).toHaveTextContent('10:00–11:00');
    expect(screen.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: /jueves/ });
    expect(facts).toHaveTextContent('Corte de pelo · 30 min · 18,00 €');
    expect(facts).toHaveTextContent('Peinado · 30 min · 12,50 €');
    expect(facts).toHaveTextContent('ConLucía');
    expect(facts).toHaveTextContent('A nombre deAna García');
    // One notion of confirmed: the salon's, still to come, and nothing else called so.
    expect(facts).toHaveTextContent(`Estado${PENDING}Servicios`);
    expect(screen.queryByText(/Pendiente|Confirmo|confirmad/)).toBeNull();
    expect(facts).toHaveTextContent('Precio30,50 €');
    expect(facts).toHaveTextContent('Calle Mayor 1, 28013 Madrid');
    // Written the Spanish way, as the server's emails write it.
    expect(within(facts).getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    );
    const map = within(facts).getByRole('link', { name: /^Ver en el mapa/ });
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Calle%20Mayor%201%2C%2028013%20Madrid',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAccessibleName('Ver en el mapa (se abre en otra pestaña)');
    // In the salon's time zone: 10:00 in Madrid is 09:00 UTC.
    expect(within(facts).getByRole('link', { name: /^Añadir a Google Calendar/ })).toHaveAttribute(
      'href',
      GOOGLE,
    );
    expect(within(facts).getByRole('link', { name: /^Añadir a Outlook/ })).toHaveAttribute(
      'href',
      OUTLOOK,
    );
    expect(screen.queryByRole('link', { name: 'Reservar otra' })).toBeNull();
    for (const name of ['Sí, voy', 'Cambiar', 'Cancelar']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    // The client's "I'm coming" is told apart from the salon's confirmation.
    expect(screen.getByRole('button', { name: 'Sí, voy' })).toHaveAccessibleDescription(
      '¿Vienes? Con «Sí, voy» avisas al salón de que cuenta contigo.',
    );
    await waitFor(() => {
      expect(document.title).toBe('Tu cita · Peluquería Lucía');
    });
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
    // Only reads: a mail scanner that opens the link changes nothing.
    expect(writes(server)).toEqual([]);
    expect(server.to(API)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('"Sí, voy" POSTs and then says so, without the button', async () => {
    const server = serveCita(managed(), {
      [`POST ${API}/attend`]: { body: { item: managed({ clientConfirmed: true }) } },
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Sí, voy' }));
    expect(await screen.findByText('Has avisado de que vienes.')).toBeInTheDocument();
    // The salon's confirmation is still to come, and the page keeps saying so.
    expect(screen.getByRole('region', { name: /jueves/ })).toHaveTextContent(
      `${PENDING} Has avisado de que vienes.`,
    );
    expect(screen.queryByRole('button', { name: 'Sí, voy' })).not.toBeInTheDocument();
    expect(screen.queryByText(/¿Vienes\?/)).toBeNull();
    expect(writes(server).map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST ${API}/attend`,
    ]);
    expect(await screen.findByText('¡Gracias! Te esperamos')).toBeInTheDocument();
  });

  it('offers no "Sí, voy" once confirmed', async () => {
    serveCita(managed({ clientConfirmed: true }));
    await openPage();
    expect(screen.getByText('Has avisado de que vienes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sí, voy' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar' })).toBeInTheDocument();
  });

  it('offers no "Sí, voy" for a day gone by', async () => {
    serveCita(managed({ date: '2026-11-19', canChange: false, canCancel: false }));
    renderApp(`/cita/${TOKEN}`);
    await screen.findByRole('heading', { level: 2, name: /jueves, 19 de noviembre/ });
    expect(screen.queryByRole('button', { name: 'Sí, voy' })).not.toBeInTheDocument();
  });

  it('offers only what the server allows, and says who can still change it', async () => {
    serveCita(managed({ status: 'confirmada', canChange: false, canCancel: false }));
    await openPage();
    expect(screen.getByText('Tu cita está confirmada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sí, voy' })).toHaveAccessibleDescription(
      '¿Vienes? Con «Sí, voy» avisas al salón de que cuenta contigo.',
    );
    expect(screen.queryByRole('button', { name: 'Cambiar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Para cambiarla o cancelarla a estas alturas, llama al salón.'),
    ).toBeInTheDocument();
  });

  // Every state the API can give, with what the page then says and offers.
  it.each([
    {
      state: 'pending',
      cita: managed(),
      says: PENDING,
      attend: true,
      calendar: true,
      again: false,
    },
    {
      state: 'pending, the client said she comes',
      cita: managed({ clientConfirmed: true }),
      says: `${PENDING} Has avisado de que vienes.`,
      attend: false,
      calendar: true,
      again: false,
    },
    {
      state: 'confirmed',
      cita: managed({ status: 'confirmada' }),
      says: 'Tu cita está confirmada.',
      attend: true,
      calendar: true,
      again: false,
    },
    {
      state: 'confirmed, the client said she comes',
      cita: managed({ status: 'confirmada', clientConfirmed: true }),
      says: 'Tu cita está confirmada. Has avisado de que vienes.',
      attend: false,
      calendar: true,
      again: false,
    },
    {
      state: 'cancelled',
      cita: managed({ status: 'cancelada', canChange: false, canCancel: false }),
      says: 'Cancelada: esta hora ya no está reservada para ti.',
      attend: false,
      calendar: false,
      again: true,
    },
    {
      state: 'completed',
      cita: managed({
        date: '2026-11-19',
        status: 'completada',
        clientConfirmed: true,
        canChange: false,
        canCancel: false,
      }),
      says: 'Esta cita ya se realizó. ¡Gracias por venir!',
      attend: false,
      calendar: false,
      again: true,
    },
    {
      state: 'a no-show',
      cita: managed({
        date: '2026-11-19',
        status: 'no_presentado',
        clientConfirmed: true,
        canChange: false,
        canCancel: false,
      }),
      says: 'El salón anotó que no pudiste venir a esta cita.',
      attend: false,
      calendar: false,
      again: true,
    },
    {
      // Today, 09:00–10:00, still pending: the salon has not marked it, but it is over.
      state: 'over but never marked',
      cita: managed({
        date: '2026-11-23',
        startMin: 540,
        endMin: 600,
        canChange: false,
        canCancel: false,
      }),
      says: 'La hora de esta cita ya pasó.',
      attend: false,
      calendar: false,
      again: true,
    },
  ])('says what is true of a cita $state', async ({ cita, says, attend, calendar, again }) => {
    serveCita(cita);
    renderApp(`/cita/${TOKEN}`);
    const facts = await screen.findByRole('region', { name: /de 2026/ });
    const state = within(facts).getByText('Estado').nextElementSibling;
    expect(state).toHaveTextContent(new RegExp(`^${says.replace(/[.?¡!()]/g, '\\$&')}$`));
    expect(screen.queryByText(/Confirmo|Pendiente/)).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Sí, voy' })).toHaveLength(attend ? 1 : 0);
    await waitFor(() => {
      expect(screen.queryAllByRole('link', { name: /^Añadir a (Google|Outlook)/ })).toHaveLength(
        calendar ? 2 : 0,
      );
    });
    expect(screen.queryAllByRole('link', { name: 'Reservar otra' })).toHaveLength(again ? 1 : 0);
  });

  it('cancels after a second "Sí", then offers only "Reservar otra", which opens the chat', async () => {
    const server = serveCita(managed(), {
      [`POST ${API}/cancel`]: {
        body: { item: managed({ status: 'cancelada', canChange: false, canCancel: false }) },
      },
      'POST /api/n8n/chat': (request) =>
        (request.body as { action: string }).action === 'loadPreviousSession'
          ? { body: { data: [] } }
          : { body: { output: '¿Qué te gustaría reservar?' } },
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const question = screen.getByRole('group', { name: 'Confirmar la cancelación' });
    await user.click(within(question).getByRole('button', { name: 'No, mantenerla' }));
    expect(writes(server)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cancelar la cita' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cita cancelada' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Cancelada: esta hora ya no está reservada para ti.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cambiar|Cancelar|Sí, voy/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Añadir a/ })).toBeNull();
    expect(writes(server).map((request) => request.url.pathname)).toEqual([`${API}/cancel`]);
    await expectNoAxeViolations();

    // "Reservar otra": the landing page, with the chat open asking for a new cita.
    await user.click(screen.getByRole('link', { name: 'Reservar otra' }));
    expect(window.location.pathname).toBe('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Peluquería Lucía' }),
    ).toBeInTheDocument();
    const chat = await screen.findByRole('dialog', { name: 'Peluquería Lucía' });
    expect(await within(chat).findByText('¿Qué te gustaría reservar?')).toBeVisible();
    const sent = server
      .to('/api/n8n/chat')
      .map((request) => request.body as { action: string; chatInput?: string })
      .filter((body) => body.action === 'sendMessage');
    expect(sent.map((body) => body.chatInput)).toEqual(['Quiero reservar una cita']);
  });

  it('shows the server’s refusal to cancel as it words it', async () => {
    serveCita(managed(), {
      [`POST ${API}/cancel`]: apiError(
        409,
        'conflict',
        'Ya no se puede cancelar: la cita empieza en menos de una hora.',
      ),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cancelar la cita' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya no se puede cancelar: la cita empieza en menos de una hora.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeInTheDocument();
  });

  it('moves the cita to a free time of the next day, one tap away, with the same stylist', async () => {
    const moved = managed({ date: '2026-12-04', startMin: 690, endMin: 750 });
    const server = serveCita(managed(), {
      [`GET ${API}/availability`]: freeAt({ '2026-12-04': [600, 690] }),
      [`PATCH ${API}`]: { body: { item: moved } },
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const form = screen.getByRole('form', { name: /Cambiar la cita/ });
    expect(
      await within(form).findByText(/No quedan horas libres con Lucía el jueves/),
    ).toBeInTheDocument();
    // The link's own free times (where its current time is free to it), not anyone's.
    expect(server.to('/api/availability')).toEqual([]);
    const asked = server.to(`${API}/availability`)[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ date: '2026-12-03', staffId: 'st-lucia' });

    await user.click(within(form).getByRole('button', { name: 'viernes, 4 de diciembre' }));
    await user.click(await within(form).findByRole('radio', { name: '11:30' }));
    expect(
      within(form).getByText('Nueva hora: viernes, 4 de diciembre, a las 11:30'),
    ).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Confirmar el cambio' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: /viernes, 4 de diciembre/ }),
    ).toHaveTextContent('11:30–12:30');
    expect(server.to(API, 'PATCH')[0]?.body).toEqual({ date: '2026-12-04', startMin: 690 });
    expect(screen.queryByRole('form', { name: /Cambiar la cita/ })).not.toBeInTheDocument();
  });

  it('offers the open days as chips, a few at a time, and any other day', async () => {
    const server = serveCita(managed(), {
      [`GET ${API}/availability`]: freeAt({
        '2026-12-05': [600],
        '2026-12-09': [630],
        '2026-12-28': [1020],
      }),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const form = screen.getByRole('form', { name: /Cambiar la cita/ });
    const days = within(form).getByRole('group', { name: 'Día' });
    // Each chip shows "jue 3 dic" and is named by the whole date.
    const chips = () =>
      within(days)
        .getAllByRole('button', { pressed: undefined, name: /^\S+, \d+ de \S+$/ })
        .map((chip) => [
          Array.from(
            chip.querySelectorAll('[aria-hidden="true"]'),
            (line) => line.textContent,
          ).join(' '),
          chip.getAttribute('aria-pressed'),
        ]);
    // From the cita's day on, without Sunday 6 and the holiday on Tuesday 8.
    expect(chips()).toEqual([
      ['jue 3 dic', 'true'],
      ['vie 4 dic', 'false'],
      ['sáb 5 dic', 'false'],
      ['lun 7 dic', 'false'],
      ['mié 9 dic', 'false'],
    ]);
    expect(within(days).getByRole('button', { name: 'miércoles, 9 de diciembre' })).toBeVisible();
    await user.click(within(days).getByRole('button', { name: 'sábado, 5 de diciembre' }));
    expect(await within(form).findByRole('radio', { name: '10:00' })).toBeInTheDocument();
    expect(
      within(form).getByText(/Horas libres con Lucía el sábado, 5 de diciembre/),
    ).toBeVisible();
    expect(
      server.to(`${API}/availability`).map((request) => request.url.searchParams.get('date')),
    ).toEqual(['2026-12-03', '2026-12-05']);

    // The next few, and back; the days before the cita's own down to today are there too.
    await user.click(within(days).getByRole('button', { name: 'Días siguientes' }));
    expect(within(days).getByRole('button', { name: 'jueves, 10 de diciembre' })).toBeVisible();
    expect(within(days).queryByRole('button', { name: 'sábado, 5 de diciembre' })).toBeNull();
    await user.click(within(days).getByRole('button', { name: 'Días anteriores' }));
    await user.click(within(days).getByRole('button', { name: 'Días anteriores' }));
    await user.click(within(days).getByRole('button', { name: 'Días anteriores' }));
    expect(within(days).getByRole('button', { name: 'lunes, 23 de noviembre' })).toBeVisible();
    expect(within(days).getByRole('button', { name: 'Días anteriores' })).toBeDisabled();

    // "Otro día" goes anywhere, and brings the chips to it.
    const other = within(form).getByLabelText('Otro día');
    expect(other).toHaveAttribute('min', '2026-11-23');
    expect(other).toHaveAttribute('max', '2027-01-22');
    await user.clear(other);
    await user.type(other, '2026-12-28');
    expect(await within(form).findByRole('radio', { name: '17:00' })).toBeInTheDocument();
    expect(within(days).getByRole('button', { name: 'lunes, 28 de diciembre' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoAxeViolations();
  });

  it('groups a day’s times under "Mañana" and "Tarde", one part at a time', async () => {
    serveCita(managed(), {
      // Before 14:00 is the morning, from 14:00 on the afternoon.
      [`GET ${API}/availability`]: freeAt({ '2026-12-03': [600, 615, 630, 825, 840, 960, 1170] }),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const form = screen.getByRole('form', { name: /Cambiar la cita/ });
    const morning = await within(form).findByRole('radiogroup', { name: 'Horas de la mañana' });
    expect(shownTimes(morning)).toEqual(['10:00', '10:15', '10:30', '13:45']);
    const parts = within(form).getByRole('group', { name: 'Parte del día' });
    expect(within(parts).getByRole('button', { name: 'Mañana (4)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Only one part's times at a time: never the whole day's wall of buttons.
    expect(within(form).getAllByRole('radio')).toHaveLength(4);
    await user.click(within(morning).getByRole('radio', { name: '10:15' }));

    await user.click(within(parts).getByRole('button', { name: 'Tarde (3)' }));
    const afternoon = within(form).getByRole('radiogroup', { name: 'Horas de la tarde' });
    expect(shownTimes(afternoon)).toEqual(['14:00', '16:00', '19:30']);
    expect(within(form).queryByRole('radiogroup', { name: 'Horas de la mañana' })).toBeNull();
    // The choice made in the morning stays, and says so.
    expect(within(form).getByText('Nueva hora: jueves, 3 de diciembre, a las 10:15')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Confirmar el cambio' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('shows only the part of the day that has times, and moves through them with the arrows', async () => {
    serveCita(managed(), {
      [`GET ${API}/availability`]: freeAt({ '2026-12-03': [990, 1005, 1020] }),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const form = screen.getByRole('form', { name: /Cambiar la cita/ });
    const afternoon = await within(form).findByRole('radiogroup', { name: 'Horas de la tarde' });
    expect(within(form).getByRole('button', { name: 'Mañana (0)' })).toBeDisabled();

    const first = within(afternoon).getByRole('radio', { name: '16:30' });
    await user.click(first);
    expect(first).toBeChecked();
    await user.keyboard('{ArrowRight}');
    const second = within(afternoon).getByRole('radio', { name: '16:45' });
    expect(second).toHaveFocus();
    expect(second).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(within(afternoon).getByRole('radio', { name: '17:00' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();
    expect(within(form).getByText('Nueva hora: jueves, 3 de diciembre, a las 16:45')).toBeVisible();
  });

  it('moves to another free stylist who does every service, when the guest picks one', async () => {
    const team = [
      { id: 'st-lucia', firstName: 'Lucía', serviceIds: ['svc-corte', 'svc-peinado'] },
      { id: 'st-marta', firstName: 'Marta', serviceIds: ['svc-peinado', 'svc-corte'] },
      { id: 'st-javier', firstName: 'Javier', serviceIds: ['svc-corte'] },
    ];
    const server = serveCita(managed(), {
      'GET /api/business': { body: { item: { ...salon, team } } },
      [`GET ${API}/availability`]: (request) => ({
        body: {
          items:
            request.url.searchParams.get('staffId') === 'st-marta'
              ? [{ startMin: 540, staffIds: ['st-marta'] }]
              : [],
        },
      }),
      [`PATCH ${API}`]: {
        body: { item: managed({ staffId: 'st-marta', staffName: 'Marta', startMin: 540 }) },
      },
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const stylist = await screen.findByRole('combobox', { name: 'Con' });
    expect(
      within(stylist)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lucía (como ahora)', 'Marta']);
    expect(await screen.findByText(/No quedan horas libres con Lucía/)).toBeInTheDocument();
    await user.selectOptions(stylist, 'st-marta');
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    expect(screen.getByText(/Horas libres con Marta el jueves/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await screen.findByText('Marta')).toBeInTheDocument();
    expect(server.to(API, 'PATCH')[0]?.body).toEqual({
      date: '2026-12-03',
      startMin: 540,
      staffId: 'st-marta',
    });
  });

  it('shows the server’s refusal of a move as it words it and keeps the choice', async () => {
    serveCita(managed(), {
      [`GET ${API}/availability`]: { body: { items: [{ startMin: 720, staffIds: ['st-lucia'] }] } },
      [`PATCH ${API}`]: apiError(409, 'conflict', 'Esa hora acaba de ocuparse. Elige otra.'),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    await user.click(await screen.findByRole('radio', { name: '12:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esa hora acaba de ocuparse. Elige otra.',
    );
    expect(screen.getByRole('radio', { name: '12:00' })).toBeChecked();
  });

  it("opens what an email's action link asks for, and sends nothing until a button is pressed", async () => {
    const server = serveCita(managed());
    renderApp(`/cita/${TOKEN}?accion=cancelar`);
    expect(
      await screen.findByRole('group', { name: 'Confirmar la cancelación' }),
    ).toBeInTheDocument();
    expect(writes(server)).toEqual([]);
  });

  it('opens the move form from "Cambiar" in an email, only while the cita may change', async () => {
    serveCita(managed(), {
      [`GET ${API}/availability`]: { body: { items: [] } },
    });
    renderApp(`/cita/${TOKEN}?accion=cambiar`);
    expect(await screen.findByRole('form', { name: /Cambiar la cita/ })).toBeInTheDocument();
  });

  it('says a cancelled cita is cancelled and offers only a new booking', async () => {
    serveCita(managed({ status: 'cancelada', canChange: false, canCancel: false }));
    renderApp(`/cita/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cita cancelada' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/¿Quieres otra cita\?/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reservar otra' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /Cambiar|Cancelar|Sí, voy/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('gives a forged or expired link a clear page with the server’s sentence', async () => {
    fakeServer({
      [`GET ${API}`]: apiError(404, 'not_found', 'Este enlace no es válido o ha caducado.'),
    });
    renderApp(`/cita/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enlace no válido' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Este enlace no es válido o ha caducado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cambiar|Cancelar|Confirmo/ })).toBeNull();
    await waitFor(() => {
      expect(document.title).toBe('Enlace no válido · Peluquería Lucía');
    });
    await expectNoAxeViolations();
  });

  it('offers to try again when the server cannot be reached', async () => {
    let reachable = false;
    fakeServer({
      [`GET ${API}`]: () => (reachable ? { body: { item: managed() } } : new TypeError('offline')),
    });
    const user = userEvent.setup();
    renderApp(`/cita/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo conectar con el servidor.',
    );
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: /jueves/ })).toBeInTheDocument();
  });
});

describe('manageToken', () => {
  it('reads the token of /cita/<token> and nothing else', () => {
    expect(manageToken('/cita/abc.DEF-1_2')).toBe('abc.DEF-1_2');
    expect(manageToken('/cita/a%2Bb')).toBe('a+b');
    expect(manageToken('/cita/')).toBeNull();
    expect(manageToken('/cita')).toBeNull();
    expect(manageToken('/cita/a/b')).toBeNull();
    expect(manageToken('/cita/%E0%A4%A')).toBeNull();
    expect(manageToken('/mis-citas')).toBeNull();
  });
});
