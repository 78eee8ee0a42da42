// Schema 1.2 in a real browser: a rate-driven sweep (offered req/s on x, "req/s" column
// heads, an all-failed rate marked on the axis and said in the table), repeated runs (a
// whisker whose min and max the tooltip gives), and studies swept along different axes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hoverMark, open, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const SERVING = 'figure[data-chart="serving"]';
const RATE = 'src=fixtures/rate/results.json';

test('a rate sweep is drawn against offered request rate and its all-failed rate is said', async () => {
  const { page, problems } = await open(browser, `?${RATE}&view=serving&workload=1024x256-rate`);
  const canvas = `${SERVING} canvas.chart[data-points]`;
  await page.waitForSelector(canvas);
  assert.equal(await page.getAttribute(canvas, 'data-x-title'), 'offered request rate (req/s, log scale)');
  assert.equal(await page.getAttribute(canvas, 'data-x-ticks'), '1|2|4|8|16');
  assert.equal(await page.getAttribute(canvas, 'data-failed'), '1', 'one cross on the axis');
  assert.equal(await page.getAttribute(canvas, 'data-points'), '8', 'no point at zero for the failed rate');
  const heads = await page.$$eval('table.serving-table thead th', (ths) => ths.map((th) => th.textContent.trim()));
  assert.deepEqual(heads.slice(1, 6), ['1 req/s', '2 req/s', '4 req/s', '8 req/s', '16 req/s']);
  const rows = await tableRows(page, 'table.serving-table');
  assert.equal(rows['Alpha 1.0'][4], 'all 100 failed');
  assert.equal(rows['Beta 2.1'][4], 'not measured');
  assert.match(await page.textContent('h2'), /against request rate/);
  // The cross answers a hover: the tooltip says every request failed.
  const tip = await hoverMark(page, SERVING, 8);
  assert.match(tip, /Alpha 1\.0 · 16 req\/s/);
  assert.match(tip, /all 100 failed · no request completed/);
  const offered = await hoverMark(page, SERVING, 1);
  assert.match(offered, /offered 2 req\/s · achieved 1\.97 req\/s/);
  assert.deepEqual((await problems()).csp, []);
});

test('a cell of repeated runs draws a whisker and its tooltip gives the min and max', async () => {
  const { page } = await open(browser, `?${RATE}&view=serving&workload=1024x256`);
  const canvas = `${SERVING} canvas.chart[data-points]`;
  await page.waitForSelector(canvas);
  assert.equal(await page.getAttribute(canvas, 'data-whiskers'), '1');
  assert.equal(await page.getAttribute(canvas, 'data-x-ticks'), '1|8|100 burst', 'the burst is named on its tick');
  const tip = await hoverMark(page, SERVING, 1);
  assert.match(tip, /Alpha 1\.0 · c8/);
  assert.match(tip, /median of 3 runs · min 887\.1 · max 915\.8/);
  const burst = await hoverMark(page, SERVING, 2);
  assert.match(burst, /c100 burst/);
  assert.match(burst, /burst: all 100 requests sent at once/);
});

test('headline cards never pick an all-failed cell', async () => {
  const { page } = await open(browser, `?${RATE}`);
  await page.waitForSelector('.card');
  const cards = await page.$$eval('.card', (cs) => cs.map((c) => c.textContent).join(' | '));
  assert.match(cards, /1024\/256 by rate: Alpha 1\.0, 1,960 at 8 req\/s/);
  assert.doesNotMatch(cards, /16 req\/s/);
});

test('comparing a rate study with a concurrency study says they use different load axes', async () => {
  const { page } = await open(browser, `?${RATE}&view=compare&compare=fixtures/rate/by-concurrency.json`);
  await page.waitForSelector('ul.differs');
  assert.match(await page.textContent('ul.differs'), /Different load axes: ISL 1024 \/ OSL 256 is swept by request rate in .* and by concurrency in /);
  const serving = await open(browser, `?${RATE}&view=serving&workload=1024x256-rate&compare=fixtures/rate/by-concurrency.json`);
  await serving.page.waitForSelector(`${SERVING} canvas.chart[data-points]`);
  await serving.page.locator('.notice', { hasText: 'different load axis' }).first().waitFor();
  assert.match(await serving.page.textContent('main'), /uses a different load axis: it measured ISL 1024 \/ OSL 256 by concurrency, this chart is by request rate/);
});
