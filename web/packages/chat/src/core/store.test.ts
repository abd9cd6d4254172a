import { describe, expect, it, vi } from 'vitest';
import { installFakeSocket } from '../test/socket';
import {
  chunk,
  deferred,
  historyItem,
  jsonResponse,
  ndjson,
  streamResponse,
  stubWebhook,
} from '../test/webhook';
import { mergeOptions, type ChatOptionsInput } from './options';
import { createChatStore } from './store';

const KEY = 'n8n-chat/sessionId';

function store(input: ChatOptionsInput = {}) {
  return createChatStore(mergeOptions({ webhookUrl: '/api/n8n/chat', ...input }));
}

const knownSession = {
  history: (request: { body: Record<string, unknown> }) =>
    jsonResponse({
      data:
        request.body.sessionId === 'known'
          ? [historyItem('HumanMessage', 'hola'), historyItem('AIMessage', '¡Hola!')]
          : [],
    }),
};

describe('session rules', () => {
  it('reuses the stored session across a reload when it has history', async () => {
    window.localStorage.setItem(KEY, 'known');
    const { requests } = stubWebhook(knownSession);

    const first = store({ showWelcomeScreen: true });
    await first.start();
    expect(first.getState()).toMatchObject({ currentSessionId: 'known', phase: 'ready' });
    expect(first.getState().messages.map((message) => message.sender)).toEqual(['user', 'bot']);

    // A reload: a new store over the same localStorage.
    const reloaded = store({ showWelcomeScreen: true });
    await reloaded.start();
    expect(reloaded.getState().currentSessionId).toBe('known');
    expect(requests.map((request) => request.body.sessionId)).toEqual(['known', 'known']);
  });

  it('adopts the stored session only when its history is non-empty', async () => {
    window.localStorage.setItem(KEY, 'unknown');
    stubWebhook(knownSession);
    const chat = store({ showWelcomeScreen: true });
    await chat.start();
    expect(chat.getState()).toMatchObject({ currentSessionId: null, messages: [], phase: 'ready' });
  });

  it('loads history for options.sessionId instead of the stored id', async () => {
    window.localStorage.setItem(KEY, 'unknown');
    stubWebhook(knownSession);
    const chat = store({ sessionId: 'known' });
    await chat.start();
    expect(chat.getState().currentSessionId).toBe('known');
    expect(window.localStorage.getItem(KEY)).toBe('known');
  });

  it('asks for the history of a fresh id when there is no stored id, as @n8n/chat does', async () => {
    const { requests } = stubWebhook();
    const chat = store({ showWelcomeScreen: true });
    await chat.start();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      action: 'loadPreviousSession',
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    // An empty history adopts nothing and stores nothing: the welcome screen shows.
    expect(chat.getState().currentSessionId).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('adopts the fresh id when the workflow answers it with a history (keyed on metadata)', async () => {
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [historyItem('HumanMessage', 'hola'), historyItem('AIMessage', '¡Hola!')],
        }),
    });
    const chat = store({ showWelcomeScreen: true, metadata: { userId: 'u-1' } });
    await chat.start();
    const id = chat.getState().currentSessionId;
    expect(id).toEqual(expect.any(String));
    expect(window.localStorage.getItem(KEY)).toBe(id);
    expect(chat.getState().messages).toHaveLength(2);
  });

  it('starts a new session with a fresh id, stored and different from the old one', async () => {
    window.localStorage.setItem(KEY, 'known');
    stubWebhook(knownSession);
    const chat = store({ showWelcomeScreen: true });
    await chat.start();
    const id = chat.startNewSession();
    expect(id).not.toBe('known');
    expect(window.localStorage.getItem(KEY)).toBe(id);
    expect(chat.getState()).toMatchObject({ currentSessionId: id, messages: [] });
  });

  it('starts a session by itself when the welcome screen is off', async () => {
    stubWebhook();
    const chat = store({ showWelcomeScreen: false });
    await chat.start();
    const id = chat.getState().currentSessionId;
    expect(id).toEqual(expect.any(String));
    expect(window.localStorage.getItem(KEY)).toBe(id);
  });

  it('starts a new session and reports the error when the history request fails', async () => {
    window.localStorage.setItem(KEY, 'known');
    stubWebhook({
      history: () => jsonResponse({ code: 500, message: 'Database unavailable.' }, 500),
    });
    const chat = store({ showWelcomeScreen: true });
    await chat.start();
    const state = chat.getState();
    expect(state.currentSessionId).toEqual(expect.any(String));
    expect(state.currentSessionId).not.toBe('known');
    expect(state.historyError).toEqual({
      text: 'The previous conversation could not be loaded.',
      detail: 'Database unavailable.',
    });
  });

  it('runs the mount routine once however often start is called', async () => {
    window.localStorage.setItem(KEY, 'known');
    const { requests } = stubWebhook(knownSession);
    const chat = store();
    await Promise.all([chat.start(), chat.start()]);
    expect(requests).toHaveLength(1);
  });
});

