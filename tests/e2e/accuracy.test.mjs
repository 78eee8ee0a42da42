// Energy and accuracy views in a real browser.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hoverMark, inkedPixels, open, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

test('the accuracy view: three served KL values, no CI for INT4-g128, retrieval 8/8 and 4/4', async () => {
  const { page, problems } = await open(browser, '?view=accuracy');
  await page.waitForSelector('figure[data-chart="weight-kl"] canvas.chart[data-bars]');
  const served = await tableRows(page, 'table.served-accuracy-table');
  assert.deepEqual(Object.keys(served), ['BF16 reference control', 'Paiton CDNA4', 'quark']);
  assert.deepEqual(Object.values(served).map((r) => r[2]), ['0.007695', '0.02194', '0.1141']);
  assert.equal(await page.getAttribute('table.served-accuracy-table tbody tr td:nth-of-type(3)', 'title'), '0.007694863545343617');
  const weight = await tableRows(page, 'table.weight-accuracy-table');
  assert.equal(weight['INT4-g128 · RDNA4 recipe'][1], 'no CI reported');
  assert.deepEqual(await tableRows(page, 'table.retrieval-table'), { '131K': ['8', '8'], '258K': ['4', '4'] });
  assert.equal(await page.getAttribute('figure[data-chart="weight-kl"] canvas.chart', 'data-points'), '2');
  assert.equal(await page.getAttribute('figure[data-chart="weight-kl"] canvas.chart', 'data-bars'), '1', 'one error bar: a5; none for INT4');
  assert.ok((await inkedPixels(page, 'figure[data-chart="served-kl"] canvas.chart')) > 500);
  assert.match(await page.textContent('.weight'), /never compare the two on one axis/);
  // Top-1 in percent on the chart as in the table, and the served check says it has no interval.
  const summary = await page.getAttribute('figure[data-chart="served-scatter"] canvas.chart', 'aria-label');
  assert.match(summary, /against top-1 agreement \(%\), one point per row: .*Paiton CDNA4 KL 0\.02194 93\.08/, summary);
  assert.equal(await page.textContent('.served .no-ci'), 'No CI for the served check (130 positions): the file reports no interval, so a small top-1 or KL difference cannot be judged from it.');
  assert.match(await hoverMark(page, 'figure[data-chart="served-scatter"]', 1), /top-1 agreement \(%\) 93\.08/);
  assert.deepEqual((await problems()).csp, []);
});

test('accuracy charts have tooltips: KL with its CI, or none reported', async () => {
  const { page } = await open(browser, '?view=accuracy');
  await page.waitForSelector('figure[data-chart="weight-kl"] canvas.chart[data-marks]');
  assert.match(await hoverMark(page, 'figure[data-chart="weight-kl"]', 1), /INT4-g128 · RDNA4 recipe.*KL 0\.0288.*95 % CI no CI reported/s);
  assert.match(await hoverMark(page, 'figure[data-chart="served-scatter"]', 0), /BF16 reference control.*KL 0\.007695/s);
});

test('the energy view shows the file\'s tokens/s per kW and its power texts', async () => {
  const { page, problems } = await open(browser, '?view=energy&workload=1024x1024');
  await page.waitForSelector('canvas.chart[data-points]');
  const paiton = (await tableRows(page, 'table.serving-table'))['Paiton CDNA4'];
  assert.equal(paiton[0], '1,076');
  assert.equal(paiton[6], '4,021');
  assert.match(await page.textContent('.explorer'), /excludes host, PSU and cooling/);
  await page.selectOption('select.metric-picker', 'j_per_token');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'j_per_token');
  await page.waitForFunction(() => document.querySelector('table.serving-table tbody tr td')?.textContent.startsWith('0.9297'));
  assert.match(await page.textContent('.definition'), /Derived here, not in the file: power_w ÷ out_tok_s/);
  assert.deepEqual((await problems()).csp, []);
});

test('the energy trade-off puts tokens per kW against per-user speed, and its limits report tokens per kW', async () => {
  const { page } = await open(browser, '?view=energy&chart=tradeoff&slo_ttft_p99_ms=1000');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.tradeoff h2'), /output tok\/s per kW against per-user speed/);
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '21');
  assert.match(await page.textContent('table.limits-table thead'), /output tok\/s per kW/);
});
