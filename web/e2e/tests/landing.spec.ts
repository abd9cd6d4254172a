/**
 * The landing page against the real server and its demo salon (issue 14): what it says about the
 * salon (from GET /api/business), "Reservar" on a service opening the chat with that service
 * asked for, its HairSalon JSON-LD, and axe in both themes with everything shown.
 */
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { SITE_CHAT_NAME } from './support/site';

interface DemoBusiness {
  name: string;
  phone: string;
  address: { street: string; postalCode: string; city: string };
  team: { firstName: string }[];
  faq: { question: string; answer: string }[];
}

// A Tuesday at 11:00 in Madrid: the demo salon opens 9:30–14:00 and 16:30–20:30 on weekdays.
const TUESDAY_MORNING = new Date('2026-12-01T11:00:00+01:00');

test('the landing page sells the demo salon from its settings', async ({ page, request }) => {
  const { item: salon } = (await (await request.get('/api/business')).json()) as {
    item: DemoBusiness;
  };
  await page.clock.setFixedTime(TUESDAY_MORNING);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: salon.name })).toBeVisible();
  await expect(main.getByText('Abierto ahora · cierra a las 14:00')).toBeVisible();
  await expect(main.locator('.hero-art')).toBeVisible();

  const visit = main.getByRole('region', { name: 'Visítanos' });
  await expect(visit).toContainText(`${salon.address.street}, ${salon.address.postalCode}`);
  const map = visit.getByRole('link', { name: 'Ver en el mapa' });
  await expect(map).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/search\?query=Calle%20de%20Fuencarral/,
  );
  const tel = `tel:${salon.phone.replace(/[^\d+]/g, '')}`;
  await expect(visit.getByRole('link', { name: salon.phone })).toHaveAttribute('href', tel);
  await expect(main.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', tel);

  const team = main.getByRole('region', { name: 'Nuestro equipo' });
  for (const member of salon.team) await expect(team).toContainText(member.firstName);

  const services = main.getByRole('region', { name: 'Servicios' });
  const haircut = services.getByRole('listitem').filter({ hasText: 'Corte de caballero' });
  await expect(haircut).toContainText('€');
  await expect(haircut).toContainText(/\d+ min/);

  const faq = main.getByRole('region', { name: 'Preguntas frecuentes' });
  const first = salon.faq[0];
  if (!first) throw new Error('the demo salon has a FAQ');
  await expect(faq.getByText(first.answer)).toBeHidden();
  await faq.getByText(first.question).click();
  await expect(faq.getByText(first.answer)).toBeVisible();

  await expect(page.getByRole('contentinfo')).toContainText(salon.name);

  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'HairSalon',
    name: salon.name,
    telephone: salon.phone,
    address: { streetAddress: salon.address.street, addressLocality: salon.address.city },
  });
});

test('"Reservar" on a service opens the chat asking for that service', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Reservar Corte de caballero' }).click();
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const log = chat.getByRole('log');
  await expect(log.locator('.chat-message-from-user')).toHaveText([
    'Quiero reservar Corte de caballero',
  ]);
  // The assistant takes the service and goes on with the booking (it asks for the day).
  await expect(log.locator('.chat-message-from-bot').last()).toContainText(/Corte de caballero/i);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the full landing page, ${colorScheme}`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Preguntas frecuentes' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await page.locator('.landing-faq summary').first().click();
    await expectNoViolations(page, `on the landing page (${colorScheme})`);
    await context.close();
  });
}
