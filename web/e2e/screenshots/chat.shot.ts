/** The landing page with the chat open, halfway through booking a haircut. */
import { test } from '@playwright/test';
import { openSiteChat } from '../tests/support/site';
import { shotPath } from './shots';

test('chat', async ({ page }) => {
  await page.goto('/');
  const { say } = await openSiteChat(page);
  await say('¿Qué servicios tenéis?', /Corte/);
  await say('quiero un corte de caballero el lunes a las 10', /A nombre de quién/);
  await say('Pedro Sanz', /email/);
  await say('pedro.sanz@ejemplo.es', /La confirmo/);
  await page.screenshot({ path: shotPath('chat') });
});
