// A collection of twelve studies (tests/fixtures/collection/make.mjs, indexed by
// servescope-index): the catalog from the manifest alone, facets in the link, a changed
// study warned about, three-file compare, and the history across studies.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { downloadOf, open, start, watchRequests } from './browser.mjs';

const INDEX = resolve('target/debug/servescope-index');
let browser;
let manifest;

function makeCollection(dir) {
  execFileSync('node', ['tests/fixtures/collection/make.mjs', dir, '12'], { stdio: 'ignore' });
  execFileSync(INDEX, [dir], { stdio: 'ignore' });
}

before(async () => {
  browser = await start({
    prepare(scratch) {
      const one = join(scratch, 'collection');
      makeCollection(one);
      manifest = JSON.parse(readFileSync(join(one, 'index.json'), 'utf8'));
      // A second copy whose third study changes after its manifest was written.
      const two = join(scratch, 'changed');
      makeCollection(two);
      const path = join(two, 'study-003.json');
      writeFileSync(path, readFileSync(path, 'utf8').replace('run 3 (test fixture)', 'run 3 (edited after indexing)'));
      // A manifest of 500 studies (the catalog reads the manifest alone, so its files need
      // not exist): dates one day apart, so the oldest is last.
      const big = join(scratch, 'big');
      mkdirSync(big);
      const entry = manifest.studies[0];
      const studies = Array.from({ length: 500 }, (_, i) => {
        const day = new Date(Date.UTC(2025, 0, 1) + i * 86400000).toISOString().slice(0, 10);
        return { ...entry, path: `study-${String(i + 1).padStart(3, '0')}.json`, title: `Campaign ${i + 1} (${day})`, date: day };
      });
      writeFileSync(join(big, 'index.json'), JSON.stringify({ schemaVersion: '1.0', studies }));
      return { '/collection/': one, '/changed/': two, '/big/': big };
    },
  });
});
after(async () => { await browser?.close(); });

const rowTitles = (page) => page.$$eval('table.catalog-table tbody tr .row-label', (r) => r.map((x) => x.textContent));

test('the catalog is the landing view of a collection and reads no study file', async () => {
  const page = await browser.context.newPage();
  const quiet = watchRequests(page);
  const studies = [];
  page.on('request', (r) => { if (/\/collection\/study-\d+\.json/.test(r.url())) studies.push(r.url()); });
  await page.goto(`${browser.base}?index=collection/index.json`);
  await page.waitForSelector('table.catalog-table tbody tr');
  const titles = await rowTitles(page);
  assert.equal(titles.length, 12);
  const newest = [...manifest.studies].sort((a, b) => b.date.localeCompare(a.date))[0];
  assert.equal(titles[0], newest.title, 'newest first');
  assert.match(await page.textContent('table.catalog-table caption'), /^12 of 12 studies, newest first/);
  await quiet();
  assert.deepEqual(studies, [], 'no study file is fetched until one is opened');
  assert.equal(await page.title(), 'catalog · servescope');
  await page.close();
});

test('a facet in the link filters the list, and a title opens its study', async () => {
  const { page } = await open(browser, '?index=collection/index.json&view=catalog&hardware=H200');
  await page.waitForSelector('table.catalog-table tbody tr');
  const expected = manifest.studies.filter((s) => s.hardware === 'H200').map((s) => s.title).sort();
  assert.deepEqual((await rowTitles(page)).sort(), expected);
  assert.equal(await page.$eval('select.hardware-facet', (s) => s.value), 'H200');
  await page.selectOption('select.model-facet', 'Llama-4-Scout');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('model') === 'Llama-4-Scout');
  const both = manifest.studies.filter((s) => s.hardware === 'H200' && s.model === 'Llama-4-Scout').map((s) => s.title).sort();
  assert.deepEqual((await rowTitles(page)).sort(), both);
  await page.click('table.catalog-table tbody tr a.row-label');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.ok(both.includes(await page.textContent('h1')), 'the study opened');
});

