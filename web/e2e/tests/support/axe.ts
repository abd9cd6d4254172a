/** Accessibility checks shared by the specs: axe on the whole page, shadow roots included. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

interface AxeOptions {
  /**
   * Selectors axe leaves out. A `sandbox=""` frame must be: axe waits for a script of its own
   * to answer from inside every frame, and a sandbox that runs no script never answers.
   */
  exclude?: string[];
}

/** Runs axe on the whole page and fails with a readable list of what it found. */
export async function expectNoViolations(
  page: Page,
  state: string,
  { exclude = [] }: AxeOptions = {},
): Promise<void> {
  // Colours are judged as they settle: mid-fade (the chat opening) they are neither. Endless
  // animations (a typing indicator) never settle and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n    ${violation.nodes
        .map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
        .join('\n    ')}`,
  );
  expect(found, `axe violations ${state}`).toEqual([]);
}
