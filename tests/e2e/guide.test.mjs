// The README's publishing guide, run as written: its commands import a tool's files and
// publish them on the build's dist/ (left unchanged), and the folder they write opens in the
// browser as the published study — pre-rendered before the app, every source verified
// after, nothing missing, nothing the policy blocks, precompressed copies current.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS } from './browser.mjs';

const MARK = '<!-- The publishing guide:';
const digest = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The guide's command lines: the sh block after the README's marker. */
function guideCommands() {
  const readme = readFileSync('README.md', 'utf8');
  const at = readme.indexOf(MARK);
  assert.ok(at >= 0, 'the README marks its publishing guide');
  const block = readme.slice(at).match(/```sh\n([\s\S]*?)```/);
  assert.ok(block, 'an sh block follows the marker');
  return block[1].split('\n').filter((line) => line.trim() && !line.startsWith('#'));
}

let server;
let scratch;
let context;
let ran;
before(() => {
  rmSync('out/studies', { recursive: true, force: true });
  rmSync('out/public', { recursive: true, force: true });
  const distPage = digest('dist/index.html');
  ran = guideCommands().map((line) => {
    // A cold release build of the two tools takes a few minutes on two cores.
    const out = spawnSync('bash', ['-c', line], { encoding: 'utf8', timeout: 900_000 });
    return { line, ...out };
  });
  ran.distUnchanged = digest('dist/index.html') === distPage;
});
after(async () => {
  await context?.close();
  if (server) await new Promise((ok) => server.close(ok));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the guide is two commands, import then publish, and both succeed', () => {
  assert.equal(ran.length, 2, ran.map((r) => r.line).join('\n'));
  assert.match(ran[0].line, /--bin servescope-import -- /);
  assert.match(ran[1].line, /--bin servescope-publish -- out\/studies --site dist --out out\/public$/);
  for (const r of ran) assert.equal(r.status, 0, `${r.line}\n${r.stdout}\n${r.stderr}`);
  assert.match(ran[1].stdout, /^vllm\/results\.json: pass — valid with 0 warnings; 3 sources: 3 verified, 0 mismatched, 0 unavailable; 4 of 4 serving cells reproduced/m);
  assert.ok(ran.distUnchanged, 'publishing leaves the built site as it was');
});

test('what publish wrote: the study, its manifest, the pre-render, current compressed copies', () => {
  const index = JSON.parse(readFileSync('out/public/data/index.json', 'utf8'));
  assert.deepEqual(index.studies.map((s) => [s.path, s.title, s.sha256]), [['vllm/results.json', 'vLLM on one GPU', digest('out/studies/vllm/results.json')]]);
  const html = readFileSync('out/public/index.html', 'utf8');
  assert.match(html, /<title>vLLM on one GPU · overview · servescope<\/title>/);
  assert.match(html, / data-landing="data\/vllm\/results\.json" data-landing-view="overview" data-prerendered-views="serving:prerender-serving-[0-9a-f]{16}\.html tradeoff:prerender-tradeoff-[0-9a-f]{16}\.html energy:prerender-energy-[0-9a-f]{16}\.html provenance:prerender-provenance-[0-9a-f]{16}\.html"/);
  assert.doesNotMatch(html, /qwen3\.8/i, 'nothing of the bundled study is left in the page');
  const names = readdirSync('out/public');
  assert.equal(names.filter((n) => /^prerender-.*\.html$/.test(n)).length, 4, names.join(' '));
  assert.ok(!readdirSync('out/public/data').some((n) => /qwen/.test(n)), 'the bundled data is not copied');
  for (const file of ['index.html', 'data/index.json', ...names.filter((n) => /^prerender-.*\.html$/.test(n))]) {
    const raw = readFileSync(`out/public/${file}`);
    assert.ok(brotliDecompressSync(readFileSync(`out/public/${file}.br`)).equals(raw), `${file}.br is current`);
    assert.ok(gunzipSync(readFileSync(`out/public/${file}.gz`)).equals(raw), `${file}.gz is current`);
  }
});

test('the published folder opens on its study: pre-rendered first, all sources verified after', async () => {
  server = await serve('out/public', 0, {}, { encodings: ['br', 'gzip'] });
  const base = `http://127.0.0.1:${server.address().port}/`;
  scratch = mkdtempSync(join(tmpdir(), 'servescope-guide-'));
  context = await chromium.launchPersistentContext(join(scratch, 'profile'), { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const failed = [];
  const errors = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // The wasm held back: what a reader sees before the app is the published study's overview.
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(base);
  assert.match(await page.textContent('#prerender h1'), /vLLM on one GPU/);
  release();
  await page.waitForFunction(() => !document.querySelector('#prerender, .boot-skeleton') && /all 3 sources verified/.test(document.querySelector('.badge')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.title(), 'vLLM on one GPU · overview · servescope');
  // A deep link to a pre-rendered view, then the app on it.
  await page.goto(`${base}?view=serving`);
  await page.waitForSelector('.page:not(.booting) canvas.chart[data-points]', { timeout: 30_000 });
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
});
