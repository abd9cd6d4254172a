import { useSyncExternalStore } from 'react';
import type { ChatState, ChatStore } from '../core/store';

/**
 * Reads one slice of a chat store and re-renders when it changes. The selector must return a
 * value that stays identical while the state does not change (a field, not a new object).
 */
export function useChatState<T>(store: ChatStore, selector: (state: ChatState) => T): T {
  const read = (): T => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
