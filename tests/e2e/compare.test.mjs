// Comparing two results files in the browser.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const COMPARE = 'compare=fixtures/compare/rerun.json';

test('both files are drawn, the delta table gives the ratio, and what differs is listed', async () => {
  const { page, problems } = await open(browser, `?view=serving&${COMPARE}`);
  await page.waitForSelector('table.delta-table');
  await page.waitForSelector('canvas.chart[data-points="37"]');
  const rows = await page.$$eval('table.delta-table tbody tr', (trs) => trs.map((tr) => tr.textContent.trim().replace(/\s+/g, ' ')));
  assert.equal(rows[0], 'Paiton CDNA4c1331.4364.533.101.100×');
  assert.match(await page.textContent('ul.differs'), /Concurrency only in 2026-11-15: c128\./);
  const legend = await page.$$eval('button.legend-toggle', (b) => b.map((x) => x.textContent.trim()));
  assert.equal(legend.length, 5, 'the first file\'s engines keep their toggles');
  assert.match(await page.textContent('.compare-badge'), /3 sources · 0 verified · 0 mismatched · 3 unavailable/);
  assert.deepEqual((await problems()).csp, []);
});

test('an invalid second file shows its findings and the first file keeps working', async () => {
  const { page } = await open(browser, '?view=serving&compare=fixtures/bad/decode-values-too-short.json');
  await page.waitForSelector('.compare .error-panel');
  assert.match(await page.textContent('.compare .error-panel'), /decode\.rows\[0\]\.values/);
  await page.waitForSelector('canvas.chart[data-points="21"]');
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P');
});

test('the compare picker sets the link; removing it drops the second file', async () => {
  const { page } = await open(browser, '?view=compare');
  await page.waitForSelector('section.compare');
  await page.fill('input.compare-url', 'fixtures/compare/rerun.json');
  await page.click('section.compare button:has-text("Compare")');
  await page.waitForSelector('table.delta-table');
  assert.equal(new URL(page.url()).searchParams.get('compare'), 'fixtures/compare/rerun.json');
  await page.goBack();
  await page.waitForFunction(() => !document.querySelector('table.delta-table'));
  assert.equal(new URL(page.url()).searchParams.get('compare'), null);
});
