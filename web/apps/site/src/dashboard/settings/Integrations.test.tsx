import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import {
  apiError,
  fakeServer,
  session,
  type Answer,
  type RecordedRequest,
} from '../../test/fakeServer';
import { fixToday, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Dashboard } from '..';
import { N8N_EXAMPLES_URL } from './ConnectN8n';

// The dashboard's chunk loads on first use: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const ACTIVE: ApiKey = {
  id: 'ab12cd34',
  name: 'n8n recepción',
  prefix: 'cbk_ab12cd34',
  role: 'usuario',
  createdBy: { id: 'st-2', name: 'Marta Ruiz' },
  createdAt: '2026-11-20T09:15:00Z',
  lastUsedAt: null,
  revokedAt: null,
};

const REVOKED: ApiKey = {
  id: 'ef56ab78',
  name: 'Agente antiguo',
  prefix: 'cbk_ef56ab78',
  role: 'administrador',
  createdBy: null,
  createdAt: '2026-10-01T08:00:00Z',
  lastUsedAt: '2026-11-02T17:45:00Z',
  revokedAt: '2026-11-03T10:00:00Z',
};

const NEW_KEY: CreatedApiKey = {
  key: 'cbk_99aa88bb_s3cr3t-que-solo-se-ve-una-vez',
  apiKey: {
    ...ACTIVE,
    id: '99aa88bb',
    name: 'Agente de la web',
    prefix: 'cbk_99aa88bb',
    createdAt: '2026-11-22T23:30:00Z',
  },
};

/**
 * Ajustes › Integraciones as `role`, the server holding `keys`; `onWrite` answers the POSTs and
 * DELETEs (a 404 when it leaves them).
 */
function openIntegrations(
  keys: ApiKey[],
  onWrite?: (call: RecordedRequest) => Answer | undefined,
  role: 'administrador' | 'usuario' = 'administrador',
) {
  const server = fakeServer(
    {
      'GET /api/auth/session': { body: session(profile(role)) },
      'GET /api/keys': () => ({ body: { keys } }),
    },
    (call) => onWrite?.(call),
  );
  window.history.replaceState(null, '', '/dashboard/ajustes#integraciones');
  renderWithProviders(<Dashboard path="/dashboard/ajustes" />);
  return server;
}

/** The row of the key named `name` in the keys' table. */
async function keyRow(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`«${name}» no está en una fila`);
  return within(row);
}

/** Gives the page `clipboard` (undefined: none, as over plain HTTP) until the test ends. */
function giveClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });
}

