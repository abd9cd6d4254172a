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

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(selector: string): string {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`chat.css has no rule ${selector}`);
  return css.slice(start, css.indexOf('\n}', start));
}

/** The value a rule gives `property` (whitespace folded). */
function value(selector: string, property: string): string {
  const match = new RegExp(`\\n\\s*${property}:\\s*([^;]*);`).exec(rule(selector));
  if (!match?.[1]) throw new Error(`${selector} sets no ${property}`);
  return match[1].replace(/\s+/g, ' ').trim();
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
