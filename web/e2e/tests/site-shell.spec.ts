/**
 * The site's shell in the real browser (issue 6, REQUIREMENTS S1–S3, S5): the theme rule and its
 * pre-paint script, toasts by keyboard, axe on every page in both themes, a phone-sized screen,
 * and screenshots of the landing page, the open chat and the dashboard kept as test artifacts.
 */
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { type Account, addAccount } from './support/server';
import { openSiteChat, signInThroughForm } from './support/site';

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

/** Saves a full-page screenshot as an artifact of the test (kept in test-results and the report). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const DASHBOARD_PAGES = [
  ['/dashboard', 'Agenda'],
  ['/dashboard/servicios', 'Servicios'],
  ['/dashboard/equipo', 'Equipo'],
  ['/dashboard/clientes', 'Clientes'],
  ['/dashboard/conversaciones', 'Conversaciones'],
  ['/dashboard/estadisticas', 'Estadísticas'],
] as const;

let admin: Account;
test.beforeAll(() => {
  admin = addAccount('administrador', 'Olga', 'Gerencia');
});

test.describe('theme', () => {
  test('pages follow a dark system; every /dashboard path stays light', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/entrar');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await signInThroughForm(page, admin);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    for (const [path] of DASHBOARD_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    }
    // Client-side navigation out of the dashboard follows the system again.
    await page.getByRole('link', { name: 'Peluquería Lucía' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });

  test('the theme is set before the app runs, so nothing flashes', async ({ browser }) => {
    for (const [colorScheme, path, expected] of [
      ['dark', '/', 'dark'],
      ['light', '/', 'light'],
      ['dark', '/dashboard/servicios', 'light'],
    ] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      // Without the app's bundle only the pre-paint script can have set the theme.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      expect(await theme(page), `${colorScheme} system on ${path}`).toBe(expected);
      await context.close();
    }
  });
});

test('a toast is reached with F8 and dismissed with Escape', async ({ page }) => {
  await page.goto('/entrar');
  await page.getByLabel('Correo electrónico').fill('nadie@e2e.example');
  await page.getByLabel('Contraseña').fill('no es la clave');
  await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
  const notifications = page.getByRole('region', { name: /Notificaciones/ });
  const toast = notifications.getByRole('listitem').filter({ hasText: 'No se pudo entrar' });
  await expect(toast).toBeVisible();
  await page.keyboard.press('F8');
  await expect(notifications.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
});

test.describe('axe finds nothing', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`on the public pages, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      for (const path of ['/', '/registro', '/entrar', '/mis-citas', '/no-existe']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
        await expectNoViolations(page, `on ${path} (${colorScheme})`);
      }
      await page.goto('/');
      await openSiteChat(page);
      await expectNoViolations(page, `with the chat open (${colorScheme})`);
      await context.close();
    });

    test(`on a cliente's and the staff's pages, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await signInThroughForm(page, addAccount('cliente', 'Rosa', 'Axe'));
      await expectNoViolations(page, `on /mis-citas as a cliente (${colorScheme})`);
      await page.getByRole('button', { name: 'Salir' }).click();
      await expect(page).toHaveURL(/\/$/);

      await signInThroughForm(page, admin);
      // A conversation of the administrador's own, so that one has a transcript to check.
      const chat = await openSiteChat(page);
      await chat.say('¿cuál es vuestro horario?', /lunes/i);
      await page.getByRole('button', { name: 'Cerrar chat' }).first().click();
      for (const [path, heading] of DASHBOARD_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
        await expectNoViolations(page, `on ${path} (${colorScheme} system)`);
      }
      await page.goto('/dashboard/conversaciones');
      await page.getByRole('link', { name: 'Olga Gerencia (administrador)' }).first().click();
      await expect(page.getByRole('log', { name: 'Mensajes' })).toContainText('horario');
      await expectNoViolations(page, `on a conversation (${colorScheme} system)`);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Nueva cita' }).click();
      await expectNoViolations(page, `with the new-cita form open (${colorScheme} system)`);
      await context.close();
    });
  }
});

test('screenshots: the landing page, the open chat and the dashboard, light and dark', async ({
  browser,
}, testInfo) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Servicios' })).toBeVisible();
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await keepScreenshot(page, testInfo, `landing-${colorScheme}`);
    const chat = await openSiteChat(page);
    await chat.say('¿qué servicios tenéis?', /Corte de caballero/);
    await keepScreenshot(page, testInfo, `chat-open-${colorScheme}`);
    await page.getByRole('button', { name: 'Cerrar chat' }).first().click();
    await signInThroughForm(page, admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await keepScreenshot(page, testInfo, `dashboard-${colorScheme}-system`);
    await context.close();
  }
});

for (const width of [360, 390]) {
  test.describe(`on a ${String(width)} px phone`, () => {
    test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

    test('every page fits the screen and the staff can work the agenda', async ({ page }) => {
      for (const path of ['/', '/registro', '/entrar', '/mis-citas']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, `on ${path}`);
      }
      await signInThroughForm(page, admin);
      for (const [path, heading] of DASHBOARD_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        await expectNoSidewaysScroll(page, `on ${path}`);
      }
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Semana' }).click();
      await expect(page.getByText(/^Semana del /).first()).toBeVisible();
      await page.getByRole('button', { name: 'Nueva cita' }).click();
      await expect(page.getByRole('button', { name: 'Nueva cita' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expectNoSidewaysScroll(page, 'with the new-cita form open');
    });
  });
}
