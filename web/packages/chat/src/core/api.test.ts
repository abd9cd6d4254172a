import { describe, expect, it, vi } from 'vitest';
import { historyItem, jsonResponse, stubWebhook } from '../test/webhook';
import {
  ChatApiError,
  historyToMessages,
  loadPreviousSession,
  readReply,
  replyText,
  sendMessage,
  type ChatRequestOptions,
} from './api';
import { mergeOptions } from './options';

describe('historyToMessages', () => {
  it('maps HumanMessage items to the user and everything else to the bot, with index ids', () => {
    const messages = historyToMessages({
      data: [
        historyItem('HumanMessage', 'hola'),
        historyItem('AIMessage', '¡Hola! ¿En qué puedo ayudarte?'),
        historyItem('ToolMessage', '2'),
        { id: ['HumanMessage-1'], kwargs: { content: 'not an exact element' } },
      ],
    });
    expect(messages).toEqual([
      { id: '0', type: 'text', sender: 'user', text: 'hola' },
      { id: '1', type: 'text', sender: 'bot', text: '¡Hola! ¿En qué puedo ayudarte?' },
      { id: '2', type: 'text', sender: 'bot', text: '2' },
      { id: '3', type: 'text', sender: 'bot', text: 'not an exact element' },
    ]);
  });

  it('treats missing or malformed data as an empty history', () => {
    expect(historyToMessages({})).toEqual([]);
    expect(historyToMessages({ data: null })).toEqual([]);
    expect(historyToMessages('oops')).toEqual([]);
    expect(historyToMessages(null)).toEqual([]);
  });

  it('reads text from multimodal content and empties what has none', () => {
    const [multimodal, empty] = historyToMessages({
      data: [
        historyItem('HumanMessage', [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: 'x' } },
        ]),
        { id: ['langchain_core', 'messages', 'AIMessage'] },
      ],
    });
    expect(multimodal?.text).toBe('look');
    expect(empty).toEqual({ id: '1', type: 'text', sender: 'bot', text: '' });
  });
});

describe('replyText', () => {
  it('takes output, then text, then message', () => {
    expect(replyText({ output: 'a', text: 'b', message: 'c' })).toBe('a');
    expect(replyText({ text: 'b', message: 'c' })).toBe('b');
    expect(replyText({ message: 'c' })).toBe('c');
    expect(replyText({ output: { type: 'text', text: 'd' } })).toBe('d');
  });

  it('falls back to the body as indented JSON, and to nothing for an empty body', () => {
    expect(replyText({ foo: 1 })).toBe('{\n  "foo": 1\n}');
    expect(replyText({ output: { foo: 1 } })).toBe('{\n  "foo": 1\n}');
    expect(replyText({})).toBe('');
    expect(replyText('')).toBe('');
  });

  it('shows a body that is not JSON as it came', () => {
    expect(replyText('Hello')).toBe('Hello');
  });
});

/** Sends `text` and reads the reply like the store does. */
async function send(options: ChatRequestOptions, sessionId: string, text: string) {
  return replyText(await readReply(await sendMessage(options, { sessionId, text })));
}

