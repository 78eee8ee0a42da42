// The page written at build time: the landing view is real before the WebAssembly runs and
// without JavaScript, its figures are the app's, the app takes its place without moving it,
// and a link to any other view never shows it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, SRC, frames, start } from './browser.mjs';

let browser;
before(async () => { browser = await start({ viewport: { width: 1280, height: 800 } }); });
after(async () => { await browser?.close(); });

const cardTexts = (page, root) => page.$$eval(`${root} .card`, (cards) => cards.map((c) => c.textContent.replace(/\s+/g, ' ').trim()));
const box = (page, selector) => page.$eval(selector, (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; });

/**
 * Hold the wasm back until the test lets it through, so what shows before the app can be
 * looked at for as long as the test looks. Returns the function that lets it through.
 */
async function holdWasm(page) {
  let release;
  const gate = new Promise((ok) => { release = ok; });
  await page.route('**/*.wasm', async (route) => { await gate; await route.continue(); });
  return release;
}

test('the built page holds the overview: title and tags from the file, cards, and the chart as SVG', () => {
  const html = readFileSync('dist/index.html', 'utf8');
  assert.match(html, /<title>Qwen3\.8-Flash-Next on one MI350P · overview · servescope<\/title>/);
  assert.match(html, /<meta property="og:title" content="Qwen3\.8-Flash-Next on one MI350P">/);
  assert.match(html, /<meta name="description" content="Qwen3\.8-Flash-Next on one MI350P \(2026-10-30\): serving benchmark results per engine\. Highest throughput: 1024\/1024: Paiton CDNA4, 1,790 at c64/);
  assert.match(html, /<html lang="en" class="prerendered" data-landing="data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json" data-landing-view="overview" data-prerendered-views="serving:prerender-serving-[0-9a-f]{16}\.html tradeoff:prerender-tradeoff-[0-9a-f]{16}\.html energy:prerender-energy-[0-9a-f]{16}\.html decode:prerender-decode-[0-9a-f]{16}\.html prefill:prerender-prefill-[0-9a-f]{16}\.html cache:prerender-cache-[0-9a-f]{16}\.html accuracy:prerender-accuracy-[0-9a-f]{16}\.html provenance:prerender-provenance-[0-9a-f]{16}\.html" data-hit-radius="16" data-tip-gap="14" data-split-views="tradeoff:[^"]+">/);
  assert.equal((html.match(/<div class="chart prerendered /g) ?? []).length, 4, 'wide and narrow, light and dark');
  assert.doesNotMatch(html.slice(html.indexOf('id="prerender"')), / style="/, 'no inline style under the CSP');
});

test('without JavaScript the overview shows, with the sentence saying the rest needs it', async () => {
  // The shared context is persistent, which cannot switch JavaScript off: a second browser can.
  const other = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await other.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(browser.base);
  assert.equal(await page.isVisible('#prerender'), true);
  assert.equal(await page.isVisible('.boot-skeleton'), false);
  assert.match(await page.textContent('noscript'), /other views, hover details, source checks and controls need JavaScript/);
  assert.equal(await page.textContent('#prerender h1'), 'Qwen3.8-Flash-Next on one MI350P');
  assert.match(await page.textContent('#prerender .badge'), /^17 source files not published with this page · hashes listed$/);
  assert.equal(await page.$$eval('#prerender .chart.prerendered', (d) => d.filter((e) => e.offsetParent).length), 1, 'one chart shown');
  assert.equal(await page.getAttribute('#prerender .chart.prerendered.wide.light', 'data-points'), '21');
  await page.screenshot({ path: 'target/e2e-landing-nojs.png' });
  await other.close();
});

test('the pre-rendered figures are the app\'s, and the app takes over without moving the chart, on a laptop and a phone', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const early = await browser.context.newPage();
    await early.setViewportSize(viewport);
    await early.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const release = await holdWasm(early);
    await early.goto(browser.base);
    await early.waitForSelector('#prerender .chart-wrap');
    const before = { cards: await cardTexts(early, '#prerender'), chart: await box(early, '#prerender .chart-wrap'),
      points: await early.getAttribute('#prerender .chart.prerendered.wide.light', 'data-points'),
      gaps: await early.getAttribute('#prerender .chart.prerendered.wide.light', 'data-gaps') };
    release();
    await early.waitForSelector('.page:not(.booting) canvas.chart[data-points]');
    await early.waitForFunction(() => !document.getElementById('prerender'));
    const afterwards = { cards: await cardTexts(early, '.page'), chart: await box(early, '.page canvas.chart'),
      points: await early.getAttribute('canvas.chart', 'data-points'), gaps: await early.getAttribute('canvas.chart', 'data-gaps') };
    assert.equal(before.cards.length, 4);
    // The app's cards say the same, the badge aside (the app has checked the sources by now).
    assert.deepEqual(afterwards.cards, before.cards);
    assert.deepEqual([afterwards.points, afterwards.gaps], [before.points, before.gaps]);
    assert.deepEqual(afterwards.chart, before.chart, `the chart keeps its box at ${viewport.width} × ${viewport.height}`);
    assert.equal(await early.isVisible('.boot-skeleton'), false);
    assert.equal(await early.$$eval('.page', (p) => p.length), 1, 'one page after the swap');
    assert.deepEqual(await early.evaluate(() => window.__csp), []);
    await early.close();
  }
});

test('a link with a parameter the build did not write never shows a pre-rendered view: the skeleton shows until the app draws', async () => {
  const page = await browser.context.newPage();
  const violations = [];
  page.on('console', (m) => { if (/Content Security Policy/.test(m.text())) violations.push(m.text()); });
  const release = await holdWasm(page);
  // The trade-off is written with its default limits only: a link that sets one is not it.
  await page.goto(`${browser.base}?view=tradeoff&slo_ttft_p99_ms=1000&theme=dark`);
  await page.waitForSelector('.boot-skeleton');
  assert.equal(await page.isVisible('#prerender'), false);
  assert.equal(await page.isVisible('.boot-skeleton'), true);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'a linked theme applies before the app');
  release();
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.$$eval('#prerender, .boot-skeleton', (e) => e.length), 0);
  assert.equal(await page.$eval('.page', (p) => p.classList.contains('booting')), false);
  assert.deepEqual(violations, []);
  await page.close();
});

test('the landing link with its view and source named is still the pre-rendered view', async () => {
  const page = await browser.context.newPage();
  await holdWasm(page);
  await page.goto(`${browser.base}?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&view=overview`);
  assert.equal(await page.isVisible('#prerender'), true);
  await page.close();
});

test("the pre-rendered theme button names the theme the app's will, for a linked theme and the system's", async () => {
  for (const [query, scheme, word] of [['', 'light', 'Dark'], ['?theme=dark', 'light', 'Light'], ['', 'dark', 'Light'], ['?theme=light', 'dark', 'Dark']]) {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    const release = await holdWasm(page);
    await page.goto(`${browser.base}${query}`);
    assert.equal(await page.isVisible('#prerender'), true, `${query || 'landing'}, system ${scheme}: pre-rendered`);
    assert.equal(await page.innerText('#prerender button.theme-toggle'), word, `${query || 'landing'}, system ${scheme}: before the app`);
    release();
    await page.waitForSelector('#prerender', { state: 'detached' });
    assert.equal(await page.innerText('button.theme-toggle'), word, `${query || 'landing'}, system ${scheme}: the app's`);
    await page.close();
  }
});

test('a linked results file downloads alongside the wasm, and the app reuses that one request', async () => {
  const page = await browser.context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const release = await holdWasm(page);
  // Asked for while the wasm is held: by the page's head, since the app is not running.
  const early = page.waitForRequest((r) => new URL(r.url()).pathname === '/fixtures/minimal.json');
  await page.goto(`${browser.base}?src=fixtures/minimal.json&view=serving`);
  await early;
  release();
  await page.waitForSelector('canvas.chart[data-points]');
  const file = requested.filter((p) => p === '/fixtures/minimal.json');
  assert.equal(file.length, 1, 'one request for the file');
  const initiator = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/fixtures/minimal.json')).map((e) => e.initiatorType));
  assert.deepEqual(initiator, ['link'], 'the page\'s preload, taken over by the app');
  await page.close();
});

test('a linked file on another host, or anything but a plain path, is left to the app\'s own checks', async () => {
  const page = await browser.context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  const release = await holdWasm(page);
  const port = new URL(browser.base).port;
  // `//host/…` is another host to a browser; the app refuses it, so nothing may fetch it.
  await page.goto(`${browser.base}?src=//localhost:${port}/fixtures/minimal.json&view=serving`);
  assert.deepEqual(await page.$$eval('link[rel=preload]', (l) => l.map((e) => e.href).filter((h) => h.includes('minimal'))), [], 'none before the app');
  release();
  await page.waitForFunction(() => document.body.textContent.includes('a link to another host must name its scheme'), null, { timeout: 15000 });
  assert.deepEqual(await page.$$eval('link[rel=preload]', (l) => l.map((e) => e.href).filter((h) => h.includes('minimal'))), []);
  assert.deepEqual(requested.filter((u) => new URL(u).pathname === '/fixtures/minimal.json'), []);
  await page.close();
});

/** The boxes of the elements a selector finds that show. */
const boxes = (page, selector) => page.$$eval(selector, (all) => all.filter((e) => e.offsetParent).map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; }));
const shownPoints = (page, selector) => page.$$eval(selector, (all) => all.filter((e) => e.offsetParent).map((e) => e.dataset.points));

