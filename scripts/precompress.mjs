/**
 * Writes brotli and gzip copies beside the built client's text assets (issue 33): the app sends
 * them as they are (src/platform/http/client-files.ts), so no request compresses anything. A copy
 * is written only where it is smaller than the file. Run after `vite build`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = join(import.meta.dirname, '..', 'dist', 'client', 'assets');
const TEXT = /\.(js|css|svg|json|txt|map)$/;

for (const name of readdirSync(dir).filter((file) => TEXT.test(file))) {
  const file = readFileSync(join(dir, name));
  const copies = {
    '.br': brotliCompressSync(file, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.length },
    }),
    '.gz': gzipSync(file, { level: 9 }),
  };
  for (const [extension, copy] of Object.entries(copies)) {
    if (copy.length < file.length) writeFileSync(join(dir, name + extension), copy);
  }
}
