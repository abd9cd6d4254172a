/**
 * Streamed replies (`enableStreaming`): an incremental NDJSON parser, the reader that feeds it
 * from a `fetch` body, and the grouping of events into bot messages (docs/PROTOCOL.md §3.3–§3.5).
 *
 * The server sends one JSON object per line: `begin`, `item` (with `content`), `end` and
 * `error`, each with `metadata.nodeId` and `metadata.runIndex`; `keepalive` lines and unknown
 * types are ignored. A line that is not JSON is a text chunk. Lines may be split anywhere across
 * network chunks, multi-byte characters included. An HTML page is an error, never text: before
 * any event it fails the whole reply, later it becomes an error chunk. A body with no stream
 * event at all that parses as JSON as a whole (a trigger that does not stream) is handed back to
 * be shown like a normal reply.
 */
import { ChatApiError, htmlError, parseBody } from './api';
import { isRecord } from './json';
import { replyExtras, type ReplyExtras } from './extras';

/** One event of a stream, with the defaults of docs/PROTOCOL.md §3.4 applied. */
export interface StreamEvent {
  type: 'begin' | 'item' | 'end' | 'error';
  content?: string;
  /** `metadata.nodeId`, or `unknown` when absent. */
  nodeId: string;
  runIndex?: number;
  /** An `end` line's quick replies and card (`metadata.suggestions`, `metadata.card`), if valid. */
  extras?: ReplyExtras;
}

/** How a stream ended. */
export interface StreamOutcome {
  /** Whether an `item` or `error` event arrived. */
  received: boolean;
  /** The whole body as JSON, when it held no stream event: show it like a normal reply. */
  body?: unknown;
}

/** An incremental parser: feed it decoded text as it arrives, then call `end`. */
export interface StreamParser {
  /** Parses every line completed by `text`; throws when the body is an HTML page. */
  push(text: string): StreamEvent[];
  /** Parses what is left after the last newline. */
  end(): StreamEvent[];
  /** The outcome, once `end` has run. */
  outcome(): StreamOutcome;
}

const STREAM_TYPES = new Set(['begin', 'item', 'end', 'error', 'keepalive']);

/**
 * Creates a parser. `htmlText` is the content of the error event that replaces an HTML page
 * arriving after the first event.
 */
export function createStreamParser(htmlText: string): StreamParser {
  let buffer = '';
  // The body as long as no stream event has been seen, for the non-streaming fallback.
  let raw = '';
  let typed = false;
  let htmlMode = false;
  let emitted = false;
  let received = false;

  function parseLine(line: string, events: StreamEvent[]): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (/<!doctype|<html|<\/html>/i.test(text)) {
        if (!emitted) throw htmlError(200);
        if (!htmlMode) events.push({ type: 'error', content: htmlText, nodeId: 'unknown' });
        htmlMode = true;
        received = true;
      } else if (!htmlMode) {
        events.push({ type: 'item', content: text, nodeId: 'unknown' });
        emitted = received = true;
      }
      return;
    }
    htmlMode = false;
    if (!isRecord(value) || typeof value.type !== 'string' || !STREAM_TYPES.has(value.type)) {
      return;
    }
    typed = true;
    if (value.type === 'keepalive') return;
    const metadata = isRecord(value.metadata) ? value.metadata : {};
    const event: StreamEvent = {
      type: value.type as StreamEvent['type'],
      content: typeof value.content === 'string' ? value.content : undefined,
      nodeId:
        typeof metadata.nodeId === 'string' && metadata.nodeId !== '' ? metadata.nodeId : 'unknown',
      runIndex: typeof metadata.runIndex === 'number' ? metadata.runIndex : undefined,
    };
    const extras = value.type === 'end' ? replyExtras(metadata) : undefined;
    if (extras) event.extras = extras;
    events.push(event);
    emitted = true;
    received ||= value.type === 'item' || value.type === 'error';
  }

  function lines(text: string, last: boolean): StreamEvent[] {
    if (!typed) raw += text;
    buffer += text;
    const parts = buffer.split('\n');
    buffer = last ? '' : (parts.pop() ?? '');
    const events: StreamEvent[] = [];
    for (const part of parts) parseLine(part, events);
    return events;
  }

  return {
    push: (text) => lines(text, false),
    end: () => (htmlMode ? [] : lines('', true)),
    outcome() {
      if (typed) return { received };
      const body = parseBody(raw);
      return typeof body === 'string' ? { received } : { received, body };
    },
  };
}

