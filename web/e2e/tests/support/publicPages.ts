/**
 * The site's public pages with real data behind them, for the checks that walk them all (the
 * chat's launcher on phones, layout shift): the landing page, "Entrar", "Crear cuenta", the
 * manage page of a real cita (the link of its booking message) and "Mis citas" of a cliente
 * with a cita booked through the chat.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { signedInApi, type SignedInApi } from './api';
import { demoStylists, freeStarts, spokenDate, workingDay } from './diary';
import { addAccount, dataFolder, type Account } from './server';
import { openSiteChat, settled, signInThroughForm } from './site';

/** A public page: its path (the manage page's is a real cita's) and its main heading. */
export interface PublicPage {
  path: '/' | '/entrar' | '/registro' | '/cita/<token>' | '/mis-citas';
  heading: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', heading: 'Peluquería Lucía' },
  { path: '/entrar', heading: 'Entrar' },
  { path: '/registro', heading: 'Crear cuenta' },
  { path: '/cita/<token>', heading: 'Tu cita' },
  { path: '/mis-citas', heading: 'Mis citas' },
];

/** What the pages show: a real cita's manage page, and the cliente whose citas are listed. */
export interface PublicData {
  managePath: string;
  cliente: Account;
}

interface Listed {
  id: string;
  kind: string;
  citaId: string | null;
}

/**
 * The manage page's path (`/cita/<token>`) of cita `citaId`: the link in its booking message,
 * which the outbox holds once the cita is written.
 */
export async function managePath(api: SignedInApi, citaId: string): Promise<string> {
  let mailId: string | undefined;
  await expect
    .poll(async () => {
      const { items } = await api.get<{ items: Listed[] }>('/api/mail?limit=200');
      mailId = items.find((mail) => mail.citaId === citaId && mail.kind === 'booked')?.id;
      return mailId;
    })
    .toBeDefined();
  const { item: mail } = await api.get<{ item: { text: string } }>(`/api/mail/${mailId ?? ''}`);
  const path = /\/cita\/[\w.-]+/.exec(mail.text)?.[0];
  if (path === undefined) throw new Error('no manage link in the booking message');
  return path;
}

/**
 * What the pages show, written once per run (on working day number `day`, the calling spec's
 * own): a pending cita booked by staff for a new client with an email, and a cliente who booked a
 * haircut through the chat.
 */
export async function preparePublicPages(browser: Browser, day: number): Promise<PublicData> {
  // Kept for the run: a worker that takes over after a failure must not book the same again.
  const kept = join(dataFolder, `public-pages-${String(day)}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as PublicData;
  const data = await writePublicData(browser, day);
  writeFileSync(kept, JSON.stringify(data));
  return data;
}

async function writePublicData(browser: Browser, day: number): Promise<PublicData> {
  const date = await workingDay(day);
  const api = await signedInApi(addAccount('administrador', 'Paula', 'Páginas'));
  const { lucia, serviceId } = await demoStylists(api);
  const startMin = (await freeStarts(api, date, serviceId, lucia.id)).find((s) => s >= 600);
  if (startMin === undefined) throw new Error(`No hay hueco el ${date}`);
  const { item: cita } = await api.post<{ item: { id: string } }>('/api/appointments', {
    staffId: lucia.id,
    client: { name: 'Elena Enlace', email: `enlace.${String(Date.now())}@ejemplo.es` },
    date,
    startMin,
    serviceIds: [serviceId],
    status: 'pendiente',
  });
  const path = await managePath(api, cita.id);
  await api.dispose();

  const cliente = addAccount('cliente', 'Clara', 'Citas');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, cliente);
  const chat = await openSiteChat(page);
  await chat.say(`quiero un corte de caballero el ${spokenDate(date)} a las 17`, /Resumen/);
  await chat.say('sí', /Hecho/);
  await context.close();
  return { managePath: path, cliente };
}

/**
 * Opens `target` (signed in as the cliente first for "Mis citas") and waits until its data has
 * drawn: its heading, no skeleton, nothing busy, the bundled font in use, no request in flight.
 */
export async function openPublicPage(
  page: Page,
  target: PublicPage,
  data: PublicData,
): Promise<void> {
  if (target.path === '/mis-citas') await signInThroughForm(page, data.cliente);
  const path = target.path === '/cita/<token>' ? data.managePath : target.path;
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
  await settled(page);
}
