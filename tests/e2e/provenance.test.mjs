// Provenance in the browser: the same statuses and words as servescope-verify, fetched
// relative to the results file, and the same check on local files picked by the user.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const FIXTURE = '?src=fixtures/provenance/results.json';

async function sourceStatuses(page) {
  return page.$$eval('table.sources-table tbody tr', (rows) => rows.map((r) => {
    const cells = r.querySelectorAll('td');
    return [cells[0].querySelector('code').textContent, cells[2].querySelector('strong').textContent, cells[2].querySelector('.detail').textContent];
  }));
}

test('the bundled study: 17 sources, none published beside it, all unavailable', async () => {
  const { page, problems } = await open(browser, '?view=provenance');
  await page.waitForFunction(() => document.querySelector('.provenance .badge')?.textContent.includes('17 unavailable'));
  assert.equal(await page.textContent('.provenance .badge'), '17 sources · 0 verified · 0 mismatched · 17 unavailable');
  assert.equal(await page.textContent('header .badge'), '17 sources · 0 verified · 0 mismatched · 17 unavailable');
  const statuses = await sourceStatuses(page);
  assert.equal(statuses.length, 17);
  assert.ok(statuses.every(([, label, detail]) => label === 'unavailable' && detail === 'HTTP 404 Not Found'), JSON.stringify(statuses));
  assert.ok(!(await page.textContent('.provenance')).includes('not cited'), 'every bundled source is cited');
  const { csp, pageErrors } = await problems();
  assert.deepEqual(csp, []);
  assert.deepEqual(pageErrors, []);
});

test('the fixture bundle: verified, mismatch, unavailable, not checked, and one cell that disagrees', async () => {
  const { page, problems } = await open(browser, `${FIXTURE}&view=provenance`);
  await page.waitForSelector('.recompute-total');
  const statuses = await sourceStatuses(page);
  assert.deepEqual(statuses.map(([name, label]) => [name, label]), [
    ['alpha.json', 'verified'],
    ['beta.json', 'mismatch'],
    ['sweep.jsonl', 'verified'],
    ['absent.json', 'unavailable'],
    ['https://example.org/weights/model-card.md', 'not checked'],
  ]);
  assert.match(statuses[1][2], /^expected sha256 e2a9dd7c.* found 724ce33e/);
  assert.equal(statuses[3][2], 'HTTP 404 Not Found');
  assert.equal(await page.textContent('.provenance .badge'), '5 sources · 2 verified · 1 mismatched · 1 unavailable · 1 not checked');
  assert.equal(await page.textContent('.recompute-total'), 'In total 1 of 2 cells match their source line.');
  const recompute = await page.textContent('ul.recompute');
  assert.ok(recompute.includes('serving.workloads[0].rows[0].cells[2]: `out_tok_s` is 900 but the line gives 905.2'), recompute);
  assert.deepEqual((await problems()).csp, []);
});

test('figures from a mismatched source are marked in the decode table', async () => {
  const { page } = await open(browser, FIXTURE);
  await page.waitForSelector('tr.source-mismatch');
  const marked = await page.$$eval('table.decode-table tr.source-mismatch th', (ths) => ths.map((t) => t.textContent.trim()));
  assert.deepEqual(marked, ['Beta engine']);
  const legend = await page.$$eval('ul.legend li', (lis) => lis.map((li) => li.textContent.trim()));
  assert.deepEqual(legend, ['Alpha engine', 'Beta engine (source hash mismatch)']);
});

test('local files are checked the same way, and nothing is fetched for them', async () => {
  const { page } = await open(browser, '?src=missing.json');
  await page.waitForSelector('.error-panel');
  const dir = 'tests/fixtures/provenance';
  await page.setInputFiles('.local input[type=file]', ['results.json', 'alpha.json', 'beta.json', 'sweep.jsonl'].map((f) => `${dir}/${f}`));
  await page.waitForSelector('h1');
  assert.equal(await page.textContent('h1'), 'Provenance fixture');
  await page.click('nav.views a:has-text("Provenance")');
  await page.waitForSelector('.recompute-total');
  const statuses = await sourceStatuses(page);
  assert.deepEqual(statuses.map(([, label]) => label), ['verified', 'mismatch', 'verified', 'unavailable', 'not checked']);
  assert.equal(statuses[3][2], 'not among the files picked');
  assert.equal(await page.textContent('.recompute-total'), 'In total 1 of 2 cells match their source line.');
});
