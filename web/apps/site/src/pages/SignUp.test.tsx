import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, cliente, fakeServer, session } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';

async function fillIn(phone = '') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
  await user.type(screen.getByLabelText('Nombre'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos'), 'García');
  if (phone) await user.type(screen.getByLabelText('Teléfono (opcional)'), phone);
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const toasts = () => screen.getByRole('region', { name: 'Notificaciones (F8)' });

describe('sign-up page', () => {
  it('has labelled fields with autocomplete hints', () => {
    fakeServer();
    renderApp('/registro');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'Entre 8 y 128 caracteres.',
    );
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Apellidos')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Teléfono (opcional)')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Teléfono (opcional)')).not.toBeRequired();
  });

  it('creates the account and goes to the new cliente’s citas', async () => {
    const server = fakeServer({
      'POST /api/auth/signup': { status: 201, body: session(cliente) },
      'GET /api/profile': { body: { item: cliente } },
      'GET /api/appointments': { body: { items: [] } },
    });
    renderApp('/registro');
    await fillIn('600111222');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/mis-citas');
    });
    expect(server.to('/api/auth/signup')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'secreto123',
      firstName: 'Ana',
      lastName: 'García',
      phone: '600111222',
    });
    expect(await within(toasts()).findByText('Cuenta creada')).toBeInTheDocument();
  });

  it('leaves the phone out when it is empty', async () => {
    const server = fakeServer({ 'POST /api/auth/signup': { status: 201, body: session(cliente) } });
    renderApp('/registro');
    await fillIn();
    await waitFor(() => {
      expect(server.to('/api/auth/signup')).toHaveLength(1);
    });
    expect(server.to('/api/auth/signup')[0]?.body).not.toHaveProperty('phone');
  });

  it.each([
    ['email_taken', 409, 'Ya hay una cuenta con ese correo.', 'Correo electrónico'],
    ['weak_password', 400, 'La contraseña debe tener al menos 8 caracteres.', 'Contraseña'],
    ['invalid_phone', 400, 'El teléfono no es válido.', 'Teléfono (opcional)'],
    ['long_name', 400, 'El nombre es demasiado largo.', 'Nombre'],
  ])(
    'shows the server’s %s message on its field and in a toast',
    async (code, status, message, label) => {
      fakeServer({ 'POST /api/auth/signup': apiError(status, code, message) });
      renderApp('/registro');
      await fillIn();
      const field = screen.getByLabelText(label);
      await waitFor(() => {
        expect(field).toHaveAccessibleDescription(expect.stringContaining(message) as string);
      });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(within(toasts()).getByText('No se pudo crear la cuenta')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/registro');
    },
  );

  it('shows an error about no field above the button', async () => {
    fakeServer({ 'POST /api/auth/signup': new TypeError('Failed to fetch') });
    renderApp('/registro');
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo conectar con el servidor.',
    );
  });
});
