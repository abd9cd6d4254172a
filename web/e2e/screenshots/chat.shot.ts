/**
 * The landing page with the chat open: the offered times as buttons, then the booking summary
 * as a card with "Confirmar" and "Cambiar".
 */
import { expect, test } from '@playwright/test';
import { openSiteChat } from '../tests/support/site';
import { shotPath } from './shots';

test('chat', async ({ page }) => {
  await page.goto('/');
  const { window, botMessages, say } = await openSiteChat(page);
  await say('quiero un corte de caballero el lunes', /tengo hueco/);
  const times = window.getByRole('group', { name: 'Respuestas rápidas' }).getByRole('button');
  await expect(times.first()).toBeVisible();
  await page.screenshot({ path: shotPath('chat-times') });
  await times.nth(1).click();
  await expect(botMessages.last()).toContainText('A nombre de quién');
  await say('Pedro Sanz', /email/);
  await say('pedro.sanz@ejemplo.es', /Resumen de tu cita/);
  await expect(botMessages.last().getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await page.screenshot({ path: shotPath('chat') });
});
