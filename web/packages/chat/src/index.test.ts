import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { createChat, Markdown, type ChatHandle, type MarkdownProps } from './index';
import { installFakeSocket } from './test/socket';
import { chunk, deferred, jsonResponse, ndjson, streamResponse, stubWebhook } from './test/webhook';

const handles: ChatHandle[] = [];

function mount(create: typeof createChat, options: Parameters<typeof createChat>[0]) {
  let handle: ChatHandle | undefined;
  act(() => {
    handle = create(options);
  });
  if (!handle) throw new Error('not mounted');
  handles.push(handle);
  return handle;
}

afterEach(() => {
  for (const handle of handles.splice(0))
    act(() => {
      handle.unmount();
    });
  document.body.innerHTML = '';
});

describe('createChat', () => {
  it('creates #n8n-chat under body when missing and removes it on unmount', () => {
    stubWebhook();
    const handle = mount(createChat, { webhookUrl: '/api/n8n/chat' });
    const target = document.querySelector('body > #n8n-chat');
    expect(target?.querySelector('.citabot-chat')).not.toBeNull();
    act(() => {
      handle.unmount();
    });
    expect(document.querySelector('#n8n-chat')).toBeNull();
  });

  it('mounts into a given selector or element and leaves the element in place', () => {
    stubWebhook();
    const host = document.body.appendChild(document.createElement('div'));
    host.className = 'chat-here';
    const handle = mount(createChat, { target: '.chat-here' });
    expect(host.querySelector('.citabot-chat')).not.toBeNull();
    act(() => {
      handle.unmount();
    });
    expect(host.isConnected).toBe(true);
    expect(host).toBeEmptyDOMElement();

    const element = document.body.appendChild(document.createElement('section'));
    mount(createChat, { target: element });
    expect(element.querySelector('.citabot-chat')).not.toBeNull();
  });

  it('returns a handle that opens, closes, sends and starts new sessions', async () => {
    const { requests } = stubWebhook();
    const handle = mount(createChat, { webhookUrl: '/api/n8n/chat' });
    const toggle = screen.getByRole('button', { name: 'Open chat' });

    act(() => {
      handle.open();
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      handle.close();
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => {
      handle.toggle();
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await act(() => handle.sendMessage('hola'));
    expect(screen.getByText('echo: hola')).toBeInTheDocument();
    const firstSession = requests[0]?.body.sessionId;

    let secondSession = '';
    act(() => {
      secondSession = handle.startNewSession();
    });
    expect(secondSession).not.toBe(firstSession);
    expect(screen.queryByText('echo: hola')).toBeNull();
  });

  it('sends files through the handle and reports events to its listeners', async () => {
    const { requests } = stubWebhook();
    const handle = mount(createChat, { webhookUrl: '/api/n8n/chat', loadPreviousSession: false });
    const heard: string[] = [];
    const off = handle.on('messageReceived', (message) => {
      heard.push('text' in message ? message.text : message.key);
    });
    handle.on('open', () => heard.push('open'));
    act(() => {
      handle.open();
    });
    const file = new File(['x'], 'cita.pdf', { type: 'application/pdf' });
    await act(() => handle.sendMessage('con archivo', [file]));
    off();
    await act(() => handle.sendMessage('otra'));
    expect(heard).toEqual(['open', 'echo: con archivo']);
    expect(requests[0]?.body.files).toEqual([file]);
    expect(screen.getByRole('button', { name: 'Open cita.pdf' })).toBeInTheDocument();
  });

  it('lets the host drive the input: focusInput, blurInput, setInputValue, scrollToBottom', async () => {
    stubWebhook();
    const handle = mount(createChat, { mode: 'fullscreen', loadPreviousSession: false });
    const input = await screen.findByRole('textbox');
    act(() => {
      handle.setInputValue('Quiero una cita');
    });
    expect(input).toHaveValue('Quiero una cita');
    expect(input).toHaveFocus();
    act(() => {
      handle.blurInput();
    });
    expect(input).not.toHaveFocus();
    act(() => {
      handle.focusInput();
    });
    expect(input).toHaveFocus();
    const body = document.querySelector<HTMLElement>('.chat-body');
    Object.defineProperty(body, 'scrollHeight', { value: 777 });
    act(() => {
      handle.scrollToBottom();
    });
    expect(body?.scrollTop).toBe(777);
  });

  it('closes the live channel on unmount', async () => {
    const sockets = installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ executionStarted: true, executionId: '1' }) });
    const handle = mount(createChat, { loadPreviousSession: false });
    await act(() => handle.sendMessage('hola'));
    expect(sockets[0]?.readyState).toBe(0);
    act(() => {
      handle.unmount();
    });
    expect(sockets[0]?.readyState).toBe(3);
  });

  it('keeps two widgets on one page apart', async () => {
    stubWebhook();
    const user = userEvent.setup();
    const first = document.body.appendChild(document.createElement('div'));
    const second = document.body.appendChild(document.createElement('div'));
    mount(createChat, { target: first, storageNamespace: 'first', mode: 'fullscreen' });
    mount(createChat, { target: second, storageNamespace: 'second', mode: 'fullscreen' });

    await user.type(await within(first).findByRole('textbox'), 'uno{Enter}');
    expect(await within(first).findByText('echo: uno')).toBeInTheDocument();
    expect(within(second).queryByText('uno')).toBeNull();
  });
});

