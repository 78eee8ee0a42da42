// What readers hit: the address bar after a local file is opened, a study link inside a
// collection, the error pages' headings; one unit per chart and honest words; exports that
// match the chart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SRC, downloadOf, hoverMark, open, settled, start } from './browser.mjs';

let browser;
before(async () => {
  browser = await start({
    prepare(scratch) {
      const dir = join(scratch, 'collection');
      execFileSync('node', ['tests/fixtures/collection/make.mjs', dir, '4'], { stdio: 'ignore' });
      execFileSync(resolve('target/debug/servescope-index'), [dir], { stdio: 'ignore' });
      return { '/collection/': dir };
    },
  });
});
after(async () => { await browser?.close(); });

const MINIMAL = readFileSync('tests/fixtures/minimal.json', 'utf8');

test('after a local file is opened the address bar names no other study, and a reload says so', async () => {
  const { page, problems } = await open(browser, `?src=${SRC}&view=serving`);
  await page.waitForSelector('canvas.chart[data-points]');
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'minimal.json', { type: 'application/json' }));
    return d;
  }, MINIMAL);
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  const title = JSON.parse(MINIMAL).title;
  await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, title);
  let url = new URL(page.url());
  assert.equal(url.searchParams.get('src'), null, url.search);
  assert.equal(url.searchParams.get('local'), 'minimal.json');
  assert.equal(url.searchParams.get('view'), 'serving');
  const notice = await page.textContent('.notices');
  assert.match(notice, new RegExp(`src=${SRC.replace(/\./g, '\\.')}`));
  assert.match(notice, /the local file minimal\.json is shown.*publish the file with its sources and open it by URL/s);
  // Another tab keeps the local file and still names no study.
  await page.click('nav.views a.tab:has-text("Trade-off")');
  await page.waitForFunction(() => /view=tradeoff/.test(location.search));
  url = new URL(page.url());
  assert.equal(url.searchParams.get('src'), null);
  assert.equal(await page.textContent('h1'), title);
  // A reload cannot reopen the file: it says so, and shows no other study.
  await page.reload();
  await page.waitForSelector('.error-panel');
  assert.equal(await page.textContent('h1'), 'The study could not be loaded');
  assert.match(await page.textContent('.error-panel'), /local file minimal\.json.*a link cannot open it/s);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('a link with index= and src= but no view= opens that study\'s overview', async () => {
  const { page } = await open(browser, '?index=collection/index.json&src=collection/study-002.json');
  await page.waitForSelector('nav.views a[aria-current=page]');
  assert.equal(await page.textContent('nav.views a[aria-current=page]'), 'Overview');
  await page.waitForFunction(() => /run 2/.test(document.querySelector('h1')?.textContent ?? ''));
  assert.equal(await page.$('table.catalog-table'), null, 'not the catalog');
});

test('a missing collection manifest shows its error with or without view=, under a heading that says so', async () => {
  for (const query of ['?index=collection/missing.json', '?index=collection/missing.json&view=catalog']) {
    const { page, problems } = await open(browser, query);
    await page.waitForSelector('.error-panel');
    assert.equal(await page.textContent('.error-panel h2'), 'Could not load the collection', query);
    assert.match(await page.textContent('.error-panel .message'), /collection\/missing\.json: HTTP 404/, query);
    assert.equal(await page.textContent('h1'), 'The collection could not be loaded', query);
    assert.deepEqual((await problems()).pageErrors, []);
    await page.close();
  }
});

test('a study that cannot be loaded is never titled as a collection', async () => {
  const { page } = await open(browser, '?src=fixtures/nope.json');
  await page.waitForSelector('.error-panel');
  assert.equal(await page.textContent('h1'), 'The study could not be loaded');
  assert.match(await page.textContent('.error-panel .message'), /fixtures\/nope\.json: HTTP 404/);
});

test('a latency chart in seconds says seconds in its title, tooltip and export; the picker names no unit', async () => {
  const { page } = await open(browser, '?view=serving&workload=1024x1024&metric=ttft_p99_ms');
  const figure = 'figure[data-chart="serving"]';
  await page.waitForSelector(`${figure} canvas.chart[data-points]`);
  assert.match(await page.textContent('.explorer h2'), /^Serving: TTFT p99 \(s\) against concurrency/);
  assert.equal(await page.$eval('select.metric-picker', (s) => s.selectedOptions[0].textContent), 'TTFT p99');
  const ticks = (await page.getAttribute(`${figure} canvas.chart`, 'data-y-ticks')).split('|').map((t) => Number(t.replace(/,/g, '')));
  assert.ok(Math.max(...ticks) < 1000, `ticks in seconds: ${ticks}`);
  const last = (await page.getAttribute(`${figure} canvas.chart`, 'data-marks')).split(';').length - 1;
  assert.match(await hoverMark(page, figure, last), /TTFT p99 \(s\)/);
  const svg = (await downloadOf(page, () => page.click('.explorer button.export-svg'))).bytes.toString('utf8');
  assert.ok(svg.includes('· TTFT p99 (s)'), 'the export title in seconds');
  assert.ok(!svg.includes('TTFT p99 (ms)'), 'and nowhere in ms');
});

