import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, Client } from '../api/types';
import { type Answer, apiError, fakeServerAs } from '../test/fakeServer';
import { enclosing, fixToday, profile, STAFF, TODAY } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const CLIENTS: Client[] = [
  {
    id: 'cl-9',
    name: 'Ángela Martín',
    email: 'angela@example.com',
    phone: null,
    userId: null,
    appointments: 2,
    lastAppointmentDate: '2026-10-01',
  },
];

function formApi(onPost: () => Answer) {
  return fakeServerAs(profile('administrador'), (call) => {
    switch (call.url.pathname) {
      case '/api/staff':
        return { body: { items: STAFF } };
      case '/api/availability':
        return {
          body: {
            items: [
              { startMin: 600, staffIds: ['st-1'] },
              { startMin: 630, staffIds: ['st-1'] },
            ],
          },
        };
      case '/api/clients':
        return { body: { items: CLIENTS } };
      case '/api/appointments':
        return call.method === 'POST' ? onPost() : { body: { items: [] } };
    }
    return undefined;
  });
}

const CREATED = { id: 'new', clientName: 'Ángela Martín', date: TODAY } as Appointment;

async function openForm() {
  const user = userEvent.setup();
  renderWithProviders(<Dashboard path="/dashboard" />);
  await user.click(await screen.findByRole('button', { name: 'Nueva cita' }));
  const form = within(screen.getByRole('form', { name: 'Nueva cita' }));
  return { user, form };
}

describe('Nueva cita (D2)', () => {
  beforeEach(fixToday);

  it('offers the free times of the chosen services and posts the cita for a found client', async () => {
    const { to: callsTo } = formApi(() => ({ status: 201, body: { item: CREATED } }));
    const { user, form } = await openForm();

    expect(form.queryByRole('checkbox', { name: /Permanente/ })).not.toBeInTheDocument();
    await user.click(await form.findByRole('checkbox', { name: /Corte/ }));
    await user.click(form.getByRole('checkbox', { name: /Tinte/ }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Personal' }), 'Lucía Gómez');
    await user.selectOptions(await form.findByRole('combobox', { name: 'Hora' }), '10:30');
    expect(Object.fromEntries(callsTo('/api/availability').at(-1)?.url.searchParams ?? [])).toEqual(
      {
        date: TODAY,
        serviceIds: 'svc-corte,svc-color',
        staffId: 'st-1',
      },
    );

    await user.type(form.getByRole('searchbox', { name: 'Buscar cliente' }), 'angela');
    await user.click(await form.findByRole('radio', { name: /Ángela Martín/ }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Estado' }), 'Pendiente');
    await user.click(form.getByRole('button', { name: 'Crear cita' }));

    await waitFor(() => {
      expect(callsTo('/api/appointments', 'POST')).toHaveLength(1);
    });
    expect(callsTo('/api/appointments', 'POST')[0]?.body).toEqual({
      staffId: 'st-1',
      clientId: 'cl-9',
      date: TODAY,
      startMin: 630,
      serviceIds: ['svc-corte', 'svc-color'],
      status: 'pendiente',
    });
    expect((await screen.findAllByText('Cita creada')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('form', { name: 'Nueva cita' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva cita' })).toHaveFocus();
  });

  it('posts a new client’s details, taking a free staff member when any will do', async () => {
    const { to: callsTo } = formApi(() => ({ status: 201, body: { item: CREATED } }));
    const { user, form } = await openForm();

    await user.click(await form.findByRole('checkbox', { name: /Corte/ }));
    await user.selectOptions(await form.findByRole('combobox', { name: 'Hora' }), '10:00');
    await user.click(form.getByRole('radio', { name: 'Cliente nuevo' }));
    await user.type(form.getByRole('textbox', { name: 'Nombre' }), 'Nuria Vidal');
    await user.type(form.getByRole('textbox', { name: 'Teléfono (opcional)' }), '600111222');
    await user.click(form.getByRole('button', { name: 'Crear cita' }));

    await waitFor(() => {
      expect(callsTo('/api/appointments', 'POST')[0]?.body).toEqual({
        staffId: 'st-1',
        client: { name: 'Nuria Vidal', phone: '600111222' },
        date: TODAY,
        startMin: 600,
        serviceIds: ['svc-corte'],
        status: 'confirmada',
      });
    });
  });

  it('says what is missing before sending, and shows the server’s refusal', async () => {
    const { to: callsTo } = formApi(() => apiError(409, 'conflict', 'Esa hora ya está ocupada.'));
    const { user, form } = await openForm();

    await user.click(form.getByRole('button', { name: 'Crear cita' }));
    expect(form.getByRole('alert')).toHaveTextContent('Elige al menos un servicio.');
    expect(callsTo('/api/appointments', 'POST')).toHaveLength(0);

    await user.click(await form.findByRole('checkbox', { name: /Corte/ }));
    await user.selectOptions(await form.findByRole('combobox', { name: 'Hora' }), '10:00');
    await user.click(form.getByRole('radio', { name: 'Cliente nuevo' }));
    await user.type(form.getByRole('textbox', { name: 'Nombre' }), 'Nuria Vidal');
    await user.click(form.getByRole('button', { name: 'Crear cita' }));
    expect(await form.findByText('Esa hora ya está ocupada.')).toBeInTheDocument();
  });

  it('warns, after "Cita creada", that a visitor was holding that time in the chat', async () => {
    const warning =
      'Un cliente estaba reservando esa hora en el chat; ya no la tiene y tendrá que elegir otra.';
    formApi(() => ({ status: 201, body: { item: CREATED, warning } }));
    const { user, form } = await openForm();
    await user.click(await form.findByRole('checkbox', { name: /Corte/ }));
    await user.selectOptions(await form.findByRole('combobox', { name: 'Hora' }), '10:00');
    await user.type(form.getByRole('searchbox', { name: 'Buscar cliente' }), 'angela');
    await user.click(await form.findByRole('radio', { name: /Ángela Martín/ }));
    await user.click(form.getByRole('button', { name: 'Crear cita' }));

    const created = enclosing(await screen.findByText('Cita creada'), '.toast');
    const warned = enclosing(await screen.findByText(warning), '.toast');
    // After the success, and a warning (the cita was made), not an error.
    expect(created.compareDocumentPosition(warned) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(warned).toHaveAttribute('data-variant', 'warning');
    expect(created).toHaveAttribute('data-variant', 'default');
    expect(screen.queryByRole('form', { name: 'Nueva cita' })).not.toBeInTheDocument();
  });

  it('says nothing more when no hold was released', async () => {
    formApi(() => ({ status: 201, body: { item: CREATED } }));
    const { user, form } = await openForm();
    await user.click(await form.findByRole('checkbox', { name: /Corte/ }));
    await user.selectOptions(await form.findByRole('combobox', { name: 'Hora' }), '10:00');
    await user.type(form.getByRole('searchbox', { name: 'Buscar cliente' }), 'angela');
    await user.click(await form.findByRole('radio', { name: /Ángela Martín/ }));
    await user.click(form.getByRole('button', { name: 'Crear cita' }));
    await screen.findByText('Cita creada');
    expect(document.querySelector('.toast[data-variant="warning"]')).toBeNull();
  });
});
