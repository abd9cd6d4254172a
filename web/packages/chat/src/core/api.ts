/**
 * HTTP client for the n8n chat webhook protocol: history, and sending a message as JSON, as a GET
 * query, as multipart with files, or as a streaming request.
 *
 * Requests carry `action`, the session id under `chatSessionKey`, the text under `chatInputKey`
 * and `metadata`. Unlike `@n8n/chat`, a non-2xx status is an error and so is an HTML page where a
 * reply was expected (a proxy's error page): neither ever reaches the chat as a bot answer. With
 * `webhookConfig.method: 'GET'` the metadata goes JSON-encoded into the query (`@n8n/chat` sends
 * `[object Object]`).
 */
import { replyExtras } from './extras';
import { isRecord } from './json';
import type { ChatTextMessage } from './messages';
import { resolveMetadata, type ChatOptions } from './options';
import { chatPerson, type ChatPerson } from './presence';

/** The options the HTTP client reads. */
export type ChatRequestOptions = Pick<
  ChatOptions,
  'webhookUrl' | 'webhookConfig' | 'chatInputKey' | 'chatSessionKey' | 'metadata'
>;

/**
 * What failed: `network` (no response), `status` (a non-2xx answer), `html` (an HTML page instead
 * of a reply), `unreadable` (a stream without a body), `file` (an attachment could not be read),
 * `live` (the live channel failed before any reply).
 */
export type ChatErrorKind = 'network' | 'status' | 'html' | 'unreadable' | 'file' | 'live';

/** A request that failed. The store turns it into an error message with a retry. */
export class ChatApiError extends Error {
  readonly kind: ChatErrorKind;
  /** HTTP status; `undefined` when no response arrived. */
  readonly status: number | undefined;
  /** The server's readable explanation (`message` of a `{code, message}` body), if any. */
  readonly serverMessage: string | undefined;
  /** The server's `hint`, if any. */
  readonly hint: string | undefined;

  constructor(
    kind: ChatErrorKind,
    message: string,
    details: { status?: number; serverMessage?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'ChatApiError';
    this.kind = kind;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.hint = details.hint;
  }
}

/** One `sendMessage` request. */
export interface SendRequest {
  sessionId: string;
  text: string;
  files?: readonly File[];
  /** Ask for an NDJSON stream (`Accept: text/plain`, always POST). */
  stream?: boolean;
}

/** A conversation's history: its messages, and who of the team has it now (citabot's). */
export interface History {
  messages: ChatTextMessage[];
  person?: ChatPerson;
}

/**
 * Loads the history of a session (`action: 'loadPreviousSession'`) and maps it to messages.
 * An unknown session answers with an empty list. What the last message, a bot's, still offers
 * to tap travels beside `data` as a reply's extras do (docs/PROTOCOL.md §10), and `person` names
 * who of the team has the conversation (§4.8).
 */
export async function loadPreviousSession(
  options: ChatRequestOptions,
  sessionId: string,
  signal?: AbortSignal,
): Promise<History> {
  const response = await send(
    options,
    { action: 'loadPreviousSession', [options.chatSessionKey]: sessionId },
    [],
    false,
    signal,
  );
  const body = await readReply(response);
  const messages = historyToMessages(body);
  const last = messages.at(-1);
  const extras = replyExtras(body);
  if (last?.sender === 'bot' && extras) Object.assign(last, extras);
  const person = isRecord(body) ? chatPerson(body.person) : undefined;
  return person ? { messages, person } : { messages };
}

/**
 * Sends the user's text (`action: 'sendMessage'`) and resolves to the response once its status
 * and type are checked. Files make it a multipart POST with one `files` part each; `stream` a
 * POST with `Accept: text/plain`; otherwise `webhookConfig.method` decides between a JSON POST
 * and a GET with a query string.
 */
export function sendMessage(
  options: ChatRequestOptions,
  request: SendRequest,
  signal?: AbortSignal,
): Promise<Response> {
  return send(
    options,
    {
      action: 'sendMessage',
      [options.chatSessionKey]: request.sessionId,
      [options.chatInputKey]: request.text,
    },
    request.files ?? [],
    request.stream ?? false,
    signal,
  );
}

/** The body of a (non-streamed) reply: JSON when it parses, else the text (`''` when empty). */
export async function readReply(response: Response): Promise<unknown> {
  const text = await response.text();
  if (looksLikeHtml(text)) throw htmlError(response.status);
  return parseBody(text);
}

/** A body as JSON when it parses, else as text. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Maps a history response `{data: [LangChain message, ...]}` to messages. An item is the user's
 * when its `id` path contains the element `HumanMessage`; every other item is the bot's. Ids are
 * the array indexes as strings. A missing or malformed `data` is an empty history.
 */
export function historyToMessages(body: unknown): ChatTextMessage[] {
  const data: unknown[] = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  return data.map((item, index) => ({
    id: String(index),
    type: 'text',
    sender: isHumanMessage(item) ? 'user' : 'bot',
    text: contentText(isRecord(item) && isRecord(item.kwargs) ? item.kwargs.content : undefined),
  }));
}

/**
 * The text of a send reply: `output`, else `text`, else `message`, else the whole body as
 * indented JSON (an empty object gives an empty text). An `{type: 'text', text}` object in those
 * fields gives its text. A body that is not JSON is shown as it came.
 */
export function replyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return body === null || body === undefined ? '' : prettyJson(body);
  const candidate = body.output ?? body.text ?? body.message;
  if (typeof candidate === 'string' && candidate !== '') return candidate;
  if (isRecord(candidate) && candidate.type === 'text' && typeof candidate.text === 'string') {
    return candidate.text;
  }
  if (candidate !== undefined && candidate !== null && candidate !== '') {
    return prettyJson(candidate);
  }
  return Object.keys(body).length > 0 ? prettyJson(body) : '';
}

