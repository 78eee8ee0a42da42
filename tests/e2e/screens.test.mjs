// Screens readers use: the page's own embed snippet shows the whole embed at its height,
// and a phone's first screen holds the chart with its key, the header's buttons and tabs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, settled, start } from './browser.mjs';

let laptop;
let phone;
before(async () => {
  laptop = await start({ viewport: { width: 1280, height: 800 } });
  phone = await start({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
});
after(async () => { await laptop?.close(); await phone?.close(); });

test('the embed snippet shows the whole embed at its own height, chart first, caption naming metric and limit', async () => {
  const full = '?view=tradeoff&workload=1024x1024&slo_ttft_p99_ms=1000';
  const { page } = await open(laptop, full);
  await page.click('button.share');
  const snippet = await page.textContent('.embed-snippet');
  const height = Number(/height="(\d+)"/.exec(snippet)[1]);
  const src = /src="([^"]+)"/.exec(snippet)[1].replace(/&amp;/g, '&');
  assert.equal(height, 380);
  for (const [query, caption] of [
    [new URL(src).search, /output tok\/s per GPU against per-user tok\/s · limit TTFT p99 ≤ 1000 ms$/],
    ['?view=serving&workload=1024x1024&metric=ttft_p99_ms&embed=1', /· ISL 1024 \/ OSL 1024 · TTFT p99$/],
  ]) {
    for (const width of [700, 360]) {
      const frame = await laptop.context.newPage();
      await frame.setViewportSize({ width, height });
      await frame.goto(laptop.base + query);
      await frame.waitForSelector('canvas.chart[data-points]');
      await settled(frame);
      const m = await frame.evaluate(() => ({
        scroll: document.documentElement.scrollHeight,
        canvas: document.querySelector('canvas.chart').getBoundingClientRect().height,
        caption: document.querySelector('.embed-title').textContent,
      }));
      assert.ok(m.scroll <= height, `${query} at ${width}: ${m.scroll} px tall in a ${height} px frame`);
      assert.ok(m.canvas >= (width > 400 ? 0.55 : 0.4) * height, `${query} at ${width}: the chart keeps most of it (${m.canvas} px)`);
      assert.match(m.caption, caption);
      await frame.close();
    }
  }
});

test("a phone's first screen: the chart with its key, the header's buttons in 390 px, tabs that show they scroll", async () => {
  for (const view of ['serving', 'tradeoff']) {
    const { page } = await open(phone, `?view=${view}`);
    await page.waitForSelector('canvas.chart[data-points]');
    await settled(page);
    const m = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel).getBoundingClientRect();
      return {
        key: box('main .legend').top,
        keyBottom: box('main .legend').bottom,
        chartTop: box('main canvas.chart').top,
        chart: box('main canvas.chart').bottom,
        buttons: [...document.querySelectorAll('.bar-actions button')].map((b) => b.getBoundingClientRect().right),
        page: document.documentElement.scrollWidth,
        tabs: (() => { const n = document.querySelector('nav.views'); return [n.scrollWidth, n.clientWidth, getComputedStyle(n).maskImage || getComputedStyle(n).webkitMaskImage]; })(),
      };
    });
    assert.ok(m.keyBottom <= m.chartTop, `${view}: the key sits over the chart`);
    assert.ok(m.chart <= 844, `${view}: the chart ends on the first screen (${m.chart})`);
    assert.ok(m.buttons.every((r) => r <= 390), `${view}: buttons end at ${m.buttons}`);
    assert.equal(m.page, 390, 'nothing scrolls the page sideways');
    assert.ok(m.tabs[0] > m.tabs[1], 'the tabs overflow and scroll');
    assert.match(m.tabs[2], /linear-gradient/, 'and fade at the edge to say so');
    await page.screenshot({ path: `target/e2e-phone-${view}.png` });
  }
});

