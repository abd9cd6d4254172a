import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Business } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import {
  apiError,
  business,
  fakeServer,
  session,
  type Answer,
  type RecordedRequest,
} from '../../test/fakeServer';
import { fakeAppointment, fixToday, profile, STAFF } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBusiness } from '../../shell/business';
import { Dashboard } from '..';

// The first render of a file loads the grid, dnd-kit and the forms: slow on a busy two-core
// machine, past Testing Library's 1 s default for `findBy…`.
configure({ asyncUtilTimeout: 5000 });

const FULL: Business = {
  ...business,
  address: { street: 'Calle de Alcalá 10', postalCode: '28014', city: 'Madrid' },
  phone: '+34 910 000 000',
  email: 'hola@lucia.es',
  description: 'Peluquería de barrio.',
  paymentMethods: ['Efectivo', 'Tarjeta'],
  parking: '',
  access: '',
  faq: [{ question: '¿Hay wifi?', answer: 'Sí.' }],
  brandColor: '#0f7b6c',
  bookingRules: {
    minNoticeMin: 60,
    horizonDays: 60,
    chatBookingStatus: 'pendiente',
    holdMinutes: 10,
  },
  closures: [],
  team: [{ id: 'st-1', firstName: 'Lucía', serviceIds: ['svc-corte'] }],
};

function settingsApi(
  onWrite?: (call: RecordedRequest) => Answer | undefined,
  role: 'administrador' | 'usuario' = 'administrador',
  item: Business = FULL,
) {
  // The session is the route; the business is the full one of these settings.
  return fakeServer({ 'GET /api/auth/session': { body: session(profile(role)) } }, (call) => {
    switch (`${call.method} ${call.url.pathname}`) {
      case 'GET /api/business':
        return { body: { item } };
      case 'GET /api/staff':
        return { body: { items: STAFF } };
      case 'GET /api/closures':
        return {
          body: { items: [{ id: 'c1', from: '2026-12-25', to: '2026-12-25', reason: 'Navidad' }] },
        };
      case 'GET /api/staff/st-1/schedule':
        return {
          body: {
            item: {
              periods: business.hours,
              followsBusinessHours: true,
              serviceIds: ['svc-corte'],
              bookable: true,
            },
          },
        };
      case 'GET /api/staff/st-1/time-off':
        return { body: { items: [] } };
      case 'GET /api/keys':
        return { body: { keys: [] } };
      case 'GET /api/business/outside-rules':
        return {
          body: {
            items: [
              {
                ...fakeAppointment({ id: 'fuera', clientName: 'Pilar', date: '2026-12-25' }),
                reason: 'El salón cierra ese día (Navidad).',
              },
            ],
          },
        };
    }
    return onWrite?.(call);
  });
}

/** What any page of the site reads as the salon's hours: how many periods. */
function SiteHours() {
  const { business: site } = useBusiness();
  return <output data-testid="site-hours">{site?.hours.length}</output>;
}

