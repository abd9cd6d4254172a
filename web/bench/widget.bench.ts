/**
 * The widget's figures beside `@n8n/chat` 1.37.0's (docs/PROTOCOL.md §8.3, headless Chromium): the
 * JavaScript before the toggle button shows, a 100 KB markdown reply streamed as 2,000 NDJSON
 * items (time, main-thread time, cost of the last quarter of the chunks against the first), a
 * 1,000-message history (time to show it, DOM nodes) and the JS heap after each. Loopback only,
 * bounded in time, printed and never asserted: what is measured is whatever the widget does today.
 */
import { gzipSync } from 'node:zlib';
import { test, type CDPSession, type Page } from '@playwright/test';
import { openHostPage, uniqueSession, webhook } from '../e2e/tests/support/host';

const STREAM_BYTES = 100_000;
const STREAM_CHUNKS = 2000;
const HISTORY = 1000;
const STREAM_LIMIT = Number(process.env.CITABOT_BENCH_STREAM_LIMIT ?? 120_000);
const HISTORY_LIMIT = 60_000;

interface Metrics {
  TaskDuration: number;
  ScriptDuration: number;
  LayoutDuration: number;
  RecalcStyleDuration: number;
  JSHeapUsedSize: number;
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return Object.fromEntries(list.map(({ name, value }) => [name, value])) as unknown as Metrics;
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).JSHeapUsedSize;
}

const seconds = (ms: number) =>
  Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Opens a host page with the script-tag widget; resolves when its toggle button shows. */
