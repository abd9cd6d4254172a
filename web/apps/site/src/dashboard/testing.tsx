/**
 * Test support for the dashboard: the site's real providers around a page, and a `fetch` stub
 * that answers the API from a handler per test while recording every call.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type {
  Appointment,
  Business,
  ConversationDetail,
  Profile,
  Role,
  Service,
  StaffMember,
} from '../api/types';
import { AuthProvider } from '../auth/AuthContext';
import { BusinessProvider } from '../shell/business';
import { ToastProvider } from '../shell/toast';

export const CSRF_TOKEN = 'token-de-prueba';

export const BUSINESS: Business = {
  name: 'Peluquería Citabot',
  timeZone: 'Europe/Madrid',
  slotStep: 15,
  hours: [{ weekday: 1, openMin: 540, closeMin: 1200 }],
};

/**
 * 00:30 on Monday 23 November 2026 in Madrid, still the 22nd in UTC: "today" of every dashboard
 * test, so a page that took the browser's UTC day instead of the business's would ask for the 22nd.
 */
export const NOW = new Date('2026-11-22T23:30:00Z');
export const TODAY = '2026-11-23';

export function profile(role: Role, id = `persona-${role}`): Profile {
  return {
    id,
    email: `${role}@example.com`,
    firstName: 'Ana',
    lastName: 'Pérez',
    phone: null,
    role,
  };
}

/** One request the page made. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** What the stub answers: a JSON body and a status (200 unless said). */
export interface Reply {
  status?: number;
  body?: unknown;
}

export function apiError(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}

/**
 * Stubs `fetch`: the session (as `user`) and the business are answered here, everything else
 * by `handler`; a request it does not answer is a 404 so a wrong path shows in the test.
 */
export function stubApi(
  user: Profile | null,
  handler: (call: ApiCall) => Reply | undefined = () => undefined,
) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const reply =
      call.path === '/api/auth/session'
        ? { body: { user, csrfToken: user ? CSRF_TOKEN : null } }
        : call.path === '/api/business'
          ? { body: { item: BUSINESS } }
          : (handler(call) ?? apiError(404, 'not_found', 'No existe.'));
    const status = reply.status ?? 200;
    return Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls to `path` (optionally with one method), oldest first. */
  const callsTo = (path: string, method = 'GET') =>
    calls.filter((call) => call.path === path && call.method === method);
  return { calls, callsTo };
}

/** Renders `page` inside the site's toast, auth and business providers. */
export function renderWithProviders(page: ReactElement) {
  return render(
    <ToastProvider>
      <AuthProvider>
        <BusinessProvider>{page}</BusinessProvider>
      </AuthProvider>
    </ToastProvider>,
  );
}

/** Fixes "today" without faking timers, so Testing Library's waits keep working. */
export function fixToday() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
}

/** The nearest `selector` around `element` (a row, a card), failing the test when there is none. */
export function enclosing(element: HTMLElement, selector: string): HTMLElement {
  const found = element.closest<HTMLElement>(selector);
  if (!found) throw new Error(`No hay ningún ${selector} alrededor del elemento`);
  return found;
}

export const STAFF: StaffMember[] = [
  {
    id: 'st-1',
    firstName: 'Lucía',
    lastName: 'Gómez',
    email: 'lucia@example.com',
    phone: null,
    role: 'usuario',
  },
  {
    id: 'st-2',
    firstName: 'Marta',
    lastName: 'Ruiz',
    email: 'marta@example.com',
    phone: null,
    role: 'administrador',
  },
];

export const SERVICES: Service[] = [
  {
    id: 'sv-1',
    name: 'Corte',
    description: 'Lavado y corte',
    durationMin: 30,
    priceCents: 2000,
    active: true,
  },
  { id: 'sv-2', name: 'Color', description: '', durationMin: 60, priceCents: 4500, active: true },
  {
    id: 'sv-3',
    name: 'Permanente',
    description: '',
    durationMin: 90,
    priceCents: 6000,
    active: false,
  },
];

/** A cita of today at 10:00 with Lucía, changed as the test needs. */
export function fakeAppointment(changes: Partial<Appointment> & { id: string }): Appointment {
  return {
    staffId: 'st-1',
    staffName: 'Lucía Gómez',
    clientId: `cl-${changes.id}`,
    clientName: 'Pilar',
    clientEmail: `${changes.id}@example.com`,
    clientPhone: null,
    date: TODAY,
    startMin: 600,
    endMin: 645,
    startAt: '2026-11-23T09:00:00Z',
    endAt: '2026-11-23T09:45:00Z',
    status: 'pendiente',
    services: [{ id: 'sv-1', name: 'Corte' }],
    chatSessionId: null,
    createdAt: '2026-11-20T09:00:00Z',
    ...changes,
  };
}

/** A guest's chat that nobody has taken over, changed as the test needs. */
export function fakeConversation(
  changes: Partial<ConversationDetail> & { sessionId: string },
): ConversationDetail {
  return {
    visitor: { kind: 'guest', userId: null, name: null, email: null, role: 'guest' },
    startedAt: '2026-11-23T09:00:00Z',
    lastAt: '2026-11-23T09:05:00Z',
    messageCount: 0,
    lastMessage: null,
    booked: false,
    appointmentIds: [],
    takenOverBy: null,
    messages: [],
    ...changes,
  };
}
