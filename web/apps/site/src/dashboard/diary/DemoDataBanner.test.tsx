import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../api/types';
import { business, fakeServer, fakeServerAs, session } from '../../test/fakeServer';
import { fakeAppointment, fixToday, profile, STAFF } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Dashboard } from '..';

// The diary's first render loads the grid and dnd-kit: slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

const BANNER = 'Esta agenda incluye citas de demostración (y sus opiniones).';

/** The diary's server with the demo's week there (`demoData`) until `DELETE /api/demo`. */
function demoDiary(role: Role) {
  let demo = true;
  return fakeServer(
    {
      'GET /api/auth/session': { body: session(profile(role)) },
      'GET /api/business': () => ({ body: { item: { ...business, demoData: demo } } }),
    },
    (call) => {
      switch (`${call.method} ${call.url.pathname}`) {
        case 'GET /api/staff':
          return { body: { items: STAFF } };
        case 'GET /api/appointments':
          return {
            body: {
              items: demo ? [fakeAppointment({ id: 'a-demo', clientName: 'Carmen Vidal' })] : [],
            },
          };
        case 'GET /api/holds':
          return { body: { items: [] } };
        case 'DELETE /api/demo':
          demo = false;
          return { body: { removedCitas: 34 } };
      }
      return undefined;
    },
  );
}

describe('the demo’s week in the diary', () => {
  beforeEach(fixToday);

  it('lets an administrador take it away after a question, then reads the diary again', async () => {
    const server = demoDiary('administrador');
    const user = userEvent.setup();
    renderWithProviders(<Dashboard path="/dashboard" />);
    expect(await screen.findByText(BANNER)).toBeVisible();
    await screen.findByText(/Carmen Vidal/);
    const reads = server.to('/api/appointments').length;

    await user.click(screen.getByRole('button', { name: 'Quitar los datos de demostración' }));
    const question = screen.getByRole('alertdialog', {
      name: '¿Quitar los datos de demostración?',
    });
    // Nothing goes before the answer, and "Volver" keeps everything.
    expect(server.to('/api/demo')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.to('/api/demo')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Quitar los datos de demostración' }));
    await user.click(screen.getByRole('button', { name: 'Quitar los datos' }));
    expect(await screen.findByText('Datos de demostración quitados')).toBeVisible();
    expect(screen.getByText('Se han borrado 34 citas.')).toBeVisible();
    expect(server.to('/api/demo', 'DELETE')).toHaveLength(1);
    expect(screen.queryByText(BANNER)).toBeNull();
    await waitFor(() => {
      expect(server.to('/api/appointments').length).toBeGreaterThan(reads);
    });
    await waitFor(() => {
      expect(screen.queryByText(/Carmen Vidal/)).toBeNull();
    });
  });

  it('tells a usuario, who cannot take it away', async () => {
    demoDiary('usuario');
    renderWithProviders(<Dashboard path="/dashboard" />);
    expect(await screen.findByText(BANNER)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Quitar los datos de demostración' })).toBeNull();
  });

  it('says nothing once the demo’s week is gone', async () => {
    fakeServerAs(profile('administrador'), (call) => {
      if (call.url.pathname === '/api/staff') return { body: { items: STAFF } };
      if (call.url.pathname === '/api/appointments' || call.url.pathname === '/api/holds') {
        return { body: { items: [] } };
      }
      return undefined;
    });
    renderWithProviders(<Dashboard path="/dashboard" />);
    await screen.findByRole('heading', { level: 1, name: 'Agenda' });
    await screen.findByRole('group', { name: /^Lucía/ });
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});
