// Precompressed copies for static hosts: beside each .wasm, .js, .css, .html and .json file
// under DIR, a .br (brotli quality 11) and a .gz (gzip level 9), so a host that serves files
// by Accept-Encoding sends the smallest form without compressing on the fly.
// Run by tools/csp-hash.mjs at the end of the build (one post-build hook); also a CLI:
// node tools/precompress.mjs DIR
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WANTED = /\.(wasm|js|css|html|json)$/;

/** Write DIR's precompressed copies; returns [files, raw bytes, brotli bytes, gzip bytes]. */
export function precompress(dir) {
  let [files, raw, br, gz] = [0, 0, 0, 0];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const [f, r, b, g] = precompress(path);
      [files, raw, br, gz] = [files + f, raw + r, br + b, gz + g];
      continue;
    }
    if (!WANTED.test(name)) continue;
    const bytes = readFileSync(path);
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    [files, raw, br, gz] = [files + 1, raw + bytes.length, br + brotli.length, gz + gzip.length];
  }
  return [files, raw, br, gz];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const [files, raw, br, gz] = precompress(dir);
  console.log(`precompress: ${files} files in ${dir}, ${raw} bytes: brotli ${br}, gzip ${gz}`);
}
