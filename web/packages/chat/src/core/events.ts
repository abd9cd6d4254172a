/**
 * A typed event emitter, one per widget instance (never shared: `@n8n/chat`'s module-level bus
 * made two widgets on a page hear each other).
 */

/** Listens to one event. */
export type ChatListener<T> = (payload: T) => void;

/** Emits and subscribes to the events of `Events` (event name → payload type). */
export interface Emitter<Events> {
  /** Calls `listener` on every `event`; returns the function that unsubscribes it. */
  on<K extends keyof Events>(event: K, listener: ChatListener<Events[K]>): () => void;
  /** Calls the event's listeners in order. A listener that throws does not stop the others. */
  emit<K extends keyof Events>(
    event: K,
    ...payload: Events[K] extends undefined ? [] : [Events[K]]
  ): void;
}

/** Creates an emitter. */
export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<ChatListener<never>>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(event, ...payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as ChatListener<unknown>)(payload[0]);
        } catch (error) {
          console.error(`Error in a "${String(event)}" listener:`, error);
        }
      }
    },
  };
}
