// A small static file server for dist/: real 404s for missing files (so a missing source
// is reported as unavailable, never hashed as a page), correct MIME types for wasm, no
// caching, and optionally compressed responses as a static host sends them — a file's
// precompressed .br or .gz copy (tools/precompress.mjs) by Accept-Encoding, else compressed
// here — and delayed prefixes (tests of slow loads). Usage: node tools/serve.mjs DIR [PORT]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.jsonl': 'application/jsonl', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.jsonl', '.svg', '.txt', '.md']);

/**
 * Start serving `root`; `mounts` maps URL prefixes to other folders; `options.delays` maps
 * URL prefixes to milliseconds to wait before answering; `options.encodings` lists the
 * encodings offered, in preference order (`['br', 'gzip']` as most hosts, `['gzip']` as a
 * gzip-only one; `options.gzip: true` means the first), for compressible files the client
 * accepts. Resolves to the http.Server once listening.
 */
export function serve(root, port = 0, mounts = {}, options = {}) {
  const roots = [...Object.entries(mounts).map(([p, d]) => [p, resolve(d)]), ['/', resolve(root)]];
  const delays = Object.entries(options.delays ?? {});
  const cache = new Map();
  const encodings = options.encodings ?? (options.gzip ? ['br', 'gzip'] : []);
  const squeeze = {
    br: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
    gzip: (b) => gzipSync(b, { level: 9 }),
  };
  const suffix = { br: '.br', gzip: '.gz' };
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const [prefix, dir] = roots.find(([p]) => path.startsWith(p));
    const delay = delays.find(([p]) => path.startsWith(p));
    if (delay) await new Promise((ok) => setTimeout(ok, delay[1]));
    let file = normalize(join(dir, path.slice(prefix.length)));
    if (file !== dir && !file.startsWith(dir + sep)) return send(res, 403, 'forbidden');
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      const accepted = req.headers['accept-encoding'] ?? '';
      const encoding = COMPRESSIBLE.has(extname(file)) && encodings.find((e) => new RegExp(`\\b${e}\\b`).test(accepted));
      if (encoding) {
        // The build's own copy when there is one, as a static host serves it; else made here.
        const copy = await readFile(file + suffix[encoding]).catch(() => null);
        const key = `${file}:${encoding}:${body.length}`;
        if (!copy && !cache.has(key)) cache.set(key, squeeze[encoding](body));
        body = copy ?? cache.get(key);
        headers['content-encoding'] = encoding;
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      send(res, 404, 'not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

function send(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await serve(root, Number(port), {}, { gzip: true });
  console.log(`serving ${root} on http://127.0.0.1:${server.address().port}/`);
}
