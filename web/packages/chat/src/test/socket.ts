/**
 * A fake `WebSocket` standing in for the server end of the live channel: the only boundary the
 * live-channel tests replace. Each instance records the frames the widget sends; the test plays
 * the server with `receive` and `serverClose`.
 */
import { vi } from 'vitest';

export class FakeSocket extends EventTarget {
  /** Every socket opened since `installFakeSocket`. */
  static instances: FakeSocket[] = [];
  readonly url: string;
  readonly sent: string[] = [];
  readyState = 0;

  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.instances.push(this);
  }

  /** The server accepts the connection. */
  accept(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends a text frame. */
  receive(frame: string): void {
    this.dispatchEvent(new MessageEvent('message', { data: frame }));
  }

  /** The server closes the connection (1005: no status, as n8n does after a successful run). */
  serverClose(code = 1005, error = false): void {
    this.readyState = 3;
    if (error) this.dispatchEvent(new Event('error'));
    this.dispatchEvent(new CloseEvent('close', { code }));
  }

  send(frame: string): void {
    this.sent.push(frame);
  }

  close(): void {
    this.readyState = 3;
  }
}

/** Replaces the global `WebSocket` with `FakeSocket`; returns the list of opened sockets. */
export function installFakeSocket(): FakeSocket[] {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return FakeSocket.instances;
}
