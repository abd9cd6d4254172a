/**
 * The `/chat` live channel (docs/PROTOCOL.md §4, n8n's as captured in §4.6): a send answered with
 * `executionStarted` opens a WebSocket to the webhook's origin, heartbeats are acknowledged, text
 * frames are bot messages, the user's next message goes over the socket as n8n's JSON,
 * `n8n|continue` means wait again, and the server's close ends the turn.
 */
import { expect, test } from '@playwright/test';
import { botMessages, input, send, startChat, typing } from './support/chat';
import { fixtureLog, openGate, uniqueSession, webhook } from './support/host';

test('executionStarted opens the live channel: heartbeats, bot messages, a reply over the socket, continue, close', async ({
  page,
  request,
}) => {
  const sessionId = uniqueSession('live');
  await startChat(page, { webhookUrl: webhook('live'), sessionId });
  await send(page, 'quiero una cita');
  await expect(botMessages(page)).toHaveText(['echo: quiero una cita -- reply to continue']);
  await expect(typing(page)).toHaveCount(0);

  await send(page, 'sí, el viernes');
  await expect(botMessages(page)).toHaveText([
    'echo: quiero una cita -- reply to continue',
    'you replied: sí, el viernes',
  ]);
  // `n8n|continue`: the workflow goes on, so the widget waits again until the server closes.
  await expect(typing(page)).toBeVisible();
  await openGate(request, `${sessionId}:close`);
  await expect(typing(page)).toHaveCount(0);
  await input(page).fill('gracias');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();

  const log = await fixtureLog(request, sessionId);
  const sends = log.filter(
    (entry) => entry.kind === 'http' && entry.fields.action === 'sendMessage',
  );
  expect(sends, 'the reply went over the socket, not HTTP').toHaveLength(1);
  const opened = log.find((entry) => entry.kind === 'ws-open');
  expect(opened).toMatchObject({
    query: { sessionId, executionId: expect.stringMatching(/^\d+$/), isPublic: 'true' },
  });
  const frames = log.flatMap((entry) => (entry.kind === 'ws-in' ? [entry.text] : []));
  expect(frames[0]).toBe('n8n|heartbeat-ack');
  expect(JSON.parse(frames[1] ?? '{}')).toEqual({
    sessionId,
    action: 'sendMessage',
    chatInput: 'sí, el viernes',
    files: [],
  });
});