/** Whether text starts like an HTML document (a proxy's or a server's error page). */
export function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(text);
}

/** The error for an HTML page where a reply was expected. */
export function htmlError(status: number): ChatApiError {
  return new ChatApiError('html', 'The server answered with an HTML page.', { status });
}

async function send(
  options: ChatRequestOptions,
  fields: Record<string, string>,
  files: readonly File[],
  stream: boolean,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const metadata = resolveMetadata(options.metadata);
  const payload: Record<string, unknown> = metadata ? { ...fields, metadata } : fields;
  const { method, headers } = options.webhookConfig;
  const accept: Record<string, string> = stream ? { Accept: 'text/plain' } : {};

  let url = options.webhookUrl;
  const init: RequestInit = { method: 'POST', mode: 'cors', cache: 'no-cache', signal };
  if (files.length > 0) {
    // Multipart: the browser writes the Content-Type with its boundary.
    const form = new FormData();
    for (const [key, value] of Object.entries(payload)) form.append(key, encode(value));
    for (const file of files) form.append('files', file);
    init.body = form;
    init.headers = { ...accept, ...withoutContentType(headers) };
  } else if (method === 'GET' && !stream) {
    const withQuery = new URL(options.webhookUrl, document.baseURI);
    for (const [key, value] of Object.entries(payload)) {
      withQuery.searchParams.set(key, encode(value));
    }
    url = withQuery.href;
    init.method = 'GET';
    init.headers = { ...headers };
  } else {
    init.body = JSON.stringify(payload);
    // As in @n8n/chat: a streaming request lets configured headers override its defaults; a
    // plain one always says it sends JSON.
    init.headers = stream
      ? { 'Content-Type': 'application/json', ...accept, ...headers }
      : { ...headers, 'Content-Type': 'application/json' };
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ChatApiError('network', 'The chat server could not be reached.', { cause });
  }
  if (!response.ok) throw errorFromResponse(response.status, await response.text());
  if (/^text\/html/i.test(response.headers.get('Content-Type') ?? '')) {
    throw htmlError(response.status);
  }
  return response;
}

function encode(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'),
  );
}

function errorFromResponse(status: number, text: string): ChatApiError {
  const body = parseBody(text);
  let serverMessage: string | undefined;
  let hint: string | undefined;
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message !== '') serverMessage = body.message;
    if (typeof body.hint === 'string') hint = body.hint;
  } else if (typeof body === 'string' && body !== '' && body.length <= 300 && !body.includes('<')) {
    // A short plain-text explanation, as n8n's authentication errors are.
    serverMessage = body.trim();
  }
  return new ChatApiError(
    'status',
    serverMessage ?? `The chat server answered with HTTP status ${status}.`,
    { status, serverMessage, hint },
  );
}

function isHumanMessage(item: unknown): boolean {
  return isRecord(item) && Array.isArray(item.id) && item.id.includes('HumanMessage');
}

/** Message content is a string, or (multimodal) a list of parts whose text parts are joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
