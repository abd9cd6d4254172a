import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../api/types';
import { ApiProvider } from '../api/queries';
import { AuthProvider, useAuth } from '../auth/AuthContext';
import {
  apiError,
  business,
  cliente,
  fakeServer,
  session,
  staff,
  type RecordedRequest,
} from '../test/fakeServer';
import { BusinessProvider } from '../shell/business';
import { ToastProvider } from '../shell/toast';
import { SiteChat } from './SiteChat';
import { STORED_CONVERSATION } from './storedConversation';
import { guestMetadata, type VisitorMetadata } from './chatConfig';

const bea: Profile = { ...cliente, id: 'user-bea', email: 'bea@example.com', firstName: 'Bea' };

/** A server with accounts (Ana, Bea, Lucía) whose sign-in changes the session. */
function serverWithAccounts(
  routes: Parameters<typeof fakeServer>[0] = {},
  initially: Profile | null = null,
) {
  const accounts = [cliente, bea, staff];
  let signedIn: Profile | null = initially;
  const messages: VisitorMetadata[] = [];
  const server = fakeServer({
    // Unanswered: these tests are about the session, and the chat is "Hola" until the business.
    'GET /api/business': () => new Promise<undefined>(() => undefined),
    'GET /api/auth/session': () => ({ body: session(signedIn) }),
    'GET /api/profile': () =>
      signedIn ? { body: { item: signedIn } } : apiError(401, 'unauthenticated', 'Inicia sesión.'),
    'POST /api/auth/login': (request) => {
      const { email } = request.body as { email: string };
      signedIn = accounts.find((account) => account.email === email) ?? null;
      return { body: session(signedIn) };
    },
    'POST /api/auth/logout': () => {
      signedIn = null;
      return new Response(null, { status: 204 });
    },
    'POST /api/n8n/chat': (request: RecordedRequest) => {
      // As the real server: a signed-in browser's chat requests carry the session's token.
      if (signedIn && request.headers.get('X-CSRF-Token') !== session(signedIn).csrfToken) {
        return apiError(403, 'csrf', 'Falta el token de seguridad.');
      }
      const body = request.body as { action: string; metadata: VisitorMetadata };
      if (body.action === 'loadPreviousSession') return { body: { data: [] } };
      messages.push(body.metadata);
      return { body: { output: 'De acuerdo.' } };
    },
    ...routes,
  });
  return { ...server, messages };
}

/** Renders the chat under the session, with buttons standing in for the sign-in pages. */
function renderChat() {
  function Controls() {
    const { user, loading, signIn, signOut } = useAuth();
    return (
      <>
        <p>{loading ? 'cargando' : (user?.id ?? 'invitado')}</p>
        {[cliente, bea, staff].map((account) => (
          <button key={account.id} type="button" onClick={() => void signIn(account.email, 'x')}>
            {account.firstName}
          </button>
        ))}
        <button type="button" onClick={() => void signOut()}>
          Salir
        </button>
      </>
    );
  }
  render(
    <ToastProvider>
      <ApiProvider>
        <AuthProvider>
          <SiteChat>
            <Controls />
          </SiteChat>
        </AuthProvider>
      </ApiProvider>
    </ToastProvider>,
  );
}

const widget = () => document.querySelector('.citabot-chat');

/** Signs in with the stand-in button `name` and waits until the chat has asked for the profile. */
async function signInAndLoadProfile(
  server: ReturnType<typeof serverWithAccounts>,
  name: string,
  id: string,
) {
  await userEvent.setup().click(await screen.findByRole('button', { name }));
  await screen.findByText(id);
  await waitFor(() => {
    expect(server.to('/api/profile')).toHaveLength(1);
  });
}

