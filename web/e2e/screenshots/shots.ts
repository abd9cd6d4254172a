/** Where the README's screenshots go, and the demo data they pose with. */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** `docs/screenshots/<name>.png` in the repository. */
export function shotPath(name: string): string {
  return resolve(import.meta.dirname, '../../../docs/screenshots', `${name}.png`);
}

/** Waits until nothing on the page is still loading (skeletons gone) before a picture. */
export async function settled(page: Page): Promise<void> {
  await page
    .locator('.skeleton')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}
