/**
 * A time picked in the chat is held while the visitor gives their details, and the staff see it
 * (against the release binary): a guest asks the built-in assistant for a haircut with Javier on a
 * working day in the afternoon and picks one of the times it offers; before they have said who
 * they are, `GET /api/holds` lists that time for their conversation, and the diary on that day
 * shows it in Javier's column at its row, as "Reservando en el chat … hasta HH:MM" (Madrid time),
 * a link to the conversation rather than a cita. axe finds nothing on the diary in that state.
 */
import { expect, type Locator, test } from '@playwright/test';
import { type ListedAppointment, signedInApi } from './support/api';
import { expectNoViolations } from './support/axe';
import { demoStylists, workingDay } from './support/diary';
import { addAccount } from './support/server';
import { chatSessionId, openSiteChat, signInThroughForm } from './support/site';

/** A hold as `GET /api/holds` lists it. */
interface ListedHold {
  staffId: string;
  date: string;
  startMin: number;
  endMin: number;
  expiresAt: string;
  conversationId: string;
}

/** The demo's weekdays open 09:30–14:00 and 16:30–20:30: the grid runs 09:00–21:00 in 15 min. */
const FRAME_START = 9 * 60;
const STEP = 15;
/** "quiero un corte" is the demo's "Corte de pelo", 45 minutes. */
const CUT_MINUTES = 45;
const MADRID = 'Europe/Madrid';

const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** "4 de diciembre", as a person writes the day in the chat. */
const dayAndMonth = (date: string) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** An instant's time of day in Madrid, as the diary says "hasta". */
const madridClock = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: MADRID,
  }).format(new Date(iso));

/** How many rows of the grid the block sits below its column's top, and how many it spans. */
async function rowsOf(target: Locator, inColumn: Locator) {
  const rows = Number(await inColumn.page().locator('.diary').getAttribute('data-rows'));
  const box = await target.boundingBox();
  const col = await inColumn.boundingBox();
  if (!box || !col) throw new Error('sin caja');
  const rowPx = col.height / rows;
  return { row: Math.round((box.y - col.y) / rowPx), span: Math.round(box.height / rowPx) };
}

test('a time a visitor picks in the chat shows in the diary as held, in that stylist’s column', async ({
  browser,
  page,
}) => {
  // This spec's own day: a working day after the diary spec's four and past the next seven days
  // that other specs' chats book with "el lunes"….
  const date = await workingDay(6);
  const admin = addAccount('administrador', 'Irene', 'Reservas');
  const api = await signedInApi(admin);
  const { lucia, javier } = await demoStylists(api);

  // The visitor, as a guest on the site: a cut with Javier that afternoon, then one of the times.
  await page.goto('/');
  const chat = await openSiteChat(page);
  await chat.say(
    `quiero un corte con Javier el ${dayAndMonth(date)} por la tarde`,
    /Con Javier tengo libre/,
  );
  const offered = (await chat.botMessages.last().innerText()).match(/\b\d{2}:\d{2}\b/g) ?? [];
  const picked = offered.at(-1);
  if (picked === undefined) throw new Error('El asistente no ofreció ninguna hora');
  const startMin = toMinutes(picked);
  // The time is taken; the name is asked next: the hold is made now, before any cita.
  await chat.say(`a las ${picked}`, /A nombre de quién/);
  const sessionId = await chatSessionId(page);
  if (sessionId === null) throw new Error('El chat no guardó su sesión');

  let hold: ListedHold | undefined;
  await expect
    .poll(
      async () => {
        const { items } = await api.get<{ items: ListedHold[] }>(
          `/api/holds?from=${date}&to=${date}`,
        );
        hold = items.find((each) => each.conversationId === sessionId);
        return hold;
      },
      { message: 'the picked time is held for this conversation' },
    )
    .toMatchObject({ staffId: javier.id, date, startMin, endMin: startMin + CUT_MINUTES });
  if (hold === undefined) throw new Error('sin reserva provisional');
  const { items: citas } = await api.get<{ items: ListedAppointment[] }>(
    `/api/appointments?from=${date}&to=${date}`,
  );
  expect(
    citas.filter((cita) => cita.chatSessionId === sessionId),
    'a hold is not a cita',
  ).toHaveLength(0);
  await api.dispose();

  // The staff, in a browser of their own, open the diary on that day.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 1800 } });
  const staff = await staffContext.newPage();
  await signInThroughForm(staff, admin);
  await staff.goto(`/dashboard?dia=${date}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();

  const column = staff.getByRole('group', { name: `${javier.firstName}, ${longDate(date)}` });
  const name = `Reservando en el chat ${picked}–${hhmm(hold.endMin)} hasta ${madridClock(hold.expiresAt)}`;
  const shown = column.getByRole('link', { name });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Reservando en el chat');
  await expect(shown).toContainText(`hasta ${madridClock(hold.expiresAt)}`);
  await expect(shown).toHaveAttribute(
    'href',
    `/dashboard/conversaciones/${encodeURIComponent(sessionId)}`,
  );
  // A hold is not a cita: nothing to drag.
  await expect(shown).not.toHaveAttribute('aria-roledescription', /.+/);
  const { row, span } = await rowsOf(shown, column);
  expect(row).toBe((startMin - FRAME_START) / STEP);
  expect(span).toBe(Math.ceil(CUT_MINUTES / STEP));
  await expect(
    staff
      .getByRole('group', { name: `${lucia.firstName}, ${longDate(date)}` })
      .getByRole('link', { name: /^Reservando en el chat/ }),
  ).toHaveCount(0);

  await expectNoViolations(staff, 'on the diary with a time held in the chat');

  // The hold leads to the conversation that holds it.
  await shown.click();
  await expect(staff).toHaveURL(
    (url) => url.pathname === `/dashboard/conversaciones/${encodeURIComponent(sessionId)}`,
  );
  await expect(staff.getByRole('log', { name: 'Mensajes' })).toContainText(`a las ${picked}`);
  await staffContext.close();
});
