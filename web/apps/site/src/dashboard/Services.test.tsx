import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role, Service } from '../api/types';
import { fakeServerAs, services, type RecordedRequest } from '../test/fakeServer';
import { enclosing, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const [CUT] = services;
if (!CUT) throw new Error('El servidor de prueba no tiene servicios');

function servicesApi(role: Role) {
  return fakeServerAs(profile(role), (call: RecordedRequest) => {
    if (call.url.pathname === '/api/services' && call.method === 'GET')
      return { body: { items: [CUT] } };
    if (call.url.pathname === '/api/services/svc-corte' && call.method === 'PATCH') {
      return { body: { item: { ...CUT, ...(call.body as Partial<Service>) } } };
    }
    return undefined;
  });
}

describe('Servicios (D3)', () => {
  it('shows every field, read-only, to a usuario', async () => {
    servicesApi('usuario');
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);
    const row = within(
      enclosing(await screen.findByRole('rowheader', { name: 'Corte de pelo' }), 'tr'),
    );
    expect(row.getByText('Lavado, corte y peinado.')).toBeInTheDocument();
    expect(row.getByText('30 min')).toBeInTheDocument();
    expect(row.getByText('18,00 €')).toBeInTheDocument();
    expect(row.getByText('Sí')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Nuevo servicio|Desactivar/ })).toBeNull();
  });

  it('lets an administrador edit a service, checking the limits before sending', async () => {
    const { to: callsTo } = servicesApi('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);

    await user.click(await screen.findByRole('button', { name: 'Editar Corte de pelo' }));
    const form = within(screen.getByRole('form', { name: 'Editar Corte de pelo' }));
    // The form takes focus, so the keyboard does not stay behind at the row.
    expect(screen.getByRole('heading', { name: 'Editar Corte de pelo' })).toHaveFocus();
    const duration = form.getByRole('spinbutton', { name: 'Duración (minutos)' });
    await user.clear(duration);
    await user.type(duration, '500');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(duration).toHaveAccessibleDescription(
      'La duración debe ser un número entero de minutos entre 5 y 480.',
    );
    expect(callsTo('/api/services/svc-corte', 'PATCH')).toHaveLength(0);

    await user.clear(duration);
    await user.type(duration, '45');
    const price = form.getByRole('textbox', { name: 'Precio (€)' });
    await user.clear(price);
    await user.type(price, '22,5');
    await user.click(form.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => {
      expect(callsTo('/api/services/svc-corte', 'PATCH')[0]?.body).toEqual({
        name: 'Corte de pelo',
        description: 'Lavado, corte y peinado.',
        durationMin: 45,
        priceCents: 2250,
        active: true,
      });
    });
    expect(await screen.findByText('22,50 €')).toBeInTheDocument();
  });

  it('gives focus back to the button that opened the form, however it closes', async () => {
    servicesApi('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);
    const edit = await screen.findByRole('button', { name: 'Editar Corte de pelo' });

    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await user.click(edit);
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), '{Escape}');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => {
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    });
    expect(edit).toHaveFocus();
  });

  it('lets an administrador create a service', async () => {
    const { to: callsTo } = fakeServerAs(profile('administrador'), (call) => {
      if (call.url.pathname !== '/api/services') return undefined;
      if (call.method === 'POST') {
        return { status: 201, body: { item: { id: 'sv-9', ...(call.body as object) } } };
      }
      return { body: { items: [CUT] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);

    await user.click(await screen.findByRole('button', { name: 'Nuevo servicio' }));
    const form = within(screen.getByRole('form', { name: 'Nuevo servicio' }));
    await user.type(form.getByRole('textbox', { name: 'Nombre' }), 'Peinado');
    await user.type(form.getByRole('textbox', { name: 'Descripción' }), 'Con plancha');
    await user.type(form.getByRole('textbox', { name: 'Precio (€)' }), '15');
    await user.click(form.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => {
      expect(callsTo('/api/services', 'POST')[0]?.body).toEqual({
        name: 'Peinado',
        description: 'Con plancha',
        durationMin: 30,
        priceCents: 1500,
        active: true,
      });
    });
    expect(await screen.findByRole('rowheader', { name: 'Peinado' })).toBeInTheDocument();
  });

  it('lets an administrador switch a service off', async () => {
    const { to: callsTo } = servicesApi('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);

    await user.click(await screen.findByRole('button', { name: 'Desactivar Corte de pelo' }));
    await waitFor(() => {
      expect(callsTo('/api/services/svc-corte', 'PATCH')[0]?.body).toEqual({ active: false });
    });
    expect(
      await screen.findByRole('button', { name: 'Activar Corte de pelo' }),
    ).toBeInTheDocument();
  });
});