/** What a deep view keeps in place: its charts, or (provenance, no chart) the top of its tables. */
const KEPT = {
  charted: { before: '#prerender .chart-wrap', after: '.page canvas.chart', points: ['#prerender .chart.prerendered', '.page canvas.chart'] },
  tables: { before: '#prerender section.provenance table', after: '.page section.provenance table', points: null },
};

/** A view the build wrote, shown for a deep link, then the app's: the kept boxes and figures. */
async function deepView(page, view, kept) {
  const fetched = [];
  page.on('request', (r) => { if (/prerender-/.test(r.url())) fetched.push(r.url()); });
  const release = await holdWasm(page);
  // The study's source checks are held until the app has taken over, so it takes over while
  // they run (its badge then says "checking sources", shorter than its last words).
  let checked;
  const sources = new Promise((ok) => { checked = ok; });
  await page.route(/\/data\/(?!qwen3\.8-flash-next-mi350p-2026-10-30\.json|index\.json)/, async (route) => {
    await sources;
    await route.continue();
  });
  await page.goto(`${browser.base}?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&view=${view}`);
  await page.waitForSelector(kept.before);
  // Tables are compared by their top-left corner and width: the app fills in the checks' column.
  const corner = (b) => (kept.points ? b : b.map(([x, y, w]) => [x, y, w]));
  const before = {
    skeleton: await page.isVisible('.boot-skeleton'),
    heading: await page.textContent('#prerender h2'),
    tab: await page.textContent('#prerender a.tab[aria-current="page"]'),
    workload: await page.$$eval('#prerender select.workload-picker', (s) => s[0]?.value ?? null),
    kept: corner(await boxes(page, kept.before)),
    points: kept.points && await shownPoints(page, kept.points[0]),
    title: await page.title(),
    tabs: await page.$eval('#prerender nav.views', (n) => n.scrollLeft),
  };
  release();
  await page.waitForSelector('.page:not(.booting)');
  await page.waitForFunction(() => !document.getElementById('prerender'));
  if (kept.points) await page.waitForSelector('.page canvas.chart[data-points]');
  const afterwards = {
    heading: await page.textContent('.page h2'),
    kept: corner(await boxes(page, kept.after)),
    points: kept.points && await shownPoints(page, kept.points[1]),
    workload: await page.$$eval('select.workload-picker', (s) => s[0]?.value ?? null),
    title: await page.title(),
    tabs: await page.$eval('.page nav.views', (n) => n.scrollLeft),
  };
  checked();
  // And once the source checks are done (the badge's words change as they run).
  await page.waitForFunction(() => !/checking/.test(document.querySelector('.badge')?.textContent ?? 'checking'));
  afterwards.checked = corner(await boxes(page, kept.after));
  return { fetched, before, afterwards };
}

