/** The landing page a visitor first sees. */
import { expect, test } from '@playwright/test';
import { settled, shotPath } from './shots';

test('landing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: shotPath('landing') });
});
