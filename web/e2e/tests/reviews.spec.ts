/**
 * Reviews end to end (issue 24), on the demo server (the only one with the demo's week: its past
 * citas completed, their clients without email, so no review request was ever sent). A genuine
 * review link is signed in the test as the server signs one (support/reviews.ts). The client
 * opens it from the email with 4 stars tapped, writes a few words and sends; the link then shows
 * the review and takes no other; the landing page shows it with the average; staff answer it
 * and hide it in the dashboard, and it leaves the landing page. A forged link gets the invalid
 * link's sentence. axe runs on each new page in both themes.
 *
 * Needs the release binary with the reviews API, and the server serving `/opinion/<token>` as
 * the app's page (the token holds a dot, like the manage link's `/cita/<token>`).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { demoReviewToken } from './support/reviews';
import { addAccount, demoDatabaseUrl, demoUrl } from './support/server';
import { signInThroughForm } from './support/site';

test.use({ baseURL: demoUrl });
// One review goes through every step: each test builds on the one before.
test.describe.configure({ mode: 'serial' });

const COMMENT = `Me encantó el corte, gracias (e2e ${String(Date.now())}).`;
const REPLY = '¡Gracias a ti! Te esperamos pronto.';
let token = '';

/** The landing page as a visitor who is not signed in sees it. */
async function guestLanding(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: demoUrl });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Servicios' })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await run(page);
  await context.close();
}

test('a review link opens with the stars the email chose and takes a review once', async ({
  page,
}) => {
  token = demoReviewToken();
  await page.goto(`/opinion/${token}?estrellas=4`);
  await expect(
    page.getByRole('heading', { level: 1, name: /^¿Qué tal tu cita en / }),
  ).toBeVisible();
  await expect(page.getByText(/^Tu cita del .+ a las \d\d:\d\d · /)).toBeVisible();
  // The page's address is the credential: it sends no referrer.
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  const stars = page.getByRole('group', { name: 'Tu valoración' });
  await expect(stars.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
  await expectNoViolations(page, 'on the review page');

  await page.getByRole('textbox', { name: 'Cuéntanos qué tal (opcional)' }).fill(COMMENT);
  await expect(page.getByText(`${String(COMMENT.length)} de 1000 caracteres`)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar opinión' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Gracias por tu opinión!' }),
  ).toBeVisible();
  const given = page.getByRole('region', { name: 'Tu opinión' });
  await expect(given).toContainText('4 de 5 estrellas');
  await expect(given).toContainText(COMMENT);

  // Opened again (another tap in the email): the review, and no form.
  await page.goto(`/opinion/${token}?estrellas=1`);
  await expect(
    page.getByRole('heading', { level: 1, name: '¡Gracias por tu opinión!' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tu opinión' })).toContainText(COMMENT);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar opinión' })).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the review page, ${colorScheme}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: demoUrl, colorScheme });
    const page = await context.newPage();
    await page.goto(`/opinion/${token}`);
    await expect(page.getByRole('heading', { name: '¡Gracias por tu opinión!' })).toBeVisible();
    await expectNoViolations(page, `on the review page, reviewed (${colorScheme})`);
    await context.close();
  });
}

test('the landing page shows the review with the average and count', async ({ browser }) => {
  await guestLanding(browser, async (page) => {
    const reviews = page.getByRole('region', { name: 'Opiniones' });
    await expect(reviews.getByText(/^\d(,\d)? de 5$/)).toBeVisible();
    await expect(reviews.getByText(/^· \d+ opiniones?$/)).toBeVisible();
    const ours = reviews.getByRole('listitem').filter({ hasText: COMMENT });
    await expect(ours).toContainText('4 de 5 estrellas');
    // Its cita is one of the demo's week (the only citas done on this server), so it is the
    // demo's like the others, and says so.
    await expect(ours.getByText('Opinión de demostración')).toBeVisible();
    // The search engines' copy: no demo review, so no rating at all.
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { review?: unknown; aggregateRating?: unknown };
    expect(data.review).toBeUndefined();
    expect(data.aggregateRating).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain(COMMENT);
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL: demoUrl, colorScheme });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Opiniones' })).toBeVisible();
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await expectNoViolations(page, `on the landing page with reviews (${colorScheme})`);
    await context.close();
  }
});

test('staff answer the review, then hide it, and it leaves the landing page', async ({
  page,
  browser,
}) => {
  const admin = addAccount('administrador', 'Rocío', 'Opiniones', demoDatabaseUrl);
  await signInThroughForm(page, admin);
  // The demo's week is in the diary, said above it.
  await expect(
    page.getByText('Esta agenda incluye citas de demostración (y sus opiniones).'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Quitar los datos de demostración' }),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Opiniones' })
    .click();
  const section = page.getByRole('region', { name: 'Opiniones' });
  const ours = section.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(ours).toBeVisible();
  await expectNoViolations(page, 'on the dashboard’s reviews');

  await ours.getByRole('button', { name: /^Responder a / }).click();
  await ours.getByRole('textbox', { name: 'Respuesta del salón' }).fill(REPLY);
  await ours.getByRole('button', { name: 'Guardar respuesta' }).click();
  await expect(ours).toContainText(`Respuesta del salón${REPLY}`);
  await guestLanding(browser, async (landing) => {
    await expect(
      landing.getByRole('region', { name: 'Opiniones' }).getByRole('listitem').filter({
        hasText: COMMENT,
      }),
    ).toContainText(REPLY);
  });

  await ours.getByRole('button', { name: /^Ocultar la opinión de / }).click();
  await expect(ours).toContainText('Oculta: no se ve en la web.');
  await expect(ours.getByRole('button', { name: /^Mostrar la opinión de / })).toBeVisible();
  await guestLanding(browser, async (landing) => {
    await expect(landing.getByText(COMMENT)).toHaveCount(0);
  });
});

test('a forged review link says it is not valid', async ({ page }) => {
  await page.goto('/opinion/YzEyM3w0MTAyNDQ0ODAw.bm90LWEtbWFj?estrellas=5');
  await expect(page.getByRole('heading', { level: 1, name: 'Enlace no válido' })).toBeVisible();
  await expect(page.getByText('Este enlace no es válido o ha caducado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectNoViolations(page, 'on an invalid review link');
});
