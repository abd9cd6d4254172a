/**
 * Phones (issue 14): at 360 and 390 px nothing covers a form control, the chat's launcher
 * included, and no page scrolls sideways; a toast about a failed attempt does not stay beside the
 * success that follows it.
 */
import { expect, test } from '@playwright/test';
import { expectNoControlCovered, expectNoSidewaysScroll } from './support/layout';
import { addAccount } from './support/server';

for (const width of [360, 390]) {
  test.describe(`a ${String(width)} px phone`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    for (const path of ['/', '/registro', '/entrar']) {
      test(`nothing covers a control on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeVisible();
        await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
        await expectNoSidewaysScroll(page, `on ${path}`);
        await expectNoControlCovered(page, `on ${path} at ${String(width)} px`);
      });
    }
  });
}

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('"Cuenta creada" replaces the error of the attempt before', async ({ page }) => {
    const taken = addAccount('cliente', 'Toña', 'Tomada');
    await page.goto('/registro');
    const form = page.getByRole('main');
    await form.getByLabel('Nombre', { exact: true }).fill('Toña');
    await form.getByLabel('Apellidos').fill('Aviso');
    await form.getByLabel('Contraseña', { exact: true }).fill('una clave bastante larga 1');
    // A first attempt the server refuses: the email already has an account.
    await form.getByLabel('Correo electrónico').fill(taken.email);
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    const notifications = page.getByRole('region', { name: /Notificaciones/ });
    const toasts = notifications.getByRole('listitem');
    await expect(toasts.filter({ hasText: 'No se pudo crear la cuenta' })).toBeVisible();
    await form.getByLabel('Correo electrónico').fill(`nueva-${taken.email}`);
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toasts.filter({ hasText: 'Cuenta creada' })).toBeVisible();
    await expect(toasts).toHaveCount(1);
  });
});
