import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { DateRange, StaffSchedule } from '../../api/types';

/** What the diary shades for one stylist: their working periods (if set) and their time off. */
export interface StaffCalendar {
  schedule: StaffSchedule | null;
  timeOff: DateRange[];
}

/**
 * The schedules and time off of `staffIds`, and the salon's closures, read together and again
 * when the stylists change. They only shade the grid, so a failed read (a server from before these
 * settings) leaves the business hours and no shading instead of an error toast per stylist.
 */
export function useStaffCalendars(staffIds: string[]) {
  const [calendars, setCalendars] = useState<Record<string, StaffCalendar>>({});
  const [closures, setClosures] = useState<DateRange[]>([]);
  const key = staffIds.join(',');

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const quiet = <T>(read: Promise<T>) =>
      read.then(
        (data) => data,
        () => null,
      );
    const ids = key === '' ? [] : key.split(',');
    void Promise.all([
      quiet(api.get('/api/closures', { signal })),
      ...ids.map(async (id) => {
        const [schedule, timeOff] = await Promise.all([
          quiet(api.get('/api/staff/{id}/schedule', { params: { id }, signal })),
          quiet(api.get('/api/staff/{id}/time-off', { params: { id }, signal })),
        ]);
        return [id, { schedule: schedule?.item ?? null, timeOff: timeOff?.items ?? [] }] as const;
      }),
    ]).then(([closureList, ...entries]) => {
      if (signal.aborted) return;
      setClosures(closureList?.items ?? []);
      setCalendars(Object.fromEntries(entries as (readonly [string, StaffCalendar])[]));
    });
    return () => {
      controller.abort();
    };
  }, [key]);

  return { calendars, closures };
}
