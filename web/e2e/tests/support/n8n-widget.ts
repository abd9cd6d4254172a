/**
 * n8n's own widget, `@n8n/chat` 1.37.0, as published: packed from the npm registry once into
 * `web/node_modules/.cache/` (never committed; a plain install of the package fails, a
 * dependency it pins is missing from the registry) and served to the page by route.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

const VERSION = '1.37.0';
const cache = resolve(import.meta.dirname, '../../../node_modules/.cache', `n8n-chat-${VERSION}`);

/**
 * The folder holding the package's `dist/`, packed and unpacked on first use. The global setup
 * calls this once before any worker starts; the unpacking goes to a private folder renamed into
 * place, so a reader never sees a half-written bundle.
 */
export function n8nChatDist(): string {
  const dist = join(cache, 'package', 'dist');
  if (!existsSync(join(dist, 'chat.bundle.es.js'))) {
    mkdirSync(dirname(cache), { recursive: true });
    const staging = mkdtempSync(`${cache}.partial-`);
    execFileSync(
      'npm',
      ['pack', `@n8n/chat@${VERSION}`, '--silent', '--pack-destination', staging],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    execFileSync('tar', ['-xzf', join(staging, `n8n-chat-${VERSION}.tgz`), '-C', staging]);
    rmSync(cache, { recursive: true, force: true });
    renameSync(staging, cache);
  }
  return dist;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

/** The markup that loads n8n's widget (served under `/__n8n/`) and mounts it with `options`. */
export function n8nWidgetMarkup(options: string): { head: string; script: string } {
  return {
    head: '<link rel="stylesheet" href="/__n8n/style.css">',
    script: `<script type="module">
      import { createChat } from '/__n8n/chat.bundle.es.js';
      createChat(${options});
    </script>`,
  };
}

/**
 * Serves the package's files under `/__n8n/` on any origin, and a host page at
 * `/__n8n/host.html` that mounts n8n's widget with `options` (a JavaScript object literal).
 */
export async function routeN8nHostPage(page: Page, options: string): Promise<void> {
  const dist = n8nChatDist();
  await page.route('**/__n8n/**', async (route) => {
    const name = new URL(route.request().url()).pathname.replace('/__n8n/', '');
    if (name === 'host.html') {
      const markup = n8nWidgetMarkup(options);
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>n8n widget host</title>
          ${markup.head}</head><body>${markup.script}</body></html>`,
      });
      return;
    }
    const file = join(dist, name);
    if (!file.startsWith(dist) || !existsSync(file)) {
      await route.fulfill({ status: 404, body: 'not found' });
      return;
    }
    const extension = name.slice(name.lastIndexOf('.'));
    await route.fulfill({
      contentType: TYPES[extension] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
}
