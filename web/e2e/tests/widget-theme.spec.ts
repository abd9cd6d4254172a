/**
 * One CSS variable restyles the widget (issue 14): a host sets `--chat--color--primary` and the
 * launcher, the header, the user's bubbles, the buttons and the starter chips take it, with the
 * hover shade derived and the text on it black or white for contrast; computed in the real browser
 * (jsdom resolves neither color-mix() nor relative colours). Also: the Spanish greeting and the
 * starter chips, on a host page's welcome screen and in the site's new conversation.
 */
import { expect, test, type Page } from '@playwright/test';
import { contrastRatio, paintedColor } from './support/layout';
import { SITE_CHAT_NAME } from './support/site';

/** A host page on the server's origin with the script-tag widget, styled by one variable. */
async function hostWithPrimary(page: Page, primary: string | null): Promise<void> {
  await page.route('**/__theme/host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="es"><head><meta charset="utf-8">
        <title>Tema</title>
        ${primary === null ? '' : `<style>:root { --chat--color--primary: ${primary}; }</style>`}
        </head><body><main><h1>Salón</h1></main>
        <script src="/embed/chat.js"></script>
        <script>window.chat = CitabotChat.createChat(${JSON.stringify({
          webhookUrl: '/api/n8n/chat',
          defaultLanguage: 'es',
          showWelcomeScreen: true,
          starters: ['Reservar cita', 'Ver precios', 'Horario y dirección'],
        })});</script></body></html>`,
    }),
  );
  await page.goto('/__theme/host.html');
}

const hex = (color: string) =>
  [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16));

for (const [name, primary, text] of [
  ['dark navy', '#1e3a8a', [255, 255, 255]],
  ['light yellow', '#fde68a', [0, 0, 0]],
  ['mid red', '#dc2626', [255, 255, 255]],
] as const) {
  test(`--chat--color--primary alone restyles the widget: ${name}`, async ({ page }) => {
    await hostWithPrimary(page, primary);
    const toggle = page.getByRole('button', { name: 'Abrir chat' });
    await expect(toggle).toBeVisible();
    expect(await paintedColor(toggle, 'backgroundColor')).toEqual(hex(primary));
    expect(await paintedColor(toggle, 'color')).toEqual(text);

    await toggle.click();
    const chat = page.getByRole('dialog', { name: 'Hola' });
    const header = chat.locator('.chat-header');
    expect(await paintedColor(header, 'backgroundColor')).toEqual(hex(primary));
    expect(await paintedColor(header, 'color')).toEqual(text);
    const chip = chat.getByRole('button', { name: 'Ver precios' });
    expect(await paintedColor(chip, 'borderTopColor')).toEqual(hex(primary));
    const start = chat.getByRole('button', { name: 'Nueva conversación' });
    expect(await paintedColor(start, 'backgroundColor')).toEqual(hex(primary));
    expect(contrastRatio(await paintedColor(start, 'color'), hex(primary))).toBeGreaterThanOrEqual(
      4.5,
    );

    // The hover shade is derived: darker than the colour, never n8n's pink.
    await start.hover();
    const hovered = await paintedColor(start, 'backgroundColor');
    expect(hovered).not.toEqual(hex(primary));
    expect(hovered.reduce((sum, channel) => sum + channel, 0)).toBeLessThan(
      hex(primary).reduce((sum, channel) => sum + channel, 0),
    );

    await chip.click();
    const mine = chat.locator('.chat-message-from-user').first();
    await expect(mine).toHaveText('Ver precios');
    expect(await paintedColor(mine, 'backgroundColor')).toEqual(hex(primary));
    expect(await paintedColor(mine, 'color')).toEqual(text);
  });
}

test('without the variable the widget wears citabot teal, not n8n pink', async ({ page }) => {
  await hostWithPrimary(page, null);
  const toggle = page.getByRole('button', { name: 'Abrir chat' });
  expect(await paintedColor(toggle, 'backgroundColor')).toEqual(hex('#0f7b6c'));
  expect(await paintedColor(toggle, 'color')).toEqual([255, 255, 255]);
});

test('defaultLanguage es greets in Spanish with the chips; a chip starts and sends', async ({
  page,
}) => {
  await hostWithPrimary(page, null);
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Hola' });
  await expect(chat.getByText('Responde al momento')).toBeVisible();
  await expect(chat.getByText('¡Hola! 👋')).toBeVisible();
  await expect(chat).not.toContainText(/Nathan|Hi there/);
  const chips = chat.getByRole('list', { name: 'Sugerencias' }).getByRole('button');
  await expect(chips).toHaveText(['Reservar cita', 'Ver precios', 'Horario y dirección']);
  await expect(chat.getByRole('button', { name: 'Nueva conversación' })).toBeFocused();

  await chat.getByRole('button', { name: 'Horario y dirección' }).click();
  const log = chat.getByRole('log');
  await expect(log.locator('.chat-message-from-user')).toHaveText(['Horario y dirección']);
  await expect(log.locator('.chat-message-from-bot').last()).toContainText(/Fuencarral|lunes/i);
  await expect(chat.getByRole('list', { name: 'Sugerencias' })).toHaveCount(0);
  await expect(chat.getByRole('textbox', { name: 'Escribe tu pregunta...' })).toBeVisible();
});

test('the site offers the starter chips as taps in its new conversation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const starters = chat.getByRole('toolbar', { name: 'Sugerencias' });
  await starters.getByRole('button', { name: 'Ver precios' }).click();
  const log = chat.getByRole('log');
  await expect(log.locator('.chat-message-from-user')).toHaveText(['Ver precios']);
  await expect(log.locator('.chat-message-from-bot').last()).toContainText('€');
  await expect(starters).toHaveCount(0);
});

test('with no stored id the widget asks for the history of a fresh one', async ({ page }) => {
  const asked: { action?: string; sessionId?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/n8n/chat') && request.method() === 'POST') {
      asked.push(request.postDataJSON() as { action?: string; sessionId?: string });
    }
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Escribe tu pregunta...' })).toBeFocused();
  expect(asked.map((body) => body.action)).toEqual(['loadPreviousSession']);
  expect(asked[0]?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  // Its history is empty, so a conversation begins under an id of its own, kept for the next
  // page; nothing is sent until the visitor writes.
  const kept = await page.evaluate(() => localStorage.getItem('n8n-chat/sessionId'));
  expect(kept).toMatch(/^[0-9a-f-]{36}$/);
  expect(kept).not.toBe(asked[0]?.sessionId);
});
