/**
 * The script-tag build on other people's pages (REQUIREMENTS W6): a small launcher first, the panel
 * loaded on demand from next to the launcher's own URL, a shadow root that hostile page CSS
 * cannot break and that leaks nothing out, a strict CSP with no inline script or style, and a
 * chat started from `data-` attributes. Host pages live on an origin of their own; the widget
 * comes from the real server, the answers from the fixture server.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { fixtureLog, fixtureUrl, openHostPage, serverUrl, webhook } from './support/host';

const launcherUrl = `${serverUrl}/embed/chat.js`;
const panelUrl = `${serverUrl}/embed/chat-panel.js`;

/** Every script the page fetches, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

async function chatRoundTrip(
  page: Page,
  text: string,
  reply: string,
  input = /Escribe tu pregunta/,
) {
  const box = page.getByRole('textbox', { name: input });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByText(reply)).toBeVisible();
}

test('shows the launcher first and loads the panel from next to chat.js on first open', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await openHostPage(page, {
    inline: `CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es' });`,
  });
  const toggle = page.getByRole('button', { name: 'Abrir chat' });
  await expect(toggle).toBeVisible();
  expect(scripts, 'only the launcher before anyone opens the chat').toEqual([launcherUrl]);

  const panel = page.waitForRequest(panelUrl);
  await toggle.click();
  await panel;
  await expect(page.getByRole('button', { name: 'Cerrar chat' }).first()).toBeVisible();
  expect(scripts).toEqual([launcherUrl, panelUrl]);
  await expect(page.getByRole('button', { name: 'Abrir chat' })).toHaveCount(0);

  // The page's own document gained no script and no style: all of it is in the shadow root.
  const added = await page.evaluate(() => ({
    scripts: document.scripts.length,
    styles: document.querySelectorAll('style, link[rel=stylesheet]').length,
    adopted: document.adoptedStyleSheets.length,
    inShadow:
      document.querySelector('[data-citabot-chat]')?.shadowRoot?.querySelector('.chat-window') !==
      null,
  }));
  expect(added).toEqual({ scripts: 2, styles: 0, adopted: 0, inShadow: true });

  await chatRoundTrip(page, 'hola', 'echo: hola');
});

test('a keyboard user opens the chat and keeps the focus inside the widget', async ({ page }) => {
  await openHostPage(page, {
    body: '<a href="#inicio">Inicio</a>',
    inline: `CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es' });`,
  });
  await page.getByRole('link', { name: 'Inicio' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cerrar chat' }).first()).toBeVisible();
  const focusedInWidget = await page.evaluate(() => {
    const host = document.querySelector('[data-citabot-chat]');
    return document.activeElement === host && host?.shadowRoot?.activeElement !== null;
  });
  expect(focusedInWidget, 'focus is inside the widget, not lost to <body>').toBe(true);
});

test('calls through the handle wait for the panel and run in order', async ({ page, request }) => {
  await openHostPage(page, {
    inline: `
      const chat = CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es' });
      window.newSession = chat.startNewSession();
      window.sent = chat.sendMessage('antes de abrir').then(() => 'sent');
    `,
  });
  expect(await page.evaluate(() => (window as unknown as { sent: Promise<string> }).sent)).toBe(
    'sent',
  );
  const id = await page.evaluate(() => (window as unknown as { newSession: string }).newSession);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const log = await fixtureLog(request, id);
  expect(log.map((entry) => (entry.kind === 'http' ? entry.fields.action : entry.kind))).toEqual([
    'sendMessage',
  ]);
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await expect(page.getByText('antes de abrir', { exact: true })).toBeVisible();
  await expect(page.getByText('echo: antes de abrir')).toBeVisible();
});

test('fullscreen mode loads the panel at once and fills its target', async ({ page }) => {
  await openHostPage(page, {
    body: '<div id="chat" style="height: 500px; width: 640px"></div>',
    inline: `CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es', mode: 'fullscreen', target: '#chat' });`,
  });
  const chat = page
    .getByRole('region', { name: 'Hola' })
    .or(page.getByRole('dialog', { name: 'Hola' }));
  await expect(chat).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir chat' })).toHaveCount(0);
  const box = await chat.boundingBox();
  expect(box?.width).toBe(640);
  expect(box?.height).toBe(500);
  await chatRoundTrip(page, 'pantalla completa', 'echo: pantalla completa');
});

const hostileCss = `<style>
  *, *::before, *::after { all: unset !important; }
  html { font-size: 48px !important; }
  body { display: block !important; font: italic 64px/4 serif !important; color: red !important; letter-spacing: 8px !important; }
  button { display: none !important; }
  [data-citabot-chat], #n8n-chat { display: none !important; opacity: 0 !important; }
  svg, path { fill: lime !important; }
  .chat-window, .chat-window-toggle, .citabot-chat, textarea { display: none !important; }
</style>`;

test('hostile page CSS cannot hide or restyle the widget', async ({ page }) => {
  await openHostPage(page, {
    head: hostileCss,
    inline: `CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es', target: document.querySelector('main') });`,
  });
  const toggle = page.getByRole('button', { name: 'Abrir chat' });
  await expect(toggle).toBeVisible();
  const viewport = page.viewportSize();
  const closed = await toggle.boundingBox();
  expect(closed).toMatchObject({ width: 64, height: 64 });
  expect(Math.round((closed?.x ?? 0) + 64)).toBe((viewport?.width ?? 0) - 16);
  expect(Math.round((closed?.y ?? 0) + 64)).toBe((viewport?.height ?? 0) - 16);

  await toggle.click();
  const chat = page
    .getByRole('region', { name: 'Hola' })
    .or(page.getByRole('dialog', { name: 'Hola' }));
  await expect(chat).toBeVisible();
  expect((await chat.boundingBox())?.width).toBe(400);
  await chatRoundTrip(page, 'hola', 'echo: hola');
  const text = page.getByText('echo: hola');
  const style = await text.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      fontSize: computed.fontSize,
      fontStyle: computed.fontStyle,
      letterSpacing: computed.letterSpacing,
    };
  });
  expect(style).toEqual({ fontSize: '16px', fontStyle: 'normal', letterSpacing: 'normal' });
});

test('the widget styles nothing outside its shadow root', async ({ page }) => {
  const lookalikes = `
    <div class="chat-window citabot-chat chat-window-wrapper" id="a">ventana de la página</div>
    <button class="chat-window-toggle" id="b">botón de la página</button>
    <p class="chat-message chat-message-from-bot" id="c">párrafo de la página</p>`;
  await openHostPage(page, {
    body: lookalikes,
    inline: `CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', defaultLanguage: 'es' });`,
  });
  const snapshot = () =>
    page.evaluate(() =>
      ['a', 'b', 'c', 'body'].map((id) => {
        const element = id === 'body' ? document.body : document.getElementById(id);
        const style = getComputedStyle(element as Element);
        return [
          style.position,
          style.display,
          style.background,
          style.font,
          style.padding,
          style.borderRadius,
          style.color,
        ].join('|');
      }),
    );
  const before = await snapshot();
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await expect(page.getByRole('textbox', { name: /Escribe tu pregunta/ })).toBeVisible();
  expect(await snapshot()).toEqual(before);
});

/** Collects CSP violations and console problems from the start of the page. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return {
    problems,
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

test('a strict CSP with a nonce: one script tag with data- attributes, no inline code or style', async ({
  page,
}) => {
  const watch = await watchPage(page);
  const csp = [
    "default-src 'none'",
    "script-src 'nonce-r4nd0m'",
    "style-src 'none'",
    `connect-src ${fixtureUrl}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types citabot-chat',
  ].join('; ');
  await openHostPage(page, {
    headers: { 'Content-Security-Policy': csp },
    script: `<script nonce="r4nd0m" src="${launcherUrl}" data-webhook-url="${webhook('echo')}"
      data-default-language="es" data-show-welcome-screen="false" data-initial-messages='["¡Hola! ¿Qué necesitas?"]'
      data-i18n='{"es":{"title":"Reservas"}}'></script>`,
  });
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page
    .getByRole('region', { name: 'Reservas' })
    .or(page.getByRole('dialog', { name: 'Reservas' }));
  await expect(chat.getByText('¡Hola! ¿Qué necesitas?')).toBeVisible();
  await chatRoundTrip(page, 'con CSP estricta', 'echo: con CSP estricta');
  expect(
    (await page.getByRole('button', { name: 'Cerrar chat' }).first().boundingBox())?.width,
  ).toBe(64);
  expect(await watch.violations()).toEqual([]);
  expect(watch.problems).toEqual([]);
});

test('a CSP that allows only the server as a script source works without a nonce', async ({
  page,
}) => {
  const watch = await watchPage(page);
  await openHostPage(page, {
    headers: {
      'Content-Security-Policy': `default-src 'none'; script-src ${serverUrl}; style-src 'none'; connect-src ${fixtureUrl}`,
    },
    script: `<script src="${launcherUrl}" data-webhook-url="${webhook('echo')}" data-default-language="es"></script>`,
  });
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await chatRoundTrip(page, 'sin nonce', 'echo: sin nonce');
  expect(await watch.violations()).toEqual([]);
  expect(watch.problems).toEqual([]);
});

test('invalid data- attributes are reported on the console and the chat still starts', async ({
  page,
}) => {
  const watch = await watchPage(page);
  await openHostPage(page, {
    script: `<script src="${launcherUrl}" data-webhook-url="${webhook('echo')}" data-default-language="es"
      data-mode="ventana" data-show-welcome-screen="si" data-i18n='{"es": {'></script>`,
  });
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  await chatRoundTrip(page, 'hola', 'echo: hola');
  expect(watch.problems).toEqual([
    'citabot: data-mode="ventana" ignored: expected window or fullscreen.',
    'citabot: data-show-welcome-screen="si" ignored: expected true, false or no value.',
    'citabot: data-i18n="{"es": {" ignored: not valid JSON.',
  ]);
});

test('two widgets on one page load the panel once and chat independently', async ({ page }) => {
  const scripts = recordScripts(page);
  await openHostPage(page, {
    body: '<div id="ventas" style="height: 420px"></div><div id="soporte" style="height: 420px"></div>',
    inline: `
      CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', mode: 'fullscreen', target: '#ventas', storageNamespace: 'ventas', i18n: { en: { title: 'Ventas' } } });
      CitabotChat.createChat({ webhookUrl: '${webhook('echo')}', mode: 'fullscreen', target: '#soporte', storageNamespace: 'soporte', i18n: { en: { title: 'Soporte' } } });
    `,
  });
  const ventas = page.locator('#ventas');
  const soporte = page.locator('#soporte');
  await ventas.getByRole('textbox').fill('uno');
  await ventas.getByRole('textbox').press('Enter');
  await expect(ventas.getByText('echo: uno')).toBeVisible();
  await soporte.getByRole('textbox').fill('dos');
  await soporte.getByRole('textbox').press('Enter');
  await expect(soporte.getByText('echo: dos')).toBeVisible();
  await expect(ventas.getByText('echo: dos')).toHaveCount(0);
  expect(scripts.filter((url) => url === panelUrl)).toHaveLength(1);
});

test('the launcher and the panel are served as JavaScript from /embed/', async ({ request }) => {
  for (const url of [launcherUrl, panelUrl]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toContain('javascript');
  }
});