const DEEP_VIEWS = [
  ['serving', 'Serving', 1], ['tradeoff', 'Trade-off', 1], ['energy', 'Energy', 1], ['decode', 'Decode', 1],
  ['prefill', 'Prefill', 1], ['cache', 'KV cache', 1], ['accuracy', 'Accuracy', 4], ['provenance', 'Provenance', 0],
];

test('a link to any view of the study shows the view the build wrote before the app, and the app takes over without moving its charts or tables', async () => {
  for (const [view, tab, charts] of DEEP_VIEWS) {
    const kept = charts ? KEPT.charted : KEPT.tables;
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const violations = [];
      page.on('console', (m) => { if (/Content Security Policy/.test(m.text())) violations.push(m.text()); });
      const { fetched, before, afterwards } = await deepView(page, view, kept);
      const at = `${view} at ${viewport.width} × ${viewport.height}`;
      assert.equal(fetched.length, 1, `one file fetched for ${at}`);
      assert.match(fetched[0], new RegExp(`/prerender-${view}-[0-9a-f]{16}\\.html$`));
      assert.equal(before.skeleton, false, `no skeleton once it shows, ${at}`);
      assert.equal(before.tab, tab);
      if (charts) assert.equal(before.kept.length, charts, `${charts} chart(s) shown, ${at}`);
      else assert.ok(before.kept.length >= 2, `the sources and engines tables, ${at}`);
      assert.equal(before.heading, afterwards.heading);
      assert.equal(before.workload, afterwards.workload);
      assert.equal(before.title, afterwards.title, `the tab's title names the view before the app, ${at}`);
      assert.deepEqual(afterwards.points, before.points, `the same points drawn, ${at}`);
      assert.equal(afterwards.tabs, before.tabs, `the tabs keep their scroll, ${at}`);
      assert.deepEqual(afterwards.kept, before.kept, `the ${charts ? 'charts keep their' : 'tables keep their'} boxes, ${at}`);
      if (charts) assert.deepEqual(afterwards.checked, before.kept, `and keep them once the sources are checked, ${at}`);
      assert.equal(await page.$$eval('.page', (p) => p.length), 1, 'one page after the swap');
      assert.deepEqual(violations, []);
      await page.close();
    }
  }
});

