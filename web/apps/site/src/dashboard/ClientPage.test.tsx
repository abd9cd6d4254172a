import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientPatch } from '../api/types';
import { apiError, fakeServerAs, type RecordedRequest } from '../test/fakeServer';
import { fakeAppointment, fixToday, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const PILAR: ClientDetail = {
  id: 'cl-9',
  name: 'Pilar Sanz',
  email: 'pilar@example.com',
  phone: '+34 600 111 222',
  userId: null,
  note: '',
  citas: [
    fakeAppointment({ id: 'a-old', date: '2026-10-01', status: 'no_presentado' }),
    fakeAppointment({ id: 'a-new', date: '2026-11-30', status: 'confirmada' }),
  ],
  conversations: [
    {
      sessionId: 'sesion/7',
      startedAt: '2026-11-20T09:00:00Z',
      lastMessageAt: '2026-11-20T09:05:00Z',
      preview: '¡Hecho! Tu cita es el lunes a las 10:00.',
    },
  ],
};

/** The client's page as a server that keeps what it is sent. */
function serverWithPilar(refuse?: (patch: ClientPatch) => ReturnType<typeof apiError> | undefined) {
  let current = PILAR;
  return fakeServerAs(profile('usuario'), (call: RecordedRequest) => {
    if (call.url.pathname !== '/api/clients/cl-9') return undefined;
    if (call.method === 'PATCH') {
      const patch = call.body as ClientPatch;
      const refused = refuse?.(patch);
      if (refused) return refused;
      current = {
        ...current,
        ...patch,
        name: patch.name ?? current.name,
        note: patch.note ?? current.note,
        email: patch.email === undefined ? current.email : patch.email,
        phone: patch.phone === undefined ? current.phone : patch.phone,
      };
    }
    return { body: { item: current } };
  });
}

describe('a client page', () => {
  beforeEach(fixToday);

  it('shows the contact details as links, every cita and every conversation', async () => {
    serverWithPilar();
    renderWithProviders(<Dashboard path="/dashboard/clientes/cl-9" />);
    // The first render loads the dashboard's modules: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pilar Sanz' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Llamar al +34 600 111 222' })).toHaveAttribute(
      'href',
      'tel:+34600111222',
    );
    expect(screen.getByRole('link', { name: 'Escribir a pilar@example.com' })).toHaveAttribute(
      'href',
      'mailto:pilar@example.com',
    );
    const citas = within(screen.getByRole('region', { name: 'Citas de Pilar Sanz' }));
    const rows = citas.getAllByRole('row').slice(1);
    // The latest first; a no-show in its own words.
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      '30/11/2026',
      '01/10/2026',
    ]);
    expect(rows[1]).toHaveTextContent('No presentado');
    const conversation = screen.getByRole('link', { name: /Conversación del 20\/11\/2026/ });
    expect(conversation).toHaveAttribute('href', '/dashboard/conversaciones/sesion%2F7');
    expect(screen.getByText('¡Hecho! Tu cita es el lunes a las 10:00.')).toBeVisible();
    expect(screen.getByRole('link', { name: '← Todos los clientes' })).toHaveAttribute(
      'href',
      '/dashboard/clientes',
    );
  });

  it('saves the contact details and the private note', async () => {
    const server = serverWithPilar();
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/clientes/cl-9" />);
    const phone = await screen
      .findByRole('textbox', { name: 'Nombre' })
      .then(() => screen.getByLabelText('Teléfono'));
    await user.clear(phone);
    await user.type(phone, '+34 699 000 111');
    await user.clear(screen.getByLabelText('Correo'));
    await user.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await waitFor(() => {
      expect(server.to('/api/clients/cl-9', 'PATCH')).toHaveLength(1);
    });
    expect(server.to('/api/clients/cl-9', 'PATCH')[0]?.body).toEqual({
      name: 'Pilar Sanz',
      email: null,
      phone: '+34 699 000 111',
    });
    expect(await screen.findByRole('link', { name: 'Llamar al +34 699 000 111' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Escribir a/ })).not.toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Guardar nota' });
    expect(save).toBeDisabled();
    const note = screen.getByRole('textbox', { name: 'Nota' });
    expect(note).toHaveAccessibleDescription(/Solo la ve el equipo, nunca el cliente/);
    await user.type(note, 'Alérgica al amoniaco');
    await user.click(save);
    await waitFor(() => {
      expect(server.to('/api/clients/cl-9', 'PATCH')).toHaveLength(2);
    });
    expect(server.to('/api/clients/cl-9', 'PATCH')[1]?.body).toEqual({
      note: 'Alérgica al amoniaco',
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Guardar nota' })).toBeDisabled();
    });
  });

  it('shows the server’s refusal beside the field it is about', async () => {
    serverWithPilar((patch) =>
      patch.phone === 'llámame'
        ? apiError(400, 'invalid_phone', 'El teléfono no es válido.')
        : patch.note !== undefined
          ? apiError(400, 'invalid_request', '«note» puede tener como mucho 2000 caracteres.')
          : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/clientes/cl-9" />);
    const phone = await screen.findByLabelText('Teléfono');
    await user.clear(phone);
    await user.type(phone, 'llámame');
    await user.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Teléfono')).toHaveAccessibleDescription(
        'El teléfono no es válido.',
      );
    });
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Teléfono')).toHaveValue('llámame');

    await user.type(screen.getByRole('textbox', { name: 'Nota' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('«note» puede tener como mucho 2000 caracteres.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nota' })).toHaveValue('x');
  });

  it('is reached from the list of clients', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/clients'
        ? {
            body: {
              items: [
                {
                  id: 'cl-9',
                  name: 'Pilar Sanz',
                  email: null,
                  phone: null,
                  userId: null,
                  appointments: 2,
                  lastAppointmentDate: null,
                },
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/clientes" />);
    expect(await screen.findByRole('link', { name: 'Pilar Sanz' })).toHaveAttribute(
      'href',
      '/dashboard/clientes/cl-9',
    );
  });
});
