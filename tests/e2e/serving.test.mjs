// The serving explorer, trade-off, prefill and cache views in a real browser, and the link
// contract they follow.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SRC, hoverMark, inkedPixels, open, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const SERVING = 'figure[data-chart="serving"]';

test('TTFT p99 at ISL 8192 / OSL 1024: readable values (seconds from 10 s), gaps as not measured, sources per cell', async () => {
  const { page, problems } = await open(browser, '?view=serving&workload=8192x1024&metric=ttft_p99_ms');
  await page.waitForSelector(`${SERVING} canvas.chart[data-points]`);
  const table = await tableRows(page, 'table.serving-table');
  assert.equal(table['Paiton CDNA4'][6], '47.1 s');
  assert.equal(await page.getAttribute('table.serving-table tbody tr td:nth-of-type(7)', 'title'), '47099.7 · source sweep-paiton-c3264.jsonl');
  assert.equal(table['SGLang MTP · 8 seqs'][5], 'not measured');
  assert.ok(!('SGLang MTP · 16 seqs' in table));
  assert.match(await page.textContent('.legend.toggles'), /SGLang MTP · 16 seqs — not measured in this workload/);
  const paitonSources = await page.$eval('table.serving-table tbody tr', (r) => r.querySelector('ol.row-sources').textContent);
  assert.ok(paitonSources.includes('sweep-paiton.jsonl') && paitonSources.includes('sweep-paiton-c3264.jsonl'), paitonSources);
  assert.match(await page.textContent('.definition'), /fewer than 100 requests/);
  // The chart reads in seconds, and so does the definition under the picker.
  assert.match(await page.textContent('.definition'), /p99 over the cell's requests, in seconds \(the file gives milliseconds\)\./);
  assert.doesNotMatch(await page.textContent('.definition'), /in milliseconds/);
  assert.equal(await page.getAttribute(`${SERVING} canvas.chart`, 'data-y-ticks'), '0|20|40|60|80', 'the axis reads in seconds at round steps');
  assert.ok((await inkedPixels(page, `${SERVING} canvas.chart`)) > 5000);
  assert.deepEqual((await problems()).csp, []);
});

test('a copied table row carries its numbers without their source markers, and the best engine per level is bold', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('table.serving-table sup.src-ref');
  // Paiton at c64 is 1,790 from its second source: the marker shows "2" but is not text.
  const cell = 'table.serving-table tbody tr:first-child td:nth-of-type(7)';
  assert.equal(await page.$eval(`${cell} sup.src-ref`, (s) => getComputedStyle(s, '::before').content), '"2"');
  const copied = await page.$eval('table.serving-table tbody tr:first-child', (row) => {
    const range = document.createRange();
    range.selectNodeContents(row);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return getSelection().toString();
  });
  assert.match(copied, /\b1,790\b/, copied);
  assert.doesNotMatch(copied, /1,7902|331\.41/, copied);
  assert.equal(await page.textContent(cell), '1,790');
  // The best output throughput at each level is bold; at c64 it is Paiton's, and only one per column.
  assert.deepEqual(await page.$eval(cell, (td) => [td.classList.contains('best'), getComputedStyle(td).fontWeight]), [true, '700']);
  const perColumn = await page.$$eval('table.serving-table tbody tr', (rows) =>
    [...rows[0].querySelectorAll('td:not(.sources)')].map((_, i) => rows.filter((r) => r.querySelectorAll('td')[i]?.classList.contains('best')).length));
  assert.ok(perColumn.every((n) => n === 1), `one best engine per level: ${perColumn}`);
  assert.match(await page.textContent('table.serving-table caption'), /bold: the best engine at each concurrency/);
});

