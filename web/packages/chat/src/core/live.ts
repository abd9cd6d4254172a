/**
 * The live channel (docs/PROTOCOL.md §4): the WebSocket a `{executionStarted, executionId}` reply
 * opens, over which a workflow's replies arrive and the user's answers go.
 *
 * Control frames come in two dialects: `n8n|heartbeat` / `n8n|continue` strings (n8n 1.x and
 * 2.x) and `{"type":"heartbeat"}` / `{"type":"continue"}` JSON. A heartbeat is answered in its
 * own dialect, and the first heartbeat locks the dialect: afterwards a control frame of the other
 * dialect is an ordinary message. A presence frame (who of the team answers, §4.8), which the
 * server sends because the URL asks for them, is reported as such. Every other frame is a bot
 * message.
 */
import { ChatApiError } from './api';
import { presenceEvent, type PresenceEvent } from './presence';

/** What the channel reports. */
export interface LiveChannelHandlers {
  /** A bot message frame. */
  message(frame: string): void;
  /** `continue`: the workflow goes on, a reply is pending again. */
  resume(): void;
  /** Who of the team answers the visitor changed. */
  presence(event: PresenceEvent): void;
  /** The socket closed; `failed` when it errored or the server refused it (1008). */
  closed(failed: boolean): void;
}

/** An open live channel. */
export interface LiveChannel {
  /** Sends a text frame; `false` when the socket is not open. */
  send(frame: string): boolean;
  /** Closes the socket without reporting it. */
  close(): void;
}

/**
 * `ws(s)://<webhook origin>/chat?sessionId=…&executionId=…&isPublic=true[&token=…]&presence=true`.
 * The path is the origin's `/chat`, as n8n serves it; values are URL-encoded. `presence` asks
 * citabot for presence frames; n8n ignores it.
 */
export function liveChannelUrl(
  webhookUrl: string,
  sessionId: string,
  executionId: string,
  token?: string,
): string {
  const url = new URL('/chat', new URL(webhookUrl, document.baseURI));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ sessionId, executionId, isPublic: 'true' });
  if (token) query.set('token', token);
  query.set('presence', 'true');
  url.search = query.toString();
  return url.href;
}

/** Opens a live channel. */
export function openLiveChannel(url: string, handlers: LiveChannelHandlers): LiveChannel {
  let dialect: 'text' | 'json' | undefined;
  let failed = false;
  let open = true;
  const socket = new WebSocket(url);

  socket.addEventListener('message', (event: MessageEvent) => {
    if (!open || typeof event.data !== 'string') return;
    const frame = event.data;
    const control = controlFrame(frame);
    if (control !== undefined && (dialect === undefined || dialect === control.dialect)) {
      if (control.kind === 'heartbeat') {
        dialect = control.dialect;
        socket.send(dialect === 'text' ? 'n8n|heartbeat-ack' : '{"type":"heartbeat-ack"}');
      } else {
        handlers.resume();
      }
      return;
    }
    const presence = presenceEvent(frame);
    if (presence) handlers.presence(presence);
    else handlers.message(frame);
  });
  socket.addEventListener('error', () => {
    failed = true;
    console.error('Error setting up websocket connection');
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    if (!open) return;
    open = false;
    handlers.closed(failed || event.code === 1008);
  });

  return {
    send(frame) {
      if (socket.readyState !== 1) return false;
      socket.send(frame);
      return true;
    },
    close() {
      open = false;
      socket.close();
    },
  };
}

/**
 * The JSON frame that answers a waiting workflow: `{sessionId, action: 'sendMessage', chatInput,
 * files}`, files as `{name, type, data}` with `data` a data URL (`files` always present, empty
 * when none, as n8n's widget sends it). The keys are fixed (the `chatInputKey` /
 * `chatSessionKey` options do not apply), as n8n's server expects them.
 */
export async function liveReply(
  sessionId: string,
  chatInput: string,
  files: readonly File[],
): Promise<string> {
  const encoded = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      type: file.type,
      data: await readAsDataUrl(file),
    })),
  );
  return JSON.stringify({ sessionId, action: 'sendMessage', chatInput, files: encoded });
}

/** Reads a file as a `data:` URL; fails as a `file` error carrying the reason. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(reader.result as string);
    };
    reader.onerror = () => {
      console.error('Error reading file:', reader.error);
      reject(
        new ChatApiError(
          'file',
          `Error reading file: ${reader.error?.message ?? 'Unknown error'}`,
          {
            serverMessage: reader.error?.message,
            cause: reader.error,
          },
        ),
      );
    };
    reader.readAsDataURL(file);
  });
}

function controlFrame(
  frame: string,
): { kind: 'heartbeat' | 'continue'; dialect: 'text' | 'json' } | undefined {
  if (frame === 'n8n|heartbeat') return { kind: 'heartbeat', dialect: 'text' };
  if (frame === 'n8n|continue') return { kind: 'continue', dialect: 'text' };
  try {
    const { type } = JSON.parse(frame) as { type?: unknown };
    if (type === 'heartbeat' || type === 'continue') return { kind: type, dialect: 'json' };
  } catch {
    // Not JSON: a message.
  }
  return undefined;
}
