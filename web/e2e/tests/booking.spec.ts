/**
 * A visitor books an appointment with the built-in assistant on the demo salon, in the real
 * widget on the site: every question is answered in turn, the summary is confirmed, the booking
 * is reported only once written, it is in the database with its service (read back by a staff
 * member through the appointments API), and the conversation is there again after a reload.
 */
import { expect, test } from '@playwright/test';
import { type ListedAppointment, madridDate, signedInApi } from './support/api';
import { addAccount } from './support/server';
import { chatSessionId, openSiteChat, SITE_CHAT_NAME } from './support/site';

test('a guest books a haircut through the chat and finds the booking after a reload', async ({
  page,
}) => {
  await page.goto('/');
  const { log, botMessages, say } = await openSiteChat(page);

  await say('¿Qué servicios tenéis?', /Corte de caballero/);
  await expect(log.getByRole('table').last()).toContainText('15,00 €');
  await say('quiero un corte de caballero el lunes a las 10', /A nombre de quién/);
  await say('Pedro Sanz', /email/);
  await say('pedro.sanz@ejemplo.es', /Resumen de tu cita/);
  const summary = botMessages.last();
  await expect(summary).toContainText('10:00–10:30');
  await expect(summary).toContainText('Pedro Sanz');
  await say('sí', /Hecho/);
  await expect(botMessages.last()).toContainText('te confirmará la cita');

  const sessionId = await chatSessionId(page);
  const staff = await signedInApi(addAccount('usuario', 'Nuria', 'Recepción'));
  // "el lunes" is within the next seven days.
  const { items } = await staff.get<{ items: ListedAppointment[] }>(
    `/api/appointments?from=${madridDate()}&to=${madridDate(7)}`,
  );
  await staff.dispose();
  const booked = items.filter((cita) => cita.clientEmail === 'pedro.sanz@ejemplo.es');
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({
    clientName: 'Pedro Sanz',
    startMin: 600,
    endMin: 630,
    status: 'pendiente',
    chatSessionId: sessionId,
  });
  expect(booked[0]?.services.map((service) => service.name)).toEqual(['Corte de caballero']);
  expect(new Date(`${booked[0]?.date ?? ''}T12:00:00Z`).getUTCDay()).toBe(1);

  await page.reload();
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const reloaded = page.getByRole('dialog', { name: SITE_CHAT_NAME }).getByRole('log');
  await expect(
    reloaded.locator('.chat-message-from-user', { hasText: 'pedro.sanz@ejemplo.es' }),
  ).toBeVisible();
  await expect(reloaded.locator('.chat-message-from-bot').last()).toContainText('Hecho');
});
