import { describe, expect, it, vi } from 'vitest';
import { installFakeSocket } from '../test/socket';
import { jsonResponse, stubWebhook } from '../test/webhook';
import { liveChannelUrl } from './live';
import { mergeOptions, type ChatOptionsInput } from './options';
import { createChatStore } from './store';

const SESSION = 'session-123';

/**
 * A store whose first send is answered with `executionStarted`, so that it opens the live
 * channel; resolves once the socket exists.
 */
async function liveChat(input: ChatOptionsInput = {}, started: Record<string, unknown> = {}) {
  const sockets = installFakeSocket();
  const { requests } = stubWebhook({
    reply: () => jsonResponse({ executionStarted: true, executionId: 'exec-123', ...started }),
  });
  const chat = createChatStore(
    mergeOptions({
      webhookUrl: 'https://example.com/webhook/abc/chat',
      sessionId: SESSION,
      loadPreviousSession: false,
      initialMessages: [],
      ...input,
    }),
  );
  await chat.sendMessage('hola');
  const socket = sockets[0];
  if (!socket) throw new Error('no live channel opened');
  socket.accept();
  const texts = () =>
    chat
      .getState()
      .messages.map(
        (message) => `${message.sender}: ${'text' in message ? message.text : message.key}`,
      );
  return { chat, socket, sockets, requests, texts };
}