async function hostWithWidget(page: Page, options: Record<string, unknown>) {
  const scripts: Buffer[] = [];
  let toggleShown = false;
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || toggleShown) return;
    void response.body().then(
      (body) => scripts.push(body),
      () => undefined,
    );
  });
  const config = JSON.stringify({ defaultLanguage: 'es', initialMessages: [], ...options });
  await openHostPage(page, { inline: `window.chat = CitabotChat.createChat(${config});` });
  await page.getByRole('button', { name: 'Abrir chat' }).waitFor();
  toggleShown = true;
  const shownAt = await page.evaluate(() => performance.now());
  return {
    shownAt,
    scriptGzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

interface StreamRun {
  done: boolean;
  wall: number;
  busy: number;
  script: number;
  layout: number;
  quarters: number[];
  length: number;
  updates: number;
  frames: number;
  longTasks: number;
  longestTask: number;
  heap: number | undefined;
}

interface StreamProgress {
  start: number;
  /** [time, length of the shown reply], every 20th change and at the end. */
  samples: [number, number][];
  /** Changes of the widget's DOM seen. */
  changes: number;
  /** Animation frames that ran while the reply streamed. */
  frames: number;
  /** Tasks over 50 ms while the reply streamed: how many, and the longest (ms). */
  longTasks: number;
  longestTask: number;
  end: number | null;
}

/** One streamed reply in `page`: its figures, or how far it got within the time limit. */
async function streamRun(page: Page): Promise<StreamRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await hostWithWidget(page, {
    webhookUrl: webhook('bench-stream', {
      bytes: String(STREAM_BYTES),
      chunks: String(STREAM_CHUNKS),
    }),
    sessionId: uniqueSession('bench-stream'),
    enableStreaming: true,
  });
  await page.evaluate(() => {
    (window as unknown as { chat: { open(): void } }).chat.open();
  });
  await page.getByRole('textbox').waitFor();
  const before = await metrics(cdp);
  await page.evaluate(() => {
    const root = document.querySelector('[data-citabot-chat]')?.shadowRoot;
    const chat = (window as unknown as { chat: { sendMessage(text: string): Promise<void> } }).chat;
    const progress: StreamProgress = {
      start: performance.now(),
      samples: [],
      changes: 0,
      frames: 0,
      longTasks: 0,
      longestTask: 0,
      end: null,
    };
    const tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        progress.longTasks += 1;
        progress.longestTask = Math.max(progress.longestTask, entry.duration);
      }
    });
    tasks.observe({ type: 'longtask' });
    (window as unknown as { benchProgress: StreamProgress }).benchProgress = progress;
    // The length of the shown reply at every 20th change of the widget's DOM (measuring it is
    // itself linear in the reply, so not at every change), at every frame that follows a change
    // (a widget that changes its DOM once per frame makes few changes), and at the end.
    const replyLength = () =>
      Array.from(
        root?.querySelectorAll('.chat-message-from-bot:not(.chat-message-typing)') ?? [],
      ).reduce((sum, element) => sum + (element.textContent?.length ?? 0), 0);
    let changes = 0;
    let sampled = 0;
    const sample = () => {
      sampled = changes;
      progress.samples.push([performance.now(), replyLength()]);
    };
    const frame = () => {
      progress.frames += 1;
      if (changes !== sampled) sample();
      if (progress.end === null) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      changes += 1;
      progress.changes = changes;
      if (changes % 20 === 0) sample();
    });
    if (root) observer.observe(root, { childList: true, subtree: true, characterData: true });
    void chat.sendMessage('Dame toda la información').then(async () => {
      await new Promise(requestAnimationFrame);
      progress.end = performance.now();
      observer.disconnect();
      tasks.disconnect();
      progress.samples.push([progress.end, replyLength()]);
    });
  });
  const deadline = Date.now() + STREAM_LIMIT;
  // A page busy with one long task answers nothing: never wait for it past the time limit.
  const read = () =>
    page.evaluate(() => {
      const progress = (window as unknown as { benchProgress: StreamProgress }).benchProgress;
      const { end, samples } = progress;
      return { ...progress, samples: end === null ? samples.slice(-1) : samples };
    });
  const timeLeft = () =>
    new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())),
    );
  let progress = await Promise.race([read(), timeLeft()]);
  while (progress && progress.end === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    progress = await Promise.race([read(), timeLeft()]);
  }
  if (!progress || progress.end === null) {
    await page.context().close();
    return {
      done: false,
      wall: STREAM_LIMIT,
      busy: NaN,
      script: NaN,
      layout: NaN,
      quarters: [],
      length: progress?.samples.at(-1)?.[1] ?? 0,
      updates: 0,
      frames: progress?.frames ?? 0,
      longTasks: progress?.longTasks ?? 0,
      longestTask: progress?.longestTask ?? NaN,
      heap: undefined,
    };
  }
  const after = await metrics(cdp);
  const final = progress.samples.at(-1)?.[1] ?? 0;
  // When the shown reply passed each quarter of its final length.
  const marks = [1, 2, 3, 4].map(
    (quarter) => progress.samples.find(([, length]) => length >= (final * quarter) / 4)?.[0],
  );
  const points = [progress.start, ...marks];
  const run: StreamRun = {
    done: true,
    wall: progress.end - progress.start,
    busy: (after.TaskDuration - before.TaskDuration) * 1000,
    script: (after.ScriptDuration - before.ScriptDuration) * 1000,
    layout:
      (after.LayoutDuration +
        after.RecalcStyleDuration -
        before.LayoutDuration -
        before.RecalcStyleDuration) *
      1000,
    quarters: points.slice(1).map((mark, index) => (mark ?? NaN) - (points[index] ?? NaN)),
    length: final,
    updates: progress.changes,
    frames: progress.frames,
    longTasks: progress.longTasks,
    longestTask: progress.longestTask,
    heap: await heapAfterGc(cdp),
  };
  await page.context().close();
  return run;
}

