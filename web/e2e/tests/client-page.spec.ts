/**
 * Issue 11 in the real browser against the release binary: staff open a client's page from the
 * list, correct the phone and write the private note, and find both after a reload; a cliente
 * books two haircuts in the chat (opened with "Reservar"), downloads one as a calendar file from
 * "mis citas" and cancels the other, which then leaves "Próximas". axe finds nothing on either
 * page, and neither is wider than a 360 px phone.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signedInApi } from './support/api';
import { expectNoViolations } from './support/axe';
import { weekdayAhead } from './support/diary';
import { addAccount } from './support/server';
import { signInThroughForm, SITE_CHAT_NAME } from './support/site';

const PHONE = { width: 360, height: 740 };

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page fits a 360 px screen').toBeLessThanOrEqual(PHONE.width);
}

test('staff open a client from the list, change the phone and the private note, and keep them', async ({
  browser,
}) => {
  const receptionist = addAccount('usuario', 'Nuria', 'Recepción');
  // A stylist of this test's own, so the cita collides with no other spec's.
  const stylist = addAccount('usuario', 'Elena', 'Tijeras');
  const name = `Rocío Prueba ${String(Date.now())}`;
  const api = await signedInApi(receptionist);
  const { items: staff } = await api.get<{ items: { id: string; email: string }[] }>('/api/staff');
  const stylistId = staff.find((member) => member.email === stylist.email)?.id;
  await api.post('/api/appointments', {
    staffId: stylistId,
    client: { name, phone: '+34 611 000 111' },
    date: await weekdayAhead(8),
    startMin: 17 * 60,
    serviceIds: ['corte-caballero'],
  });
  await api.dispose();

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInThroughForm(page, receptionist);
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Clientes' })
    .click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/dashboard\/clientes\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Llamar al +34 611 000 111' })).toHaveAttribute(
    'href',
    'tel:+34611000111',
  );
  await expect(page.getByRole('region', { name: `Citas de ${name}` })).toContainText(
    'Corte de caballero',
  );
  await expectNoViolations(page, 'on a client page');
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Teléfono').fill('+34 699 123 456');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByRole('link', { name: 'Llamar al +34 699 123 456' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nota' }).fill('Alérgica al amoniaco.\nPrefiere tardes.');
  await page.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(
    page.getByRole('region', { name: /Notificaciones/ }).getByText('Nota guardada'),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Teléfono')).toHaveValue('+34 699 123 456');
  await expect(page.getByRole('textbox', { name: 'Nota' })).toHaveValue(
    'Alérgica al amoniaco.\nPrefiere tardes.',
  );
  await expectNoViolations(page, 'on a client page after saving');
  await context.close();
});

test('a cliente adds a cita to the calendar and cancels another, which leaves "Próximas"', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const email = `lola.${String(Date.now())}@e2e.example`;
  await page.goto('/registro');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('una clave larga 42');
  await page.getByLabel('Nombre').fill('Lola');
  await page.getByLabel('Apellidos').fill('Calendario');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/mis-citas$/);

  // "Reservar" opens the chat, where a cliente books.
  await page.getByRole('main').getByRole('button', { name: 'Reservar' }).click();
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const input = chat.getByRole('textbox', { name: 'Escribe tu pregunta...' });
  await expect(input).toBeVisible();
  const bot = chat.getByRole('log').locator('.chat-message-from-bot:not(.chat-message-typing)');
  for (const request of [
    'quiero un corte de caballero el jueves a las 13',
    'quiero un corte de caballero el viernes a las 13',
  ]) {
    await input.fill(request);
    await input.press('Enter');
    await expect(bot.last()).toContainText('Resumen de tu cita');
    await input.fill('sí');
    await input.press('Enter');
    await expect(bot.last()).toContainText('Hecho');
  }

  await page.reload();
  const coming = page.getByRole('region', { name: 'Próximas' });
  const citas = coming.getByRole('listitem');
  await expect(citas).toHaveCount(2);
  await expectNoViolations(page, 'on mis citas');
  await expectNoSidewaysScroll(page);

  const haircut = citas.filter({ hasText: 'jueves' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    haircut.getByRole('link', { name: /^Añadir al calendario/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cita-\d{4}-\d{2}-\d{2}\.ics$/);
  const file = readFileSync(await download.path(), 'utf8');
  expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const lines = file.replace(/\r\n /g, '').split('\r\n');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  expect(lines).toContainEqual(expect.stringMatching(/^UID:.+@citabot$/));
  expect(lines).toContainEqual(expect.stringMatching(/^DTSTART:\d{8}T1[12]0000Z$/));
  expect(lines).toContainEqual(expect.stringMatching(/^SUMMARY:Corte de caballero — Peluquería/));
  expect(lines).toContain('STATUS:TENTATIVE');

  const friday = citas.filter({ hasText: 'viernes' });
  await friday.getByRole('button', { name: /^Cancelar cita/ }).click();
  await friday.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await expect(citas).toHaveCount(1);
  await expect(citas).toContainText('jueves');
  const cancelled = page.getByRole('region', { name: 'Canceladas' }).getByRole('listitem');
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('viernes');
  await expect(cancelled).toContainText('Cancelada');
  await expectNoViolations(page, 'on mis citas after cancelling');

  await page.reload();
  await expect(citas).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Canceladas' })).toContainText('viernes');
  await context.close();
});
