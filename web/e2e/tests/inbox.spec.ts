/**
 * The inbox (issue 11): a visitor asks for a person, the dashboard's count rises within 2 s, a
 * staff member takes the conversation over and writes, and the visitor reads every reply within
 * 2 s without typing (the first one included), signed with the staff member's first name. The
 * inbox passes axe at 360 px. And chat continuity: a signed-in cliente keeps their conversation
 * through a reload; signing out hides it from the next visitor of the browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { addAccount } from './support/server';
import { chatSessionId, openSiteChat, signInThroughForm, SITE_CHAT_NAME } from './support/site';

/** The number the navigation shows beside "Conversaciones" (0 when none). */
async function waitingCount(page: Page): Promise<number> {
  const badge = page.locator('.dash-nav-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

test('a visitor who asks for a person is answered live from the inbox', async ({
  browser,
  page,
}) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInThroughForm(staff, addAccount('usuario', 'Nerea', 'Bandeja'));
  await staff.goto('/dashboard/conversaciones');
  await expect(staff.getByRole('heading', { level: 1, name: 'Conversaciones' })).toBeVisible();
  // Let the count settle: other specs' visitors talk at the same time.
  await staff.waitForTimeout(1500);
  const before = await waitingCount(staff);

  await page.goto('/');
  const visitor = await openSiteChat(page);
  const input = visitor.window.getByRole('textbox', { name: 'Escribe tu pregunta...' });
  await input.fill('quiero hablar con una persona');
  await input.press('Enter');
  const asked = Date.now();
  await expect(visitor.log).toContainText('aviso al equipo');

  // The navigation's count rises within 2 s of the ask.
  await expect
    .poll(() => waitingCount(staff), { timeout: Math.max(500, 2000 - (Date.now() - asked)) })
    .toBeGreaterThan(before);

  const sessionId = (await chatSessionId(page)) ?? '';
  const row = staff
    .getByRole('link', { name: 'Invitado' })
    .and(staff.locator(`a[href$="/${encodeURIComponent(sessionId)}"]`));
  await staff
    .getByRole('group', { name: 'Mostrar' })
    .getByRole('button', {
      name: 'Necesita una persona',
    })
    .click();
  await expect(row).toBeVisible();
  await row.click();
  await expect(staff.getByText('Necesita una persona', { exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Atender' }).click();
  await expect(staff.getByText('Atendida por Nerea')).toBeVisible();

  for (const reply of ['Hola, soy Nerea. ¿En qué te ayudo?', '¿Sigues por aquí?']) {
    await staff.getByLabel('Tu respuesta').fill(reply);
    await staff.getByRole('button', { name: 'Enviar' }).click();
    // Within 2 s of sending, with nothing typed by the visitor.
    await expect(visitor.botMessages.last()).toHaveText(`Nerea: ${reply}`, { timeout: 2000 });
  }
  await expect(visitor.botMessages.last().locator('strong')).toHaveText('Nerea:');

  // The inbox, on a phone, passes axe.
  await staff.setViewportSize({ width: 360, height: 780 });
  await staff.goto('/dashboard/conversaciones');
  await expect(staff.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
  await expect(staff.getByRole('button', { name: 'Activar avisos' })).toBeVisible();
  await expectNoViolations(staff, 'on the inbox at 360 px');
  const width = await staff.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await staffContext.close();
});

test('a signed-in cliente keeps the conversation through a reload; signing out hides it', async ({
  page,
}) => {
  await signInThroughForm(page, addAccount('cliente', 'Clara', 'Continua'));
  const chat = await openSiteChat(page);
  await chat.say('hola, soy Clara', /asistente de reservas/);
  const sessionId = await chatSessionId(page);
  expect(sessionId).not.toBeNull();

  await page.reload();
  const again = await openSiteChat(page);
  await expect(again.log).toContainText('hola, soy Clara');
  expect(await chatSessionId(page)).toBe(sessionId);
  // And the conversation goes on, as Clara.
  await again.say('¿qué servicios tenéis?', /Corte de caballero/);

  await page.getByRole('button', { name: 'Cerrar chat' }).first().click();
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await chatSessionId(page)).not.toBe(sessionId);
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await expect(page.getByRole('dialog', { name: SITE_CHAT_NAME })).not.toContainText(
    'hola, soy Clara',
  );
  await page.reload();
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await expect(page.getByRole('dialog', { name: SITE_CHAT_NAME })).not.toContainText(
    'hola, soy Clara',
  );
});
