import { useEffect, useState } from 'react';
import { apiFetch } from '../api/http';
import type { InboxCounts } from '../api/types';
import { alertsEnabled, notify, playChime } from './inboxAlerts';

/** How often the navigation asks how many visitors wait for a person. */
export const WAITING_POLL_MS = 1000;

/**
 * How many visitors wait for a person, read now and every second while the dashboard is
 * open (undefined until the first answer). When it rises, and the alerts are on, a chime plays
 * and a notification shows. A failed read keeps the last count: the next one tries again.
 */
export function useWaitingCount(): number | undefined {
  const [count, setCount] = useState<number | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    let last: number | undefined;
    let reading = false;
    async function read() {
      if (reading) return;
      reading = true;
      try {
        const { needsPerson } = await apiFetch<InboxCounts>('/api/inbox', {
          signal: controller.signal,
        });
        if (last !== undefined && needsPerson > last && alertsEnabled()) {
          playChime();
          notify(needsPerson);
        }
        last = needsPerson;
        setCount(needsPerson);
      } catch {
        // Shown by the sections that fail; the count waits for the next read.
      } finally {
        reading = false;
      }
    }
    void read();
    const timer = setInterval(() => void read(), WAITING_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);

  return count;
}
