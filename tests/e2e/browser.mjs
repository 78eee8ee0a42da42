// Shared browser-test plumbing: serve dist/ (plus the test fixtures, a delayed copy of them,
// and a few edited copies of minimal.json) on 127.0.0.1 and drive Debian's headless
// Chromium through playwright-core. Nothing here downloads a browser.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/** How long `/slow/` answers take, in ms. */
export const SLOW_MS = 1500;
export const SRC = 'data/qwen3.8-flash-next-mi350p-2026-10-30.json';

/**
 * Edited copies of minimal.json the browser tests open as `edited/NAME.json`: the same
 * edits as the native corpus (tests/validation.rs), for the few cases checked in a page.
 */
const EDITS = {
  'decode-values-too-short': (d) => { d.decode.rows[0].values = [1, 2]; },
  'missing-sources': (d) => { delete d.sources; },
  'concurrency-descending': (d) => { d.concurrency[1] = 4; d.concurrency[2] = 2; },
  'cell-unknown-source': (d) => { d.serving.workloads[0].rows[0].cells[0].source = 'sweep-missing.jsonl'; },
  'weight-ci-excludes-kl': (d) => { d.weightAccuracy.rows[0].kl95CI = [0.03, 0.04]; },
  'top-level-array': () => [1, 2],
  'no-measurements': (d) => { for (const k of ['decode', 'prefill', 'cache', 'serving', 'accuracy', 'weightAccuracy']) delete d[k]; },
};

function writeEdited(dir) {
  mkdirSync(dir, { recursive: true });
  for (const [name, edit] of Object.entries(EDITS)) {
    const doc = JSON.parse(readFileSync('tests/fixtures/minimal.json', 'utf8'));
    const replaced = edit(doc);
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(replaced ?? doc));
  }
}

/** Start the server and a fresh browser; `close()` ends both and removes the profile.
 * `delays` adds URL prefixes answered late (milliseconds), beside `/slow/`. */
export async function start({ viewport = { width: 1200, height: 900 }, prepare, delays = {}, ...options } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'servescope-e2e-'));
  writeEdited(join(scratch, 'edited'));
  // `prepare(scratch)` may write more folders to serve: it returns { '/prefix/': folder }.
  const more = prepare ? prepare(scratch) : {};
  const server = await serve('dist', 0, { '/fixtures/': 'tests/fixtures', '/slow/': 'tests/fixtures', '/edited/': join(scratch, 'edited'), ...more }, { delays: { '/slow/': SLOW_MS, ...delays } });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = join(scratch, 'profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport, ...options,
  });
  return {
    base,
    context,
    async close() {
      await context.close();
      await new Promise((ok) => server.close(ok));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Open `query` on the served site, recording CSP violations, console errors and page errors.
 * `before(page)`, when given, runs before the navigation (to watch its requests from the
 * first). Returns the page and a `problems()` function to assert on.
 */
export async function open(browser, query = '', { before } = {}) {
  const page = await browser.context.newPage();
  const quiet = watchRequests(page);
  await before?.(page);
  const consoleErrors = [];
  const pageErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(browser.base + query);
  // The page written at build time (and the skeleton) stay until the app has taken over;
  // a test reads the app.
  await page.waitForFunction(() => !document.querySelector('#prerender, .boot-skeleton'), null, { timeout: 30000 });
  const problems = async () => ({
    csp: await page.evaluate(() => window.__cspViolations),
    consoleErrors,
    pageErrors,
  });
  return { page, problems, quiet };
}

/**
 * The app settled: it has taken over from the pre-rendered view, every chart it started
 * drawing is drawn (its `servescope:draw-start` and `servescope:chart-drawn` marks pair up),
 * and two frames have passed, so what a view renders a frame after its chart (its tables)
 * is in. The tests wait on this, the app's own marks, rather than for a fixed time; it
 * rejects at once when a chart fails to draw.
 */
export async function settled(page) {
  // A chart that failed to draw is marked (`servescope:chart-failed`) and said on the page:
  // the wait ends then with that sentence, rather than running out Playwright's timeout.
  const failed = await (await page.waitForFunction(() => {
    const marks = (name) => performance.getEntriesByName(name).length;
    if (marks('servescope:chart-failed')) {
      return [...document.querySelectorAll('.notice')].map((e) => e.textContent).filter((t) => /could not be drawn/.test(t)).join(' | ') || 'a chart failed to draw';
    }
    return !document.querySelector('.page.booting, #prerender, .boot-skeleton') && marks('servescope:draw-start') === marks('servescope:chart-drawn');
  })).jsonValue();
  if (typeof failed === 'string') throw new Error(`the page did not settle: ${failed}`);
  await frames(page);
}

/** Two frames on: what the page started in this one (a swap, a placement) is painted. */
export const frames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/**
 * Watches a page's requests from now on; the function it returns resolves once none is in
 * flight (each answered, failed or aborted) and the app has settled. A test that asserts
 * something did not happen — a late answer not shown, a file not fetched — waits on this:
 * whatever the page asked for has come back or been cancelled by then.
 */
export function watchRequests(page) {
  const inflight = new Set();
  let wake = () => {};
  const done = (request) => { inflight.delete(request); wake(); };
  page.on('request', (request) => inflight.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    while (inflight.size) await new Promise((ok) => { wake = ok; if (!inflight.size) ok(); });
    await settled(page);
  };
}

/** How many pixels of a canvas differ from its top-left (background) pixel. */
export async function inkedPixels(page, selector) {
  return page.$eval(selector, (canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) inked++;
    }
    return inked;
  });
}

/** A table's rows as {row heading: [cell texts]} (the first text of each cell). */
export async function tableRows(page, selector) {
  return page.$$eval(`${selector} tbody tr`, (rows) => Object.fromEntries(rows.map((r) => [
    r.querySelector('th .row-label').textContent.trim(),
    [...r.querySelectorAll('td')].map((td) => (td.childNodes[0]?.textContent ?? '').trim()),
  ])));
}

/** Hover a chart's k-th mark and return the tooltip's text. */
export async function hoverMark(page, figure, k = 0) {
  const canvas = page.locator(`${figure} canvas.chart`);
  await canvas.scrollIntoViewIfNeeded();
  const marks = (await canvas.getAttribute('data-marks')).split(';').map((p) => p.split(',').map(Number));
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + marks[k][0] + 1, box.y + marks[k][1] + 1);
  await page.waitForSelector(`${figure} .tooltip.shown`);
  return page.textContent(`${figure} .tooltip`);
}

/** The file a click downloads: its suggested name and bytes. */
export async function downloadOf(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** Fill the import form's fields (name → value) and submit it. */
export async function submitImport(page, fields) {
  for (const [name, value] of Object.entries(fields)) await page.fill(`input[name=${name}]`, value);
  await page.click('.import-submit');
}
