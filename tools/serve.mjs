// A small static file server for dist/: real 404s for missing files (so a missing source
// is reported as unavailable, never hashed as a page), correct MIME types for wasm, no
// caching, and optionally compressed responses as a static host sends them — a file's
// precompressed .br or .gz copy (the build writes them: servescope-prerender) by Accept-Encoding, else compressed
// here — and delayed prefixes (tests of slow loads). Usage: node tools/serve.mjs --help
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

function send(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

const USAGE = `usage: node tools/serve.mjs [DIR] [PORT]
Serve the built site in DIR (default dist) on http://127.0.0.1:PORT/ (default 8080),
sending a file's .br or .gz copy when the browser accepts it and a real 404 for a missing file.`;

/** What the command line asks for: `{ help }`, `{ error }` (one sentence) or `{ root, port }`. */
export function parseArgs(args) {
  if (args.some((a) => a === '--help' || a === '-h')) return { help: true };
  const flag = args.find((a) => a.startsWith('-'));
  if (flag) return { error: `unknown option ${flag} (node tools/serve.mjs --help shows the usage)` };
  if (args.length > 2) return { error: `expected at most a folder and a port, got ${args.length} arguments` };
  const [root = 'dist', port = '8080'] = args;
  if (!/^\d+$/.test(port) || Number(port) > 65535) return { error: `the port must be a number from 0 to 65535, not "${port}"` };
  return { root, port: Number(port) };
}

/** The one sentence a failure to listen ends with, naming what to do about it. */
export function listenError(err, port) {
  if (err.code === 'EADDRINUSE') {
    return `port ${port} is in use by another program: stop it, or choose another port (PORT=${port + 1} bash scripts/serve.sh, or node tools/serve.mjs DIR ${port + 1})`;
  }
  if (err.code === 'EACCES') return `port ${port} needs more privileges than this user has: choose a port above 1023`;
  return `cannot listen on port ${port}: ${err.message}`;
}

// Run as a command: compared as resolved file URLs, so a path through a symlink or with a
// space (URL-encoded in import.meta.url) still starts the server.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (args.error) {
    console.error(`serve: ${args.error}`);
    process.exit(2);
  }
  const found = await stat(args.root).catch(() => null);
  if (!found?.isDirectory()) {
    console.error(`serve: ${args.root} is not a folder (build the site first: trunk build --release)`);
    process.exit(2);
  }
  try {
    const server = await serve(args.root, args.port, {}, { gzip: true });
    console.log(`serving ${args.root} on http://127.0.0.1:${server.address().port}/`);
  } catch (err) {
    console.error(`serve: ${listenError(err, args.port)}`);
    process.exit(1);
  }
}
