// A phone reader taps a point: its tooltip shows and stays until the next tap elsewhere (the
// touch pointer's pointerleave, which fires as the finger lifts, no longer closes it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, settled, start } from './browser.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The serving chart's canvas, its marks and its box, once the page has settled. */
async function settledServingChart(page) {
  const canvas = page.locator('figure[data-chart="serving"] canvas.chart[data-marks]');
  await canvas.waitFor();
  // The table renders after the chart's first paint and may move or resize it: measure the
  // mark once the page has settled (the same marks and box twice, 200 ms apart).
  await page.waitForSelector('table.serving-table');
  await canvas.scrollIntoViewIfNeeded();
  await settled(page);
  const marks = (await canvas.getAttribute('data-marks')).split(';').map((p) => p.split(',').map(Number));
  return { marks, box: await canvas.boundingBox() };
}

test('a tap on a phone shows the tooltip and it stays until a tap elsewhere', async () => {
  const phone = await start(PHONE);
  try {
    const { page } = await open(phone, '?view=serving&workload=1024x8192&engines=vllm');
    const { marks, box } = await settledServingChart(page);
    await page.touchscreen.tap(box.x + marks[0][0], box.y + marks[0][1]);
    await page.waitForSelector('figure[data-chart="serving"] .tooltip.shown');
    // The finger has lifted (the tap's pointerup and pointerleave are in): two frames on.
    await settled(page);
    assert.equal(await page.locator('figure[data-chart="serving"] .tooltip.shown').count(), 1, 'still shown after the finger lifted');
    assert.match(await page.textContent('figure[data-chart="serving"] .tooltip'), /vLLM \+ AITER · c1/);
    const heading = await page.locator('section.explorer h2').boundingBox();
    await page.touchscreen.tap(heading.x + 5, heading.y + 5);
    await page.waitForSelector('figure[data-chart="serving"] .tooltip:not(.shown)', { state: 'attached' });
  } finally {
    await phone.close();
  }
});

test('a tapped point near the right edge of a phone chart gets a whole tooltip on the screen', async () => {
  const phone = await start(PHONE);
  try {
    const { page } = await open(phone, '?view=serving');
    const { marks, box } = await settledServingChart(page);
    const byX = [...marks].sort((a, b) => a[0] - b[0]);
    const tip = page.locator('figure[data-chart="serving"] .tooltip');
    // The right-most point first, while the tip is hidden (it must be measured shown); then
    // the left-most, which leaves the tip at the left, and the right-most again: measured for
    // where it goes, not squeezed into the room where it stood.
    const right = byX[byX.length - 1];
    for (const [x, y] of [right, byX[0], right]) {
      await page.touchscreen.tap(box.x + x, box.y + y);
      await page.waitForSelector('figure[data-chart="serving"] .tooltip.shown');
      // The tooltip is placed in the frame after it shows (`ChartFigure`).
      await settled(page);
      const at = await tip.boundingBox();
      assert.ok(at.x >= box.x - 1 && at.x + at.width <= box.x + box.width + 1, `inside the chart: ${JSON.stringify([at, box])}`);
      assert.ok(at.width >= 180, `not squeezed: ${at.width} px wide`);
    }
    assert.match(await tip.textContent(), /c64/, 'the right-most point is the highest load');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the page does not widen');
  } finally {
    await phone.close();
  }
});
