import { describe, expect, it, vi } from 'vitest';
import { createSessionIdStorage, newId, sessionStorageKey } from './session';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('session ids', () => {
  it('are kept in localStorage under <namespace>/sessionId', () => {
    expect(sessionStorageKey('n8n-chat')).toBe('n8n-chat/sessionId');
    const storage = createSessionIdStorage('n8n-chat');
    expect(storage.read()).toBeNull();
    storage.write('abc');
    expect(window.localStorage.getItem('n8n-chat/sessionId')).toBe('abc');
    expect(createSessionIdStorage('n8n-chat').read()).toBe('abc');
    expect(createSessionIdStorage('other').read()).toBeNull();
  });

  it('last for the page when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const storage = createSessionIdStorage('n8n-chat');
    storage.write('abc');
    expect(storage.read()).toBe('abc');
  });

  it('are random UUID v4s, also where crypto.randomUUID is missing (plain HTTP)', () => {
    const first = newId();
    expect(first).toMatch(uuidV4);
    expect(newId()).not.toBe(first);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const fallback = newId();
    expect(fallback).toMatch(uuidV4);
    expect(newId()).not.toBe(fallback);
  });
});
