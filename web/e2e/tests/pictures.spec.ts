/**
 * The salon's logo and hero picture (issue 14) against the release binary: an administrador
 * uploads both in Ajustes › Perfil (real PNGs made here), a file that only claims to be a PNG is
 * refused with the server's sentence under its field, and the landing page then shows the photo
 * in its hero and the logo in the site's header and in the chat's header, each drawn by the
 * browser (the page's CSP lets them load, and they decode). Removing them brings back the
 * illustration and the initials.
 *
 * The pictures are site-wide, so this spec has a server of its own (`picturesPort`): the other
 * specs, running meanwhile, see the demo salon without them.
 */
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { addAccount, type Account, picturesDatabaseUrl, picturesPort } from './support/server';
import { SITE_CHAT_NAME, signInThroughForm } from './support/site';

test.use({ baseURL: `http://127.0.0.1:${String(picturesPort)}` });

let admin: Account;

test.beforeAll(() => {
  admin = addAccount('administrador', 'Lucía', 'Imágenes', picturesDatabaseUrl);
});

/** A PNG of `width` × `height` pixels: `colour` with a lighter stripe across its middle. */
function png(width: number, height: number, colour: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: the row as it is
    const stripe = Math.abs(y - height / 2) < height / 8;
    for (let x = 0; x < width; x++) {
      colour.forEach((value, channel) => {
        row[1 + x * 3 + channel] = stripe ? Math.min(255, value + 90) : value;
      });
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** How wide the browser decoded `image`: 0 while it has not loaded (or could not). */
function drawnWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

test('an administrador uploads a logo and a hero in Ajustes; the landing page and the chat show them', async ({
  page,
}) => {
  await signInThroughForm(page, admin);
  await page.goto('/dashboard/ajustes#perfil');
  const logo = page.getByRole('group', { name: 'Logo' });
  const hero = page.getByRole('group', { name: 'Foto de portada' });
  // Before any picture: the initials, here and in the header.
  await expect(logo.locator('.brand-mark')).toHaveText('PL');
  await expect(page.locator('.site-header .brand-mark')).toHaveText('PL');

  await logo.getByLabel('Elegir logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(96, 96, [157, 23, 77]),
  });
  await expect(logo.getByRole('status')).toHaveText('Logo guardado.');
  const logoPreview = logo.getByRole('img', { name: 'Logo actual' });
  const logoUrl = await logoPreview.getAttribute('src');
  expect(logoUrl).toMatch(/^\/api\/business\/logo\?v=[0-9a-f]{16}$/);
  await expect.poll(() => drawnWidth(logoPreview)).toBe(96);
  // The header takes it at once, without a reload.
  await expect(page.locator('.site-header img.brand-mark')).toHaveAttribute('src', logoUrl ?? '');

  // Markup named and typed as a PNG: refused by its bytes, said under the field, logo kept.
  await logo.getByLabel('Cambiar logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(logo.getByRole('alert')).toContainText('debe ser una imagen PNG, JPEG o WebP');
  await expect(logoPreview).toHaveAttribute('src', logoUrl ?? '');

  await hero.getByLabel('Elegir foto de portada').setInputFiles({
    name: 'portada.png',
    mimeType: 'image/png',
    buffer: png(320, 240, [15, 123, 108]),
  });
  await expect(hero.getByRole('status')).toHaveText('Foto de portada guardada.');
  const heroUrl = await hero
    .getByRole('img', { name: 'Foto de portada actual' })
    .getAttribute('src');
  expect(heroUrl).toMatch(/^\/api\/business\/hero\?v=[0-9a-f]{16}$/);
  await expectNoViolations(page, 'on Ajustes › Perfil with both pictures');

  // The landing page, freshly loaded: the photo in the hero, the logo in both headers.
  await page.goto('/');
  const main = page.getByRole('main');
  const photo = main.locator('.landing-hero img.hero-photo');
  await expect(photo).toHaveAttribute('src', heroUrl ?? '');
  await expect.poll(() => drawnWidth(photo)).toBe(320);
  await expect(main.locator('svg.hero-art')).toHaveCount(0);
  const brand = page.locator('.site-header img.brand-mark');
  await expect(brand).toHaveAttribute('src', logoUrl ?? '');
  await expect.poll(() => drawnWidth(brand)).toBe(96);

  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page.getByRole('dialog', { name: SITE_CHAT_NAME });
  const avatar = chat.locator('.chat-header .chat-avatar img');
  await expect(avatar).toHaveAttribute('src', logoUrl ?? '');
  await expect.poll(() => drawnWidth(avatar)).toBe(96);
  await expect(chat.locator('.chat-header .chat-avatar svg')).toHaveCount(0);
  await expectNoViolations(page, 'on the landing page with the salon’s pictures and the chat open');

  // Removed again: the illustration and the initials are back.
  await page.goto('/dashboard/ajustes#perfil');
  await logo.getByRole('button', { name: 'Quitar logo' }).click();
  await expect(logo.getByRole('status')).toContainText('Logo quitado');
  await hero.getByRole('button', { name: 'Quitar foto de portada' }).click();
  await expect(hero.getByRole('status')).toContainText('Foto de portada quitada');
  await page.goto('/');
  await expect(main.locator('svg.hero-art')).toBeVisible();
  await expect(page.locator('.site-header .brand-mark')).toHaveText('PL');
  expect((await page.request.get(logoUrl ?? '')).status()).toBe(404);
});
