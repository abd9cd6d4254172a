import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { ApiError } from '../api/http';
import { getQuery } from '../api/queries';
import type { ConversationDetail } from '../api/types';
import { useToast } from '../shell/toast';

/** How often an open conversation is read again, so the visitor's new messages appear. */
export const POLL_INTERVAL_MS = 1000;

/** The server says there is no such conversation: nothing more to ask. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether the conversation's read has not been told it is gone (any query: only its error). */
function stillThere(query: { state: { error: unknown } }): boolean {
  return !isGone(query.state.error);
}

/**
 * Reads `GET /api/conversations/{sessionId}` now and every second while the page is open and
 * the tab visible (a hidden tab stops asking and reads again as soon as it is shown). One read
 * at a time; a run of failures shows one toast, not one a second; a 404 stops asking for good.
 */
export function usePolledConversation(sessionId: string) {
  const toast = useToast();
  const client = useQueryClient();
  const read = getQuery('/api/conversations/{sessionId}', { params: { sessionId } });
  const { data, error, isError, refetch } = useQuery({
    ...read,
    refetchInterval: (query) => (stillThere(query) ? POLL_INTERVAL_MS : false),
    refetchOnWindowFocus: stillThere,
    // Said here, once for a run of failures.
    meta: { quiet: true },
  });
  const failing = isError && !isGone(error);
  const showError = useEffectEvent(() => {
    toast.error(error, 'No se pudo leer la conversación');
  });
  useEffect(() => {
    if (failing) showError();
  }, [failing]);

  // undefined until the first answer for this session, null when there is no such conversation.
  const conversation: ConversationDetail | null | undefined = isGone(error) ? null : data?.item;
  const { queryKey } = read;
  /** Applies an answer of takeover, handback or a sent reply until the next read. */
  function patch(change: (current: ConversationDetail) => ConversationDetail) {
    client.setQueryData(queryKey, (current) =>
      current === undefined ? current : { item: change(current.item) },
    );
  }
  /** Reads now, without waiting for the next tick (after sending a reply). */
  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);
  return { conversation, patch, refresh };
}
