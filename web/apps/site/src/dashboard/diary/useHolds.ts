import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../api/http';
import type { Hold, ListResponse } from '../../api/types';

/**
 * The times held in the chat from `from` to `to` (`GET /api/holds`), read with the citas and
 * again on `reload`. Holds only add to the picture, so a failed read (a server from before
 * holds, a moment offline) keeps what was shown for those days, or nothing, instead of an error
 * toast at every poll; what is shown still lapses at its `expiresAt`, which the diary checks.
 */
export function useHolds(from: string, to: string) {
  const [version, setVersion] = useState(0);
  const [read, setRead] = useState<{ range: string; items: Hold[] } | null>(null);
  const range = `${from}|${to}`;

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ListResponse<Hold>>(`/api/holds?${new URLSearchParams({ from, to })}`, {
      signal: controller.signal,
    }).then(
      ({ items }) => {
        setRead({ range: `${from}|${to}`, items });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
    };
  }, [from, to, version]);

  const reload = useCallback(() => {
    setVersion((current) => current + 1);
  }, []);
  return { holds: read?.range === range ? read.items : [], reload };
}
