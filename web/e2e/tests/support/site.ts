/**
 * Driving the site app the way its people do: signing in through its form, and talking to the
 * built-in assistant in the site's own (Spanish) chat.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from './server';

/** Signs in through `/entrar` and waits for the page the site sends that role to. */
export async function signInThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto('/entrar');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(account.role === 'cliente' ? /\/mis-citas$/ : /\/dashboard$/);
}

/**
 * The name of the site's chat window: its header title, the salon's name once `/api/business`
 * has answered (the demo salon the server seeds; "Hola" only before that).
 */
export const SITE_CHAT_NAME = 'Peluquería Lucía';

export interface SiteChat {
  window: Locator;
  log: Locator;
  /** The bot's messages (not the typing indicator). */
  botMessages: Locator;
  /** Sends `text` and waits until the last bot message matches `reply`. */
  say(text: string, reply: RegExp | string): Promise<void>;
}

/**
 * The chat session the site's widget keeps in the browser (REQUIREMENTS W2:
 * `<namespace>/sessionId`).
 */
export function chatSessionId(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('n8n-chat/sessionId'));
}

/** Opens the site's chat, which opens on its conversation with the input ready. */
export async function openSiteChat(page: Page): Promise<SiteChat> {
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const window = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const input = window.getByRole('textbox', { name: 'Escribe tu pregunta...' });
  await expect(input).toBeFocused();
  const log = window.getByRole('log');
  const botMessages = log.locator('.chat-message-from-bot:not(.chat-message-typing)');
  return {
    window,
    log,
    botMessages,
    async say(text, reply) {
      // The reply is a new message: the one before may say the same words ("email"), and the
      // next `say` must not be typed while this one is still answered.
      const before = await botMessages.count();
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => botMessages.count()).toBeGreaterThan(before);
      await expect(botMessages.last()).toContainText(reply);
    },
  };
}

/**
 * Waits until nothing on the page is still loading (no skeleton, nothing busy) and the site's
 * bundled font is in use, before a picture is taken of it.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
  const inter = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Inter Variable"');
  });
  expect(inter, 'the bundled Inter is loaded').toBe(true);
}
