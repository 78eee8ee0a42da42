// The views a first visit does not show are wasm chunks of their own (src/ui/shell/lazy.rs,
// cut out by tools/split.mjs): the first load requests none; each view fetches its chunk
// the first time it opens, once, and works; a chunk that cannot be fetched is said in the
// view's place with a retry that loads it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { open, settled, start } from './browser.mjs';

// Each split view: its tab, the chunk named after it, and what shows once it works; the
// study's views, then the collection's (tests/fixtures/collection, twelve studies).
const STUDY_VIEWS = [
  { view: 'tradeoff', shown: 'section.panel.tradeoff canvas.chart[data-points]' },
  { view: 'decode', shown: 'section.panel.decode canvas.chart[data-points]' },
  { view: 'accuracy', shown: 'section.panel.accuracy canvas.chart[data-points]' },
  { view: 'prefill', shown: 'section.panel.prefill' },
  { view: 'cache', shown: 'section.panel.cache' },
  { view: 'provenance', shown: 'p.verdict:not(.checking)' },
  { view: 'raw', shown: 'section.panel.raw pre.raw-json' },
  { view: 'compare', shown: 'section.panel.compare' },
];
const COLLECTION_VIEWS = [
  { view: 'catalog', shown: 'section.panel.catalog table' },
  { view: 'coverage', shown: 'section.panel.coverage table' },
  { view: 'history', shown: 'section.panel.history' },
];
const VIEWS = [...STUDY_VIEWS, ...COLLECTION_VIEWS];
const CHUNK = /\/servescope-(split-[a-z-]+|chunk-[0-9]+)-[0-9a-f]{16}\.wasm$/;
const splitOf = (view) => new RegExp(`/servescope-split-${view}-[0-9a-f]{16}\\.wasm$`);

let browser;
before(async () => {
  browser = await start({
    prepare(scratch) {
      const dir = join(scratch, 'collection');
      execFileSync('node', ['tests/fixtures/collection/make.mjs', dir, '12'], { stdio: 'ignore' });
      execFileSync(resolve('target/debug/servescope-index'), [dir], { stdio: 'ignore' });
      return { '/collection/': dir };
    },
  });
});
after(async () => { await browser?.close(); });

