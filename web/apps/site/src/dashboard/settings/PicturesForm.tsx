/**
 * "Logo" and "Foto de portada" in Ajustes' profile (issue 14). Each shows the picture in use, or
 * what the site shows without one (the salon's initials, the bundled illustration); a chosen
 * file is uploaded at once (`PUT /api/business/{logo|hero}`, the file as the body), and "Quitar"
 * removes it. What the browser can tell cheaply (its guess of the type, the size) is checked
 * before sending; the server tells the type by the bytes, and its Spanish refusal is shown under
 * the field. The whole site (header, landing page, chat) takes the new picture at once
 * (`onSaved`).
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { api } from '../../api/client';
import { errorMessage } from '../../api/http';
import type { Business, ItemResponse } from '../../api/types';
import { HeroArt } from '../../pages/landing/HeroArt';
import { BrandMark } from '../../shell/BrandMark';

/** The types a picture may be (the server's rule; it reads the bytes, not this). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Each picture's words and limits (the server's: 512 KiB and 2 MiB). */
export const PICTURES = {
  logo: {
    label: 'Logo',
    subject: 'El logo',
    maxBytes: 512 * 1024,
    maxText: '512 KB',
    hint: 'PNG, JPEG o WebP de hasta 512 KB, mejor cuadrado. Sale junto al nombre del negocio en la web y en la cabecera del chat; sin logo se ven sus iniciales.',
    choose: 'Elegir logo',
    replace: 'Cambiar logo',
    remove: 'Quitar logo',
    uploading: 'Subiendo el logo…',
    saved: 'Logo guardado.',
    removed: 'Logo quitado: se ven las iniciales.',
  },
  hero: {
    label: 'Foto de portada',
    subject: 'La foto de portada',
    maxBytes: 2 * 1024 * 1024,
    maxText: '2 MB',
    hint: 'PNG, JPEG o WebP de hasta 2 MB, mejor apaisada (4:3). Sale en la página de inicio; sin foto se ve la ilustración.',
    choose: 'Elegir foto de portada',
    replace: 'Cambiar foto de portada',
    remove: 'Quitar foto de portada',
    uploading: 'Subiendo la foto de portada…',
    saved: 'Foto de portada guardada.',
    removed: 'Foto de portada quitada: se ve la ilustración.',
  },
} as const;

export type PictureSlot = keyof typeof PICTURES;

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/**
 * A file's size as people read it, rounded up ("800 KB", "2,5 MB"), so a file just past a limit
 * never reads as the limit itself.
 */
export function sizeText(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes < mib
    ? `${sizeFormat.format(Math.ceil(bytes / 1024))} KB`
    : `${sizeFormat.format(Math.ceil((bytes / mib) * 10) / 10)} MB`;
}

/**
 * The Spanish reason `file` cannot be the salon's `slot` picture, as far as the browser can tell
 * (its guess of the type, the size); null when it may be sent.
 */
export function pictureProblem(slot: PictureSlot, file: File): string | null {
  const picture = PICTURES[slot];
  if (file.type === 'image/svg+xml') {
    return 'Las imágenes SVG no se admiten (pueden llevar código): elige un PNG, JPEG o WebP.';
  }
  if (file.type !== '' && !(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return `${picture.subject} debe ser una imagen PNG, JPEG o WebP.`;
  }
  if (file.size === 0) return 'El archivo está vacío: elige otra imagen.';
  if (file.size > picture.maxBytes) {
    return `${picture.subject} puede ocupar como mucho ${picture.maxText}, y este archivo ocupa ${sizeText(file.size)}. Redúcelo o guárdalo con más compresión.`;
  }
  return null;
}

/** The salon's two pictures, one field each. */
export function PicturesForm({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (business: Business) => void;
}) {
  const titleId = useId();
  return (
    <section className="card dash-panel settings-form" aria-labelledby={titleId}>
      <h2 id={titleId}>Imágenes</h2>
      <div className="settings-pictures">
        <PictureField
          slot="logo"
          url={business.logoUrl ?? null}
          fallback={<BrandMark name={business.name} />}
          onSaved={onSaved}
        />
        <PictureField
          slot="hero"
          url={business.heroUrl ?? null}
          fallback={<HeroArt />}
          onSaved={onSaved}
        />
      </div>
    </section>
  );
}

interface PictureFieldProps {
  slot: PictureSlot;
  url: string | null;
  /** What the site shows while there is no picture. */
  fallback: ReactNode;
  onSaved: (business: Business) => void;
}

function PictureField({ slot, url, fallback, onSaved }: PictureFieldProps) {
  const picture = PICTURES[slot];
  const headingId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');

  /** Runs one change, shows its outcome and lets the same file be chosen again. */
  async function change(
    kind: 'uploading' | 'removing',
    request: () => Promise<ItemResponse<Business>>,
    said: string,
  ) {
    setBusy(kind);
    setProblem(null);
    setDone('');
    try {
      const { item } = await request();
      onSaved(item);
      setDone(said);
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  function choose(file: File | undefined) {
    if (!file) return;
    const found = pictureProblem(slot, file);
    if (found !== null) {
      setProblem(found);
      setDone('');
      if (input.current) input.current.value = '';
      return;
    }
    void change(
      'uploading',
      () =>
        slot === 'logo'
          ? api.put('/api/business/logo', { file })
          : api.put('/api/business/hero', { file }),
      picture.saved,
    );
  }

  return (
    <div
      className="settings-picture"
      role="group"
      aria-labelledby={headingId}
      // Present only while a change is under way: `[aria-busy]` on a page means still loading.
      aria-busy={busy !== null ? true : undefined}
    >
      <h3 id={headingId}>{picture.label}</h3>
      <div className={`settings-picture-preview settings-picture-${slot}`}>
        {url ? <img src={url} alt={`${picture.label} actual`} /> : fallback}
      </div>
      <p className="field-hint" id={hintId}>
        {picture.hint}
      </p>
      <div className="actions">
        <label className="button button-secondary settings-picture-choose">
          {url ? picture.replace : picture.choose}
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            accept={PICTURE_TYPES.join(',')}
            disabled={busy !== null}
            aria-describedby={hintId}
            onChange={(event) => {
              choose(event.target.files?.[0]);
            }}
          />
        </label>
        {url && (
          <button
            type="button"
            className="button button-danger-quiet"
            disabled={busy !== null}
            onClick={() =>
              void change(
                'removing',
                () =>
                  slot === 'logo'
                    ? api.delete('/api/business/logo')
                    : api.delete('/api/business/hero'),
                picture.removed,
              )
            }
          >
            {picture.remove}
          </button>
        )}
      </div>
      {busy === 'uploading' && (
        // Indeterminate: fetch says nothing of an upload's progress, and these are small files.
        <progress className="settings-picture-progress" aria-label={picture.uploading} />
      )}
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p className="muted settings-saved" role="status">
        {busy === 'uploading' ? picture.uploading : done}
      </p>
    </div>
  );
}
