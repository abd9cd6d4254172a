/**
 * A dashboard list read a page at a time, newest first: the first page through `useResource`
 * (so the section can reload or poll it), older pages on demand from before the oldest shown,
 * behind "Cargar más". One home for the inbox's and the outbox's paging.
 */
import { useState } from 'react';
import { apiFetch } from '../api/http';
import type { ListResponse } from '../api/types';
import { useResource } from '../api/useResource';
import { useToast } from '../shell/toast';

interface PagedListOptions<T> {
  /** The path of the page before `before` (the newest page without it). */
  pagePath: (before?: string) => string;
  /** What `before` is for an item: the cursor the server pages by. */
  cursorOf: (item: T) => string;
  /** The `limit` the paths ask for: a shorter page means there is nothing older. */
  pageSize: number;
  /** The error toast's title when an older page cannot be read. */
  failure: string;
}

export function usePagedList<T, Page extends ListResponse<T> = ListResponse<T>>({
  pagePath,
  cursorOf,
  pageSize,
  failure,
}: PagedListOptions<T>) {
  const { error: showError } = useToast();
  // The first page's path names the list (its filter): another list drops the older pages.
  const list = pagePath();
  const firstPage = useResource<Page>(list);
  const [older, setOlder] = useState<{ list: string; pages: T[][] }>({ list, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);

  const olderPages = older.list === list ? older.pages : [];
  const pages = firstPage.data ? [firstPage.data.items, ...olderPages] : [];
  const items = pages.flat();
  const hasMore = (pages.at(-1)?.length ?? 0) === pageSize;

  async function loadMore() {
    const oldest = items.at(-1);
    if (oldest === undefined) return;
    setLoadingMore(true);
    try {
      const { items: next } = await apiFetch<Page>(pagePath(cursorOf(oldest)));
      setOlder({ list, pages: [...olderPages, next] });
    } catch (cause) {
      showError(cause, failure);
    } finally {
      setLoadingMore(false);
    }
  }

  return { firstPage, items, hasMore, loadingMore, loadMore };
}

/** "Cargar más" under a paged list, while the server may have older items. */
export function LoadMoreButton({
  paged,
}: {
  paged: Pick<ReturnType<typeof usePagedList>, 'hasMore' | 'loadingMore' | 'loadMore'>;
}) {
  if (!paged.hasMore) return null;
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={paged.loadingMore}
      onClick={() => void paged.loadMore()}
    >
      Cargar más
    </button>
  );
}
