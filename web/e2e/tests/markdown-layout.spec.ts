/**
 * How a rich markdown reply is laid out inside a bubble (REQUIREMENTS W4): a wide table scrolls
 * inside the bubble instead of widening it, code keeps its lines and scrolls, the bubble has no
 * stray margins at its edges, the YouTube frame is 16:9 within the bubble, and axe finds nothing.
 */
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { botMessages, send, startChat } from './support/chat';
import { createBatch, uniqueSession, webhook } from './support/host';

const REPLY = [
  'Estos son los **precios**:',
  '',
  '| Servicio | Duración | Precio | Notas |',
  '| --- | --- | ---: | --- |',
  `| Corte y peinado | 45 min | 25,00 € | ${'incluye lavado con productos profesionales '.repeat(4)}|`,
  '| Tinte | 90 min | 48,00 € | raíz y puntas |',
  '',
  '```',
  `reserva --servicio=corte --fecha=2026-11-27 --hora=17:00 ${'--opcion=valor '.repeat(12)}`,
  '```',
  '',
  '> Recuerda llegar cinco minutos antes.',
  '',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
].join('\n');

test('a rich reply stays inside its bubble', async ({ page, request }) => {
  const batch = await createBatch(request, [REPLY]);
  await startChat(page, {
    webhookUrl: webhook('reply', { batch }),
    sessionId: uniqueSession('layout'),
  });
  await send(page, 'tarifas');
  const bubble = botMessages(page).last();
  await expect(bubble.locator('table')).toBeVisible();

  const layout = await bubble.evaluate((element) => {
    const box = (node: Element | null) => node?.getBoundingClientRect() ?? null;
    const table = element.querySelector('table');
    const pre = element.querySelector('pre');
    const frame = element.querySelector('iframe');
    const content = element.firstElementChild;
    const first = content?.firstElementChild ?? null;
    const last = content?.lastElementChild ?? null;
    return {
      bubble: box(element),
      table: box(table),
      tableScrolls: table ? table.scrollWidth > table.clientWidth : false,
      tableOverflow: table ? getComputedStyle(table).overflowX : '',
      preOverflow: pre ? getComputedStyle(pre).overflowX : '',
      preFont: pre ? getComputedStyle(pre).fontFamily : '',
      preWraps: pre ? getComputedStyle(pre).whiteSpace : '',
      frame: box(frame),
      firstMargin: first ? getComputedStyle(first).marginTop : '',
      lastMargin: last ? getComputedStyle(last).marginBottom : '',
    };
  });
  const { bubble: bubbleBox, table, frame } = layout;
  if (!bubbleBox || !table || !frame) throw new Error(`missing parts: ${JSON.stringify(layout)}`);
  expect(table.right, 'the table stays within the bubble').toBeLessThanOrEqual(bubbleBox.right + 1);
  expect(layout.tableScrolls, 'the wide table scrolls inside the bubble').toBe(true);
  expect(['auto', 'scroll']).toContain(layout.tableOverflow);
  expect(['auto', 'scroll']).toContain(layout.preOverflow);
  expect(layout.preWraps).toBe('pre');
  expect(layout.preFont).toMatch(/mono/i);
  expect(frame.right).toBeLessThanOrEqual(bubbleBox.right + 1);
  expect(frame.width / frame.height).toBeCloseTo(16 / 9, 1);
  expect(layout.firstMargin).toBe('0px');
  expect(layout.lastMargin).toBe('0px');

  await expectNoViolations(page, 'with wide markdown in a bubble');
});
