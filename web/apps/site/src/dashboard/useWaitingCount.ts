import { useEffect, useRef } from 'react';
import { useResource } from '../api/queries';
import { alertsEnabled, notify, playChime } from './inboxAlerts';

/** How often the navigation asks how many visitors wait for a person. */
export const WAITING_POLL_MS = 1000;

/**
 * How many visitors wait for a person, read now and every second while the dashboard is
 * open, the tab hidden too (undefined until the first answer). When it rises, and the alerts
 * are on, a chime plays and a notification shows. A failed read keeps the last count: the next
 * one tries again.
 */
export function useWaitingCount(): number | undefined {
  const { data } = useResource('/api/inbox', undefined, {
    refetchInterval: WAITING_POLL_MS,
    // The chime and the notification are for a staff member looking at another tab.
    inBackground: true,
    // Shown by the sections that fail; the count waits for the next read.
    meta: { quiet: true },
  });
  const count = data?.needsPerson;
  const last = useRef(count);
  useEffect(() => {
    if (count === undefined) return;
    if (last.current !== undefined && count > last.current && alertsEnabled()) {
      playChime();
      notify(count);
    }
    last.current = count;
  }, [count]);
  return count;
}
