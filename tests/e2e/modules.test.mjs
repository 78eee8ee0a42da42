// The importers are a module of their own (a worker started only when an import needs it):
// a first visit never downloads it; the import loads it once and works through it; a
// module that cannot be loaded is said in the Open drawer, with a retry that loads it. The
// page's side of the protocol (writing requests, reading replies) is a wasm chunk of its own,
// fetched with the module: the same holds for it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, start, submitImport } from './browser.mjs';

const DIR = 'tests/fixtures/import/vllm';
const FILES = ['c1.json', 'append.json'].map((f) => join(DIR, f));
const MODULE = /servescope-import-worker-[0-9a-f]+(_loader\.js|\.js|_bg\.wasm)$/;
const PROTOCOL = /\/servescope-split-import-protocol-[0-9a-f]{16}\.wasm$/;
let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** Every URL the page (and its workers) requested, collected from now on. */
function requests(page) {
  const urls = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  page.on('worker', (w) => urls.push(`worker ${new URL(w.url()).pathname}`));
  return urls;
}

async function pickToolFiles(page) {
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', FILES);
}

test('a first visit downloads no import module: the overview, the serving view and the bundled sources checked', async () => {
  let urls;
  const { page, problems } = await open(browser, '?view=overview', { before: (p) => { urls = requests(p); } });
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('nav a[href*="view=serving"]');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('nav a[href*="view=provenance"]');
  await page.waitForSelector('p.verdict:not(.checking)');
  const loader = await page.getAttribute('meta[name=servescope-import-module]', 'content');
  assert.match(loader, /^\.\/servescope-import-worker-[0-9a-f]+_loader\.js$/, 'the build names the module for the app');
  assert.deepEqual(urls.filter((u) => MODULE.test(u)), [], 'no part of the import module was requested');
  assert.ok(urls.some((u) => /servescope-[0-9a-f]+_bg\.wasm$/.test(u)), `the watch saw the boot: ${urls}`);
  assert.deepEqual(urls.filter((u) => PROTOCOL.test(u)), [], "the protocol's chunk was not requested");
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

test('the import loads the module once, writes through it, and a second pick reuses it', async () => {
  const { page, problems } = await open(browser, '?view=serving');
  const urls = requests(page);
  await page.waitForSelector('canvas.chart[data-points]');
  await pickToolFiles(page);
  await page.waitForSelector('.import-form');
  await submitImport(page, { title: 'vLLM import', engine: 'vllm', label: 'vLLM 0.14', gpus: '2', isl: '1024', osl: '1024' });
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'vLLM import');
  // Its sweep lines are derived again from the tools' files by the module, and verified.
  await page.click('nav a[href*="view=provenance"]');
  await page.waitForSelector('p.verdict:not(.checking)');
  assert.match(await page.textContent('p.verdict'), /^Verdict: pass/);
  await pickToolFiles(page);
  await page.waitForSelector('.import-form');
  const wasm = urls.filter((u) => /servescope-import-worker-[0-9a-f]+_bg\.wasm$/.test(u));
  assert.equal(wasm.length, 1, `the module's wasm is fetched once: ${JSON.stringify(urls.filter((u) => MODULE.test(u)))}`);
  assert.equal(urls.filter((u) => PROTOCOL.test(u)).length, 1, "the protocol's chunk is fetched once: two reads, a write, the lines derived again");
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

test('a module that cannot be loaded is said in the Open drawer, and Retry loads it', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  const block = (route) => route.abort();
  await page.route(/servescope-import-worker-[0-9a-f]+_loader\.js/, block);
  await pickToolFiles(page);
  await page.waitForSelector('.open-drawer .import-failed');
  assert.match(await page.textContent('.open-drawer .import-failed'), /^These files could not be read as a tool's output: the import module could not be loaded\. Check the connection and try again\.$/);
  assert.equal(await page.$('.import-form'), null, 'no form without the module');
  await page.unroute(/servescope-import-worker-[0-9a-f]+_loader\.js/, block);
  await page.click('.open-drawer .retry-import');
  await page.waitForSelector('.import-form');
  assert.equal(await page.$('.open-drawer .import-failed'), null, 'the failure is gone once the module answered');
  assert.equal(await page.$$eval('.import-form .detected li', (li) => li.length), 2);
  await page.close();
});

test("the protocol's chunk that cannot be fetched is said like the module's, and Retry loads it", async () => {
  const { page, problems } = await open(browser, '?view=serving');
  const urls = requests(page);
  await page.waitForSelector('canvas.chart[data-points]');
  const block = (route) => route.abort();
  await page.route(PROTOCOL, block);
  await pickToolFiles(page);
  await page.waitForSelector('.open-drawer .import-failed');
  assert.match(await page.textContent('.open-drawer .import-failed'), /^These files could not be read as a tool's output: the import module could not be loaded\. Check the connection and try again\.$/);
  assert.equal(await page.$('.import-form'), null, 'no form without the protocol');
  await page.unroute(PROTOCOL, block);
  const asked = urls.filter((u) => PROTOCOL.test(u)).length;
  assert.ok(asked >= 1, 'the blocked chunk was asked for');
  await page.click('.open-drawer .retry-import');
  await page.waitForSelector('.import-form');
  assert.equal(await page.$('.open-drawer .import-failed'), null, 'the failure is gone once the protocol answered');
  assert.equal(await page.$$eval('.import-form .detected li', (li) => li.length), 2);
  assert.equal(urls.filter((u) => PROTOCOL.test(u)).length, asked + 1, 'Retry asked for the chunk once more');
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});
