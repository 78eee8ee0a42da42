// A published study with per-request tables, the landing of its site (servescope-publish
// on the built page): its goodput and requests links show the views written at build time
// before the app, from the tables published beside it, and the app takes them over in place
// once it has read the same tables (QA pass 4, F7), on a laptop and a phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS, settled } from './browser.mjs';

let scratch;
let server;
let context;
let base;
before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'servescope-published-requests-'));
  cpSync('data/requests/aiperf-example', join(scratch, 'studies', 'aiperf'), { recursive: true });
  const run = spawnSync('target/debug/servescope-publish', [join(scratch, 'studies'), '--site', 'dist', '--out', join(scratch, 'public')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /prerender-goodput-[0-9a-f]{16}\.html .*prerender-requests-[0-9a-f]{16}\.html/, run.stdout);
  server = await serve(join(scratch, 'public'), 0);
  base = `http://127.0.0.1:${server.address().port}/`;
  context = await chromium.launchPersistentContext(join(scratch, 'profile'), { executablePath: CHROMIUM, headless: true, args: FLAGS });
});
after(async () => {
  await context?.close();
  if (server) await new Promise((ok) => server.close(ok));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The shown canvases' or pre-rendered charts' boxes. */
const boxes = (page, selector) => page.$$eval(selector, (all) => all.filter((e) => e.offsetParent).map((e) => {
  const r = e.getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
}));

test('goodput and requests links show the views written from the published tables, and the app takes them over in place', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    for (const [view, heading, charts] of [
      ['goodput', /^Goodput at TTFT ≤ 3900 ms and TPOT ≤ 34 ms, ISL 550 \/ OSL 250$/, 3],
      ['requests', /^TTFT of each request at c100, ISL 550 \/ OSL 250$/, 2],
    ]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      // The wasm held back: what a reader sees first is the view the build wrote.
      let release;
      const held = new Promise((ok) => { release = ok; });
      await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
      await page.goto(`${base}?view=${view}`);
      await page.waitForSelector('#prerender .chart-wrap');
      assert.match((await page.textContent('#prerender h2')).trim(), heading);
      const written = await boxes(page, '#prerender .chart-wrap');
      assert.equal(written.length, charts, `${view}: its charts written`);
      if (view === 'goodput') assert.equal(await page.getAttribute('#prerender input.goodput-ttft', 'value'), '3900');
      release();
      await page.waitForFunction(() => !document.getElementById('prerender'), null, { timeout: 30000 });
      await settled(page);
      assert.match((await page.textContent('.page main h2')).trim(), heading);
      const drawn = await boxes(page, '.page canvas.chart');
      assert.deepEqual(drawn.map((b) => b.slice(0, 3)), written.map((b) => b.slice(0, 3)), `${view} at ${viewport.width}: the charts stay where they were written`);
      if (viewport.width === 390) await page.screenshot({ path: `target/e2e-published-${view}-phone.png` });
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('the landing shows the goodput card the build read from the tables, and the app takes over with nothing moving (QA F4)', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    // The overview chart's top in every frame the app shows, from the take-over on.
    await page.addInitScript(() => {
      window.chartTops = [];
      new MutationObserver(() => {
        const canvas = document.querySelector('.page:not(.booting) figure[data-chart="overview"] canvas');
        if (!canvas || document.getElementById('prerender')) return;
        const top = Math.round(canvas.getBoundingClientRect().top + window.scrollY);
        if (window.chartTops.at(-1) !== top) window.chartTops.push(top);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(base);
    const card = (root) => `${root} li.card:has(h3:text-is("Load carried at the typical p99 objective"))`;
    await page.waitForSelector(card('#prerender'));
    const written = {
      text: (await page.textContent(`${card('#prerender')} .card-lines`)).trim(),
      pending: await page.locator(`${card('#prerender')}.pending`).count(),
      chart: await page.$eval('#prerender figure[data-chart="overview"] .chart-wrap', (e) => Math.round(e.getBoundingClientRect().top + window.scrollY)),
    };
    assert.equal(written.pending, 0, 'the card\'s own lines, not its place');
    assert.match(written.text, /^550\/250: gpt-oss-20b endpoint \(engine not stated\), ≥ 90 % of requests good/);
    release();
    await page.waitForFunction(() => !document.getElementById('prerender'), null, { timeout: 30000 });
    await settled(page);
    assert.equal((await page.textContent(`${card('.page')} .card-lines`)).trim(), written.text, 'the app\'s card says what the build wrote');
    const tops = await page.evaluate(() => window.chartTops);
    assert.deepEqual([...new Set(tops)], [written.chart], `${viewport.width} px: the chart's top ${tops.join(' → ')}, written at ${written.chart}`);
    await page.close();
  }
});
