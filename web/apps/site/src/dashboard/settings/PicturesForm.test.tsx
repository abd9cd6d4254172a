import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Business } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import {
  apiError,
  business,
  fakeServer,
  session,
  type Answer,
  type RecordedRequest,
} from '../../test/fakeServer';
import { fixToday, profile } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { sizeText } from './PicturesForm';

// The dashboard's chunk loads on first use: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const LOGO_URL = '/api/business/logo?v=0123456789abcdef';
const HERO_URL = '/api/business/hero?v=fedcba9876543210';

/** The whole site at Ajustes › Perfil as `role`, the salon as `item`; `onWrite` answers writes. */
function openPictures(
  item: Business,
  onWrite?: (call: RecordedRequest) => Answer | undefined | Promise<Answer | undefined>,
  role: 'administrador' | 'usuario' = 'administrador',
) {
  const server = fakeServer(
    {
      'GET /api/auth/session': { body: session(profile(role)) },
      'GET /api/business': { body: { item } },
    },
    (call) => (call.method === 'GET' ? undefined : onWrite?.(call)),
  );
  renderApp('/dashboard/ajustes#perfil');
  return server;
}

function png(name = 'logo.png', bytes = 300): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** The field of one picture ("Logo", "Foto de portada"). */
async function field(name: string) {
  return within(await screen.findByRole('group', { name }));
}

/** The site header's mark beside the salon's name. */
function headerMark() {
  return document.querySelector('.site-header .brand-mark');
}