describe('Ajustes › Integraciones', () => {
  beforeEach(fixToday);

  it('lists the keys, active and revoked, with who made them and when they were last used', async () => {
    openIntegrations([ACTIVE, REVOKED]);
    expect(await screen.findByRole('tab', { name: 'Integraciones' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const active = await keyRow('n8n recepción');
    expect(active.getByText('cbk_ab12cd34').tagName).toBe('CODE');
    expect(active.getByText('Usuario')).toBeInTheDocument();
    expect(active.getByText('20/11/2026, 10:15')).toBeInTheDocument();
    expect(active.getByText('por Marta Ruiz')).toBeInTheDocument();
    expect(active.getByText('Nunca')).toBeInTheDocument();
    expect(active.getByText('Activa')).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Revocar n8n recepción' })).toBeInTheDocument();

    const revoked = await keyRow('Agente antiguo');
    expect(revoked.getByText('Administrador')).toBeInTheDocument();
    expect(revoked.getByText('02/11/2026, 18:45')).toBeInTheDocument();
    expect(revoked.getByText('Revocada')).toBeInTheDocument();
    expect(revoked.getByText('el 03/11/2026, 11:00')).toBeInTheDocument();
    expect(revoked.queryByRole('button')).not.toBeInTheDocument();
    expect(revoked.queryByText(/por /)).not.toBeInTheDocument();
  });

  it('says what a key is for when there is none yet', async () => {
    openIntegrations([]);
    expect(await screen.findByText(/Todavía no hay ninguna clave\./)).toHaveTextContent(
      'un workflow de n8n o un agente de IA',
    );
    expect(screen.queryByRole('region', { name: 'Tabla de claves de API' })).toBeNull();
  });

  it('creates a key as a usuario unless told otherwise and shows the whole key only once', async () => {
    const listed = [ACTIVE];
    const server = openIntegrations(listed, (call) =>
      call.method === 'POST' && call.url.pathname === '/api/keys'
        ? { status: 201, body: NEW_KEY }
        : undefined,
    );
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Nueva clave' }));
    expect(form.getByLabelText('Rol')).toHaveValue('usuario');
    await user.type(form.getByLabelText('Nombre'), '  Agente de la web ');
    await user.click(form.getByRole('button', { name: 'Crear clave' }));

    const panel = within(await screen.findByRole('region', { name: /Clave creada/ }));
    expect(panel.getByRole('heading', { name: 'Clave creada: Agente de la web' })).toHaveFocus();
    expect(panel.getByText('Guárdala ahora: no la volverás a ver.')).toBeInTheDocument();
    expect(panel.getByText(NEW_KEY.key)).toBeInTheDocument();
    const [sent] = server.to('/api/keys', 'POST');
    expect(sent?.body).toEqual({ name: 'Agente de la web', role: 'usuario' });
    expect(sent?.headers.get('X-CSRF-Token')).toBe('csrf-persona-administrador');
    // The new key heads the list; the form is empty again for the next one.
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['Agente de la web', 'n8n recepción']);
    expect(form.getByLabelText('Nombre')).toHaveValue('');
    await expectNoAxeViolations();

    await user.click(panel.getByRole('button', { name: 'Hecho' }));
    expect(screen.queryByText(NEW_KEY.key)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Clave creada/ })).not.toBeInTheDocument();

    // Read again (another tab and back), the list has the key's prefix and never its secret.
    listed.unshift(NEW_KEY.apiKey);
    await user.click(screen.getByRole('tab', { name: 'Perfil' }));
    await user.click(screen.getByRole('tab', { name: 'Integraciones' }));
    expect(await keyRow('Agente de la web')).toBeTruthy();
    expect(server.to('/api/keys', 'GET')).toHaveLength(2);
    expect(screen.getByText('cbk_99aa88bb')).toBeInTheDocument();
    expect(screen.queryByText(NEW_KEY.key)).not.toBeInTheDocument();
  });

  it('sends the role chosen', async () => {
    const server = openIntegrations([], (call) =>
      call.method === 'POST'
        ? {
            status: 201,
            body: { ...NEW_KEY, apiKey: { ...NEW_KEY.apiKey, role: 'administrador' } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Nueva clave' }));
    await user.type(form.getByLabelText('Nombre'), 'n8n ajustes');
    await user.selectOptions(form.getByLabelText('Rol'), 'Administrador');
    await user.click(form.getByRole('button', { name: 'Crear clave' }));
    expect(await keyRow('Agente de la web')).toBeTruthy();
    expect(server.to('/api/keys', 'POST')[0]?.body).toEqual({
      name: 'n8n ajustes',
      role: 'administrador',
    });
  });

  it('copies the new key, and says how to copy it by hand without a clipboard', async () => {
    openIntegrations([], (call) =>
      call.method === 'POST' ? { status: 201, body: NEW_KEY } : undefined,
    );
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    giveClipboard({ writeText });
    const form = within(await screen.findByRole('form', { name: 'Nueva clave' }));
    await user.type(form.getByLabelText('Nombre'), 'Agente de la web');
    await user.click(form.getByRole('button', { name: 'Crear clave' }));
    const panel = within(await screen.findByRole('region', { name: /Clave creada/ }));

    await user.click(panel.getByRole('button', { name: 'Copiar la clave' }));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY.key);
    expect(await panel.findByRole('status')).toHaveTextContent('Copiado.');

    // A page served over plain HTTP has no clipboard; a refusing browser says no.
    giveClipboard(undefined);
    await user.click(panel.getByRole('button', { name: 'Copiar la clave' }));
    await waitFor(() => {
      expect(panel.getByRole('status')).toHaveTextContent(
        'No se ha podido copiar: selecciona el texto y cópialo a mano.',
      );
    });
    giveClipboard({ writeText: () => Promise.reject(new DOMException('No', 'NotAllowedError')) });
    await user.click(panel.getByRole('button', { name: 'Copiar la clave' }));
    await waitFor(() => {
      expect(panel.getByRole('status')).toHaveTextContent('selecciona el texto y cópialo a mano');
    });
  });

  it('checks the name before sending, then shows the server’s refusal and keeps it typed', async () => {
    const server = openIntegrations([ACTIVE], (call) =>
      call.method === 'POST'
        ? apiError(422, 'invalid', 'Ya hay una clave con ese nombre.')
        : undefined,
    );
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Nueva clave' }));
    await user.click(form.getByRole('button', { name: 'Crear clave' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Escribe un nombre para la clave.');
    await user.type(form.getByLabelText('Nombre'), 'ñ'.repeat(81));
    await user.click(form.getByRole('button', { name: 'Crear clave' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'El nombre admite hasta 80 caracteres.',
    );
    expect(server.to('/api/keys', 'POST')).toHaveLength(0);

    await user.clear(form.getByLabelText('Nombre'));
    await user.type(form.getByLabelText('Nombre'), 'n8n recepción');
    await user.click(form.getByRole('button', { name: 'Crear clave' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Ya hay una clave con ese nombre.');
    expect(form.getByLabelText('Nombre')).toHaveValue('n8n recepción');
    expect(screen.queryByRole('region', { name: /Clave creada/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
  });

  it('revokes a key only after confirming, then shows it revoked', async () => {
    const server = openIntegrations([ACTIVE, REVOKED], (call) =>
      call.method === 'DELETE' && call.url.pathname === '/api/keys/ab12cd34'
        ? { status: 204 }
        : undefined,
    );
    const user = userEvent.setup();
    const row = await keyRow('n8n recepción');
    const revoke = row.getByRole('button', { name: 'Revocar n8n recepción' });

    await user.click(revoke);
    const dialog = within(screen.getByRole('alertdialog', { name: '¿Revocar la clave?' }));
    expect(dialog.getByText(/«n8n recepción» dejará de funcionar/)).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(dialog.getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(revoke).toHaveFocus();
    expect(server.to('/api/keys/ab12cd34', 'DELETE')).toHaveLength(0);

    await user.click(revoke);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revocar' }),
    );
    expect(await row.findByText('Revocada')).toBeInTheDocument();
    const [sent] = server.to('/api/keys/ab12cd34', 'DELETE');
    expect(sent?.headers.get('X-CSRF-Token')).toBe('csrf-persona-administrador');
    expect(row.queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
    expect(row.getByText('el 23/11/2026, 00:30')).toBeInTheDocument();
    expect((await screen.findAllByText('Clave revocada')).length).toBeGreaterThan(0);
  });

  it('shows the server’s refusal to revoke and keeps the key active', async () => {
    openIntegrations([ACTIVE], (call) =>
      call.method === 'DELETE' ? apiError(404, 'not_found', 'Esa clave no existe.') : undefined,
    );
    const user = userEvent.setup();
    const row = await keyRow('n8n recepción');
    await user.click(row.getByRole('button', { name: 'Revocar n8n recepción' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revocar' }),
    );
    expect((await screen.findAllByText('Esa clave no existe.')).length).toBeGreaterThan(0);
    expect(row.getByText('Activa')).toBeInTheDocument();
  });

  it('shows this salon’s MCP endpoint, how to connect n8n and where the examples are', async () => {
    openIntegrations([]);
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    giveClipboard({ writeText });
    const endpoint = `${window.location.origin}/mcp`;
    await screen.findByRole('heading', { level: 2, name: 'Conectar n8n' });
    const shown = screen.getAllByText(endpoint);
    // Once to copy, once in the staff's step.
    expect(shown).toHaveLength(2);
    expect(screen.getByText('{{ $json.metadata.citabot.mcpUrl }}')).toBeInTheDocument();
    expect(screen.getByText(/«MCP Client Tool»/)).toBeInTheDocument();
    expect(screen.getByText(/«Bearer Auth»/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ejemplos de workflows' })).toHaveAttribute(
      'href',
      N8N_EXAMPLES_URL,
    );

    await user.click(screen.getByRole('button', { name: 'Copiar la dirección MCP' }));
    expect(writeText).toHaveBeenCalledWith(endpoint);
  });

  it('is the administradores’ own: the rest of the staff neither see it nor reach it', async () => {
    const server = openIntegrations([ACTIVE], undefined, 'usuario');
    // The address names the tab, but the first one opens instead.
    expect(await screen.findByRole('tab', { name: 'Perfil' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Integraciones' })).not.toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Perfil del negocio' })).toBeInTheDocument();
    expect(server.to('/api/keys')).toHaveLength(0);
  });
});
