// Writes Brotli and gzip copies of the built browser assets next to them, so the server sends
// compressed files without compressing on every request. The folder is build/client unless named
// (the bench's floor page names its own).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CLIENT_DIR = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../build/client'));
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let files = 0;
for await (const file of walk(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), CLIENT_DIR)}`);