describe('requests', () => {
  const options = mergeOptions({
    webhookUrl: 'https://example.com/api/n8n/chat',
    metadata: { role: 'guest' },
  });

  it('POSTs history and send requests as JSON with action, session, input and metadata', async () => {
    const { requests } = stubWebhook({
      history: () => jsonResponse({ data: [historyItem('HumanMessage', 'hola')] }),
      reply: () => jsonResponse({ output: 'Hola, ¿qué tal?' }),
    });
    await expect(loadPreviousSession(options, 's-1')).resolves.toMatchObject({
      messages: [{ sender: 'user', text: 'hola' }],
    });
    await expect(send(options, 's-1', 'hola')).resolves.toBe('Hola, ¿qué tal?');
    expect(requests.map((request) => request.body)).toEqual([
      { action: 'loadPreviousSession', sessionId: 's-1', metadata: { role: 'guest' } },
      { action: 'sendMessage', sessionId: 's-1', chatInput: 'hola', metadata: { role: 'guest' } },
    ]);
    expect(requests[1]).toMatchObject({
      url: 'https://example.com/api/n8n/chat',
      init: {
        method: 'POST',
        mode: 'cors',
        cache: 'no-cache',
        headers: { 'Content-Type': 'application/json' },
      },
    });
  });

  it('uses the configured keys and headers, and sends GET requests as a query (metadata as JSON, not [object Object])', async () => {
    const { requests } = stubWebhook();
    const custom = mergeOptions({
      webhookUrl: '/api/n8n/chat',
      webhookConfig: { method: 'GET', headers: { 'X-Key': 'k' } },
      chatInputKey: 'message',
      chatSessionKey: 'conversation',
      metadata: () => ({ n: 1 }),
    });
    await send(custom, 's-2', 'hi there');
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/api/n8n/chat');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'sendMessage',
      conversation: 's-2',
      message: 'hi there',
      metadata: '{"n":1}',
    });
    expect(requests[0]?.init).toMatchObject({ method: 'GET', headers: { 'X-Key': 'k' } });
    expect(requests[0]?.init.body).toBeUndefined();
  });

  it('computes function metadata for every request', async () => {
    const { requests } = stubWebhook();
    let calls = 0;
    const fresh = mergeOptions({ metadata: () => ({ call: ++calls }) });
    await send(fresh, 's', 'a');
    await send(fresh, 's', 'b');
    expect(requests.map((request) => request.body.metadata)).toEqual([{ call: 1 }, { call: 2 }]);
  });

  it('turns a non-2xx {code, message} answer into an error carrying the message', async () => {
    stubWebhook({
      reply: () =>
        jsonResponse(
          { code: 502, message: 'The assistant is not available.', hint: 'Try later.' },
          502,
        ),
    });
    const error = await send(options, 's', 'hola').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatApiError);
    expect(error).toMatchObject({
      kind: 'status',
      message: 'The assistant is not available.',
      serverMessage: 'The assistant is not available.',
      hint: 'Try later.',
      status: 502,
    });
  });

  it('reports a non-2xx answer without a readable message by its status', async () => {
    stubWebhook({ history: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(loadPreviousSession(options, 's')).rejects.toMatchObject({
      kind: 'status',
      message: 'The chat server answered with HTTP status 502.',
      status: 502,
      serverMessage: undefined,
    });
  });

  it('keeps a short plain-text error body as the explanation (n8n authentication errors)', async () => {
    stubWebhook({ reply: () => new Response('Authorization is required!', { status: 401 }) });
    await expect(send(options, 's', 'hola')).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Authorization is required!',
    });
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(send(options, 's', 'hola')).rejects.toMatchObject({
      name: 'ChatApiError',
      kind: 'network',
      status: undefined,
    });
  });

  it('refuses an HTML page delivered with status 200 (a proxy error page)', async () => {
    stubWebhook({
      reply: () => new Response('<!DOCTYPE html><html><body>504</body></html>', { status: 200 }),
    });
    await expect(send(options, 's', 'hola')).rejects.toMatchObject({ kind: 'html' });
  });
});

