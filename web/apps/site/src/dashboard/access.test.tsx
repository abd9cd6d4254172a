import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeServerAs } from '../test/fakeServer';
import { fixToday, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';

describe('Dashboard access (D1)', () => {
  it('asks a guest to sign in', async () => {
    fakeServerAs(null);
    renderWithProviders(<Dashboard path="/dashboard" />);
    expect(await screen.findByText('Inicia sesión para ver el panel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/entrar');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('sends a cliente to their own citas', async () => {
    fakeServerAs(profile('cliente'));
    renderWithProviders(<Dashboard path="/dashboard" />);
    expect(await screen.findByRole('link', { name: 'Ver mis citas' })).toHaveAttribute(
      'href',
      '/mis-citas',
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each(['usuario', 'administrador'] as const)(
    'shows the dashboard to a %s, the current section marked in the nav',
    async (role) => {
      fixToday();
      fakeServerAs(profile(role), (call) =>
        call.url.pathname === '/api/staff' || call.url.pathname === '/api/appointments'
          ? { body: { items: [] } }
          : undefined,
      );
      renderWithProviders(<Dashboard path="/dashboard" />);
      const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' });
      const links = within(nav).getAllByRole('link');
      // "Correos" is the administradores' own.
      expect(links.map((link) => link.textContent)).toEqual([
        'Agenda',
        'Servicios',
        'Equipo',
        'Clientes',
        'Conversaciones',
        'Opiniones',
        'Estadísticas',
        ...(role === 'administrador' ? ['Correos'] : []),
        'Ajustes',
      ]);
      expect(within(nav).getByRole('link', { name: 'Agenda' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(nav).getByRole('link', { name: 'Servicios' })).not.toHaveAttribute(
        'aria-current',
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
    },
  );

  it('marks the conversations section for a conversation’s own page', async () => {
    fakeServerAs(profile('usuario'), () =>
      apiError(404, 'not_found', 'Esa conversación no existe.'),
    );
    renderWithProviders(<Dashboard path="/dashboard/conversaciones/abc" />);
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Conversaciones' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so for an unknown section', async () => {
    fakeServerAs(profile('usuario'));
    renderWithProviders(<Dashboard path="/dashboard/nada" />);
    expect(
      await screen.findByRole('heading', { name: 'Sección no encontrada' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s 403 as an error toast', async () => {
    fakeServerAs(profile('usuario'), (call) =>
      call.url.pathname === '/api/staff'
        ? apiError(403, 'forbidden', 'No tienes permiso para ver el equipo.')
        : undefined,
    );
    renderWithProviders(<Dashboard path="/dashboard/equipo" />);
    expect(
      (await screen.findAllByText('No tienes permiso para ver el equipo.')).length,
    ).toBeGreaterThan(0);
  });
});