/**
 * Reads a streamed response to its end, handing every event to `onEvent` (awaited, in order).
 * A response without a body fails as `unreadable`.
 */
export async function readStream(
  response: Response,
  onEvent: (event: StreamEvent) => void | Promise<void>,
  htmlText: string,
): Promise<StreamOutcome> {
  if (!response.body) throw new ChatApiError('unreadable', 'Response body is not readable');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createStreamParser(htmlText);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? parser.end() : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) await onEvent(event);
      if (done) return parser.outcome();
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
}

/** Where grouped runs go: the store's message list. */
export interface RunSink {
  /** Adds an empty streamed bot message and returns its id. */
  create(): string;
  /** Replaces the text of a streamed message. */
  update(id: string, text: string): void;
  /** The run of a message ended, with the quick replies and card its `end` line carried. */
  complete(id: string, text: string, extras?: ReplyExtras): void | Promise<void>;
}

/** Turns stream events into messages, one per run. */
export interface RunGrouper {
  /** Applies one event. */
  handle: (event: StreamEvent) => Promise<void>;
  /** Completes every run still open (the body ended). */
  finish: () => Promise<void>;
}

/**
 * Groups events into messages by `nodeId` + `runIndex` (docs/PROTOCOL.md §3.5): a `begin` opens a
 * new segment of its run, the first non-empty `item` of a segment creates its message, later items
 * append to it, `end` completes it. Interleaved runs stay separate messages in the order of their
 * first text; a second `begin…end` of the same run (an agent resumed after a tool call) is a new
 * message; a segment without text creates none. An `error` event adds its text and ends the run.
 * An `end` line's quick replies and card go to the message of the segment it ends.
 */
export function createRunGrouper(
  sink: RunSink,
  errorText: (content?: string) => string,
): RunGrouper {
  const segments = new Map<string, number>();
  const runs = new Map<string, { id: string; text: string; done: boolean }>();

  function key(nodeId: string, runIndex: number | undefined): string {
    const base = runIndex === undefined ? nodeId : `${nodeId}-${String(runIndex)}`;
    const segment = segments.get(base);
    return segment === undefined ? base : `${base}#${String(segment)}`;
  }

  function item(content: string, nodeId: string, runIndex: number | undefined): void {
    if (content === '') return;
    const runKey = key(nodeId, runIndex);
    let run = runs.get(runKey);
    if (!run) {
      run = { id: sink.create(), text: '', done: false };
      runs.set(runKey, run);
    }
    run.text += content;
    sink.update(run.id, run.text);
  }

  async function end(runKey: string, extras?: ReplyExtras): Promise<void> {
    const run = runs.get(runKey);
    if (!run || run.done) return;
    run.done = true;
    await sink.complete(run.id, run.text, extras);
  }

  return {
    async handle({ type, content, nodeId, runIndex, extras }) {
      if (type === 'begin') {
        const base = runIndex === undefined ? nodeId : `${nodeId}-${String(runIndex)}`;
        segments.set(base, (segments.get(base) ?? -1) + 1);
        return;
      }
      if (type === 'item' || type === 'error') {
        item(type === 'item' ? (content ?? '') : errorText(content), nodeId, runIndex);
      }
      if (type !== 'item') await end(key(nodeId, runIndex), extras);
    },
    async finish() {
      for (const runKey of runs.keys()) await end(runKey);
    },
  };
}