test('costs name their currency, the verdict says nothing was verified, an empty overview and coverage say so', async () => {
  let { page } = await open(browser, '?view=serving&workload=1024x1024&metric=cost_per_mtok&kwh_price=0.12&gpu_hour_price=2');
  await page.waitForSelector('.price-currency');
  assert.equal(await page.textContent('.price-currency'), 'Prices in one currency; costs are in the currency of the prices entered.');
  // Each cost cell carries its parts under the total.
  const c32 = await page.$eval('table.serving-table tbody tr:first-child td:nth-of-type(6) .n', (n) => n.textContent);
  assert.equal(c32, 'energy 0.01010 + GPU time 0.3847');
  ({ page } = await open(browser, '?view=provenance'));
  await page.waitForFunction(() => document.querySelector('.verdict:not(.checking)'));
  assert.match(await page.textContent('.verdict'), /^Verdict: valid · sources not published, not verified — /);
  // The Share drawer says what the badge says, not "unavailable".
  await page.click('button.share');
  const listed = await page.$$eval('.reproduce-sources li', (l) => l.map((x) => x.textContent));
  assert.ok(listed.length > 0 && listed.every((t) => t.endsWith(' — not published')), listed.join(' | '));
  ({ page } = await open(browser, '?src=edited/no-measurements.json'));
  await page.waitForSelector('.no-findings');
  assert.equal(await page.textContent('.no-findings'), 'No headline findings: this file holds no measurements — every block is absent or has no rows.');
  assert.equal(await page.$$eval('.cards .card', (c) => c.length), 0);
  ({ page } = await open(browser, '?index=collection/index.json&view=coverage'));
  await page.waitForSelector('table.coverage-table');
  assert.match(await page.textContent('table.coverage-table caption'), /^What was measured: 2 models × 2 hardware/);
  const cells = await page.$$eval('table.coverage-table tbody td', (t) => t.map((x) => x.textContent.trim()));
  assert.ok(cells.includes('no study'), cells.join(' | '));
  assert.ok(!cells.includes('not measured'), cells.join(' | '));
});

test('exports match the chart: both percentiles in the CSV, empty KV cache fields, the trade-off title and frontier', async () => {
  let { page } = await open(browser, '?view=serving&workload=1024x1024&metric=ttft_p99_ms&pct=both');
  await page.waitForSelector('table.serving-table');
  let csv = (await downloadOf(page, () => page.click('.table-block .export-csv'))).bytes.toString('utf8').split('\n');
  assert.match(csv[1], /^engine,engine_id,ttft_p50_ms at c1,.*,ttft_p99_ms at c1,/);
  ({ page } = await open(browser, '?view=cache'));
  await page.waitForSelector('table.cache-table');
  csv = (await downloadOf(page, () => page.click('.table-block .export-csv'))).bytes.toString('utf8').split('\n');
  assert.ok(csv.includes('SGLang · no MTP,sglangNoMtp,,,'), csv.join('\n'));
  ({ page } = await open(browser, '?view=tradeoff&workload=1024x1024&slo_ttft_p99_ms=1000'));
  await page.waitForSelector('figure[data-chart="tradeoff"] canvas.chart[data-points]');
  const svg = (await downloadOf(page, () => page.click('.tradeoff button.export-svg'))).bytes.toString('utf8');
  assert.ok(svg.includes('· output tok/s per GPU against per-user tok/s'), 'y against x, as the page says');
  assert.ok(svg.includes('frontier (best points meeting the limits)'), 'the frontier in the legend');
});

