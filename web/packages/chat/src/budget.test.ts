// @vitest-environment node
/**
 * Size budgets (REQUIREMENTS W6), gzip level 9: the script-tag launcher ≤ 10 KB, the whole
 * script-tag widget (launcher + panel, React included: every script loaded from mount to the first
 * reply) ≤ 90 KB, the npm build without React ≤ 40 KB. The test makes its own production builds
 * from `vite.config.ts` in a temporary folder, so it always measures the current source and never
 * races a `npm run build` writing `dist/`.
 *
 * The panel bundles React 18 (src/embed/README.md says why); the npm build leaves React to the
 * host.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KB = 1000;
const LAUNCHER_BUDGET = 10 * KB;
const WIDGET_BUDGET = 90 * KB;
/** React's element marker: `react.element` in 18, `react.transitional.element` in 19. */
const REACT_ELEMENT = /react\.(transitional\.)?element/;
const NPM_BUDGET = 40 * KB;
const packageDir = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'citabot-chat-budget-'));

async function buildMode(mode: string, dir: string): Promise<void> {
  await build({
    root: packageDir,
    configFile: join(packageDir, 'vite.config.ts'),
    mode,
    logLevel: 'error',
    build: { outDir: dir },
  });
}

function gzipped(...files: string[]): number {
  return files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    0,
  );
}

function report(label: string, bytes: number, budget: number): void {
  console.log(
    `${label.padEnd(44)} ${(bytes / KB).toFixed(1).padStart(6)} KB gzip (budget ${String(budget / KB)} KB)`,
  );
}

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test; the builds must be the production ones that ship.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildMode('production', outDir);
    await buildMode('embed-panel', join(outDir, 'embed'));
    await buildMode('embed', join(outDir, 'embed'));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('size budgets', () => {
  it('script-tag build: exactly the launcher and the panel, nothing stray', () => {
    expect(readdirSync(join(outDir, 'embed')).sort()).toEqual(['chat-panel.js', 'chat.js']);
  });

  it(`launcher (embed/chat.js): at most ${String(LAUNCHER_BUDGET / KB)} KB, and no React in it`, () => {
    const launcher = readFileSync(join(outDir, 'embed/chat.js'), 'utf8');
    expect(launcher, 'React belongs in the panel').not.toMatch(REACT_ELEMENT);
    // The string tables travel with the panel; the launcher has only the toggle's labels.
    expect(launcher).toContain('Abrir chat');
    expect(launcher, 'Spanish table').not.toContain('Escribe tu pregunta');
    expect(launcher, 'English table').not.toContain('Type your question');
    expect(launcher, 'built-in greeting').not.toContain('How can I assist you');
    const size = gzipped('embed/chat.js');
    report('launcher embed/chat.js', size, LAUNCHER_BUDGET);
    expect(size).toBeLessThanOrEqual(LAUNCHER_BUDGET);
  });

  it(`whole script-tag widget (launcher + panel, React included): at most ${String(WIDGET_BUDGET / KB)} KB`, () => {
    const panel = readFileSync(join(outDir, 'embed/chat-panel.js'), 'utf8');
    expect(panel, 'the panel bundles React 18').toContain('version:`18.3.1`');
    expect(panel, 'and no React 19 beside it').not.toContain('react.transitional.element');
    report('panel embed/chat-panel.js', gzipped('embed/chat-panel.js'), WIDGET_BUDGET);
    const size = gzipped('embed/chat.js', 'embed/chat-panel.js');
    report('script-tag widget (launcher + panel)', size, WIDGET_BUDGET);
    expect(size).toBeLessThanOrEqual(WIDGET_BUDGET);
  });

  it(`npm build (index.js + style.css, React external): at most ${String(NPM_BUDGET / KB)} KB`, () => {
    const code = readFileSync(join(outDir, 'index.js'), 'utf8');
    expect(code, 'React is a peer dependency').not.toMatch(REACT_ELEMENT);
    const size = gzipped('index.js', 'style.css');
    report('npm build index.js + style.css', size, NPM_BUDGET);
    expect(size).toBeLessThanOrEqual(NPM_BUDGET);
  });
});
