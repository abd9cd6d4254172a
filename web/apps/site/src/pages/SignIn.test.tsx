import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../api/types';
import { apiError, cliente, fakeServer, session, staff } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

function serverFor(account: Profile) {
  return fakeServer({
    'POST /api/auth/login': { body: session(account) },
    'GET /api/profile': { body: { item: account } },
    'GET /api/appointments': { body: { items: [] } },
  });
}

describe('sign-in page', () => {
  it('sends a cliente to their citas', async () => {
    const server = serverFor(cliente);
    renderApp('/entrar');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('autocomplete', 'current-password');
    await signIn('ana@example.com', 'secreto123');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/mis-citas');
    });
    expect(server.to('/api/auth/login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'secreto123',
    });
  });

  it('sends staff to the dashboard', async () => {
    serverFor(staff);
    renderApp('/entrar');
    await signIn('lucia@example.com', 'secreto123');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/dashboard');
    });
  });

  it('shows the server’s message when the credentials are wrong', async () => {
    fakeServer({
      'POST /api/auth/login': apiError(
        401,
        'invalid_credentials',
        'Correo o contraseña incorrectos.',
      ),
    });
    renderApp('/entrar');
    await signIn('ana@example.com', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
    const toasts = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    expect(within(toasts).getByText('No se pudo entrar')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/entrar');
  });

  it('sends someone already signed in to their own page', async () => {
    fakeServer({
      'GET /api/auth/session': { body: session(cliente) },
      'GET /api/appointments': { body: { items: [] } },
    });
    renderApp('/entrar');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/mis-citas');
    });
  });
});
