/**
 * The manage page (`/cita/<token>`) as a client on a phone judges it, at 390×844: staff book a
 * pending cita for a new client with an email; its booking message's link opens the page, which
 * says in one sentence where the cita stands, with its price, a map link and the calendar links
 * (at the server's own UTC times); "Cambiar" offers a row of day chips and one part of a day's
 * times at a time, in a compact grid, never the whole day's wall; the next day's chip reads
 * that day's times and the arrow keys move through them; the move goes through. Then
 * "Cancelar" and "Reservar otra", which opens the chat on the landing page asking for a cita.
 */
import { expect, test } from '@playwright/test';
import { signedInApi } from './support/api';
import { expectNoViolations } from './support/axe';
import { demoStylists, freeStarts, workingDay } from './support/diary';
import { expectNoSidewaysScroll } from './support/layout';
import { managePath } from './support/publicPages';
import { addAccount } from './support/server';
import { SITE_CHAT_NAME } from './support/site';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** What `POST /api/appointments` answers, as far as this spec reads it. */
interface Booked {
  id: string;
  startAt: string;
  endAt: string;
}

/** "20261203T090000Z", as Google Calendar's `dates` writes an instant. */
function basic(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * The most times one part of a demo weekday offers a service of 30 minutes or more: its morning,
 * 09:30 to 13:30 in 15-minute steps.
 */
const MOST_TIMES_SHOWN = 17;

test('on a phone: grouped times, a move to the next day, a cancel and "Reservar otra"', async ({
  page,
}) => {
  const admin = addAccount('administrador', 'Irene', 'Gestión');
  const api = await signedInApi(admin);
  const { lucia, serviceId } = await demoStylists(api);
  const date = await workingDay(11);
  const startMin = (await freeStarts(api, date, serviceId, lucia.id)).find((s) => s >= 600);
  if (startMin === undefined) throw new Error(`No hay hueco el ${date}`);
  const email = `movil.${String(Date.now())}@ejemplo.es`;
  const { item: booked } = await api.post<{ item: Booked }>('/api/appointments', {
    staffId: lucia.id,
    client: { name: 'Marta Móvil', email },
    date,
    startMin,
    serviceIds: [serviceId],
    status: 'pendiente',
  });

  // The booking message, written with the cita, carries the link.
  await page.goto(await managePath(api, booked.id));
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
  const facts = page.locator('.manage-card');
  await expect(facts).toContainText(
    'Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise.',
  );
  await expect(facts).toContainText('Marta Móvil');
  await expect(facts).toContainText(/Precio\s*\d+,\d{2}\s€/);
  await expect(page.getByRole('button', { name: 'Sí, voy' })).toHaveAccessibleDescription(
    '¿Vienes? Con «Sí, voy» avisas al salón de que cuenta contigo.',
  );
  await expect(facts.getByRole('link', { name: /^Ver en el mapa/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Calle%20de%20Fuencarral/,
  );
  // The page's UTC times are the server's own (`startAt`, `endAt`).
  await expect(facts.getByRole('link', { name: /^Añadir a Google Calendar/ })).toHaveAttribute(
    'href',
    new RegExp(`&dates=${basic(booked.startAt)}/${basic(booked.endAt)}&`),
  );
  await expect(facts.getByRole('link', { name: /^Añadir a Outlook/ })).toHaveAttribute(
    'href',
    new RegExp(`&startdt=${new Date(booked.startAt).toISOString().replace('.000', '')}&`),
  );
  await expectNoViolations(page, 'on the manage page at 390 px');
  await expectNoSidewaysScroll(page, 'on the manage page at 390 px');

  // "Cambiar": the cita's day first among the chips, its times in one part of the day.
  await page.getByRole('button', { name: 'Cambiar', exact: true }).click();
  const form = page.getByRole('form', { name: /Cambiar la cita/ });
  const chips = form.getByRole('group', { name: 'Día' }).locator('.reschedule-day');
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByText(/^Horas libres con Lucía( \S+)? el /)).toBeVisible();
  const parts = form.getByRole('group', { name: 'Parte del día' });
  const pressed = parts.getByRole('button', { pressed: true });
  await expect(pressed).toHaveText(/^(Mañana|Tarde) \(\d+\)$/);
  const counts = (await parts.getByRole('button').allTextContents()).map((text) =>
    Number(/\((\d+)\)/.exec(text)?.[1] ?? 0),
  );
  const radios = form.getByRole('radio');
  const shown = await radios.count();
  expect(shown).toBe(Number(/\((\d+)\)/.exec((await pressed.textContent()) ?? '')?.[1]));
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(MOST_TIMES_SHOWN);
  // Never the whole day at once, when both parts have times.
  const [morning = 0, afternoon = 0] = counts;
  if (morning > 0 && afternoon > 0) expect(shown).toBeLessThan(morning + afternoon);
  // A compact grid: five times a row at 390 px.
  const rows = await form
    .locator('.reschedule-option')
    .evaluateAll((options) => [
      ...new Set(options.map((option) => Math.round(option.getBoundingClientRect().top))),
    ]);
  expect(rows.length).toBeLessThanOrEqual(Math.ceil(shown / 5));
  await expectNoViolations(page, 'with the move form open at 390 px');
  await expectNoSidewaysScroll(page, 'with the move form open at 390 px');

  // Each part holds its own times: the morning before 14:00, the afternoon from it.
  for (const [part, group, holds] of [
    ['Mañana', 'Horas de la mañana', (time: string) => time < '14:00'],
    ['Tarde', 'Horas de la tarde', (time: string) => time >= '14:00'],
  ] as const) {
    const button = parts.getByRole('button', { name: new RegExp(`^${part} `) });
    if (await button.isDisabled()) continue;
    await button.click();
    const times = await form.getByRole('radiogroup', { name: group }).getByRole('radio').all();
    for (const time of times) {
      const label = (await time.evaluate((input) => input.parentElement?.textContent)) ?? '';
      expect(holds(label), `${label} under ${part}`).toBe(true);
    }
  }

  // The next day is one tap away: its chip reads that day's times.
  const nextDay = chips.nth(1);
  const nextName = (await nextDay.locator('.visually-hidden').textContent()) ?? '';
  await nextDay.click();
  await expect(nextDay).toHaveAttribute('aria-pressed', 'true');
  await expect(
    form.getByText(new RegExp(`^Horas libres con Lucía( \\S+)? el ${nextName}`)),
  ).toBeVisible();
  await expect(radios.first()).toBeVisible();
  // The arrow keys move through the times, as in any radio group.
  await radios.first().check();
  let chosen = radios.first();
  if ((await radios.count()) > 1) {
    await radios.first().press('ArrowRight');
    chosen = radios.nth(1);
    await expect(chosen).toBeChecked();
    await expect(chosen).toBeFocused();
  }
  const time = (await chosen.evaluate((input) => input.parentElement?.textContent)) ?? '';
  await expect(form.getByText(`Nueva hora: ${nextName}, a las ${time}`)).toBeVisible();
  await form.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(form).toHaveCount(0);
  const when = page.getByRole('heading', { level: 2 });
  await expect(when).toContainText(nextName);
  await expect(when).toContainText(`${time}–`);

  // "Cancelar", then "Reservar otra": the landing page, the chat asking for a new cita.
  await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await page.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cita cancelada' })).toBeVisible();
  await expect(facts).toContainText('Cancelada: esta hora ya no está reservada para ti.');
  await expect(facts.getByRole('link', { name: /^Añadir a/ })).toHaveCount(0);
  await expectNoViolations(page, 'on a cancelled cita at 390 px');
  await page.getByRole('link', { name: 'Reservar otra' }).click();
  await expect(page).toHaveURL(/\/$/);
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  await expect(chat).toBeVisible();
  await expect(
    chat.getByRole('log').getByText('Quiero reservar una cita', { exact: true }),
  ).toBeVisible();
  // The assistant answers it: booking goes on in the chat.
  await expect(
    chat.getByRole('log').locator('.chat-message-from-bot:not(.chat-message-typing)').last(),
  ).not.toBeEmpty();

  await api.dispose();
});
