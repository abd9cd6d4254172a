// @vitest-environment node
/**
 * docs/PROTOCOL.md §9.2: `@n8n/chat`'s package.json points `types` at a file its build never
 * writes, so TypeScript users get no types. Here the entry is the declaration
 * `tsc -p tsconfig.build.json` writes for `src/index.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as unknown;

describe('docs/PROTOCOL.md §9 defects, fixed', () => {
  it('§9.2 the types entry is the declaration the build writes for src/index.ts', () => {
    expect(json('package.json')).toMatchObject({
      types: './dist/index.d.ts',
      exports: { '.': { types: './dist/index.d.ts' } },
    });
    expect(json('tsconfig.build.json')).toMatchObject({
      compilerOptions: { declaration: true, rootDir: 'src', outDir: 'dist' },
    });
    expect(existsSync(resolve(dir, 'src/index.ts'))).toBe(true);
  });
});
