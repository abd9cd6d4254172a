/**
 * What the user sees for every kind of answer an n8n Chat Trigger can give (REQUIREMENTS W2,
 * docs/PROTOCOL.md §2.5, §3, §4 and §8) — the ones the citabot server never sends: slow replies,
 * error pages, NDJSON streams cut anywhere, stream errors and empty streams (the `/chat` live
 * channel has its own spec). The fixture server plays n8n, cross-origin with n8n's CORS headers;
 * the widget is the script-tag build on a host page of its own, in English (the documented texts).
 */
import { expect, test } from '@playwright/test';
import { botMessages, input, send, startChat, typing } from './support/chat';
import { fixtureLog, openGate, uniqueSession, webhook } from './support/host';

test('a slow reply: the typing indicator shows until it arrives', async ({ page, request }) => {
  const sessionId = uniqueSession('slow');
  await startChat(page, { webhookUrl: webhook('slow', { gate: '1' }), sessionId });
  await send(page, '¿Hay hueco mañana?');
  await expect(typing(page)).toBeVisible();
  await input(page).fill('otra pregunta');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await openGate(request, `${sessionId}:reply`);
  await expect(botMessages(page)).toHaveText(['echo: ¿Hay hueco mañana?']);
  await expect(typing(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
});

test('a proxy HTML page with status 502 is an error with a retry, never a bot reply', async ({
  page,
}) => {
  await startChat(page, {
    webhookUrl: webhook('html-502', { failures: '1' }),
    sessionId: uniqueSession('502'),
  });
  await send(page, 'Quiero reservar');
  await expect(page.getByText('Error: Failed to receive response')).toBeVisible();
  await expect(page.getByText(/Bad Gateway|nginx|<html/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(botMessages(page)).toHaveText(['echo: Quiero reservar']);
  await expect(page.getByText('Error: Failed to receive response')).toHaveCount(0);
  await expect(page.getByRole('log').getByText('Quiero reservar', { exact: true })).toHaveCount(1);
});

test("n8n's 500 {code, message} is an error showing the server's message, with a retry", async ({
  page,
}) => {
  await startChat(page, {
    webhookUrl: webhook('n8n-500', { failures: '1' }),
    sessionId: uniqueSession('500'),
  });
  await send(page, 'Cancelar mi cita');
  await expect(page.getByText('Error: Failed to receive response')).toBeVisible();
  await expect(page.getByText('Error in workflow')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(botMessages(page)).toHaveText(['echo: Cancelar mi cita']);
});

test('an NDJSON stream, cut mid-line and mid-character, with keepalives, grows one message', async ({
  page,
  request,
}) => {
  const sessionId = uniqueSession('stream');
  await startChat(page, { webhookUrl: webhook('stream'), sessionId, enableStreaming: true });
  await send(page, 'hola');
  const partial = '¡Hola! Tengo huecos el viernes a las 10:00 y más tarde.';
  await expect(botMessages(page)).toHaveText([partial]);
  await expect(typing(page)).toBeVisible();
  await openGate(request, `${sessionId}:stream`);
  await expect(botMessages(page)).toHaveText([`${partial} ¿Cuál prefieres?`]);
  await expect(typing(page)).toHaveCount(0);
  await expect(page.getByText(/keepalive|"type"/)).toHaveCount(0);
  const sent = (await fixtureLog(request, sessionId)).find(
    (entry) => entry.kind === 'http' && entry.fields.action === 'sendMessage',
  );
  expect(sent).toMatchObject({ method: 'POST', accept: 'text/plain' });
});

test('a stream error event ends the message with "Error: <content>"', async ({ page }) => {
  await startChat(page, {
    webhookUrl: webhook('stream-error'),
    sessionId: uniqueSession('stream-error'),
    enableStreaming: true,
  });
  await send(page, '¿Qué días hay?');
  await expect(botMessages(page)).toHaveText([
    'Consultando la agenda… Error: La agenda no responde',
  ]);
  await expect(typing(page)).toHaveCount(0);
});

test('a stream that ends without items says no response was received', async ({ page }) => {
  await startChat(page, {
    webhookUrl: webhook('stream-empty'),
    sessionId: uniqueSession('stream-empty'),
    enableStreaming: true,
  });
  await send(page, '¿Hola?');
  await expect(botMessages(page)).toHaveText([
    '[No response received. This could happen if streaming is enabled in the trigger but disabled in agent node(s)]',
  ]);
  await expect(typing(page)).toHaveCount(0);
});

test('interleaved runs of two nodes stream into two messages', async ({ page }) => {
  await startChat(page, {
    webhookUrl: webhook('stream-runs'),
    sessionId: uniqueSession('stream-runs'),
    enableStreaming: true,
  });
  await send(page, 'dos respuestas');
  await expect(botMessages(page)).toHaveText([
    'Primera respuesta, que sigue aquí.',
    'Segunda respuesta.',
  ]);
});

test("a proxy's HTML page inside a stream is reported as a proxy timeout", async ({ page }) => {
  await startChat(page, {
    webhookUrl: webhook('stream-html'),
    sessionId: uniqueSession('stream-html'),
    enableStreaming: true,
  });
  await send(page, 'espera larga');
  // n8n says "A proxy timeout occurred while waiting for the response…"; the wording may differ.
  await expect(botMessages(page)).toHaveText([/^Error: .*proxy.*tim(e|ed) ?out/i]);
  await expect(page.getByText(/Gateway Time-out|DOCTYPE/)).toHaveCount(0);
  await expect(typing(page)).toHaveCount(0);
});
