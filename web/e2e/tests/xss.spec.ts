/**
 * Every XSS vector of the test corpora (`web/test-corpora`, read at test time) delivered as bot
 * messages through the real protocol, in Chromium (REQUIREMENTS W4):
 * the fixture server answers `loadPreviousSession` with hundreds of AI messages per page load
 * (and a sample as `{"output": vector}` replies to sendMessage). Nothing may run
 * (`alert`/`confirm`/`prompt`/`print`/`open` hooked in every frame, dialogs watched), nothing may
 * navigate or fetch (every request outside the widget's own is refused and, unless it is an
 * image, reported), and the widget's DOM, inside its shadow root, may hold no script, no event
 * handler attribute, no active element, no URL outside the allowed schemes, and no link that does
 * not open in a new tab with `rel="noopener noreferrer"`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  createBatch,
  fixtureUrl,
  hostOrigin,
  openHostPage,
  serverUrl,
  uniqueSession,
  webhook,
} from './support/host';

const corpora = resolve(import.meta.dirname, '../../test-corpora');
const BATCH = 500;
/** REQUIREMENTS W4 rule 4: the only iframes a bot message may hold. */
const YOUTUBE_EMBED =
  /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}([?#]|$)/;

interface Vector {
  source: string;
  text: string;
}

function lines(file: string): Vector[] {
  return readFileSync(resolve(corpora, file), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((text) => ({ source: file, text }));
}

function json(file: string, field: string): Vector[] {
  const entries = JSON.parse(readFileSync(resolve(corpora, file), 'utf8')) as Record<
    string,
    unknown
  >[];
  return entries.map((entry) => ({ source: file, text: String(entry[field]) }));
}

const vectors: Vector[] = [
  ...json('dompurify-vectors.json', 'payload'),
  ...json('markdown-xss.json', 'markdown'),
  ...lines('xss-payloads.txt'),
  ...lines('xss-payloads-rsnake.txt'),
  ...lines('xss-polyglots.txt'),
];
const batches: Vector[][] = [];
for (let start = 0; start < vectors.length; start += BATCH)
  batches.push(vectors.slice(start, start + BATCH));

/** Hooks dialogs and watches requests and navigations; returns what went wrong. */
async function guard(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.defineProperty(window, '__xssCalls', { value: calls });
    for (const name of ['alert', 'confirm', 'prompt', 'print', 'open'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          calls.push(`${name}(${args.map(String).join(', ')})`);
          return null;
        },
      });
    }
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Network off for everything but the widget's own files, webhook and host page.
  await page.route('**/*', (route) => {
    const request = route.request();
    const url = request.url();
    if (
      url.startsWith(`${serverUrl}/embed/`) ||
      url.startsWith(`${fixtureUrl}/webhook/`) ||
      url.startsWith(`${hostOrigin}/__fixture/pages/`)
    ) {
      return route.continue();
    }
    // Remote images and the allowed YouTube embeds may be asked for; nothing else may.
    const allowed =
      request.resourceType() === 'image' ||
      (request.resourceType() === 'document' &&
        request.frame() !== page.mainFrame() &&
        YOUTUBE_EMBED.test(url));
    if (!allowed) problems.push(`request ${request.resourceType()} ${url}`);
    return route.abort();
  });
  page.on('websocket', (socket) => problems.push(`websocket ${socket.url()}`));
  let host: string | undefined;
  page.on('framenavigated', (frame) => {
    const url = frame.url();
    if (frame === page.mainFrame()) {
      host ??= url;
      if (url !== host) problems.push(`navigation to ${url}`);
    } else if (!['about:blank', 'about:srcdoc', 'chrome-error://chromewebdata/'].includes(url)) {
      // (A refused request leaves its frame on Chromium's error page; the request is judged above.)
      problems.push(`frame navigated to ${url}`);
    }
  });
  return problems;
}

/**
 * What the widget's DOM holds that it must not: checked inside its shadow root, after every image
 * has loaded or failed. Runs in the page.
 */
function inspectWidget(youtubeEmbed: string): {
  problems: string[];
  bubbles: number;
  pageScripts: number;
} {
  const problems: string[] = [];
  const root = document.querySelector('[data-citabot-chat]')?.shadowRoot;
  if (!root) return { problems: ['no widget shadow root'], bubbles: 0, pageScripts: 0 };
  const urlAttributes = [
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'poster',
    'background',
    'data',
    'cite',
    'longdesc',
    'ping',
    'manifest',
    'codebase',
    'lowsrc',
    'dynsrc',
  ];
  const youtube = new RegExp(youtubeEmbed);
  const forbidden = new Set([
    'script',
    'object',
    'embed',
    'base',
    'meta',
    'link',
    'style',
    'form',
    'frame',
    'frameset',
    'applet',
  ]);
  const allowedUrl = (element: Element, name: string, value: string): boolean => {
    const trimmed = value.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('\\\\')) return false; // not "relative"
    let url: URL;
    try {
      url = new URL(trimmed, document.baseURI);
    } catch {
      return true; // unparsable: the browser will not follow it either
    }
    if (['http:', 'https:', 'mailto:', 'tel:', 'ftp:'].includes(url.protocol)) return true;
    return (
      url.protocol === 'data:' &&
      element.localName === 'img' &&
      name === 'src' &&
      /^data:image\/(gif|png|jpeg|webp)[;,]/i.test(trimmed)
    );
  };
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName;
    const where = `<${tag}> in "${(element.closest('.chat-message')?.textContent ?? '').slice(0, 80)}"`;
    if (tag === 'script') problems.push(`${where}: script`);
    // The widget's own controls (its form, its file input) are not message content.
    const inMessage = element.closest('.chat-message') !== null;
    if (inMessage && forbidden.has(tag)) problems.push(`${where}: forbidden element`);
    if (tag === 'iframe' && !youtube.test(element.getAttribute('src') ?? '')) {
      problems.push(`${where}: iframe`);
    }
    if (
      inMessage &&
      tag === 'input' &&
      !(element.getAttribute('type') === 'checkbox' && element.hasAttribute('disabled'))
    ) {
      problems.push(`${where}: input`);
    }
    if (inMessage && tag === 'a' && element.hasAttribute('href')) {
      const rel = (element.getAttribute('rel') ?? '').split(/\s+/);
      if (
        element.getAttribute('target') !== '_blank' ||
        !rel.includes('noopener') ||
        !rel.includes('noreferrer')
      ) {
        problems.push(`${where}: link without target=_blank rel="noopener noreferrer"`);
      }
    }
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) problems.push(`${where}: ${name}="${value.slice(0, 60)}"`);
      if (lower === 'srcdoc') problems.push(`${where}: srcdoc`);
      if (urlAttributes.includes(lower) && !allowedUrl(element, lower, value)) {
        problems.push(`${where}: ${name}="${value.slice(0, 80)}"`);
      }
      if (lower === 'srcset') {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0] ?? '';
          if (url !== '' && !allowedUrl(element, 'src', url))
            problems.push(`${where}: srcset ${url.slice(0, 80)}`);
        }
      }
    }
  }
  return {
    problems,
    bubbles: root.querySelectorAll('.chat-message-from-bot:not(.chat-message-typing)').length,
    pageScripts: document.scripts.length,
  };
}