describe('n8n index.spec', () => {
  const target = () => document.querySelector('#n8n-chat');
  const messages = () =>
    Array.from(document.querySelectorAll('.chat-message:not(.chat-message-typing)'));
  const typing = () => document.querySelector('.chat-message-typing');
  const waitForLastBot = async (text: string) => {
    await screen.findByText(text);
    const last = messages().at(-1);
    if (!(last instanceof HTMLElement)) throw new Error('no message');
    return last;
  };

  it('fullscreen with defaults', () => {
    stubWebhook();
    mount(createChat, { mode: 'fullscreen' });
    expect(target()).toBeVisible();
    expect(document.querySelector('.chat-wrapper')).toBeVisible();
    expect(document.querySelector('.chat-window-wrapper')).toBeNull();
  });

  it('window with defaults', () => {
    stubWebhook();
    mount(createChat, { mode: 'window' });
    expect(target()).toBeInTheDocument();
    expect(document.querySelector('.chat-window-wrapper')).toBeVisible();
    expect(document.querySelector('.chat-wrapper')).not.toBeVisible();
  });

  it('open window via toggle', async () => {
    stubWebhook();
    mount(createChat, {});
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(document.querySelector('.chat-wrapper')).toBeVisible();
  });

  it('loads previous messages on mount (of a stored session: an unknown visitor has none to load)', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'returning');
    const { fetchMock } = stubWebhook();
    mount(createChat, { mode: 'fullscreen', showWelcomeScreen: true });
    await userEvent.click(await screen.findByRole('button', { name: 'New Conversation' }));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      mode: 'cors',
      cache: 'no-cache',
    });
    expect(init?.body).toContain('"action":"loadPreviousSession"');
  });

  it.each(['fullscreen', 'window'] as const)('initial messages shown (%s)', (mode) => {
    stubWebhook();
    const handle = mount(createChat, { mode, initialMessages: ['Hello tester!', 'How are you?'] });
    act(() => {
      handle.open();
    });
    expect(messages()).toHaveLength(2);
    expect(screen.getByText('Hello tester!')).toBeInTheDocument();
    expect(screen.getByText('How are you?')).toBeInTheDocument();
  });

  it.each(['window', 'fullscreen'] as const)('send + render text (%s)', async (mode) => {
    const reply = deferred<Response>();
    const { fetchMock } = stubWebhook({ reply: () => reply.promise });
    const user = userEvent.setup();
    const handle = mount(createChat, { mode, loadPreviousSession: false });
    act(() => {
      handle.open();
    });
    const input = await screen.findByRole('textbox');
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(typing()).toBeNull();
    expect(messages()).toHaveLength(2);
    await user.type(input, 'Hello User World!');
    expect(send).toBeEnabled();
    await user.click(send);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      mode: 'cors',
      cache: 'no-cache',
    });
    expect(init?.body).toContain('"action":"sendMessage"');
    expect(init?.body).toContain('"Hello User World!"');
    expect(messages()).toHaveLength(3);
    expect(typing()).toBeVisible();
    reply.resolve(jsonResponse({ output: 'Hello Bot World!' }));
    expect(await screen.findByText('Hello Bot World!')).toBeInTheDocument();
    expect(typing()).toBeNull();
  });

  it('send + render code markdown', async () => {
    stubWebhook({
      reply: () => jsonResponse({ output: "# Code\n```js\nconsole.log('Hello World!');\n```" }),
    });
    const user = userEvent.setup();
    mount(createChat, { mode: 'fullscreen', loadPreviousSession: false });
    await user.type(await screen.findByRole('textbox'), 'Show me code{Enter}');
    const last = await waitForLastBot('Code');
    expect(within(last).getByRole('heading', { level: 1, name: 'Code' })).toBeInTheDocument();
    expect(last.querySelector('code')).toHaveTextContent("console.log('Hello World!');");
  });

  it('streaming when enabled', async () => {
    const { fetchMock } = stubWebhook({
      reply: () =>
        streamResponse([
          ndjson([
            chunk('begin', 'node-1', 0),
            chunk('item', 'node-1', 0, 'Once upon a time, '),
            chunk('item', 'node-1', 0, 'there was '),
            chunk('item', 'node-1', 0, 'a test.'),
            chunk('end', 'node-1', 0),
          ]),
        ]),
    });
    const user = userEvent.setup();
    mount(createChat, {
      mode: 'fullscreen',
      enableStreaming: true,
      loadPreviousSession: false,
      initialMessages: [],
    });
    await user.type(await screen.findByRole('textbox'), 'Tell me a story{Enter}');
    expect(await screen.findByText('Once upon a time, there was a test.')).toBeInTheDocument();
    expect(screen.getByText('Tell me a story')).toBeInTheDocument();
    expect(typing()).toBeNull();
    expect(messages()).toHaveLength(2);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
    });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'text/plain' });
    expect(init?.body).toContain('"action":"sendMessage"');
  });

  it('falls back when streaming disabled', async () => {
    stubWebhook({ reply: () => jsonResponse({ output: 'Plain reply' }) });
    const user = userEvent.setup();
    mount(createChat, { mode: 'fullscreen', enableStreaming: false, loadPreviousSession: false });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByText('Plain reply')).toBeInTheDocument();
  });

  it('streaming network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    mount(createChat, { mode: 'fullscreen', enableStreaming: true, loadPreviousSession: false });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByText('Error: Failed to receive response')).toBeInTheDocument();
    // Fixed: the message can be sent again.
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Markdown (public)', () => {
  it("renders markdown the widget's safe way for hosts", () => {
    const props: MarkdownProps = {
      className: 'answer',
      source:
        '**Abierto** <img src=x onerror=alert(1)> [x](javascript:alert(1)) [web](https://example.com)',
    };
    const { container } = render(createElement(Markdown, props));
    const root = container.querySelector('div.answer');
    expect(root?.querySelector('strong')).toHaveTextContent('Abierto');
    expect(root?.querySelector('img')).toBeNull();
    expect(root).toHaveTextContent('<img src=x onerror=alert(1)>');
    const links = Array.from(root?.querySelectorAll('a') ?? []);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com']);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('calls made before the session has started', () => {
  it('open focuses the start button on the welcome screen, else the input', async () => {
    stubWebhook();
    let handle: ChatHandle | undefined;
    act(() => {
      handle = createChat({ webhookUrl: '/api/n8n/chat', showWelcomeScreen: true });
      handle.open();
    });
    if (handle) handles.push(handle);
    expect(await screen.findByRole('button', { name: 'New Conversation' })).toHaveFocus();
    act(() => {
      handles.pop()?.unmount();
    });

    act(() => {
      handle = createChat({ webhookUrl: '/api/n8n/chat' });
      handle.open();
    });
    if (handle) handles.push(handle);
    const input = await screen.findByRole('textbox');
    await vi.waitFor(() => {
      expect(input).toHaveFocus();
    });
  });

  it('focusInput and setInputValue wait for the input', async () => {
    stubWebhook();
    let handle: ChatHandle | undefined;
    act(() => {
      handle = createChat({ webhookUrl: '/api/n8n/chat' });
      handle.open();
      handle.setInputValue('quiero una cita');
    });
    if (handle) handles.push(handle);
    const input = await screen.findByRole('textbox');
    await vi.waitFor(() => {
      expect(input).toHaveValue('quiero una cita');
    });
    expect(input).toHaveFocus();
  });

  it('a request the input already took is not applied again', async () => {
    stubWebhook();
    const handle = mount(createChat, { webhookUrl: '/api/n8n/chat', showWelcomeScreen: true });
    act(() => {
      handle.open();
      handle.setInputValue('primero');
      handle.blurInput();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Conversation' }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});
