// A phone reader taps a point: its tooltip shows and stays until the next tap elsewhere (the
// touch pointer's pointerleave, which fires as the finger lifts, no longer closes it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, start } from './browser.mjs';

test('a tap on a phone shows the tooltip and it stays until a tap elsewhere', async () => {
  const phone = await start({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const { page } = await open(phone, '?view=serving&workload=1024x8192&engines=vllm');
    const canvas = page.locator('figure[data-chart="serving"] canvas.chart[data-marks]');
    await canvas.waitFor();
    // The table renders after the chart's first paint and may move or resize it: measure the
    // mark once the page has settled (the same marks and box twice, 200 ms apart).
    await page.waitForSelector('table.serving-table');
    await canvas.scrollIntoViewIfNeeded();
    const where = async () => JSON.stringify([await canvas.getAttribute('data-marks'), await canvas.boundingBox()]);
    for (let last = ''; ;) {
      const now = await where();
      if (now === last) break;
      last = now;
      await page.waitForTimeout(200);
    }
    const marks = (await canvas.getAttribute('data-marks')).split(';').map((p) => p.split(',').map(Number));
    const box = await canvas.boundingBox();
    await page.touchscreen.tap(box.x + marks[0][0], box.y + marks[0][1]);
    await page.waitForSelector('figure[data-chart="serving"] .tooltip.shown');
    await page.waitForTimeout(600);
    assert.equal(await page.locator('figure[data-chart="serving"] .tooltip.shown').count(), 1, 'still shown after the finger lifted');
    assert.match(await page.textContent('figure[data-chart="serving"] .tooltip'), /vLLM \+ AITER · c1/);
    const heading = await page.locator('section.explorer h2').boundingBox();
    await page.touchscreen.tap(heading.x + 5, heading.y + 5);
    await page.waitForSelector('figure[data-chart="serving"] .tooltip:not(.shown)', { state: 'attached' });
  } finally {
    await phone.close();
  }
});
