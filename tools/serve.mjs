// A small static file server for dist/: real 404s for missing files (so a missing source
// is reported as unavailable, never hashed as a page), correct MIME types for wasm, no
// caching, and optionally gzip (as a static host would) and delayed prefixes (tests of
// slow loads). Usage: node tools/serve.mjs DIR [PORT]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.jsonl': 'application/jsonl', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.jsonl', '.svg', '.txt', '.md']);

/**
 * Start serving `root`; `mounts` maps URL prefixes to other folders; `options.delays` maps
 * URL prefixes to milliseconds to wait before answering; `options.gzip` compresses what a
 * static host would. Resolves to the http.Server once listening.
 */
export function serve(root, port = 0, mounts = {}, options = {}) {
  const roots = [...Object.entries(mounts).map(([p, d]) => [p, resolve(d)]), ['/', resolve(root)]];
  const delays = Object.entries(options.delays ?? {});
  const cache = new Map();
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
      if (options.gzip && COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        const key = `${file}:${body.length}`;
        if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }));
        body = cache.get(key);
        headers['content-encoding'] = 'gzip';
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