test('widget benchmarks', async ({ page, browser }) => {
  const rows: [string, string, string][] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');

  // 1. The launcher.
  const launch = await hostWithWidget(page, { webhookUrl: webhook('echo') });
  rows.push([
    'JavaScript before the toggle shows (gzip)',
    `${(launch.scriptGzip / 1000).toFixed(1)} KB`,
    '590 KB',
  ]);
  rows.push(['toggle visible after navigation', seconds(launch.shownAt), '2.1 s']);

  // 2. A 100 KB markdown reply streamed as 2,000 NDJSON items, in a page of its own per run (a
  // run over the time limit is abandoned with its page).
  const streamRuns: StreamRun[] = [];
  for (let run = 0; run < 3; run += 1) {
    // A context of its own: a page stuck in a long task never holds up the next one.
    const result = await streamRun(await (await browser.newContext()).newPage());
    streamRuns.push(result);
    if (!result.done || result.wall > 30_000) break; // slow: one run is enough
  }
  const stream = streamRuns[Math.floor(streamRuns.length / 2)];
  if (stream) {
    const runs = `median of ${String(streamRuns.length)}`;
    rows.push([
      `100 KB markdown in ${String(STREAM_CHUNKS)} NDJSON chunks (${runs})`,
      stream.done
        ? seconds(median(streamRuns.map((r) => r.wall)))
        : `stopped at ${seconds(STREAM_LIMIT)} (${String(stream.length)} chars shown)`,
      '588 s',
    ]);
    rows.push([
      '  main thread busy',
      seconds(median(streamRuns.map((r) => r.busy))),
      '~588 s (all of it)',
    ]);
    rows.push([
      '  of which script / style+layout',
      `${seconds(stream.script)} / ${seconds(stream.layout)}`,
      '',
    ]);
    const [first, , , last] = stream.quarters;
    rows.push([
      '  last quarter of the chunks vs the first',
      first !== undefined && last !== undefined ? `${(last / first).toFixed(1)}×` : 'n/a',
      '6.4×',
    ]);
    rows.push([
      '  text shown / DOM updates seen',
      `${String(stream.length)} chars / ${String(stream.updates)}`,
      '',
    ]);
    rows.push(['  frames painted while streaming', String(stream.frames), '']);
    rows.push([
      '  tasks over 50 ms / the longest',
      `${String(stream.longTasks)} / ${String(Math.round(stream.longestTask))} ms`,
      '',
    ]);
    rows.push([
      '  JS heap after',
      stream.heap === undefined ? 'n/a (stopped)' : megabytes(stream.heap),
      '',
    ]);
  }

  // 3. A 1,000-message history.
  const historyRuns: { wall: number; nodes: number; heap: number }[] = [];
  for (let run = 0; run < 3; run += 1) {
    await hostWithWidget(page, {
      webhookUrl: webhook('history', { count: String(HISTORY) }),
      sessionId: uniqueSession('bench-history'),
    });
    const result = await page.evaluate(
      async ({ count, limit }) => {
        const chat = (window as unknown as { chat: { open(): void } }).chat;
        const start = performance.now();
        chat.open();
        const deadline = start + limit;
        for (;;) {
          const root = document.querySelector('[data-citabot-chat]')?.shadowRoot;
          const shown =
            root?.querySelectorAll('.chat-message:not(.chat-message-typing)').length ?? 0;
          if (shown >= count || performance.now() > deadline) break;
          await new Promise(requestAnimationFrame);
        }
        await new Promise(requestAnimationFrame);
        const wall = performance.now() - start;
        const root = document.querySelector('[data-citabot-chat]')?.shadowRoot;
        const nodes =
          document.getElementsByTagName('*').length + (root?.querySelectorAll('*').length ?? 0);
        return { wall, nodes };
      },
      { count: HISTORY, limit: HISTORY_LIMIT },
    );
    historyRuns.push({ ...result, heap: await heapAfterGc(cdp) });
  }
  rows.push([
    `${String(HISTORY)}-message history shown after open (median of 3)`,
    seconds(median(historyRuns.map((r) => r.wall))),
    '4.4 s',
  ]);
  rows.push(['  DOM nodes', String(historyRuns[0]?.nodes ?? 0), '22,071']);
  rows.push(['  JS heap after', megabytes(median(historyRuns.map((r) => r.heap))), '161 MB']);

  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const column = Math.max(...rows.map(([, ours]) => ours.length)) + 2;
  const lines = [
    '',
    `Widget benchmarks — Chromium ${browser.version()}, loopback. n8n: @n8n/chat 1.37.0 (docs/PROTOCOL.md §8.3).`,
    `${'measure'.padEnd(width)}${'citabot'.padEnd(column)}n8n`,
    ...rows.map(([label, ours, theirs]) => `${label.padEnd(width)}${ours.padEnd(column)}${theirs}`),
    '',
  ];
  console.log(lines.join('\n'));
});
