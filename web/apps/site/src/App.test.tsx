import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  business,
  cliente,
  fakeServer,
  session,
  staff,
  type Answer,
} from './test/fakeServer';
import { renderApp } from './test/renderApp';

describe('App', () => {
  it('shows the landing page in a main landmark: business, services, prices and hours', async () => {
    fakeServer();
    renderApp('/');
    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Peluquería Lucía' }),
    ).toBeInTheDocument();
    const services = within(main).getByRole('region', { name: 'Servicios' });
    expect(await within(services).findByRole('heading', { name: 'Corte de pelo' })).toBeVisible();
    expect(within(services).getByText('18,00 €')).toBeInTheDocument();
    expect(within(services).getByText('45,00 €')).toBeInTheDocument();
    expect(within(services).getByText('90 min')).toBeInTheDocument();

    const hours = within(main).getByRole('region', { name: 'Horario' });
    const day = (name: string) => within(hours).getByText(name).nextElementSibling?.textContent;
    expect(day('Lunes')).toBe('10:00–20:00');
    expect(day('Martes')).toBe('10:00–14:00, 16:00–20:00');
    expect(day('Miércoles')).toBe('Cerrado');
    expect(day('Sábado')).toBe('10:00–14:00');
    expect(day('Domingo')).toBe('Cerrado');
    await waitFor(() => {
      expect(document.title).toBe('Reserva tu cita · Peluquería Lucía');
    });
  });

  it('shows skeletons while the services load, and a toast when they fail', async () => {
    let fail: (answer: Answer) => void = () => undefined;
    fakeServer({
      'GET /api/services': () =>
        new Promise<Answer>((resolve) => {
          fail = resolve;
        }),
    });
    renderApp('/');
    const services = screen.getByRole('region', { name: 'Servicios' });
    expect(within(services).getByRole('status')).toHaveTextContent('Cargando…');
    await waitFor(() => {
      fail(apiError(503, 'not_configured', 'El negocio aún no está configurado.'));
    });
    expect(await within(services).findByText('No se pudieron cargar los servicios.')).toBeVisible();
    const toasts = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    expect(
      await within(toasts).findByText('El negocio aún no está configurado.'),
    ).toBeInTheDocument();
  });

  it('opens the chat from "Reservar por chat"', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    // The widget is built once the session is known.
    await screen.findByRole('button', { name: 'Abrir chat' });
    await user.click(screen.getByRole('button', { name: 'Reservar por chat' }));
    // Named by the salon once the business has loaded.
    expect(await screen.findByRole('dialog', { name: business.name })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar chat' })).toBeInTheDocument();
  });

  it('has the Spanish chat, which talks to the gateway as a guest', async () => {
    const bodies: unknown[] = [];
    fakeServer({
      'POST /api/n8n/chat': (request) => {
        bodies.push(request.body);
        return (request.body as { action: string }).action === 'loadPreviousSession'
          ? { body: { data: [] } }
          : { body: { output: '¡Claro! ¿Para qué día?' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Abrir chat' }));
    const chat = await screen.findByRole('dialog', { name: business.name });
    expect(within(chat).getByText('Responde al momento')).toBeInTheDocument();

    // Straight into the conversation: the greeting, the starters as taps, the input focused.
    expect(within(chat).getByText('¡Hola! 👋')).toBeInTheDocument();
    expect(within(chat).getByText('¿En qué puedo ayudarte hoy?')).toBeInTheDocument();
    expect(
      within(within(chat).getByRole('toolbar', { name: 'Sugerencias' })).getAllByRole('button'),
    ).toHaveLength(3);
    expect(within(chat).queryByRole('button', { name: 'Nueva conversación' })).toBeNull();
    const input = within(chat).getByRole('textbox', { name: 'Escribe tu pregunta...' });
    await waitFor(() => {
      expect(input).toHaveFocus();
    });
    await user.keyboard('Quiero una cita{Enter}');

    expect(await within(chat).findByText('¡Claro! ¿Para qué día?')).toBeInTheDocument();
    // A first visit asks for the history of a fresh id (as @n8n/chat does); it is empty, so the
    // conversation begins under another id, the one kept in the browser.
    expect(bodies).toEqual([
      expect.objectContaining({ action: 'loadPreviousSession' }),
      {
        action: 'sendMessage',
        sessionId: window.localStorage.getItem('n8n-chat/sessionId'),
        chatInput: 'Quiero una cita',
        metadata: expect.objectContaining({ role: 'guest', guest: true }) as unknown,
      },
    ]);
  });

  it('offers guests to sign in or sign up, and moves between pages without reloading', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await user.click(await within(nav).findByRole('link', { name: 'Entrar' }));
    expect(window.location.pathname).toBe('/entrar');
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('main')).toHaveFocus();

    await user.click(within(nav).getByRole('link', { name: 'Crear cuenta' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Peluquería Lucía' }));
    expect(window.location.pathname).toBe('/');

    window.history.back();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' }),
    ).toBeInTheDocument();
  });

  it('shows a cliente their citas link and name, and signs them out back to the landing page', async () => {
    let signedIn = true;
    const server = fakeServer({
      'GET /api/auth/session': () => ({ body: session(signedIn ? cliente : null) }),
      'GET /api/profile': { body: { item: cliente } },
      'GET /api/appointments': { body: { items: [] } },
      'POST /api/auth/logout': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/mis-citas');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(await within(nav).findByRole('link', { name: 'Mis citas' })).toBeInTheDocument();
    expect(within(nav).getByText('Ana')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Panel' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Salir' }));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/');
    });
    expect(await within(nav).findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(server.to('/api/auth/logout')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
  });

  it('shows staff the link to the dashboard, which is always light', async () => {
    fakeServer({
      'GET /api/auth/session': { body: session(staff) },
      'GET /api/profile': { body: { item: staff } },
    });
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await user.click(await within(nav).findByRole('link', { name: 'Panel' }));
    expect(window.location.pathname).toBe('/dashboard');
    expect(document.documentElement.dataset.theme).toBe('light');
    // The dashboard's code arrives on demand.
    expect(await within(screen.getByRole('main')).findAllByRole('heading')).not.toHaveLength(0);
    expect(document.title).toBe('Panel · Peluquería Lucía');
  });

  it('has a Spanish page for unknown paths', async () => {
    fakeServer();
    renderApp('/no-existe');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await waitFor(() => {
      expect(document.title).toBe('Página no encontrada · Peluquería Lucía');
    });
  });

  it('starts with a skip link to the main content', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#contenido');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenido');
  });

  it.each(['/', '/entrar', '/registro', '/mis-citas', '/no-existe'])(
    'has no axe violations on %s',
    async (path) => {
      fakeServer();
      renderApp(path);
      await screen.findByRole('link', { name: 'Peluquería Lucía' });
      // Colour contrast needs a layout engine; styles.test.ts checks the token pairs instead.
      const results = await axe.run(document.body, {
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    },
  );
});
