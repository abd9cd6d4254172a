import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../api/types';
import { type Answer, apiError, fakeServerAs } from '../test/fakeServer';
import { profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

const ADMIN = profile('administrador', 'st-admin');
const STAFF: StaffMember[] = [
  { ...ADMIN, phone: null },
  {
    id: 'st-2',
    firstName: 'Lucía',
    lastName: 'Gómez',
    email: 'lucia@example.com',
    phone: '600000000',
    role: 'usuario',
  },
];

function teamApi(
  onPatch: (id: string, body: unknown) => Answer,
  onPost?: (body: unknown) => Answer,
) {
  return fakeServerAs(ADMIN, (call) => {
    if (call.url.pathname === '/api/staff') {
      if (call.method === 'POST' && onPost) return onPost(call.body);
      return { body: { items: STAFF } };
    }
    if (call.method === 'PATCH')
      return onPatch(call.url.pathname.split('/').at(-1) ?? '', call.body);
    return undefined;
  });
}

describe('Equipo (D3)', () => {
  it('takes someone off the staff only after confirming', async () => {
    const { to: callsTo } = teamApi((_, body) => ({
      body: { item: { ...STAFF[1], ...(body as object) } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/equipo" />);

    const role = await screen.findByRole('combobox', { name: 'Rol de Lucía Gómez' });
    await user.selectOptions(role, 'Quitar del equipo');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(role).toHaveFocus();
    expect(role).toHaveValue('usuario');

    await user.selectOptions(role, 'Quitar del equipo');
    expect(callsTo('/api/staff/st-2', 'PATCH')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Quitar del equipo' }));

    await waitFor(() => {
      expect(callsTo('/api/staff/st-2', 'PATCH')[0]?.body).toEqual({ role: 'cliente' });
    });
    await waitFor(() => {
      expect(screen.queryByRole('rowheader', { name: 'Lucía Gómez' })).not.toBeInTheDocument();
    });
  });

  it('shows the server’s 409 when an administrador drops their own role', async () => {
    teamApi(() => apiError(409, 'conflict', 'No puedes quitarte tu propio rol de administrador.'));
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/equipo" />);

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Rol de Ana Pérez' }),
      'Usuario',
    );
    expect(
      (await screen.findAllByText('No puedes quitarte tu propio rol de administrador.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Rol de Ana Pérez' })).toHaveValue('administrador');
  });

  it('adds a member with the account fields', async () => {
    const added: StaffMember = {
      id: 'st-3',
      firstName: 'Eva',
      lastName: 'Sanz',
      email: 'eva@example.com',
      phone: null,
      role: 'administrador',
    };
    const { to: callsTo } = teamApi(
      () => ({}),
      () => ({ status: 201, body: { item: added } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard/equipo" />);

    await user.click(await screen.findByRole('button', { name: 'Añadir miembro' }));
    const form = screen.getByRole('form', { name: 'Añadir miembro' });
    await user.type(screen.getByLabelText('Nombre'), 'Eva');
    await user.type(screen.getByLabelText('Apellidos'), 'Sanz');
    await user.type(screen.getByLabelText('Correo'), 'eva@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.selectOptions(screen.getByLabelText('Rol'), 'Administrador');
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'La contraseña necesita al menos 8 caracteres.',
    );
    expect(callsTo('/api/staff', 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Contraseña'), '-y-larga');
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    await waitFor(() => {
      expect(callsTo('/api/staff', 'POST')[0]?.body).toEqual({
        email: 'eva@example.com',
        password: 'corta-y-larga',
        firstName: 'Eva',
        lastName: 'Sanz',
        role: 'administrador',
      });
    });
    expect(await screen.findByRole('rowheader', { name: 'Eva Sanz' })).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
  });

  it('shows the list without controls to a usuario', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/staff' ? { body: { items: STAFF } } : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/equipo" />);
    expect(await screen.findByRole('rowheader', { name: 'Lucía Gómez' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir miembro' })).toBeNull();
  });
});