test('a link to the serving view with anything else set, a repeated key or an unknown theme is left to the app, and the landing page never fetches the view', async () => {
  const page = await browser.context.newPage();
  const fetched = [];
  page.on('request', (r) => { if (/prerender-/.test(r.url())) fetched.push(r.url()); });
  // Held for the whole test: what shows is the page's head script's doing alone.
  await holdWasm(page);
  // The app shows the first of a repeated key and a notice for it, or for a theme it does
  // not know: a view written for the link alone would jump.
  for (const query of ['?view=serving&metric=ttft_p99_ms', '?view=overview&view=serving', '?view=serving&theme=bogus']) {
    await page.goto(`${browser.base}${query}`);
    await page.waitForSelector('.boot-skeleton');
    assert.equal(await page.isVisible('.boot-skeleton'), true, query);
    assert.equal(await page.isVisible('#prerender'), false, query);
  }
  await page.goto(browser.base);
  await page.waitForSelector('#prerender .overview-chart');
  // The head script has run (it decides at parse time), and its fetches would have started.
  await page.waitForLoadState('domcontentloaded');
  assert.deepEqual(fetched, [], 'no deep view fetched for these links');
  // A host that answers a lost view's file with another page (a fallback to index.html):
  // that page is not put in, the skeleton stays until the app draws.
  await page.route(/prerender-serving-/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html><body><div class="page" id="prerender">x</div></body></html>' }));
  const answered = page.waitForEvent('requestfinished', (r) => /prerender-serving-/.test(r.url()));
  await page.goto(`${browser.base}?view=serving`);
  await answered;
  await frames(page);
  assert.equal(await page.isVisible('.boot-skeleton'), true, 'a fallback page is not shown as the view');
  assert.equal(await page.$$eval('#prerender', (e) => e.length), 1);
  await page.close();
});

test('the console stays clean: no preload the link does not use, no integrity warning', async () => {
  // (A study outside the manifest still has its sources asked for, and a 404 logged per absent one.)
  const queries = ['', '?view=serving', '?index=fixtures/collection-two.json', '?view=catalog', `?src=${SRC}&view=serving`];
  const pages = await Promise.all(queries.map(async (query) => {
    const page = await browser.context.newPage();
    const said = [];
    page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') said.push(m.text()); });
    await page.goto(browser.base + query);
    return { page, query, said };
  }));
  // Chromium warns of an unused preload a few seconds after the load event, by its own timer:
  // no mark of the page's says when, so this one wait is fixed (one of the few kept).
  await pages[0].page.waitForTimeout(4500);
  for (const { page, query, said } of pages) {
    assert.deepEqual(said, [], query || '(landing)');
    // A link that opens the landing study, by its own src too, has it preloaded.
    if (!query.includes('index=') && !query.includes('catalog')) {
      const preloaded = await page.$$eval('link[rel=preload]', (l) => l.map((e) => new URL(e.href).pathname));
      assert.ok(preloaded.includes(`/${SRC}`), `${query}: ${preloaded}`);
    }
    await page.close();
  }
});
