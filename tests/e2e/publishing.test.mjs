// Publishing: exports that carry the page's numbers, a sub-path deployment, a phone-width
// layout, the no-WebAssembly message and the "Reproduce this" box.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS, open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** Inflate a PNG's image data (RGBA, 8 bits) without a library: enough to prove it decodes. */
function decodePng(bytes) {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') { width = data.readUInt32BE(0); height = data.readUInt32BE(4); }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

async function downloadOf(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test('the serving CSV equals the table, with nulls empty and a provenance line', async () => {
  const { page } = await open(browser, '?view=serving&workload=8192x1024&metric=ttft_p99_ms');
  await page.waitForSelector('canvas.chart[data-points]');
  const { name, bytes } = await downloadOf(page, () => page.click('.explorer button.export-csv'));
  assert.equal(name, 'servescope-8192x1024-ttft_p99_ms.csv');
  const lines = bytes.toString('utf8').trim().split('\n');
  assert.match(lines[0], /^# servescope export; results data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json sha256 87007c20[0-9a-f]{56}; view http:\/\/127\.0\.0\.1:\d+\/\?src=data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json&view=serving&workload=8192x1024&metric=ttft_p99_ms; sources: sweep-paiton\.jsonl \((unavailable|not checked)\)/);
  assert.equal(lines[1], 'engine_id,engine,ttft_p99_ms at c1,ttft_p99_ms at c2,ttft_p99_ms at c4,ttft_p99_ms at c8,ttft_p99_ms at c16,ttft_p99_ms at c32,ttft_p99_ms at c64');
  const paiton = lines.find((l) => l.startsWith('paiton,')).split(',');
  const table = await page.$eval('table.serving-table tbody tr', (tr) => [...tr.querySelectorAll('td.num')].map((td) => td.childNodes[0].textContent.trim()));
  assert.deepEqual(paiton.slice(2), table);
  const sglang8 = lines.find((l) => l.startsWith('sglang8,')).split(',');
  assert.deepEqual(sglang8.slice(7), ['', ''], 'c32 and c64 are not measured: empty fields');
});

test('the decode CSV carries the file\'s numbers as written', async () => {
  const { page } = await open(browser);
  await page.waitForSelector('canvas.chart[data-points]');
  const { bytes } = await downloadOf(page, () => page.click('section.decode button.export-csv'));
  const text = bytes.toString('utf8');
  assert.ok(text.includes('paiton,Paiton CDNA4,273.071554221675,'), text.slice(0, 400));
  assert.ok(text.includes('sglangNoMtp,SGLang · no MTP,,,,,,1088.6304487429068,1092.9729308758801'), text);
});

test('chart exports: the SVG names the engines, the PNG decodes and is not blank', async () => {
  const { page, problems } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  const svg = await downloadOf(page, () => page.click('.explorer button.export-svg'));
  const text = svg.bytes.toString('utf8');
  assert.ok(text.startsWith('<svg'), text.slice(0, 80));
  for (const label of ['Paiton CDNA4', 'vLLM + AITER', 'SGLang · no MTP']) assert.ok(text.includes(label), label);
  assert.ok(text.includes('output tok/s per GPU'));
  const png = await downloadOf(page, () => page.click('.explorer button.export-png'));
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const { width, height, pixels } = decodePng(png.bytes);
  assert.ok(width > 300 && height > 200, `${width}×${height}`);
  assert.equal(pixels.length, height * (1 + width * 4), 'the image data inflates to its declared size');
  const distinct = new Set(pixels).size;
  assert.ok(distinct > 40, `a blank image has almost no distinct bytes; this one has ${distinct}`);
  assert.deepEqual((await problems()).csp, []);
});

test('the reproduce box gives the link, the hash, the view\'s sources and the version', async () => {
  const { page } = await open(browser, '?view=serving&engines=paiton');
  await page.waitForSelector('.reproduce .version');
  const text = await page.textContent('.reproduce');
  assert.ok(text.includes('87007c2061fa75297050f61d4071e8caeb4a179c46f81acfd85ad2f13e563d1f'), text);
  assert.match(await page.textContent('.reproduce-link'), /\?src=data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json&view=serving&engines=paiton$/);
  const sources = await page.$$eval('.reproduce-sources li code', (c) => c.map((x) => x.textContent));
  assert.deepEqual(sources, ['sweep-paiton.jsonl', 'sweep-paiton-c3264.jsonl']);
  assert.match(await page.textContent('.reproduce .version'), /^servescope \d+\.\d+\.\d+ · commit [0-9a-f]{7,}|unknown/);
});

test('at 360 px the page does not scroll sideways; tables scroll in their own box', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  for (const view of ['decode', 'serving', 'accuracy', 'provenance']) {
    await page.goto(`${browser.base}?view=${view}`);
    await page.waitForSelector('main .panel');
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${view} overflows by ${overflow}px`);
  }
  await page.close();
});

test('the site works from a sub-path', async () => {
  const server = await serve('tools', 0, { '/results/qwen/': 'dist' });
  const profile = mkdtempSync(join(tmpdir(), 'servescope-subpath-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/results/qwen/?view=serving`);
    await page.waitForSelector('canvas.chart[data-points="21"]');
    await page.click('nav.views a:has-text("Decode")');
    await page.waitForSelector('canvas.chart[data-points="26"]');
    assert.equal(new URL(page.url()).pathname, '/results/qwen/');
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('without WebAssembly the page says so instead of staying blank', async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => { delete window.WebAssembly; });
  await page.goto(browser.base);
  await page.waitForSelector('#no-wasm', { state: 'visible' });
  assert.match(await page.textContent('#no-wasm'), /cannot run WebAssembly/);
  await page.close();
});

test('embed mode shows exactly one chart, its caption and a link to the full view', async () => {
  for (const [query, chart] of [['?view=serving&embed=1', 'serving'], ['?view=accuracy&embed=1&chart=weight-kl', 'weight-kl']]) {
    const { page, problems } = await open(browser, query);
    await page.waitForSelector('canvas.chart[data-points]');
    await page.waitForTimeout(200);
    const visible = await page.locator('canvas.chart:visible').count();
    assert.equal(visible, 1, `${query}: ${visible} visible charts`);
    assert.equal(await page.locator('figure.chart-figure:visible').getAttribute('data-chart'), chart);
    assert.equal(await page.locator('table:visible').count(), 0);
    const href = await page.getAttribute('.embed-link a', 'href');
    assert.ok(!href.includes('embed=1') && href.includes('src='), href);
    assert.deepEqual((await problems()).csp, []);
    await page.close();
  }
});

test('the pickers and toggles work from the keyboard', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.focus('select.metric-picker');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'user_tok_s');
  await page.focus('button.theme-toggle');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  // The chart redraws on the dark background.
  const corner = await page.$eval('canvas.chart', (c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data].slice(0, 3));
  assert.deepEqual(corner, [0x11, 0x18, 0x27]);
});

