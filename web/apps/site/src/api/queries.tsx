/**
 * The site's reads of the server, through TanStack Query: one cache per page load, so what several
 * components read (the services, the business, the staff) is asked once and shared, and a write
 * updates or invalidates what it changed. A read's key is `[path, { params, query }]`: a write
 * invalidates a path's every read by its first part.
 */
import {
  focusManager,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useToast } from '../shell/toast';
import { api, type GetAnswer, type GetOptions, type PathWith, type Request } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The failure toast's title (the default "Algo ha fallado" without it). */
      errorTitle?: string;
      /** No toast: the read only adds to the page, or its hook says the failure itself. */
      quiet?: boolean;
    };
  }
}

// The polls pause while the tab is hidden (`document.hidden`) and read again when it is shown.
focusManager.setEventListener((setFocused) => {
  const onChange = () => {
    setFocused(!document.hidden);
  };
  document.addEventListener('visibilitychange', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
  };
});

/**
 * How long the business, its services and its staff are taken as current: they change by the
 * dashboard's own writes, which update the cache, or rarely elsewhere.
 */
export const REFERENCE_STALE_MS = 5 * 60_000;

/** The cache of one page load; a failed read says so once in a toast, however many read it. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { error } = useToast();
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (cause, query) => {
            if (!query.meta?.quiet) error(cause, query.meta?.errorTitle);
          },
        }),
        defaultOptions: {
          // As before the cache: a failure is shown at once, and a read happens when a page
          // mounts, a write asks for it, or a poll's interval says so, not on focus or reconnect.
          queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The query of `GET path` with the document's parameters: its key and its read. */
export function getQuery<P extends PathWith<'get'>>(path: P, ...[options]: GetOptions<P>) {
  const { params, query } = (options ?? {}) as Request;
  const request: Request = { params, query };
  return queryOptions({
    queryKey: [path, request] as const,
    queryFn: ({ signal }) =>
      (api.get as (path: string, options: object) => Promise<GetAnswer<P>>)(path, {
        ...request,
        signal,
      }),
  });
}

/** Options of `useResource` beyond the read: a poll, a staleness, a toast title. */
interface ResourceOptions {
  /** Read again every so many ms while mounted (and the tab is visible, unless `inBackground`). */
  refetchInterval?: number;
  inBackground?: boolean;
  staleTime?: number;
  meta?: { errorTitle?: string; quiet?: boolean };
}

/**
 * Reads `GET path` and keeps the answer. `loading` is true until an answer for the current
 * path has arrived; `reload()` keeps the previous answer on screen until the new one lands, so
 * actions do not flash the skeleton, and `update()` edits the kept answer in place (after a
 * PATCH that returned the changed item), for every component reading it. A failure shows an
 * error toast and leaves `data` as it was (undefined on a first read). `null` as the path reads
 * nothing (a section that is not ready to ask yet).
 */
export function useResource<P extends PathWith<'get'>>(
  path: P | null,
  ...args: [...GetOptions<P>, ResourceOptions?]
) {
  // The tuple's positions are known only once `P` is: its two parts, taken apart by hand.
  const [options, resource = {}] = args as unknown as [Request | undefined, ResourceOptions?];
  const client = useQueryClient();
  // A placeholder key while there is no path: the query is disabled, nothing is read.
  const read = getQuery(path ?? ('' as P), ...([options] as GetOptions<P>));
  const { queryKey } = read;
  const result = useQuery({
    ...read,
    enabled: path !== null,
    refetchInterval: resource.refetchInterval,
    refetchIntervalInBackground: resource.inBackground,
    staleTime: resource.staleTime,
    meta: resource.meta,
  });
  const { refetch } = result;
  const enabled = path !== null;
  const reload = useCallback(() => {
    if (enabled) void refetch();
  }, [enabled, refetch]);
  const keyText = JSON.stringify(queryKey);
  const update = useCallback(
    (change: (data: GetAnswer<P>) => GetAnswer<P>) => {
      client.setQueryData<GetAnswer<P>>(
        JSON.parse(keyText) as QueryKey,
        (current: GetAnswer<P> | undefined) =>
          // For a `P` not known yet the rule reads the answer's type as `undefined` only.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          current === undefined ? undefined : change(current),
      );
    },
    [client, keyText],
  );
  return { data: result.data, loading: enabled && result.isPending, reload, update };
}

/** Marks every read of `path` (whatever its parameters) stale, and reads the shown ones again. */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (path: PathWith<'get'>) => client.invalidateQueries({ queryKey: [path] }),
    [client],
  );
}

/** The salon's services (`GET /api/services`): one read for every component that lists them. */
export function useServices() {
  return useResource('/api/services', undefined, { staleTime: REFERENCE_STALE_MS });
}

/** The staff (`GET /api/staff`): one read for the diary, the team and the settings. */
export function useStaff() {
  return useResource('/api/staff', undefined, { staleTime: REFERENCE_STALE_MS });
}
