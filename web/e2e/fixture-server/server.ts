/**
 * The fixture server: a stand-in n8n Chat Trigger for what the citabot server never sends, so the
 * end-to-end tests and the benchmarks can show the widget every answer n8n can give. Loopback
 * only, Node's `http` and our own small WebSocket (`websocket.ts`).
 *
 * Webhooks are `POST /webhook/<scenario>/chat` (also GET, and multipart), answered as n8n does,
 * with n8n's CORS headers (docs/PROTOCOL.md §8.2): the `Origin` echoed, `OPTIONS, GET, POST`, and
 * for a preflight 204, `Max-Age: 300` and the requested headers echoed. `loadPreviousSession`
 * answers `{"data": []}` except in the `history` scenario. Scenarios:
 *
 * - `echo`: `{"output": "echo: <text>"}`.
 * - `slow`: the echo after `?delay=<ms>` (default 1500), or once the gate `<sessionId>:reply` opens.
 * - `html-502`: a proxy's HTML error page with status 502; `n8n-500`: status 500 with n8n's
 *   `{"code": 500, "message": "Error in workflow"}`. With `?failures=<n>` only the first n requests
 *   of a session fail and later ones echo (for retries).
 * - `stream`: an NDJSON stream as n8n's streaming trigger sends it (`application/json`, chunked):
 *   begin, keepalive lines, items whose lines (and a UTF-8 character) are split across writes,
 *   then — once the gate `<sessionId>:stream` opens — the last item and end.
 * - `stream-error`: an item, then an `error` event, and the stream ends.
 * - `stream-empty`: begin and end with no item.
 * - `stream-runs`: two nodes' runs interleaved (two bot messages).
 * - `stream-html`: a proxy's HTML page inside a 200 stream.
 * - `live`: `{"executionStarted": true, "executionId": "<n>"}`, then on `GET /chat?sessionId&
 *   executionId&isPublic=true` the live channel of docs/PROTOCOL.md §4.6: `n8n|heartbeat`, a bot
 *   message, the user's JSON reply, another heartbeat, a second bot message, `n8n|continue`, and —
 *   once the gate `<sessionId>:close` opens — a close frame without status code.
 * - `history`: history from `?batch=<id>` (every entry an AI message) or `?count=<n>` (a generated
 *   conversation).
 * - `reply`: answers each message with the next entry of `?batch=<id>` as `{"output": entry}`.
 * - `bench-stream`: `?bytes=<n>&chunks=<n>` of markdown as one run, each item written as soon as
 *   the previous one is sent.
 * - `agent`: a small AI-agent workflow without the model (`agent.ts`): through the MCP endpoint
 *   in `metadata.citabot.mcpUrl` (metadata as an object or as JSON text) it books "quiero …, soy
 *   <name>, <email>" (the service with "Corte" in its name, the first free time from tomorrow in
 *   the next 14 days, `idempotencyKey` the sessionId) and answers `{"output": "Reservada tu cita
 *   de … Referencia <id>."}`, or "No he podido reservar: <the tool's sentence>"; "¿qué citas
 *   tengo?" lists them. Each JSON-RPC message it sends is logged (`kind: 'mcp'`).
 *
 * Control endpoints for the tests: `POST /__fixture/batches` (a JSON list of strings; answers
 * `{"id"}`), `POST /__fixture/gates/<name>` (opens a gate), `GET /__fixture/log/<sessionId>` (every
 * request and live-channel frame the server saw for that session), `POST /__fixture/pages`
 * (`{html, headers}`; answers `{"path"}`, where the page is then served). `/favicon.ico` is an
 * empty 204, so no host page logs a missing icon. Host pages are opened
 * as `http://localhost:<port>/…` and the webhooks as `http://127.0.0.1:<port>/…`: two origins, and
 * both real loopback servers, which Chromium's local-network rules require of a page that loads
 * the widget from a loopback citabot server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentReply, type McpCall } from './agent';
import { conversation, historyItem, markdownOfSize, splitInto } from './content';
import { acceptWebSocket, type WebSocketConnection } from './websocket';

/** What the server saw for one session. */
export type LogEntry =
  | {
      kind: 'http';
      scenario: string;
      method: string;
      accept: string;
      fields: Record<string, unknown>;
    }
  | { kind: 'ws-open'; query: Record<string, string> }
  | { kind: 'ws-in'; text: string }
  | { kind: 'stream-sent'; items: number; bytes: number; milliseconds: number }
  | ({ kind: 'mcp' } & McpCall);

