// After the build: a brotli (.br) and a gzip (.gz) copy beside every text asset, so the server
// sends compressed files without compressing on each request (@fastify/static `preCompressed`).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for await (const file of files(dist)) {
  if (!compressible.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`precompressed ${count} files (gzip, brotli)`);
