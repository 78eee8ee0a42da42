// Provenance in the browser: the same statuses, words and verdict as servescope-verify,
// fetched relative to the results file, and the same check on local files.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const FIXTURE = '?src=fixtures/provenance/results.json';

async function sourceStatuses(page) {
  return page.$$eval('table.sources-table tbody tr', (rows) => rows.map((r) => {
    const cells = r.querySelectorAll('td');
    return [r.querySelector('th .row-label').textContent, cells[2].textContent, cells[3].textContent];
  }));
}

test('the bundled study: its manifest lists no source as published, so none is asked for and the badge says so, hashes listed', async () => {
  const failed = [];
  const { page, problems } = await open(browser, '?view=provenance', {
    before: (p) => p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); }),
  });
  await page.waitForFunction(() => document.querySelector('.verdict:not(.checking)'));
  assert.equal(await page.textContent('header .badge'), '17 source files not published with this page · hashes listed');
  const statuses = await sourceStatuses(page);
  assert.equal(statuses.length, 17);
  assert.ok(
    statuses.every(([, label, detail]) => label === 'not published' && detail === "not published beside the study (by the collection's manifest: not asked for)"),
    JSON.stringify(statuses),
  );
  assert.deepEqual(failed, [], 'no request for a source the manifest lists as unpublished');
  assert.match(await page.textContent('.citing'), /sweep-paiton\.jsonl — 15 citations/);
  const { csp, pageErrors } = await problems();
  assert.deepEqual(csp, []);
  assert.deepEqual(pageErrors, []);
});

test('no view of the bundled studies asks for a file that is not there', async () => {
  const views = ['overview', 'serving', 'tradeoff', 'energy', 'decode', 'prefill', 'cache', 'accuracy', 'provenance', 'goodput', 'requests', 'catalog'];
  const studies = ['', '?src=data/requests/aiperf-example/results.json&index=data/requests/index.json'];
  for (const study of studies) {
    for (const view of views) {
      const failed = [];
      const query = `${study || '?'}${study ? '&' : ''}view=${view}`;
      const { page, problems } = await open(browser, query, {
        before: (p) => p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); }),
      });
      await page.waitForFunction(() => !document.querySelector('.verdict.checking, .badge.checking'), null, { timeout: 30000 });
      await page.waitForLoadState('networkidle');
      assert.deepEqual(failed, [], query);
      assert.deepEqual((await problems()).consoleErrors, [], query);
      await page.close();
    }
  }
});

test('the fixture bundle: verified, mismatch, unavailable, not checked, one cell that disagrees, and the command line\'s verdict', async () => {
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
  assert.match(await page.textContent('header .badge'), /^1 of 5 sources mismatched/);
  assert.equal(await page.textContent('.recompute-total'), 'In total 1 of 2 cells match their source line.');
  const recompute = await page.textContent('ul.recompute');
  assert.ok(recompute.includes('serving.workloads[0].rows[0].cells[2]: `out_tok_s` is 900 but the line gives 905.2'), recompute);
  // The page's verdict is the sentence servescope-verify prints for the same files.
  const run = spawnSync('target/debug/servescope-verify', ['tests/fixtures/provenance/results.json'], { encoding: 'utf8' });
  assert.equal(run.status, 1, 'the command line fails the same files');
  const cli = run.stdout;
  const sentence = (await page.textContent('.verdict')).replace(/^Verdict: /, '');
  assert.ok(cli.includes(`verdict: ${sentence}`), `${sentence}\n${cli}`);
  assert.deepEqual((await problems()).csp, []);
});

test('figures from a mismatched source are marked in the decode table', async () => {
  const { page } = await open(browser, `${FIXTURE}&view=decode`);
  await page.waitForSelector('tr.source-mismatch');
  const marked = await page.$$eval('table.decode-table tr.source-mismatch th .row-label', (ths) => ths.map((t) => t.textContent.trim()));
  assert.deepEqual(marked, ['Beta engine']);
});