describe('n8n api/generic.spec', () => {
  const plain = mergeOptions({ webhookUrl: 'https://example.com/webhook' });

  it('default init: mode cors, cache no-cache, JSON content type', async () => {
    const { requests } = stubWebhook();
    await send(plain, 's', 'x');
    expect(requests[0]?.init).toMatchObject({
      mode: 'cors',
      cache: 'no-cache',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('custom headers merged', async () => {
    const { requests } = stubWebhook();
    await send(
      mergeOptions({ webhookConfig: { headers: { Authorization: 'Bearer t' } } }),
      's',
      'x',
    );
    expect(requests[0]?.init.headers).toEqual({
      Authorization: 'Bearer t',
      'Content-Type': 'application/json',
    });
  });

  it('FormData body: no Content-Type header (the browser writes the boundary)', async () => {
    const { requests } = stubWebhook();
    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    await sendMessage(plain, { sessionId: 's', text: 'x', files: [file] });
    expect(requests[0]?.init.headers).toEqual({});
    expect(requests[0]?.init.body).toBeInstanceOf(FormData);
  });

  it('JSON parse failure falls back to the text', async () => {
    stubWebhook({ reply: () => new Response('Hello') });
    await expect(send(plain, 's', 'x')).resolves.toBe('Hello');
  });

  it('get: no query → plain URL with method GET; query fields appended', async () => {
    const { requests } = stubWebhook();
    const get = mergeOptions({
      webhookUrl: 'https://example.com/webhook',
      webhookConfig: { method: 'GET' },
    });
    await loadPreviousSession(get, 's');
    expect(requests[0]?.url).toBe(
      'https://example.com/webhook?action=loadPreviousSession&sessionId=s',
    );
    expect(requests[0]?.init.method).toBe('GET');
  });

  it('postWithFiles: body fields and repeated files parts, in order; objects JSON-encoded', async () => {
    const { requests } = stubWebhook();
    const files = [
      new File(['1'], 'uno.txt', { type: 'text/plain' }),
      new File(['2'], 'dos.png', { type: 'image/png' }),
    ];
    await sendMessage(mergeOptions({ metadata: { userId: 'u1' } }), {
      sessionId: 's',
      text: 'dos archivos',
      files,
    });
    const form = requests[0]?.init.body as FormData;
    expect([...form.keys()]).toEqual([
      'action',
      'sessionId',
      'chatInput',
      'metadata',
      'files',
      'files',
    ]);
    expect(form.get('metadata')).toBe('{"userId":"u1"}');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['uno.txt', 'dos.png']);
    expect(requests[0]?.init.method).toBe('POST');
  });

  it('network rejection propagates (as a network error)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadPreviousSession(plain, 's')).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('n8n api/message.spec', () => {
  const streaming = mergeOptions({ webhookUrl: 'https://example.com/webhook', metadata: { a: 1 } });

  it('streaming request: POST, Content-Type JSON + Accept text/plain, JSON body with metadata', async () => {
    const { requests } = stubWebhook();
    await sendMessage(streaming, { sessionId: 's', text: 'hola', stream: true });
    expect(requests[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
    });
    expect(requests[0]?.body).toEqual({
      action: 'sendMessage',
      sessionId: 's',
      chatInput: 'hola',
      metadata: { a: 1 },
    });
  });

  it('streaming with a file: Accept text/plain only, FormData body', async () => {
    const { requests } = stubWebhook();
    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    await sendMessage(streaming, { sessionId: 's', text: 'hola', files: [file], stream: true });
    expect(requests[0]?.init.headers).toEqual({ Accept: 'text/plain' });
    expect(requests[0]?.init.body).toBeInstanceOf(FormData);
  });

  it('Content-Type from webhookConfig stripped for uploads; other headers kept', async () => {
    const { requests } = stubWebhook();
    const withHeaders = mergeOptions({
      webhookConfig: { headers: { 'content-type': 'application/json', 'X-Custom': 'yes' } },
    });
    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    await sendMessage(withHeaders, { sessionId: 's', text: 'x', files: [file], stream: true });
    expect(requests[0]?.init.headers).toEqual({ Accept: 'text/plain', 'X-Custom': 'yes' });
  });

  it('webhookConfig headers appended after the streaming defaults', async () => {
    const { requests } = stubWebhook();
    await sendMessage(
      mergeOptions({ webhookConfig: { headers: { Accept: 'application/x-ndjson', 'X-A': '1' } } }),
      { sessionId: 's', text: 'x', stream: true },
    );
    expect(requests[0]?.init.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/x-ndjson',
      'X-A': '1',
    });
  });

  it('HTTP 500 rejects with the server text (here: as a status error)', async () => {
    stubWebhook({ reply: () => new Response('Internal Server Error', { status: 500 }) });
    await expect(
      sendMessage(streaming, { sessionId: 's', text: 'x', stream: true }),
    ).rejects.toMatchObject({
      kind: 'status',
      status: 500,
      serverMessage: 'Internal Server Error',
    });
  });
});