test('hovering a point shows its cell, and the chart is not redrawn for it', async () => {
  const { page } = await open(browser, '?view=serving&workload=1024x8192&metric=out_tok_s&engines=vllm');
  await page.waitForSelector(`${SERVING} canvas.chart[data-marks]`);
  await page.evaluate(() => { window.__marks = performance.getEntriesByName('servescope:chart-drawn').length; });
  const tip = await hoverMark(page, SERVING, 0);
  assert.match(tip, /vLLM \+ AITER · c1/);
  assert.match(tip, /n 2/);
  assert.match(tip, /low sample/);
  assert.match(tip, /sweep-vllm\.jsonl \((not published|not checked)\)/);
  assert.equal(await page.evaluate(() => performance.getEntriesByName('servescope:chart-drawn').length - window.__marks), 0);
  await page.mouse.move(2, 2);
  await page.waitForSelector(`${SERVING} .tooltip:not(.shown)`, { state: 'attached' });
});

test('an engine toggles off and on, by mouse and by keyboard, and the link follows', async () => {
  const { page } = await open(browser, `?src=${SRC}&view=serving`);
  await page.waitForSelector('canvas.chart[data-points="21"]');
  const vllm = page.locator('button.legend-toggle', { hasText: 'vLLM + AITER' });
  await vllm.click();
  await page.waitForSelector('canvas.chart[data-points="14"]');
  assert.equal(await vllm.getAttribute('aria-pressed'), 'false');
  assert.equal(new URL(page.url()).searchParams.get('engines'), 'paiton,sglang16,sglang8,sglangNoMtp');
  await vllm.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('canvas.chart[data-points="21"]');
  assert.equal(new URL(page.url()).searchParams.get('engines'), null);
});

test('a chip names the engine\'s checkpoint and setup on focus', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.focus('.chip:first-child .chip-info-button');
  assert.ok(await page.isVisible('.chip:first-child .chip-info'));
  assert.match(await page.textContent('.chip:first-child .chip-info'), /paiton · checkpoint EliovpAI\/Qwen3\.8-Flash-Next-W4A8-Paiton-CDNA4 · setup lmx-paiton\.json/);
});

test('a full link shows that workload, metric and engines, keeps its parameters, and Back undoes a metric change', async () => {
  const query = '?view=serving&workload=8192x1024&metric=ttft_p99_ms&engines=paiton,vllm&scale=log';
  const { page } = await open(browser, query);
  await page.waitForSelector('canvas.chart[data-points="14"]');
  assert.equal(await page.$eval('select.workload-picker', (s) => s.value), '8192x1024');
  assert.equal(await page.$eval('select.metric-picker', (s) => s.value), 'ttft_p99_ms');
  assert.deepEqual(Object.keys(await tableRows(page, 'table.serving-table')), ['Paiton CDNA4', 'vLLM + AITER']);
  assert.equal((await tableRows(page, 'table.serving-table'))['vLLM + AITER'][6], '70.12 s');
  assert.equal(new URL(page.url()).search, query, 'nothing is stripped from the link after load');
  await page.selectOption('select.metric-picker', 'out_tok_s');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'out_tok_s');
  assert.equal((await tableRows(page, 'table.serving-table'))['Paiton CDNA4'][6], '818.5');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'ttft_p99_ms');
  assert.equal(await page.$eval('select.metric-picker', (s) => s.value), 'ttft_p99_ms');
});

test('p50 and p99 together title the axis once, for a p50 metric too', async () => {
  const { page } = await open(browser, '?view=serving&metric=ttft_p50_ms&pct=both');
  await page.waitForSelector('canvas.chart[data-points]');
  // The bundled 1024×1024 p99 passes 10 s, so the pair reads in seconds, title and axis alike.
  assert.equal(await page.textContent('.explorer h2'), 'Serving: TTFT p50 & p99 (s) against concurrency');
  assert.match(await page.getAttribute(`${SERVING} canvas.chart`, 'aria-label'), /TTFT p50 & p99 \(s\) · lower is better against concurrency/);
});

