/** Ajustes: the salon's profile and its opening hours. */
import { expect, test } from '@playwright/test';
import { addAccount } from '../tests/support/server';
import { settled, signInThroughForm } from '../tests/support/site';
import { shotPath } from './shots';

test('settings', async ({ page }) => {
  await signInThroughForm(page, addAccount('administrador', 'Lucía', 'Ajustes'));
  await page.goto('/dashboard/ajustes');
  await expect(page.getByRole('heading', { level: 2, name: 'Perfil del negocio' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: shotPath('settings') });

  await page.getByRole('tab', { name: 'Horario' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Horario del salón' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: shotPath('settings-hours') });
});
