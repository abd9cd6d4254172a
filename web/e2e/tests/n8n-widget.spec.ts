/**
 * Protocol conformance from the other side: n8n's own widget (`@n8n/chat` 1.37.0, unmodified)
 * chats through citabot's gateway in Chromium. History, send and reply use n8n's exact
 * requests; the answers must be what that widget understands.
 */
import { expect, test } from '@playwright/test';
import { routeN8nHostPage } from './support/n8n-widget';

test.describe("n8n's own widget against the citabot gateway", () => {
  test.beforeEach(async ({ page }) => {
    await routeN8nHostPage(page, `{ webhookUrl: location.origin + '/api/n8n/chat' }`);
  });

  test('sends, shows the reply, and reads the history back after a reload', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/n8n/chat')) requests.push(request.postData() ?? '');
    });
    await page.goto('/__n8n/host.html');
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await expect(input).toBeVisible();

    await input.fill('Hola');
    await input.press('Enter');
    const botReplies = page.locator('.chat-message-from-bot');
    await expect(botReplies.filter({ hasText: '¡Hola! Soy el asistente de reservas.' })).toBeVisible();
    expect(requests.some((body) => body.includes('"action":"sendMessage"') && body.includes('"chatInput":"Hola"'))).toBe(true);

    await page.reload();
    await page.locator('.chat-window-toggle').click();
    await expect(page.locator('.chat-message-from-user').filter({ hasText: 'Hola' })).toBeVisible();
    await expect(botReplies.filter({ hasText: '¡Hola! Soy el asistente de reservas.' })).toBeVisible();
  });

  test('a refused message shows the gateway sentence, not a stack trace', async ({ page }) => {
    await page.goto('/__n8n/host.html');
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await input.fill('x'.repeat(10_001));
    await input.press('Enter');
    // n8n's widget shows `message` of an error body as the answer (PROTOCOL §2.3).
    await expect(
      page.locator('.chat-message-from-bot').filter({ hasText: 'the message is too long: at most 10000 characters' }),
    ).toBeVisible();
  });
});
