/**
 * Session ids: how they are made and where they are kept between page loads.
 *
 * The id lives in localStorage under `<namespace>/sessionId` (namespace `n8n-chat` by default, as
 * in `@n8n/chat`). Browsers that refuse storage (privacy modes, sandboxed frames) get an id that
 * lasts as long as the page instead of an exception.
 */

/** Reads and writes one widget's stored session id. */
export interface SessionIdStorage {
  /** The stored id, or `null` when there is none. */
  read(): string | null;
  /** Stores `id`, replacing the previous one. */
  write(id: string): void;
}

/** The localStorage key for a namespace. */
export function sessionStorageKey(namespace: string): string {
  return `${namespace}/sessionId`;
}

/** A `SessionIdStorage` over localStorage, falling back to memory when storage is unavailable. */
export function createSessionIdStorage(namespace: string): SessionIdStorage {
  const key = sessionStorageKey(namespace);
  let memory: string | null = null;
  return {
    read() {
      try {
        return window.localStorage.getItem(key) ?? memory;
      } catch {
        return memory;
      }
    },
    write(id) {
      memory = id;
      try {
        window.localStorage.setItem(key, id);
      } catch {
        // Storage refused: the id still lasts for this page through `memory`.
      }
    },
  };
}

/**
 * A new random id (UUID v4). `crypto.randomUUID` exists only in secure contexts, so pages served
 * over plain HTTP get the same format built from `crypto.getRandomValues`.
 */
export function newId(): string {
  if ((crypto as Partial<Crypto>).randomUUID !== undefined) return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  // Version nibble 4, variant bits 10xx.
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}
