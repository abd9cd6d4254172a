// @vitest-environment node
/**
 * The widget's palette, read from chat.css itself (jsdom resolves no var() nor color-mix(), so the
 * computed colours are checked in a real browser by web/e2e/tests/widget-theme.spec.ts). What this
 * holds: one variable, `--chat--color--primary`, drives every accent; the shades and the text on
 * it are derived, not literal; n8n's pink and navy are gone; n8n's finer variables still win.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, 'chat.css'), 'utf8');

/**
 * The value the first top-level rule whose selector list holds `selector` gives `property`
 * (whitespace folded): a rule shared by several selectors serves each of them.
 */
function value(selector: string, property: string): string {
  const found = declarations(selector).get(property);
  if (found === undefined) throw new Error(`${selector} sets no ${property}`);
  return found;
}

describe('chat.css palette', () => {
  it("wears none of n8n's default colours", () => {
    for (const n8n of [
      '#e74266',
      '#db4061',
      '#cf3c5c',
      '#20b69e',
      '#1ca08a',
      '#101330',
      '#81bbb1',
    ]) {
      expect(css.toLowerCase()).not.toContain(n8n);
    }
  });

  it('reads --chat--color--primary once per theme, into the palette, defaulting to teal', () => {
    expect(value('.citabot-chat', '--citabot-primary')).toBe(
      'var(--chat--color--primary, #0f7b6c)',
    );
    expect(value(".citabot-chat[data-theme='dark']", '--citabot-primary')).toBe(
      'var(--chat--color--primary, #499b8f)',
    );
    expect(css.match(/var\(--chat--color--primary,/g)).toHaveLength(2);
  });

  it("derives the shades from the primary, unless n8n's shade variables are set", () => {
    expect(value('.citabot-chat', '--citabot-primary-hover')).toBe(
      'var( --chat--color--primary-shade-50, color-mix(in srgb, var(--citabot-primary) 85%, #000) )',
    );
    expect(value('.citabot-chat', '--citabot-primary-active')).toBe(
      'var( --chat--color--primary--shade-100, color-mix(in srgb, var(--citabot-primary) 72%, #000) )',
    );
    expect(value('.citabot-chat', '--citabot-primary-subtle')).toMatch(
      /^color-mix\( in srgb, var\(--citabot-primary\) 12%, var\(--chat--color-white, #fff\) \)$/,
    );
    expect(value('.citabot-chat', '--citabot-secondary')).toBe(
      'var(--chat--color--secondary, var(--citabot-primary))',
    );
  });

  it('puts black or white on the primary by its lightness, where relative colours exist', () => {
    const supported = css.slice(css.indexOf('@supports (color: lab(from red l a b))'));
    expect(supported).toContain('lab(from var(--citabot-primary) calc((49.5 - l) * 1000) 0 0)');
    expect(value('.citabot-chat', '--citabot-on-primary')).toBe(
      'var(--chat--color--on-primary, #fff)',
    );
  });

  it.each([
    ['.citabot-chat .chat-window-toggle', 'background', '--citabot-primary'],
    ['.citabot-chat .chat-window-toggle', 'color', '--citabot-on-primary'],
    ['.citabot-chat .chat-window-toggle:hover', 'background', '--citabot-primary-hover'],
    ['.citabot-chat .chat-header', 'background', '--citabot-primary'],
    ['.citabot-chat .chat-header', 'color', '--citabot-on-primary'],
    ['.citabot-chat .chat-message-from-user', 'background', '--citabot-secondary'],
    ['.citabot-chat .chat-message-from-user', 'color', '--citabot-on-secondary'],
    ['.citabot-chat .chat-button-primary', 'background', '--citabot-secondary'],
    ['.citabot-chat .chat-button-primary', 'color', '--citabot-on-secondary'],
    ['.citabot-chat :focus-visible', 'outline', '--citabot-primary'],
    ['.citabot-chat .chat-starter', 'border', '--citabot-primary'],
    ['.citabot-chat .chat-starter:hover', 'background', '--citabot-primary-subtle'],
  ])('%s takes its %s from %s', (selector, property, variable) => {
    expect(value(selector, property)).toContain(`var(${variable})`);
  });
});

/**
 * The declarations of the top-level rule whose selector list holds `selector` (outside
 * `@supports` and media queries: the fallbacks every browser reads).
 */
function declarations(selector: string): Map<string, string> {
  const top = css.replace(/@(supports|media)[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g, '');
  for (const [, selectors = '', body = ''] of top.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const names = selectors
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((name) => name.trim());
    if (!names.includes(selector)) continue;
    const found = new Map<string, string>();
    for (const [, property = '', text = ''] of body.matchAll(/([\w-]+):\s*([^;]*);/g)) {
      found.set(property, text.replace(/\s+/g, ' ').trim());
    }
    return found;
  }
  throw new Error(`chat.css has no rule for ${selector}`);
}

/**
 * What `property` of `selector` computes to when the host sets `host` (custom properties on an
 * ancestor) and the widget root (`root`: the light or the dark rule) declares its palette:
 * every `var()` replaced as a browser would, by the nearest declaration or the fallback.
 */
function computed(
  selector: string,
  property: string,
  host: Record<string, string>,
  root = '.citabot-chat',
): string {
  const palette = new Map([...declarations('.citabot-chat'), ...declarations(root)]);
  const resolve = (text: string): string => {
    const start = text.indexOf('var(');
    if (start < 0) return text;
    let depth = 0;
    let comma = -1;
    let end = start + 4;
    for (; end < text.length; end += 1) {
      const char = text[end];
      if (char === '(') depth += 1;
      else if (char === ',' && depth === 0 && comma < 0) comma = end;
      else if (char === ')' && depth-- === 0) break;
    }
    const name = text.slice(start + 4, comma < 0 ? end : comma).trim();
    const fallback = comma < 0 ? '' : text.slice(comma + 1, end).trim();
    const own = host[name] ?? palette.get(name);
    const value = own === undefined ? resolve(fallback) : resolve(own);
    return resolve(text.slice(0, start) + value + text.slice(end + 1));
  };
  const value = declarations(selector).get(property);
  if (value === undefined) throw new Error(`${selector} sets no ${property}`);
  return resolve(value);
}

describe('chat.css quick replies and card actions', () => {
  const navy = { '--chat--color--primary': '#1e3a8a' };

  it.each([
    ['light', '.citabot-chat', '#0f7b6c'],
    ['dark', ".citabot-chat[data-theme='dark']", '#499b8f'],
  ])('outline the chips in --chat--color--primary and fill them on hover (%s)', (_, root, teal) => {
    expect(computed('.citabot-chat .chat-chip', 'border', {}, root)).toBe(`1px solid ${teal}`);
    expect(computed('.citabot-chat .chat-chip', 'border', navy, root)).toBe('1px solid #1e3a8a');
    for (const filled of ['.citabot-chat .chat-chip:hover', '.citabot-chat .chat-chip-primary']) {
      expect(computed(filled, 'background', {}, root)).toBe(teal);
      expect(computed(filled, 'background', navy, root)).toBe('#1e3a8a');
    }
  });

  it('puts the derived text colour on the filled chips, or the host’s', () => {
    expect(value('.citabot-chat .chat-chip-primary', 'color')).toBe('var(--citabot-on-primary)');
    expect(
      computed('.citabot-chat .chat-chip:hover', 'color', {
        ...navy,
        '--chat--color--on-primary': '#fefefe',
      }),
    ).toBe('#fefefe');
  });

  it('keeps an unfilled chip’s text on the panel’s own colours', () => {
    expect(computed('.citabot-chat .chat-chip', 'color', navy)).toBe('#1c1917');
    expect(computed('.citabot-chat .chat-chip', 'background', navy)).toBe('#fff');
    expect(
      computed('.citabot-chat .chat-chip', 'color', navy, ".citabot-chat[data-theme='dark']"),
    ).toBe('#f5f5f4');
  });

  it('gives a finger 44px', () => {
    expect(value('.citabot-chat .chat-chip', 'min-height')).toBe('2.75rem');
  });

  it('dresses the welcome screen’s starters as the chips, from one rule', () => {
    expect(declarations('.citabot-chat .chat-starter')).toEqual(
      declarations('.citabot-chat .chat-chip'),
    );
    expect(css.match(/border-radius: 999px;/g)).toHaveLength(1);
  });
});