describe('sending', () => {
  it('adds the user message, waits, then adds the reply', async () => {
    const reply = deferred<Response>();
    const { requests } = stubWebhook({ reply: () => reply.promise });
    const chat = store();
    await chat.start();
    const sent = chat.sendMessage('hola');
    await Promise.resolve();
    expect(chat.getState().waitingForResponse).toBe(true);
    reply.resolve(jsonResponse({ output: '¡Hola!' }));
    await sent;
    expect(chat.getState().waitingForResponse).toBe(false);
    expect(chat.getState().messages).toMatchObject([
      { sender: 'user', text: 'hola' },
      { sender: 'bot', type: 'text', text: '¡Hola!' },
    ]);
    // The history of a fresh id was asked for first (no stored id), then the message sent.
    expect(requests.map((request) => request.body.action)).toEqual([
      'loadPreviousSession',
      'sendMessage',
    ]);
    expect(requests[1]?.body).toMatchObject({
      action: 'sendMessage',
      sessionId: chat.getState().currentSessionId,
      chatInput: 'hola',
    });
  });

  it('keeps the user message on failure and retries the same text', async () => {
    let attempts = 0;
    const { requests } = stubWebhook({
      reply: () =>
        ++attempts === 1
          ? jsonResponse({ code: 503, message: 'Try again in a moment.' }, 503)
          : jsonResponse({ output: 'Ya está.' }),
    });
    const chat = store();
    await chat.start();
    await chat.sendMessage('reserva para mañana');

    const [user, error] = chat.getState().messages;
    expect(user).toMatchObject({ sender: 'user', text: 'reserva para mañana' });
    expect(error).toMatchObject({
      type: 'error',
      text: 'Error: Failed to receive response',
      detail: 'Try again in a moment.',
      retryOf: user?.id,
    });

    await chat.retry(error?.id ?? '');
    expect(chat.getState().messages).toMatchObject([
      { id: user?.id, sender: 'user', text: 'reserva para mañana' },
      { sender: 'bot', type: 'text', text: 'Ya está.' },
    ]);
    const sent = requests.filter((request) => request.body.action === 'sendMessage');
    expect(sent.map((request) => request.body.chatInput)).toEqual([
      'reserva para mañana',
      'reserva para mañana',
    ]);
  });

  it('drops a reply that arrives after the user started a new conversation', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const chat = store();
    await chat.start();
    const sent = chat.sendMessage('hola');
    await Promise.resolve();
    chat.startNewSession();
    reply.resolve(jsonResponse({ output: 'late' }));
    await sent;
    expect(chat.getState()).toMatchObject({ messages: [], waitingForResponse: false });
  });
});

describe('instances', () => {
  it('do not share state, and keep separate sessions with separate namespaces', async () => {
    stubWebhook();
    const first = store({ storageNamespace: 'first' });
    const second = store({ storageNamespace: 'second' });
    await Promise.all([first.start(), second.start()]);
    await first.sendMessage('only in the first');
    first.open();
    expect(second.getState()).toMatchObject({ messages: [], isOpen: false });
    expect(first.getState().currentSessionId).not.toBe(second.getState().currentSessionId);
    expect(window.localStorage.getItem('first/sessionId')).toBe(first.getState().currentSessionId);
    expect(window.localStorage.getItem('second/sessionId')).toBe(
      second.getState().currentSessionId,
    );
  });

  it('toggle the window and notify subscribers', () => {
    const chat = store();
    let notified = 0;
    const unsubscribe = chat.subscribe(() => notified++);
    chat.toggle();
    expect(chat.getState().isOpen).toBe(true);
    chat.close();
    expect(chat.getState().isOpen).toBe(false);
    unsubscribe();
    chat.open();
    expect(notified).toBe(2);
  });
});

