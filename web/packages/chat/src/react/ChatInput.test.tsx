import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatOptionsInput } from '../core/options';
import type { ChatStore } from '../core/store';
import { renderInChat } from '../test/render';
import { installFakeSocket } from '../test/socket';
import { deferred, jsonResponse, stubWebhook } from '../test/webhook';
import { ChatInput } from './ChatInput';

function setup(input: ChatOptionsInput = {}) {
  const { store, container } = renderInChat(<ChatInput />, {
    loadPreviousSession: false,
    ...input,
  });
  act(() => {
    store.startNewSession();
  });
  return {
    store,
    container,
    textarea: screen.getByRole<HTMLTextAreaElement>('textbox'),
    send: screen.getByRole('button', { name: 'Send message' }),
    user: userEvent.setup(),
  };
}

const userTexts = (store: ChatStore) =>
  store
    .getState()
    .messages.filter((message) => message.sender === 'user')
    .map((message) => ('text' in message ? message.text : ''));

const picker = (container: HTMLElement) => {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

describe('ChatInput', () => {
  it('sends on Enter and clears the text', async () => {
    const { requests } = stubWebhook();
    const { store, textarea, user } = setup();
    await user.type(textarea, 'hola{Enter}');
    expect(textarea).toHaveValue('');
    expect(userTexts(store)).toEqual(['hola']);
    expect(requests[0]?.body.chatInput).toBe('hola');
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    const { requests } = stubWebhook();
    const { store, textarea, user } = setup();
    await user.type(textarea, 'uno{Shift>}{Enter}{/Shift}dos');
    expect(textarea).toHaveValue('uno\ndos');
    expect(userTexts(store)).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('does not send on Enter during IME composition', async () => {
    stubWebhook();
    const { store, textarea, user } = setup();
    await user.type(textarea, 'にほん');
    fireEvent.keyDown(textarea, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(textarea, { key: 'Enter', keyCode: 229 });
    expect(userTexts(store)).toEqual([]);
    expect(textarea).toHaveValue('にほん');
  });

  it('disables send while the text is blank and while a reply is pending', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const { textarea, send, user } = setup();
    expect(send).toBeDisabled();
    await user.type(textarea, '   ');
    expect(send).toBeDisabled();
    await user.type(textarea, 'hola');
    expect(send).toBeEnabled();
    await user.click(send);
    await user.type(textarea, 'otra');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(textarea).toHaveValue('otra');
    reply.resolve(jsonResponse({ output: 'ok' }));
    await waitFor(() => {
      expect(send).toBeEnabled();
    });
  });

  it('is disabled with the widget', () => {
    const { textarea, send } = setup({ disabled: true });
    expect(textarea).toBeDisabled();
    expect(send).toBeDisabled();
  });

  it('reports ArrowUp/ArrowDown with the current text, but only on the first/last line (n8n swallows every arrow)', async () => {
    stubWebhook();
    const { store, textarea, user } = setup();
    const keys: string[] = [];
    store.events.on('arrowKeyDown', ({ key, currentInputValue }) =>
      keys.push(`${key}:${currentInputValue}`),
    );
    await user.type(textarea, 'uno{Shift>}{Enter}{/Shift}dos');
    // The caret is on the last line: ArrowDown is reported, ArrowUp moves the caret.
    const up = fireEvent.keyDown(textarea, { key: 'ArrowUp' });
    expect(up).toBe(true);
    expect(fireEvent.keyDown(textarea, { key: 'ArrowDown' })).toBe(false);
    textarea.setSelectionRange(1, 1);
    expect(fireEvent.keyDown(textarea, { key: 'ArrowUp' })).toBe(false);
    expect(keys).toEqual(['ArrowDown:uno\ndos', 'ArrowUp:uno\ndos']);
  });

  it('reports Escape with the current text', async () => {
    const { store, textarea, user } = setup();
    const heard: string[] = [];
    store.events.on('escapeKeyDown', ({ currentInputValue }) => heard.push(currentInputValue));
    await user.type(textarea, 'borrador{Escape}');
    expect(heard).toEqual(['borrador']);
  });

  it('obeys focusInput, blurInput and setInputValue', () => {
    const { store, textarea } = setup();
    act(() => {
      store.events.emit('focusInput');
    });
    expect(textarea).toHaveFocus();
    act(() => {
      store.events.emit('blurInput');
    });
    expect(textarea).not.toHaveFocus();
    act(() => {
      store.events.emit('setInputValue', 'desde fuera');
    });
    expect(textarea).toHaveValue('desde fuera');
    expect(textarea).toHaveFocus();
  });

  it('grows with its text up to 480 px', async () => {
    const { textarea, user } = setup();
    let height = 50;
    Object.defineProperty(textarea, 'scrollHeight', { configurable: true, get: () => height });
    height = 120;
    await user.type(textarea, 'a');
    expect(textarea.style.height).toBe('120px');
    height = 900;
    await user.type(textarea, 'b');
    expect(textarea.style.height).toBe('480px');
  });

  it('shows the attach button only with allowFileUploads, with accept from allowedFilesMimeTypes', () => {
    const without = setup();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
    expect(without.container.querySelector('input[type="file"]')).toBeNull();
    without.container.remove();

    const { container } = setup({
      allowFileUploads: true,
      allowedFilesMimeTypes: 'image/*,text/*',
    });
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();
    expect(picker(container)).toHaveAttribute('accept', 'image/*,text/*');
    expect(picker(container)).toHaveAttribute('multiple');
  });

  it('appends later picks, removes by name, and sends the files with the text', async () => {
    const { requests } = stubWebhook();
    const { store, container, textarea, user } = setup({ allowFileUploads: true });
    const photo = new File(['p'], 'foto.png', { type: 'image/png' });
    const notes = new File(['n'], 'notas.txt', { type: 'text/plain' });
    const song = new File(['s'], 'canción.mp3', { type: 'audio/mpeg' });
    await user.upload(picker(container), [photo, notes]);
    await user.upload(picker(container), [song, notes]);
    const chips = () =>
      screen.queryAllByRole('button', { name: /^Open / }).map((chip) => chip.textContent);
    expect(chips()).toEqual(['foto.png', 'notas.txt', 'canción.mp3', 'notas.txt']);

    const [remove] = screen.getAllByRole('button', { name: 'Remove notas.txt' });
    if (remove) await user.click(remove);
    expect(chips()).toEqual(['foto.png', 'canción.mp3']);

    await user.type(textarea, 'mira{Enter}');
    expect(chips()).toEqual([]);
    expect(store.getState().messages[0]).toMatchObject({ text: 'mira', files: [photo, song] });
    expect(requests[0]?.body.files).toEqual([photo, song]);
  });

  it('disables the attach button while a reply is pending', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const { textarea, user } = setup({ allowFileUploads: true });
    await user.type(textarea, 'hola{Enter}');
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    reply.resolve(jsonResponse({ output: 'ok' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();
    });
  });
});

describe('n8n Input.spec', () => {
  async function live() {
    const sockets = installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ executionStarted: true, executionId: 'exec-123' }) });
    const view = setup({ webhookUrl: 'https://example.com/webhook', sessionId: 'session-123' });
    await view.user.type(view.textarea, 'hola{Enter}');
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.accept();
    return { ...view, socket };
  }

  it('renders', () => {
    setup();
    expect(screen.getByRole('textbox', { name: 'Type your question..' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });

  it('custom placeholder', () => {
    setup({ i18n: { en: { inputPlaceholder: 'customPlaceholder' } } });
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', 'customPlaceholder');
  });

  it('typing updates value', async () => {
    const { textarea, user } = setup();
    await user.type(textarea, 'Hello');
    expect(textarea).toHaveValue('Hello');
  });

  it('Shift+Enter does not submit', async () => {
    const { requests } = stubWebhook();
    const { textarea, user } = setup();
    await user.type(textarea, 'a{Shift>}{Enter}{/Shift}');
    expect(requests).toHaveLength(0);
  });

  it('WS URL contains sessionId and executionId; waiting stays true after WS setup', async () => {
    const { socket, store } = await live();
    expect(socket.url).toContain('sessionId=session-123');
    expect(socket.url).toContain('executionId=exec-123');
    expect(store.getState().waitingForResponse).toBe(true);
  });

  it('reply over WS sends a frame containing "chatInput":"Test message"; send is enabled even while empty', async () => {
    const { socket, textarea, send, user } = await live();
    act(() => {
      socket.receive('¿Seguro?');
    });
    expect(send).toBeEnabled();
    await user.type(textarea, 'Test message{Enter}');
    expect(socket.sent.at(-1)).toContain('"chatInput":"Test message"');
  });

  it('submit blocked when empty', async () => {
    const { requests } = stubWebhook();
    const { send, user } = setup();
    await user.click(send);
    expect(requests).toHaveLength(0);
  });

  it('a message that blocks the input disables send', async () => {
    const { socket, send, textarea, user } = await live();
    act(() => {
      socket.receive(
        JSON.stringify({ type: 'with-buttons', text: 'Elige', buttons: [], blockUserInput: true }),
      );
    });
    expect(send).toBeDisabled();
    act(() => {
      socket.serverClose();
    });
    await user.type(textarea, 'otra cosa');
    expect(send).toBeEnabled();
  });

  it('legacy heartbeat is acknowledged without a message', async () => {
    const { socket, store } = await live();
    act(() => {
      socket.receive('n8n|heartbeat');
    });
    expect(socket.sent).toEqual(['n8n|heartbeat-ack']);
    expect(store.getState().messages).toHaveLength(1);
  });
});