describe('Ajustes › the salon’s pictures', () => {
  beforeEach(fixToday);

  it('uploads a logo as the file itself, shows it is under way, and the whole site takes it at once', async () => {
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const server = openPictures(business, async (call) => {
      if (call.method !== 'PUT') return undefined;
      await answered;
      return { body: { item: { ...business, logoUrl: LOGO_URL } } };
    });
    const user = userEvent.setup();
    const logo = await field('Logo');
    // Without a logo: the salon's initials, here and in the header.
    expect(logo.getByText('PL')).toBeVisible();
    expect(headerMark()).toHaveTextContent('PL');
    expect(document.querySelector('.citabot-chat .chat-avatar img')).toBeNull();
    expect(logo.queryByRole('button', { name: 'Quitar logo' })).toBeNull();

    const file = png();
    const input = logo.getByLabelText('Elegir logo');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, file);
    expect(await logo.findByRole('progressbar', { name: 'Subiendo el logo…' })).toBeVisible();
    expect(logo.getByRole('status')).toHaveTextContent('Subiendo el logo…');
    expect(input).toBeDisabled();
    const [sent] = server.to('/api/business/logo', 'PUT');
    expect(sent?.body).toBe(file);
    expect(sent?.headers.get('Content-Type')).toBe('image/png');
    expect(sent?.headers.get('X-CSRF-Token')).toBe('csrf-persona-administrador');

    finish();
    expect(await logo.findByRole('img', { name: 'Logo actual' })).toHaveAttribute('src', LOGO_URL);
    expect(logo.getByRole('status')).toHaveTextContent('Logo guardado.');
    expect(logo.queryByRole('progressbar')).toBeNull();
    expect(logo.getByLabelText('Cambiar logo')).toBeEnabled();
    // The header (as every page) reads the new business without a reload.
    expect(headerMark()?.tagName).toBe('IMG');
    expect(headerMark()).toHaveAttribute('src', LOGO_URL);
    // So does the chat's header, whose bot icon gives way to the logo.
    expect(document.querySelector('.citabot-chat .chat-avatar img')).toHaveAttribute(
      'src',
      LOGO_URL,
    );
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal under the field and keeps the picture there', async () => {
    const server = openPictures({ ...business, logoUrl: LOGO_URL }, (call) =>
      call.method === 'PUT'
        ? apiError(
            415,
            'unsupported_type',
            'El logo debe ser una imagen PNG, JPEG o WebP (se mira el contenido del archivo, no su nombre).',
          )
        : undefined,
    );
    const user = userEvent.setup();
    const logo = await field('Logo');
    // A text file named and typed as a picture: only the server can tell.
    await user.upload(logo.getByLabelText('Cambiar logo'), png('foto.png', 40));
    expect(await logo.findByRole('alert')).toHaveTextContent(
      'El logo debe ser una imagen PNG, JPEG o WebP (se mira el contenido del archivo, no su nombre).',
    );
    expect(server.to('/api/business/logo', 'PUT')).toHaveLength(1);
    expect(logo.getByRole('img', { name: 'Logo actual' })).toHaveAttribute('src', LOGO_URL);
    expect(logo.getByRole('status')).toHaveTextContent('');
    expect(logo.getByLabelText('Cambiar logo')).toBeEnabled();
  });

  it('refuses what the browser can tell before sending: an SVG, a file past the limit, an empty one', async () => {
    const server = openPictures(business);
    // The picker's `accept` would hide these; a file dropped or picked with "all files" is not.
    const user = userEvent.setup({ applyAccept: false });
    const logo = await field('Logo');
    const hero = await field('Foto de portada');

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    await user.upload(logo.getByLabelText('Elegir logo'), svg);
    expect(await logo.findByRole('alert')).toHaveTextContent('Las imágenes SVG no se admiten');

    await user.upload(logo.getByLabelText('Elegir logo'), png('grande.png', 512 * 1024 + 1));
    expect(await logo.findByRole('alert')).toHaveTextContent(
      'El logo puede ocupar como mucho 512 KB, y este archivo ocupa 513 KB.',
    );
    const gif = new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' });
    await user.upload(hero.getByLabelText('Elegir foto de portada'), gif);
    expect(await hero.findByRole('alert')).toHaveTextContent(
      'La foto de portada debe ser una imagen PNG, JPEG o WebP.',
    );
    await user.upload(hero.getByLabelText('Elegir foto de portada'), png('foto.png', 0));
    expect(await hero.findByRole('alert')).toHaveTextContent('El archivo está vacío');
    await user.upload(
      hero.getByLabelText('Elegir foto de portada'),
      png('foto.png', 2 * 1024 * 1024 + 1),
    );
    expect(await hero.findByRole('alert')).toHaveTextContent(
      'La foto de portada puede ocupar como mucho 2 MB, y este archivo ocupa 2,1 MB.',
    );
    expect(
      server.requests.filter((call) => call.url.pathname.startsWith('/api/business/')),
    ).toEqual([]);
    expect(sizeText(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });

  it('removes the hero picture: the landing page’s illustration again', async () => {
    const server = openPictures({ ...business, heroUrl: HERO_URL }, (call) =>
      call.method === 'DELETE' ? { body: { item: { ...business, heroUrl: null } } } : undefined,
    );
    const user = userEvent.setup();
    const hero = await field('Foto de portada');
    expect(hero.getByRole('img', { name: 'Foto de portada actual' })).toHaveAttribute(
      'src',
      HERO_URL,
    );
    await user.click(hero.getByRole('button', { name: 'Quitar foto de portada' }));
    expect(await hero.findByRole('status')).toHaveTextContent(
      'Foto de portada quitada: se ve la ilustración.',
    );
    expect(server.to('/api/business/hero', 'DELETE')).toHaveLength(1);
    await waitFor(() => {
      expect(hero.queryByRole('img', { name: 'Foto de portada actual' })).toBeNull();
    });
    expect(document.querySelector('.settings-picture-hero svg.hero-art')).not.toBeNull();
    expect(hero.getByLabelText('Elegir foto de portada')).toBeEnabled();
  });

  it('lets the rest of the staff see the pictures but not change them', async () => {
    openPictures({ ...business, logoUrl: LOGO_URL }, undefined, 'usuario');
    const logo = await field('Logo');
    expect(logo.getByRole('img', { name: 'Logo actual' })).toBeVisible();
    expect(logo.getByLabelText('Cambiar logo')).toBeDisabled();
    expect(logo.getByRole('button', { name: 'Quitar logo' })).toBeDisabled();
    expect(
      (await field('Foto de portada')).getByLabelText('Elegir foto de portada'),
    ).toBeDisabled();
  });
});
