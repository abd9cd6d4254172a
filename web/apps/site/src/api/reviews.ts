/**
 * Reviews' data (issue 24): the shown ones for the landing page, a review link's cita and the
 * review sent through it, and the staff's list with their answers and hiding. The one place the
 * site calls `/api/reviews` and `/api/review/{token}`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../shell/toast';
import { api } from './client';
import { ApiError, errorMessage } from './http';
import { useResource } from './queries';
import type { NewReview, ReviewInvitationView, ReviewList, ReviewPatch, ReviewView } from './types';

/** How many reviews the landing page shows: two rows of three on a laptop. */
export const LANDING_REVIEWS = 6;

/**
 * The newest shown reviews and their summary, for the landing page. Quiet: the page is whole
 * without them, so a failed read hides the section instead of raising an error toast.
 */
export function useLandingReviews(): { list: ReviewList | null; loading: boolean } {
  const [read, setRead] = useState<{ list: ReviewList | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/reviews', { query: { limit: String(LANDING_REVIEWS) }, signal: controller.signal })
      .then(
        (list) => {
          // Staff are sent the hidden ones too: the landing page is the public's.
          setRead({ list: { ...list, items: list.items.filter((review) => !review.hidden) } });
        },
        () => {
          if (!controller.signal.aborted) setRead({ list: null });
        },
      );
    return () => {
      controller.abort();
    };
  }, []);
  return { list: read?.list ?? null, loading: read === null };
}

/** A review link's cita as the page shows it: read, refused (404, 409), or not read. */
export type InvitationState =
  | { state: 'loading' }
  | { state: 'ready'; invitation: ReviewInvitationView }
  | { state: 'invalid'; message: string }
  | { state: 'notCompleted'; message: string }
  | { state: 'failed'; message: string };

/**
 * Reads the cita a review link names (`GET`, which changes nothing: mail scanners open links).
 * `retry` reads it again; `reviewed` puts the review just sent into it.
 */
export function useReviewInvitation(token: string) {
  const [loaded, setLoaded] = useState<InvitationState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/review/{token}', { params: { token }, signal: controller.signal }).then(
      ({ item }) => {
        setLoaded({ state: 'ready', invitation: item });
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        const status = cause instanceof ApiError ? cause.status : 0;
        const message = errorMessage(cause);
        setLoaded(
          status === 404
            ? { state: 'invalid', message }
            : status === 409
              ? { state: 'notCompleted', message }
              : { state: 'failed', message },
        );
      },
    );
    return () => {
      controller.abort();
    };
  }, [token, attempt]);

  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const reviewed = useCallback((review: ReviewView) => {
    setLoaded((current) =>
      current.state === 'ready'
        ? { state: 'ready', invitation: { ...current.invitation, review } }
        : current,
    );
  }, []);
  return { loaded, retry, reviewed };
}

/** Sends the client's review through its link; rejects with the server's Spanish refusal. */
export async function submitReview(token: string, review: NewReview): Promise<ReviewView> {
  const { item } = await api.post('/api/review/{token}', { params: { token }, body: review });
  return item;
}

/** The dashboard's page size. */
export const STAFF_REVIEW_PAGE = 50;

function staffPage(offset: number) {
  return { query: { limit: String(STAFF_REVIEW_PAGE), offset: String(offset) } };
}

/**
 * Every review for staff (the hidden ones too), newest first: the first page through
 * `useResource`, older ones behind "Cargar más" (the API pages by offset). `change` PATCHes a
 * review and shows the answer in place.
 */
export function useStaffReviews() {
  const { error: showError } = useToast();
  const firstPage = useResource('/api/reviews', staffPage(0));
  const [older, setOlder] = useState<{ items: ReviewView[]; lastPage: number } | null>(null);
  const [changed, setChanged] = useState<Record<string, ReviewView>>({});
  const [loadingMore, setLoadingMore] = useState(false);

  const firstItems = firstPage.data?.items ?? [];
  // By offset, a review written meanwhile pushes the last one shown onto the next page too.
  const unique = new Map([...firstItems, ...(older?.items ?? [])].map((each) => [each.id, each]));
  const items = [...unique.values()].map((review) => changed[review.id] ?? review);
  // A full last page means the server may have older ones.
  const hasMore = (older?.lastPage ?? firstItems.length) === STAFF_REVIEW_PAGE;

  async function loadMore() {
    setLoadingMore(true);
    try {
      const { items: next } = await api.get('/api/reviews', staffPage(items.length));
      setOlder((current) => ({
        items: [...(current?.items ?? []), ...next],
        lastPage: next.length,
      }));
    } catch (cause) {
      showError(cause, 'No se pudieron cargar más opiniones');
    } finally {
      setLoadingMore(false);
    }
  }

  async function change(id: string, patch: ReviewPatch): Promise<ReviewView> {
    const { item } = await api.patch('/api/reviews/{id}', { params: { id }, body: patch });
    setChanged((current) => ({ ...current, [item.id]: item }));
    return item;
  }

  return {
    items,
    summary: firstPage.data?.summary,
    loading: firstPage.loading,
    failed: !firstPage.loading && firstPage.data === undefined,
    hasMore,
    loadingMore,
    loadMore,
    change,
  };
}
