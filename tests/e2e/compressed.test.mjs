// The build ships precompressed copies and the site's server sends them by Accept-Encoding,
// as a static host does: a .br and a .gz beside every wasm, js, css, html and json file,
// each decompressing to the file, and brotli to a client that takes it, gzip to one that
// takes only gzip, the plain file to one that takes neither.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '../../tools/serve.mjs';

let server;
before(async () => { server = await serve('dist', 0, {}, { encodings: ['br', 'gzip'] }); });
after(() => server?.close());

const walk = (dir) => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));

test('every wasm, js, html and json file of the build has a .br and a .gz copy of itself', () => {
  const files = walk('dist').filter((f) => /\.(wasm|js|css|html|json)$/.test(f));
  assert.ok(files.some((f) => f.endsWith('.wasm')) && files.some((f) => f.endsWith('index.html')), files.join(' '));
  for (const file of files) {
    const bytes = readFileSync(file);
    assert.ok(brotliDecompressSync(readFileSync(`${file}.br`)).equals(bytes), `${file}.br`);
    assert.ok(gunzipSync(readFileSync(`${file}.gz`)).equals(bytes), `${file}.gz`);
  }
});

function fetchWith(path, accept) {
  return new Promise((ok, fail) => {
    get({ host: '127.0.0.1', port: server.address().port, path, headers: accept ? { 'accept-encoding': accept } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

test('the server sends the build\'s brotli copy, its gzip copy, or the file, by Accept-Encoding', async () => {
  const wasm = readdirSync('dist').find((f) => f.endsWith('.wasm'));
  const br = await fetchWith(`/${wasm}`, 'gzip, deflate, br');
  assert.equal(br.encoding, 'br');
  assert.equal(br.vary, 'accept-encoding');
  assert.ok(br.body.equals(readFileSync(`dist/${wasm}.br`)), 'the precompressed copy, byte for byte');
  const gz = await fetchWith(`/${wasm}`, 'gzip');
  assert.equal(gz.encoding, 'gzip');
  assert.ok(gz.body.equals(readFileSync(`dist/${wasm}.gz`)));
  const plain = await fetchWith(`/${wasm}`, '');
  assert.equal(plain.encoding, undefined);
  assert.ok(plain.body.equals(readFileSync(`dist/${wasm}`)));
});
