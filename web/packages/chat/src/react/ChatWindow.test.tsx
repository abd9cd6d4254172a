import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChatOptionsInput } from '../core/options';
import { renderInChat } from '../test/render';
import {
  chunk,
  deferred,
  historyItem,
  jsonResponse,
  ndjson,
  pushedBody,
  stubWebhook,
} from '../test/webhook';
import { ChatWindow } from './ChatWindow';
import { ChatContext } from './context';
import { ANNOUNCE_TYPING_AFTER_MS } from './TypingIndicator';

function renderWindow(input: ChatOptionsInput = {}) {
  const view = renderInChat(<ChatWindow />, { initialMessages: ['¡Hola! 👋'], ...input });
  void view.store.start();
  return { ...view, user: userEvent.setup() };
}

/** Lets every pending promise settle (a streamed body's reader, the store). */
const macrotask = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

function layoutClient(body: HTMLElement, clientHeight: number) {
  Object.defineProperty(body, 'clientHeight', { configurable: true, get: () => clientHeight });
}

/** Gives the scroll container a size, since jsdom lays nothing out. */
function layout(body: HTMLElement, sizes: { scrollHeight: number; clientHeight: number }) {
  Object.defineProperty(body, 'scrollHeight', {
    configurable: true,
    get: () => sizes.scrollHeight,
  });
  Object.defineProperty(body, 'clientHeight', {
    configurable: true,
    get: () => sizes.clientHeight,
  });
}