/** Waits until every image in the widget has loaded or failed, then for two frames. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = document.querySelector('[data-citabot-chat]')?.shadowRoot;
    const images = Array.from(root?.querySelectorAll('img') ?? []);
    await Promise.all(
      images.map((image) =>
        image.complete
          ? undefined
          : new Promise((done) => {
              image.addEventListener('load', done, { once: true });
              image.addEventListener('error', done, { once: true });
            }),
      ),
    );
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
  });
}

async function expectNothingRan(page: Page, problems: string[], count: number): Promise<void> {
  await settle(page);
  const widget = await page.evaluate(inspectWidget, YOUTUBE_EMBED.source);
  const calls = await page.evaluate(
    () => (window as unknown as { __xssCalls: string[] }).__xssCalls,
  );
  expect(calls, 'script ran').toEqual([]);
  expect(problems, 'dialogs, requests or navigations').toEqual([]);
  expect(widget.problems, 'unsafe DOM in the widget').toEqual([]);
  expect(widget.bubbles, 'every vector shown as a bot message').toBe(count);
  expect(widget.pageScripts, 'no script added to the page').toBe(2);
}

test.describe('XSS corpora as bot messages', () => {
  test.describe.configure({ timeout: 120_000 });

  test(`the corpora hold ${String(vectors.length)} vectors in ${String(batches.length)} batches`, () => {
    const sources = new Map<string, number>();
    for (const vector of vectors) sources.set(vector.source, (sources.get(vector.source) ?? 0) + 1);
    console.log(
      `XSS corpora: ${String(vectors.length)} vectors (${[...sources].map(([file, n]) => `${file} ${String(n)}`).join(', ')})`,
    );
    expect(batches.flat()).toHaveLength(vectors.length);
    expect(vectors.length).toBeGreaterThan(7000);
  });

  batches.forEach((batch, index) => {
    const first = index * BATCH;
    const label = `batch ${String(index + 1)}/${String(batches.length)} (vectors ${String(first + 1)}–${String(first + batch.length)}: ${[...new Set(batch.map((vector) => vector.source))].join(', ')})`;
    test(`history ${label}`, async ({ page, request }) => {
      const problems = await guard(page);
      const id = await createBatch(
        request,
        batch.map((vector) => vector.text),
      );
      const options = {
        webhookUrl: webhook('history', { batch: id }),
        sessionId: uniqueSession('xss'),
        initialMessages: [],
        defaultLanguage: 'en',
      };
      await openHostPage(page, {
        inline: `CitabotChat.createChat(${JSON.stringify(options)}).open();`,
      });
      await expect(page.locator('.chat-message-from-bot')).toHaveCount(batch.length, {
        timeout: 60_000,
      });
      await expectNothingRan(page, problems, batch.length);
      console.log(`XSS ${label}: ${String(batch.length)} vectors rendered, nothing ran`);
    });
  });

  test('polyglots and RSnake vectors as replies to sendMessage', async ({ page, request }) => {
    const sample = vectors.filter(
      (vector) => vector.source !== 'xss-payloads.txt' && vector.source.endsWith('.txt'),
    );
    const problems = await guard(page);
    const id = await createBatch(
      request,
      sample.map((vector) => vector.text),
    );
    const options = {
      webhookUrl: webhook('reply', { batch: id }),
      sessionId: uniqueSession('xss-reply'),
      initialMessages: [],
      defaultLanguage: 'en',
    };
    await openHostPage(page, {
      inline: `window.chat = CitabotChat.createChat(${JSON.stringify(options)}); window.chat.open();`,
    });
    await page.evaluate(async (count) => {
      const chat = (window as unknown as { chat: { sendMessage(text: string): Promise<void> } })
        .chat;
      for (let index = 0; index < count; index += 1)
        await chat.sendMessage(`vector ${String(index + 1)}`);
    }, sample.length);
    await expectNothingRan(page, problems, sample.length);
    console.log(`XSS replies: ${String(sample.length)} vectors as {"output": vector}, nothing ran`);
  });
});
