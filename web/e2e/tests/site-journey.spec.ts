/**
 * The site's people doing their whole job in the real browser against the real server (issue 6):
 * a visitor signs up and books through the chat as a cliente, finds the cita in "mis citas", and
 * a staff member confirms it in the dashboard after reading the conversation that led to it; on a
 * wide screen and on a phone-sized one.
 */
import { expect, test } from '@playwright/test';
import { openWeekday, spokenDate } from './support/diary';
import { addAccount } from './support/server';
import { openSiteChat, signInThroughForm } from './support/site';

const SCREENS = [
  {
    name: 'a wide screen',
    viewport: { width: 1280, height: 800 },
    lastName: 'Ruiz Peña',
    hour: 11,
  },
  { name: 'a phone', viewport: { width: 390, height: 844 }, lastName: 'Ruiz Lago', hour: 12 },
];

for (const screen of SCREENS) {
  test(`on ${screen.name}: a cliente signs up and books through the chat; staff confirm it from the conversation`, async ({
    browser,
  }) => {
    const clientContext = await browser.newContext({ viewport: screen.viewport });
    const page = await clientContext.newPage();
    const fullName = `Carmen ${screen.lastName}`;
    const time = `${String(screen.hour)}:00–${String(screen.hour)}:30`;
    const email = `carmen.${String(Date.now())}.${String(screen.hour)}@e2e.example`;
    // The coming Tuesday, or the one after when the demo closes that day for a holiday.
    const asked = `quiero un corte de caballero el ${spokenDate(await openWeekday(2))} a las ${String(screen.hour)}`;
    await page.goto('/registro');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('una clave larga 42');
    await page.getByLabel('Nombre').fill('Carmen');
    await page.getByLabel('Apellidos').fill(screen.lastName);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/mis-citas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();

    // A cliente is never asked who they are: the summary comes straight after the request.
    const chat = await openSiteChat(page);
    await chat.say(asked, /Resumen de tu cita/);
    await expect(chat.botMessages.last()).toContainText('Carmen');
    await chat.say('sí', /Hecho/);

    await page.reload();
    const mine = page.getByRole('region', { name: 'Próximas' }).getByRole('listitem');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(time);
    await expect(mine).toContainText('Corte de caballero');
    await expect(mine).toContainText('Pendiente');

    const staffContext = await browser.newContext({ viewport: screen.viewport });
    const staff = await staffContext.newPage();
    await signInThroughForm(staff, addAccount('usuario', 'Nuria', 'Recepción'));
    await staff
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('link', { name: 'Conversaciones' })
      .click();
    await staff.getByRole('link', { name: `${fullName} (cliente)` }).click();
    const transcript = staff.getByRole('log', { name: 'Mensajes' });
    await expect(transcript).toContainText(asked);
    await expect(transcript).toContainText('Hecho');
    await staff
      .getByRole('region', { name: 'Citas reservadas en este chat' })
      .getByRole('link')
      .click();

    // The link opens the diary on that day with the cita's panel open.
    const card = staff.getByRole('complementary', { name: `Cita de ${fullName}` });
    await expect(card).toContainText('Pendiente');
    await expect(card).toContainText(time);
    await card.getByRole('button', { name: /^Confirmar/ }).click();
    await expect(card).toContainText('Confirmada');
    await expect(
      staff.getByRole('region', { name: /Notificaciones/ }).getByText('Cita confirmada'),
    ).toBeVisible();
    await staffContext.close();

    await page.reload();
    await expect(mine).toContainText('Confirmada');
    await clientContext.close();
  });
}