describe('ChatWindow', () => {
  it('shows the header texts', () => {
    stubWebhook();
    renderWindow({ i18n: { en: { title: 'Hola', subtitle: 'Estamos para ayudarte.' } } });
    expect(screen.getByRole('heading', { name: 'Hola' })).toBeInTheDocument();
    expect(screen.getByText('Estamos para ayudarte.')).toBeInTheDocument();
  });

  it('hides an empty subtitle', () => {
    stubWebhook();
    const { container } = renderWindow({ i18n: { en: { subtitle: '' } } });
    expect(container.querySelector('.chat-subtitle')).toBeNull();
  });

  it('is a dialog named by its title in window mode, a region in fullscreen mode', () => {
    stubWebhook();
    renderWindow({ i18n: { en: { title: 'Citas' } } });
    expect(screen.getByRole('dialog', { name: 'Citas' })).not.toHaveAttribute('aria-modal');
    cleanup();
    renderWindow({ mode: 'fullscreen', i18n: { en: { title: 'Citas' } } });
    expect(screen.getByRole('region', { name: 'Citas' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the typing indicator while waiting, then the reply', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const { user } = renderWindow();
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');

    expect(screen.getByText('hola')).toBeInTheDocument();
    // Drawn at once, said only when the reply is slow to come.
    expect(document.querySelector('.chat-message-typing')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await waitFor(
      () => {
        expect(status).toHaveTextContent('The assistant is typing…');
      },
      { timeout: ANNOUNCE_TYPING_AFTER_MS + 1000 },
    );
    reply.resolve(jsonResponse({ output: '¡Hola! ¿Qué servicio quieres reservar?' }));

    expect(await screen.findByText('¡Hola! ¿Qué servicio quieres reservar?')).toBeInTheDocument();
    expect(document.querySelector('.chat-message-typing')).toBeNull();
    expect(status).toHaveTextContent('');
  });

  it('never says the assistant is typing when the reply comes at once', async () => {
    stubWebhook({ reply: () => jsonResponse({ output: 'Al momento' }) });
    const { user } = renderWindow();
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByText('Al momento')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_TYPING_AFTER_MS + 100));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows a failed send as an error with a retry that keeps the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const { requests } = stubWebhook({
      reply: () =>
        ++attempts === 1
          ? jsonResponse({ code: 502, message: 'The assistant is not reachable.' }, 502)
          : jsonResponse({ output: 'Reservado.' }),
    });
    const { user } = renderWindow();
    await user.type(await screen.findByRole('textbox'), 'reserva corte{Enter}');

    expect(await screen.findByText('Error: Failed to receive response')).toBeInTheDocument();
    expect(screen.getByText('The assistant is not reachable.')).toBeInTheDocument();
    expect(screen.getByText('reserva corte')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Reservado.')).toBeInTheDocument();
    expect(screen.queryByText('Error: Failed to receive response')).toBeNull();
    expect(screen.getAllByText('reserva corte')).toHaveLength(1);
    const sent = requests.filter((request) => request.body.action === 'sendMessage');
    expect(sent.map((request) => request.body.chatInput)).toEqual([
      'reserva corte',
      'reserva corte',
    ]);
  });

  it('shows the error in Spanish with defaultLanguage es', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user } = renderWindow({ defaultLanguage: 'es', loadPreviousSession: false });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByText('Error: no se ha recibido respuesta')).toBeInTheDocument();
    expect(
      screen.getByText('No se ha podido contactar con el servidor del chat.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('shows the input and the error when the history cannot be loaded', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'old');
    stubWebhook({ history: () => jsonResponse({ code: 500, message: 'Storage is down.' }, 500) });
    renderWindow({ showWelcomeScreen: true });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The previous conversation could not be loaded.');
    expect(alert).toHaveTextContent('Storage is down.');
    expect(screen.getByRole('textbox')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Conversation' })).toBeNull();
  });

  it('shows the loaded history after the initial messages', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'known');
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [historyItem('HumanMessage', 'hola'), historyItem('AIMessage', '¿Qué tal?')],
        }),
    });
    const { store } = renderWindow({ showWelcomeScreen: true });
    await waitFor(() => {
      expect(store.getState().phase).toBe('ready');
    });
    const log = screen.getByRole('log');
    const bubbles = Array.from(log.querySelectorAll('.chat-message'), (bubble) => [
      bubble.classList.contains('chat-message-from-user') ? 'user' : 'bot',
      bubble.textContent,
    ]);
    expect(bubbles).toEqual([
      ['bot', '¡Hola! 👋'],
      ['user', 'hola'],
      ['bot', '¿Qué tal?'],
    ]);
    // Each says who speaks, beside the bubble, for screen readers.
    expect(log).toHaveTextContent('Assistant: ¡Hola! 👋You: holaAssistant: ¿Qué tal?');
    expect(within(log).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox')).toBeInTheDocument();
  });

  it('closes from the header close button when it is enabled (n8n: a no-op)', async () => {
    stubWebhook();
    const { store, user } = renderWindow({ showWindowCloseButton: true });
    act(() => {
      store.open();
    });
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(store.getState().isOpen).toBe(false);
  });

  it('closes on Escape in window mode, not in fullscreen mode', async () => {
    stubWebhook();
    const { store, user } = renderWindow();
    act(() => {
      store.open();
    });
    await user.type(await screen.findByRole('textbox'), 'borrador{Escape}');
    expect(store.getState().isOpen).toBe(false);

    cleanup();
    const fullscreen = renderWindow({ mode: 'fullscreen' });
    fireEvent.keyDown(screen.getByRole('region', { name: 'Hi there! 👋' }), { key: 'Escape' });
    expect(fullscreen.store.getState().isOpen).toBe(true);
  });

  it('shows the welcome screen, and its button starts a conversation and focuses the input', async () => {
    stubWebhook();
    const { user } = renderWindow({ showWelcomeScreen: true, loadPreviousSession: false });
    await user.click(await screen.findByRole('button', { name: 'New Conversation' }));
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('shows the bot avatar beside the title, hidden from assistive technology', () => {
    stubWebhook();
    const { container } = renderWindow({ defaultLanguage: 'es' });
    const avatar = container.querySelector('.chat-header .chat-avatar');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar?.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('Responde al momento')).toBeInTheDocument();
  });

  it("shows the host's avatarUrl in the badge instead of the icon, decorative, and the icon again if it fails", () => {
    stubWebhook();
    const { container } = renderWindow({ avatarUrl: '/api/business/logo?v=1' });
    const avatar = container.querySelector('.chat-header .chat-avatar');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    const picture = avatar?.querySelector('img');
    expect(picture).toHaveAttribute('src', '/api/business/logo?v=1');
    expect(picture).toHaveAttribute('alt', '');
    expect(avatar?.querySelector('svg')).toBeNull();
    if (picture) fireEvent.error(picture);
    expect(avatar?.querySelector('img')).toBeNull();
    expect(avatar?.querySelector('svg')).not.toBeNull();
  });

  it('greets on the welcome screen in Spanish, with the starters besides "Nueva conversación"', async () => {
    stubWebhook();
    renderWindow({
      defaultLanguage: 'es',
      initialMessages: undefined,
      showWelcomeScreen: true,
      loadPreviousSession: false,
      starters: ['Reservar cita', 'Ver precios', 'Horario y dirección'],
    });
    await screen.findByRole('button', { name: 'Nueva conversación' });
    expect(screen.getByText('¡Hola! 👋')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Sugerencias' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Reservar cita',
      'Ver precios',
      'Horario y dirección',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('starts a conversation with a starter chip and sends its text', async () => {
    const { requests } = stubWebhook({
      reply: () => jsonResponse({ output: 'Claro, ¿qué servicio?' }),
    });
    const { user, store } = renderWindow({
      defaultLanguage: 'es',
      showWelcomeScreen: true,
      loadPreviousSession: false,
      starters: ['Reservar cita', 'Ver precios'],
    });
    await user.click(await screen.findByRole('button', { name: 'Ver precios' }));
    expect(await screen.findByText('Claro, ¿qué servicio?')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sugerencias' })).toBeNull();
    expect(
      screen.getByText('Ver precios', { selector: '.chat-message-from-user *' }),
    ).toBeInTheDocument();
    const sent = requests.filter((request) => request.body.action === 'sendMessage');
    expect(sent.map((request) => request.body)).toEqual([
      expect.objectContaining({
        chatInput: 'Ver precios',
        sessionId: store.getState().currentSessionId,
      }),
    ]);
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('without the welcome screen, opens on a new conversation: the greeting, the starters as quick replies, the input focused', async () => {
    const { requests } = stubWebhook({
      reply: () => jsonResponse({ output: 'Claro, ¿qué servicio?' }),
    });
    const { user, store } = renderWindow({
      defaultLanguage: 'es',
      initialMessages: undefined,
      showWelcomeScreen: false,
      starters: ['Reservar cita', 'Ver precios'],
    });
    const input = await screen.findByRole('textbox', { name: 'Escribe tu pregunta...' });
    await waitFor(() => {
      expect(input).toHaveFocus();
    });
    expect(screen.queryByRole('button', { name: 'Nueva conversación' })).toBeNull();
    expect(within(screen.getByRole('log')).getByText('¡Hola! 👋')).toBeInTheDocument();
    const starters = screen.getByRole('toolbar', { name: 'Sugerencias' });
    expect(
      within(starters)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Reservar cita', 'Ver precios']);
    const begun = store.getState().currentSessionId;
    expect(begun).not.toBeNull();
    expect(window.localStorage.getItem('n8n-chat/sessionId')).toBe(begun);
    expect(requests.map((request) => request.body.action)).toEqual(['loadPreviousSession']);

    await user.click(within(starters).getByRole('button', { name: 'Ver precios' }));
    expect(await screen.findByText('Claro, ¿qué servicio?')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Sugerencias' })).toBeNull();
    const sent = requests.filter((request) => request.body.action === 'sendMessage');
    expect(sent.map((request) => request.body)).toEqual([
      expect.objectContaining({ chatInput: 'Ver precios', sessionId: begun }),
    ]);
  });

  it('without the welcome screen, types and sends at once, in the conversation begun', async () => {
    const { requests } = stubWebhook();
    const { user, store } = renderWindow({ showWelcomeScreen: false });
    const input = await screen.findByRole('textbox');
    await waitFor(() => {
      expect(input).toHaveFocus();
    });
    await user.keyboard('hola{Enter}');
    expect(await screen.findByText('echo: hola')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual(
      expect.objectContaining({
        action: 'sendMessage',
        chatInput: 'hola',
        sessionId: store.getState().currentSessionId,
      }),
    );
    expect(screen.queryByRole('toolbar', { name: 'Suggestions' })).toBeNull();
  });

  it('without the welcome screen, adopts a loaded history and offers no starters in it', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'known');
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [historyItem('HumanMessage', 'hola'), historyItem('AIMessage', '¿Qué tal?')],
        }),
    });
    const { store } = renderWindow({ showWelcomeScreen: false, starters: ['Reservar cita'] });
    expect(await screen.findByText('¿Qué tal?')).toBeInTheDocument();
    expect(store.getState().currentSessionId).toBe('known');
    expect(screen.queryByRole('toolbar', { name: 'Suggestions' })).toBeNull();
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('shows the footer only when it has a text, with the powered-by link', async () => {
    stubWebhook();
    const { container } = renderWindow({ showWelcomeScreen: true, loadPreviousSession: false });
    await screen.findByRole('button', { name: 'New Conversation' });
    expect(container.querySelector('.chat-footer')).toBeNull();
    cleanup();

    renderWindow({ i18n: { en: { footer: 'Citas de lunes a sábado' } } });
    expect(screen.getByText('Citas de lunes a sábado')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'n8n' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/n8n\.io/) as string);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.parentElement).toHaveTextContent('Powered by n8n');
  });

  it('follows new content at the bottom, but not once the user scrolled up to read', async () => {
    const reply = deferred<Response>();
    stubWebhook({
      reply: () => reply.promise,
    });
    const { container, user, store } = renderWindow({ enableStreaming: true });
    const body = container.querySelector<HTMLElement>('.chat-body');
    if (!body) throw new Error('no body');
    const sizes = { scrollHeight: 1000, clientHeight: 400 };
    layout(body, sizes);
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(body.scrollTop).toBe(1000);

    // The user scrolls up; a streamed chunk arrives: the view stays where the user put it.
    body.scrollTop = 100;
    fireEvent.scroll(body);
    sizes.scrollHeight = 1200;
    reply.resolve(new Response(ndjson([chunk('item', 'n', 0, 'Uno')])));
    await waitFor(() => {
      expect(screen.getByText('Uno')).toBeInTheDocument();
    });
    expect(body.scrollTop).toBe(100);

    // Sending, or the host's scrollToBottom, brings it back down.
    act(() => {
      store.events.emit('scrollToBottom');
    });
    expect(body.scrollTop).toBe(1200);
  });

  it('follows a streamed reply once per frame, reading the layout once per frame', async () => {
    const reply = pushedBody();
    stubWebhook({ reply: () => new Response(reply.stream) });
    const { container, store } = renderWindow({ enableStreaming: true });
    await screen.findByRole('textbox');
    const body = container.querySelector<HTMLElement>('.chat-body');
    if (!body) throw new Error('no body');
    const sizes = { scrollHeight: 1000, clientHeight: 400 };
    let reads = 0;
    Object.defineProperty(body, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads += 1;
        return sizes.scrollHeight;
      },
    });
    layoutClient(body, sizes.clientHeight);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = store.sendMessage('hola');
    });
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    await act(macrotask);
    reads = 0;
    reply.push(ndjson([chunk('begin', 'n', 0)]));
    for (const word of ['Uno ', 'dos ', 'tres']) {
      reply.push(ndjson([chunk('item', 'n', 0, word)]));
      sizes.scrollHeight += 100;
      await act(macrotask);
    }
    // Three chunks and no frame yet: nothing measured.
    expect(reads).toBe(0);
    for (let frame = 0; frame < 2; frame++) {
      act(() => {
        vi.advanceTimersToNextFrame();
      });
    }
    expect(screen.getByText('Uno dos tres')).toBeInTheDocument();
    expect(body.scrollTop).toBe(1300);
    expect(reads).toBeLessThanOrEqual(2);
    reply.end();
    await act(() => sent);
  });
});

describe('ChatWindow focus', () => {
  it('moves the focus into the window when it opens, to the input once it appears', async () => {
    const reply = deferred<Response>();
    window.localStorage.setItem('n8n-chat/sessionId', 'slow');
    stubWebhook({ history: () => reply.promise });
    const view = renderInChat(<ChatWindow hidden />, { showWelcomeScreen: false });
    void view.store.start();
    view.rerender(
      <ChatContext.Provider value={{ store: view.store, components: {} }}>
        <ChatWindow />
      </ChatContext.Provider>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    reply.resolve(jsonResponse({ data: [] }));
    await waitFor(() => {
      expect(screen.getByRole('textbox')).toHaveFocus();
    });
  });
});
