/**
 * The business the site belongs to (`GET /api/business`), read once for the whole site: its
 * name heads every page, its hours are on the landing page, its brand colour is the site's
 * accent, and its time zone tells the pages what "today" is. A failure is shown once as a toast; pages then do without.
 * What Ajustes saves replaces it at once (`saved`), so the diary's hours, the header's name and
 * the accent never wait for a reload.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { apiFetch } from '../api/http';
import type { Business, ItemResponse } from '../api/types';
import { applyBrand } from '../theme/brand';
import { useToast } from './toast';

interface BusinessState {
  /** Null while loading or when it could not be read. */
  business: Business | null;
  loading: boolean;
}

interface BusinessContextValue extends BusinessState {
  /** The business as the server answered a change to it. */
  saved: (business: Business) => void;
}

const BusinessContext = createContext<BusinessContextValue>({
  business: null,
  loading: true,
  saved: () => undefined,
});

export function BusinessProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BusinessState>({ business: null, loading: true });
  const { error } = useToast();

  const saved = useCallback((business: Business) => {
    // The salon's colour becomes the accent of every page, the dashboard and the chat.
    applyBrand(document.documentElement, business.brandColor);
    setState({ business, loading: false });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ItemResponse<Business>>('/api/business', { signal: controller.signal })
      .then(({ item }) => {
        if (controller.signal.aborted) return;
        saved(item);
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        setState({ business: null, loading: false });
        error(cause, 'No se pudieron cargar los datos del negocio');
      });
    return () => {
      controller.abort();
    };
  }, [error, saved]);

  const value = useMemo(() => ({ ...state, saved }), [state, saved]);
  return <BusinessContext value={value}>{children}</BusinessContext>;
}

export function useBusiness(): BusinessContextValue {
  return useContext(BusinessContext);
}

/** The time zone that says what "today" is: the business's, else the browser's. */
export function useTimeZone(): string {
  const { business } = useBusiness();
  return business?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