describe('n8n plugins/chat.spec', () => {
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const plugin = (input: ChatOptionsInput = {}) =>
    store({ chatInputKey: 'message', initialMessages: [], loadPreviousSession: false, ...input });

  it('non-streaming send → user message and bot message "Hello from bot!"', async () => {
    const { requests } = stubWebhook({ reply: () => jsonResponse({ output: 'Hello from bot!' }) });
    const chat = plugin();
    await chat.sendMessage('Hello bot');
    expect(requests[0]?.body).toMatchObject({ message: 'Hello bot' });
    expect(chat.getState().messages).toMatchObject([
      { sender: 'user', text: 'Hello bot' },
      { sender: 'bot', text: 'Hello from bot!' },
    ]);
  });

  it('empty response {} → bot text ""', async () => {
    stubWebhook({ reply: () => jsonResponse({}) });
    const chat = plugin();
    await chat.sendMessage('x');
    expect(chat.getState().messages.at(-1)).toMatchObject({ sender: 'bot', text: '' });
  });

  it('{text} response used', async () => {
    stubWebhook({ reply: () => jsonResponse({ text: 'from text' }) });
    const chat = plugin();
    await chat.sendMessage('x');
    expect(chat.getState().messages.at(-1)).toMatchObject({ text: 'from text' });
  });

  it('{message} response used', async () => {
    stubWebhook({ reply: () => jsonResponse({ message: 'from message' }) });
    const chat = plugin();
    await chat.sendMessage('x');
    expect(chat.getState().messages.at(-1)).toMatchObject({ text: 'from message' });
  });

  it('API error → console error "Chat API error:", bot "Error: Failed to receive response"', async () => {
    const error = quiet();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const chat = plugin();
    await chat.sendMessage('x');
    expect(error).toHaveBeenCalledWith('Chat API error:', expect.anything());
    expect(chat.getState().messages.at(-1)).toMatchObject({
      sender: 'bot',
      text: 'Error: Failed to receive response',
      detail: 'The chat server could not be reached.',
    });
  });

  it('files passed through and stored on the user message', async () => {
    const { requests } = stubWebhook();
    const chat = plugin();
    const file = new File(['x'], 'cita.pdf', { type: 'application/pdf' });
    await chat.sendMessage('con archivo', [file]);
    expect(chat.getState().messages[0]).toMatchObject({ sender: 'user', files: [file] });
    expect(requests[0]?.body.files).toEqual([file]);
  });

  it('waitingForResponse true during, false after', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const chat = plugin();
    const sent = chat.sendMessage('x');
    await vi.waitFor(() => {
      expect(chat.getState().waitingForResponse).toBe(true);
    });
    reply.resolve(jsonResponse({ output: 'ok' }));
    await sent;
    expect(chat.getState().waitingForResponse).toBe(false);
  });

  it('streaming: empty stream → "[No response received …]" bot message', async () => {
    stubWebhook({ reply: () => streamResponse(['']) });
    const chat = plugin({ enableStreaming: true });
    await chat.sendMessage('x');
    expect(chat.getState().messages.at(-1)).toMatchObject({
      sender: 'bot',
      text: '[No response received. This could happen if streaming is enabled in the trigger but disabled in agent node(s)]',
    });
  });

  it('streaming error → "Error: Failed to receive response"', async () => {
    quiet();
    stubWebhook({ reply: () => new Response('boom', { status: 500 }) });
    const chat = plugin({ enableStreaming: true });
    await chat.sendMessage('x');
    expect(chat.getState().messages.at(-1)).toMatchObject({
      type: 'error',
      text: 'Error: Failed to receive response',
    });
  });

  it('streaming with files', async () => {
    const { requests } = stubWebhook({
      reply: () =>
        streamResponse([ndjson([chunk('item', 'n', 0, 'recibido'), chunk('end', 'n', 0)])]),
    });
    const chat = plugin({ enableStreaming: true });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await chat.sendMessage('foto', [file]);
    expect(requests[0]?.init.headers).toEqual({ Accept: 'text/plain' });
    expect(requests[0]?.body.files).toEqual([file]);
    expect(chat.getState().messages.at(-1)).toMatchObject({ text: 'recibido' });
  });

  it("load previous session: stored id reused; ids ['HumanMessage-1']/['AIMessage-1'] are both the bot's", async () => {
    window.localStorage.setItem(KEY, 'stored');
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [
            { id: ['HumanMessage-1'], kwargs: { content: 'a' } },
            { id: ['AIMessage-1'], kwargs: { content: 'b' } },
          ],
        }),
    });
    const chat = store();
    await expect(chat.loadPreviousSession()).resolves.toBe('stored');
    expect(chat.getState().messages.map((message) => message.sender)).toEqual(['bot', 'bot']);
  });

  it('manual id preserved with and without messages', async () => {
    stubWebhook();
    const chat = store({ sessionId: 'manual', showWelcomeScreen: false });
    await chat.start();
    expect(chat.getState().currentSessionId).toBe('manual');
    expect(window.localStorage.getItem(KEY)).toBe('manual');
  });

  it('loadPreviousSession: false → returns nothing, no API call', async () => {
    const { requests } = stubWebhook();
    const chat = plugin();
    await expect(chat.loadPreviousSession()).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('startNewSession with empty storage → UUID stored', () => {
    const chat = plugin();
    const id = chat.startNewSession();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(window.localStorage.getItem(KEY)).toBe(id);
  });

  it('before/after hooks in order, non-streaming: afterMessageSent(text, response)', async () => {
    stubWebhook({ reply: () => jsonResponse({ output: 'ok', extra: 1 }) });
    const calls: unknown[][] = [];
    const chat = plugin({
      beforeMessageSent: (message) => {
        calls.push(['before', message]);
      },
      afterMessageSent: (message, response) => {
        calls.push(['after', message, response]);
      },
    });
    await chat.sendMessage('hola');
    expect(calls).toEqual([
      ['before', 'hola'],
      ['after', 'hola', { output: 'ok', extra: 1 }],
    ]);
  });

  it('streaming: afterMessageSent once per completed run with hasReceivedChunks: true, then once at the end', async () => {
    stubWebhook({
      reply: () =>
        streamResponse([
          ndjson([
            chunk('item', 'a', 0, 'uno'),
            chunk('end', 'a', 0),
            chunk('item', 'b', 0, 'dos'),
            chunk('end', 'b', 0),
          ]),
        ]),
    });
    const after = vi.fn();
    const chat = plugin({ enableStreaming: true, afterMessageSent: after });
    await chat.sendMessage('hola');
    expect(after.mock.calls).toEqual([
      [
        'hola',
        { message: expect.objectContaining({ text: 'uno' }) as unknown, hasReceivedChunks: true },
      ],
      [
        'hola',
        { message: expect.objectContaining({ text: 'dos' }) as unknown, hasReceivedChunks: true },
      ],
      ['hola', { message: '', hasReceivedChunks: true }],
    ]);
  });

  it('a throwing beforeMessageSent fails the message (with a retry)', async () => {
    quiet();
    const { requests } = stubWebhook();
    const chat = plugin({
      beforeMessageSent: () => {
        throw new Error('not now');
      },
    });
    await chat.sendMessage('hola');
    expect(requests).toHaveLength(0);
    expect(chat.getState().messages.at(-1)).toMatchObject({ type: 'error' });
  });

  it('empty text message allowed', async () => {
    const { requests } = stubWebhook();
    const chat = plugin();
    await chat.sendMessage('');
    expect(requests[0]?.body).toMatchObject({ action: 'sendMessage', message: '' });
  });

  it('executionStarted → response kept out of the list: only the user message', async () => {
    installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ executionStarted: true, executionId: '23' }) });
    const after = vi.fn();
    const chat = plugin({ afterMessageSent: after });
    await chat.sendMessage('hola');
    expect(chat.getState().messages).toMatchObject([{ sender: 'user', text: 'hola' }]);
    expect(after).not.toHaveBeenCalled();
  });
});

