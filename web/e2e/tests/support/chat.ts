/**
 * Driving the script-tag widget the way a user does, in English (the documented texts): a host
 * page with one chat, already open, and role-based locators for what the user sees.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openHostPage } from './host';

/** Opens a host page with one widget (`createChat(options)`), opens it, waits for the input. */
export async function startChat(page: Page, options: Record<string, unknown>): Promise<void> {
  const config = JSON.stringify({ defaultLanguage: 'en', initialMessages: [], ...options });
  await openHostPage(page, { inline: `CitabotChat.createChat(${config}).open();` });
  await expect(input(page)).toBeVisible();
}

export const input = (page: Page): Locator =>
  page.getByRole('textbox', { name: /Type your question/ });

/** The typing indicator as drawn (its status says it only once a reply is slow). */
export const typing = (page: Page): Locator => page.locator('.chat-message-typing');

/** The bot's messages in the conversation (not the typing indicator). */
export const botMessages = (page: Page): Locator =>
  page.getByRole('log').locator('.chat-message-from-bot:not(.chat-message-typing)');

/** Types `text` and presses Enter; waits until the user's message shows. */
export async function send(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(page.getByRole('log').getByText(text, { exact: true })).toBeVisible();
}
