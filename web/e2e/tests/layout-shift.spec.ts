/**
 * No layout shift while a public page loads (CLS under 0.05), on a 390 × 844 phone and at
 * 1280 × 800: each page is opened afresh with a `layout-shift` observer installed before anything
 * runs, its API answers and its font held back a little (so they come after its first frames),
 * and left until its data has drawn, the network is idle and a moment more. The figure
 * asserted is the sum of every shift not caused by input (the page's whole life here, which is at
 * least the session-window CLS that browsers report); both are printed, with the elements that
 * moved most.
 */
import { expect, test } from '@playwright/test';
import {
  openPublicPage,
  preparePublicPages,
  PUBLIC_PAGES,
  type PublicData,
} from './support/publicPages';

// The pages' data is written once, for all the tests here, in the order they are listed.
test.describe.configure({ mode: 'default' });

let data: PublicData | undefined;
test.beforeAll(async ({ browser }) => {
  data = await preparePublicPages(browser, 14);
});

/** The most layout shift allowed: Core Web Vitals' "good" is 0.1; we hold to half of it. */
const MOST_SHIFT = 0.05;

/** How long each API answer and the font are held back. */
const NETWORK_DELAY_MS = 400;

/** One `layout-shift` entry as kept by the page: its score, when, and what moved. */
interface Shift {
  value: number;
  time: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

/** The Layout Instability API's entry, which TypeScript's DOM types do not have yet. */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/**
 * CLS as browsers report it: the largest sum of shifts in a session window (shifts less than
 * 1 s apart, the window at most 5 s long).
 */
function sessionWindowCls(shifts: Shift[]): number {
  let largest = 0;
  let current = 0;
  let first = 0;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - first > 5000) {
      current = 0;
      first = shift.time;
    }
    current += shift.value;
    last = shift.time;
    largest = Math.max(largest, current);
  }
  return largest;
}

for (const [size, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1280 px', { width: 1280, height: 800 }],
] as const) {
  test.describe(`at ${size}`, () => {
    const phone = viewport.width < 600;
    test.use({ viewport, isMobile: phone, hasTouch: phone });

    for (const target of PUBLIC_PAGES) {
      test(`${target.path} does not shift as it loads`, async ({ page }) => {
        if (!data) throw new Error('the pages were not prepared');
        await page.addInitScript(() => {
          const shifts: Shift[] = [];
          window.layoutShifts = shifts;
          const describe = (node: Node | null) => {
            if (!(node instanceof Element)) return node?.nodeName ?? '?';
            const classes = typeof node.className === 'string' ? node.className.trim() : '';
            const text = (node.textContent ?? '').trim().slice(0, 24);
            return `${node.tagName.toLowerCase()}${classes ? `.${classes.split(/\s+/).join('.')}` : ''} "${text}"`;
          };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as LayoutShiftEntry[]) {
              if (entry.hadRecentInput) continue;
              shifts.push({
                value: entry.value,
                time: entry.startTime,
                sources: entry.sources.map(
                  ({ node, previousRect: from, currentRect: to }) =>
                    `${describe(node)} ${String(Math.round(from.y))}→${String(Math.round(to.y))}`,
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // As on a phone's network, the data and the font come after the page's first frames:
        // what a fast local server would hide.
        await page.route(/\/api\/|\.woff2$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, NETWORK_DELAY_MS));
          await route.fallback();
        });
        await openPublicPage(page, target, data);
        // A moment more, for anything that would still move once the data has drawn.
        await page.waitForTimeout(1000);

        const shifts = await page.evaluate(() => window.layoutShifts ?? []);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        const figures = `CLS ${target.path} at ${size}: sum ${total.toFixed(4)}, session window ${sessionWindowCls(shifts).toFixed(4)}`;
        console.log(figures);
        for (const shift of shifts) {
          console.log(
            `  ${shift.value.toFixed(4)} at ${String(Math.round(shift.time))} ms: ${shift.sources.join('; ')}`,
          );
        }
        test.info().annotations.push({ type: 'CLS', description: figures });
        expect(total, figures).toBeLessThan(MOST_SHIFT);
      });
    }
  });
}
