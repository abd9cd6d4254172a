/**
 * Helpers for specs that embed the script-tag widget in a page of their own: the fixture server
 * serves the page (on `hostOrigin`), the widget comes from the real citabot server's
 * `/embed/chat.js`, and the webhook is usually the fixture server's (on `fixtureUrl`).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { fixtureUrl } from '../../fixture-server/global-setup';
import type { LogEntry } from '../../fixture-server/server';

export { fixtureUrl };

/** The citabot server the Playwright config starts. */
export const serverUrl = `http://127.0.0.1:${process.env.CITABOT_E2E_PORT ?? '3917'}`;

/** The second citabot server, in proxy mode: it relays to the fixture server's `by-input` webhook. */
export const proxyServerUrl = `http://127.0.0.1:${process.env.CITABOT_E2E_PROXY_PORT ?? '3919'}`;

/**
 * The origin of host pages: the fixture server under another name, so pages, widget and webhook
 * are three origins.
 */
export const hostOrigin = fixtureUrl.replace('127.0.0.1', 'localhost');

/** A fixture-server webhook URL for a scenario, with query parameters. */
export function webhook(scenario: string, query: Record<string, string> = {}): string {
  const url = new URL(`/webhook/${scenario}/chat`, fixtureUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

export interface HostPage {
  /** Markup of `<head>` besides the title (styles, meta). */
  head?: string;
  /** Markup of `<body>` before the widget's script tag. */
  body?: string;
  /** The widget's script tag; default a plain `<script src=".../embed/chat.js">`. */
  script?: string;
  /** An inline script run after the widget's script (the host's own call). */
  inline?: string;
  /** Response headers of the page (a Content-Security-Policy, say). */
  headers?: Record<string, string>;
}

/** Has the fixture server serve a host page, and opens it; returns its URL. */
export async function openHostPage(page: Page, host: HostPage = {}): Promise<string> {
  const script = host.script ?? `<script src="${serverUrl}/embed/chat.js"></script>`;
  const inline = host.inline === undefined ? '' : `<script>${host.inline}</script>`;
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tienda</title>${
    host.head ?? ''
  }</head><body><main><h1>Peluquería Ejemplo</h1>${host.body ?? ''}</main>${script}${inline}</body></html>`;
  const response = await page.request.post(`${fixtureUrl}/__fixture/pages`, {
    data: { html, headers: host.headers ?? {} },
  });
  const { path } = (await response.json()) as { path: string };
  const url = `${hostOrigin}${path}`;
  await page.goto(url);
  return url;
}

/** Everything the fixture server saw for a session. */
export async function fixtureLog(
  request: APIRequestContext,
  sessionId: string,
): Promise<LogEntry[]> {
  const response = await request.get(
    `${fixtureUrl}/__fixture/log/${encodeURIComponent(sessionId)}`,
  );
  return (await response.json()) as LogEntry[];
}

/** Opens a gate the fixture server is waiting on. */
export async function openGate(request: APIRequestContext, name: string): Promise<void> {
  await request.post(`${fixtureUrl}/__fixture/gates/${encodeURIComponent(name)}`);
}

/** Stores a list of texts on the fixture server; returns the batch id. */
export async function createBatch(request: APIRequestContext, items: string[]): Promise<string> {
  const response = await request.post(`${fixtureUrl}/__fixture/batches`, { data: items });
  return ((await response.json()) as { id: string }).id;
}

/** A session id no other test uses. */
export function uniqueSession(label: string): string {
  return `e2e-${label}-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}`;
}
