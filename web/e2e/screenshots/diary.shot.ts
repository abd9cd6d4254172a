/**
 * The diary: a cita's panel beside a day of the demo salon, and the day on a 360 px phone. The
 * day itself on a laptop is a visual baseline (`tests/visual.spec.ts`).
 */
import { expect, test } from '@playwright/test';
import { signedInApi } from '../tests/support/api';
import { bookAt, demoStylists, workingDay } from '../tests/support/diary';
import { addAccount } from '../tests/support/server';
import { settled, signInThroughForm } from '../tests/support/site';
import { shotPath } from './shots';

test('diary', async ({ page }) => {
  const admin = addAccount('administrador', 'Sofía', 'Recepción');
  const api = await signedInApi(admin);
  // Sofía runs the front desk and takes no bookings: not a column of the diary (a server from
  // before the stylists' settings refuses this, and she shows as a column there).
  await api
    .put(
      `/api/staff/${(await api.get<{ item: { id: string } }>('/api/profile')).item.id}/schedule`,
      {
        periods: null,
        serviceIds: [],
        bookable: false,
      },
    )
    .catch(() => undefined);
  const date = await workingDay(2);
  const { lucia, javier, serviceId } = await demoStylists(api);
  const services = await api.get<{ items: { id: string; durationMin: number; active: boolean }[] }>(
    '/api/services',
  );
  const longer =
    services.items.find((service) => service.active && service.durationMin >= 90)?.id ?? serviceId;
  const plan = [
    { staffId: lucia.id, notBefore: 570, client: 'Carmen López', serviceId },
    { staffId: lucia.id, notBefore: 660, client: 'Ana Martín', serviceId: longer },
    { staffId: lucia.id, notBefore: 1020, client: 'Rosa Gil', serviceId },
    { staffId: javier.id, notBefore: 600, client: 'Pedro Sanz', serviceId },
    { staffId: javier.id, notBefore: 720, client: 'Marta Díaz', serviceId: longer },
    { staffId: javier.id, notBefore: 1080, client: 'Luis Romero', serviceId },
  ];
  const booked = [];
  for (const each of plan) {
    try {
      booked.push(await bookAt(api, { date, ...each }));
    } catch {
      // A stylist who does not do the longer service: the picture does without that cita.
    }
  }
  // A few statuses, so the picture shows them apart.
  const [first, second] = booked;
  if (first) await api.patch(`/api/appointments/${first.id}`, { status: 'completada' });
  if (second) await api.patch(`/api/appointments/${second.id}`, { status: 'cancelada' });
  await api.dispose();

  await page.setViewportSize({ width: 1280, height: 1500 });
  await signInThroughForm(page, admin);
  await page.goto(`/dashboard?dia=${date}`);
  await expect(page.locator('.diary-block').first()).toBeVisible();
  await settled(page);
  await page.locator('.diary-block', { hasText: 'Pedro Sanz' }).click();
  await expect(page.getByRole('complementary', { name: 'Cita de Pedro Sanz' })).toBeVisible();
  await page.screenshot({
    path: shotPath('diary-panel'),
    clip: { x: 0, y: 0, width: 1280, height: 900 },
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/dashboard?dia=${date}`);
  await expect(page.getByRole('group', { name: 'Estilista' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: shotPath('diary-phone'), fullPage: true });
});
