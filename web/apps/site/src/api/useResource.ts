import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useToast } from '../shell/toast';
import { apiFetch } from './http';

interface Settled<T> {
  path: string;
  data: T | undefined;
}

/**
 * Reads `path` with GET and keeps the answer. `loading` is true until an answer for the current
 * path has arrived; `reload()` keeps the previous answer on screen until the new one lands, so
 * actions do not flash the skeleton, and `update()` edits the kept answer in place (after a
 * PATCH that returned the changed item). A failure shows an error toast and leaves `data`
 * undefined. `null` as the path reads nothing (a section that is not ready to ask yet).
 */
export function useResource<T>(path: string | null) {
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const showError = useEffectEvent((cause: unknown) => {
    toast.error(cause);
  });

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal }).then(
      (data) => {
        setSettled({ path, data });
      },
      (cause: unknown) => {
        // An aborted read belongs to a path the section has already left.
        if (controller.signal.aborted) return;
        showError(cause);
        setSettled({ path, data: undefined });
      },
    );
    return () => {
      controller.abort();
    };
  }, [path, version]);

  const reload = useCallback(() => {
    setVersion((current) => current + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setSettled((current) =>
      current?.data === undefined ? current : { ...current, data: change(current.data) },
    );
  }, []);
  const current = settled !== null && settled.path === path ? settled : null;
  return { data: current?.data, loading: path !== null && current === null, reload, update };
}
