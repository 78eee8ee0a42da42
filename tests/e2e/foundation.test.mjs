// The foundation in a real browser: the bundled study loads, validates and charts under the
// strict CSP; broken and missing files show their errors; view tabs and Back work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SRC, inkedPixels, open, settled, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

test('the built page carries a real CSP hash, not the placeholder', () => {
  const html = readFileSync('dist/index.html', 'utf8');
  assert.ok(!html.includes('CSP_INIT_SCRIPT_HASH'), 'placeholder left in dist/index.html');
  assert.match(html, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]{43}='/);
  assert.ok(!/<base\b/i.test(html), 'no <base> element');
});

test('the decode view: its chart plots every measured value, the table reads as written, nulls say not measured', async () => {
  const { page, problems } = await open(browser, '?view=decode');
  await page.waitForSelector('figure[data-chart="decode"] canvas.chart[data-points]');
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P');
  const chart = 'figure[data-chart="decode"] canvas.chart';
  assert.equal(await page.getAttribute(chart, 'data-points'), '26');
  assert.equal(await page.getAttribute(chart, 'data-gaps'), '9');
  assert.ok((await inkedPixels(page, chart)) > 5000, 'the decode canvas is drawn');
  const gaps = await page.$$eval('table.decode-table td.gap', (tds) => tds.map((td) => td.textContent));
  assert.equal(gaps.length, 9);
  assert.ok(gaps.every((t) => t === 'not measured'));
  // Readable on the page, exact in the title.
  const first = await page.$eval('table.decode-table tbody tr td', (td) => [td.textContent, td.title]);
  assert.deepEqual(first, ['273.1', '273.071554221675']);
  assert.ok((await page.textContent('section.decode .method')).includes('Null means not measured, never zero.'));
  const { csp, consoleErrors, pageErrors } = await problems();
  assert.deepEqual(csp, [], 'CSP violations');
  assert.deepEqual(pageErrors, []);
  // The 17 raw files are not published beside the bundled study, and its manifest says so:
  // none is asked for, so nothing is logged as an error.
  assert.deepEqual(consoleErrors, []);
  // plotters' own text measurement would have left <span>s behind; ours measures on the canvas.
  assert.equal(await page.$$eval('body > span', (s) => s.length), 0);
});

test('the landing view is the overview: headline cards and the throughput chart', async () => {
  const { page, problems } = await open(browser);
  await page.waitForSelector('figure[data-chart="overview"] canvas.chart[data-points="21"]');
  const titles = await page.$$eval('.cards .card h3', (h) => h.map((x) => x.textContent));
  assert.deepEqual(titles, ['Highest throughput', 'Best under a 1 s TTFT p99', 'Most tokens per kW', 'Closest to the BF16 reference']);
  // Which build drew it, as visible text at the foot of the page (the commit the build saw).
  assert.match(await page.textContent('footer.site-footer .build-line'), /^servescope \d+\.\d+\.\d+ · commit [0-9a-f]{7,}$/);
  assert.ok(await page.isVisible('footer.site-footer .build-line'));
  assert.deepEqual((await problems()).csp, []);
});

test('a broken file shows every finding with its path, and a way back', async () => {
  const { page, problems } = await open(browser, '?src=edited/missing-sources.json');
  await page.waitForSelector('.error-panel');
  const text = await page.textContent('.error-panel');
  assert.match(text, /cannot be shown/);
  assert.match(text, /has 11 errors/);
  assert.ok(text.includes('required field `sources` is missing'), text);
  assert.ok(text.includes('serving.workloads[0].rows[0].cells[0].source'), text);
  assert.equal(await page.getAttribute('.error-panel a', 'href'), './');
  assert.ok(await page.isVisible('nav.views'), 'the tabs stay: an error is not a dead end');
  assert.deepEqual((await problems()).csp, []);
});

test('a length mismatch names its path and kind', async () => {
  const { page } = await open(browser, '?src=edited/decode-values-too-short.json');
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

test('the raw view shows the whole file as text, number arrays on one line', async () => {
  const { page } = await open(browser, '?view=raw');
  await page.waitForSelector('pre.raw-json');
  const text = await page.textContent('pre.raw-json');
  assert.ok(text.includes('"weightAccuracy"') && text.includes('"server_validation"'));
  assert.ok(text.includes('"concurrency": [1,2,4,8,16,32,64]'), 'a list of numbers reads on one line');
});

test('view tabs change the view in place, keep the link, and Back restores the previous view', async () => {
  const { page } = await open(browser, `?src=${SRC}&view=decode&engines=paiton,vllm`);
  await page.waitForSelector('canvas.chart[data-points="14"]');
  await page.click('nav.views a:has-text("Raw file")');
  await page.waitForSelector('pre.raw-json');
  assert.equal(new URL(page.url()).search, `?src=${SRC}&view=raw&engines=paiton,vllm`);
  await page.goBack();
  await page.waitForSelector('canvas.chart[data-points="14"]');
  assert.equal(new URL(page.url()).search, `?src=${SRC}&view=decode&engines=paiton,vllm`);
  assert.deepEqual(Object.keys(await tableRows(page, 'table.decode-table')), ['Paiton CDNA4', 'vLLM + AITER']);
});

test("waiting for the page to settle ends at once, with the page's words, when a chart fails to draw", async () => {
  const { page } = await open(browser, '?view=decode');
  await settled(page);
  // A failed draw as the app marks and says it (ui/chart/figure.rs), on a settled page.
  await page.evaluate(() => {
    const notice = document.createElement('p');
    notice.className = 'notice';
    notice.textContent = 'This chart could not be drawn: the canvas is gone';
    document.querySelector('figure[data-chart="decode"]').appendChild(notice);
    performance.mark('servescope:chart-failed');
  });
  const t0 = Date.now();
  await assert.rejects(settled(page), /the page did not settle: This chart could not be drawn: the canvas is gone/);
  assert.ok(Date.now() - t0 < 5000, `rejected after ${Date.now() - t0} ms, not at the timeout`);
  await page.close();
});
