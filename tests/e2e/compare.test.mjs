// Comparing results files in the browser: lines told apart by style, every file's engines in
// the legend, the delta table against the first file, what differs, comparability.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, start, tableRows } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const COMPARE = 'compare=fixtures/compare/rerun.json';

test('both files are drawn, the delta table gives the ratio, and what differs is listed', async () => {
  const { page, problems } = await open(browser, `?view=serving&${COMPARE}`);
  await page.waitForSelector('table.delta-table');
  await page.waitForSelector('figure[data-chart="serving"] canvas.chart[data-points="37"]');
  const first = await page.$eval('table.delta-table tbody tr', (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  assert.deepEqual(first, ['c1', '331.4', '364.5', '1.100×']);
  assert.match(await page.textContent('ul.differs'), /Concurrency only in 2026-11-15: c128\./);
  // The heading names each study, not only its date.
  assert.match(await page.textContent('section.compare h3'), /^What differs: file 1, “Qwen3\.8-Flash-Next on one MI350P” \(2026-10-30\) and file 2, “.+” \(2026-11-15\)$/);
  const chips = await page.$$eval('.chip .chip-label', (s) => s.map((x) => x.textContent));
  assert.ok(chips.includes('Next-gen engine'), `an engine only the second file has gets its own chip: ${chips}`);
  assert.match(await page.textContent('.compare-badge'), /3 source files not published with this page/);
  assert.deepEqual((await problems()).csp, []);
});

test('an invalid compared file shows its findings and the first file keeps working', async () => {
  const { page } = await open(browser, '?view=serving&compare=edited/decode-values-too-short.json');
  await page.waitForSelector('.compare .error-panel');
  assert.match(await page.textContent('.compare .error-panel'), /decode\.rows\[0\]\.values/);
  await page.waitForSelector('canvas.chart[data-points="21"]');
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P');
});

test('the compare URL box sets the link; Back drops the compared file', async () => {
  const { page } = await open(browser, '?view=compare');
  await page.waitForSelector('section.compare');
  await page.fill('input.compare-url', 'fixtures/compare/rerun.json');
  await page.click('button.compare-add');
  await page.waitForSelector('table.delta-table');
  assert.equal(new URL(page.url()).searchParams.get('compare'), 'fixtures/compare/rerun.json');
  await page.goBack();
  await page.waitForFunction(() => !document.querySelector('table.delta-table'));
  assert.equal(new URL(page.url()).searchParams.get('compare'), null);
});

test('same-day files are named by title, and unrelated studies are warned about', async () => {
  const { page } = await open(browser, '?view=compare&src=fixtures/compare/stated.json&compare=fixtures/compare/unrelated.json');
  await page.waitForSelector('.comparability');
  assert.match(await page.textContent('.comparability'), /may not be comparable: model Qwen3\.8-Flash-Next against Llama-70B; hardware MI350P against H200/);
  const heads = await page.$$eval('table.delta-table thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(heads.slice(2, 4), ['Stated study', 'Unrelated study'], 'files of one date are named by title');
});

test('files with no engine in common say why there is no ratio table, not an empty one', async () => {
  const { page } = await open(browser, `?view=compare&src=fixtures/compare/stated.json&${COMPARE}`);
  await page.waitForSelector('ul.differs');
  await page.waitForSelector('.compare .table-block p.absent');
  assert.match(await page.textContent('.compare .table-block p.absent'), /No engine of the first file is in another/);
  assert.equal(await page.locator('table.delta-table').count(), 0);
});