test('a search that keeps no study offers to clear the filters, and clearing shows every study again', async () => {
  const { page } = await open(browser, '?index=collection/index.json&view=catalog&q=zzzz&hardware=H200');
  await page.waitForSelector('p.no-match button.clear-filters');
  assert.equal(await page.locator('table.catalog-table tbody tr').count(), 0);
  assert.equal(await page.textContent('p.no-match'), 'No study matches these filters. Clear filters');
  await page.click('button.clear-filters');
  await page.waitForFunction((n) => document.querySelectorAll('table.catalog-table tbody tr').length === n, Math.min(manifest.studies.length, 100));
  const params = new URL(page.url()).searchParams;
  assert.deepEqual([params.get('q'), params.get('hardware'), params.get('view')], [null, null, 'catalog']);
  assert.equal(await page.$eval('input.catalog-search', (i) => i.value), '');
  assert.equal(await page.locator('p.no-match').count(), 0);
});

test('a study changed since its manifest was written is warned about, on its page and in the catalog', async () => {
  const { page } = await open(browser, '?index=changed/index.json&src=changed/study-003.json&view=overview');
  await page.waitForSelector('.manifest-changed');
  assert.match(await page.textContent('.manifest-changed'), /changed since the index was built: the manifest lists sha256 [0-9a-f]{64}, the file is [0-9a-f]{64}/);
  await page.click('nav.views a.tab:text("Catalog")');
  await page.waitForSelector('table.catalog-table tbody tr');
  const tagged = await page.$$eval('table.catalog-table tbody tr', (rows) => rows.filter((r) => r.querySelector('.tag')).map((r) => [r.querySelector('.row-label').textContent, r.querySelector('.tag').textContent]));
  assert.deepEqual(tagged, [['Qwen3.8-Flash-Next on MI300X, run 3 (test fixture)', 'changed since the index was built']]);
});

test('coverage lists engines per model and hardware, and a cell opens the filtered catalog', async () => {
  const { page } = await open(browser, '?index=collection/index.json&view=coverage');
  await page.waitForSelector('table.coverage-table tbody tr');
  const heads = await page.$$eval('table.coverage-table thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(heads, ['Model', 'H200', 'MI300X', 'MI350P']);
  await page.click('table.coverage-table tbody tr:first-child td:first-of-type a');
  await page.waitForSelector('table.catalog-table tbody tr');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('view'), 'catalog');
  assert.equal(url.searchParams.get('hardware'), 'H200');
});

test('three files compare: each file\'s engines in the legend, and a ratio column per later file', async () => {
  const { page } = await open(browser, '?view=serving&compare=fixtures/compare/rerun.json,collection/study-004.json');
  await page.waitForSelector('table.delta-table');
  const heads = await page.$$eval('table.delta-table thead th', (t) => t.map((x) => x.textContent));
  assert.ok(heads.includes('file 2 ÷ file 1') && heads.includes('file 3 ÷ file 1'), heads.join(' | '));
  const chips = await page.$$eval('.chip .chip-label', (s) => s.map((x) => x.textContent));
  assert.ok(chips.includes('Next-gen engine'), `the second file's own engine: ${chips}`);
  assert.equal(await page.$$eval('.compared-file', (f) => f.length), 2);
});

