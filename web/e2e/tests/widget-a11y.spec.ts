/**
 * Accessibility of the chat widget (REQUIREMENTS W7), against the real server: zero axe violations
 * in every state a visitor can reach, on the site at `/` (the React widget in the page) and on a
 * plain host page with the script-tag build (the widget in its shadow root); plus what axe cannot
 * judge: focus management, keyboard-only use, reduced motion, 16 px input text and the full-screen
 * panel of narrow screens.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_GREETING } from './support/assistant';
import { expectNoViolations } from './support/axe';
import { SITE_CHAT_NAME } from './support/site';

/** On the site: opens the chat, which opens on its conversation; returns the dialog. */
async function startOnSite(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  await expect(input(chat)).toBeFocused();
  return chat;
}

const input = (scope: Page | Locator): Locator =>
  scope.getByRole('textbox', { name: /Escribe tu pregunta|Type your question/ });

/**
 * Holds the next `sendMessage` request until the returned function is called (a slow reply),
 * or answers it with `answer` when given.
 */
async function interceptSend(
  page: Page,
  answer?: { status: number; body: unknown },
): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/n8n/chat', async (route) => {
    const body = route.request().postDataJSON() as { action?: string } | null;
    if (body?.action !== 'sendMessage') return route.continue();
    if (answer) {
      return route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify(answer.body),
      });
    }
    await held;
    return route.continue();
  });
  return release;
}

/**
 * A host page on the server's origin, written here: a heading, the script tag of the embed build
 * and one `createChat` call. The host sets the widget's teal through the n8n custom property, as
 * the site does: n8n's default (#20b69e) is too light for white text.
 */
