// Energy and accuracy views in a real browser.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { inkedPixels, open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

test('the accuracy view: three served KL values, no CI for INT4-g128, retrieval 8/8 and 4/4', async () => {
  const { page, problems } = await open(browser, '?view=accuracy');
  await page.waitForSelector('canvas.chart.dots[data-bars]');
  const kl = await page.$$eval('table.served-table td.kl', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(kl, ['0.007694863545343617', '0.0219415', '0.11406719017357203']);
  assert.match(await page.textContent('table.served-table tbody tr'), /BF16 reference control/);
  const int4 = await page.$eval('table.weight-table tbody tr:nth-child(2)', (tr) => tr.textContent);
  assert.ok(int4.includes('INT4-g128') && int4.includes('no CI reported'), int4);
  assert.deepEqual(await page.$$eval('li.retrieval', (lis) => lis.map((li) => li.textContent)), ['131K: 8/8', '258K: 4/4']);
  const weightChart = page.locator('.weight canvas.chart.dots');
  assert.equal(await weightChart.getAttribute('data-points'), '2');
  assert.equal(await weightChart.getAttribute('data-bars'), '1', 'one error bar: a5; none for INT4');
  assert.ok((await inkedPixels(page, '.served canvas.chart.dots')) > 500);
  assert.match(await page.textContent('.weight'), /never compare the two on one axis/);
  assert.deepEqual((await problems()).csp, []);
});

test('the energy view shows the file\'s tokens/s per kW and its power texts', async () => {
  const { page, problems } = await open(browser, '?view=energy&workload=1024x1024');
  await page.waitForSelector('canvas.chart[data-points]');
  const paiton = await page.$eval('table.serving-table tbody tr', (tr) => [...tr.querySelectorAll('td.num')].map((td) => td.childNodes[0].textContent.trim()));
  assert.equal(paiton[0], '1075.7');
  assert.equal(paiton[6], '4021.3');
  assert.match(await page.textContent('.explorer'), /excludes host, PSU and cooling/);
  await page.selectOption('select.metric-picker', 'j_per_token');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'j_per_token');
  const joules = await page.$eval('table.serving-table tbody tr td.num', (td) => td.childNodes[0].textContent.trim());
  assert.equal(joules, '0.9297');
  assert.match(await page.textContent('.definition'), /Derived here, not in the file: power_w ÷ out_tok_s/);
  assert.deepEqual((await problems()).csp, []);
});

test('the energy trade-off puts tokens per kW against per-user speed', async () => {
  const { page } = await open(browser, '?view=energy&chart=tradeoff');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.tradeoff h2'), /per-user speed against output tok\/s per kW/);
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '21');
});
