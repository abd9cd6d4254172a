// Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the given build
// folders, at the highest levels, once at build time. The server embeds them and sends the one
// the browser accepts, so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map']);
// Below this, the headers cost more than the bytes saved.
const MIN_BYTES = 1024;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let written = 0;
for (const folder of process.argv.slice(2)) {
  for (const path of files(folder)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    written += 1;
  }
}
console.log(`precompress: ${String(written)} files, each with .br and .gz`);