/** Sends a message from the chat and waits for the answer. */
async function chatOnce(text: string) {
  const user = userEvent.setup();
  const toggle = screen.getByRole('button', { name: /Abrir chat|Cerrar chat/ });
  if (toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle);
  const chat = screen.getByRole('dialog', { name: 'Hola' });
  await user.type(
    within(chat).getByRole('textbox', { name: 'Escribe tu pregunta...' }),
    `${text}{Enter}`,
  );
  await within(chat).findByText('De acuerdo.');
}

describe('SiteChat', () => {
  it('builds a new widget whenever the signed-in user changes: guest → Ana → Bea → guest', async () => {
    const server = serverWithAccounts();
    const user = userEvent.setup();
    renderChat();
    const seen = new Set<Element | null>();
    // No widget before the session is known: a guest's would race the signed-in one.
    expect(widget()).toBeNull();
    await screen.findByText('invitado');
    const guestWidget = widget();
    expect(guestWidget).not.toBeNull();
    seen.add(guestWidget);

    for (const [button, id] of [
      ['Ana', 'user-ana'],
      ['Bea', 'user-bea'],
      ['Salir', 'invitado'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      await screen.findByText(id);
      expect(widget()).not.toBeNull();
      expect(seen.has(widget())).toBe(false);
      seen.add(widget());
      expect(document.querySelectorAll('.citabot-chat')).toHaveLength(1);
    }

    // Each widget speaks for its own visitor.
    await chatOnce('Hola');
    expect(server.messages.at(-1)).toMatchObject({ role: 'guest', guest: true, userId: '' });
  });

  it("sends the signed-in cliente's identity and draft, from the profile", async () => {
    const server = serverWithAccounts();
    renderChat();
    await signInAndLoadProfile(server, 'Ana', 'user-ana');
    await chatOnce('Quiero una cita');
    expect(server.messages.at(-1)).toMatchObject({
      userId: 'user-ana',
      role: 'cliente',
      guest: false,
      name: 'Ana García',
      cita: { clientId: 'user-ana', clientName: 'Ana García', clientEmail: 'ana@example.com' },
    });
  });

  it("sends the signed-in session's CSRF token with the chat's requests, a guest none", async () => {
    const server = serverWithAccounts();
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('invitado');
    await chatOnce('Hola');
    const guestRequests = server.to('/api/n8n/chat');
    expect(guestRequests.map((request) => request.headers.get('X-CSRF-Token'))).toContain(null);

    await user.click(screen.getByRole('button', { name: 'Ana' }));
    await screen.findByText('user-ana');
    await chatOnce('Quiero una cita');
    const signedInRequests = server.to('/api/n8n/chat').slice(guestRequests.length);
    expect(signedInRequests.length).toBeGreaterThan(0);
    for (const request of signedInRequests) {
      expect(request.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
    }
  });

  it("makes staff the draft's userId", async () => {
    const server = serverWithAccounts();
    renderChat();
    await signInAndLoadProfile(server, 'Lucía', 'user-lucia');
    await chatOnce('Hola');
    expect(server.messages.at(-1)).toMatchObject({
      role: 'administrador',
      cita: { userId: 'user-lucia', clientId: '' },
    });
  });

  it("wears the page's theme and changes with it", async () => {
    serverWithAccounts();
    renderChat();
    await screen.findByText('invitado');
    expect(widget()).toHaveAttribute('data-theme', 'light');
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => {
      expect(widget()).toHaveAttribute('data-theme', 'dark');
    });
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => {
      expect(widget()).toHaveAttribute('data-theme', 'light');
    });
  });

  it('asks for no profile for a guest', async () => {
    const server = serverWithAccounts();
    renderChat();
    await screen.findByText('invitado');
    await chatOnce('Hola');
    expect(server.to('/api/profile')).toHaveLength(0);
  });

  it.each([
    ['a 500', apiError(500, 'internal', 'Error interno.')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('still chats, with an empty draft, after %s from the profile', async (_, failure) => {
    const server = serverWithAccounts({ 'GET /api/profile': failure });
    renderChat();
    await signInAndLoadProfile(server, 'Ana', 'user-ana');
    await chatOnce('Hola');
    const metadata = server.messages.at(-1);
    expect(metadata).toMatchObject({ userId: 'user-ana', role: 'cliente', guest: false, name: '' });
    // A guest's draft, whose every field chatConfig.test.ts spells out.
    expect(metadata?.cita).toEqual(guestMetadata(new Date()).cita);
  });

  it('a signed-in page load asks for its history as the account, and keeps the conversation', async () => {
    window.localStorage.setItem(STORED_CONVERSATION, 'conv-ana');
    const server = serverWithAccounts(
      {
        'POST /api/n8n/chat': (request: RecordedRequest) => {
          if (request.headers.get('X-CSRF-Token') !== session(cliente).csrfToken) {
            return apiError(403, 'csrf', 'Falta el token de seguridad.');
          }
          const body = request.body as { action: string; sessionId: string };
          if (body.action === 'loadPreviousSession' && body.sessionId === 'conv-ana') {
            return {
              body: {
                data: [
                  {
                    lc: 1,
                    type: 'constructor',
                    id: ['langchain_core', 'messages', 'AIMessage'],
                    kwargs: { content: 'Tu cita es el lunes.' },
                  },
                ],
              },
            };
          }
          return { body: { data: [] } };
        },
      },
      cliente,
    );
    renderChat();
    await screen.findByText('user-ana');
    await waitFor(() => {
      expect(server.to('/api/n8n/chat').length).toBeGreaterThan(0);
    });
    const [first] = server.to('/api/n8n/chat');
    expect(first?.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
    expect(window.localStorage.getItem(STORED_CONVERSATION)).toBe('conv-ana');
  });

  it("keeps a guest's conversation through a sign-in, and forgets it on sign-out", async () => {
    const server = serverWithAccounts();
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('invitado');
    await chatOnce('Hola');
    const started = window.localStorage.getItem(STORED_CONVERSATION);
    expect(started).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ana' }));
    await screen.findByText('user-ana');
    await waitFor(() => {
      const loads = server
        .to('/api/n8n/chat')
        .filter((request) => (request.body as { action: string }).action === 'loadPreviousSession');
      expect(loads.at(-1)?.body).toMatchObject({ sessionId: started });
      expect(loads.at(-1)?.headers.get('X-CSRF-Token')).toBe('csrf-user-ana');
    });

    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await screen.findByText('invitado');
    expect(window.localStorage.getItem(STORED_CONVERSATION)).not.toBe(started);
    const loads = server
      .to('/api/n8n/chat')
      .filter((request) => (request.body as { action: string }).action === 'loadPreviousSession');
    const guestReads = loads.filter(
      (request) =>
        request.headers.get('X-CSRF-Token') === null &&
        (request.body as { sessionId: string }).sessionId === started,
    );
    expect(guestReads).toEqual([]);
  });

  it("names the chat by the salon once the business has loaded, 'Hola' until then", async () => {
    let answer!: () => void;
    const loaded = new Promise<void>((resolve) => {
      answer = resolve;
    });
    serverWithAccounts({
      'GET /api/business': async () => {
        await loaded;
        return { body: { item: business } };
      },
    });
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ApiProvider>
          <AuthProvider>
            <BusinessProvider>
              <SiteChat>
                <p>página</p>
              </SiteChat>
            </BusinessProvider>
          </AuthProvider>
        </ApiProvider>
      </ToastProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Abrir chat' }));
    const chat = screen.getByRole('dialog', { name: 'Hola' });
    expect(within(chat).getByRole('heading', { level: 2 })).toHaveTextContent('Hola');

    answer();
    expect(await screen.findByRole('dialog', { name: 'Peluquería Lucía' })).toBe(chat);
    expect(within(chat).getByRole('heading', { level: 2 })).toHaveTextContent('Peluquería Lucía');
  });
});
