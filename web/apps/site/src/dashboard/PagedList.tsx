/**
 * A dashboard list read a page at a time, newest first: the first page is the caller's
 * `useResource` read (so it can reload or poll it), older pages come on demand from before the
 * oldest shown, behind "Cargar más". One home for the inbox's and the outbox's paging.
 */
import { useState } from 'react';
import { useToast } from '../shell/toast';

interface PagedListOptions<T> {
  /** The newest page, as `useResource` reads it. */
  firstPage: { data?: { items: T[] } };
  /** What names the list (its filter): another list drops the older pages. */
  list: string;
  /** Reads the page of items before `before`, the cursor the server pages by. */
  readOlder: (before: string) => Promise<{ items: T[] }>;
  /** What `before` is for an item. */
  cursorOf: (item: T) => string;
  /** The `limit` the pages ask for: a shorter page means there is nothing older. */
  pageSize: number;
  /** The error toast's title when an older page cannot be read. */
  failure: string;
}

export function usePagedList<T>({
  firstPage,
  list,
  readOlder,
  cursorOf,
  pageSize,
  failure,
}: PagedListOptions<T>) {
  const { error: showError } = useToast();
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
      const { items: next } = await readOlder(cursorOf(oldest));
      setOlder({ list, pages: [...olderPages, next] });
    } catch (cause) {
      showError(cause, failure);
    } finally {
      setLoadingMore(false);
    }
  }

  return { items, hasMore, loadingMore, loadMore };
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
