/**
 * The business the site belongs to (`GET /api/business`), one read for the whole site: its
 * name heads every page, its hours are on the landing page, its brand colour is the site's
 * accent, and its time zone tells the pages what "today" is. A failure is shown once as a toast;
 * pages then do without. What Ajustes saves replaces it at once (`saved`), so the diary's hours,
 * the header's name and the accent never wait for a reload.
 */
import { useEffect, type ReactNode } from 'react';
import { REFERENCE_STALE_MS, useResource } from '../api/queries';
import type { Business } from '../api/types';
import { applyBrand } from '../theme/brand';

/** Reads the business as the site starts, and keeps its colour as every page's accent. */
export function BusinessProvider({ children }: { children: ReactNode }) {
  const { business } = useBusiness();
  const loaded = business !== null;
  const brandColor = business?.brandColor;
  useEffect(() => {
    // The salon's colour becomes the accent of every page, the dashboard and the chat.
    if (loaded) applyBrand(document.documentElement, brandColor);
  }, [loaded, brandColor]);
  return children;
}

export function useBusiness() {
  const { data, loading, update } = useResource('/api/business', undefined, {
    staleTime: REFERENCE_STALE_MS,
    meta: { errorTitle: 'No se pudieron cargar los datos del negocio' },
  });
  return {
    /** Null while loading or when it could not be read. */
    business: data?.item ?? null,
    loading,
    /** The business as the server answered a change to it. */
    saved: (business: Business) => {
      update(() => ({ item: business }));
    },
  };
}

/** The time zone that says what "today" is: the business's, else the browser's. */
export function useTimeZone(): string {
  const { business } = useBusiness();
  return business?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
