/**
 * markdown-pathological.json (cmark's and markdown-it's inputs that make parsers go
 * super-linear), read from web/test-corpora at test time. For each case:
 * - work is counted, not timed: the parsers count the steps of every loop whose length is not
 *   just the text it consumes (`Work.steps`); they must stay within a small multiple of the
 *   input length, at full size and at a quarter (a quadratic loop would grow 16× from one to the
 *   other, and dwarf the input at full size);
 * - the case renders through the React component into jsdom within a generous time bound
 *   relative to its size (1 s + 0.1 ms per character; jsdom builds each element slowly, and
 *   some cases make tens of thousands of them).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../react/Markdown';
import { MarkdownDocument } from './document';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Case {
  name: string;
  parts: { text: string; repeat: number }[];
  recipe?: string;
}

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../test-corpora');
const { cases } = JSON.parse(
  readFileSync(resolve(corpora, 'markdown-pathological.json'), 'utf8'),
) as {
  cases: Case[];
};

/** The case's input scaled to about `fraction` of its size. */
function input(c: Case, fraction: number): string {
  // The two loop recipes grow with the square of their count.
  if (c.name === 'deeply nested lists') {
    const n = Math.round(1000 * Math.sqrt(fraction));
    return Array.from({ length: n }, (_, x) => `${'  '.repeat(x)}* a\n`).join('');
  }
  if (c.name === 'backticks') {
    const n = Math.round(3000 * Math.sqrt(fraction));
    return Array.from({ length: n }, (_, x) => `e${'`'.repeat(x)}`).join('');
  }
  if (c.parts.length === 0) throw new Error(`no recipe for ${c.name}: ${c.recipe ?? ''}`);
  return c.parts
    .map((part) =>
      part.text.repeat(part.repeat === 1 ? 1 : Math.max(1, Math.round(part.repeat * fraction))),
    )
    .join('');
}

/** Steps per input character. */
function stepsPerChar(text: string): number {
  const doc = new MarkdownDocument();
  doc.update(text);
  return doc.work.steps / text.length;
}

describe('pathological input', () => {
  it('has the 29 cases', () => {
    expect(cases).toHaveLength(29);
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: linear work',
    (_, c) => {
      const quarter = stepsPerChar(input(c, 0.25));
      const full = stepsPerChar(input(c, 1));
      console.log(
        `${c.name}: ${full.toFixed(2)} steps per character (${quarter.toFixed(2)} at a quarter)`,
      );
      expect(full).toBeLessThan(64);
      expect(full).toBeLessThan(quarter * 1.5 + 0.5);
    },
    60_000,
  );

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: renders into the DOM in time',
    (_, c) => {
      const text = input(c, 1);
      const host = document.createElement('div');
      const root = createRoot(host);
      const start = performance.now();
      act(() => {
        root.render(<Markdown source={text} />);
      });
      const elapsed = performance.now() - start;
      expect(host.textContent.length).toBeGreaterThan(0);
      act(() => {
        root.unmount();
      });
      expect(elapsed).toBeLessThan(1000 + text.length * 0.1);
    },
    60_000,
  );
});
