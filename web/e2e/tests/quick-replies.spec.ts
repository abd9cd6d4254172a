/**
 * Booking with taps on the site's chat (docs/PROTOCOL.md §10): the offered times are buttons, a
 * tapped time brings the summary card, its "Cambiar" goes back to the times of that day and only
 * "Confirmar" books; a reloaded conversation shows the text, never dead buttons.
 */
import { expect, test } from '@playwright/test';
import { type ListedAppointment, madridDate, signedInApi } from './support/api';
import { addAccount } from './support/server';
import { openSiteChat, SITE_CHAT_NAME } from './support/site';

test('a guest books by tapping a time, changes it from the card and confirms', async ({ page }) => {
  await page.goto('/');
  const { window, botMessages, say } = await openSiteChat(page);
  const quickReplies = window.getByRole('toolbar', { name: 'Respuestas rápidas' });

  await say('quiero un corte de caballero el lunes', /tengo hueco/);
  const times = quickReplies.getByRole('button');
  await expect(times.first()).toBeVisible();
  const offered = await times.allTextContents();
  expect(offered.length).toBeGreaterThanOrEqual(2);
  for (const time of offered) expect(time).toMatch(/^\d\d:\d\d$/);
  // The text says the same choices, for n8n's widget and for history.
  for (const time of offered) await expect(botMessages.last()).toContainText(time);

  await times.nth(1).click();
  await expect(quickReplies).toHaveCount(0);
  await expect(window.locator('.chat-message-from-user').last()).toHaveText(`A las ${offered[1]}`);
  await expect(botMessages.last()).toContainText('¿A nombre de quién');
  // A question to answer by typing offers nothing to tap.
  await expect(quickReplies).toHaveCount(0);

  await say('Sara Gil', /email o teléfono/);
  await say('sara.gil@ejemplo.es', /Resumen de tu cita/);
  // Pinned by position: `last()` would follow the newer messages.
  const card = botMessages.nth((await botMessages.count()) - 1);
  await expect(card.getByRole('heading', { name: 'Resumen de tu cita' })).toBeVisible();
  await expect(card.locator('dt', { hasText: 'Hora' })).toBeVisible();
  await expect(card.locator('dd', { hasText: `${offered[1]}–` })).toBeVisible();
  await expect(card.locator('dd', { hasText: 'Sara Gil' })).toBeVisible();

  // "Cambiar" goes back to the times of that day.
  await card.getByRole('button', { name: 'Cambiar' }).click();
  await expect(botMessages.last()).toContainText('tengo hueco');
  await expect(botMessages.last()).toContainText('lunes');
  // The older card keeps its rows, loses its buttons.
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card.locator('dd', { hasText: 'Sara Gil' })).toBeVisible();
  const again = await quickReplies.getByRole('button').allTextContents();
  const chosen = again[0] ?? '';
  await quickReplies.getByRole('button', { name: chosen }).click();
  await expect(
    botMessages.last().getByRole('heading', { name: 'Resumen de tu cita' }),
  ).toBeVisible();
  await expect(
    botMessages.nth((await botMessages.count()) - 1).locator('dd', { hasText: `${chosen}–` }),
  ).toBeVisible();

  // A reload while the booking waits keeps the card and its buttons.
  await page.reload();
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const waiting = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const second = waiting.locator('.chat-message-from-bot').last();
  await expect(second.getByRole('heading', { name: 'Resumen de tu cita' })).toBeVisible();
  await expect(second.locator('dd', { hasText: `${chosen}–` })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Cambiar' })).toBeVisible();

  // Only "Confirmar" books.
  const staff = await signedInApi(addAccount('usuario', 'Rosa', 'Recepción'));
  const bookedBySara = async () => {
    const { items } = await staff.get<{ items: ListedAppointment[] }>(
      `/api/appointments?from=${madridDate()}&to=${madridDate(7)}`,
    );
    return items.filter((cita) => cita.clientEmail === 'sara.gil@ejemplo.es');
  };
  expect(await bookedBySara()).toHaveLength(0);
  await second.getByRole('button', { name: 'Confirmar' }).click();
  const afterReload = waiting.locator('.chat-message-from-bot:not(.chat-message-typing)');
  await expect(afterReload.last()).toContainText('Hecho');
  const offeredAfterBooking = await waiting
    .getByRole('toolbar', { name: 'Respuestas rápidas' })
    .getByRole('button')
    .allTextContents();
  const booked = await bookedBySara();
  await staff.dispose();
  expect(booked).toHaveLength(1);
  const [hours, minutes] = chosen.split(':').map(Number);
  expect(booked[0]?.startMin).toBe((hours ?? 0) * 60 + (minutes ?? 0));

  // A reload shows the older messages as text, and offers again only what the last one did.
  await page.reload();
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const reloaded = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  await expect(reloaded.locator('.chat-message-from-bot').last()).toContainText('Hecho');
  await expect(reloaded.getByText('¿La confirmo?').first()).toBeVisible();
  await expect(reloaded.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await expect(reloaded.getByRole('button', { name: 'Cambiar' })).toHaveCount(0);
  await expect(
    reloaded.getByRole('toolbar', { name: 'Respuestas rápidas' }).getByRole('button'),
  ).toHaveText(offeredAfterBooking);
});

test('the service and the day are taps too, and a person is one tap away', async ({ page }) => {
  await page.goto('/');
  const { window, botMessages, say } = await openSiteChat(page);
  const quickReplies = window.getByRole('toolbar', { name: 'Respuestas rápidas' });

  await say('hola', /asistente de reservas/);
  await expect(quickReplies.getByRole('button', { name: 'Hablar con una persona' })).toBeVisible();
  await quickReplies.getByRole('button', { name: 'Reservar cita' }).click();
  await expect(botMessages.last()).toContainText('¿Qué servicio quieres?');
  await quickReplies.getByRole('button', { name: 'Manicura' }).click();
  await expect(botMessages.last()).toContainText('¿Qué día te viene bien?');
  // The next days with free times ("Hoy", "Mañana", "lun 23 nov"…), whatever today is.
  await expect(quickReplies.getByRole('button')).not.toHaveCount(0);
  await quickReplies.getByRole('button').first().click();
  await expect(botMessages.last()).toContainText('tengo hueco');
  await expect(quickReplies.getByRole('button').first()).toHaveText(/^\d\d:\d\d$/);
});
