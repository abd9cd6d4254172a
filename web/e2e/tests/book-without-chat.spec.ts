/**
 * Booking without the chat (issue 24) on the site server's demo salon: a service's "Ver horas
 * libres" reads its next free times as chips; the first opens the booking form, which checks the
 * guest's details before sending, books the time and says so in the manage page's words, with a
 * link to that page, which shows the cita. axe on the chips, the form and the confirmation, in
 * both themes.
 *
 * A time taken between reading and booking (409) is not tried here: other specs add stylists to
 * this server's team, so who else could take it is not known; the API test
 * (`tests/api/bookings.rs`) books a time twice on both databases, and the form's answer to it is
 * the Vitest test of `ServiceTimes`.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';

const SERVICE = 'Arreglo de barba';

/** Opens the landing page and `SERVICE`'s free times; the chips, once read. */
async function openTimes(page: Page) {
  await page.goto('/');
  const services = page.getByRole('region', { name: 'Servicios' });
  await services.getByRole('button', { name: `Ver horas libres de ${SERVICE}` }).click();
  const chips = services.getByRole('list', { name: `Horas libres de ${SERVICE}` });
  await expect(chips.getByRole('button').first()).toBeVisible();
  return chips;
}

async function fillGuest(page: Page, name: string, email: string) {
  const dialog = page.getByRole('dialog', { name: `Reservar ${SERVICE}` });
  await dialog.getByRole('textbox', { name: 'Nombre y apellidos' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await dialog.getByRole('button', { name: 'Reservar' }).click();
}

test('a free time booked from its chip, the confirmation and its manage page', async ({ page }) => {
  const chips = await openTimes(page);
  // Nothing of the other services was asked for.
  await expect(page.getByRole('button', { name: 'Ver horas libres de Manicura' })).toBeVisible();
  const first = chips.getByRole('button').first();
  const label = (await first.textContent()) ?? '';
  expect(label).toMatch(/^(Hoy|Mañana|\p{L}{3} \d{1,2},) \d\d:\d\d$/u);
  await expectNoViolations(page, 'on the landing page with a service’s free times');

  await first.click();
  const dialog = page.getByRole('dialog', { name: `Reservar ${SERVICE}` });
  const name = dialog.getByRole('textbox', { name: 'Nombre y apellidos' });
  await expect(name).toBeFocused();
  await dialog.getByRole('button', { name: 'Reservar' }).click();
  await expect(name).toHaveAccessibleDescription('Escribe tu nombre.');
  await expect(
    dialog.getByRole('textbox', { name: 'Correo electrónico' }),
  ).toHaveAccessibleDescription('Escribe un email o un teléfono.');
  await expectNoViolations(page, 'on the booking form with its errors');
  // Escape closes it, and the chip has the focus again.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(first).toBeFocused();

  await first.click();
  const email = `sin-chat.${String(Date.now())}@ejemplo.es`;
  await fillGuest(page, 'Berta Sinchat', email);
  const done = page.getByRole('dialog', { name: '¡Reservada!' });
  await expect(done).toContainText(`Te hemos enviado la confirmación a ${email}.`);
  await expect(done).toContainText(SERVICE);
  await expect(done).toContainText(
    /Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise\.|Tu cita está confirmada\./,
  );
  await expectNoViolations(page, 'on the booking’s confirmation');
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoViolations(page, `on the booking’s confirmation (${colorScheme})`);
  }

  await done.getByRole('link', { name: 'Ver mi cita' }).click();
  await expect(page).toHaveURL(/\/cita\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Berta Sinchat');
  await expect(page.getByRole('main')).toContainText(SERVICE);
});
