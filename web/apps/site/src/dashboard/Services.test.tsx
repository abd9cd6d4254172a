import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role, Service } from '../api/types';
import { Dashboard } from '.';
import { enclosing, profile, renderWithProviders, stubApi, type ApiCall } from './testing';

const CUT: Service = {
  id: 'sv-1',
  name: 'Corte',
  description: 'Lavado y corte',
  durationMin: 30,
  priceCents: 2000,
  active: true,
};

function servicesApi(role: Role) {
  return stubApi(profile(role), (call: ApiCall) => {
    if (call.path === '/api/services' && call.method === 'GET') return { body: { items: [CUT] } };
    if (call.path === '/api/services/sv-1' && call.method === 'PATCH') {
      return { body: { item: { ...CUT, ...(call.body as Partial<Service>) } } };
    }
    return undefined;
  });
}

describe('Servicios (D3)', () => {
  it('shows every field, read-only, to a usuario', async () => {
    servicesApi('usuario');
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);
    const row = within(enclosing(await screen.findByRole('rowheader', { name: 'Corte' }), 'tr'));
    expect(row.getByText('Lavado y corte')).toBeInTheDocument();
    expect(row.getByText('30 min')).toBeInTheDocument();
    expect(row.getByText('20,00 €')).toBeInTheDocument();
    expect(row.getByText('Sí')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Nuevo servicio|Desactivar/ })).toBeNull();
  });

  it('lets an administrador edit a service, checking the limits before sending', async () => {
    const { callsTo } = servicesApi('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);

    await user.click(await screen.findByRole('button', { name: 'Editar Corte' }));
    const form = within(screen.getByRole('form', { name: 'Editar Corte' }));
    // The form takes focus, so the keyboard does not stay behind at the row.
    expect(screen.getByRole('heading', { name: 'Editar Corte' })).toHaveFocus();
    const duration = form.getByRole('spinbutton', { name: 'Duración (minutos)' });
    await user.clear(duration);
    await user.type(duration, '500');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(duration).toHaveAccessibleDescription(
      'La duración debe ser un número entero de minutos entre 5 y 480.',
    );
    expect(callsTo('/api/services/sv-1', 'PATCH')).toHaveLength(0);

    await user.clear(duration);
    await user.type(duration, '45');
    const price = form.getByRole('textbox', { name: 'Precio (€)' });
    await user.clear(price);
    await user.type(price, '22,5');
    await user.click(form.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => {
      expect(callsTo('/api/services/sv-1', 'PATCH')[0]?.body).toEqual({
        name: 'Corte',
        description: 'Lavado y corte',
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
    const edit = await screen.findByRole('button', { name: 'Editar Corte' });

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
    const { callsTo } = stubApi(profile('administrador'), (call) => {
      if (call.path !== '/api/services') return undefined;
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
    const { callsTo } = servicesApi('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/servicios" />);

    await user.click(await screen.findByRole('button', { name: 'Desactivar Corte' }));
    await waitFor(() => {
      expect(callsTo('/api/services/sv-1', 'PATCH')[0]?.body).toEqual({ active: false });
    });
    expect(await screen.findByRole('button', { name: 'Activar Corte' })).toBeInTheDocument();
  });
});