async function openHostPage(
  page: Page,
  options: Record<string, unknown>,
  body = '',
): Promise<void> {
  await page.route('**/__a11y/host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="es"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Página de prueba</title>
        <style>
          :root { --chat--color--secondary: #0f7b6c; --chat--color-secondary-shade-50: #0c6457; }
          body { margin: 0; font-family: sans-serif; }
          #chat-page { height: 100vh; }
        </style></head>
        <body><main><h1>Peluquería de prueba</h1>${body}</main>
        <script src="/embed/chat.js"></script>
        <script>window.chat = CitabotChat.createChat(${JSON.stringify({
          webhookUrl: '/api/n8n/chat',
          defaultLanguage: 'es',
          loadPreviousSession: false,
          ...options,
        })});</script></body></html>`,
    }),
  );
  await page.goto('/__a11y/host.html');
}

test.describe('on the site', () => {
  test('closed, open on an empty conversation, and with messages', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir chat' });
    await expect(toggle).toBeVisible();
    await expectNoViolations(page, 'with the chat closed');

    await toggle.click();
    const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
    await expect(input(chat)).toBeFocused();
    await expect(chat.getByRole('toolbar', { name: 'Sugerencias' })).toBeVisible();
    await expectNoViolations(page, 'with the chat open on an empty conversation');

    await input(chat).fill('Hola');
    await input(chat).press('Enter');
    await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
    await expectNoViolations(page, 'with the chat showing messages');
  });

  test('typing, with reduced motion honoured', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const release = await interceptSend(page);
    const chat = await startOnSite(page);
    await input(chat).fill('Hola');
    await input(chat).press('Enter');
    // The dots are drawn at once; the status says it only once the reply is slow (1.5 s).
    const typing = chat.locator('.chat-message-typing');
    await expect(typing).toBeVisible();
    const status = chat.getByRole('status');
    await expect(status).toHaveText('');
    await expect(status).toHaveText('El asistente está escribiendo…');
    const animation = await typing
      .locator('.chat-message-typing-circle')
      .first()
      .evaluate((dot) => getComputedStyle(dot).animationName);
    expect(animation).toBe('none');
    await expectNoViolations(page, 'with the chat waiting for a reply');
    release();
    await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
    await expect(typing).toHaveCount(0);
    await expect(status).toHaveText('');
  });

  test('an error with its retry', async ({ page }) => {
    await interceptSend(page, { status: 500, body: { code: 500, message: 'Error in workflow' } });
    const chat = await startOnSite(page);
    await input(chat).fill('Quiero una cita');
    await input(chat).press('Enter');
    await expect(chat.getByText('Error: no se ha recibido respuesta')).toBeVisible();
    await expect(chat.getByText('Error in workflow')).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(chat.getByRole('log').getByText('Quiero una cita')).toBeVisible();
    await expectNoViolations(page, 'with the chat showing an error');
  });

  test('keyboard only: open, send, close, and the focus comes back', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir chat' });
    await expect(toggle).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Enter');
    const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
    await expect(input(chat)).toBeFocused();
    await page.keyboard.type('Hola');
    await page.keyboard.press('Enter');
    await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeFocused();
  });

  test.describe('on a narrow screen', () => {
    test.use({ viewport: { width: 375, height: 667 } });

    test('the open panel fills the screen, with 16 px input text', async ({ page }) => {
      await page.goto('/');
      await expectNoViolations(page, 'with the chat closed on a narrow screen');
      const chat = await startOnSite(page);
      await expect(chat).toBeVisible();
      // Once its opening slide (0.15 s) is over.
      await expect.poll(() => chat.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
      const fontSize = await input(chat).evaluate((field) => getComputedStyle(field).fontSize);
      expect(parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
      await input(chat).fill('Hola');
      await input(chat).press('Enter');
      await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
      await expectNoViolations(page, 'with the chat open on a narrow screen');

      // The toggle, now a chevron in the corner, closes the panel.
      await page.getByRole('button', { name: 'Cerrar chat' }).click();
      await expect(chat).toBeHidden();
    });
  });
});

test.describe('script-tag widget on a plain page', () => {
  test('files attached', async ({ page }) => {
    await openHostPage(page, { allowFileUploads: true, allowedFilesMimeTypes: 'image/*,.pdf' });
    await page.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = page.getByRole('dialog');
    await expect(input(chat)).toBeFocused();
    await chat.locator('input[type="file"]').setInputFiles([
      { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') },
      { name: 'presupuesto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') },
    ]);
    await expect(chat.getByRole('button', { name: 'Quitar foto.png' })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Abrir presupuesto.pdf' })).toBeVisible();
    await expectNoViolations(page, 'with the chat with files attached');
  });

  test('dark', async ({ page }) => {
    await openHostPage(page, { colorScheme: 'dark', showWelcomeScreen: true });
    await page.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = page.getByRole('dialog');
    await expect(page.locator('.citabot-chat[data-theme="dark"]')).toBeVisible();
    await expectNoViolations(page, 'with the chat dark, on the welcome screen');
    await chat.getByRole('button', { name: 'Nueva conversación' }).click();
    await input(chat).fill('Hola');
    await input(chat).press('Enter');
    await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
    await expectNoViolations(page, 'with the chat dark, with messages');
  });

  test('dark following the system (colorScheme auto)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openHostPage(page, { colorScheme: 'auto' });
    await page.getByRole('button', { name: 'Abrir chat' }).click();
    await expect(page.locator('.citabot-chat[data-theme="dark"]')).toBeVisible();
    await expectNoViolations(page, 'with the chat dark by the system setting');
  });

  test('fullscreen', async ({ page }) => {
    await openHostPage(
      page,
      { mode: 'fullscreen', target: '#chat-page' },
      '<div id="chat-page"></div>',
    );
    const chat = page.getByRole('region', { name: 'Hola' });
    await expect(input(chat)).toBeVisible();
    await input(chat).fill('Hola');
    await input(chat).press('Enter');
    await expect(chat.getByRole('log').getByText(DEMO_GREETING)).toBeVisible();
    await expectNoViolations(page, 'with the chat in fullscreen mode');
  });
});
