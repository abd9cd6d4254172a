/**
 * WCAG AA contrast of the colour tokens in styles.css, in both themes, for every pair the site
 * draws text with. jsdom has no layout, so axe cannot check contrast in unit tests; the tokens
 * are where the colours live, so they are checked here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, 'styles.css'), 'utf8');

function tokens(theme: 'light' | 'dark'): Record<string, string> {
  const block = new RegExp(`:root\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`styles.css has no ${theme} theme`);
  return Object.fromEntries(
    Array.from(block.matchAll(/--(color-[a-z-]+):\s*(#[0-9a-f]{6})/g), ([, name, value]) => [
      name,
      value,
    ]),
  ) as Record<string, string>;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** [text, background] pairs the site's CSS puts together. */
const PAIRS = [
  ['color-text', 'color-bg'],
  ['color-text', 'color-surface'],
  ['color-muted', 'color-bg'],
  ['color-muted', 'color-surface'],
  ['color-accent', 'color-bg'],
  ['color-accent', 'color-surface'],
  ['color-accent-text', 'color-accent'],
  ['color-danger', 'color-surface'],
  ['color-danger', 'color-bg'],
  ['color-bg', 'color-danger'],
  ['color-success', 'color-surface'],
  ['color-warning', 'color-surface'],
  ['color-no-show', 'color-surface'],
  ['color-no-show', 'color-bg'],
  ['color-bg', 'color-text'],
] as const;

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  const palette = tokens(theme);

  it('defines every colour token of the contract', () => {
    expect(Object.keys(palette).sort()).toEqual(
      [
        'color-accent',
        'color-accent-text',
        'color-bg',
        'color-border',
        'color-danger',
        'color-muted',
        'color-no-show',
        'color-success',
        'color-surface',
        'color-text',
        'color-warning',
      ].sort(),
    );
  });

  it.each(PAIRS)('has at least 4.5:1 between %s and %s', (foreground, background) => {
    const ratio = contrast(palette[foreground] ?? '', palette[background] ?? '');
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
