/**
 * Proxy mode end to end (issue 21): the site's chat → citabot → a workflow (the fixture server's
 * `agent`, a stand-in for n8n's AI Agent with an MCP Client Tool) that books through the MCP
 * tools with nothing but the `mcpUrl` citabot put in the message's metadata. The cita is in the
 * diary, its confirmation goes out through the SMTP sink, and the dashboard says it came from
 * the chat. The capability stays between citabot and the workflow: the browser never sees it.
 * A server of its own (`workflowUrl`, its own database), sending through the mail spec's sink.
 */
import { expect, type Page, type Response, test } from '@playwright/test';
import type { LogEntry } from '../fixture-server/server';
import { spokenDate } from './support/diary';
import { fixtureLog } from './support/host';
import { mailTo, part } from './support/mail';
import {
  addAccount,
  smtpMissing,
  smtpReady,
  workflowDatabaseUrl,
  workflowUrl,
} from './support/server';
import { chatSessionId, openSiteChat, signInThroughForm } from './support/site';

test.skip(!smtpReady, smtpMissing);
test.use({ baseURL: workflowUrl });

const SALON = 'Peluquería Lucía';
const BOOKED =
  /Reservada tu cita de (.+) el (\d{4}-\d{2}-\d{2}) a las (\d{2}:\d{2}) con (.+)\. Referencia (\S+)\.$/;

/** What the workflow's answer says it booked. */
function bookedIn(reply: string) {
  const match = BOOKED.exec(reply);
  if (match === null) throw new Error(`not a booking: «${reply}»`);
  const [service = '', date = '', time = '', staffName = '', id = ''] = match.slice(1);
  return { service, date, time, staffName, id };
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** Every chat answer the browser gets from citabot, from now on. */
function chatResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/n8n/chat')) responses.push(response);
  });
  return responses;
}

interface Capability {
  conversationId: string;
  mcpUrl: string;
  token: string;
  expiresAt: string;
}

/** A capability lasts two hours from the message that brought it (give or take a minute). */
function expectFresh(capability: Capability | undefined, sentAt: number) {
  const lasts = Date.parse(capability?.expiresAt ?? '') - sentAt;
  expect(Math.abs(lasts - 2 * 60 * 60 * 1000)).toBeLessThan(60_000);
}

type McpEntry = Extract<LogEntry, { kind: 'mcp' }>;

/** What the workflow received and did for the session's messages, in order. */
async function workflowSaw(page: Page, sessionId: string) {
  const log = await fixtureLog(page.request, sessionId);
  const relayed = log.filter(
    (entry): entry is Extract<LogEntry, { kind: 'http' }> =>
      entry.kind === 'http' && entry.fields.action === 'sendMessage',
  );
  const citabot = relayed.map(
    (entry) => (entry.fields.metadata as { citabot: Capability } | undefined)?.citabot,
  );
  const calls = log.filter((entry): entry is McpEntry => entry.kind === 'mcp');
  return { relayed, citabot, calls };
}

