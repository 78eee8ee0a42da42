// The foundation in a real browser: the bundled study loads, validates and charts under the
// strict CSP; broken and missing files show their errors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inkedPixels, open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const ENGINES = ['Paiton CDNA4', 'vLLM + AITER', 'SGLang MTP · 16 seqs', 'SGLang MTP · 8 seqs', 'SGLang · no MTP'];

test('the built page carries a real CSP hash, not the placeholder', () => {
  const html = readFileSync('dist/index.html', 'utf8');
  assert.ok(!html.includes('CSP_INIT_SCRIPT_HASH'), 'placeholder left in dist/index.html');
  assert.match(html, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]{43}='/);
  assert.ok(!/<base\b/i.test(html), 'no <base> element');
});

test('the bundled study loads with its title, engines and a drawn decode chart', async () => {
  const { page, problems } = await open(browser);
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P');
  const engineLabels = await page.$$eval('section.engines tbody td.engine-label', (tds) => tds.map((td) => td.textContent.trim()));
  assert.deepEqual(engineLabels, ENGINES);
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '26');
  assert.equal(await page.getAttribute('canvas.chart', 'data-gaps'), '9');
  const inked = await inkedPixels(page, 'canvas.chart');
  assert.ok(inked > 5000, `decode canvas looks blank: ${inked} inked pixels`);
  // The table shows the file's numbers as written, and "not measured" for each null.
  const gaps = await page.$$eval('table.decode-table td.gap', (tds) => tds.map((td) => td.textContent));
  assert.equal(gaps.length, 9);
  assert.ok(gaps.every((t) => t === 'not measured'));
  assert.ok((await page.textContent('table.decode-table')).includes('2508.6422309896725'));
  // The file's method text stands beside the chart.
  assert.ok((await page.textContent('section.decode .method')).includes('Null means not measured, never zero.'));
  const { csp, consoleErrors, pageErrors } = await problems();
  assert.deepEqual(csp, [], 'CSP violations');
  assert.deepEqual(pageErrors, []);
  // The 17 raw files are not published beside the bundled study: each 404 is the browser
  // reporting a provenance fetch, and nothing else may be logged as an error.
  assert.deepEqual(consoleErrors.filter((e) => !e.includes('status of 404')), []);
  assert.ok(consoleErrors.length <= 17, `${consoleErrors.length} console errors`);
  // plotters' own text measurement would have left <span>s behind; ours measures on the canvas.
  assert.equal(await page.$$eval('body > span', (s) => s.length), 0);
});

test('a broken file shows every finding with its path', async () => {
  const { page, problems } = await open(browser, '?src=fixtures/bad/missing-sources.json');
  await page.waitForSelector('.error-panel');
  const text = await page.textContent('.error-panel');
  assert.match(text, /cannot be shown/);
  assert.match(text, /has 11 errors/);
  assert.ok(text.includes('sources') && text.includes('required field `sources` is missing'), text);
  assert.ok(text.includes('serving.workloads[0].rows[0].cells[0].source'), text);
  assert.deepEqual((await problems()).csp, []);
});

test('a length mismatch names its path and kind', async () => {
  const { page } = await open(browser, '?src=fixtures/bad/decode-values-too-short.json');
  await page.waitForSelector('.error-panel');
  const item = await page.textContent('.error-panel li.finding');
  assert.ok(item.includes('decode.rows[0].values'), item);
  assert.ok(item.includes('length mismatch'), item);
  assert.ok(item.includes('expected 3 values (one per concurrency level), found 2'), item);
});

test('a missing file names the HTTP status', async () => {
  const { page } = await open(browser, '?src=missing.json');
  await page.waitForSelector('.error-panel');
  assert.match(await page.textContent('.error-panel'), /missing\.json: HTTP 404/);
});

test('a refused scheme and an unknown view give notices, and the page still draws', async () => {
  const { page, problems } = await open(browser, '?src=javascript:alert(1)&view=nosuchview');
  await page.waitForSelector('canvas.chart[data-points]');
  const notices = await page.textContent('.notices');
  assert.ok(notices.includes('src=javascript:alert(1)'), notices);
  assert.ok(notices.includes('`javascript:` scheme is refused'), notices);
  assert.ok(notices.includes('view=nosuchview'), notices);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the raw view shows the whole file as text', async () => {
  const { page } = await open(browser, '?view=raw');
  await page.waitForSelector('pre.raw-json');
  const text = await page.textContent('pre.raw-json');
  assert.ok(text.includes('"weightAccuracy"') && text.includes('"server_validation"'));
});

test('view links change the view in place, keep the link, and Back restores the previous view', async () => {
  const src = 'src=data/qwen3.8-flash-next-mi350p-2026-10-30.json';
  const { page } = await open(browser, `?${src}&engines=paiton,vllm`);
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '14');
  await page.click('nav.views a:has-text("Raw file")');
  await page.waitForSelector('pre.raw-json');
  assert.equal(new URL(page.url()).search, `?${src}&view=raw&engines=paiton,vllm`);
  await page.goBack();
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(new URL(page.url()).search, `?${src}&engines=paiton,vllm`);
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '14');
});
