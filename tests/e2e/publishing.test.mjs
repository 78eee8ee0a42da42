// Publishing: exports that carry the page's numbers and stand alone, a sub-path deployment,
// a phone-width layout, the no-WebAssembly message, Share & reproduce, embeds and print.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS, SRC, downloadOf, open, settled, start, tableRows } from './browser.mjs';

// The study's sha256 as the page must compute it (by the browser's SHA-256 or the core's).
const STUDY_SHA256 = createHash('sha256').update(readFileSync(SRC)).digest('hex');

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** Inflate a PNG's image data without a library: enough to prove it decodes. */
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

test('in a secure context the study is hashed by the browser\'s SHA-256', async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.__digests = [];
    const digest = SubtleCrypto.prototype.digest;
    SubtleCrypto.prototype.digest = function (algorithm, data) {
      window.__digests.push(`${algorithm} ${data.byteLength}`);
      return digest.call(this, algorithm, data);
    };
  });
  await page.goto(`${browser.base}?view=serving`);
  await page.waitForSelector('.page:not(.booting) canvas.chart[data-points]');
  assert.deepEqual(await page.evaluate(() => window.__digests), [`SHA-256 ${readFileSync(SRC).length}`]);
  await page.close();
});

test('without the browser\'s SHA-256 (a page served over plain http) the study\'s sha256 is the same', async () => {
  const page = await browser.context.newPage();
  // Outside a secure context `crypto.subtle` is undefined; the page falls back to the core's.
  await page.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined }));
  await page.goto(`${browser.base}?view=serving&workload=8192x1024`);
  await page.waitForSelector('.page:not(.booting) canvas.chart[data-points]');
  assert.equal(await page.evaluate(() => crypto.subtle), undefined);
  const { bytes } = await downloadOf(page, () => page.click('.explorer button.export-csv'));
  assert.ok(bytes.toString('utf8').startsWith(`# servescope export; results ${SRC} sha256 ${STUDY_SHA256}; `));
  await page.close();
});

test('the serving CSV is the table shown, with the file\'s digits, nulls empty and a provenance line', async () => {
  const { page } = await open(browser, '?view=serving&workload=8192x1024&metric=ttft_p99_ms');
  await page.waitForSelector('canvas.chart[data-points]');
  const { name, bytes } = await downloadOf(page, () => page.click('.explorer button.export-csv'));
  assert.equal(name, 'servescope-serving-8192x1024-ttft_p99_ms.csv');
  const lines = bytes.toString('utf8').trim().split('\n');
  assert.match(lines[0], new RegExp(`^# servescope export; results data/qwen3\\.8-flash-next-mi350p-2026-10-30\\.json sha256 ${STUDY_SHA256}; view http://127\\.0\\.0\\.1:\\d+/\\?src=data/qwen3\\.8-flash-next-mi350p-2026-10-30\\.json&view=serving&workload=8192x1024&metric=ttft_p99_ms; sources: sweep-paiton\\.jsonl \\((not published|not checked)\\)`));
  assert.equal(lines[1], 'engine,engine_id,ttft_p99_ms at c1,ttft_p99_ms at c2,ttft_p99_ms at c4,ttft_p99_ms at c8,ttft_p99_ms at c16,ttft_p99_ms at c32,ttft_p99_ms at c64,sources');
  const paiton = lines.find((l) => l.startsWith('Paiton CDNA4,')).split(',');
  const titles = await page.$eval('table.serving-table tbody tr', (tr) => [...tr.querySelectorAll('td.num')].map((td) => td.title.split(' · ')[0]));
  assert.deepEqual(paiton.slice(2, 9), titles, 'the CSV carries the exact values the cells\' titles show');
  assert.equal(paiton[8], '47099.7');
  const sglang8 = lines.find((l) => l.startsWith('SGLang MTP · 8 seqs,')).split(',');
  assert.deepEqual(sglang8.slice(7, 9), ['', ''], 'c32 and c64 are not measured: empty fields');
});

test('ratio and limits CSVs say what they hold: ratios named, concurrency a number, absences in words', async () => {
  const { page } = await open(browser, '?view=serving&vs=vllm');
  await page.waitForSelector('canvas.chart[data-points]');
  const ratio = (await downloadOf(page, () => page.click('.explorer button.export-csv'))).bytes.toString('utf8').split('\n');
  assert.match(ratio[0], /values are ratios to vLLM \+ AITER at the same concurrency/);
  assert.match(ratio[1], /out_tok_s ratio to vllm at c1/);
  const limits = await open(browser, '?view=tradeoff&slo_ttft_p99_ms=1000');
  await limits.page.waitForSelector('table.limits-table');
  const csv = (await downloadOf(limits.page, () => limits.page.click('.limits button.export-csv'))).bytes.toString('utf8').split('\n');
  assert.equal(csv[1], 'engine,engine_id,result,out_tok_s,conc,ttft_p99_ms,user_tok_s');
  assert.equal(csv[2], 'Paiton CDNA4,paiton,best point under the limits,754.6,8,668,97.4');
  assert.equal(csv[5], 'SGLang MTP · 8 seqs,sglang8,not measured in this workload,,,,');
  assert.equal(csv[6], 'SGLang · no MTP,sglangNoMtp,no measured point meets the limits,,,,');
});

