/**
 * A fake chat webhook behind a stubbed `fetch`: the only boundary the unit tests replace.
 * It answers like the citabot server: history in the LangChain shape, replies as `{output}`.
 */
import { vi } from 'vitest';

export interface HistoryItem {
  lc: number;
  type: string;
  id: string[];
  kwargs: { content: unknown };
}

/** A serialised LangChain message of the given class (`HumanMessage`, `AIMessage`, ...). */
export function historyItem(className: string, content: unknown): HistoryItem {
  return {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', className],
    kwargs: { content },
  };
}

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A parsed webhook request as the server would see it. */
export interface WebhookRequest {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

type Answer = Response | Promise<Response>;

/**
 * Stubs `fetch` with a webhook that routes on `action`. `history` maps session ids to their
 * items (unknown ids have none); `reply` answers `sendMessage` (default: echoes the input).
 */
export function stubWebhook(
  handlers: {
    history?: (request: WebhookRequest) => Answer;
    reply?: (request: WebhookRequest) => Answer;
  } = {},
) {
  const history = handlers.history ?? (() => jsonResponse({ data: [] }));
  const reply =
    handlers.reply ??
    ((request: WebhookRequest) =>
      jsonResponse({ output: `echo: ${String(request.body.chatInput)}` }));
  const requests: WebhookRequest[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const { body: sent } = init;
    const body =
      typeof sent === 'string'
        ? (JSON.parse(sent) as Record<string, unknown>)
        : sent instanceof FormData
          ? Object.fromEntries(
              [...sent.keys()].map((key) => [
                key,
                key === 'files' ? sent.getAll(key) : sent.get(key),
              ]),
            )
          : Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    const request = { url, init, body };
    requests.push(request);
    return Promise.resolve(
      body.action === 'loadPreviousSession' ? history(request) : reply(request),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** A promise with its resolve function, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A response whose body arrives in the given pieces (strings are UTF-8 encoded), as a streaming
 * trigger sends it.
 */
export function streamResponse(
  pieces: readonly (string | Uint8Array)[],
  init: ResponseInit = { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) {
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      }
      controller.close();
    },
  });
  return new Response(body, init);
}

/** A response body the test writes piece by piece, then ends or fails. */
export function pushedBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    push: (text: string) => {
      controller.enqueue(encoder.encode(text));
    },
    end: () => {
      controller.close();
    },
    fail: (error: Error) => {
      controller.error(error);
    },
  };
}

/** NDJSON lines of stream events, as n8n writes them. */
export function ndjson(events: readonly Record<string, unknown>[]): string {
  return events.map((event) => `${JSON.stringify(event)}\n`).join('');
}

/** A `begin`/`item`/`end` event of a node run. */
export function chunk(
  type: 'begin' | 'item' | 'end' | 'error',
  nodeId: string,
  runIndex?: number,
  content?: string,
): Record<string, unknown> {
  return {
    type,
    ...(content === undefined ? {} : { content }),
    metadata: { nodeId, nodeName: nodeId, itemIndex: 0, runIndex, timestamp: 1 },
  };
}
