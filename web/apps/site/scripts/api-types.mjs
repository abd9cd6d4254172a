// Writes src/api/schema.ts, the TypeScript types of the server's OpenAPI document as committed in
// src/api/openapi.json (`npm run api:types`), or with `--check` fails when the committed file is
// not what the document generates now (`npm run api:check`, part of `npm run lint`).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';

const DOCUMENT = fileURLToPath(new URL('../src/api/openapi.json', import.meta.url));
const SCHEMA = fileURLToPath(new URL('../src/api/schema.ts', import.meta.url));
const REGENERATE = 'npm run api:types --workspace @citabot/site';

const HEADER = `/**
 * Generated from src/api/openapi.json (the server's GET /api/openapi.json) by openapi-typescript:
 * do not edit. After the document changes, run \`${REGENERATE}\` in web/.
 */
`;

/**
 * The document without its operation ids. The server names each operation after its handler
 * function, so the same id stands on many paths (`list`, `get`, `update`, `create`), which
 * openapi-typescript refuses (and would key `operations` by); the site calls an operation by its
 * path and method (client.ts), so each one is typed where it stands, under `paths`.
 */
async function document() {
  const parsed = JSON.parse(await readFile(DOCUMENT, 'utf8'));
  for (const item of Object.values(parsed.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (typeof operation === 'object' && operation !== null) delete operation.operationId;
    }
  }
  return parsed;
}

async function generate() {
  const ast = await openapiTS(await document());
  const source = HEADER + astToString(ast);
  // Formatted as every other file, so prettier's check passes over it unchanged.
  const options = (await prettier.resolveConfig(SCHEMA)) ?? {};
  return prettier.format(source, { ...options, filepath: SCHEMA });
}

const generated = await generate();
if (!process.argv.includes('--check')) {
  await writeFile(SCHEMA, generated);
} else {
  // Written out too, so the difference can be looked at with diff.
  const dir = await mkdtemp(join(tmpdir(), 'citabot-schema-'));
  const fresh = join(dir, 'schema.ts');
  await writeFile(fresh, generated);
  const committed = await readFile(SCHEMA, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(
      `src/api/schema.ts is not what src/api/openapi.json generates (see ${fresh}).\n` +
        `Run \`${REGENERATE}\` in web/ and commit the result.`,
    );
    process.exit(1);
  }
  await rm(dir, { recursive: true });
  console.log('src/api/schema.ts matches src/api/openapi.json.');
}