test('chart exports stand alone: the SVG has a title with study and workload, the legend and a footer; the PNG is 2×', async () => {
  const { page, problems } = await open(browser, '?view=serving&workload=8192x1024');
  await page.waitForSelector('canvas.chart[data-points]');
  const svg = await downloadOf(page, () => page.click('.explorer button.export-svg'));
  assert.equal(svg.name, 'servescope-serving-8192x1024-out_tok_s.svg');
  const text = svg.bytes.toString('utf8');
  assert.ok(text.startsWith('<svg'), text.slice(0, 80));
  assert.ok(text.includes('Qwen3.8-Flash-Next on one MI350P · ISL 8192 / OSL 1024 · output tok/s per GPU'), 'title line');
  for (const label of ['Paiton CDNA4', 'vLLM + AITER', 'SGLang · no MTP']) assert.ok(text.includes(`>\n${label}\n</text>`) || text.includes(label), label);
  assert.ok(text.includes(`sha256 ${STUDY_SHA256} · null = not measured`), 'the study\'s sha256 in the export');
  const png = await downloadOf(page, () => page.click('.explorer button.export-png'));
  assert.equal(png.name, 'servescope-serving-8192x1024-out_tok_s.png');
  const { width, height, pixels } = decodePng(png.bytes);
  const cssWidth = await page.$eval('figure[data-chart="serving"] canvas.chart', (c) => c.clientWidth);
  assert.ok(width >= cssWidth * 2, `at least 2×: ${width} for ${cssWidth} CSS px`);
  assert.equal(pixels.length, height * (1 + width * 4), 'the image data inflates to its declared size');
  assert.ok(new Set(pixels).size > 40, 'not blank');
  assert.deepEqual((await problems()).csp, []);
});

test('Share & reproduce gives the link, an embed snippet, the hash, the view\'s sources, the verdict and the version', async () => {
  const { page } = await open(browser, '?view=serving&engines=paiton');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.share');
  await page.waitForSelector('.share-drawer .version');
  const text = await page.textContent('.share-drawer');
  assert.ok(text.includes('87007c2061fa75297050f61d4071e8caeb4a179c46f81acfd85ad2f13e563d1f'), text);
  assert.match(await page.inputValue('.share-drawer input.share-link'), /\?src=data\/qwen3\.8-flash-next-mi350p-2026-10-30\.json&view=serving&engines=paiton$/);
  assert.match(await page.textContent('.embed-snippet'), /<iframe src=".*&embed=1" height="380"/);
  const sources = await page.$$eval('.reproduce-sources li code', (c) => c.map((x) => x.textContent));
  assert.deepEqual(sources, ['sweep-paiton.jsonl', 'sweep-paiton-c3264.jsonl']);
  assert.match(await page.textContent('.share-drawer .version'), /^servescope \d+\.\d+\.\d+ · commit ([0-9a-f]{7,}|unknown)/);
});