/** A page of a host site, served as registered. */
export interface HostPage {
  html: string;
  headers?: Record<string, string>;
}

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

interface Request {
  url: URL;
  scenario: string;
  fields: Record<string, unknown>;
  action: string;
  sessionId: string;
  chatInput: string;
}

const NO_RESPONSE_TIMEOUT = 15_000;

export async function startFixtureServer(port = 0, host = '127.0.0.1'): Promise<FixtureServer> {
  const batches = new Map<string, { items: string[]; cursor: number }>();
  const logs = new Map<string, LogEntry[]>();
  const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
  const executions = new Map<string, { sessionId: string; chatInput: string }>();
  const failuresSeen = new Map<string, number>();
  const sockets = new Set<WebSocketConnection>();
  let nextExecution = 23;
  let nextBatch = 1;
  const pages = new Map<string, HostPage>();
  let nextPage = 1;

  function log(sessionId: string, entry: LogEntry): void {
    const entries = logs.get(sessionId) ?? [];
    entries.push(entry);
    logs.set(sessionId, entries);
  }

  function gate(name: string): { opened: Promise<void>; open: () => void } {
    let existing = gates.get(name);
    if (!existing) {
      let open: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => (open = resolve));
      existing = { opened, open };
      gates.set(name, existing);
    }
    return existing;
  }

  /** Waits for the gate, or gives up after a while so a forgotten gate never hangs a test run. */
  function waitForGate(name: string): Promise<void> {
    return Promise.race([gate(name).opened, delay(NO_RESPONSE_TIMEOUT)]);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { code: 500, message: String(error) });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fixture');
    corsHeaders(request, response);
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Max-Age', '300');
      const asked = request.headers['access-control-request-headers'];
      if (request.headers.origin && asked)
        response.setHeader('Access-Control-Allow-Headers', asked);
      response.writeHead(204).end();
      return;
    }
    // Chromium asks a host page's origin for its icon; a 404 there would show on the page's
    // console as "Failed to load resource", which the embedding specs read as the widget's.
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const control = /^\/__fixture\/(batches|gates|log|pages)(?:\/(.+))?$/.exec(url.pathname);
    if (control) {
      await controlEndpoint(
        control[1] ?? '',
        decodeURIComponent(control[2] ?? ''),
        request,
        response,
      );
      return;
    }
    const webhook = /^\/webhook\/([a-z0-9-]+)\/chat$/.exec(url.pathname);
    if (!webhook) {
      sendJson(response, 404, {
        code: 404,
        message: `The requested webhook "${url.pathname}" is not registered.`,
      });
      return;
    }
    const fields = await readFields(request, url);
    const call: Request = {
      url,
      scenario: webhook[1] ?? '',
      fields,
      action: stringField(fields.action),
      sessionId: stringField(fields.sessionId),
      chatInput: stringField(fields.chatInput),
    };
    log(call.sessionId, {
      kind: 'http',
      scenario: call.scenario,
      method: request.method ?? '',
      accept: request.headers.accept ?? '',
      fields,
    });
    if (call.action === 'loadPreviousSession') {
      sendJson(response, 200, { data: call.scenario === 'history' ? history(call.url) : [] });
      return;
    }
    // `by-input`: one webhook for a citabot server in proxy mode, whose webhook URL is fixed; the
    // message names the scenario (`stream-runs …`, `live …`).
    const chosen =
      call.scenario === 'by-input'
        ? { ...call, scenario: call.chatInput.split(' ')[0] ?? '' }
        : call;
    await scenario(chosen, response);
  }

  async function controlEndpoint(
    kind: string,
    name: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (kind === 'batches' && request.method === 'POST') {
      const items = JSON.parse(await readBody(request)) as unknown;
      if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) {
        sendJson(response, 400, { code: 400, message: 'expected a JSON list of strings' });
        return;
      }
      const id = `batch-${String(nextBatch++)}`;
      batches.set(id, { items, cursor: 0 });
      sendJson(response, 200, { id });
    } else if (kind === 'gates' && request.method === 'POST') {
      gate(name).open();
      sendJson(response, 200, { opened: name });
    } else if (kind === 'pages' && request.method === 'POST') {
      const page = JSON.parse(await readBody(request)) as HostPage;
      const id = String(nextPage++);
      pages.set(id, page);
      sendJson(response, 200, { path: `/__fixture/pages/${id}` });
    } else if (kind === 'pages' && pages.has(name)) {
      const page = pages.get(name) as HostPage;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...page.headers });
      response.end(page.html);
    } else if (kind === 'log') {
      sendJson(response, 200, logs.get(name) ?? []);
    } else {
      sendJson(response, 404, { code: 404, message: 'unknown control endpoint' });
    }
  }

  function history(url: URL): unknown[] {
    const batch = batches.get(url.searchParams.get('batch') ?? '');
    if (batch) return batch.items.map((item) => historyItem('ai', item));
    return conversation(Number(url.searchParams.get('count') ?? 0));
  }

  function failsThisTime(call: Request): boolean {
    const allowed = call.url.searchParams.get('failures');
    if (allowed === null) return true;
    const seen = failuresSeen.get(call.sessionId) ?? 0;
    failuresSeen.set(call.sessionId, seen + 1);
    return seen < Number(allowed);
  }

  async function scenario(call: Request, response: ServerResponse): Promise<void> {
    const echo = { output: `echo: ${call.chatInput}` };
    switch (call.scenario) {
      case 'echo':
        sendJson(response, 200, echo);
        return;
      case 'slow':
        await (call.url.searchParams.has('delay') || !call.url.searchParams.has('gate')
          ? delay(Number(call.url.searchParams.get('delay') ?? 1500))
          : waitForGate(`${call.sessionId}:reply`));
        sendJson(response, 200, echo);
        return;
      case 'html-502':
        if (!failsThisTime(call)) {
          sendJson(response, 200, echo);
          return;
        }
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end(
          '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
            '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n' +
            '</body>\r\n</html>\r\n',
        );
        return;
      case 'n8n-500':
        if (!failsThisTime(call)) {
          sendJson(response, 200, echo);
          return;
        }
        sendJson(response, 500, { code: 500, message: 'Error in workflow' });
        return;
      case 'stream':
        await stream(response, async (write) => {
          const node = 'c1c10000-0000-4000-8000-000000000002';
          await write(event('begin', node) + KEEPALIVE);
          const first = event('item', node, '¡Hola! Tengo huecos el viernes ');
          await write(first.slice(0, 25));
          await write(first.slice(25) + KEEPALIVE);
          // A line cut inside a two-byte character ("á").
          const second = Buffer.from(event('item', node, 'a las 10:00 y más tarde. '));
          const cut = second.indexOf(Buffer.from('á')) + 1;
          await write(second.subarray(0, cut));
          await write(second.subarray(cut));
          await waitForGate(`${call.sessionId}:stream`);
          await write(KEEPALIVE + event('item', node, '¿Cuál prefieres?'));
          await write(event('end', node));
        });
        return;
      case 'stream-error':
        await stream(response, async (write) => {
          const node = 'agent';
          await write(event('begin', node) + event('item', node, 'Consultando la agenda… '));
          await write(event('error', node, 'La agenda no responde'));
        });
        return;
      case 'stream-empty':
        await stream(response, async (write) => {
          await write(event('begin', 'agent') + KEEPALIVE);
          await write(event('end', 'agent'));
        });
        return;
      case 'stream-runs':
        await stream(response, async (write) => {
          await write(event('begin', 'agent') + event('begin', 'tool'));
          await write(event('item', 'agent', 'Primera respuesta, '));
          await write(event('item', 'tool', 'Segunda respuesta.'));
          await write(event('item', 'agent', 'que sigue aquí.'));
          await write(event('end', 'agent') + event('end', 'tool'));
        });
        return;
      case 'stream-html':
        await stream(response, async (write) => {
          await write(event('begin', 'agent'));
          await write(
            '<!DOCTYPE html>\n<html><head><title>504 Gateway Time-out</title></head>\n' +
              '<body><h1>504 Gateway Time-out</h1></body>\n</html>\n',
          );
        });
        return;
      case 'live': {
        const executionId = String(nextExecution++);
        executions.set(executionId, { sessionId: call.sessionId, chatInput: call.chatInput });
        sendJson(response, 200, { executionStarted: true, executionId });
        return;
      }
      case 'reply': {
        const batch = batches.get(call.url.searchParams.get('batch') ?? '');
        const output = batch?.items[batch.cursor++] ?? '';
        sendJson(response, 200, { output });
        return;
      }
      case 'bench-stream': {
        const bytes = Number(call.url.searchParams.get('bytes') ?? 100_000);
        const pieces = splitInto(
          markdownOfSize(bytes),
          Number(call.url.searchParams.get('chunks') ?? 2000),
        );
        const started = performance.now();
        await stream(response, async (write) => {
          const node = 'bench-agent';
          await write(event('begin', node));
          for (const piece of pieces) await write(event('item', node, piece));
          await write(event('end', node));
        });
        log(call.sessionId, {
          kind: 'stream-sent',
          items: pieces.length,
          bytes,
          milliseconds: performance.now() - started,
        });
        return;
      }
      case 'agent':
        sendJson(
          response,
          200,
          await agentReply(call.fields, (mcp) => {
            log(call.sessionId, { kind: 'mcp', ...mcp });
          }),
        );
        return;
      default:
        sendJson(response, 404, {
          code: 404,
          message: `The requested webhook "POST ${call.scenario}/chat" is not registered.`,
        });
    }
  }

  server.on('upgrade', (request: IncomingMessage, socket) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    if (url.pathname !== '/chat') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const ws = acceptWebSocket(request, socket);
    if (!ws) return;
    sockets.add(ws);
    void ws.closed.then(() => sockets.delete(ws));
    liveChannel(ws, url).catch(() => {
      ws.terminate();
    });
  });

  /** n8n's live channel for one execution, as captured (docs/PROTOCOL.md §4.6), minus the polling delays. */
  async function liveChannel(ws: WebSocketConnection, url: URL): Promise<void> {
    const query = Object.fromEntries(url.searchParams);
    const sessionId = query.sessionId ?? '';
    const executionId = query.executionId ?? '';
    log(sessionId, { kind: 'ws-open', query });
    if (sessionId === '' || executionId === '') {
      ws.close(1008);
      return;
    }
    const execution = executions.get(executionId);
    if (!execution) {
      ws.send(`Execution with id "${executionId}" does not exist`);
      ws.close(1008);
      return;
    }
    const next = async (): Promise<string> => {
      const text = await ws.nextMessage();
      log(sessionId, { kind: 'ws-in', text });
      return text;
    };
    const nextReply = async (): Promise<string> => {
      for (;;) {
        const text = await next();
        if (text !== 'n8n|heartbeat-ack') return text;
      }
    };
    ws.send('n8n|heartbeat');
    await next();
    ws.send(`echo: ${execution.chatInput} -- reply to continue`);
    const reply = JSON.parse(await nextReply()) as { chatInput?: unknown };
    ws.send('n8n|heartbeat');
    ws.send(`you replied: ${stringField(reply.chatInput)}`);
    ws.send('n8n|continue');
    await waitForGate(`${sessionId}:close`);
    ws.close();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${String(address.port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        for (const { open } of gates.values()) open();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

const KEEPALIVE = '{"type":"keepalive"}\n';
let clock = 1_795_305_100_000;

/** One NDJSON line of n8n's stream, for run 0 of `nodeId`. */
function event(type: 'begin' | 'item' | 'end' | 'error', nodeId: string, content?: string): string {
  const metadata = { nodeId, nodeName: nodeId, itemIndex: 0, runIndex: 0, timestamp: clock++ };
  return `${JSON.stringify(content === undefined ? { type, metadata } : { type, content, metadata })}\n`;
}

type Write = (chunk: string | Buffer) => Promise<void>;

/** Streams as n8n does: headers first, each write flushed on its own, then the end. */
async function stream(
  response: ServerResponse,
  body: (write: Write) => Promise<void>,
): Promise<void> {
  response.socket?.setNoDelay(true);
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  response.flushHeaders();
  const write: Write = (chunk) =>
    new Promise((resolve, reject) => {
      if (response.destroyed) {
        reject(new Error('the client went away'));
        return;
      }
      // Each write its own turn of the event loop, so chunks reach the browser separately.
      response.write(chunk, (error) => {
        if (error) reject(error);
        else setImmediate(resolve);
      });
    });
  try {
    await body(write);
  } finally {
    response.end();
  }
}

function corsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (!origin) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Methods', 'OPTIONS, GET, POST');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/** The request's fields: a JSON body, the text parts of a multipart body, or the query of a GET. */
async function readFields(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  if (request.method === 'GET') return Object.fromEntries(url.searchParams);
  const body = await readBody(request);
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, unknown> = {};
    const files: string[] = [];
    for (const part of body.split(/\r\n--/)) {
      const name = /name="([^"]*)"/.exec(part)?.[1];
      const filename = /filename="([^"]*)"/.exec(part)?.[1];
      if (name === undefined) continue;
      if (filename !== undefined) files.push(filename);
      else fields[name] = part.slice(part.indexOf('\r\n\r\n') + 4);
    }
    return { ...fields, files };
  }
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { unparsed: body };
  }
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
