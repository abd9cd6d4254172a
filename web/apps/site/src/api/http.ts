/**
 * The site's one way to call the server's JSON API: same-origin credentials, JSON in and out, the
 * CSRF token on every state-changing request, and failures as `ApiError` carrying the server's
 * Spanish message (REQUIREMENTS H1: the token comes from the session answer, never a cookie).
 */

/** A failed API call; `message` is meant for the person (Spanish). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const NETWORK_FAILURE = 'No se pudo conectar con el servidor.';
const UNEXPECTED_ANSWER = 'El servidor respondió de forma inesperada. Inténtalo de nuevo.';
const UNEXPECTED_FAILURE = 'Ha ocurrido un error inesperado. Inténtalo de nuevo.';

/**
 * The Spanish sentence to show for a failed call, in a form or a toast: `ApiError`'s message
 * (the server's, or the network failure's), else a generic one (a bug should not show its text).
 */
export function errorMessage(cause: unknown): string {
  return cause instanceof ApiError ? cause.message : UNEXPECTED_FAILURE;
}

// One token per page: the session belongs to the browser tab, not to a component.
let csrfToken: string | null = null;

/** Remembers the CSRF token from the session, login or sign-up answer (null when signed out). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * The header a signed-in page sends with every state-changing request, the chat's included
 * (the server refuses them without it); none for a guest.
 */
export function csrfHeader(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as the body as it is (a picture), instead of `body` as JSON. */
  file?: Blob;
  signal?: AbortSignal;
}

/**
 * Calls `path` on the server and resolves with its JSON body (`undefined` for 204), unchecked:
 * pages call through `api` (client.ts), which types it by the OpenAPI document. A `file` is sent
 * as the body itself (the server tells its type by its bytes; the header is the browser's guess).
 */
export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(method === 'GET' ? {} : csrfHeader()),
  };
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (cause) {
    // An abort is the caller's own doing: let it through unchanged so they can ignore it.
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', NETWORK_FAILURE);
  }

  if (response.status === 204) return undefined;
  const body = await readJson(response);
  if (response.ok) return body;
  const envelope = errorEnvelope(body);
  throw new ApiError(
    response.status,
    envelope?.code ?? 'http_error',
    envelope?.message ?? UNEXPECTED_ANSWER,
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function errorEnvelope(body: unknown): { code: string; message: string } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'http_error';
  const message =
    'message' in error && typeof error.message === 'string' ? error.message : UNEXPECTED_ANSWER;
  return { code, message };
}
