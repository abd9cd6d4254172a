/**
 * The salon's brand colour turned into the accent tokens of `tokens.css`, for each theme. Pure
 * functions of a `#rrggbb` colour: no DOM, no React (`applyBrand` alone writes to an element).
 *
 * Why adjust the colour at all: a salon picks its colour for its looks, not for contrast. The
 * accent is drawn both as text (links, focus rings) on the page and as the background of the
 * primary buttons, so it is darkened (light theme) or lightened (dark theme) just enough to reach
 * WCAG AA (4.5:1) against the theme's page and card backgrounds, and the text drawn on it is
 * whichever of white or the theme's ink reaches 4.5:1 on it.
 */

export type Theme = 'light' | 'dark';

/** The accent the site wears when the salon has none (the same teal `tokens.css` starts with). */
export const DEFAULT_BRAND_COLOR = '#0f7b6c';

/** The backgrounds the accent sits on, and the inks drawn on it, per theme (as in `tokens.css`). */
export const THEME_SURFACES: Record<Theme, { bg: string; surface: string; ink: string }> = {
  light: { bg: '#fafaf9', surface: '#ffffff', ink: '#1c1917' },
  dark: { bg: '#1c1917', surface: '#292524', ink: '#1c1917' },
};

/** The accent tokens of one theme (the `--color-accent*` custom properties). */
export interface AccentTokens {
  /** Links, focus rings, primary buttons' background. ≥ 4.5:1 on the theme's bg and surface. */
  accent: string;
  /** Text on `accent`, ≥ 4.5:1. */
  accentText: string;
  /** A primary button under the pointer. */
  accentHover: string;
  /** A tinted background (selected rows, chips); the theme's text stays readable on it. */
  accentSubtle: string;
  /** A border in the accent's hue, for tinted boxes. */
  accentBorder: string;
}

type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{6})$/i;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** `#rrggbb` as channels; null for anything else. */
export function parseHex(color: string): Rgb | null {
  const digits = HEX.exec(color.trim())?.[1];
  if (!digits) return null;
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function rgbOf(color: string): Rgb {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${color}`);
  return rgb;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(color: string): number {
  const [red, green, blue] = rgbOf(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2 contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` mixed with `other`: `amount` 0 is `color`, 1 is `other` (sRGB, like `color-mix`). */
export function mix(color: string, other: string, amount: number): string {
  const from = rgbOf(color);
  const to = rgbOf(other);
  return toHex(
    from.map((channel, index) => channel + ((to[index] ?? channel) - channel) * amount) as Rgb,
  );
}

const AA = 4.5;

/**
 * The text colour for a background: white when it reaches 4.5:1, else `ink` when it does, else
 * black (one of white and black always reaches 4.5:1 on any colour).
 */
export function readableTextOn(background: string, ink = THEME_SURFACES.light.ink): string {
  for (const candidate of ['#ffffff', ink]) {
    if (contrast(candidate, background) >= AA) return candidate;
  }
  return contrast(toHex(BLACK), background) >= contrast(toHex(WHITE), background)
    ? '#000000'
    : '#ffffff';
}

/**
 * The brand colour moved towards black (light theme) or white (dark theme) in 2 % steps until it
 * reads at 4.5:1 on both of the theme's backgrounds; unchanged when it already does.
 */
function readableAccent(brand: string, theme: Theme): string {
  const { bg, surface } = THEME_SURFACES[theme];
  const towards = toHex(theme === 'light' ? BLACK : WHITE);
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mix(brand, towards, step / 50);
    if (contrast(candidate, bg) >= AA && contrast(candidate, surface) >= AA) return candidate;
  }
  return towards;
}

/**
 * The accent tokens for `brand` (`#rrggbb`; anything else gives the default teal's) in `theme`.
 */
export function accentTokens(brand: string | undefined, theme: Theme): AccentTokens {
  const base =
    brand !== undefined && parseHex(brand) ? brand.trim().toLowerCase() : DEFAULT_BRAND_COLOR;
  const { surface, ink } = THEME_SURFACES[theme];
  const accent = readableAccent(base, theme);
  const accentText = readableTextOn(accent, ink);
  // Hover goes further from the page's background: darker on light pages, lighter on dark ones.
  const accentHover = mix(accent, theme === 'light' ? '#000000' : '#ffffff', 0.15);
  return {
    accent,
    accentText,
    accentHover,
    accentSubtle: mix(surface, accent, theme === 'light' ? 0.1 : 0.2),
    accentBorder: mix(surface, accent, theme === 'light' ? 0.35 : 0.5),
  };
}

/** The custom property each token is written to, per theme (read by `tokens.css`). */
const PROPERTY: Record<keyof AccentTokens, string> = {
  accent: 'accent',
  accentText: 'accent-text',
  accentHover: 'accent-hover',
  accentSubtle: 'accent-subtle',
  accentBorder: 'accent-border',
};

/**
 * The `--brand-<theme>-<token>` custom properties for `brand`, both themes at once, so a theme
 * change (the dashboard is always light) needs no new call: `tokens.css` picks its theme's.
 */
export function brandProperties(brand: string | undefined): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const theme of ['light', 'dark'] as const) {
    const tokens = accentTokens(brand, theme);
    for (const [key, name] of Object.entries(PROPERTY)) {
      properties[`--brand-${theme}-${name}`] = tokens[key as keyof AccentTokens];
    }
  }
  return properties;
}

/**
 * Writes the brand's properties on `element` (the document's root). Through the CSSOM, which the
 * CSP's `style-src 'self'` allows (it forbids style attributes in markup, not scripts' styles).
 */
export function applyBrand(element: HTMLElement, brand: string | undefined): void {
  for (const [name, value] of Object.entries(brandProperties(brand))) {
    element.style.setProperty(name, value);
  }
}
