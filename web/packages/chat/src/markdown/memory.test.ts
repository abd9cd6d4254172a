// @vitest-environment node
/**
 * Memory of a growing reply: a streamed text is a new string at every chunk, and the document
 * must not keep the earlier ones alive through the pieces of them it caches (the lines it parsed,
 * the unfinished last line). Measured with the engine's own garbage collector.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { MarkdownDocument } from './document';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/** A reply of 2,000 paragraphs, in 4,000 versions of it (each paragraph arrives in two chunks). */
function* versions(): Generator<string> {
  let text = '';
  for (let i = 0; i < 2000; i++) {
    text += `Párrafo ${String(i)} de la respuesta, con **negrita**, \`código\` y un`;
    yield text;
    text += ' final.\n\n';
    yield text;
  }
}

it('keeps no earlier version of a growing text alive', () => {
  let final = '';
  for (const text of versions()) final = text;
  // The reference: the same text rendered at once.
  let before = heapAfterCollection();
  const once = new MarkdownDocument();
  once.update(final);
  const whole = heapAfterCollection() - before;

  before = heapAfterCollection();
  const growing = new MarkdownDocument();
  for (const text of versions()) growing.update(text);
  const streamed = heapAfterCollection() - before;

  expect(growing.update(final)).toHaveLength(2000);
  expect(once.update(final)).toHaveLength(2000);
  // Every version kept alive would be about 280 MB (two bytes per character, about 140 KB on
  // average); what the document needs is about what a fresh render of the final text needs.
  expect(streamed).toBeLessThan(whole * 1.5 + 4e6);
});
