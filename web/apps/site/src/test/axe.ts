import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe on the page and expects no violation (contrast is left to the browser tests). */
export async function expectNoAxeViolations() {
  // jsdom has no layout, so contrast is checked by the end-to-end axe run in a browser.
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(
    results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((n) => n.html) })),
  ).toEqual([]);
}
