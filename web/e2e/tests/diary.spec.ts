/**
 * The diary (issue 11) against the release binary: citas created through the API show up in
 * their stylist's column at the row of their start, as tall as they last; staff move a cita by
 * dragging it (mouse or finger) and by keyboard through its panel ("Cambiar"), each a
 * `PATCH /api/appointments/{id}` that keeps the cita's id; while dragged, a ghost says the new
 * time and stylist where it would land, gone on Escape; on a touch screen a press-and-hold
 * drags while a quick swipe only scrolls; a drop on a taken time snaps back with
 * the server's reason; on a 1280 × 800 laptop a stylist's week shows its seven days side by side
 * and the day's first hours without scrolling the page; axe finds nothing on the diary, the
 * panel, the week and every tab of Ajustes.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ListedAppointment, madridDate, signedInApi, type SignedInApi } from './support/api';
import { expectNoViolations } from './support/axe';
import { bookAt, demoStylists, freeStarts, workingDay } from './support/diary';
import { addAccount, type Account } from './support/server';
import { signInThroughForm } from './support/site';

const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** The demo's weekdays open 09:30–14:00 and 16:30–20:30: the grid runs 09:00–21:00 in 15 min. */
const FRAME_START = 9 * 60;
const STEP = 15;

/** Minutes after midnight as the diary writes them: 615 → "10:15". */
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The Monday and the Sunday of `date`'s week. */
function weekOf(date: string): { monday: string; sunday: string } {
  const day = new Date(`${date}T12:00:00Z`);
  const fromMonday = (day.getUTCDay() + 6) % 7;
  const shifted = (days: number) =>
    new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return { monday: shifted(-fromMonday), sunday: shifted(6 - fromMonday) };
}

let admin: Account;
let api: SignedInApi;

// Tall enough for the whole day's grid: a drag never scrolls the page under the pointer
// (an auto-scroll mid-drag moved the drop by a row on a loaded machine).
test.use({ viewport: { width: 1280, height: 1800 } });

test.beforeAll(async () => {
  admin = addAccount('administrador', 'Elena', 'Diario');
  api = await signedInApi(admin);
});
test.afterAll(async () => {
  await api.dispose();
});

function column(page: Page, firstName: string, date: string): Locator {
  return page.getByRole('group', { name: `${firstName}, ${longDate(date)}` });
}

function block(page: Page, clientName: string): Locator {
  return page.locator('.diary-block', { hasText: clientName });
}

/** How many rows of the grid the block sits below its column's top, and how many it spans. */
async function rowsOf(target: Locator, inColumn: Locator) {
  const rows = Number(await inColumn.page().locator('.diary').getAttribute('data-rows'));
  const box = await target.boundingBox();
  const col = await inColumn.boundingBox();
  if (!box || !col) throw new Error('sin caja');
  const rowPx = col.height / rows;
  return { row: Math.round((box.y - col.y) / rowPx), span: Math.round(box.height / rowPx), rowPx };
}