test('local files are checked the same way, and nothing is fetched for them', async () => {
  const { page } = await open(browser, '?src=missing.json');
  await page.waitForSelector('.error-panel');
  const dir = 'tests/fixtures/provenance';
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', ['results.json', 'alpha.json', 'beta.json', 'sweep.jsonl'].map((f) => `${dir}/${f}`));
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Provenance fixture');
  await page.click('nav.views a:has-text("Provenance")');
  await page.waitForSelector('.recompute-total');
  const statuses = await sourceStatuses(page);
  assert.deepEqual(statuses.map(([, label]) => label), ['verified', 'mismatch', 'verified', 'unavailable', 'not checked']);
  assert.equal(statuses[3][2], 'not among the files picked');
  assert.equal(await page.textContent('.recompute-total'), 'In total 1 of 2 cells match their source line.');
});

test('the engines table lives in the provenance view', async () => {
  const { page } = await open(browser, '?view=provenance');
  await page.waitForSelector('table.engines-table');
  const rows = await page.$$eval('table.engines-table tbody tr', (trs) => trs.map((tr) => tr.querySelector('.row-label').textContent));
  assert.deepEqual(rows, ['Paiton CDNA4', 'vLLM + AITER', 'SGLang MTP · 16 seqs', 'SGLang MTP · 8 seqs', 'SGLang · no MTP']);
});

test('a per-request table the manifest lists as unpublished is never asked for, and the views say it is not published', async () => {
  // The bundled AIPerf study, its manifest saying its table was not published beside it.
  const unpublished = await start({
    prepare(scratch) {
      const dir = join(scratch, 'held');
      cpSync('data/requests', dir, { recursive: true });
      const manifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
      manifest.studies[0].publishedSources = manifest.studies[0].publishedSources.filter((f) => !f.endsWith('.requests.csv.gz'));
      writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest));
      return { '/held/': dir };
    },
  });
  try {
    const asked = [];
    const { page } = await open(unpublished, '?index=held/index.json&src=held/aiperf-example/results.json&view=goodput', {
      before: (p) => p.on('request', (r) => asked.push(new URL(r.url()).pathname)),
    });
    await page.waitForLoadState('networkidle');
    assert.ok(asked.includes('/held/aiperf-example/endpoint.cells.jsonl'), 'a published source is asked for');
    assert.deepEqual(asked.filter((p) => p.endsWith('.csv.gz')), [], 'the unpublished table is not');
    await page.click('a[href*="view=provenance"]');
    await page.waitForSelector('table.sources-table');
    const rows = await sourceStatuses(page);
    const table = rows.find(([name]) => name === 'endpoint.requests.csv.gz');
    // Unavailable, with why (the others were published, so the study is not "sources not published").
    assert.deepEqual(table?.slice(1), ['unavailable', "not published beside the study (by the collection's manifest: not asked for)"]);
  } finally {
    await unpublished.close();
  }
});

test('every view of a study with requests names the same verified count, its tables checked by the provenance view itself (QA F3)', async () => {
  const study = '?src=data/requests/aiperf-example/results.json';
  const badges = [];
  for (const view of ['provenance', 'decode', 'overview']) {
    const { page, problems } = await open(browser, `${study}&view=${view}`);
    // Until the per-request table is read the badge says it is still checking, never
    // "not checked" once the checks end.
    await page.waitForFunction(() => /verified|mismatched/.test(document.querySelector('header .badge')?.textContent ?? ''), null, { timeout: 20000 });
    const badge = await page.textContent('header .badge');
    assert.doesNotMatch(badge, /not checked|checking/, `${view}: ${badge}`);
    badges.push(badge);
    if (view === 'provenance') {
      const statuses = await sourceStatuses(page);
      assert.deepEqual(statuses.find(([name]) => name === 'endpoint.requests.csv.gz')?.slice(0, 2), ['endpoint.requests.csv.gz', 'verified'], JSON.stringify(statuses));
      assert.ok(statuses.every(([, label]) => label === 'verified'), JSON.stringify(statuses));
    }
    assert.deepEqual((await problems()).pageErrors, []);
    await page.close();
  }
  assert.deepEqual(badges, Array(3).fill(badges[0]));
  assert.match(badges[0], /^all 4 sources verified$/);
});
