// The cost per million output tokens from the reader's prices: the example on the
// bundled study, "not measured" where a measurement is missing, the formula and the
// boundary on the page, and the prices in the CSV's provenance line.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { downloadOf, hoverMark, open, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start({ viewport: { width: 1280, height: 900 } }); });
after(async () => { await browser?.close(); });

const LINK = '?view=serving&workload=1024x1024&metric=cost_per_mtok&kwh_price=0.12&gpu_hour_price=2';

test('Paiton CDNA4 at c32 costs 0.3948 per million output tokens: 0.01010 energy + 0.3847 GPU time', async () => {
  const { page, problems } = await open(browser, LINK);
  await page.waitForSelector('figure[data-chart="serving"] canvas.chart[data-points]');
  const rows = await tableRows(page, 'table.serving-table');
  assert.equal(rows['Paiton CDNA4'][5], '0.3948', `c32 is the sixth level: ${rows['Paiton CDNA4']}`);
  assert.equal(rows['SGLang · no MTP'][0], 'not measured');
  const tip = await hoverMark(page, 'figure[data-chart="serving"]', 5);
  assert.match(tip, /total 0\.3948 \(energy 0\.01010 \+ GPU time 0\.3847\)/);
  assert.match(await page.textContent('.chip:has-text("SGLang MTP · 8 seqs")'), /not measured in this workload/);
  assert.match(await page.textContent('.cost-label'), /cost per million output tokens \(energy and GPU time\), in the currency of the prices entered/);
  assert.match(await page.textContent('.cost-formula'), /energy part = power_w ÷ out_tok_s × 10⁶ ÷ 3\.6·10⁶ × kwh_price × pue \(GPU energy only\)/);
  assert.match(await page.textContent('.cost-boundary'), /GPU energy only.*PUE is your assumption, not a measurement/s);
  const { bytes } = await downloadOf(page, () => page.click('.table-block .export-csv'));
  const first = bytes.toString('utf8').split('\n')[0];
  assert.match(first, /prices: kwh_price 0\.12, gpu_hour_price 2, pue 1 \(the reader's assumption\)/);
  assert.match(first, /sweep-paiton\.jsonl \(not published\)/, "absent sources say so, as the badge does");
  assert.match(first, /GPU-time part = gpu_hour_price ÷/);
  await page.screenshot({ path: 'target/e2e-cost.png', fullPage: true });
  assert.deepEqual((await problems()).csp, []);
});

test('without prices every cost cell is not measured and the form says what to give', async () => {
  const { page } = await open(browser, '?view=serving&workload=1024x1024&metric=cost_per_mtok');
  await page.waitForSelector('table.serving-table');
  const rows = await tableRows(page, 'table.serving-table');
  // Every engine run in the workload keeps its row, seven levels of "not measured" (then its sources).
  assert.deepEqual(Object.keys(rows), ['Paiton CDNA4', 'vLLM + AITER', 'SGLang MTP · 16 seqs', 'SGLang · no MTP']);
  for (const [engine, cells] of Object.entries(rows)) assert.deepEqual(cells.slice(0, 7), Array(7).fill('not measured'), engine);
  // The key says why there is no line: no price, not a missing measurement.
  assert.match(await page.textContent('.legend .chip:first-child .absent'), /no price given/);
  assert.match(await page.textContent('.cost-label'), /give a kWh or a GPU-hour price to see a cost/);
});
