/**
 * Booking without the chat (issue 24): a service's next free times and the booking of one of
 * them from the landing page. The one place the site calls `/api/availability/next` and
 * `POST /api/bookings`.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from './client';
import { errorMessage } from './http';
import type { BookedView, NewBooking, NextTime } from './types';

/** How many times a service's card offers: a morning and an afternoon of two days, or so. */
export const NEXT_TIMES_SHOWN = 4;

/** A service's next free times as its card shows them. */
export type NextTimesState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; times: NextTime[] }
  | { state: 'failed'; message: string };

/**
 * The next free times of `serviceId`, read once `wanted` (the visitor asked for them) and again
 * on `reload` (a time just taken). Nothing is read before: a landing page of eight services
 * would otherwise ask eight times before anyone looks.
 */
export function useNextTimes(serviceId: string, wanted: boolean) {
  const [version, setVersion] = useState(0);
  // The answer with the read it belongs to: a newer read shows as loading until it lands.
  const [settled, setSettled] = useState<{ read: string; answer: NextTimesState } | null>(null);
  const read = `${serviceId}|${String(version)}`;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    api
      .get('/api/availability/next', {
        query: { serviceIds: serviceId, count: String(NEXT_TIMES_SHOWN) },
        signal: controller.signal,
      })
      .then(
        ({ items }) => {
          setSettled({ read, answer: { state: 'ready', times: items } });
        },
        (cause: unknown) => {
          if (controller.signal.aborted) return;
          setSettled({ read, answer: { state: 'failed', message: errorMessage(cause) } });
        },
      );
    return () => {
      controller.abort();
    };
  }, [serviceId, wanted, read]);

  const reload = useCallback(() => {
    setVersion((current) => current + 1);
  }, []);
  const times: NextTimesState = !wanted
    ? { state: 'idle' }
    : settled?.read === read
      ? settled.answer
      : { state: 'loading' };
  return { times, reload };
}

/** Books a free time; rejects with `ApiError` (409: just taken; else the server's sentence). */
export async function bookTime(booking: NewBooking): Promise<BookedView> {
  const { item } = await api.post('/api/bookings', { body: booking });
  return item;
}
