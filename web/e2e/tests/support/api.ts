/**
 * The site server's JSON API, signed in as an account: how specs read back what the browser did
 * (the citas a conversation wrote) through the same role-checked endpoints the dashboard uses.
 */
import { type APIRequestContext, expect, request } from '@playwright/test';
import type { Account } from './server';
import { sitePort } from './server';

export interface SignedInApi {
  get<T>(path: string): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** PUT that rejects (rather than failing the test) when the answer is not 200. */
  put<T>(path: string, body: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/**
 * Signs `account` in on a context of its own (its own cookie jar) and sends its CSRF token; to
 * the site server unless another server's `port` is named.
 */
export async function signedInApi(account: Account, port = sitePort): Promise<SignedInApi> {
  const context: APIRequestContext = await request.newContext({
    baseURL: `http://127.0.0.1:${String(port)}`,
  });
  const login = await context.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return {
    async get<T>(path: string) {
      const response = await context.get(path);
      expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
    async patch<T>(path: string, body: unknown) {
      const response = await context.patch(path, {
        data: body,
        headers: { 'X-CSRF-Token': csrfToken },
      });
      expect(response.status(), `PATCH ${path}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
    async post<T>(path: string, body: unknown) {
      const response = await context.post(path, {
        data: body,
        headers: { 'X-CSRF-Token': csrfToken },
      });
      expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
      return (await response.json()) as T;
    },
    async put<T>(path: string, body: unknown) {
      const response = await context.put(path, {
        data: body,
        headers: { 'X-CSRF-Token': csrfToken },
      });
      if (response.status() !== 200) throw new Error(`PUT ${path}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    dispose: () => context.dispose(),
  };
}

/** A cita as `GET /api/appointments` lists it (docs/DASHBOARD-API.md). */
export interface ListedAppointment {
  id: string;
  staffId: string;
  staffName: string;
  clientName: string;
  clientEmail: string | null;
  date: string;
  startMin: number;
  endMin: number;
  status: string;
  services: { id: string; name: string }[];
  chatSessionId: string | null;
}

/** `yyyy-mm-dd` of today in Madrid (the demo salon's time zone) plus `days`. */
export function madridDate(days = 0): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(day);
}
