/**
 * Protocol conformance from the other side: n8n's own widget (`@n8n/chat` 1.37.0, unmodified)
 * chats through citabot's gateway in Chromium. History, send and reply use n8n's exact
 * requests; the answers must be what that widget understands. Streams and the live channel are
 * checked through a second citabot server in proxy mode, relaying to the fixture server.
 */
import { expect, test } from '@playwright/test';
import { fixtureLog, openHostPage, proxyServerUrl } from './support/host';
import { n8nWidgetMarkup, routeN8nHostPage } from './support/n8n-widget';
import { DEMO_GREETING } from './support/assistant';

test.describe("n8n's own widget against the citabot gateway", () => {
  test.beforeEach(async ({ page }) => {
    await routeN8nHostPage(page, `{ webhookUrl: location.origin + '/api/n8n/chat' }`);
  });

  test('sends, shows the reply, and reads the history back after a reload', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/n8n/chat')) requests.push(request.postData() ?? '');
    });
    await page.goto('/__n8n/host.html');
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await expect(input).toBeVisible();

    await input.fill('Hola');
    await input.press('Enter');
    const botReplies = page.locator('.chat-message-from-bot');
    await expect(botReplies.filter({ hasText: DEMO_GREETING })).toBeVisible();
    expect(
      requests.some(
        (body) => body.includes('"action":"sendMessage"') && body.includes('"chatInput":"Hola"'),
      ),
    ).toBe(true);

    await page.reload();
    await page.locator('.chat-window-toggle').click();
    await expect(page.locator('.chat-message-from-user').filter({ hasText: 'Hola' })).toBeVisible();
    await expect(botReplies.filter({ hasText: DEMO_GREETING })).toBeVisible();
  });

  test('a refused message shows the gateway sentence, not a stack trace', async ({ page }) => {
    await page.goto('/__n8n/host.html');
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await input.fill('x'.repeat(10_001));
    await input.press('Enter');
    // n8n's widget shows `message` of an error body as the answer (docs/PROTOCOL.md §2.5), in
    // the browser's language (the tests' Chromium asks for es-ES).
    await expect(
      page
        .locator('.chat-message-from-bot')
        .filter({ hasText: 'El mensaje es demasiado largo: como mucho 10000 caracteres.' }),
    ).toBeVisible();
  });
});

test("n8n's own widget streams from the built-in assistant", async ({ page }) => {
  await routeN8nHostPage(
    page,
    `{ webhookUrl: location.origin + '/api/n8n/chat', enableStreaming: true }`,
  );
  await page.goto('/__n8n/host.html');
  await page.locator('.chat-window-toggle').click();
  const input = page.locator('.chat-inputs textarea');
  await input.fill('Hola');
  await input.press('Enter');
  await expect(
    page.locator('.chat-message-from-bot').filter({ hasText: DEMO_GREETING }),
  ).toBeVisible();
  await expect(page.getByText('[No response received', { exact: false })).toHaveCount(0);
});

test.describe("n8n's own widget through citabot in proxy mode", () => {
  test('a streamed reply is relayed as it arrives and shown run by run', async ({ page }) => {
    await routeN8nHostPage(
      page,
      `{ webhookUrl: location.origin + '/api/n8n/chat', enableStreaming: true }`,
    );
    const accepts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/n8n/chat') && request.method() === 'POST') {
        accepts.push(request.headers().accept ?? '');
      }
    });
    await page.goto(`${proxyServerUrl}/__n8n/host.html`);
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await input.fill('stream-runs por favor');
    await input.press('Enter');
    const bot = page.locator('.chat-message-from-bot');
    await expect(bot.filter({ hasText: 'Primera respuesta, que sigue aquí.' })).toBeVisible();
    await expect(bot.filter({ hasText: 'Segunda respuesta.' })).toBeVisible();
    expect(
      accepts.some((accept) => accept.includes('text/plain')),
      'n8n asks for a stream',
    ).toBe(true);
  });

  test("the workflow's live channel is bridged: ids stay on the server", async ({
    page,
    request,
  }) => {
    // Embedded on another site (the fixture server's page), as n8n's widget usually is: a page
    // fulfilled by the test itself may not open sockets to loopback (Local Network Access).
    const options = `{ webhookUrl: '${proxyServerUrl}/api/n8n/chat' }`;
    await routeN8nHostPage(page, options);
    const started: { executionId?: string }[] = [];
    let sessionId = '';
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/n8n/chat') || response.request().method() !== 'POST')
        return;
      const sent = JSON.parse(response.request().postData() ?? '{}') as { sessionId?: string };
      sessionId = sent.sessionId ?? sessionId;
      const body = (await response.json().catch(() => ({}))) as {
        executionStarted?: boolean;
        executionId?: string;
      };
      if (body.executionStarted) started.push(body);
    });
    await openHostPage(page, n8nWidgetMarkup(options));
    await page.locator('.chat-window-toggle').click();
    const input = page.locator('.chat-inputs textarea');
    await input.fill('live quiero cita');
    await input.press('Enter');
    const bot = page.locator('.chat-message-from-bot');
    await expect(
      bot.filter({ hasText: 'echo: live quiero cita -- reply to continue' }),
    ).toBeVisible();

    await input.fill('el viernes');
    await input.press('Enter');
    await expect(bot.filter({ hasText: 'you replied: el viernes' })).toBeVisible();

    expect(started).toHaveLength(1);
    expect(started[0]?.executionId, 'the browser sees our execution id').toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    const log = await fixtureLog(request, sessionId);
    const opened = log.find((entry) => entry.kind === 'ws-open');
    expect(opened, "the workflow's channel is opened with the workflow's own id").toMatchObject({
      query: { sessionId, executionId: expect.stringMatching(/^\d+$/), isPublic: 'true' },
    });
    const replies = log.filter(
      (entry) => entry.kind === 'ws-in' && entry.text.includes('el viernes'),
    );
    expect(replies, 'the reply went over the bridged socket').toHaveLength(1);
  });
});