describe('n8n plugins/chat.test', () => {
  it('{executionStarted: true} opens the live channel instead of showing a message; {} shows one', async () => {
    const sockets = installFakeSocket();
    let started = true;
    stubWebhook({
      reply: () => jsonResponse(started ? { executionStarted: true, executionId: '1' } : {}),
    });
    const chat = store({ loadPreviousSession: false, initialMessages: [] });
    await chat.sendMessage('a');
    expect(sockets).toHaveLength(1);
    sockets[0]?.serverClose();
    started = false;
    await chat.sendMessage('b');
    expect(sockets).toHaveLength(1);
    expect(chat.getState().messages.map((message) => message.sender)).toEqual([
      'user',
      'user',
      'bot',
    ]);
  });
});

describe('docs/PROTOCOL.md §9 defects, fixed', () => {
  it('§9.4 a failed history request still shows the input (a session starts)', async () => {
    window.localStorage.setItem(KEY, 'known');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const chat = store({ showWelcomeScreen: false });
    await chat.start();
    expect(chat.getState()).toMatchObject({
      phase: 'ready',
      historyError: { detail: 'The chat server could not be reached.' },
    });
    expect(chat.getState().currentSessionId).not.toBeNull();
  });

  it('§9.5 messageHistory survives an empty history; "New Conversation" gets a new id', async () => {
    window.localStorage.setItem(KEY, 'old');
    stubWebhook();
    const chat = store({
      showWelcomeScreen: true,
      messageHistory: [{ id: 'h1', sender: 'bot', text: 'Tu última cita fue el lunes.' }],
    });
    await chat.start();
    expect(chat.getState().messages).toEqual([
      { id: 'h1', type: 'text', sender: 'bot', text: 'Tu última cita fue el lunes.' },
    ]);
    const first = chat.getState().currentSessionId;
    expect(chat.startNewSession()).not.toBe(first);
    expect(chat.getState().messages).toEqual([]);
  });

  it('§9.6 an error status is an error with a retry, never a bot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubWebhook({ reply: () => jsonResponse({ message: 'Error in workflow' }, 500) });
    const chat = store({ loadPreviousSession: false });
    await chat.sendMessage('hola');
    expect(chat.getState().messages.at(-1)).toMatchObject({
      type: 'error',
      detail: 'Error in workflow',
    });
  });

  it('§9.6 a plain-text body is shown as it came, not as a quoted JSON string', async () => {
    stubWebhook({ reply: () => new Response('Hello') });
    const chat = store({ loadPreviousSession: false });
    await chat.sendMessage('hola');
    expect(chat.getState().messages.at(-1)).toMatchObject({ type: 'text', text: 'Hello' });
  });

  it('§9.7 two stores share no events and no session', async () => {
    stubWebhook();
    const first = store({ storageNamespace: 'uno', loadPreviousSession: false });
    const second = store({ storageNamespace: 'dos', loadPreviousSession: false });
    const heard: string[] = [];
    second.events.on('messageSent', (message) => heard.push(message.text));
    second.events.on('setInputValue', (value) => heard.push(value));
    await first.sendMessage('solo uno');
    first.events.emit('setInputValue', 'tampoco');
    expect(heard).toEqual([]);
    expect(second.getState().messages).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('stop() interrupts the mount routine, and start() runs it again', async () => {
    window.localStorage.setItem(KEY, 'known');
    const { requests } = stubWebhook(knownSession);
    const chat = store();
    void chat.start();
    chat.stop();
    await chat.start();
    expect(requests).toHaveLength(2);
    expect(chat.getState()).toMatchObject({ phase: 'ready', currentSessionId: 'known' });
  });

  it('a message sent before start() waits for the previous session', async () => {
    window.localStorage.setItem(KEY, 'known');
    const { requests } = stubWebhook(knownSession);
    const chat = store();
    await chat.sendMessage('sigo aquí');
    expect(requests.map((request) => request.body.action)).toEqual([
      'loadPreviousSession',
      'sendMessage',
    ]);
    expect(
      chat.getState().messages.map((message) => ('text' in message ? message.text : '')),
    ).toEqual(['hola', '¡Hola!', 'sigo aquí', 'echo: sigo aquí']);
  });

  it('emits open/close once per change, and messageSent/messageReceived/sessionStarted', async () => {
    stubWebhook();
    const chat = store({ loadPreviousSession: false });
    const events: string[] = [];
    for (const name of [
      'open',
      'close',
      'sessionStarted',
      'messageSent',
      'messageReceived',
    ] as const) {
      chat.events.on(name, () => events.push(name));
    }
    chat.open();
    chat.open();
    chat.close();
    await chat.sendMessage('hola');
    expect(events).toEqual(['open', 'close', 'sessionStarted', 'messageSent', 'messageReceived']);
  });
});