test('the history joins only like with like: one engine on one model and hardware, other setups listed, not joined', async () => {
  const query = '?index=collection/index.json&view=history&engine=paiton&model=Qwen3.8-Flash-Next&hardware=H200&workload=1024x1024&conc=1';
  const { page, problems } = await open(browser, query);
  await page.waitForSelector('table.history-table tbody tr');
  await page.waitForFunction(() => !document.querySelector('.history .status[role=status]'));
  const measured = manifest.studies.filter((s) => s.engineIds.includes('paiton') && s.workloads.includes('1024x1024')
    && s.model === 'Qwen3.8-Flash-Next' && s.hardware === 'H200');
  assert.equal(measured.length, 3, 'the fixture: three Paiton studies of Qwen on H200');
  await page.waitForSelector(`figure[data-chart="history"] canvas.chart[data-points="${measured.length}"]`);
  assert.equal(await page.$$eval('table.history-table tbody tr', (r) => r.length), measured.length);
  // Paiton on Llama-4-Scout (the same engine id) is listed as another setup, never drawn here.
  const off = await page.$$eval('ul.not-measured li', (l) => l.map((x) => x.textContent));
  assert.equal(off.length, 12 - measured.length);
  assert.ok(off.some((t) => /Llama-4-Scout on MI350P/.test(t)), off.join(' | '));
  assert.match(await page.textContent('.history h2'), /^paiton \(Paiton CDNA4 · build 5, Paiton CDNA4 · build 11\) on Qwen3\.8-Flash-Next · H200, across studies$/);
  assert.match(await page.textContent('.notice.conflict'), /1 pair of studies reports the same engine, checkpoint, hardware, setup, workload and concurrency with different values/);
  assert.equal(await page.$$eval('table.history-table tbody tr.source-mismatch', (r) => r.length), 2, 'both studies of the pair are flagged');
  // Spanning hardware is asked for in the link, and each hardware is its own line.
  await page.selectOption('select.hardware-picker', '*');
  await page.waitForFunction(() => /[?&]across=hardware(&|$)/.test(location.search) && !/[?&]hardware=/.test(location.search));
  await page.waitForFunction(() => document.querySelectorAll('ul.history-lines li').length === 2);
  const lines = await page.$$eval('ul.history-lines li', (l) => l.map((x) => x.textContent.trim()));
  assert.ok(lines.some((l) => /· MI350P · 2 studies$/.test(l)) && lines.some((l) => /· H200 · 3 studies$/.test(l)), lines.join(' | '));
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the history view with nothing chosen offers every control with its default, and a pick moves the link', async () => {
  const { page, problems } = await open(browser, '?index=collection/index.json&view=history');
  await page.waitForSelector('figure[data-chart="history"] canvas.chart[data-points]');
  await page.waitForFunction(() => !document.querySelector('.history .status[role=status]'));
  const picker = (cls) => page.$eval(`select.${cls}`, (s) => ({ value: s.value, options: [...s.options].map((o) => o.textContent) }));
  assert.equal((await picker('engine-picker')).value, 'paiton');
  assert.equal((await picker('workload-picker')).value, '1024x1024');
  // The levels arrive with the studies; the picker must follow (a derived list once stayed empty).
  assert.deepEqual(await picker('conc-picker'), { value: '1', options: ['c1', 'c2', 'c4', 'c8', 'c16', 'c32', 'c64'] });
  await page.selectOption('select.conc-picker', '8');
  await page.waitForFunction(() => /[?&]conc=8(&|$)/.test(location.search));
  assert.equal((await picker('conc-picker')).value, '8');
  assert.match(await page.textContent('table.history-table caption'), /output tok\/s per GPU across the collection's studies/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('a 500-study catalog shows a page of rows at a time; search and the CSV reach every study', async () => {
  const { page } = await open(browser, '?index=big/index.json');
  await page.waitForSelector('table.catalog-table tbody tr');
  assert.match(await page.textContent('table.catalog-table caption'), /^500 of 500 studies, newest first · the first 100 shown/);
  let titles = await rowTitles(page);
  assert.equal(titles.length, 100, 'one page of rows in the DOM, not 500');
  assert.equal(titles[0], 'Campaign 500 (2026-05-15)');
  assert.equal(await page.textContent('button.show-more'), 'Show 100 more of 500');
  await page.click('button.show-more');
  await page.waitForFunction(() => document.querySelectorAll('table.catalog-table tbody tr').length === 200);
  assert.match(await page.textContent('table.catalog-table caption'), /^500 of 500 studies, newest first · the first 200 shown/);
  const { bytes } = await downloadOf(page, () => page.click('.catalog button.export-csv'));
  const lines = bytes.toString('utf8').trim().split('\n').filter((l) => !l.startsWith('#'));
  assert.equal(lines.length, 501, 'a header and every study, not only the rows shown');
  // The oldest study is on no page shown yet: the search finds it.
  await page.fill('input.catalog-search', 'Campaign 1 (2025-01-01)');
  await page.press('input.catalog-search', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('table.catalog-table tbody tr').length === 1);
  titles = await rowTitles(page);
  assert.deepEqual(titles, ['Campaign 1 (2025-01-01)']);
  assert.match(await page.textContent('table.catalog-table caption'), /^1 of 500 studies, newest first · text “Campaign 1 \(2025-01-01\)”$/);
  assert.match(page.url(), /[?&]q=Campaign(\+|%20)1/);
  assert.equal(await page.$('button.show-more'), null);
  // "Show more" counts for the list it was pressed on: another long list starts at one page
  // (Campaign 4, 40–49 and 400–499), and the list it was pressed on keeps its 200.
  // Typing filters; no Enter needed.
  await page.fill('input.catalog-search', 'Campaign 4');
  await page.waitForFunction(() => document.querySelectorAll('table.catalog-table tbody tr').length === 100);
  assert.match(await page.textContent('table.catalog-table caption'), /^111 of 500 studies, newest first · text “Campaign 4” · the first 100 shown$/);
  await page.fill('input.catalog-search', '');
  await page.press('input.catalog-search', 'Enter');
  await page.waitForFunction(() => !/[?&]q=/.test(location.search));
  assert.equal((await rowTitles(page)).length, 200);
  await page.close();
});

test('in compare a toggle never hides a compared file\'s own engine, and Add offers only studies not shown', async () => {
  const [first, ...rest] = manifest.studies;
  const other = rest.find((s) => s.engineIds.some((id) => !first.engineIds.includes(id)));
  const theirs = other.engineIds.filter((id) => !first.engineIds.includes(id));
  const { page, problems } = await open(browser, `?index=collection/index.json&view=compare&compare=collection/${other.path}`);
  await page.waitForSelector('canvas.chart[data-points]');
  const points = Number(await page.getAttribute('canvas.chart', 'data-points'));
  assert.ok((await page.$$('li.chip button.legend-toggle[disabled]')).length >= theirs.length, 'their own engines have chips');
  await page.click(`li.chip:has-text("${first.engines[1]}") button.legend-toggle`);
  await page.waitForFunction(() => /[?&]engines=/.test(location.search));
  const engines = new URL(page.url()).searchParams.get('engines').split(',');
  for (const id of theirs) assert.ok(engines.includes(id), `${id} stays shown: ${engines}`);
  assert.ok(!engines.includes(first.engineIds[1]));
  assert.equal(await page.$$eval('li.chip.off button.legend-toggle[disabled]', (b) => b.length), 0);
  assert.ok(Number(await page.getAttribute('canvas.chart', 'data-points')) < points);
  // Add lists the studies not shown yet, and goes back to its placeholder after a pick.
  await page.waitForSelector('select.compare-picker');
  const picker = () => page.$eval('select.compare-picker', (s) => ({ value: s.value, options: [...s.options].map((o) => o.value) }));
  let add = await picker();
  assert.equal(add.value, '');
  assert.ok(!add.options.includes(`collection/${first.path}`) && !add.options.includes(`collection/${other.path}`));
  assert.equal(add.options.length, 1 + manifest.studies.length - 2);
  const third = add.options[1];
  await page.selectOption('select.compare-picker', third);
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('compare')?.split(',').includes(t), third);
  add = await picker();
  assert.equal(add.value, '');
  assert.ok(!add.options.includes(third));
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the catalog\'s search box in the dark theme is drawn like its other fields, not a flat grey block (QA F25)', async () => {
  const { page } = await open(browser, '?index=collection/index.json&view=catalog&theme=dark');
  await page.waitForSelector('input.catalog-search');
  const looks = await page.evaluate(() => {
    const style = (el) => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.borderTopColor]; };
    return { search: style(document.querySelector('input.catalog-search')), select: style(document.querySelector('select')) };
  });
  assert.deepEqual(looks.search, looks.select, 'the search box wears the fields\' panel, text and border colours');
  await page.close();
});

test('on a phone the catalog lists each study as a card that fits the screen (QA F26)', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${browser.base}?index=collection/index.json&view=catalog`);
  await page.waitForSelector('table.catalog-table tbody tr');
  const fit = await page.$eval('table.catalog-table', (t) => ({ table: t.getBoundingClientRect().width, box: t.parentElement.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth }));
  assert.ok(fit.table <= fit.box + 1, `the table is ${fit.table} px in a ${fit.box} px box`);
  assert.ok(fit.page <= 0, `the page scrolls sideways by ${fit.page} px`);
  const line = await page.$eval('table.catalog-table tbody tr td[data-label="model"]', (td) => [getComputedStyle(td).display, getComputedStyle(td, '::before').content]);
  assert.deepEqual(line, ['flex', '"model"'], 'a study\'s model reads as a labelled line');
  await page.close();
});