test('bar charts answer anywhere on a bar, name their bars on the page and in the embed, and say their unit', async () => {
  for (const [query, unit] of [['?view=cache', /2\.191 M tokens/], ['?view=prefill', /input tokens\/s/], ['?view=cache&embed=1', /M tokens/]]) {
    const { page, problems } = await open(browser, query);
    const canvas = page.locator('canvas.chart[data-points]');
    await canvas.waitFor();
    const key = (await canvas.getAttribute('data-key')).split('|');
    assert.deepEqual(key, ['Paiton CDNA4', 'vLLM + AITER', 'SGLang MTP · 16 seqs', 'SGLang MTP · 8 seqs', 'SGLang · no MTP'], query);
    // The first bar's top is a mark; point halfway down its body, well away from the top.
    const [x, top] = (await canvas.getAttribute('data-marks')).split(';')[0].split(',').map(Number);
    const box = await canvas.boundingBox();
    const base = box.height - 44;
    await page.mouse.move(box.x + x, box.y + (top + base) / 2);
    await page.waitForSelector('.tooltip.shown');
    assert.match(await page.textContent('.tooltip'), unit, query);
    assert.deepEqual((await problems()).pageErrors, []);
    await page.close();
  }
});

test('compare beyond two files: a style per file keyed on the page, every label named, every hash in the export', async () => {
  const files = ['collection/study-002.json', 'collection/study-003.json', 'collection/study-004.json'];
  const { page, problems } = await open(browser, `?src=collection/study-001.json&view=serving&workload=1024x1024&compare=${files.join(',')}`);
  await page.waitForFunction(() => document.querySelectorAll('.compared-file').length === 3);
  await page.waitForSelector('ul.file-key li:nth-child(4)');
  const key = await page.$$eval('ul.file-key li', (l) => l.map((x) => x.textContent.trim()));
  const styles = key.map((k) => k.split(': ').pop());
  assert.deepEqual(styles, ['solid, circles', 'dashed, squares', 'dotted, triangles', 'long dashes, diamonds'], key.join(' | '));
  // Named by title (QA pass 4, F29), which here says the model and hardware already.
  assert.match(key[1], /^File 2 — “Llama-4-Scout on MI350P, run \d+ \(test fixture\)” \(2026-09-02\): dashed, squares$/, key[1]);
  assert.match(key[2], /^File 3 — “Qwen3\.8-Flash-Next on H200, run \d+ \(test fixture\)” \(2026-09-03\): dotted, triangles$/, key[2]);
  // Each file's shape in its key, and the chips key engines by colour alone.
  const shapes = await page.$$eval('ul.file-key li svg path:first-child', (p) => p.map((x) => x.getAttribute('d')));
  assert.equal(new Set(shapes).size, 4, `a shape per file: ${shapes}`);
  const chipSwatches = await page.$$eval('.chip svg.swatch path', (p) => [...new Set(p.map((x) => x.getAttribute('d')))]);
  assert.deepEqual(chipSwatches, ['M1,8L17,8'], 'a colour line per engine, no shape');
  const listed = await page.$$eval('.compared-file .file-style', (l) => l.map((x) => x.textContent));
  assert.deepEqual(listed, key.slice(1), 'the file list says the same styles as the key');
  // Paiton is build 1 in file 1, build 2 in file 2 and build 3 in files 3 and 4: every label
  // is named, one shared by two files once; an engine only compared files have is named too.
  const chips = await page.$$eval('.chip .chip-label', (s) => s.map((x) => x.textContent));
  assert.ok(chips.includes('Paiton CDNA4 · build 1 (file 2: Paiton CDNA4 · build 2; file 3: Paiton CDNA4 · build 3)'), chips.join(' | '));
  assert.ok(chips.includes('vLLM + AITER · build 2 (file 3: vLLM + AITER · build 3)'), chips.join(' | '));
  const svg = (await downloadOf(page, () => page.click('.explorer button.export-svg'))).bytes.toString('utf8');
  for (const [k, src] of files.entries()) assert.match(svg, new RegExp(`file ${k + 2}: ${src.replace('.', '\\.')} · sha256 [0-9a-f]{64}`));
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the sources badge opens provenance; the rest of its row does not', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  const badge = await page.$eval('.study-line .badge', (b) => { const r = b.getBoundingClientRect(); return { right: r.right, y: r.top + r.height / 2 }; });
  const link = await page.$eval('.study-line a.badge-link', (a) => { const r = a.getBoundingClientRect(); return { right: r.right }; });
  const x = badge.right + 30;
  assert.ok(x < link.right, `a point of the badge's row beside it (${x} < ${link.right})`);
  await page.mouse.click(x, badge.y);
  await settled(page);
  assert.match(page.url(), /view=serving/, 'a click beside the badge stays on the view');
  await page.click('.study-line .badge');
  await page.waitForSelector('p.verdict');
  assert.match(page.url(), /view=provenance/, 'the badge opens provenance');
  await page.close();
});
