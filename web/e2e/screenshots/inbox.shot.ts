/**
 * The README's picture of the inbox (`docs/screenshots/inbox.png`): a visitor waiting for a
 * person, a guest who booked through the chat, and a question, as a staff member sees them.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addAccount } from '../tests/support/server';
import { signInThroughForm } from '../tests/support/site';

/** One visitor's messages to the assistant, in the conversation `sessionId`. */
async function converse(request: APIRequestContext, sessionId: string, messages: string[]) {
  for (const chatInput of messages) {
    const response = await request.post('/api/n8n/chat', {
      data: { action: 'sendMessage', sessionId, chatInput },
    });
    expect(response.ok()).toBe(true);
  }
}

test('the inbox', async ({ browser, playwright, baseURL }) => {
  const stamp = String(Date.now());
  const visitors = await playwright.request.newContext({ baseURL });
  await converse(visitors, `shot-booked-${stamp}`, [
    'quiero un corte de caballero el lunes a las 10',
    'Pedro Sanz',
    'pedro@ejemplo.es',
    'sí',
  ]);
  await converse(visitors, `shot-question-${stamp}`, ['¿Cuánto cuesta el tinte?']);
  await converse(visitors, `shot-person-${stamp}`, [
    'Hola, me llamo Carmen',
    'quiero hablar con una persona',
  ]);
  await visitors.dispose();

  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  await signInThroughForm(page, addAccount('administrador', 'Lucía', 'Captura'));
  await page.goto('/dashboard/conversaciones');
  await expect(page.getByText('Necesita una persona ·').first()).toBeVisible();
  await expect(page.locator('.dash-nav-count')).toBeVisible();
  await page.screenshot({ path: '../../docs/screenshots/inbox.png' });
  await context.close();
});