/** Every path the page requested, from now on. */
function requests(page) {
  const urls = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

test('the build writes one chunk per split view, and the first download holds none of them', async () => {
  const files = readdirSync('dist').filter((f) => CHUNK.test(`/${f}`));
  for (const { view } of VIEWS) {
    assert.equal(files.filter((f) => splitOf(view).test(`/${f}`)).length, 1, `one chunk for the ${view} view in dist/: ${files}`);
  }
  // Watched from the navigation on: the boot included.
  let urls;
  const { page, problems } = await open(browser, '', { before: (p) => { urls = requests(p); } });
  await page.waitForSelector('canvas.chart[data-points]');
  assert.ok(urls.some((u) => /servescope-[0-9a-f]+_bg\.wasm$/.test(u)), `the watch saw the boot: ${urls}`);
  await page.click('nav a[href*="view=serving"]');
  await page.waitForSelector('section.panel.explorer canvas.chart[data-points]');
  assert.deepEqual(urls.filter((u) => CHUNK.test(u)), [], 'no chunk requested by the overview and serving views');
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

/** Opens each view by its tab, twice round: each chunk is fetched on the first visit only. */
async function visitEach(page, urls, views) {
  for (const round of [1, 2]) {
    for (const { view, shown } of views) {
      await page.click(`nav a[href*="view=${view}"]`);
      await page.waitForSelector(shown);
      assert.equal(await page.$('.chunk-failed'), null, `${view}: no failure`);
      assert.equal(urls.filter((u) => splitOf(view).test(u)).length, 1, `${view} (round ${round}): its chunk fetched once`);
    }
  }
  const chunks = urls.filter((u) => CHUNK.test(u));
  assert.equal(new Set(chunks).size, chunks.length, `no chunk fetched twice: ${chunks}`);
}

test('each split view of a study loads its chunk the first time it opens, once, and works', async () => {
  const { page, problems } = await open(browser, '?view=overview');
  const urls = requests(page);
  await page.waitForSelector('canvas.chart[data-points]');
  await visitEach(page, urls, STUDY_VIEWS);
  const { csp, pageErrors } = await problems();
  assert.deepEqual(csp, [], "chunks load under the page's CSP");
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test("each of a collection's views loads its chunk the first time it opens, once, and works", async () => {
  // A link to one of them: its chunk is part of that first load, and only its.
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const urls = requests(page);
  await page.goto(`${browser.base}?index=collection/index.json&view=coverage`);
  await page.waitForSelector('section.panel.coverage table');
  assert.deepEqual(urls.filter((u) => CHUNK.test(u) && !/split-coverage|chunk-/.test(u)), [], 'only the coverage chunk (and code it shares)');
  await visitEach(page, urls, COLLECTION_VIEWS);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a chunk that cannot be fetched is said in the view, and Retry loads it', async () => {
  const { page, problems } = await open(browser, '?view=overview');
  await page.waitForSelector('canvas.chart[data-points]');
  const raw = splitOf('raw');
  const block = (route) => route.abort();
  await page.route(raw, block);
  await page.click('nav a[href*="view=raw"]');
  await page.waitForSelector('.chunk-failed');
  assert.equal(await page.textContent('.chunk-failed h2'), 'Could not load the raw file view');
  assert.match(await page.textContent('.chunk-failed .message'), /did not arrive\. Check the connection and try again\.$/);
  assert.equal(await page.$('pre.raw-json'), null, 'no view without its chunk');
  // The rest of the page still works.
  await page.click('nav a[href*="view=serving"]');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('nav a[href*="view=raw"]');
  await page.waitForSelector('.chunk-failed');
  await page.unroute(raw, block);
  await page.click('.chunk-failed .retry-chunk');
  await page.waitForSelector('section.panel.raw pre.raw-json');
  assert.equal(await page.$('.chunk-failed'), null, 'the failure is gone once the chunk arrived');
  assert.match(await page.textContent('pre.raw-json'), /^\{/);
  assert.deepEqual((await problems()).pageErrors, [], 'a failed chunk is not an unhandled error');
  await page.close();
});

test("the import form's chunk is fetched when the Open drawer opens, once, and the form works", async () => {
  const { page, problems } = await open(browser, '?view=serving');
  const urls = requests(page);
  await page.waitForSelector('canvas.chart[data-points]');
  const form = splitOf('import-form');
  assert.deepEqual(urls.filter((u) => form.test(u)), [], 'not before the drawer opens');
  for (const round of [1, 2]) {
    await page.click('button.open-file');
    await page.setInputFiles('.open-drawer input[type=file]', ['c1.json', 'append.json'].map((f) => join('tests/fixtures/import/vllm', f)));
    await page.waitForSelector('.import-form');
    assert.equal(await page.$$eval('.import-form .detected li', (li) => li.length), 2, `round ${round}: the form lists what was read`);
    assert.equal(urls.filter((u) => form.test(u)).length, 1, `round ${round}: the form's chunk fetched once`);
    await page.click('.open-drawer button.action:text-is("Close")');
  }
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

const TRADEOFF_LINK = '?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&view=tradeoff';

test('a link to the trade-off fetches its chunk at boot, beside the study, once', async () => {
  const link = TRADEOFF_LINK;
  const study = /\/data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json$/;
  let urls;
  const events = [];
  let chunkAsked;
  const asked = new Promise((ok) => { chunkAsked = ok; });
  const { page, problems } = await open(browser, link, {
    before: async (p) => {
      urls = requests(p);
      // The study is held until the chunk is asked for (10 s at most): a page that asks only
      // once the study is in asks after it, whatever the machine's speed.
      await p.route(study, async (route) => {
        await Promise.race([asked, new Promise((ok) => setTimeout(ok, 10000))]);
        await route.continue();
      });
      p.on('request', (r) => {
        if (splitOf('tradeoff').test(new URL(r.url()).pathname)) { events.push('chunk requested'); chunkAsked(); }
      });
      p.on('requestfinished', (r) => { if (study.test(new URL(r.url()).pathname)) events.push('study in'); });
    },
  });
  await page.waitForSelector('.page:not(.booting) section.panel.tradeoff canvas.chart[data-points]');
  assert.equal(urls.filter((u) => splitOf('tradeoff').test(u)).length, 1, 'its chunk, once: the loader reused the preload');
  assert.equal(events[0], 'chunk requested', `the chunk before the study is in: ${events}`);
  // Preloaded by the head script, beside the main wasm: the chunk and the shared ones it needs.
  const preloaded = await page.$$eval('link[rel=preload]', (links) => links.map((l) => new URL(l.href).pathname));
  assert.equal(preloaded.filter((p) => splitOf('tradeoff').test(p)).length, 1, `preloaded: ${preloaded}`);
  const chunks = urls.filter((u) => CHUNK.test(u));
  assert.equal(new Set(chunks).size, chunks.length, `each file fetched once: ${chunks}`);
  for (const p of preloaded.filter((p) => CHUNK.test(p))) assert.ok(chunks.includes(p), `${p} preloaded and used`);
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

test("a link to the trade-off whose chunk cannot arrive shows the failure in place of the view the build wrote", async () => {
  const { page, problems } = await open(browser, TRADEOFF_LINK, {
    before: async (p) => {
      await p.route(splitOf('tradeoff'), (route) => route.abort());
      // Whether the app ever waited behind the pre-rendered view (what this test is about).
      await p.addInitScript(() => {
        const watch = () => { if (document.querySelector('.page.booting')) window.__waited = true; else requestAnimationFrame(watch); };
        requestAnimationFrame(watch);
      });
    },
  });
  await page.waitForSelector('.page:not(.booting) .chunk-failed');
  assert.equal(await page.evaluate(() => window.__waited), true, 'the app first drew behind the pre-rendered view');
  assert.equal(await page.textContent('.chunk-failed h2'), 'Could not load the trade-off view');
  assert.equal(await page.$('#prerender'), null);
  assert.equal(await page.isVisible('.chunk-failed'), true, 'the failure is shown, not the view the build wrote');
  const { csp, pageErrors } = await problems();
  assert.deepEqual(csp, []);
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test('another chunk arriving leaves a split view as it is: not built again', async () => {
  const { page, problems } = await open(browser, '?view=decode');
  await page.waitForSelector('section.panel.decode canvas.chart[data-points]');
  await settled(page);
  const draws = () => page.evaluate(() => performance.getEntriesByName('servescope:chart-drawn').length);
  const before = await draws();
  const formChunk = page.waitForEvent('requestfinished', (r) => splitOf('import-form').test(new URL(r.url()).pathname));
  // Opening the drawer fetches the import form's chunk.
  await page.click('button.open-file');
  await page.waitForFunction(() => document.querySelector('.open-drawer'));
  assert.ok(await formChunk, "the form's chunk arrived");
  await settled(page);
  assert.equal(await draws(), before, 'the decode chart was not drawn again');
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});
