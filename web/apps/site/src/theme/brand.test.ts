import { describe, expect, it } from 'vitest';
import {
  accentTokens,
  applyBrand,
  brandProperties,
  contrast,
  DEFAULT_BRAND_COLOR,
  mix,
  parseHex,
  readableTextOn,
  THEME_SURFACES,
} from './brand';

/** Brand colours a salon might pick: hard cases for contrast at both ends, and the default. */
const BRANDS = {
  'light yellow': '#fde68a',
  'dark navy': '#1e3a8a',
  'mid red': '#dc2626',
  'the default teal': DEFAULT_BRAND_COLOR,
  'the demo berry': '#9d174d',
  white: '#ffffff',
  black: '#000000',
};

describe('contrast', () => {
  it('is 21:1 between black and white and 1:1 for a colour with itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#9d174d', '#9d174d')).toBe(1);
  });

  it('matches a known WCAG figure (#767676 on white is 4.54:1)', () => {
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('readableTextOn', () => {
  it('puts white on dark colours and the ink on light ones', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#fde68a')).toBe('#1c1917');
  });

  it('falls back to black where neither white nor the ink reaches 4.5:1', () => {
    // A mid grey: white gives 4.48:1 and a pale ink less; black gives 4.69:1.
    expect(contrast('#ffffff', '#777777')).toBeLessThan(4.5);
    expect(readableTextOn('#777777', '#444444')).toBe('#000000');
  });
});

describe.each(Object.entries(BRANDS))('accent tokens for %s', (_, brand) => {
  it.each(['light', 'dark'] as const)('meet WCAG AA in the %s theme', (theme) => {
    const tokens = accentTokens(brand, theme);
    const { bg, surface } = THEME_SURFACES[theme];
    expect(contrast(tokens.accent, bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.accent, surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.accentText, tokens.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.accentText, tokens.accentHover)).toBeGreaterThanOrEqual(4.5);
    for (const value of Object.values(tokens)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('accentTokens', () => {
  it('keeps a brand colour that already reads well (the demo berry in light)', () => {
    expect(accentTokens('#9D174D', 'light').accent).toBe('#9d174d');
  });

  it('darkens a light yellow for light pages and keeps it for dark ones', () => {
    const light = accentTokens('#fde68a', 'light');
    expect(light.accent).not.toBe('#fde68a');
    expect(light.accentText).toBe('#ffffff');
    expect(accentTokens('#fde68a', 'dark')).toMatchObject({
      accent: '#fde68a',
      accentText: '#1c1917',
    });
  });

  it('lightens a dark navy for dark pages', () => {
    const dark = accentTokens('#1e3a8a', 'dark');
    expect(dark.accent).not.toBe('#1e3a8a');
    expect(dark.accentText).toBe('#1c1917');
  });

  it('hovers darker on light pages and lighter on dark ones', () => {
    const light = accentTokens('#dc2626', 'light');
    const dark = accentTokens('#dc2626', 'dark');
    expect(contrast(light.accentHover, '#ffffff')).toBeGreaterThan(
      contrast(light.accent, '#ffffff'),
    );
    expect(contrast(dark.accentHover, '#000000')).toBeGreaterThan(contrast(dark.accent, '#000000'));
  });

  it('gives the default teal for a missing or malformed colour', () => {
    const teal = accentTokens(DEFAULT_BRAND_COLOR, 'light');
    expect(accentTokens(undefined, 'light')).toEqual(teal);
    expect(accentTokens('red', 'light')).toEqual(teal);
    expect(accentTokens('#12345', 'light')).toEqual(teal);
  });
});

describe('helpers', () => {
  it('parses #rrggbb only', () => {
    expect(parseHex('#0f7b6c')).toEqual([15, 123, 108]);
    expect(parseHex('0f7b6c')).toBeNull();
    expect(parseHex('#fff')).toBeNull();
  });

  it('mixes in sRGB', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#102030', '#102030', 0.3)).toBe('#102030');
  });
});

describe('brand properties', () => {
  it('names every token of both themes and writes them on an element', () => {
    const properties = brandProperties('#1e3a8a');
    expect(Object.keys(properties)).toHaveLength(10);
    expect(properties['--brand-light-accent']).toBe('#1e3a8a');
    expect(properties['--brand-dark-accent-text']).toBe('#1c1917');
    const element = document.createElement('div');
    applyBrand(element, '#1e3a8a');
    expect(element.style.getPropertyValue('--brand-light-accent')).toBe('#1e3a8a');
  });
});
