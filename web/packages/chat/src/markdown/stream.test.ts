/**
 * Streaming: a reply arriving as thousands of small chunks. Two things are checked:
 * - cost: the characters the parsers see per appended chunk stay bounded by the size of the
 *   open block, not by the length of the message, and only the open top-level blocks get new
 *   elements;
 * - correctness: at every checked point the incremental result equals a fresh render of the
 *   same text (also for the hard cases: open fences, lists and quotes that continue, setext
 *   underlines, table delimiter rows, reference definitions arriving late).
 */
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownDocument, renderMarkdown } from './document';
import type { MarkdownNode } from './render';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const html = (nodes: MarkdownNode[]) => renderToStaticMarkup(createElement(Fragment, null, nodes));

/** A long, varied bot reply of about `size` characters. */
function reply(size: number, next: () => number): string {
  const words =
    'cita reserva *hoy* **mañana** `code` [enlace](https://example.com/a) www.example.org texto ~~no~~ hora'.split(
      ' ',
    );
  const sentence = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(next() * words.length)] ?? '').join(' ');
  const parts: string[] = [];
  let length = 0;
  let section = 0;
  while (length < size) {
    const kind = section++ % 12;
    let part: string;
    switch (kind) {
      case 0:
        part = `## Sección ${String(section)}\n\n${sentence(40)}. ${sentence(30)} [ref${String(section)}].`;
        break;
      case 1:
        part = Array.from(
          { length: 8 },
          (_, i) => `- ${i % 3 === 0 ? '[x] ' : ''}${sentence(8)}`,
        ).join('\n');
        break;
      case 2:
        part = `> ${sentence(20)}\n> - ${sentence(5)}\n> - ${sentence(5)}\n>\n> ${sentence(10)}`;
        break;
      case 3:
        part =
          '```ts\n' +
          Array.from({ length: 40 }, (_, i) => `const x${String(i)} = "${sentence(3)}";`).join(
            '\n',
          ) +
          '\n```';
        break;
      case 4:
        part =
          '| Día | Hora | Nota |\n| --- | :-: | --: |\n' +
          Array.from({ length: 15 }, () => `| ${sentence(2)} | 10:00 | ${sentence(3)} |`).join(
            '\n',
          );
        break;
      case 5:
        part = `Título setext\n-------------\n\n1. ${sentence(6)}\n2. ${sentence(6)}\n\n   ${sentence(8)}\n3. ${sentence(4)}`;
        break;
      case 6:
        part = `[ref${String(section - 6)}]: https://example.com/late/${String(section)} "Tarde"\n\n${sentence(50)}`;
        break;
      case 7:
        part = `    indented code\n    more code\n\n***\n\n${sentence(25)}  \n${sentence(10)}`;
        break;
      case 8:
        part = `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>\n\n${sentence(12)} <b>raw</b>`;
        break;
      case 9:
        part = `* a\n  * b\n    * c ${sentence(4)}\n\n  ${sentence(6)}\n* d`;
        break;
      case 10:
        part = `Línea con\\\nsalto y ${sentence(20)}\n===`;
        break;
      default:
        part = sentence(60);
    }
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n');
}

/** Splits `text` into `n` chunks of random sizes. */
function chunks(text: string, n: number, next: () => number): string[] {
  const cuts = new Set<number>();
  while (cuts.size < n - 1) cuts.add(1 + Math.floor(next() * (text.length - 1)));
  const sorted = [0, ...[...cuts].sort((a, b) => a - b), text.length];
  return sorted.slice(1).map((end, i) => text.slice(sorted[i], end));
}

describe('streaming', () => {
  it('re-parses a bounded number of characters per chunk of a 100 KB reply in 2,000 chunks', () => {
    const next = random(42);
    const text = reply(100_000, next);
    const pieces = chunks(text, 2000, next);
    const doc = new MarkdownDocument();
    let sofar = '';
    let before = 0;
    let previous: MarkdownNode[] = [];
    const perChunk: number[] = [];
    const changedTop: number[] = [];
    pieces.forEach((piece, i) => {
      sofar += piece;
      const nodes = doc.update(sofar);
      const work = doc.work.blockChars + doc.work.inlineChars;
      perChunk.push(work - before);
      before = work;
      changedTop.push(nodes.filter((node, k) => node !== previous[k]).length);
      previous = nodes;
      if (i % 100 === 0 || i === pieces.length - 1) {
        expect(html(nodes), `after chunk ${String(i)}`).toBe(html(renderMarkdown(sofar)));
      }
    });
    const max = Math.max(...perChunk);
    const mean = (from: number, to: number) =>
      perChunk.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
    const early = mean(0, 500);
    const late = mean(1500, 2000);
    console.log(
      `streaming: ${String(text.length)} chars in ${String(pieces.length)} chunks; characters parsed ` +
        `per chunk: mean ${mean(0, 2000).toFixed(0)}, max ${String(max)}, first 500 chunks ` +
        `${early.toFixed(0)}, last 500 ${late.toFixed(0)}; total ${String(before)} ` +
        `(${(before / text.length).toFixed(1)}× the text); top-level elements rebuilt per chunk: ` +
        `max ${String(Math.max(...changedTop))} of ${String(previous.length)}`,
    );
    // Bounded by the largest open block (a 40-line code block, a 17-row table), not the text.
    expect(max).toBeLessThan(4000);
    expect(late).toBeLessThan(early * 1.5 + 50);
    // The open block, the blocks a chunk completes or starts, a block whose late reference
    // definition just arrived: a handful, out of hundreds.
    expect(Math.max(...changedTop)).toBeLessThanOrEqual(6);
  }, 120_000);

  it('equals a fresh render after every chunk, whatever the chunk sizes', () => {
    const tricky = [
      '# Título\n\nPárrafo con [enlace][a] y *énfasis*.\n',
      '```js\nconst a = 1;\n\n// sigue\n```\n',
      '- uno\n- dos\n\n  más de dos\n- tres\n\n',
      '> cita\nperezosa\n> - lista\n>   en cita\n\n',
      'Setext\n===\n\nOtro\n---\n',
      '| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 |\n\n',
      '1. [ ] tarea\n2. [x] hecha\n\n',
      '    código\n\n    indentado\n\nfin\\\ncon salto  \nduro\n\n',
      '***\n<iframe src="https://youtube.com/embed/dQw4w9WgXcQ?start=3"></iframe>\n\n',
      '[a]: https://example.com/a\n[b]: /b "B"\n\nUsa [b] y [c].\n\n[c]: <https://example.com/c>\n',
      '- [ ] \n-\n  x\n\n* * *\n~~~\nabierto sin cerrar\n',
    ].join('');
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const doc = new MarkdownDocument();
      for (let i = 0; i < tricky.length;) {
        i += seed === 1 ? 1 : 1 + Math.floor(next() * 12);
        const sofar = tricky.slice(0, i);
        expect(html(doc.update(sofar)), JSON.stringify(sofar)).toBe(html(renderMarkdown(sofar)));
      }
    }
  }, 60_000);

  it('starts over when the text is replaced rather than extended', () => {
    const doc = new MarkdownDocument();
    doc.update('# uno\n\ndos');
    expect(html(doc.update('tres *cuatro*'))).toBe('<p>tres <em>cuatro</em></p>');
    expect(html(doc.update(''))).toBe('');
  });

  it('waits for the line feed after a carriage return at the end of a chunk', () => {
    const doc = new MarkdownDocument();
    doc.update('uno\r');
    expect(html(doc.update('uno\r\n===\r\n'))).toBe('<h1>uno</h1>');
  });
});
