/**
 * Mail (issue 13) against the release binary, with no mail server configured (the site server;
 * `mail-smtp.spec.ts` sends through a real one): every message is written `unsent` and shown in
 * "Correos". A guest books in the chat; an administrador opens the booking's message in Correos
 * (its HTML in a sandboxed frame served under its own policy, its text with the manage link);
 * the guest opens that link, which changes nothing, says "Sí, voy" (the diary shows
 * it), moves the cita to another day (a "moved" message appears) and cancels it (a "cancelled"
 * message, a page with no actions). A forged link gets a clear page.
 */
import { expect, type Page, test } from '@playwright/test';
import { type SignedInApi, signedInApi } from './support/api';
import { expectNoViolations } from './support/axe';
import { workingDay } from './support/diary';
import { addAccount } from './support/server';
import { openSiteChat, signInThroughForm } from './support/site';

interface Listed {
  id: string;
  kind: string;
  to: string;
  status: string;
  citaId: string | null;
}

/** The outbox's messages to `address`, newest first, as the API lists them. */
async function messagesTo(api: SignedInApi, address: string): Promise<Listed[]> {
  const { items } = await api.get<{ items: Listed[] }>('/api/mail?limit=200');
  return items.filter((mail) => mail.to === address);
}

/** Correos' row of the message of `kind` (its Spanish label) to `address`. */
function row(page: Page, address: string, kind: string) {
  return page
    .getByRole('region', { name: 'Tabla de correos' })
    .getByRole('row')
    .filter({ hasText: address })
    .filter({ has: page.getByRole('cell', { name: kind, exact: true }) });
}

test('a booking’s message leads to its manage link: confirm, move, cancel', async ({
  browser,
  page: guest,
}) => {
  const email = `enlace.${String(Date.now())}@ejemplo.es`;
  await guest.goto('/');
  const chat = await openSiteChat(guest);
  await chat.say('quiero un corte de caballero el jueves a las 18:45', /A nombre de quién/);
  await chat.say('Rosa Enlace', /email/);
  await chat.say(email, /Resumen de tu cita/);
  await chat.say('sí', /Hecho/);

  const admin = addAccount('administrador', 'Elena', 'Correos');
  const api = await signedInApi(admin);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInThroughForm(staff, admin);
  await staff.goto('/dashboard/correos');
  await expect(staff.getByRole('heading', { level: 1, name: 'Correos' })).toBeVisible();
  await expect(staff.getByText('El correo no está configurado')).toBeVisible();
  const booked = row(staff, email, 'Reserva');
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText('Sin enviar');
  await booked.getByRole('button').click();

  const preview = staff.locator('.dash-mail-preview');
  const frame = preview.locator('iframe');
  // A frame that runs nothing, reading the message from its own page (its own policy).
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('src', /^\/api\/mail\/\d+\/preview$/);
  await expect(staff.frameLocator('.dash-mail-preview iframe').locator('body')).toContainText(
    'Rosa Enlace',
  );
  await expectNoViolations(staff, 'in Correos with a message open', {
    exclude: ['.dash-mail-frame'],
  });
  await preview.getByRole('button', { name: 'Texto sin formato' }).click();
  const text = preview.getByRole('region', { name: 'Texto sin formato del correo' });
  await expect(text).toContainText('/cita/');
  const link = /https?:\/\/\S+\/cita\/[\w.-]+/.exec((await text.textContent()) ?? '')?.[0];
  expect(link).toBeDefined();
  const manage = new URL(link ?? '');

  // Opening the link shows the cita and changes nothing.
  const before = await messagesTo(api, email);
  await guest.goto(manage.pathname);
  await expect(guest.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
  const facts = guest.locator('.manage-card');
  await expect(facts).toContainText('Corte de caballero');
  await expect(facts).toContainText('Rosa Enlace');
  await expect(facts).toContainText('18:45');
  await expectNoViolations(guest, 'on the manage page');
  expect(await messagesTo(api, email)).toEqual(before);
  const citaId = before[0]?.citaId ?? '';
  expect(citaId).not.toBe('');

  await guest.getByRole('button', { name: 'Sí, voy' }).click();
  await expect(facts).toContainText('Has avisado de que vienes.');
  await expect(guest.getByRole('button', { name: 'Sí, voy' })).toHaveCount(0);
  // The diary, opened from the message, shows the client's word beside the status.
  await preview.getByRole('link', { name: 'Ver la cita en la agenda' }).click();
  await expect(
    staff.locator('.diary-block', { hasText: 'Rosa Enlace' }).getByText('Ha avisado de que viene'),
  ).toBeVisible();

  // "Cambiar": another working day, its first free time.
  const currentDate = (
    await api.get<{ item: { date: string } }>(
      `/api/manage/${manage.pathname.split('/').at(-1) ?? ''}`,
    )
  ).item.date;
  const newDay =
    [await workingDay(6), await workingDay(7)].find((day) => day !== currentDate) ?? '';
  await guest.getByRole('button', { name: 'Cambiar', exact: true }).click();
  const form = guest.getByRole('form', { name: /Cambiar la cita/ });
  await form.getByLabel('Otro día').fill(newDay);
  await expect(form.getByText(/Horas libres con/)).toBeVisible();
  await form.getByRole('radio').first().check();
  await form.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(form).toHaveCount(0);
  await expect
    .poll(async () => (await messagesTo(api, email)).map((mail) => mail.kind))
    .toContain('moved');
  await staff.goto('/dashboard/correos');
  await expect(row(staff, email, 'Cambio')).toHaveCount(1);

  // "Cancelar", after the second question.
  await guest.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await guest.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Cita cancelada' })).toBeVisible();
  for (const name of ['Sí, voy', 'Cambiar', 'Cancelar']) {
    await expect(guest.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await staff.reload();
  await expect(row(staff, email, 'Cancelación')).toHaveCount(1);
  await expectNoViolations(staff, 'in Correos');

  await guest.goto('/cita/forged');
  await expect(guest.getByRole('heading', { level: 1, name: 'Enlace no válido' })).toBeVisible();
  await expect(guest.getByText('Este enlace no es válido o ha caducado.')).toBeVisible();
  await expectNoViolations(guest, 'on a forged link');

  await api.dispose();
  await staffContext.close();
});