test('a log scale is refused with a notice when a shown value is a measured zero', async () => {
  const { page } = await open(browser, '?view=serving&metric=errors&scale=log');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.explorer'), /Log scale refused: a shown value is a measured zero/);
  // The pressed button says what is drawn; the link keeps what was asked, for a metric that can take it.
  const pressed = () => page.$$eval('.explorer [role=group] button.toggle', (b) => b.map((x) => `${x.textContent}=${x.getAttribute('aria-pressed')}`));
  assert.deepEqual(await pressed(), ['linear=true', 'log=false']);
  assert.match(page.url(), /[?&]scale=log/);
  await page.selectOption('select.metric-picker', 'out_tok_s');
  await page.waitForFunction(() => /[?&]metric=out_tok_s/.test(location.search));
  assert.deepEqual(await pressed(), ['linear=false', 'log=true']);
  assert.doesNotMatch(await page.textContent('.explorer'), /Log scale refused/);
});

test('relative mode shows ratios; a ratio base absent from the workload gets a notice, not a blank chart', async () => {
  const { page } = await open(browser, '?view=serving&vs=paiton');
  await page.waitForSelector('canvas.chart[data-points]');
  const table = await tableRows(page, 'table.serving-table');
  assert.ok(table['Paiton CDNA4'].slice(0, 7).every((v) => v === '1.000×'), JSON.stringify(table['Paiton CDNA4']));
  assert.equal(table['SGLang · no MTP'][0], 'not measured');
  const absent = await open(browser, '?view=serving&vs=sglang16&workload=8192x1024');
  await absent.page.waitForSelector('canvas.chart[data-points]');
  assert.match(await absent.page.textContent('.explorer'), /Relative to SGLang MTP · 16 seqs: it has nothing measured in this workload, so values are shown as measured/);
  assert.notEqual(await absent.page.getAttribute('canvas.chart', 'data-points'), '0');
});

test('the trade-off view with a TTFT p99 limit: the best point per engine, its TTFT, and not measured apart from none meets', async () => {
  const { page, problems } = await open(browser, '?view=tradeoff&slo_ttft_p99_ms=1000');
  await page.waitForSelector('canvas.chart[data-points]');
  const rows = await tableRows(page, 'table.limits-table');
  assert.deepEqual(rows['Paiton CDNA4'], ['best point under the limits', '754.6', 'c8', '668', '97.4']);
  assert.deepEqual(rows['vLLM + AITER'].slice(0, 4), ['best point under the limits', '365.4', 'c4', '663.5']);
  assert.equal(rows['SGLang MTP · 8 seqs'][0], 'not measured in this workload');
  assert.equal(rows['SGLang · no MTP'][0], 'no measured point meets the limits');
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '21');
  assert.equal(await page.getAttribute('canvas.chart', 'data-dimmed'), '10');
  assert.match(await page.textContent('.tradeoff'), /not a configuration anyone ran/);
  assert.deepEqual((await problems()).csp, []);
});

test('prefill and cache: bars per engine, seconds and a not-done server check, the cache caveat', async () => {
  const { page } = await open(browser, '?view=prefill');
  await page.waitForSelector('figure[data-chart="prefill"] canvas.chart[data-points="10"]');
  const first = await page.$eval('table.prefill-table tbody tr', (tr) => tr.textContent);
  assert.ok(first.includes('8,197') && first.includes('13,709') && first.includes('0.598'), first);
  assert.match(first, /not done/);
  await page.click('nav.views a:has-text("KV cache")');
  await page.waitForSelector('figure[data-chart="cache"] canvas.chart[data-points="4"]');
  const cache = await tableRows(page, 'table.cache-table');
  assert.deepEqual(cache['Paiton CDNA4'].slice(0, 2), ['2.191 M', '66']);
  assert.equal(cache['SGLang · no MTP'][0], 'not measured', 'no-MTP has no cache row');
  assert.match(await page.textContent('.cache .method'), /not measured simultaneous-chat capacity/);
});
