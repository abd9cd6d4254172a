/**
 * A stand-in for the citabot server in tests: `fetch` is stubbed with routes by method and path
 * (query ignored unless the route gives it), each answering JSON. Unknown routes answer 404, so
 * a test never depends on a call it did not expect to succeed. Every request is recorded.
 */
import { vi } from 'vitest';
import type { Business, Profile, Service, SessionInfo } from '../api/types';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Answer = Response | { status?: number; body?: unknown } | Error | DOMException;
type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

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
};

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

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** The answer of the session, login and sign-up calls for `user`. */
export function session(user: Profile | null): SessionInfo {
  return { user, csrfToken: user ? `csrf-${user.id}` : null };
}

/**
 * Stubs `fetch`. `routes` maps "METHOD /path" to a handler (or a fixed answer); the session,
 * business and services have defaults (a guest, the business and services above).
 */
export function fakeServer(routes: Record<string, Handler | Answer> = {}) {
  const requests: RecordedRequest[] = [];
  const table: Record<string, Handler | Answer> = {
    'GET /api/auth/session': { body: session(null) },
    'GET /api/business': { body: { item: business } },
    'GET /api/services': { body: { items: services } },
    ...routes,
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, headers: new Headers(init.headers), body };
    requests.push(request);
    const route = table[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(request) : route;
    if (answer === undefined) return apiError(404, 'not_found', 'No existe.');
    // jsdom's DOMException (an abort) is not an Error.
    if (answer instanceof Error || answer instanceof DOMException) throw answer;
    if (answer instanceof Response) return answer;
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests to `path` (any method), in order. */
    to: (path: string) => requests.filter((request) => request.url.pathname === path),
  };
}
