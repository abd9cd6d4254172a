/**
 * What a new visitor does: open the site, open the chat (straight into a conversation, the input
 * ready), send a message, read the answer, reload, and find the conversation again. Real server,
 * real browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_GREETING } from './support/assistant';
import { SITE_CHAT_NAME } from './support/site';

const FIXED_NOW = new Date('2026-11-20T10:00:00+01:00');

async function openChat(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir chat' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Cerrar chat' }).first()).toBeVisible();
}

test('a new visitor chats and finds the conversation again after a reload', async ({ page }) => {
  await page.clock.setFixedTime(FIXED_NOW);
  await page.goto('/');
  await expect(page).toHaveTitle(/Peluquería Lucía/);

  await openChat(page);
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  await expect(chat.getByText('Responde al momento')).toBeVisible();
  // Nothing to tap before typing: the greeting, the starters as taps, and the input focused.
  await expect(chat.getByText('¿En qué puedo ayudarte hoy?')).toBeVisible();
  const starters = chat.getByRole('toolbar', { name: 'Sugerencias' });
  await expect(starters.getByRole('button')).toHaveText([
    'Reservar cita',
    'Ver precios',
    'Horario y dirección',
  ]);
  await expect(chat.getByRole('button', { name: 'Nueva conversación' })).toHaveCount(0);
  const input = chat.getByRole('textbox', { name: 'Escribe tu pregunta...' });
  await expect(input).toBeFocused();
  await page.keyboard.type('Hola, buenos días');
  await page.keyboard.press('Enter');

  const log = chat.getByRole('log');
  await expect(log.getByText('Hola, buenos días')).toBeVisible();
  await expect(log.getByText(DEMO_GREETING)).toBeVisible();
  await expect(input).toHaveValue('');

  await page.reload();
  await openChat(page);
  const reloadedLog = page.getByRole('dialog', { name: SITE_CHAT_NAME }).getByRole('log');
  await expect(reloadedLog.getByText('Hola, buenos días')).toBeVisible();
  await expect(reloadedLog.getByText(DEMO_GREETING)).toBeVisible();
  await expect(
    page.getByRole('toolbar', { name: 'Sugerencias' }),
    'no starters once the conversation has messages',
  ).toHaveCount(0);
});

test('every page of the site carries the chat, and deep links load the app', async ({ page }) => {
  await page.goto('/una/ruta/del/cliente');
  await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeVisible();
});

test('the script-tag widget mounts on a plain page and chats with the server', async ({
  page,
  baseURL,
}) => {
  // A host page on the server's origin, written here: only the script tag and one call.
  await page.route('**/__e2e/host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host page</title></head><body>
        <main><h1>Some other site</h1></main>
        <script src="/embed/chat.js"></script>
        <script>CitabotChat.createChat({ webhookUrl: '${baseURL}/api/n8n/chat' });</script>
      </body></html>`,
    }),
  );
  const served = await page.request.get('/embed/chat.js');
  expect(served.headers()['content-type']).toContain('javascript');

  await page.goto('/__e2e/host.html');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const input = page.getByRole('textbox', { name: /Type your question/ });
  await input.fill('gracias');
  await input.press('Enter');
  await expect(page.getByText('¡De nada! Aquí estoy si necesitas algo más.')).toBeVisible();
});
