// The serving explorer, trade-off, prefill and cache views in a real browser, and the link
// contract they follow.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { inkedPixels, open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const SRC = 'src=data/qwen3.8-flash-next-mi350p-2026-10-30.json';

/** The serving table as {engine: [cell texts]} (first line of each cell). */
async function servingTable(page) {
  return page.$$eval('table.serving-table tbody tr', (rows) => Object.fromEntries(rows.map((r) => [
    r.querySelector('th').textContent.trim(),
    [...r.querySelectorAll('td.num')].map((td) => td.childNodes[0].textContent.trim()),
  ])));
}

test('TTFT p99 at ISL 8192 / OSL 1024: the file\'s values, gaps as not measured, sources per cell', async () => {
  const { page, problems } = await open(browser, '?view=serving&workload=8192x1024&metric=ttft_p99_ms');
  await page.waitForSelector('canvas.chart[data-points]');
  const table = await servingTable(page);
  assert.equal(table['Paiton CDNA4'][6], '47099.7');
  assert.equal(table['SGLang MTP · 8 seqs'][5], 'not measured');
  assert.ok(!('SGLang MTP · 16 seqs' in table));
  assert.match(await page.textContent('.legend.toggles'), /SGLang MTP · 16 seqs — not measured in this workload/);
  // Paiton's row cites two sweeps: c1–c16 one file, c32–c64 another.
  const paitonSources = await page.$eval('table.serving-table tbody tr', (r) => r.querySelector('ol.row-sources').textContent);
  assert.ok(paitonSources.includes('sweep-paiton.jsonl') && paitonSources.includes('sweep-paiton-c3264.jsonl'), paitonSources);
  assert.equal(await page.getAttribute('table.serving-table tbody tr td.num:nth-of-type(7)', 'title'), 'sweep-paiton-c3264.jsonl');
  assert.match(await page.textContent('.definition'), /fewer than 100 requests/);
  assert.ok((await inkedPixels(page, 'canvas.chart')) > 5000);
  assert.deepEqual((await problems()).csp, []);
});

test('hovering a point shows its cell, and the chart is not redrawn for it', async () => {
  const { page } = await open(browser, '?view=serving&workload=1024x8192&metric=out_tok_s&engines=vllm');
  await page.waitForSelector('canvas.chart[data-point-px]');
  const px = (await page.getAttribute('canvas.chart', 'data-point-px')).split(';').map((p) => p.split(',').map(Number));
  await page.locator('canvas.chart').scrollIntoViewIfNeeded();
  const box = await page.locator('canvas.chart').boundingBox();
  await page.evaluate(() => { window.__marks = performance.getEntriesByName('servescope:chart-drawn').length; });
  await page.mouse.move(box.x + px[0][0] + 2, box.y + px[0][1] + 1);
  await page.waitForSelector('.tooltip.shown');
  const tip = await page.textContent('.tooltip');
  assert.match(tip, /vLLM \+ AITER · c1/);
  assert.match(tip, /n 2/);
  assert.match(tip, /low sample/);
  assert.match(tip, /source sweep-vllm\.jsonl/);
  assert.equal(await page.evaluate(() => performance.getEntriesByName('servescope:chart-drawn').length - window.__marks), 0);
  await page.mouse.move(box.x + 2, box.y + 2);
  await page.waitForSelector('.tooltip:not(.shown)', { state: 'attached' });
});

test('an engine toggles off and on, by mouse and by keyboard, and the link follows', async () => {
  const { page } = await open(browser, `?${SRC}&view=serving`);
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

test('a full link shows that workload, metric and engines, keeps its parameters, and Back undoes a metric change', async () => {
  const query = `?view=serving&workload=8192x1024&metric=ttft_p99_ms&engines=paiton,vllm&scale=log`;
  const { page } = await open(browser, query);
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.$eval('select.workload-picker', (s) => s.value), '8192x1024');
  assert.equal(await page.$eval('select.metric-picker', (s) => s.value), 'ttft_p99_ms');
  assert.deepEqual(Object.keys(await servingTable(page)), ['Paiton CDNA4', 'vLLM + AITER']);
  assert.equal((await servingTable(page))['vLLM + AITER'][6], '70120.9');
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '14');
  assert.equal(new URL(page.url()).search, query, 'nothing is stripped from the link after load');
  await page.selectOption('select.metric-picker', 'out_tok_s');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'out_tok_s');
  assert.equal((await servingTable(page))['Paiton CDNA4'][6], '818.5');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'ttft_p99_ms');
  assert.equal(await page.$eval('select.metric-picker', (s) => s.value), 'ttft_p99_ms');
  assert.equal((await servingTable(page))['Paiton CDNA4'][6], '47099.7');
});

test('a log scale is refused with a notice when a shown value is a measured zero', async () => {
  const { page } = await open(browser, '?view=serving&metric=errors&scale=log');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.explorer'), /Log scale refused: a shown value is a measured zero/);
});

test('relative mode shows ratios to the chosen engine, not measured where either side is null', async () => {
  const { page } = await open(browser, '?view=serving&vs=paiton');
  await page.waitForSelector('canvas.chart[data-points]');
  const table = await servingTable(page);
  assert.ok(table['Paiton CDNA4'].every((v) => v === '1.000×'), JSON.stringify(table['Paiton CDNA4']));
  assert.equal(table['SGLang · no MTP'][0], 'not measured');
  assert.match(await page.textContent('.explorer h2 + .controls + .definition'), /Aggregate output tokens/);
});

test('the trade-off view with a TTFT p99 limit names the best concurrency per engine', async () => {
  const { page, problems } = await open(browser, '?view=tradeoff&slo_ttft_p99_ms=1000');
  await page.waitForSelector('canvas.chart[data-points]');
  const rows = await page.$$eval('table.limits-table tbody tr', (trs) => trs.map((tr) => tr.textContent.trim().replace(/\s+/g, ' ')));
  assert.deepEqual(rows, [
    'Paiton CDNA4754.6c8',
    'vLLM + AITER365.4c4',
    'SGLang MTP · 16 seqs736c8',
    'SGLang MTP · 8 seqsno measured point meets the limits',
    'SGLang · no MTPno measured point meets the limits',
  ]);
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '21');
  assert.equal(await page.getAttribute('canvas.chart', 'data-dimmed'), '10');
  assert.match(await page.textContent('.tradeoff'), /not a configuration anyone ran/);
  assert.deepEqual((await problems()).csp, []);
});

test('prefill reads seconds and a not-done server check; the cache keeps the file\'s caveat', async () => {
  const { page } = await open(browser, '?view=prefill');
  await page.waitForSelector('table.prefill-table');
  const first = await page.$eval('table.prefill-table tbody tr', (tr) => tr.textContent);
  assert.ok(first.includes('8197') && first.includes('13709') && first.includes('0.598'), first);
  assert.match(first, /server validation: not done/);
  assert.doesNotMatch(await page.textContent('table.prefill-table'), /\b0 tok\/s/);
  await page.click('nav.views a:has-text("KV cache")');
  await page.waitForSelector('table.cache-table');
  const cache = await page.$$eval('table.cache-table tbody tr', (trs) => trs.map((tr) => tr.textContent.trim().replace(/\s+/g, ' ')));
  assert.ok(cache[0].includes('2190540') && cache[0].includes('66'), cache[0]);
  assert.ok(cache[4].includes('not measured'), `no-MTP has no cache row: ${cache[4]}`);
  assert.match(await page.textContent('.cache .method'), /not measured simultaneous-chat capacity/);
});
