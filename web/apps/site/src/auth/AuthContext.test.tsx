import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cliente, fakeServer, json, session } from '../test/fakeServer';
import { ApiProvider } from '../api/queries';
import { ToastProvider } from '../shell/toast';
import { AuthProvider, useAuth } from './AuthContext';

function Who() {
  const { user, loading, signIn, signOut } = useAuth();
  return (
    <>
      <p>{loading ? 'cargando' : (user?.firstName ?? 'invitado')}</p>
      <button type="button" onClick={() => void signIn('ana@example.com', 'x')}>
        Entrar
      </button>
      <button type="button" onClick={() => void signOut()}>
        Salir
      </button>
    </>
  );
}

describe('AuthProvider', () => {
  it('reads the session once, and keeps its CSRF token for later calls', async () => {
    const server = fakeServer({
      'GET /api/auth/session': { body: session(cliente) },
      'POST /api/auth/logout': json(null, 204),
    });
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ApiProvider>
          <AuthProvider>
            <Who />
          </AuthProvider>
        </ApiProvider>
      </ToastProvider>,
    );
    expect(screen.getByText('cargando')).toBeInTheDocument();
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('invitado')).toBeInTheDocument();
    expect(server.to('/api/auth/logout')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
    expect(server.to('/api/auth/session')).toHaveLength(1);
  });

  it('is a guest when the session cannot be read', async () => {
    fakeServer({ 'GET /api/auth/session': new TypeError('Failed to fetch') });
    render(
      <ToastProvider>
        <ApiProvider>
          <AuthProvider>
            <Who />
          </AuthProvider>
        </ApiProvider>
      </ToastProvider>,
    );
    expect(await screen.findByText('invitado')).toBeInTheDocument();
  });

  it('keeps a sign-in that lands before the first session answer', async () => {
    let answerSession: (response: Response) => void = () => undefined;
    fakeServer({
      'GET /api/auth/session': () =>
        new Promise<Response>((resolve) => {
          answerSession = resolve;
        }),
      'POST /api/auth/login': { body: session(cliente) },
    });
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ApiProvider>
          <AuthProvider>
            <Who />
          </AuthProvider>
        </ApiProvider>
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await act(async () => {
      answerSession(json(session(null)));
      await Promise.resolve();
    });
    expect(screen.getByText('Ana')).toBeInTheDocument();
  });
});
