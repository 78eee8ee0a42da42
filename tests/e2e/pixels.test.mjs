// Every chart kind drawn on the page's canvas, pixel for pixel, against PNGs committed from
// the build before plotters-canvas took over the drawing (tests/e2e/pixels/). The canvas's
// own backing store is compared (toDataURL), at DPR 1 and 2, so neither page layout nor
// screenshot scaling can hide a changed line, marker, fill or label.
// SERVESCOPE_BLESS=1 rewrites the PNGs after a deliberate change of the drawing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { open, settled, start } from './browser.mjs';

const DIR = 'tests/e2e/pixels';
const BLESS = Boolean(process.env.SERVESCOPE_BLESS);
const INDEX = resolve('target/debug/servescope-index');

/** [name, query, chart figure]: one of each chart kind in chart/. */
const CHARTS = [
  ['concurrency', '?view=serving&workload=1024x1024&metric=out_tok_s', 'serving'],
  ['concurrency-log', '?view=serving&workload=8192x1024&metric=ttft_p99_ms&scale=log', 'serving'],
  ['tradeoff', '?view=tradeoff&slo_ttft_p99_ms=1000', 'tradeoff'],
  ['bars', '?view=prefill', 'prefill'],
  ['dot', '?view=accuracy', 'served-kl'],
  ['scatter', '?view=accuracy', 'weight-kl'],
  ['history', '?index=collection/index.json&view=history&engine=paiton&model=Qwen3.8-Flash-Next&hardware=H200&workload=1024x1024&conc=1', 'history'],
];

const browsers = {};
before(async () => {
  const prepare = (scratch) => {
    const dir = join(scratch, 'collection');
    execFileSync('node', ['tests/fixtures/collection/make.mjs', dir, '12'], { stdio: 'ignore' });
    execFileSync(INDEX, [dir], { stdio: 'ignore' });
    return { '/collection/': dir };
  };
  browsers[1] = await start({ prepare, deviceScaleFactor: 1 });
  browsers[2] = await start({ prepare, deviceScaleFactor: 2 });
});
after(async () => { for (const b of Object.values(browsers)) await b?.close(); });

/** The chart's canvas once drawn and still, as a PNG data URL. */
async function canvasPng(page, figure) {
  const selector = `figure[data-chart="${figure}"] canvas.chart[data-points]`;
  await page.waitForSelector(selector);
  // Every draw the page started (a resize's too) is done.
  await settled(page);
  return page.$eval(selector, (c) => c.toDataURL('image/png'));
}

/** How many pixels of two PNG data URLs differ, and their sizes. */
async function differingPixels(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    // Decoded from bytes (createImageBitmap), not loaded as an <img>: the page's CSP
    // allows no data: images.
    const pixels = async (url) => {
      const bytes = Uint8Array.from(atob(url.split(',')[1]), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
    };
    const [x, y] = [await pixels(a), await pixels(b)];
    if (x.width !== y.width || x.height !== y.height) return { size: [`${x.width}x${x.height}`, `${y.width}x${y.height}`], differing: -1 };
    let differing = 0;
    for (let i = 0; i < x.data.length; i += 4) {
      if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2] || x.data[i + 3] !== y.data[i + 3]) differing++;
    }
    return { size: [`${x.width}x${x.height}`], differing, total: x.data.length / 4 };
  }, [a, b]);
}

for (const dpr of [1, 2]) {
  for (const [name, query, figure] of CHARTS) {
    test(`${name} at DPR ${dpr}: the canvas is pixel for pixel what it was`, async () => {
      const { page, problems } = await open(browsers[dpr], query);
      const png = await canvasPng(page, figure);
      const file = join(DIR, `${name}@${dpr}x.png`);
      if (BLESS) {
        mkdirSync(DIR, { recursive: true });
        writeFileSync(file, Buffer.from(png.split(',')[1], 'base64'));
      } else {
        assert.ok(existsSync(file), `${file} is missing (SERVESCOPE_BLESS=1 writes it)`);
        const expected = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
        const diff = await differingPixels(page, expected, png);
        assert.equal(diff.differing, 0, `${name} at DPR ${dpr}: ${JSON.stringify(diff)}`);
      }
      assert.deepEqual((await problems()).pageErrors, []);
      await page.close();
    });
  }
}
