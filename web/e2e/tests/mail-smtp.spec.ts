/**
 * Mail end to end (issue 13): the release binary sends through a real SMTP server on loopback
 * (aiosmtpd, the Rust mail tests' sink), on a server of its own (`mailUrl`, its own database) so
 * the other specs keep sending nothing. A guest books in the chat and taps "Confirmar" on the
 * summary card; the confirmation arrives (to the guest, in Spanish, with the calendar file); its
 * manage link opens the cita on that server; the guest moves it to a time that overlaps where it
 * was (its own time does not stand in its way) and the "moved" message arrives (same event,
 * SEQUENCE one higher with no wait between: it counts changes, not seconds); then cancels it and
 * the cancellation arrives (METHOD:CANCEL). A link with one character changed gets the refusal
 * page and never another cita.
 */
import { expect, test } from '@playwright/test';
import { spokenDate, workingDay } from './support/diary';
import { icsField, mailTo, part, type Received, receivedBy } from './support/mail';
import { mailUrl, smtpMissing, smtpReady } from './support/server';
import { openSiteChat } from './support/site';

test.skip(!smtpReady, smtpMissing);
test.use({ baseURL: mailUrl });

const SALON = 'Peluquería Lucía';

/** The message's calendar file: an `.ics` attachment whose `method` says what it does. */
function calendarOf(mail: Received, method: 'REQUEST' | 'CANCEL') {
  const calendar = part(mail, 'text/calendar');
  expect(calendar.filename).toMatch(/\.ics$/);
  expect(calendar.params?.method).toBe(method);
  const ics = calendar.content ?? '';
  expect(icsField(ics, 'METHOD')).toBe(method);
  return { uid: icsField(ics, 'UID'), sequence: Number(icsField(ics, 'SEQUENCE')) };
}

/** `token` with the first character of its signature changed (the last may be only padding). */
function forged(token: string): string {
  const [payload = '', signature = ''] = token.split('.');
  return `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
}

test('a booking, its move and its cancellation arrive by email; the link works, a forged one does not', async ({
  page,
}) => {
  const email = `buzon.${String(Date.now())}@ejemplo.es`;
  const day = await workingDay(2);
  const spoken = spokenDate(day);

  await page.goto('/');
  const chat = await openSiteChat(page);
  await chat.say(`quiero un corte de caballero el ${spoken} a las 11`, /A nombre de quién/);
  await chat.say('Rosa Buzón', /email/);
  await chat.say(email, 'Resumen de tu cita');
  const summary = chat.botMessages.last();
  await expect(summary.getByRole('heading', { name: 'Resumen de tu cita' })).toBeVisible();
  await expect(summary).toContainText('11:00');
  await summary
    .getByRole('toolbar', { name: 'Resumen de tu cita' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(chat.botMessages.last()).toContainText('Hecho');

  // The confirmation: to the guest, from the salon, in Spanish, text and HTML, and the event.
  const booked = await mailTo(email, new RegExp(`^Tu hora en ${SALON} queda guardada: `));
  expect(booked.rcpt_tos).toEqual([email]);
  expect(booked.to).toContain(email);
  expect(booked.from).toBe(`${SALON} <citas@peluqueria.example>`);
  const text = part(booked, 'text/plain').content ?? '';
  expect(text).toContain('Hola, Rosa Buzón:');
  expect(text).toContain('El salón te confirmará la cita en cuanto la revise');
  expect(text).toContain('Corte de caballero');
  expect(text).toContain('11:00');
  expect(part(booked, 'text/html').content).toContain('Gestionar mi cita');
  expect(text).toMatch(/^Precio: \d+,\d\d €$/m);
  expect(text).toContain('Añadir a Google Calendar: https://calendar.google.com/calendar/render?');
  expect(text).toContain('Añadir a Outlook: https://outlook.live.com/calendar/0/deeplink/compose?');
  const first = calendarOf(booked, 'REQUEST');

  // The HTML as a phone's mail program draws it: one column within 390 px, every link named.
  const reader = await page.context().newPage();
  await reader.setViewportSize({ width: 390, height: 844 });
  await reader.setContent(part(booked, 'text/html').content ?? '');
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  for (const name of ['Gestionar mi cita', 'Añadir a Google Calendar', 'Añadir a Outlook']) {
    const anchor = reader.getByRole('link', { name });
    await expect(anchor).toBeVisible();
    expect(await anchor.getAttribute('href')).toMatch(/^https?:\/\//);
  }
  await expect(reader.getByText(SALON).first()).toBeVisible();
  await reader.close();
  expect(first.uid).toMatch(/@citabot$/);

  // Its manage link points at the server that sent it, and opens the cita there.
  const link = /https?:\/\/\S+\/cita\/[\w.-]+/.exec(text)?.[0] ?? '';
  const manage = new URL(link);
  expect(manage.origin).toBe(mailUrl);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
  const facts = page.locator('.manage-card');
  await expect(facts).toContainText('Rosa Buzón');
  await expect(facts).toContainText('11:00–11:30');

  // "Cambiar", the same day: a quarter of an hour later overlaps only the cita itself.
  await page.getByRole('button', { name: 'Cambiar', exact: true }).click();
  const form = page.getByRole('form', { name: /Cambiar la cita/ });
  await expect(form.getByText(/Horas libres con/)).toBeVisible();
  await form.getByRole('radio', { name: '11:15' }).check();
  await form.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(form).toHaveCount(0);
  await expect(facts).toContainText('11:15–11:45');

  const moved = await mailTo(email, new RegExp(`^Tu cita en ${SALON} ha cambiado: `));
  expect(moved.rcpt_tos).toEqual([email]);
  expect(part(moved, 'text/plain').content).toContain('11:15');
  const second = calendarOf(moved, 'REQUEST');
  expect(second.uid).toBe(first.uid);
  expect([first.sequence, second.sequence]).toEqual([0, 1]);

  // "Cancelar", after the second question.
  await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await page.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cita cancelada' })).toBeVisible();

  const cancelled = await mailTo(email, new RegExp(`^Tu cita en ${SALON} está cancelada: `));
  expect(cancelled.rcpt_tos).toEqual([email]);
  expect(part(cancelled, 'text/plain').content).toContain('está cancelada');
  const third = calendarOf(cancelled, 'CANCEL');
  expect(third.uid).toBe(first.uid);
  expect(third.sequence).toBe(2);
  // Those three, and nothing else, went to the guest.
  expect(receivedBy(email).map((mail) => mail.message_id)).toEqual(
    [booked, moved, cancelled].map((mail) => mail.message_id),
  );

  // One character of the signature changed: the refusal page, and no cita at all.
  const token = manage.pathname.split('/').at(-1) ?? '';
  await page.goto(`/cita/${forged(token)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enlace no válido' })).toBeVisible();
  await expect(page.getByText('Este enlace no es válido o ha caducado.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('.manage-card')).toHaveCount(0);
  // (The chat keeps the guest's conversation; the page itself names nobody.)
  await expect(main.getByText('Rosa Buzón')).toHaveCount(0);
});