test('the workflow books through MCP with the capability from the metadata', async ({
  browser,
  page,
}) => {
  const email = `nuria.flujo.${String(Date.now())}@ejemplo.es`;
  const answers = chatResponses(page);

  await page.goto('/');
  const chat = await openSiteChat(page);
  const bookedAt = Date.now();
  await chat.say(`quiero un corte, soy Nuria Flujo, ${email}`, 'Reservada tu cita');
  const reply = (await chat.botMessages.last().innerText()).trim();
  const { service, date, time, staffName, id } = bookedIn(reply);
  expect(service).toBe('Corte de pelo');

  // The workflow called the tools through the URL citabot gave it, and only through that.
  const sessionId = (await chatSessionId(page)) ?? '';
  expect(sessionId).not.toBe('');
  const first = await workflowSaw(page, sessionId);
  expect(first.relayed).toHaveLength(1);
  const capability = first.citabot[0];
  expect(capability?.mcpUrl).toBe(`${workflowUrl}/mcp/${capability?.token ?? ''}`);
  expect(capability?.conversationId).toBe(sessionId);
  expect(capability?.token.length).toBeGreaterThan(20);
  expectFresh(capability, bookedAt);
  expect(first.calls.map((call) => call.tool ?? call.method)).toEqual([
    'initialize',
    'notifications/initialized',
    'list_services',
    'find_free_times',
    'book_cita',
  ]);
  for (const call of first.calls) expect(call.url).toBe(capability?.mcpUrl);
  expect(first.calls.some((call) => call.isError)).toBe(false);
  expect(first.calls.at(-1)?.arguments).toMatchObject({
    client: { name: 'Nuria Flujo', email },
    idempotencyKey: sessionId,
  });

  // The confirmation: to Nuria, from the salon, in Spanish, with the service and the time, and
  // a manage link to this server.
  const booked = await mailTo(email, new RegExp(`^Tu hora en ${SALON} queda guardada: `));
  expect(booked.rcpt_tos).toEqual([email]);
  expect(booked.from).toBe(`${SALON} <citas@peluqueria.example>`);
  const text = part(booked, 'text/plain').content ?? '';
  expect(text).toContain('Hola, Nuria Flujo:');
  const when = text.split('\n').find((line) => line.startsWith('Cuándo: ')) ?? '';
  expect(when).toContain(`${spokenDate(date)}, ${time}`);
  expect(text).toContain('Servicios: Corte de pelo');
  expect(text).toContain(`Te atiende: ${staffName}`);
  const link = /https?:\/\/\S+\/cita\/[\w.-]+/.exec(text)?.[0] ?? '';
  expect(new URL(link).origin).toBe(workflowUrl);

  // Asked again, the workflow lists it (a fresh capability with the new message).
  const askedAt = Date.now();
  await chat.say('¿qué citas tengo?', 'Tus citas');
  await expect(chat.botMessages.last()).toHaveText(
    `Tus citas: Corte de pelo el ${date} a las ${time} con ${staffName} (referencia ${id}).`,
  );
  const second = await workflowSaw(page, sessionId);
  expect(second.relayed).toHaveLength(2);
  expectFresh(second.citabot[1], askedAt);
  const later = second.calls.slice(first.calls.length);
  for (const call of later) expect(call.url).toBe(second.citabot[1]?.mcpUrl);
  expect(later.map((call) => call.tool ?? call.method)).toEqual([
    'initialize',
    'notifications/initialized',
    'list_citas',
  ]);

  // Neither the page nor any answer the browser received holds the capability (the page does
  // hold the chat: the reference is there).
  const tokens = second.citabot.map((each) => each?.token ?? '');
  const html = await page.content();
  expect(html).toContain(`Referencia ${id}.`);
  expect(html).not.toContain('/mcp/');
  const bodies = await Promise.all(answers.map((response) => response.text()));
  expect(bodies.filter((body) => body.includes('"output"'))).toHaveLength(2);
  for (const token of tokens) {
    expect(html).not.toContain(token);
    for (const body of bodies) expect(body).not.toContain(token);
  }

  // The diary, on that day: the cita at its time, with its stylist, from the chat.
  const admin = addAccount('administrador', 'Berta', 'Flujo', workflowDatabaseUrl);
  const staff = await browser.newContext();
  const dashboard = await staff.newPage();
  await signInThroughForm(dashboard, admin);
  await dashboard.goto(`/dashboard?dia=${date}`);
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
  // In its stylist's column (named by first name and day), the block of the booked id.
  const shown = dashboard
    .getByRole('group', {
      name: `${staffName.split(' ')[0] ?? ''}, ${longDate(date)}`,
      exact: true,
    })
    .locator(`.diary-block[data-appointment="${id}"]`);
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText(`${time}–`);
  await expect(shown).toContainText('Nuria Flujo');
  await expect(shown).toContainText('Corte de pelo');
  await shown.click();
  const panel = dashboard.getByRole('complementary', { name: 'Cita de Nuria Flujo' });
  await expect(panel).toContainText(`${longDate(date)}, ${time}–`);
  await expect(panel).toContainText(staffName);
  await expect(panel).toContainText(email);
  const fromChat = panel.getByRole('link', { name: 'Ver la conversación del chat' });
  await expect(fromChat).toHaveAttribute(
    'href',
    `/dashboard/conversaciones/${encodeURIComponent(sessionId)}`,
  );

  // The conversation it came from: the visitor's words, the workflow's answer, the cita.
  await fromChat.click();
  await expect(dashboard.getByText(`quiero un corte, soy Nuria Flujo, ${email}`)).toBeVisible();
  await expect(dashboard.getByText(reply)).toBeVisible();
  const bookedHere = dashboard.getByRole('region', { name: 'Citas reservadas en este chat' });
  await expect(bookedHere.getByRole('listitem')).toHaveCount(1);
  await expect(bookedHere).toContainText(`${longDate(date)}, ${time} · Corte de pelo`);
  await staff.close();
});

test("a tool's refusal reaches the visitor as its sentence, and nothing is booked", async ({
  page,
}) => {
  await page.goto('/');
  const chat = await openSiteChat(page);
  await chat.say('quiero un corte, soy Nuria Sincorreo', 'No he podido reservar');
  await expect(chat.botMessages.last()).toHaveText(
    'No he podido reservar: Hace falta un email o un teléfono de contacto del cliente.',
  );
  const sessionId = (await chatSessionId(page)) ?? '';
  const { calls } = await workflowSaw(page, sessionId);
  expect(calls.at(-1)).toMatchObject({ tool: 'book_cita', isError: true });

  await chat.say('¿qué citas tengo?', 'No tienes citas.');
});
