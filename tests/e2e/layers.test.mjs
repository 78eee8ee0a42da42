// Async work has an owner: a slow first load that finishes after a second link was followed
// is dropped, and the page ends on the second file with the second file's source statuses;
// a slow source check of a file no longer shown never writes into the file shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SLOW_MS, SRC, open, start, watchRequests } from './browser.mjs';

/** The per-request table of the bundled AIPerf study, answered late. */
const TABLE = '/data/requests/aiperf-example/endpoint.requests.csv.gz';
let browser;
before(async () => { browser = await start({ delays: { [TABLE]: 4 * SLOW_MS } }); });
after(async () => { await browser?.close(); });

/** The provenance view's statuses as [source, status words]. */
async function statuses(page) {
  return page.$$eval('table.sources-table tbody tr', (rows) => rows.map((r) => [r.querySelector('th .row-label').textContent, r.querySelectorAll('td')[2].textContent]));
}

test('a slow first load finishing after a second link is dropped: the page ends on the second file and its statuses', async () => {
  // The first file (and its sources) answers after SLOW_MS; the second is the bundled study.
  const { page, problems, quiet } = await open(browser, '?src=slow/provenance/results.json&view=provenance');
  await page.waitForSelector('.skeleton');
  // Follow a second link before the first file arrives.
  await page.evaluate((src) => {
    history.pushState(null, '', `?src=${src}&view=provenance`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SRC);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Qwen3.8-Flash-Next on one MI350P');
  await page.waitForFunction(() => document.querySelector('.verdict:not(.checking)'));
  // Let the slow first file and its slow sources arrive (or be cancelled), then look again.
  await quiet();
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P', 'the late first file did not replace the second');
  const shown = await statuses(page);
  assert.equal(shown.length, 17, 'the second file has 17 sources');
  assert.ok(shown.every(([, status]) => status === 'not published'), JSON.stringify(shown));
  assert.ok(!shown.some(([name]) => name === 'alpha.json'), 'no status of the first file was written here');
  assert.match(await page.textContent('.badge.sources'), /17 source files not published with this page/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('a source check still running for a file no longer shown writes nothing into the file shown', async () => {
  // The first file arrives quickly, but its sources are slow; the page moves on meanwhile.
  const { page, quiet } = await open(browser, '?src=fixtures/provenance/slow-sources.json&view=provenance');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Provenance fixture, slow sources');
  await page.evaluate((src) => {
    history.pushState(null, '', `?src=${src}&view=provenance`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SRC);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Qwen3.8-Flash-Next on one MI350P');
  await quiet();
  const shown = await statuses(page);
  assert.equal(shown.length, 17);
  assert.ok(shown.every(([, status]) => status === 'not published'), JSON.stringify(shown));
  assert.match(await page.textContent('.verdict'), /^Verdict: valid · sources not published, not verified — valid with 0 warnings; 17 sources: 0 verified/);
});

/** In the page: every fetch whose own abort signal fires, by path, in `window.__aborted`. */
function recordAborts() {
  window.__aborted = [];
  const real = window.fetch;
  window.fetch = function (input, init) {
    const path = new URL(String(input.url ?? input), location.href).pathname;
    (init?.signal ?? input.signal)?.addEventListener('abort', () => window.__aborted.push(path));
    return real.call(this, input, init);
  };
}

test('a second collection link wins over a slow first one, and the first manifest download is aborted', async () => {
  // The first manifest answers after SLOW_MS; the page moves to another before it arrives.
  const page = await browser.context.newPage();
  const quiet = watchRequests(page);
  const failed = [];
  page.on('requestfailed', (r) => failed.push([new URL(r.url()).pathname, r.failure()?.errorText]));
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  // The app's aborts, on the fetches' own signals (Chromium may also report a fetch read to
  // its end as ERR_ABORTED, with no signal fired: see the next test).
  await page.addInitScript(recordAborts);
  await page.goto(`${browser.base}?index=slow/collection-two.json&view=catalog`);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/slow/collection-two.json')) || document.querySelector('main'));
  await page.evaluate(() => {
    history.pushState(null, '', '?index=data/index.json&view=catalog');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  // The second manifest lists one study; the first lists two.
  await page.waitForFunction(() => document.querySelectorAll('table.catalog-table tbody tr').length === 1);
  await quiet();
  assert.equal(await page.$$eval('table.catalog-table tbody tr', (r) => r.length), 1, 'the late first manifest did not replace the second');
  assert.match(await page.textContent('table.catalog-table tbody'), /Qwen3.8-Flash-Next on one MI350P/);
  assert.deepEqual(await page.evaluate(() => window.__aborted), ['/slow/collection-two.json'], 'the first manifest was aborted, nothing else');
  assert.ok(failed.some(([path, why]) => path === '/slow/collection-two.json' && why === 'net::ERR_ABORTED'), JSON.stringify(failed));
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test('a slow study the app fetched, superseded by a second link, is aborted rather than downloaded to its end', async () => {
  // The app's own fetch (a link opened at load time is preloaded by the head script, which no
  // app can abort): start on one study, follow a link to a slow one, then a third.
  // The app's aborts, seen on the fetches' own signals: Chromium sometimes also reports a
  // fetch whose body was read to its end as ERR_ABORTED (no signal fired), so the network's
  // word alone cannot say what the app stopped.
  const { page, quiet } = await open(browser, '?src=fixtures/minimal.json&view=provenance', { before: (p) => p.addInitScript(recordAborts) });
  const failed = [];
  page.on('requestfailed', (r) => failed.push([new URL(r.url()).pathname, r.failure()?.errorText]));
  const requested = page.waitForRequest((r) => r.url().includes('/slow/provenance/results.json'));
  await page.evaluate(() => {
    history.pushState(null, '', '?src=slow/provenance/results.json&view=provenance');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await requested;
  await page.evaluate((src) => {
    history.pushState(null, '', `?src=${src}&view=provenance`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SRC);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Qwen3.8-Flash-Next on one MI350P');
  await quiet();
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P');
  assert.ok(failed.some(([path, why]) => path === '/slow/provenance/results.json' && why === 'net::ERR_ABORTED'), JSON.stringify(failed));
  // Only superseded loads stop (the first study's unread source answers may be among them);
  // nothing of the study shown is aborted.
  const aborted = await page.evaluate(() => window.__aborted);
  assert.ok(aborted.includes('/slow/provenance/results.json'), JSON.stringify(aborted));
  assert.ok(aborted.every((path) => !path.startsWith('/data/')), JSON.stringify(aborted));
  assert.ok(failed.every(([, why]) => why === 'net::ERR_ABORTED'), JSON.stringify(failed));
  await page.close();
});

test("a study's per-request table still downloading when the reader follows a link to another study is aborted", async () => {
  const failed = [];
  let asked;
  const { page, quiet } = await open(browser, '?src=data/requests/aiperf-example/results.json&view=requests', {
    before: async (p) => {
      await p.addInitScript(recordAborts);
      p.on('requestfailed', (r) => failed.push([new URL(r.url()).pathname, r.failure()?.errorText]));
      asked = p.waitForRequest((r) => r.url().endsWith(TABLE));
    },
  });
  // The requests view asks for its table once: the download is under way, and said.
  await asked;
  await page.waitForSelector('.requests-loading');
  await page.evaluate((src) => {
    history.pushState(null, '', `?src=${src}&view=overview`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SRC);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Qwen3.8-Flash-Next on one MI350P');
  await quiet();
  assert.deepEqual((await page.evaluate(() => window.__aborted)).filter((p) => p === TABLE), [TABLE], "the table's own signal fired, once");
  assert.ok(failed.some(([path, why]) => path === TABLE && why === 'net::ERR_ABORTED'), JSON.stringify(failed));
  await page.close();
});
