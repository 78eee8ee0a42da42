// What readers hit (issue: links that never lie, errors that are never a blank page): the
// address bar after a local file is opened, a study link inside a collection, and the
// error pages' headings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SRC, open, start } from './browser.mjs';

let browser;
before(async () => {
  browser = await start({
    prepare(scratch) {
      const dir = join(scratch, 'collection');
      execFileSync('node', ['tests/fixtures/collection/make.mjs', dir, '3'], { stdio: 'ignore' });
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
