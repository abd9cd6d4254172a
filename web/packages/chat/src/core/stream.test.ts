import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { chunk, ndjson, pushedBody, streamResponse, stubWebhook } from '../test/webhook';
import { FRAME_FALLBACK_MS } from './frame';
import { mergeOptions, type ChatOptionsInput } from './options';
import { createChatStore, type ChatStore } from './store';
import {
  createRunGrouper,
  createStreamParser,
  readStream,
  type RunSink,
  type StreamEvent,
} from './stream';

const HTML_TEXT = 'proxy page';

/** A stream with several runs, multi-byte text, a keepalive, a blank line and CRLF endings. */
const SAMPLE = [
  ndjson([
    chunk('begin', 'agent', 0),
    chunk('item', 'agent', 0, '¡Hola, '),
    { type: 'keepalive' },
    chunk('begin', 'tool', 0),
    chunk('item', 'tool', 0, 'Sala 1101 🚪'),
    chunk('item', 'agent', 0, 'qué tal? ñ'),
    chunk('end', 'tool', 0),
    chunk('end', 'agent', 0),
  ]),
  '\n',
  `${JSON.stringify(chunk('begin', 'agent', 1))}\r\n`,
  `${JSON.stringify(chunk('item', 'agent', 1, 'Reservado ✅'))}\r\n`,
  JSON.stringify(chunk('end', 'agent', 1)),
].join('');

function store(input: ChatOptionsInput = {}) {
  return createChatStore(
    mergeOptions({
      webhookUrl: '/api/n8n/chat',
      enableStreaming: true,
      loadPreviousSession: false,
      initialMessages: [],
      ...input,
    }),
  );
}

/** Sends `hola` to a streaming trigger answering `pieces`; resolves to the bot messages. */
async function streamed(pieces: readonly (string | Uint8Array)[], input: ChatOptionsInput = {}) {
  stubWebhook({ reply: () => streamResponse(pieces) });
  const chat = store(input);
  await chat.sendMessage('hola');
  return chat
    .getState()
    .messages.filter((message) => message.sender === 'bot')
    .map((message) => ('text' in message ? message.text : message));
}

/**
 * Fake animation frames and timers for one test (real ones come back after it). In a background
 * tab (`hidden`), animation frames never come.
 */
function fakeFrames({ hidden = false } = {}) {
  vi.useFakeTimers({
    toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
  });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  if (hidden) {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  }
  return {
    next: () => vi.advanceTimersToNextFrame(),
    advance: (ms: number) => vi.advanceTimersByTime(ms),
  };
}

/** Lets every pending promise settle (the body's reader, the parser, the store). */
const macrotask = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

/** The texts the last bot message showed, one per change (`…`: still streaming). */
function watchReply(chat: ChatStore): string[] {
  const seen: string[] = [];
  chat.subscribe(() => {
    const last = chat.getState().messages.at(-1);
    if (last?.type !== 'text' || last.sender !== 'bot') return;
    const shown = `${last.text}${last.streaming ? '…' : ''}`;
    if (shown !== seen.at(-1)) seen.push(shown);
  });
  return seen;
}

function parseAll(text: string): StreamEvent[] {
  const parser = createStreamParser(HTML_TEXT);
  return [...parser.push(text), ...parser.end()];
}