test('at 360 px the page does not scroll sideways; tables become cards', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  for (const view of ['overview', 'decode', 'serving', 'tradeoff', 'accuracy', 'provenance']) {
    await page.goto(`${browser.base}?view=${view}`);
    await page.waitForSelector('main .panel');
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${view} overflows by ${overflow}px`);
  }
  await page.goto(`${browser.base}?view=serving`);
  await page.waitForSelector('table.serving-table');
  const card = await page.$eval('table.serving-table tbody tr td', (td) => [getComputedStyle(td).display, getComputedStyle(td, '::before').content]);
  assert.deepEqual(card, ['flex', '"c1"'], 'a concurrency cell reads as a labelled line');
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

test('an embed shows the study and workload, one chart or table, its height, theme, and a link to the full view', async () => {
  for (const [query, chart] of [['?view=serving&embed=1', 'serving'], ['?view=accuracy&embed=1&chart=weight-kl', 'weight-kl'], ['?view=serving&embed=1&height=500&theme=dark', 'serving']]) {
    const { page, problems } = await open(browser, query);
    await page.waitForSelector('canvas.chart[data-points]');
    await settled(page);
    assert.equal(await page.locator('canvas.chart:visible').count(), 1, query);
    assert.equal(await page.locator('figure.chart-figure:visible').getAttribute('data-chart'), chart);
    assert.equal(await page.locator('table:visible').count(), 0);
    assert.equal(await page.locator('h2:visible').count(), 0, 'no empty heading above the chart');
    assert.match(await page.textContent('.embed-title'), /^Qwen3\.8-Flash-Next on one MI350P/);
    const href = await page.getAttribute('a.embed-link', 'href');
    assert.ok(!href.includes('embed=1') && href.includes('src='), href);
    assert.deepEqual((await problems()).csp, []);
    if (query.includes('height=500')) {
      // The embed is height= tall, and its chart fills what the caption and key leave.
      assert.ok(await page.evaluate(() => document.querySelector('.page').getBoundingClientRect().height) <= 500);
      const canvas = await page.$eval('canvas.chart', (c) => c.clientHeight);
      assert.ok(canvas > 300 && canvas <= 470, `canvas ${canvas} px in a 500 px embed`);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    } else if (chart === 'serving') {
      assert.match(await page.textContent('.embed-title'), /ISL 1024 \/ OSL 1024 · output tok\/s per GPU$/);
    }
    await page.close();
  }
  const table = await open(browser, '?view=cache&embed=1&chart=table');
  await table.page.waitForSelector('table.cache-table:visible');
  assert.equal(await table.page.locator('canvas.chart:visible').count(), 0);
  const prov = await open(browser, '?view=provenance&embed=1');
  await prov.page.waitForSelector('table.sources-table:visible');
});

test('the pickers and toggles work from the keyboard, and the theme is linkable', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.focus('select.metric-picker');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'user_tok_s');
  await page.focus('button.theme-toggle');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal(new URL(page.url()).searchParams.get('theme'), 'dark');
  await page.waitForFunction(() => {
    const c = document.querySelector('canvas.chart');
    return [...c.getContext('2d').getImageData(2, 2, 1, 1).data].slice(0, 3).join() === '17,24,39';
  });
});

test('every other table exports as CSV from the table model: "no CI reported" in words, numbers as written', async () => {
  const { page } = await open(browser, '?view=accuracy');
  await page.waitForSelector('table.weight-accuracy-table');
  const { name, bytes } = await downloadOf(page, () => page.click('.weight .table-block button.export-csv'));
  assert.equal(name, 'servescope-accuracy-weight.csv');
  const lines = bytes.toString('utf8').trim().split('\n');
  assert.match(lines[0], /^# servescope export; .*sources: weight-model-card\.md \((not published|not checked)\)/);
  assert.equal(lines[1], 'checkpoint,id,kl,kl95CI,routingLockedKl,top1Percent');
  assert.equal(lines[2], 'Paiton A5 · CDNA4 FP4,a5,0.0265,0.0239 – 0.0292,0.0131,93.78');
  assert.equal(lines[3], 'INT4-g128 · RDNA4 recipe,int4,0.0288,no CI reported,0.0135,93.51');
  const served = (await downloadOf(page, () => page.click('.served .table-block button.export-csv'))).bytes.toString('utf8').split('\n');
  assert.equal(served[2], 'BF16 reference control,bf16,MI355X,0.007694863545343617,0.9538461538461538,"r24, r25",accuracy-bf16.json');
  await page.click('nav.views a:has-text("Prefill")');
  await page.waitForSelector('table.prefill-table');
  const prefill = await downloadOf(page, () => page.click('.prefill button.export-csv'));
  assert.equal(prefill.bytes.toString('utf8').split('\n')[2], 'Paiton CDNA4,paiton,8192,8197,13709,0.598,1,scout_only,not done,lmx-paiton.json');
});

test('available sources can be downloaded from the provenance view', async () => {
  const { page } = await open(browser, '?src=fixtures/provenance/results.json&view=provenance');
  await page.waitForSelector('.recompute-total');
  const links = await page.$$eval('a.download-source', (a) => a.map((x) => new URL(x.href).pathname));
  assert.deepEqual(links, ['/fixtures/provenance/alpha.json', '/fixtures/provenance/beta.json', '/fixtures/provenance/sweep.jsonl']);
  await page.click('button.share');
  assert.equal(await page.getAttribute('a.download-json', 'href'), `${browser.base}fixtures/provenance/results.json`);
});

test('print uses the light palette and keeps the legend and the settings line', async () => {
  const { page } = await open(browser, `?src=${SRC}&view=tradeoff&slo_ttft_p99_ms=1000&theme=dark`);
  await page.waitForSelector('canvas.chart[data-points]');
  await page.emulateMedia({ media: 'print' });
  const colours = await page.evaluate(() => ({ fg: getComputedStyle(document.querySelector('h1')).color, bg: getComputedStyle(document.body).backgroundColor }));
  assert.equal(colours.fg, 'rgb(17, 17, 17)', 'the title prints dark');
  assert.ok(await page.isVisible('.print-settings'));
  assert.match(await page.textContent('.print-settings'), /ISL 1024 \/ OSL 1024.*TTFT p99 ≤ 1000 ms/);
  assert.ok(await page.isVisible('.legend.toggles'), 'the legend prints');
  await page.emulateMedia({ media: 'screen' });
  assert.ok(Object.keys(await tableRows(page, 'table.limits-table')).length === 5);
});
