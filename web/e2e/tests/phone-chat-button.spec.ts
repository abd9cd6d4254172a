/**
 * The chat's button on phones (360 and 390 px): on every public page (and with a cita's
 * "Cambiar" form open) it lies over nothing a visitor reads or taps — no control, no card — when
 * the page opens, scrolled to its end, and whichever control the keyboard's Tab has reached
 * (which is never hidden either).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectFocusInSight, expectLauncherCoversNothing } from './support/layout';
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
  data = await preparePublicPages(browser, 13);
});

/** The most Tab stops walked on one page before giving up on reaching the chat's button. */
const MOST_TAB_STOPS = 120;

/**
 * The launcher covers nothing as the page is now, scrolled to its end, and at every Tab stop
 * from the top to the launcher itself (the last), each of which is in sight.
 */
async function expectLauncherClearThroughout(page: Page, where: string): Promise<void> {
  await expectLauncherCoversNothing(page, `${where}, as it opens`);

  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expectLauncherCoversNothing(page, `${where}, scrolled to its end`);

  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  let stops = 0;
  for (; stops < MOST_TAB_STOPS; stops += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element.closest('.citabot-chat')) return null;
      return `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (focused === null) break;
    await expectFocusInSight(page, `${where}, focused on ${focused}`);
    await expectLauncherCoversNothing(page, `${where}, focused on ${focused}`);
  }
  expect(stops, `Tab reaches the chat's button after the page ${where}`).toBeLessThan(
    MOST_TAB_STOPS,
  );
  expect(stops, `the page has Tab stops ${where}`).toBeGreaterThan(0);
}

for (const [width, height] of [
  [360, 740],
  [390, 844],
] as const) {
  test.describe(`a ${String(width)} px phone`, () => {
    test.use({ viewport: { width, height }, isMobile: true, hasTouch: true });

    for (const target of PUBLIC_PAGES) {
      test(`the chat's button covers nothing on ${target.path}`, async ({ page }) => {
        if (!data) throw new Error('the pages were not prepared');
        await openPublicPage(page, target, data);
        await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeVisible();
        const where = `on ${target.path} at ${String(width)} px`;
        await expectLauncherClearThroughout(page, where);

        // A cita's "Cambiar" opens the form of days, "Con" and times under it.
        const change = page.getByRole('main').getByRole('button', { name: /^Cambiar( la cita|$)/ });
        if (target.path === '/cita/<token>' || target.path === '/mis-citas') {
          await change.first().click();
          await expect(page.getByRole('form', { name: /Cambiar la cita/ })).toBeVisible();
          await expect(page.getByRole('radio').first()).toBeVisible();
          await expectLauncherClearThroughout(page, `${where} with "Cambiar" open`);
        }
      });
    }
  });
}