describe('live channel', () => {
  it('opens wss://<webhook origin>/chat with the session, the execution and isPublic', async () => {
    const { socket, chat } = await liveChat();
    expect(socket.url).toBe(
      'wss://example.com/chat?sessionId=session-123&executionId=exec-123&isPublic=true&presence=true',
    );
    // The typing indicator stays on until the first bot message.
    expect(chat.getState().waitingForResponse).toBe(true);
    expect(chat.getState().messages).toHaveLength(1);
  });

  it('appends the resume token, and uses ws:// for an http webhook', async () => {
    const { socket } = await liveChat(
      { webhookUrl: 'http://127.0.0.1:3000/api/n8n/chat' },
      {
        resumeToken: 'a1b2',
      },
    );
    expect(socket.url).toBe(
      'ws://127.0.0.1:3000/chat?sessionId=session-123&executionId=exec-123&isPublic=true&token=a1b2&presence=true',
    );
  });

  it('URL-encodes the values it puts in the query (n8n concatenates them raw)', () => {
    expect(liveChannelUrl('https://x.test/w', 'a b&c', '7', 't/+=')).toBe(
      'wss://x.test/chat?sessionId=a+b%26c&executionId=7&isPublic=true&token=t%2F%2B%3D&presence=true',
    );
  });

  it('answers n8n|heartbeat with n8n|heartbeat-ack and shows nothing', async () => {
    const { socket, texts } = await liveChat();
    socket.receive('n8n|heartbeat');
    expect(socket.sent).toEqual(['n8n|heartbeat-ack']);
    expect(texts()).toEqual(['user: hola']);
  });

  it('answers a JSON heartbeat with a JSON heartbeat-ack', async () => {
    const { socket, texts } = await liveChat();
    socket.receive('{"type":"heartbeat"}');
    expect(socket.sent).toEqual(['{"type":"heartbeat-ack"}']);
    expect(texts()).toEqual(['user: hola']);
  });

  it('waits again on continue, in either dialect', async () => {
    for (const [heartbeat, resume] of [
      ['n8n|heartbeat', 'n8n|continue'],
      ['{"type":"heartbeat"}', '{"type":"continue"}'],
    ] as const) {
      const { socket, chat, texts } = await liveChat();
      socket.receive(heartbeat);
      socket.receive('Primera respuesta');
      expect(chat.getState()).toMatchObject({
        waitingForResponse: false,
        waitingForChatResponse: true,
      });
      socket.receive(resume);
      expect(chat.getState()).toMatchObject({
        waitingForResponse: true,
        waitingForChatResponse: false,
      });
      expect(texts()).toEqual(['user: hola', 'bot: Primera respuesta']);
    }
  });

  it('locks the dialect on the first heartbeat: the other one is then a message', async () => {
    const legacy = await liveChat();
    legacy.socket.receive('n8n|heartbeat');
    legacy.socket.receive('{"type":"continue"}');
    legacy.socket.receive('{"type":"heartbeat"}');
    expect(legacy.texts()).toEqual([
      'user: hola',
      'bot: {"type":"continue"}',
      'bot: {"type":"heartbeat"}',
    ]);
    expect(legacy.socket.sent).toEqual(['n8n|heartbeat-ack']);

    const json = await liveChat();
    json.socket.receive('{"type":"heartbeat"}');
    json.socket.receive('n8n|heartbeat');
    json.socket.receive('{"type":"continue"}');
    expect(json.texts()).toEqual(['user: hola', 'bot: n8n|heartbeat']);
    expect(json.chat.getState().waitingForResponse).toBe(true);
    expect(json.socket.sent).toEqual(['{"type":"heartbeat-ack"}']);
  });

  it('shows other frames as bot messages: raw text, JSON message, JSON error', async () => {
    const { socket, texts } = await liveChat();
    socket.receive('Just some text');
    socket.receive('{"type":"message","text":"Hello"}');
    socket.receive('{"type":"error","message":"Falló el nodo"}');
    socket.receive('[1,2]');
    expect(texts()).toEqual([
      'user: hola',
      'bot: Just some text',
      'bot: Hello',
      'bot: Falló el nodo',
      'bot: [1,2]',
    ]);
  });

  it('turns a with-buttons frame into a component message that can block the input', async () => {
    const { socket, chat } = await liveChat();
    socket.receive(
      JSON.stringify({
        type: 'with-buttons',
        text: '¿Apruebas la cita?',
        buttons: [
          { text: 'Aprobar', link: 'https://example.com/webhook-waiting/1', type: 'primary' },
        ],
        blockUserInput: true,
      }),
    );
    expect(chat.getState().messages.at(-1)).toMatchObject({
      type: 'component',
      key: 'with-buttons',
      arguments: { text: '¿Apruebas la cita?', blockUserInput: true },
    });
    expect(chat.getState().blockUserInput).toBe(true);
  });

  it('sends the next message over the socket once a reply waits for an answer', async () => {
    const { socket, chat, requests, texts } = await liveChat({ chatInputKey: 'message' });
    socket.receive('¿Para qué día?');
    expect(chat.getState().waitingForChatResponse).toBe(true);

    await chat.sendMessage('El viernes');
    expect(requests).toHaveLength(1);
    expect(socket.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { sessionId: SESSION, action: 'sendMessage', chatInput: 'El viernes', files: [] },
    ]);
    expect(chat.getState()).toMatchObject({
      waitingForResponse: true,
      waitingForChatResponse: false,
    });
    expect(texts()).toEqual(['user: hola', 'bot: ¿Para qué día?', 'user: El viernes']);
  });

  it('sends attached files over the socket as data URLs', async () => {
    const { socket, chat } = await liveChat();
    socket.receive('Envíame la foto');
    const file = new File(['hi'], 'nota.txt', { type: 'text/plain' });
    await chat.sendMessage('Aquí está', [file]);
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({
      sessionId: SESSION,
      action: 'sendMessage',
      chatInput: 'Aquí está',
      files: [{ name: 'nota.txt', type: 'text/plain', data: 'data:text/plain;base64,aGk=' }],
    });
  });

  it('shows a file that cannot be read as an error with the reason, and keeps the message', async () => {
    const { socket, chat } = await liveChat();
    socket.receive('Envíame la foto');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      Object.defineProperty(this, 'error', { value: new DOMException('Permission denied') });
      this.dispatchEvent(new ProgressEvent('error'));
    });
    await chat.sendMessage('foto', [new File(['x'], 'foto.png', { type: 'image/png' })]);
    const [, , user, error] = chat.getState().messages;
    expect(user).toMatchObject({ sender: 'user', text: 'foto' });
    expect(error).toMatchObject({
      type: 'error',
      detail: 'Error reading file: Permission denied',
      retryOf: user?.id,
    });
    expect(socket.sent).toEqual([]);
    expect(console.error).toHaveBeenCalledWith('Error reading file:', expect.anything());
  });

  it('ends the turn cleanly when the server closes the socket', async () => {
    const { socket, chat } = await liveChat();
    socket.receive('¿Algo más?');
    socket.serverClose();
    expect(chat.getState()).toMatchObject({
      waitingForResponse: false,
      waitingForChatResponse: false,
      blockUserInput: false,
    });
    expect(chat.getState().messages.map((message) => message.type)).toEqual(['text', 'text']);
  });

  it('shows an error with a retry when the socket fails while a reply is owed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket, chat } = await liveChat();
    socket.serverClose(1008, true);
    const [user, error] = chat.getState().messages;
    expect(error).toMatchObject({
      type: 'error',
      detail: 'The live connection to the chat server failed.',
      retryOf: user?.id,
    });
    expect(chat.getState().waitingForResponse).toBe(false);
  });

  it('closes the socket when a new conversation starts', async () => {
    const { socket, chat } = await liveChat();
    socket.receive('¿Para qué día?');
    chat.startNewSession();
    expect(socket.readyState).toBe(3);
    expect(chat.getState()).toMatchObject({ waitingForChatResponse: false, messages: [] });
  });
});
