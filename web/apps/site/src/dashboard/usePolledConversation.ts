import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../api/http';
import type { ConversationDetail, ItemResponse } from '../api/types';
import { useToast } from '../shell/toast';

/** How often an open conversation is read again, so the visitor's new messages appear. */
export const POLL_INTERVAL_MS = 1000;

/**
 * Reads `GET /api/conversations/{sessionId}` now and every second while the page is open and
 * the tab visible (a hidden tab stops asking and reads again as soon as it is shown). One read
 * at a time; a run of failures shows one toast, not one a second; a 404 stops asking for good.
 */
export function usePolledConversation(sessionId: string) {
  const toast = useToast();
  const [settled, setSettled] = useState<{
    sessionId: string;
    /** Null when the server says there is no such conversation. */
    item: ConversationDetail | null;
  } | null>(null);
  // The running poll's read, for a refresh outside the interval.
  const readNow = useRef<(() => void) | null>(null);
  const showError = useEffectEvent((cause: unknown) => {
    toast.error(cause, 'No se pudo leer la conversación');
  });

  useEffect(() => {
    const controller = new AbortController();
    const path = `/api/conversations/${encodeURIComponent(sessionId)}`;
    let reading = false;
    let failing = false;
    let gone = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    async function read() {
      if (reading) return;
      reading = true;
      try {
        const { item } = await apiFetch<ItemResponse<ConversationDetail>>(path, {
          signal: controller.signal,
        });
        failing = false;
        setSettled({ sessionId, item });
      } catch (cause) {
        if (controller.signal.aborted) return;
        if (cause instanceof ApiError && cause.status === 404) {
          gone = true;
          stop();
          setSettled({ sessionId, item: null });
          return;
        }
        if (!failing) showError(cause);
        failing = true;
      } finally {
        reading = false;
      }
    }
    function start() {
      void read();
      timer = setInterval(() => void read(), POLL_INTERVAL_MS);
    }
    function stop() {
      clearInterval(timer);
      timer = undefined;
    }
    function onVisibilityChange() {
      if (document.hidden) stop();
      else if (timer === undefined && !gone) start();
    }

    readNow.current = () => void read();
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      readNow.current = null;
      stop();
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [sessionId]);

  // undefined until the first answer for this session.
  const item = settled?.sessionId === sessionId ? settled.item : undefined;
  /** Applies an answer of takeover, handback or a sent reply until the next read. */
  function patch(change: (current: ConversationDetail) => ConversationDetail) {
    setSettled((current) =>
      current?.item == null ? current : { ...current, item: change(current.item) },
    );
  }
  /** Reads now, without waiting for the next tick (after sending a reply). */
  const refresh = useCallback(() => {
    readNow.current?.();
  }, []);
  return { conversation: item, patch, refresh };
}