test('every other table exports as CSV: a "no CI reported" cell is an empty field', async () => {
  const { page } = await open(browser, '?view=accuracy');
  await page.waitForSelector('table.weight-table');
  const { name, bytes } = await downloadOf(page, () => page.click('.weight button.export-csv'));
  assert.equal(name, 'servescope-weight-accuracy.csv');
  const lines = bytes.toString('utf8').trim().split('\n');
  assert.match(lines[0], /^# servescope export; .*sources: weight-model-card\.md \((unavailable|not checked)\)$/);
  assert.equal(lines[1], 'Checkpoint,KL (free routing),95 % CI,KL (routing locked),top-1 %');
  assert.equal(lines[2], 'Paiton A5 · CDNA4 FP4,0.0265,0.0239 – 0.0292,0.0131,93.78');
  assert.equal(lines[3], 'INT4-g128 · RDNA4 recipe,0.0288,,0.0135,93.51');
  await page.click('nav.views a:has-text("Prefill")');
  await page.waitForSelector('table.prefill-table');
  const prefill = await downloadOf(page, () => page.click('.prefill button.export-csv'));
  const row = prefill.bytes.toString('utf8').split('\n')[2];
  assert.equal(row, 'Paiton CDNA4,8192,8197,13709,0.598,1,scout_only,server validation: not done,lmx-paiton.json');
});

test('available sources can be downloaded from the provenance view', async () => {
  const { page } = await open(browser, '?src=fixtures/provenance/results.json&view=provenance');
  await page.waitForSelector('.recompute-total');
  const links = await page.$$eval('a.download-source', (a) => a.map((x) => new URL(x.href).pathname));
  assert.deepEqual(links, ['/fixtures/provenance/alpha.json', '/fixtures/provenance/beta.json', '/fixtures/provenance/sweep.jsonl']);
  assert.equal(await page.getAttribute('a.download-json', 'href'), `${browser.base}fixtures/provenance/results.json`);
});