async function openDiary(page: Page, date: string) {
  await signInThroughForm(page, admin);
  await page.goto(`/dashboard?dia=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
}

async function readBack(id: string, date: string): Promise<ListedAppointment | undefined> {
  const { items } = await api.get<{ items: ListedAppointment[] }>(
    `/api/appointments?from=${date}&to=${date}`,
  );
  return items.find((each) => each.id === id);
}

test('the day grid shows each cita in its stylist’s column, at its start, as tall as it lasts', async ({
  page,
}) => {
  const date = await workingDay(1);
  const { lucia, javier, serviceId } = await demoStylists(api);
  const first = await bookAt(api, {
    date,
    staffId: lucia.id,
    serviceId,
    notBefore: 10 * 60,
    client: 'Carmen Fila',
  });
  const second = await bookAt(api, {
    date,
    staffId: javier.id,
    serviceId,
    notBefore: 17 * 60,
    client: 'Rocío Columna',
  });

  await openDiary(page, date);
  for (const [cita, stylist] of [
    [first, lucia],
    [second, javier],
  ] as const) {
    const inColumn = column(page, stylist.firstName, date);
    const shown = inColumn.locator('.diary-block', { hasText: cita.clientName });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(cita.services.map((service) => service.name).join(', '));
    await expect(shown).toContainText('Confirmada');
    const { row, span } = await rowsOf(shown, inColumn);
    expect(row).toBe((cita.startMin - FRAME_START) / STEP);
    expect(span).toBe(Math.ceil((cita.endMin - cita.startMin) / STEP));
  }
  await expect(column(page, javier.firstName, date).getByText('Carmen Fila')).toHaveCount(0);

  await expectNoViolations(page, 'on the day grid');
  await block(page, 'Carmen Fila').click();
  await expect(page.getByRole('complementary', { name: 'Cita de Carmen Fila' })).toBeVisible();
  await expectNoViolations(page, 'with a cita’s panel open');
});

/**
 * A cita of `client` with Javier on `date`, the diary open on it, and a free start with Lucía at
 * least an hour later: what a drag from his column to hers needs (`dy`, the vertical distance).
 */
async function citaToDrag(page: Page, date: string, client: string) {
  const { lucia, javier, serviceId } = await demoStylists(api);
  const cita = await bookAt(api, {
    date,
    staffId: javier.id,
    serviceId,
    notBefore: 10 * 60,
    client,
  });
  const target = (await freeStarts(api, date, serviceId, lucia.id)).find(
    (start) => start >= cita.startMin + 60,
  );
  if (target === undefined) throw new Error('Lucía no tiene hueco');

  await openDiary(page, date);
  const from = column(page, javier.firstName, date);
  const to = column(page, lucia.firstName, date);
  const shown = from.locator('.diary-block', { hasText: client });
  await expect(shown).toBeVisible();
  await shown.scrollIntoViewIfNeeded();
  const { rowPx } = await rowsOf(shown, from);
  const dy = ((target - cita.startMin) / STEP) * rowPx;
  return { cita, target, lucia, from, to, shown, dy };
}

/** The cita shows in `to` at `target`, the server has it there with Lucía, and staff were told. */
async function expectDraggedTo(
  page: Page,
  drag: Awaited<ReturnType<typeof citaToDrag>>,
  client: string,
  date: string,
) {
  const moved = drag.to.locator('.diary-block', { hasText: client });
  await expect(moved).toBeVisible();
  await expect(page.getByText('Cita cambiada').first()).toBeVisible();
  await expect
    .poll(() => readBack(drag.cita.id, date))
    .toMatchObject({ id: drag.cita.id, staffId: drag.lucia.id, startMin: drag.target });
  expect((await rowsOf(moved, drag.to)).row).toBe((drag.target - FRAME_START) / STEP);
}

test('staff move a cita by dragging it to another stylist and time', async ({ page }) => {
  const date = await workingDay(2);
  const drag = await citaToDrag(page, date, 'Dolores Arrastre');
  const start = await drag.shown.boundingBox();
  const toBox = await drag.to.boundingBox();
  if (!start || !toBox) throw new Error('sin caja');

  const x = start.x + start.width / 2;
  const y = start.y + 5;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10, y + 10, { steps: 5 });
  await page.mouse.move(toBox.x + toBox.width / 2, y + drag.dy, { steps: 15 });
  await page.mouse.up();

  await expectDraggedTo(page, drag, 'Dolores Arrastre', date);
});

test('while dragged, a ghost says the new time and stylist where the cita would land', async ({
  page,
}) => {
  const date = await workingDay(6);
  const drag = await citaToDrag(page, date, 'Elvira Fantasma');
  const { cita, target } = drag;
  const start = await drag.shown.boundingBox();
  const toBox = await drag.to.boundingBox();
  if (!start || !toBox) throw new Error('sin caja');
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  const ghost = page.locator('.diary-ghost');
  const newTimes = `${hhmm(target)}–${hhmm(target + cita.endMin - cita.startMin)}`;

  const x = start.x + start.width / 2;
  const y = start.y + 5;
  const dragToLucia = async () => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 10, y + 10, { steps: 5 });
    await page.mouse.move(toBox.x + toBox.width / 2, y + drag.dy, { steps: 15 });
  };

  await dragToLucia();
  // Before the drop: the ghost in Lucía's column, at the row of the new time, says it; the cita
  // itself still says its own.
  await expect(ghost).toHaveCount(1);
  await expect(drag.to.locator('.diary-ghost')).toHaveText(`${newTimes} · Lucía`);
  expect((await rowsOf(ghost, drag.to)).row).toBe((target - FRAME_START) / STEP);
  await expect(drag.shown).toContainText(`${hhmm(cita.startMin)}–${hhmm(cita.endMin)}`);
  // Escape puts everything back and asks the server nothing.
  await page.keyboard.press('Escape');
  await expect(ghost).toHaveCount(0);
  await page.mouse.up();
  await expect(drag.from.locator('.diary-block', { hasText: 'Elvira Fantasma' })).toBeVisible();
  expect(patches).toEqual([]);

  // Dropped, it goes where the ghost said.
  await dragToLucia();
  await expect(ghost).toHaveText(`${newTimes} · Lucía`);
  await page.mouse.up();
  await expect(ghost).toHaveCount(0);
  await expectDraggedTo(page, drag, 'Elvira Fantasma', date);
  await expect(drag.to.locator('.diary-block', { hasText: 'Elvira Fantasma' })).toContainText(
    newTimes,
  );
});

test.describe('on a 1280 × 800 laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a stylist’s week shows its seven days side by side and the first hours above the fold', async ({
    page,
  }) => {
    const date = await workingDay(7);
    const { lucia, javier, serviceId } = await demoStylists(api);
    const cita = await bookAt(api, {
      date,
      staffId: lucia.id,
      serviceId,
      notBefore: 10 * 60,
      client: 'Julia Semana',
    });
    const { monday, sunday } = weekOf(date);

    await openDiary(page, date);
    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    const picker = page.getByRole('group', { name: 'Estilista' });
    await picker.getByRole('button', { name: lucia.firstName, exact: true }).click();
    await expect(
      picker.getByRole('button', { name: lucia.firstName, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    const first = column(page, lucia.firstName, monday);
    const last = column(page, lucia.firstName, sunday);
    await expect(first).toBeVisible();
    await expect(last).toBeVisible();
    // Seven columns, one a day, none of another stylist.
    await expect(page.locator('.diary-col')).toHaveCount(7);
    await expect(
      page.getByRole('group', { name: new RegExp(`^${javier.firstName}, `) }),
    ).toHaveCount(0);

    // Nothing scrolls sideways, the page nor the grid, and Sunday is on the screen.
    const sundayBox = await last.boundingBox();
    if (!sundayBox) throw new Error('sin caja');
    expect(sundayBox.x).toBeGreaterThanOrEqual(0);
    expect(sundayBox.x + sundayBox.width).toBeLessThanOrEqual(1280);
    const widths = await page.evaluate(() => {
      const grid = document.querySelector('.diary-scroll');
      return {
        page: document.scrollingElement?.scrollWidth ?? Infinity,
        viewport: window.innerWidth,
        grid: grid ? grid.scrollWidth - grid.clientWidth : Infinity,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.grid).toBeLessThanOrEqual(0);

    // The grid's first three hours are on the screen without scrolling the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const { rowPx } = await rowsOf(last, last);
    const threeHoursDown = sundayBox.y + (3 * 60 * rowPx) / STEP;
    expect(threeHoursDown).toBeLessThanOrEqual(800);
    const region = await page
      .getByRole('region', { name: 'Cuadrícula de la agenda' })
      .boundingBox();
    if (!region) throw new Error('sin caja');
    expect(region.y + region.height).toBeGreaterThanOrEqual(threeHoursDown);

    // The cita reads in its day's column: its time and its client.
    const shown = column(page, lucia.firstName, date).locator('.diary-block', {
      hasText: cita.clientName,
    });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(`${hhmm(cita.startMin)}–${hhmm(cita.endMin)}`);
    await expectNoViolations(page, 'on a stylist’s week');
  });
});

test('a drop on a taken time snaps back with the reason', async ({ page }) => {
  const date = await workingDay(3);
  const { lucia, javier, serviceId } = await demoStylists(api);
  const mover = await bookAt(api, {
    date,
    staffId: lucia.id,
    serviceId,
    notBefore: 10 * 60,
    client: 'Inés Rebote',
  });
  await bookAt(api, {
    date,
    staffId: javier.id,
    serviceId,
    notBefore: mover.startMin,
    client: 'Pilar Ocupa',
  });

  await openDiary(page, date);
  const from = column(page, lucia.firstName, date);
  const to = column(page, javier.firstName, date);
  const shown = from.locator('.diary-block', { hasText: 'Inés Rebote' });
  const taken = to.locator('.diary-block', { hasText: 'Pilar Ocupa' });
  await shown.scrollIntoViewIfNeeded();
  const box = await shown.boundingBox();
  const target = await taken.boundingBox();
  if (!box || !target) throw new Error('sin caja');
  // Grabbed 5 px under its top, dropped 5 px under the taken cita's top: Javier, its time.
  const y = box.y + 5;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, y + 10, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + 5, { steps: 15 });
  const refused = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/appointments/${mover.id}`) &&
      response.request().method() === 'PATCH',
  );
  await page.mouse.up();
  // Refused because Javier is taken then (409), not for any other reason.
  expect((await refused).status()).toBe(409);

  await expect(page.getByText('No se pudo mover la cita', { exact: true })).toBeVisible();
  await expect(from.locator('.diary-block', { hasText: 'Inés Rebote' })).toBeVisible();
  await expect(to.locator('.diary-block', { hasText: 'Inés Rebote' })).toHaveCount(0);
  expect(await readBack(mover.id, date)).toMatchObject({
    staffId: lucia.id,
    startMin: mover.startMin,
  });
});