describe('stream parser', () => {
  it('gives the same messages whatever byte the network splits the stream at', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    const whole = await streamed([bytes]);
    expect(whole).toEqual(['¡Hola, qué tal? ñ', 'Sala 1101 🚪', 'Reservado ✅']);
    for (let at = 1; at < bytes.length; at++) {
      expect(await streamed([bytes.slice(0, at), bytes.slice(at)])).toEqual(whole);
    }
    // And byte by byte.
    expect(await streamed(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(whole);
  });

  it('ignores keepalive lines, unknown types and blank lines', () => {
    const events = parseAll(
      ndjson([{ type: 'keepalive' }, { type: 'progress', content: 'x' }, { content: 'no type' }]) +
        '\n   \n' +
        ndjson([chunk('item', 'n', 0, 'ok')]),
    );
    expect(events).toEqual([{ type: 'item', content: 'ok', nodeId: 'n', runIndex: 0 }]);
  });

  it('makes a line that is not JSON a text chunk, and defaults nodeId to unknown', () => {
    expect(parseAll('just text\n{"type":"item","content":"x"}\nlast line')).toEqual([
      { type: 'item', content: 'just text', nodeId: 'unknown' },
      { type: 'item', content: 'x', nodeId: 'unknown', runIndex: undefined },
      { type: 'item', content: 'last line', nodeId: 'unknown' },
    ]);
  });

  it('fails on an HTML page before any event, and turns a later one into one error event', () => {
    expect(() =>
      parseAll('<!DOCTYPE html>\n<html><body>504 Gateway Time-out</body></html>\n'),
    ).toThrow(expect.objectContaining({ kind: 'html' }));
    const events = parseAll(
      ndjson([chunk('item', 'n', 0, 'parte')]) + '<html>\n<body>oops</body>\nmore\n</html>\n',
    );
    expect(events).toEqual([
      { type: 'item', content: 'parte', nodeId: 'n', runIndex: 0 },
      { type: 'error', content: HTML_TEXT, nodeId: 'unknown' },
    ]);
  });

  it('hands back a body without stream events as a whole, for a normal reply', () => {
    const parser = createStreamParser(HTML_TEXT);
    parser.push('{\n  "output": ');
    parser.push('"Hola"\n}\n');
    parser.end();
    expect(parser.outcome()).toEqual({ received: true, body: { output: 'Hola' } });

    const stream = createStreamParser(HTML_TEXT);
    stream.push(ndjson([chunk('begin', 'n', 0), chunk('end', 'n', 0)]));
    stream.end();
    expect(stream.outcome()).toEqual({ received: false });
  });

  it('rejects a response without a body as unreadable', async () => {
    const response = new Response(null);
    await expect(readStream(response, () => undefined, HTML_TEXT)).rejects.toMatchObject({
      kind: 'unreadable',
      message: 'Response body is not readable',
    });
  });
});

describe('grouping by nodeId + runIndex', () => {
  function sink() {
    const texts = new Map<string, string>();
    const order: string[] = [];
    const completed: string[] = [];
    const target: RunSink = {
      create() {
        const id = `m${String(order.length)}`;
        order.push(id);
        texts.set(id, '');
        return id;
      },
      update(id, text) {
        texts.set(id, text);
      },
      complete(id) {
        completed.push(id);
      },
    };
    const messages = () => order.map((id) => texts.get(id));
    return { target, messages, completed };
  }

  it('keeps interleaved runs apart, ordered by their first text', async () => {
    const { target, messages, completed } = sink();
    const runs = createRunGrouper(target, (content) => `Error: ${content ?? 'Unknown error'}`);
    for (const event of parseAll(
      ndjson([
        chunk('begin', 'a', 0),
        chunk('begin', 'b', 0),
        chunk('item', 'b', 0, 'B1 '),
        chunk('item', 'a', 0, 'A1 '),
        chunk('item', 'a', 1, 'A-run1 '),
        chunk('item', 'b', 0, 'B2'),
        chunk('end', 'b', 0),
        chunk('item', 'a', 0, 'A2'),
        chunk('end', 'a', 0),
      ]),
    )) {
      await runs.handle(event);
    }
    expect(messages()).toEqual(['B1 B2', 'A1 A2', 'A-run1 ']);
    expect(completed).toEqual(['m0', 'm1']);
    await runs.finish();
    expect(completed).toEqual(['m0', 'm1', 'm2']);
  });

  it('starts a new message for a second begin…end of the same run, and none for an empty one', async () => {
    const { target, messages } = sink();
    const runs = createRunGrouper(target, () => '');
    for (const event of parseAll(
      ndjson([
        chunk('begin', 'agent', 0),
        chunk('item', 'agent', 0, 'Room 1101'),
        chunk('end', 'agent', 0),
        chunk('begin', 'agent', 0),
        chunk('end', 'agent', 0),
        chunk('begin', 'agent', 0),
        chunk('item', 'agent', 0, ''),
        chunk('item', 'agent', 0, 'Work order created successfully!'),
        chunk('end', 'agent', 0),
      ]),
    )) {
      await runs.handle(event);
    }
    expect(messages()).toEqual(['Room 1101', 'Work order created successfully!']);
  });

  it('ends a run with the text of an error event', async () => {
    const { target, messages, completed } = sink();
    const runs = createRunGrouper(target, (content) => `Error: ${content ?? 'Unknown error'}`);
    await runs.handle({ type: 'item', content: 'Part', nodeId: 'n' });
    await runs.handle({ type: 'error', content: ' failed', nodeId: 'n' });
    await runs.handle({ type: 'error', nodeId: 'other' });
    expect(messages()).toEqual(['PartError:  failed', 'Error: Unknown error']);
    expect(completed).toEqual(['m0', 'm1']);
  });
});

describe('streamed replies in the store', () => {
  it('shows the chunks that arrive within a frame together, and the final text at once', async () => {
    const frames = fakeFrames();
    const body = pushedBody();
    const { requests } = stubWebhook({ reply: () => new Response(body.stream) });
    const chat = store();
    const seen = watchReply(chat);
    const sent = chat.sendMessage('hola');

    body.push(ndjson([chunk('begin', 'n', 0), chunk('item', 'n', 0, 'Ho')]));
    body.push(ndjson([chunk('item', 'n', 0, 'la')]));
    await macrotask();
    // The message exists at once (the typing indicator gives way to it), its text comes with the
    // next frame: both chunks in one change.
    expect(seen).toEqual(['…']);
    frames.next();
    expect(seen).toEqual(['…', 'Hola…']);

    body.push(ndjson([chunk('item', 'n', 0, ', ¿qué tal?'), chunk('end', 'n', 0)]));
    body.end();
    await sent;
    // The end of the run shows the whole text without waiting for a frame.
    expect(seen).toEqual(['…', 'Hola…', 'Hola, ¿qué tal?']);
    frames.next();
    expect(seen).toHaveLength(3);
    expect(requests[0]?.init.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'text/plain',
    });
  });

  it('keeps showing a stream in a background tab, where no animation frame comes', async () => {
    const frames = fakeFrames({ hidden: true });
    const body = pushedBody();
    stubWebhook({ reply: () => new Response(body.stream) });
    const chat = store();
    const seen = watchReply(chat);
    const sent = chat.sendMessage('hola');

    body.push(ndjson([chunk('begin', 'n', 0), chunk('item', 'n', 0, 'Hola')]));
    await macrotask();
    frames.advance(FRAME_FALLBACK_MS - 1);
    expect(seen).toEqual(['…']);
    frames.advance(1);
    expect(seen).toEqual(['…', 'Hola…']);
    body.end();
    await sent;
    expect(seen).toEqual(['…', 'Hola…', 'Hola']);
  });

  it('shows what arrived of a run that fails midway', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeFrames();
    const body = pushedBody();
    stubWebhook({ reply: () => new Response(body.stream) });
    const chat = store();
    const sent = chat.sendMessage('hola');
    body.push(ndjson([chunk('begin', 'n', 0), chunk('item', 'n', 0, 'Primera parte')]));
    await macrotask();
    body.fail(new TypeError('network error'));
    await sent;
    const [, reply, error] = chat.getState().messages;
    expect(reply).toMatchObject({ text: 'Primera parte', streaming: false });
    expect(error).toMatchObject({ type: 'error' });
  });

  it('shows an HTML error page as a clear error with a retry, never as markup', async () => {
    stubWebhook({
      reply: () => streamResponse(['<!DOCTYPE html>\n<html><body><h1>504</h1></body></html>']),
    });
    const chat = store();
    await chat.sendMessage('hola');
    const [user, error] = chat.getState().messages;
    expect(error).toMatchObject({
      type: 'error',
      text: 'Error: Failed to receive response',
      detail: expect.stringContaining('web page instead of a reply') as unknown,
      retryOf: user?.id,
    });
    expect(chat.getState().messages).toHaveLength(2);
  });

  it('treats a text/html response as an error before reading it', async () => {
    stubWebhook({
      reply: () => new Response('<p>Bad gateway</p>', { headers: { 'Content-Type': 'text/html' } }),
    });
    const chat = store();
    await chat.sendMessage('hola');
    expect(chat.getState().messages.at(-1)).toMatchObject({ type: 'error' });
  });

  it('shows a normal JSON reply from a trigger that does not stream', async () => {
    expect(await streamed(['{"output":"echo: hola"}'])).toEqual(['echo: hola']);
  });

  it('says so when the stream ends without text', async () => {
    expect(await streamed([ndjson([chunk('begin', 'n', 0), chunk('end', 'n', 0)])])).toEqual([
      '[No response received. This could happen if streaming is enabled in the trigger but disabled in agent node(s)]',
    ]);
  });

  it('turns a with-buttons run into a component message that blocks the input', async () => {
    const payload = JSON.stringify({
      type: 'with-buttons',
      text: '¿Confirmas?',
      buttons: [{ text: 'Sí', link: '/webhook-waiting/1', type: 'primary' }],
      blockUserInput: true,
    });
    stubWebhook({
      reply: () =>
        streamResponse([ndjson([chunk('item', 'chat', 0, payload), chunk('end', 'chat', 0)])]),
    });
    const chat = store();
    await chat.sendMessage('hola');
    expect(chat.getState().messages.at(-1)).toMatchObject({
      type: 'component',
      key: 'with-buttons',
      arguments: { text: '¿Confirmas?', blockUserInput: true },
    });
    expect(chat.getState().blockUserInput).toBe(true);
  });

  it('renders an NDJSON body sent to a non-streaming widget as the stream it is (n8n #19456)', async () => {
    stubWebhook({
      reply: () =>
        new Response(
          ndjson([chunk('begin', 'n', 0), chunk('item', 'n', 0, 'Hola'), chunk('end', 'n', 0)]),
        ),
    });
    const chat = store({ enableStreaming: false });
    await chat.sendMessage('hola');
    expect(chat.getState().messages.at(-1)).toMatchObject({ sender: 'bot', text: 'Hola' });
  });
});
