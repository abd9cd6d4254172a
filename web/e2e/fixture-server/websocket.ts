/**
 * A small server side of the WebSocket protocol (RFC 6455), enough to play n8n's `/chat` live
 * channel to a browser: the opening handshake, text frames both ways (fragmented or not), ping,
 * and the two ways n8n ends a socket — a close frame without a status code (the browser sees
 * 1005) or a dropped TCP connection (`terminate`). No extensions, no subprotocols, as n8n.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

const OP_CONTINUATION = 0x0;
const OP_TEXT = 0x1;
const OP_BINARY = 0x2;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/** One accepted WebSocket connection. */
export interface WebSocketConnection {
  /** Sends a text frame. */
  send(text: string): void;
  /** Sends a close frame (with `code` when given, else empty) and ends the connection. */
  close(code?: number): void;
  /** Drops the TCP connection without a close frame. */
  terminate(): void;
  /** Resolves with the next text message from the client; rejects if the socket closes first. */
  nextMessage(): Promise<string>;
  /** Resolves once the connection is gone (closed by either side). */
  readonly closed: Promise<void>;
}

/**
 * Completes the opening handshake of an HTTP `upgrade` request and returns the connection, or
 * answers 400 and returns `null` when the request is not a WebSocket handshake.
 */
export function acceptWebSocket(
  request: IncomingMessage,
  socket: Duplex,
): WebSocketConnection | null {
  const key = request.headers['sec-websocket-key'];
  if (typeof key !== 'string' || request.headers.upgrade?.toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return null;
  }
  const accept = createHash('sha1')
    .update(key + HANDSHAKE_GUID)
    .digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\n' +
      'Upgrade: websocket\r\n' +
      'Connection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  return connection(socket);
}

function connection(socket: Duplex): WebSocketConnection {
  const inbox: string[] = [];
  const readers: { resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
  let buffered = Buffer.alloc(0);
  let fragments: Buffer[] = [];
  let open = true;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));

  function finish(): void {
    if (!open) return;
    open = false;
    for (const reader of readers.splice(0)) reader.reject(new Error('WebSocket closed'));
    markClosed();
  }

  function deliver(text: string): void {
    const reader = readers.shift();
    if (reader) reader.resolve(text);
    else inbox.push(text);
  }

  function write(opcode: number, payload: Buffer): void {
    if (!open || socket.destroyed) return;
    socket.write(Buffer.concat([frameHeader(opcode, payload.length), payload]));
  }

  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const frame = readFrame(buffered);
      if (!frame) break;
      buffered = buffered.subarray(frame.length);
      if (frame.opcode === OP_TEXT || frame.opcode === OP_BINARY) fragments = [frame.payload];
      else if (frame.opcode === OP_CONTINUATION) fragments.push(frame.payload);
      if (frame.opcode <= OP_BINARY && frame.fin) {
        deliver(Buffer.concat(fragments).toString('utf8'));
        fragments = [];
      } else if (frame.opcode === OP_PING) {
        write(OP_PONG, frame.payload);
      } else if (frame.opcode === OP_CLOSE) {
        // Echo the client's close and end the connection.
        write(OP_CLOSE, frame.payload.subarray(0, 2));
        socket.end();
        finish();
        return;
      }
    }
  });
  socket.on('close', finish);
  socket.on('error', finish);

  return {
    send(text) {
      write(OP_TEXT, Buffer.from(text, 'utf8'));
    },
    close(code) {
      const payload = Buffer.alloc(code === undefined ? 0 : 2);
      if (code !== undefined) payload.writeUInt16BE(code);
      write(OP_CLOSE, payload);
      socket.end();
      finish();
    },
    terminate() {
      socket.destroy();
      finish();
    },
    nextMessage() {
      const text = inbox.shift();
      if (text !== undefined) return Promise.resolve(text);
      if (!open) return Promise.reject(new Error('WebSocket closed'));
      return new Promise((resolve, reject) => readers.push({ resolve, reject }));
    },
    closed,
  };
}

/** An unmasked server frame header with FIN set. */
function frameHeader(opcode: number, length: number): Buffer {
  if (length < 126) return Buffer.from([0x80 | opcode, length]);
  if (length < 0x10000) {
    const header = Buffer.alloc(4);
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/** The first complete (masked, client-sent) frame in `data`, or `null` when more bytes are needed. */
function readFrame(
  data: Buffer,
): { fin: boolean; opcode: number; payload: Buffer; length: number } | null {
  if (data.length < 2) return null;
  const first = data.readUInt8(0);
  const second = data.readUInt8(1);
  let offset = 2;
  let size = second & 0x7f;
  if (size === 126) {
    if (data.length < 4) return null;
    size = data.readUInt16BE(2);
    offset = 4;
  } else if (size === 127) {
    if (data.length < 10) return null;
    size = Number(data.readBigUInt64BE(2));
    offset = 10;
  }
  const masked = (second & 0x80) !== 0;
  const maskOffset = offset;
  if (masked) offset += 4;
  if (data.length < offset + size) return null;
  const payload = Buffer.from(data.subarray(offset, offset + size));
  if (masked) {
    for (let index = 0; index < payload.length; index += 1) {
      payload[index] = (payload[index] ?? 0) ^ (data[maskOffset + (index % 4)] ?? 0);
    }
  }
  return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload, length: offset + size };
}