/** One finger on the screen, through the browser's own touch input (as a phone or tablet). */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
    });
  return {
    /** Down at (x, y), held `holdMs`, slid to (toX, toY) in `steps`, lifted. */
    async slide(x: number, y: number, toX: number, toY: number, holdMs: number, steps = 15) {
      await touch('touchStart', x, y);
      if (holdMs > 0) await page.waitForTimeout(holdMs);
      for (let step = 1; step <= steps; step += 1) {
        await touch('touchMove', x + ((toX - x) * step) / steps, y + ((toY - y) * step) / steps);
      }
      await touch('touchEnd');
    },
  };
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a quick swipe over a cita moves nothing; press, hold and slide moves it', async ({
    page,
  }) => {
    const date = await workingDay(5);
    const drag = await citaToDrag(page, date, 'Nuria Táctil');
    const box = await drag.shown.boundingBox();
    if (!box) throw new Error('sin caja');
    const x = box.x + box.width / 2;
    const y = box.y + 5;
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    const touch = await finger(page);

    // A swipe up or down that starts on the cita without the short hold is a scroll, not a
    // drag. (Sideways, Chromium would take it for "back" and leave the page.)
    await touch.slide(x, y, x, y + drag.dy, 0);
    await page.waitForTimeout(500);
    expect(patches).toEqual([]);
    await expect(drag.from.locator('.diary-block', { hasText: 'Nuria Táctil' })).toBeVisible();

    await drag.shown.scrollIntoViewIfNeeded();
    const again = await drag.shown.boundingBox();
    const toAgain = await drag.to.boundingBox();
    if (!again || !toAgain) throw new Error('sin caja');
    await touch.slide(
      again.x + again.width / 2,
      again.y + 5,
      toAgain.x + toAgain.width / 2,
      again.y + 5 + drag.dy,
      400,
    );

    await expectDraggedTo(page, drag, 'Nuria Táctil', date);
    expect(patches).toHaveLength(1);
  });
});

