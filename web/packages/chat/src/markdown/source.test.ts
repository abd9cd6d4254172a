import { describe, expect, it } from 'vitest';
import { toMarkdownSource } from './source';

describe('toMarkdownSource', () => {
  it('passes strings through and shows nothing for null and undefined', () => {
    expect(toMarkdownSource('**hola**')).toBe('**hola**');
    expect(toMarkdownSource(null)).toBe('');
    expect(toMarkdownSource(undefined)).toBe('');
    expect(toMarkdownSource(() => 'x')).toBe('');
  });

  it('writes numbers, booleans and bigints as text', () => {
    expect(toMarkdownSource(42)).toBe('42');
    expect(toMarkdownSource(false)).toBe('false');
    expect(toMarkdownSource(10n)).toBe('10');
    expect(toMarkdownSource(Symbol('s'))).toBe('Symbol(s)');
  });

  it('joins the text parts of multimodal content, one paragraph each', () => {
    expect(
      toMarkdownSource([
        { type: 'text', text: 'Hola' },
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        'adiós',
      ]),
    ).toBe('Hola\n\nadiós');
  });

  it('shows other objects and arrays as JSON in a code block no backtick run can close', () => {
    expect(toMarkdownSource({ output: { a: 1 } })).toBe(
      '```json\n{\n  "output": {\n    "a": 1\n  }\n}\n```',
    );
    expect(toMarkdownSource([1, 2])).toBe('```json\n[\n  1,\n  2\n]\n```');
    expect(toMarkdownSource({ code: '````' })).toBe('`````json\n{\n  "code": "````"\n}\n`````');
  });

  it('never throws, even for values JSON cannot write', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(toMarkdownSource(circular)).toBe('');
    expect(toMarkdownSource({ big: 1n })).toBe('');
  });
});