describe('Ajustes', () => {
  beforeEach(fixToday);

  it.each([
    ['perfil', 'Perfil del negocio'],
    ['reglas', 'Reglas de reserva'],
    ['horario', 'Horario del salón'],
    ['cierres', 'Añadir: cierre'],
    ['equipo', 'Horario y servicios de Lucía'],
    ['integraciones', 'Claves de API'],
  ])('has no axe violations on the %s tab', async (tab, heading) => {
    settingsApi();
    window.history.replaceState(null, '', `/dashboard/ajustes#${tab}`);
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    await screen.findByRole('heading', { level: 2, name: heading });
    await expectNoAxeViolations();
  });

  it('lists the citas outside the rules with their reason and a link into the diary', async () => {
    settingsApi();
    window.history.replaceState(null, '', '/dashboard/ajustes#fuera');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const link = await screen.findByRole('link', { name: /Pilar con Lucía Gómez/ });
    expect(link).toHaveAttribute('href', '/dashboard?dia=2026-12-25&cita=fuera');
    expect(screen.getByText('El salón cierra ese día (Navidad).')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('moves between tabs with the arrow keys', async () => {
    settingsApi();
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const perfil = await screen.findByRole('tab', { name: 'Perfil' });
    perfil.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reglas de reserva' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Reglas de reserva' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Back past the first, to the last: an administrador's own "Integraciones".
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Integraciones' })).toHaveFocus();
  });

  it('leaves the administradores’ own tab out of the arrow keys’ round for the rest', async () => {
    settingsApi(undefined, 'usuario');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const perfil = await screen.findByRole('tab', { name: 'Perfil' });
    perfil.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Citas fuera de las reglas' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(perfil).toHaveFocus();
  });

  it('checks the profile before sending, then shows the server’s refusal and keeps the values', async () => {
    const { to } = settingsApi((call) =>
      call.method === 'PATCH'
        ? apiError(422, 'invalid', 'El nombre admite hasta 100 caracteres.')
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Perfil del negocio' }));

    await user.clear(form.getByLabelText('Correo'));
    await user.type(form.getByLabelText('Correo'), 'no-es-un-correo');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent('El correo no parece válido');

    await user.clear(form.getByLabelText('Correo'));
    await user.type(form.getByLabelText('Correo'), 'citas@lucia.es');
    await user.click(form.getByRole('button', { name: 'Añadir pregunta' }));
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'La pregunta 2 necesita pregunta y respuesta.',
    );
    await user.type(form.getByLabelText('Pregunta 2'), '¿Aceptáis Bizum?');
    await user.type(form.getByLabelText('Respuesta 2'), 'Sí, y tarjeta.');
    expect(to('/api/business', 'PATCH')).toHaveLength(0);

    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'El nombre admite hasta 100 caracteres.',
    );
    expect(to('/api/business', 'PATCH')[0]?.body).toMatchObject({
      email: 'citas@lucia.es',
      address: { street: 'Calle de Alcalá 10', postalCode: '28014', city: 'Madrid' },
      paymentMethods: ['Efectivo', 'Tarjeta'],
      faq: [
        { question: '¿Hay wifi?', answer: 'Sí.' },
        { question: '¿Aceptáis Bizum?', answer: 'Sí, y tarjeta.' },
      ],
    });
    expect(form.getByLabelText('Correo')).toHaveValue('citas@lucia.es');
  });

  it('edits how long a time picked in the chat is held, from 1 to 60 minutes', async () => {
    let refuse = true;
    const { to } = settingsApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      if (refuse) {
        return apiError(400, 'invalid_request', 'La reserva provisional va de 1 a 60 minutos.');
      }
      const { bookingRules } = call.body as Pick<Business, 'bookingRules'>;
      return { body: { item: { ...FULL, bookingRules } } };
    });
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#reglas');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Reglas de reserva' }));
    const field = form.getByLabelText('Reserva provisional en el chat (minutos)');
    expect(field).toHaveValue('10');

    for (const [typed, problem] of [
      ['0', 'La reserva provisional va de 1 a 60 minutos.'],
      ['61', 'La reserva provisional va de 1 a 60 minutos.'],
      ['diez', 'La reserva provisional es un número de minutos.'],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(form.getByRole('button', { name: 'Guardar' }));
      expect(await form.findByRole('alert')).toHaveTextContent(problem);
    }
    expect(to('/api/business', 'PATCH')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '15');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    // The server's refusal is shown too, and what was typed stays.
    expect(await form.findByRole('alert')).toHaveTextContent(
      'La reserva provisional va de 1 a 60 minutos.',
    );
    expect(field).toHaveValue('15');

    refuse = false;
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    expect(to('/api/business', 'PATCH').at(-1)?.body).toEqual({
      bookingRules: {
        minNoticeMin: 60,
        horizonDays: 60,
        chatBookingStatus: 'pendiente',
        holdMinutes: 15,
      },
    });
  });

  it('edits the reminder and the staff alert addresses with the server’s limits', async () => {
    let refuse = true;
    const { to } = settingsApi(
      (call) => {
        if (call.method !== 'PATCH') return undefined;
        if (refuse) {
          return apiError(400, 'invalid_request', 'El recordatorio va de 1 a 168 horas.');
        }
        const { mail } = call.body as Pick<Business, 'mail'>;
        return { body: { item: { ...FULL, mail } } };
      },
      'administrador',
      { ...FULL, mail: { reminderHours: 24, staffAlertEmails: ['lucia@lucia.es'] } },
    );
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#reglas');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Correos' }));
    const hours = form.getByLabelText('Recordatorio (horas antes de la cita)');
    const addresses = form.getByLabelText('Avisos al equipo');
    expect(hours).toHaveValue('24');
    expect(addresses).toHaveValue('lucia@lucia.es');

    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@lucia.es`).join('\n');
    for (const [typedHours, typedAddresses, problem] of [
      ['0', '', 'El recordatorio va de 1 a 168 horas antes de la cita.'],
      ['169', '', 'El recordatorio va de 1 a 168 horas antes de la cita.'],
      ['un día', '', 'El recordatorio es un número de horas.'],
      ['48', six, 'Como mucho 5 direcciones para los avisos al equipo.'],
      ['48', 'lucia@lucia.es\nmarta', '«marta» no parece un correo (nombre@dominio.es).'],
      ['48', 'lucia@lucia.es, Lucia@lucia.es', '«Lucia@lucia.es» está repetida.'],
    ] as const) {
      await user.clear(hours);
      await user.type(hours, typedHours);
      await user.clear(addresses);
      if (typedAddresses !== '') await user.type(addresses, typedAddresses);
      await user.click(form.getByRole('button', { name: 'Guardar' }));
      expect(await form.findByRole('alert')).toHaveTextContent(problem);
    }
    expect(to('/api/business', 'PATCH')).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, '48');
    await user.clear(addresses);
    await user.type(addresses, ' lucia@lucia.es \n\nrecepcion@lucia.es');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    // The server's refusal is shown too, and what was typed stays.
    expect(await form.findByRole('alert')).toHaveTextContent(
      'El recordatorio va de 1 a 168 horas.',
    );
    expect(hours).toHaveValue('48');

    refuse = false;
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    expect(to('/api/business', 'PATCH').at(-1)?.body).toEqual({
      mail: { reminderHours: 48, staffAlertEmails: ['lucia@lucia.es', 'recepcion@lucia.es'] },
    });
    // The booking rules are a form of their own, untouched by this one.
    expect(screen.getByRole('form', { name: 'Reglas de reserva' })).toBeInTheDocument();
  });

  it('starts the mail settings from 24 hours and nobody when the server says nothing', async () => {
    const { to } = settingsApi((call) =>
      call.method === 'PATCH' ? { body: { item: FULL } } : undefined,
    );
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#reglas');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Correos' }));
    expect(form.getByLabelText('Recordatorio (horas antes de la cita)')).toHaveValue('24');
    expect(form.getByLabelText('Avisos al equipo')).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    expect(to('/api/business', 'PATCH')[0]?.body).toEqual({
      mail: { reminderHours: 24, staffAlertEmails: [] },
    });
  });

  it('wears a saved brand colour at once, without a reload', async () => {
    settingsApi((call) =>
      call.method === 'PATCH' ? { body: { item: { ...FULL, brandColor: '#1e3a8a' } } } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Perfil del negocio' }));
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--brand-light-accent')).toBe('#1e3a8a');
    expect(root.getPropertyValue('--brand-light-accent-text')).toBe('#ffffff');
  });

  it('starts from ten minutes when the server does not say how long holds last', async () => {
    const { to } = settingsApi(
      (call) => (call.method === 'PATCH' ? { body: { item: FULL } } : undefined),
      'administrador',
      {
        ...FULL,
        bookingRules: {
          minNoticeMin: 30,
          horizonDays: 90,
          chatBookingStatus: 'confirmada',
          holdMinutes: 10,
        },
      },
    );
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#reglas');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Reglas de reserva' }));
    expect(form.getByLabelText('Reserva provisional en el chat (minutos)')).toHaveValue('10');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    expect(to('/api/business', 'PATCH')[0]?.body).toEqual({
      bookingRules: {
        minNoticeMin: 30,
        horizonDays: 90,
        chatBookingStatus: 'confirmada',
        holdMinutes: 10,
      },
    });
  });

  it('edits several periods a day and refuses overlapping ones', async () => {
    const { to } = settingsApi((call) =>
      call.method === 'PUT'
        ? {
            body: {
              item: { ...FULL, hours: (call.body as { periods: Business['hours'] }).periods },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#horario');
    renderWithProviders(
      <>
        <Dashboard path="/dashboard/ajustes" />
        <SiteHours />
      </>,
    );
    const form = within(await screen.findByRole('form', { name: 'Horario del salón' }));
    const miercoles = within(form.getByRole('group', { name: 'Miércoles' }));
    expect(miercoles.getByText('Cerrado')).toBeInTheDocument();
    await user.click(miercoles.getByRole('button', { name: /Añadir tramo/ }));
    await user.click(miercoles.getByRole('button', { name: /Añadir tramo/ }));
    // The second period starts where the first ends (14:00): make it overlap.
    const secondOpen = miercoles.getByLabelText('Miércoles, tramo 2: abre');
    await user.clear(secondOpen);
    await user.type(secondOpen, '13:00');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Miércoles: los tramos se solapan.');

    await user.clear(secondOpen);
    await user.type(secondOpen, '16:00');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    const sent = (to('/api/business/hours', 'PUT')[0]?.body as { periods: Business['hours'] })
      .periods;
    expect(sent.filter((period) => period.weekday === 3)).toEqual([
      { weekday: 3, openMin: 600, closeMin: 840 },
      { weekday: 3, openMin: 960, closeMin: 1200 },
    ]);
    expect(sent).toHaveLength(business.hours.length + 2);
    // Every page (the diary's grid among them) reads the new hours without a reload.
    expect(screen.getByTestId('site-hours')).toHaveTextContent(`${business.hours.length + 2}`);
  });

  it('adds and deletes a closure', async () => {
    const { to } = settingsApi((call) => {
      if (call.method === 'POST')
        return { status: 201, body: { item: { id: 'c2', ...(call.body as object) } } };
      if (call.method === 'DELETE') return { status: 204 };
      return undefined;
    });
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#cierres');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Añadir: cierre' }));
    await user.type(form.getByLabelText('Desde'), '2027-08-10');
    await user.type(form.getByLabelText(/Hasta/), '2027-08-01');
    await user.click(form.getByRole('button', { name: 'Añadir' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'El último día no puede ser antes del primero.',
    );
    await user.clear(form.getByLabelText(/Hasta/));
    await user.type(form.getByLabelText(/Hasta/), '2027-08-20');
    await user.click(form.getByRole('button', { name: 'Añadir' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Escribe el motivo.');
    expect(to('/api/closures', 'POST')).toHaveLength(0);
    await user.type(form.getByLabelText('Motivo'), 'Vacaciones');
    await user.click(form.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('· Vacaciones')).toBeInTheDocument();
    expect(to('/api/closures', 'POST')[0]?.body).toEqual({
      from: '2027-08-10',
      to: '2027-08-20',
      reason: 'Vacaciones',
    });

    await user.click(screen.getByRole('button', { name: /^Borrar\s*Navidad$/ }));
    await waitFor(() => {
      expect(screen.queryByText('· Navidad')).not.toBeInTheDocument();
    });
    expect(to('/api/closures/c1', 'DELETE')).toHaveLength(1);
  });

  it('saves a stylist’s own hours, services and bookable flag', async () => {
    const { to } = settingsApi((call) =>
      call.method === 'PUT' ? { body: { item: call.body } } : undefined,
    );
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/dashboard/ajustes#equipo');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Horario y servicios de Lucía' }));
    await user.click(await form.findByRole('checkbox', { name: 'Corte de pelo' }));
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Elige al menos un servicio');
    await user.click(form.getByRole('checkbox', { name: 'Tinte' }));
    await user.click(form.getByRole('checkbox', { name: 'Igual que el horario del salón' }));
    const lunes = within(form.getByRole('group', { name: 'Lunes' }));
    await user.click(lunes.getByRole('button', { name: /Quitar/ }));
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Guardado.')).toBeInTheDocument();
    const body = to('/api/staff/st-1/schedule', 'PUT')[0]?.body as {
      periods: unknown[];
      serviceIds: string[];
      bookable: boolean;
    };
    expect(body.serviceIds).toEqual(['svc-color']);
    expect(body.bookable).toBe(true);
    expect(body.periods).toHaveLength(business.hours.length - 1);
  });

  it('lets the rest of the staff read but not change', async () => {
    settingsApi(undefined, 'usuario');
    renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
    const form = within(await screen.findByRole('form', { name: 'Perfil del negocio' }));
    expect(screen.getByText(/Solo los administradores/)).toBeInTheDocument();
    expect(form.getByLabelText('Nombre')).toBeDisabled();
  });
});