test('staff move a cita with the keyboard through its panel', async ({ page }) => {
  const date = await workingDay(4);
  const { lucia, serviceId } = await demoStylists(api);
  const cita = await bookAt(api, {
    date,
    staffId: lucia.id,
    serviceId,
    notBefore: 10 * 60,
    client: 'Teresa Teclado',
  });
  const target = (await freeStarts(api, date, serviceId, lucia.id)).find(
    (start) => start >= cita.startMin + 120,
  );
  if (target === undefined) throw new Error('Lucía no tiene hueco');

  await openDiary(page, date);
  const shown = block(page, 'Teresa Teclado');
  await shown.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Cita de Teresa Teclado' });
  await expect(panel.getByRole('heading', { name: 'Cita de Teresa Teclado' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Cambiar' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Cambiar la cita' });
  await expect(
    form.getByLabel('Hora', { exact: true }).getByRole('option', { name: hhmm(target) }),
  ).toBeAttached();
  await form.getByLabel('Hora', { exact: true }).focus();
  await form.getByLabel('Hora', { exact: true }).selectOption({ label: hhmm(target) });
  await form.getByRole('button', { name: 'Guardar cambios' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Cita cambiada').first()).toBeVisible();
  await expect
    .poll(() => readBack(cita.id, date))
    .toMatchObject({ id: cita.id, staffId: lucia.id, startMin: target });
});

test('a cita that has started is marked “No se presentó” from its panel; one ahead is not offered it', async ({
  page,
}) => {
  // The latest Monday–Friday before today: staff record past citas too (a walk-in, say).
  const past = Array.from({ length: 7 }, (_, days) => madridDate(-1 - days)).find((date) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    return weekday >= 1 && weekday <= 5;
  });
  if (past === undefined) throw new Error('no weekday in the last week');
  const ahead = await workingDay(3);
  const { javier, serviceId } = await demoStylists(api);
  // A retry books an hour later: the first attempt's cita still holds its time.
  const at = 10 * 60 + 60 * test.info().retry;
  const { item: missed } = await api.post<{ item: ListedAppointment }>('/api/appointments', {
    staffId: javier.id,
    client: { name: 'Nieves Ausente' },
    date: past,
    startMin: at,
    serviceIds: [serviceId],
    status: 'confirmada',
  });
  await bookAt(api, {
    date: ahead,
    staffId: javier.id,
    serviceId,
    notBefore: 10 * 60,
    client: 'Óscar Futuro',
  });

  await openDiary(page, ahead);
  await block(page, 'Óscar Futuro').click();
  const later = page.getByRole('complementary', { name: 'Cita de Óscar Futuro' });
  await expect(later.getByRole('button', { name: 'Completar' })).toBeVisible();
  await expect(later.getByRole('button', { name: 'No se presentó' })).toHaveCount(0);

  await page.goto(`/dashboard?dia=${past}`);
  await block(page, 'Nieves Ausente').click();
  const panel = page.getByRole('complementary', { name: 'Cita de Nieves Ausente' });
  await panel.getByRole('button', { name: 'No se presentó' }).click();
  await expect(page.getByText('Marcada como no presentado').first()).toBeVisible();
  await expect(block(page, 'Nieves Ausente')).toContainText('No presentado');
  await expect.poll(async () => (await readBack(missed.id, past))?.status).toBe('no_presentado');

  // And undone, back to confirmed.
  await panel.getByRole('button', { name: 'Deshacer «no presentado»' }).click();
  await expect.poll(async () => (await readBack(missed.id, past))?.status).toBe('confirmada');
});

test('Ajustes has no axe violations on any tab', async ({ page }) => {
  await signInThroughForm(page, admin);
  await page.goto('/dashboard/ajustes');
  for (const tab of [
    'Perfil',
    'Reglas de reserva',
    'Horario',
    'Cierres y festivos',
    'Equipo',
    'Citas fuera de las reglas',
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.locator('.settings-panel .skeleton, .settings-panel [aria-busy]'),
    ).toHaveCount(0);
    await expectNoViolations(page, `on Ajustes › ${tab}`);
  }
});
