import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, json } from '../test/fakeServer';
import { ApiError, apiFetch, errorMessage, setCsrfToken } from './http';

describe('apiFetch', () => {
  it('reads JSON same-origin, with the session cookie and no CSRF header on GET', async () => {
    const server = fakeServer({ 'GET /api/services': { body: { items: [] } } });
    setCsrfToken('token-1');
    await expect(apiFetch('/api/services')).resolves.toEqual({ items: [] });
    const [request] = server.requests;
    expect(request?.headers.get('X-CSRF-Token')).toBeNull();
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
    });
  });

  it('sends the CSRF token and a JSON body on every state-changing request', async () => {
    const server = fakeServer({
      'PATCH /api/appointments/a1': { body: { item: { id: 'a1' } } },
      'POST /api/auth/logout': json(null, 204),
      'DELETE /api/thing': { body: {} },
    });
    setCsrfToken('token-1');
    await apiFetch('/api/appointments/a1', { method: 'PATCH', body: { status: 'cancelada' } });
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    await apiFetch('/api/thing', { method: 'DELETE' });
    expect(server.requests.map((request) => request.headers.get('X-CSRF-Token'))).toEqual([
      'token-1',
      'token-1',
      'token-1',
    ]);
    expect(server.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(server.requests[0]?.body).toEqual({ status: 'cancelada' });
  });

  it('sends no CSRF header once the token is cleared (signed out)', async () => {
    const server = fakeServer({ 'POST /api/auth/login': { body: {} } });
    setCsrfToken('token-1');
    setCsrfToken(null);
    await apiFetch('/api/auth/login', { method: 'POST', body: {} });
    expect(server.requests[0]?.headers.has('X-CSRF-Token')).toBe(false);
  });

  it("fails with the server's code, status and Spanish message", async () => {
    fakeServer({
      'POST /api/auth/login': apiError(
        401,
        'invalid_credentials',
        'Correo o contraseña incorrectos.',
      ),
    });
    const failure = apiFetch('/api/auth/login', { method: 'POST', body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Correo o contraseña incorrectos.',
    });
  });

  it('says the answer was unexpected when an error has no envelope', async () => {
    fakeServer({ 'GET /api/business': new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiFetch('/api/business')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'El servidor respondió de forma inesperada. Inténtalo de nuevo.',
    });
  });

  it('says the server could not be reached on a network failure', async () => {
    fakeServer({ 'GET /api/business': new TypeError('Failed to fetch') });
    await expect(apiFetch('/api/business')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'No se pudo conectar con el servidor.',
    });
  });

  it('lets an abort through as it is, for the caller to ignore', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    fakeServer({ 'GET /api/business': abort });
    await expect(apiFetch('/api/business', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('errorMessage', () => {
  it("says the server's (or the network's) Spanish message, and nothing of a bug's text", () => {
    expect(errorMessage(new ApiError(409, 'conflict', 'Esa hora ya está ocupada.'))).toBe(
      'Esa hora ya está ocupada.',
    );
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      'Ha ocurrido un error inesperado. Inténtalo de nuevo.',
    );
  });
});
