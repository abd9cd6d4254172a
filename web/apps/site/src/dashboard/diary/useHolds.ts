import { useResource } from '../../api/queries';

/**
 * The times held in the chat from `from` to `to` (`GET /api/holds`), read with the citas, on
 * the same poll, and again on `reload`. Holds only add to the picture, so a failed read (a
 * server from before holds, a moment offline) keeps what was shown for those days, or nothing,
 * instead of an error toast at every poll; what is shown still lapses at its `expiresAt`, which
 * the diary checks.
 */
export function useHolds(from: string, to: string, pollMs: number) {
  const { data, reload } = useResource(
    '/api/holds',
    { query: { from, to } },
    { refetchInterval: pollMs, inBackground: true, meta: { quiet: true } },
  );
  return { holds: data?.items ?? [], reload };
}
