import { useResource } from '../api/queries';
import { useDebouncedValue } from './useDebouncedValue';

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DELAY_MS = 250;

/**
 * `GET /api/clients?q=` for what the person typed, asked once typing pauses. With nothing typed
 * it lists every client when `listAllWhenEmpty`, and asks nothing otherwise.
 */
export function useClientSearch(search: string, listAllWhenEmpty: boolean) {
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const asked = query !== '' || listAllWhenEmpty;
  return {
    query,
    ...useResource(asked ? '/api/clients' : null, { query: { q: query || undefined } }),
  };
}