test("a phone's tabs keep the current one in sight: at load and after a switch", async () => {
  const inSight = (page) => page.evaluate(() => {
    const nav = document.querySelector('nav.views').getBoundingClientRect();
    const tab = document.querySelector('nav.views a[aria-current=page]').getBoundingClientRect();
    return { left: tab.left, right: tab.right, navLeft: nav.left, navRight: nav.right, scrolled: document.querySelector('nav.views').scrollLeft };
  });
  // The raw file's tab is the last: past the nav's right edge unless the nav scrolled to it.
  const { page, problems } = await open(phone, '?view=raw');
  await page.waitForSelector('section.panel.raw pre.raw-json');
  await settled(page);
  let m = await inSight(page);
  assert.ok(m.scrolled > 0, `the tabs scrolled to the current one: ${JSON.stringify(m)}`);
  assert.ok(m.left >= m.navLeft && m.right <= m.navRight, `the raw tab is within the nav: ${JSON.stringify(m)}`);
  // Back to the first tab: the nav scrolls back.
  await page.evaluate(() => document.querySelector('nav.views a[href*="view=overview"]').click());
  await page.waitForSelector('section.panel.overview canvas.chart[data-points]');
  await settled(page);
  m = await inSight(page);
  assert.ok(m.left >= m.navLeft && m.right <= m.navRight, `the overview tab is within the nav: ${JSON.stringify(m)}`);
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

test('at 1280 px every view tab is shown whole, with the goodput and requests tabs too', async () => {
  for (const query of ['?view=serving', '?src=data/requests/aiperf-example/results.json&view=goodput']) {
    const { page } = await open(laptop, query);
    await page.waitForSelector('nav.views');
    const [scroll, client, tabs] = await page.$eval('nav.views', (n) => [n.scrollWidth, n.clientWidth, n.querySelectorAll('a').length]);
    assert.ok(scroll <= client, `${query}: the tab bar is ${scroll} px wide in ${client} px`);
    assert.ok(tabs >= 11, `${query}: ${tabs} tabs`);
    const last = await page.$eval('nav.views a:last-of-type', (a) => [a.textContent, a.getBoundingClientRect().right]);
    assert.equal(last[0], 'Raw file');
    assert.ok(last[1] <= 1280, `the last tab ends at ${last[1]}`);
    await page.close();
  }
});

test('a 380 px embed keeps a readable plot and its key: serving, goodput and requests (QA F13, F2)', async () => {
  const study = 'src=data/requests/aiperf-example/results.json';
  for (const [query, figure] of [
    ['?view=serving&workload=1024x1024&embed=1', 'serving'],
    [`?${study}&view=goodput&slo=ttft:2500,e2el:9200&embed=1&chart=goodput`, 'goodput'],
    [`?${study}&view=requests&embed=1&chart=cdf`, 'cdf'],
  ]) {
    for (const width of [700, 380]) {
      const frame = await laptop.context.newPage();
      await frame.setViewportSize({ width, height: 380 });
      await frame.goto(laptop.base + query);
      await frame.waitForSelector(`figure[data-chart="${figure}"] canvas.chart[data-points]`);
      await settled(frame);
      const m = await frame.evaluate((figure) => {
        const canvas = document.querySelector(`figure[data-chart="${figure}"] canvas.chart`);
        const key = document.querySelector('main .legend');
        return {
          canvas: canvas.getBoundingClientRect().height,
          yTicks: (canvas.dataset.yTicks ?? '').split('|').filter(Boolean).length,
          key: key ? [key.getBoundingClientRect().height, key.querySelectorAll('.legend-toggle').length] : null,
          scroll: document.documentElement.scrollHeight,
        };
      }, figure);
      // 160 px of plot is the canvas less its 56 px of margins (top 12, bottom 44).
      assert.ok(m.canvas - 56 >= 160, `${query} at ${width}: ${m.canvas - 56} px of plot`);
      if (figure !== 'cdf') assert.ok(m.yTicks >= 3, `${query} at ${width}: ${m.yTicks} y ticks`);
      assert.ok(m.key && m.key[0] > 0 && m.key[1] >= 1, `${query} at ${width}: the key with its toggles (${JSON.stringify(m.key)})`);
      assert.ok(m.scroll <= 380, `${query} at ${width}: ${m.scroll} px tall`);
      if (width === 380) await frame.screenshot({ path: `target/e2e-embed-${figure}-380.png` });
      await frame.close();
    }
  }
});
