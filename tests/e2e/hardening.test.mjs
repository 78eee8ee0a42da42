// Hostile text renders as text, bad files show their findings, and no view breaks the CSP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, settled, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';

for (const view of ['overview', 'decode', 'provenance', 'raw']) {
  test(`hostile text in the ${view} view stays text: nothing injected, no dialog`, async () => {
    const { page, problems } = await open(browser, `?src=fixtures/hostile.json&view=${view}`);
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    await page.waitForFunction(() => document.querySelector('main .panel'));
    await settled(page);
    assert.equal(await page.textContent('h1'), `Hostile ${IMG}`);
    const injected = await page.evaluate(() => ({
      img: document.querySelectorAll('img').length,
      iframe: document.querySelectorAll('iframe').length,
      onload: document.querySelectorAll('[onload],[onerror],[onmouseover]').length,
      // The only scripts are index.html's own, whose hashes the CSP names.
      scripts: [...document.querySelectorAll('body script')].filter((s) => !s.dataset.servescope).length,
      jsLinks: [...document.querySelectorAll('a')].filter((a) => a.href.startsWith('javascript:')).length,
    }));
    assert.deepEqual(injected, { img: 0, iframe: 0, onload: 0, scripts: 0, jsLinks: 0 });
    if (view !== 'overview') assert.ok((await page.textContent('body')).includes(SVG), 'the label is shown as written');
    assert.deepEqual(dialogs, []);
    assert.deepEqual((await problems()).csp, []);
  });
}

test('hostile labels reach the legend and table as text', async () => {
  const { page } = await open(browser, '?src=fixtures/hostile.json&view=decode');
  await page.waitForSelector('canvas.chart[data-points]');
  const legend = await page.$$eval('.chip .chip-label', (s) => s.map((x) => x.textContent));
  assert.deepEqual(legend, [`Alpha ${IMG}`, `Beta ${SVG}`]);
});

const BAD = [
  ['fixtures/bad/html-404-page', '(root)', 'syntax', 'not JSON: this is an HTML page'],
  ['fixtures/bad/nan-literal', '(root)', 'syntax', 'line '],
  ['edited/top-level-array', '(root)', 'wrong type', 'found an array'],
  ['edited/concurrency-descending', 'concurrency[2]', 'inconsistent', 'concurrency must ascend'],
  ['edited/cell-unknown-source', 'serving.workloads[0].rows[0].cells[0].source', 'unknown reference', 'sweep-missing.jsonl'],
  ['edited/weight-ci-excludes-kl', 'weightAccuracy.rows[0].kl95CI', 'inconsistent', 'lo ≤ kl ≤ hi'],
];

for (const [name, path, kind, message] of BAD) {
  test(`bad file ${name} shows its path and kind in the error panel`, async () => {
    const { page, problems } = await open(browser, `?src=${name}.json`);
    await page.waitForSelector('.error-panel li.finding');
    const items = await page.$$eval('.error-panel li.finding', (lis) => lis.map((li) => ({
      path: li.querySelector('.path').textContent, kind: li.querySelector('.kind').textContent, text: li.textContent,
    })));
    const hit = items.find((i) => i.path === path);
    assert.ok(hit, `no finding at ${path}: ${JSON.stringify(items)}`);
    assert.equal(hit.kind, `(${kind})`);
    assert.ok(hit.text.includes(message), hit.text);
    assert.deepEqual((await problems()).csp, []);
  });
}

test('a file with a byte-order mark loads, with the warning shown', async () => {
  const { page } = await open(browser, '?src=fixtures/bad/utf8-bom.json');
  await page.waitForSelector('.findings-panel');
  assert.equal(await page.textContent('h1'), 'Minimal study');
  assert.match(await page.textContent('.findings-panel'), /byte-order mark; it was ignored/);
});

test('every view draws under the strict CSP with zero violations and no page error', async () => {
  const views = ['overview', 'decode', 'serving', 'tradeoff', 'energy', 'energy&chart=tradeoff', 'accuracy', 'prefill', 'cache', 'provenance', 'raw', 'compare'];
  for (const view of views) {
    const { page, problems } = await open(browser, `?view=${view}&pct=both&metric=ttft_p99_ms`);
    await page.waitForSelector('main .panel');
    await settled(page);
    const { csp, pageErrors } = await problems();
    assert.deepEqual(csp, [], `CSP violations in ${view}`);
    assert.deepEqual(pageErrors, [], `page errors in ${view}`);
    assert.equal(await page.$$eval('body > span', (s) => s.length), 0, `stray measuring spans in ${view}`);
    await page.close();
  }
});
