/**
 * WCAG AA contrast of the colour tokens in tokens.css, in both themes, for every pair the site
 * draws text with. jsdom has no layout, so axe cannot check contrast in unit tests; the tokens
 * are where the colours live, so they are checked here. The accent's defaults must be what
 * brand.ts derives from the default teal, so a salon without a colour looks as one with it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accentTokens, contrast, DEFAULT_BRAND_COLOR, THEME_SURFACES } from './brand';

const css = readFileSync(resolve(import.meta.dirname, 'tokens.css'), 'utf8');

/** A theme's colour tokens: a literal `#rrggbb`, or the fallback of a `var(--brand-…, #rrggbb)`. */
function tokens(theme: 'light' | 'dark'): Record<string, string> {
  const block = new RegExp(`:root\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`tokens.css has no ${theme} theme`);
  return Object.fromEntries(
    Array.from(
      block.matchAll(/--(color-[a-z-]+):\s*(?:var\(--brand-[a-z-]+,\s*)?(#[0-9a-f]{6})/g),
      ([, name, value]) => [name, value],
    ),
  ) as Record<string, string>;
}

/** [text, background] pairs the site's CSS puts together. */
const PAIRS = [
  ['color-text', 'color-bg'],
  ['color-text', 'color-surface'],
  ['color-text', 'color-surface-sunken'],
  ['color-text', 'color-accent-subtle'],
  ['color-muted', 'color-bg'],
  ['color-muted', 'color-surface'],
  ['color-accent', 'color-bg'],
  ['color-accent', 'color-surface'],
  ['color-accent-text', 'color-accent'],
  ['color-accent-text', 'color-accent-hover'],
  ['color-danger', 'color-surface'],
  ['color-danger', 'color-bg'],
  ['color-bg', 'color-danger'],
  ['color-success', 'color-surface'],
  ['color-warning', 'color-surface'],
  ['color-no-show', 'color-surface'],
  ['color-no-show', 'color-bg'],
  // Stars are no text, but they carry the rating to the eye: as legible as text.
  ['color-star', 'color-surface'],
  ['color-star', 'color-bg'],
  ['color-bg', 'color-text'],
] as const;

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  const palette = tokens(theme);

  it('defines every colour token of the contract', () => {
    expect(Object.keys(palette).sort()).toEqual(
      [
        'color-accent',
        'color-accent-border',
        'color-accent-hover',
        'color-accent-subtle',
        'color-accent-text',
        'color-bg',
        'color-border',
        'color-danger',
        'color-muted',
        'color-no-show',
        'color-star',
        'color-success',
        'color-surface',
        'color-surface-sunken',
        'color-text',
        'color-warning',
      ].sort(),
    );
  });

  it.each(PAIRS)('has at least 4.5:1 between %s and %s', (foreground, background) => {
    const ratio = contrast(palette[foreground] ?? '', palette[background] ?? '');
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it('starts with the accent brand.ts derives from the default teal', () => {
    const derived = accentTokens(DEFAULT_BRAND_COLOR, theme);
    expect({
      accent: palette['color-accent'],
      accentText: palette['color-accent-text'],
      accentHover: palette['color-accent-hover'],
      accentSubtle: palette['color-accent-subtle'],
      accentBorder: palette['color-accent-border'],
    }).toEqual(derived);
  });

  it('has the backgrounds brand.ts adjusts the accent for', () => {
    expect(palette['color-bg']).toBe(THEME_SURFACES[theme].bg);
    expect(palette['color-surface']).toBe(THEME_SURFACES[theme].surface);
  });
});

describe('tokens.css', () => {
  it('reads every accent token from the brand properties brand.ts writes', () => {
    for (const theme of ['light', 'dark']) {
      for (const name of [
        'accent',
        'accent-text',
        'accent-hover',
        'accent-subtle',
        'accent-border',
      ]) {
        expect(css).toContain(`--color-${name}: var(--brand-${theme}-${name},`);
      }
    }
  });
});
