/**
 * The one stand-in for the citabot server in the site's tests: `fetch` is stubbed with routes by
 * method and path (the query is the handler's to read), each answering JSON. A test may also give
 * one handler for whatever its routes do not name; what neither answers falls to the defaults
 * (a guest session, the business, its services), and anything else is a 404, so a test never
 * depends on a call it did not expect to succeed. Every request is recorded.
 */
import { vi } from 'vitest';
import type { Business, Profile, Service, SessionInfo } from '../api/types';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A reply: a JSON body and its status (200 unless said), a raw Response, or a thrown failure. */
export type Answer = Response | { status?: number; body?: unknown } | Error | DOMException;
/** Answers a request; `undefined` leaves it to the defaults (then a 404). */
export type Handler = (
  request: RecordedRequest,
) => Answer | undefined | Promise<Answer | undefined>;

export const business: Business = {
  name: 'Peluquería Lucía',
  timeZone: 'Europe/Madrid',
  slotStep: 15,
  hours: [
    { weekday: 1, openMin: 600, closeMin: 1200 },
    { weekday: 2, openMin: 600, closeMin: 840 },
    { weekday: 2, openMin: 960, closeMin: 1200 },
    { weekday: 6, openMin: 600, closeMin: 840 },
  ],
  // What the server sends for a salon that has set nothing else (its defaults).
  address: { street: '', postalCode: '', city: '' },
  phone: '',
  email: '',
  description: '',
  paymentMethods: [],
  parking: '',
  access: '',
  faq: [],
  brandColor: '#9d174d',
  bookingRules: {
    minNoticeMin: 60,
    horizonDays: 60,
    chatBookingStatus: 'pendiente',
    holdMinutes: 10,
  },
  closures: [],
  // The bookable stylists: the staff of the tests (fixtures' STAFF), first names only.
  team: [
    { id: 'st-1', firstName: 'Lucía', serviceIds: ['svc-corte', 'svc-color'] },
    { id: 'st-2', firstName: 'Marta', serviceIds: ['svc-corte', 'svc-color'] },
  ],
  logoUrl: null,
  heroUrl: null,
};

/** The menu: two active services and one switched off (not offered). */
export const services: Service[] = [
  {
    id: 'svc-corte',
    name: 'Corte de pelo',
    description: 'Lavado, corte y peinado.',
    durationMin: 30,
    priceCents: 1800,
    active: true,
  },
  {
    id: 'svc-color',
    name: 'Tinte',
    description: '',
    durationMin: 90,
    priceCents: 4500,
    active: true,
  },
  {
    id: 'svc-permanente',
    name: 'Permanente',
    description: '',
    durationMin: 120,
    priceCents: 6000,
    active: false,
  },
];

export const cliente: Profile = {
  id: 'user-ana',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'García',
  phone: '600111222',
  role: 'cliente',
};

export const staff: Profile = {
  id: 'user-lucia',
  email: 'lucia@example.com',
  firstName: 'Lucía',
  lastName: 'Pérez',
  phone: null,
  role: 'administrador',
};

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's error envelope; a plain answer, so one route may give it more than once. */
export function apiError(status: number, code: string, message: string): Answer {
  return { status, body: { error: { code, message } } };
}

/** The answer of the session, login and sign-up calls for `user`. */
export function session(user: Profile | null): SessionInfo {
  return { user, csrfToken: user ? `csrf-${user.id}` : null };
}

/**
 * Stubs `fetch`. `routes` maps "METHOD /path" to a handler or a fixed answer; `fallback` answers
 * the rest (`undefined` passes), then the defaults: a guest session, the business and services.
 */
export function fakeServer(routes: Record<string, Handler | Answer> = {}, fallback?: Handler) {
  const requests: RecordedRequest[] = [];
  const defaults: Record<string, Answer> = {
    'GET /api/auth/session': { body: session(null) },
    'GET /api/business': { body: { item: business } },
    'GET /api/services': { body: { items: services } },
    'GET /api/inbox': { body: { needsPerson: 0 } },
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    // A JSON body is read back; a file (a picture sent as it is) is kept as the Blob it is.
    const body: unknown =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof Blob
          ? init.body
          : undefined;
    const request = { method, url, headers: new Headers(init.headers), body };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    const answer =
      (typeof route === 'function' ? await route(request) : route) ??
      (await fallback?.(request)) ??
      defaults[key] ??
      apiError(404, 'not_found', 'No existe.');
    // jsdom's DOMException (an abort) is not an Error.
    if (answer instanceof Error || answer instanceof DOMException) throw answer;
    if (answer instanceof Response) return answer;
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests to `path` (with `method`, or any), in order. */
    to: (path: string, method?: string) =>
      requests.filter(
        (request) =>
          request.url.pathname === path && (method === undefined || request.method === method),
      ),
  };
}

/**
 * `fakeServer` for a page seen by `user`: the session is theirs and the business is always
 * there; `fallback` answers the rest.
 */
export function fakeServerAs(user: Profile | null, fallback?: Handler) {
  return fakeServer(
    {
      'GET /api/auth/session': { body: session(user) },
      'GET /api/business': { body: { item: business } },
    },
    fallback,
  );
}
