// Before the app: a pre-rendered chart answers hover, a tap and the keyboard with the words
// the app shows for that point (the core's tooltip function, run at build time), the app
// takes over with the tooltip still showing, and a view tab followed before the app shows
// that view's pre-render. The wasm is held back by the test until it says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, start } from './browser.mjs';

let browser;
before(async () => { browser = await start({ viewport: { width: 1280, height: 800 } }); });
after(async () => { await browser?.close(); });

/** A page whose wasm waits for `release()`. */
async function held(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  let release;
  const gate = new Promise((ok) => { release = ok; });
  await page.route('**/*_bg.wasm', async (route) => { await gate; await route.continue(); });
  return { page, errors, release };
}

/** The shown tooltip of the figure `chart`: its title and lines, as a reader reads them. */
const tipOf = (page, chart) => page.$eval(`figure[data-chart="${chart}"] .tooltip`, (t) => (t.classList.contains('shown')
  ? [...t.children].map((c) => c.textContent.replace(/\s+/g, ' ').trim()) : null));

/** Where mark `k` of the visible pre-rendered chart is on the screen. */
async function markAt(page, chart, k) {
  return page.$eval(`figure[data-chart="${chart}"] .chart.prerendered`, (_, k) => {
    const box = [...document.querySelectorAll('.chart.prerendered')].find((b) => b.getClientRects().length > 0);
    const [x, y] = box.getAttribute('data-marks').split(';')[k].split(',').map(Number);
    const r = box.getBoundingClientRect();
    const scale = r.width / box.querySelector('svg').viewBox.baseVal.width;
    return [r.left + x * scale, r.top + y * scale];
  }, k);
}

/** The tooltip's lines with the source's status left out: before the app no source is checked. */
const withoutStatus = (lines) => lines.map((l) => l.replace(/ \((not checked|not published|verified|[^)]*)\)$/, ''));

test('hovering a pre-rendered point before the app shows the app\'s words, and the app keeps the tooltip when it takes over', async () => {
  const { page, errors, release } = await held(browser.context);
  await page.goto(browser.base);
  await page.waitForSelector('#prerender figure[data-chart="overview"]');
  const [x, y] = await markAt(page, 'overview', 3);
  await page.mouse.move(x + 4, y - 3);
  await page.waitForFunction(() => document.querySelector('#prerender .tooltip.shown'));
  const before = await tipOf(page, 'overview');
  assert.equal(before[0], 'Paiton CDNA4 · c8');
  assert.deepEqual(before.slice(1), ['output tok/s per GPU 754.6', 'sample n 16 · errors 0 · short 0 · wall 21.7 s', 'source sweep-paiton.jsonl (not published)']);
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-prerender-tip')), 'overview:0:3');
  release();
  await page.waitForFunction(() => !document.querySelector('#prerender') && document.querySelector('.tooltip.shown'), null, { timeout: 30_000 });
  const kept = await tipOf(page, 'overview');
  assert.deepEqual(withoutStatus(kept), withoutStatus(before), 'the same words, now the app\'s');
  // The app's own hover on the same point says the same.
  await page.mouse.move(10, 10);
  await page.waitForFunction(() => !document.querySelector('.tooltip.shown'));
  const box = await page.$eval('canvas.chart', (c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, c.getAttribute('data-marks').split(';')[3].split(',').map(Number)]; });
  await page.mouse.move(box[0] + box[2][0] + 4, box[1] + box[2][1] - 3);
  await page.waitForFunction(() => document.querySelector('.tooltip.shown'));
  assert.deepEqual(withoutStatus(await tipOf(page, 'overview')), withoutStatus(before));
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone a tap on a pre-rendered point of a shared serving link answers before the app', async () => {
  const phone = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await phone.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
    const { page, errors, release } = await held(context);
    await page.goto(`${browser.base}?view=serving`);
    await page.waitForSelector('#prerender figure[data-chart="serving"]');
    const [x, y] = await markAt(page, 'serving', 0);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => document.querySelector('#prerender figure[data-chart="serving"] .tooltip.shown'));
    const tip = await tipOf(page, 'serving');
    assert.match(tip[0], /^Paiton CDNA4 · c1$/);
    assert.match(tip[1], /^output tok\/s per GPU [\d,.]+$/);
    // Kept inside the chart's box, by the app's rule.
    const inside = await page.$eval('#prerender figure[data-chart="serving"] .chart-wrap', (w) => {
      const t = w.querySelector('.tooltip').getBoundingClientRect(), r = w.getBoundingClientRect();
      return t.left >= r.left - 1 && t.right <= r.right + 1;
    });
    assert.ok(inside, 'the tooltip stays inside the chart');
    // A tap elsewhere closes it.
    await page.touchscreen.tap(20, 20);
    await page.waitForFunction(() => !document.querySelector('#prerender .tooltip.shown'));
    release();
    await page.waitForFunction(() => !document.querySelector('#prerender'), null, { timeout: 30_000 });
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});

test('the keyboard walks a pre-rendered chart\'s points as the app\'s does', async () => {
  const { page, release } = await held(browser.context);
  await page.goto(`${browser.base}?view=tradeoff`);
  await page.waitForSelector('#prerender figure[data-chart="tradeoff"]');
  await page.$$eval('#prerender figure[data-chart="tradeoff"] .chart.prerendered', (boxes) => boxes.find((b) => b.getClientRects().length > 0).focus());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#prerender .tooltip.shown'));
  const first = await tipOf(page, 'tradeoff');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((t) => document.querySelector('#prerender .tooltip.shown .tip-title')?.textContent !== t, first[0]);
  const second = await tipOf(page, 'tradeoff');
  assert.equal(first[0].split(' · ')[0], second[0].split(' · ')[0], 'along the same line');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((t) => document.querySelector('#prerender .tooltip.shown .tip-title')?.textContent.split(' · ')[0] !== t, first[0].split(' · ')[0]);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#prerender .tooltip.shown'));
  release();
  await page.close();
});

test('a view tab followed before the app has loaded shows that view\'s pre-render', async () => {
  const { page, release } = await held(browser.context);
  await page.goto(browser.base);
  await page.waitForSelector('#prerender nav.views a.tab');
  await page.click('#prerender nav.views a.tab:text-is("Serving")');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('view') === 'serving' && document.querySelector('#prerender section.panel.explorer.serving h2'));
  assert.match(await page.textContent('#prerender section.panel.explorer h2'), /output tok\/s per GPU/);
  assert.equal(await page.evaluate(() => document.title), 'Qwen3.8-Flash-Next on one MI350P · serving · servescope');
  release();
  await page.close();
});
