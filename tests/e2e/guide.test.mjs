// The README's publishing guide, run as written with the wheel installed (scripts/wheel.sh
// built it on this dist/): a fresh virtual environment, PATH holding only its bin/, so
// `servescope` is the installed command and nothing else is reachable. Its commands import a
// tool's files and publish them on the page inside the wheel (dist/ is left unchanged), and
// the folder they write opens in the browser as the published study — pre-rendered before the
// app, every source verified after, nothing missing, nothing the policy blocks,
// precompressed copies current. Then `servescope view` serves a tool's output itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
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
let venv;
let viewer;
/** Only the installed environment: no cargo, no node, no /usr/bin. */
const installedEnv = () => ({ PATH: join(venv, 'bin'), HOME: process.env.HOME, LANG: 'C.UTF-8' });
/**
 * Run a line as a user's shell would, in the installed environment alone: no startup file
 * (bash reads ~/.bashrc when its input is a socket, as node's pipes are, and that would put
 * this machine's tools back on PATH).
 */
const shell = (line, timeout = 300_000) =>
  spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', line], { encoding: 'utf8', timeout, env: installedEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
before(() => {
  rmSync('out/studies', { recursive: true, force: true });
  rmSync('out/public', { recursive: true, force: true });
  const version = readFileSync('Cargo.toml', 'utf8').match(/^version = "([^"]+)"/m)[1];
  const wheels = readdirSync('target/wheels').filter((n) => n.startsWith(`servescope-${version}-`) && n.endsWith('.whl'));
  assert.equal(wheels.length, 1, `one wheel of ${version} (scripts/wheel.sh): ${wheels.join(' ')}`);
  venv = mkdtempSync(join(tmpdir(), 'servescope-venv-'));
  const made = spawnSync('python3', ['-m', 'venv', venv], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  const installed = spawnSync(join(venv, 'bin', 'pip'), ['install', '--no-index', '--quiet', '--disable-pip-version-check', `target/wheels/${wheels[0]}`], { encoding: 'utf8' });
  assert.equal(installed.status, 0, installed.stderr);
  const distPage = digest('dist/index.html');
  ran = guideCommands().map((line) => {
    return { line, ...shell(line) };
  });
  ran.distUnchanged = digest('dist/index.html') === distPage;
});
after(async () => {
  viewer?.kill();
  await context?.close();
  if (server) await new Promise((ok) => server.close(ok));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (venv) rmSync(venv, { recursive: true, force: true });
});

test('the installed command lists its commands and is the only program on PATH', () => {
  const help = shell('servescope --help; command -v cargo node python3 || true');
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Commands:\n {2}view {5}Serve results in the page/m);
  assert.match(help.stdout, /^ {2}import {3}Turn tool outputs into a study$/m);
  // python3 is the environment's own; cargo and node are not reachable.
  assert.deepEqual(help.stdout.trim().split('\n').filter((l) => l.startsWith('/')), [join(venv, 'bin', 'python3')]);
});

test('the guide is two commands, import then publish, and both succeed', () => {
  assert.equal(ran.length, 2, ran.map((r) => r.line).join('\n'));
  assert.match(ran[0].line, /^servescope import --out out\/studies\/vllm /);
  assert.equal(ran[1].line, 'servescope publish out/studies --out out/public');
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

test('servescope view serves a tool output it imports itself, drawn and verified', async () => {
  const args = ['view', 'tests/fixtures/import/vllm/append.json', '--port', '0', '--no-open', '--gpus', '8', '--isl', '2048', '--osl', '128'];
  viewer = spawn(join(venv, 'bin', 'servescope'), args, { env: installedEnv() });
  let said = '';
  const link = await new Promise((ok, fail) => {
    viewer.stdout.on('data', (d) => {
      said += d;
      const found = said.match(/serving (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (found) ok(found[1]);
    });
    viewer.stderr.on('data', (d) => { said += d; });
    viewer.on('exit', (code) => fail(new Error(`servescope view ended (${code}): ${said}`)));
  });
  assert.match(said, /imported org\/model-x, vLLM bench serve \(3 cells/);
  const page = await context.newPage();
  await page.goto(`${link}?view=serving`);
  await page.waitForFunction(() => /all 2 sources verified/.test(document.querySelector('.badge')?.textContent ?? ''), null, { timeout: 30_000 });
  await page.waitForSelector('.page:not(.booting) canvas.chart[data-points]', { timeout: 30_000 });
  assert.equal(await page.title(), 'org/model-x, vLLM bench serve · serving · servescope');
  assert.match(await page.textContent('main'), /2048/, 'the lengths given on the command line name the workload');
  await page.close();
});
