// The benchmark: servescope against minimal Chart.js, uPlot and plotly.js pages drawing the
// same decode and serving charts from the same JSON, fetched the same way, in headless
// Chromium with the cache disabled, a fresh browser context per load, every page served
// compressed as a static host would: with brotli, and again from a gzip-only server. Two
// links: loopback, and a 4G-like link emulated over the DevTools protocol (150 ms round
// trip, 1.6 Mbit/s down). Runs alternate the pages.
// Writes BENCHMARKS.md. Usage: node tools/bench/run.mjs [RUNS]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';
import { inFirstDownload } from '../dist-parts.mjs';
import { CHROMIUM, FLAGS } from '../../tests/e2e/browser.mjs';

const RUNS = Number(process.argv[2] ?? 5);
/** Tool outputs picked in the import measure. */
const IMPORT_FILES = ['tests/fixtures/import/vllm/c1.json', 'tests/fixtures/import/vllm/append.json'];
const SWITCHES = 50;
const HOVERS = 200;
const DATA = 'data/qwen3.8-flash-next-mi350p-2026-10-30.json';
const LINKS = {
  loopback: null,
  '4G': { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 },
};

const MOUNTS = { '/peers/': 'tools/bench/peers', '/vendor/': 'node_modules', '/bench/': 'target/bench' };
// Two hosts: one that sends brotli where the browser takes it (servescope's .br copies, the
// peers compressed on the fly at the same quality), one that sends gzip only.
const ENCODINGS = { br: ['br', 'gzip'], gzip: ['gzip'] };
const servers = Object.fromEntries(await Promise.all(Object.entries(ENCODINGS).map(async ([e, list]) => [e, await serve('dist', 0, MOUNTS, { encodings: list })])));
const baseOf = (e) => `http://127.0.0.1:${servers[e].address().port}/`;
const base = baseOf('br');
const pagesAt = (base) => ({
  servescope: { first: base, serving: `${base}?src=${DATA}&view=serving`, scale: `${base}?src=bench/scale.json&view=serving` },
  'Chart.js': { first: `${base}peers/chartjs.html`, scale: `${base}peers/chartjs.html?data=/bench/scale.json` },
  uPlot: { first: `${base}peers/uplot.html`, scale: `${base}peers/uplot.html?data=/bench/scale.json` },
  'plotly.js': { first: `${base}peers/plotly.html`, scale: `${base}peers/plotly.html?data=/bench/scale.json` },
});
const PAGES = pagesAt(base);
const FIRST = Object.fromEntries(Object.keys(ENCODINGS).map((e) => [e, pagesAt(baseOf(e))]));
const NAMES = Object.keys(PAGES);

// In the page, every frame until found: the first chart is the first visible canvas wider
// than 100 px with ink on it, or visible SVG of that width with ten shapes drawn — whatever the
// page draws with, detected the same way. For servescope, "interactive" is the first frame
// at which its app has replaced the pre-rendered view and a hover on a point is answered;
// "tapped", the first frame at which a tap on a point of the chart showing — the pre-rendered
// one before the app, the app's after — shows its tooltip.
const DETECT = () => {
  window.__bench = { first: null, interactive: null, tapped: null, shown: null };
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 100 && r.height > 50 && getComputedStyle(e).visibility === 'visible'; };
  const inked = (c) => {
    if (!c.width || !c.height) return false;
    const ctx = c.getContext('2d');
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 64) if (data[i + 3] > 0 && (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2])) n++;
    return n > 50;
  };
  const drawnSvg = (s) => s.querySelectorAll('path, polyline, circle, rect, line').length >= 10;
  let hovered = false;
  const frame = () => {
    const b = window.__bench;
    // "shown": a view's heading on the page, the pre-rendered one or the app's.
    if (b.shown === null && [...document.querySelectorAll('#prerender h2, .page:not(.booting) h2')].some((h) => h.offsetParent)) b.shown = performance.now();
    if (b.first === null) {
      const found = [...document.querySelectorAll('canvas')].some((c) => visible(c) && inked(c))
        || [...document.querySelectorAll('svg')].some((s) => visible(s) && drawnSvg(s));
      if (found) b.first = performance.now();
    }
    if (b.tapped === null) {
      if (document.querySelector('.tooltip.shown')) b.tapped = performance.now();
      else {
        const pre = [...document.querySelectorAll('#prerender .chart.prerendered[data-marks]')].find((e) => e.getClientRects().length > 0);
        const drawn = document.getElementById('prerender') ? null : document.querySelector('canvas.chart[data-marks]');
        const target = pre ?? drawn;
        const mark = target?.dataset.marks?.split(';')[0];
        if (mark) {
          const [x, y] = mark.split(',').map(Number);
          const r = target.getBoundingClientRect();
          const k = pre ? r.width / pre.querySelector('svg').viewBox.baseVal.width : 1;
          const at = { clientX: r.left + x * k, clientY: r.top + y * k, bubbles: true, pointerType: 'touch' };
          (document.elementFromPoint(at.clientX, at.clientY) ?? target).dispatchEvent(new PointerEvent('pointerdown', at));
        }
      }
    }
    const canvas = document.querySelector('canvas.chart[data-marks]');
    if (b.interactive === null && canvas && !document.getElementById('prerender') && canvas.dataset.marks) {
      if (hovered && document.querySelector('.tooltip.shown')) b.interactive = performance.now();
      else {
        const [x, y] = canvas.dataset.marks.split(';')[0].split(',').map(Number);
        const r = canvas.getBoundingClientRect();
        canvas.parentElement.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + x, clientY: r.top + y, bubbles: true }));
        hovered = true;
      }
    }
    if (b.first === null || ((b.interactive === null || b.tapped === null) && document.querySelector('.page'))) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

async function withPage(link, fn) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (LINKS[link]) await cdp.send('Network.emulateNetworkConditions', LINKS[link]);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await page.addInitScript(DETECT);
    await page.addInitScript(() => { addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }); });
    return await fn(page, () => bytes);
  } finally {
    await context.close();
  }
}

async function firstChart(page, app) {
  await page.waitForFunction(() => window.__bench?.first !== null, null, { timeout: 120000, polling: 50 });
  if (app) await page.waitForFunction(() => window.__bench.interactive !== null, null, { timeout: 120000, polling: 50 });
  await page.waitForFunction(() => window.benchReady ?? document.querySelector('canvas.chart[data-points]'), null, { timeout: 120000 });
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__bench);
}

// The views a deep link is timed on (the ones the build writes).
const DEEP_VIEWS = ['serving', 'tradeoff', 'energy', 'decode', 'prefill', 'cache', 'accuracy', 'provenance'];

/** A deep link's marks: its view shown, its first chart and a tap answered (none for a view
 *  without a chart), and the app taken over (the pre-rendered view gone, the app's drawn). */
async function deepLink(page, charted) {
  await page.waitForFunction(() => window.__bench?.shown !== null, null, { timeout: 120000, polling: 50 });
  if (charted) await page.waitForFunction(() => window.__bench.tapped !== null, null, { timeout: 120000, polling: 50 });
  await page.waitForFunction(() => {
    if (document.getElementById('prerender') || !document.querySelector('.page:not(.booting) h2')) return false;
    window.__bench.app ??= performance.now();
    return true;
  }, null, { timeout: 120000, polling: 'raf' });
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__bench);
}

async function switches(page, name) {
  const times = [];
  for (let i = 0; i < SWITCHES; i++) {
    // Each switch starts on an idle page (two frames after the last), so no sample carries
    // the previous switch's leftover work; the same for every page.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    times.push(await page.evaluate(async ([app, metric]) => {
      if (!app) return window.switchMetric();
      const select = document.querySelector('select.metric-picker');
      const before = performance.getEntriesByName('servescope:chart-drawn').length;
      const t0 = performance.now();
      select.value = metric;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      while (performance.getEntriesByName('servescope:chart-drawn').length === before) await new Promise((r) => setTimeout(r, 0));
      return performance.getEntriesByName('servescope:chart-drawn').at(-1).startTime - t0;
    }, [name === 'servescope', ['ttft_p99_ms', 'out_tok_s'][i % 2]]));
  }
  return times;
}

async function hover(page, name) {
  const selector = { servescope: 'canvas.chart', 'Chart.js': '#serving', uPlot: '#serving .u-over', 'plotly.js': '#serving .nsewdrag' }[name];
  await page.locator(selector).first().scrollIntoViewIfNeeded().catch(() => {});
  return page.evaluate(({ selector, n }) => {
    const target = document.querySelector(selector);
    const box = target.getBoundingClientRect();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const x = box.left + 90 + (i * 7) % Math.max(1, box.width - 120);
      const y = box.top + 60 + (i * 13) % Math.max(1, box.height - 140);
      (document.elementFromPoint(x, y) ?? target).dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
    }
    return (performance.now() - t0) / n;
  }, { selector, n: HOVERS });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, '--enable-precise-memory-info'] });
const results = Object.fromEntries(NAMES.map((n) => [n, []]));
for (let run = 0; run < RUNS; run++) {
  for (const name of NAMES) {
    const r = {};
    for (const link of Object.keys(LINKS)) {
      for (const encoding of Object.keys(ENCODINGS)) {
        await withPage(link, async (page, bytes) => {
          await page.goto(FIRST[encoding][name].first);
          const b = await firstChart(page, name === 'servescope');
          r[`first ${link} ${encoding}`] = b.first;
          r[`interactive ${link} ${encoding}`] = b.interactive ?? NaN;
          r[`tapped ${link} ${encoding}`] = b.tapped ?? NaN;
          r[`transfer ${link} ${encoding}`] = bytes();
        });
      }
    }
    await withPage('loopback', async (page) => {
      await page.goto(PAGES[name].serving ?? PAGES[name].first);
      await firstChart(page, name === 'servescope');
      const sw = switches(page, name);
      const times = await sw;
      const sorted = [...times].sort((a, b) => a - b);
      r.switchP50 = sorted[Math.floor(0.5 * sorted.length)];
      r.switchP95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))];
      r.hover = await hover(page, name);
    });
    if (name === 'servescope') {
      // A shared link to each view of the bundled study: the build wrote each one, which the
      // head script fetches and shows until the app takes over.
      for (const view of DEEP_VIEWS) {
        for (const encoding of Object.keys(ENCODINGS)) {
          await withPage('4G', async (page) => {
            await page.goto(FIRST[encoding][name].serving.replace('view=serving', `view=${view}`));
            const b = await deepLink(page, view !== 'provenance');
            r[`deep ${view} shown 4G ${encoding}`] = b.shown ?? NaN;
            r[`deep ${view} first 4G ${encoding}`] = b.first ?? NaN;
            r[`deep ${view} tapped 4G ${encoding}`] = b.tapped ?? NaN;
            r[`deep ${view} app 4G ${encoding}`] = b.app ?? NaN;
          });
        }
      }
      // The import module (a worker of its own): from opening the Open drawer, which starts
      // loading it, to the import form for two picked vLLM files — loaded, started, answered.
      await withPage('4G', async (page) => {
        await page.goto(FIRST.br[name].first);
        await firstChart(page, true);
        const t0 = Date.now();
        await page.click('button.open-file');
        await page.setInputFiles('.open-drawer input[type=file]', IMPORT_FILES);
        await page.waitForSelector('.import-form', { timeout: 120000 });
        r.importReady = Date.now() - t0;
      });
    }
    await withPage('loopback', async (page) => {
      await page.goto(PAGES[name].scale);
      r.scaleFirst = (await firstChart(page, false)).first;
      r.jsHeap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? NaN);
      r.wasmHeap = await page.evaluate(() => window.__wasm?.memory?.buffer.byteLength ?? NaN);
    });
    results[name].push(r);
    process.stdout.write(`run ${run + 1} ${name}: first ${r['first loopback br'].toFixed(0)} / ${r['first 4G br'].toFixed(0)} ms, interactive 4G ${r['interactive 4G br'].toFixed(0)} (gzip ${r['interactive 4G gzip'].toFixed(0)}) ms, switch p95 ${r.switchP95.toFixed(1)} ms\n`);
  }
}
await browser.close();
for (const s of Object.values(servers)) s.close();

// Static sizes: what each page downloads, by type, raw, gzip -9 and brotli 11.
const brotli = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } });
function sizes(files) {
  const by = {};
  for (const [type, path] of files) {
    const bytes = readFileSync(path);
    by[type] ??= { raw: 0, gzip: 0, br: 0 };
    by[type].raw += bytes.length;
    by[type].gzip += gzipSync(bytes, { level: 9 }).length;
    by[type].br += brotli(bytes).length;
  }
  return by;
}
const dist = readdirSync('dist').filter((f) => statSync(join('dist', f)).isFile());
const typeOf = (f) => (f.endsWith('.wasm') ? 'wasm' : f.endsWith('.js') ? 'js' : f.endsWith('.css') ? 'css' : f.endsWith('.html') ? 'html' : 'other');
const peer = (html, ...vendor) => sizes([...vendor.map((v) => [v.endsWith('.css') ? 'css' : 'js', `node_modules/${v}`]), ['js', 'tools/bench/peers/common.mjs'], ['html', `tools/bench/peers/${html}`], ['data', DATA]]);
const size = {
  // The first download, counted as the size gate counts it (tools/dist-parts.mjs).
  servescope: sizes([...dist.filter((f) => typeOf(f) !== 'other' && inFirstDownload(f)).map((f) => [typeOf(f), join('dist', f)]), ['data', DATA]]),
  'Chart.js': peer('chartjs.html', 'chart.js/dist/chart.umd.js'),
  uPlot: peer('uplot.html', 'uplot/dist/uPlot.iife.min.js', 'uplot/dist/uPlot.min.css'),
  'plotly.js': peer('plotly.html', 'plotly.js-dist-min/plotly.min.js'),
};

const median = (xs) => { const s = xs.filter(Number.isFinite).sort((a, b) => a - b); if (!s.length) return NaN; return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const med = (name, key, k = 1) => median(results[name].map((r) => r[key] * k));
const fmt = (x) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2)) : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '—');
const kb = (b) => (b / 1024).toFixed(1);
const rows = [
  ['transfer as received, loopback, brotli (KB, data included)', 'transfer loopback br', 1 / 1024],
  ['transfer as received, loopback, gzip only (KB, data included)', 'transfer loopback gzip', 1 / 1024],
  ['first chart, loopback, brotli (ms)', 'first loopback br'],
  ['first chart, 4G-like link, brotli (ms)', 'first 4G br'],
  ['first chart, 4G-like link, gzip only (ms)', 'first 4G gzip'],
  ['interactive, loopback, brotli (ms)', 'interactive loopback br'],
  ['interactive, 4G-like link, brotli (ms)', 'interactive 4G br'],
  ['interactive, 4G-like link, gzip only (ms)', 'interactive 4G gzip'],
  ['a tap on a point answered, 4G-like link, brotli (ms)', 'tapped 4G br'],
  ['a tap on a point answered, 4G-like link, gzip only (ms)', 'tapped 4G gzip'],
  ['import module ready after opening the drawer, 4G-like link, brotli (ms)', 'importReady'],
  ['metric switch p50 (ms)', 'switchP50'],
  ['metric switch p95 (ms)', 'switchP95'],
  ['hover, per mousemove (ms)', 'hover'],
  ['scale file: first chart, loopback (ms)', 'scaleFirst'],
  ['scale file: JS heap (MB)', 'jsHeap', 1 / 1048576],
  ['scale file: wasm memory (MB)', 'wasmHeap', 1 / 1048576],
];
let table = `| measure (median of ${RUNS} runs) | ${NAMES.join(' | ')} | servescope ÷ Chart.js | servescope ÷ uPlot |\n|---|${NAMES.map(() => '---:').join('|')}|---:|---:|\n`;
for (const [label, key, k] of rows) {
  const v = NAMES.map((n) => med(n, key, k));
  table += `| ${label} | ${v.map(fmt).join(' | ')} | ${ratio(v[0], v[1])} | ${ratio(v[0], v[2])} |\n`;
}
// A deep link to each view (servescope only), against the peers' first chart on the same link.
const peerFirst = (n, e) => med(n, `first 4G ${e}`);
let deepTable = '| deep link, 4G-like link (median ms) | view shown, br | first chart, br | a tap answered, br | a tap answered, gzip | app took over, br | tap ÷ Chart.js first chart, br / gzip | tap ÷ uPlot first chart, br / gzip |\n|---|---:|---:|---:|---:|---:|---:|---:|\n';
for (const view of DEEP_VIEWS) {
  const m = (what, e) => med('servescope', `deep ${view} ${what} 4G ${e}`);
  const vs = (peer) => `${ratio(m('tapped', 'br'), peerFirst(peer, 'br'))} / ${ratio(m('tapped', 'gzip'), peerFirst(peer, 'gzip'))}`;
  deepTable += `| ?view=${view} | ${fmt(m('shown', 'br'))} | ${fmt(m('first', 'br'))} | ${fmt(m('tapped', 'br'))} | ${fmt(m('tapped', 'gzip'))} | ${fmt(m('app', 'br'))} | ${vs('Chart.js')} | ${vs('uPlot')} |\n`;
}
let sizeTable = `| static size (KB, raw / gzip -9 / brotli 11) | ${NAMES.join(' | ')} |\n|---|${NAMES.map(() => '---:').join('|')}|\n`;
for (const type of ['wasm', 'js', 'css', 'html', 'data']) {
  sizeTable += `| ${type} | ${NAMES.map((n) => (size[n][type] ? `${kb(size[n][type].raw)} / ${kb(size[n][type].gzip)} / ${kb(size[n][type].br)}` : '—')).join(' | ')} |\n`;
}
const total = (s, key) => Object.entries(s).filter(([t]) => t !== 'data').reduce((sum, [, v]) => sum + v[key], 0);
sizeTable += `| **app, data excluded** | ${NAMES.map((n) => `${kb(total(size[n], 'raw'))} / **${kb(total(size[n], 'gzip'))}** / **${kb(total(size[n], 'br'))}**`).join(' | ')} |\n`;

// The per-request views in the browser (tools/bench/goodput-browser.mjs), beside a plain-JS page:
// the one-engine study (`b`) and the four-engine one (`b4`).
function browserPart(b, b4) {
  if (!b) return '';
  const f = (v) => (v == null || !Number.isFinite(v) ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const frame = 1000 / 60;
  const four = b4 ?? {};
  return `
In the browser, the same million requests as one engine (10 levels × 100,000) and as four engines (4 × 10 × 25,000)
(\`tools/bench/goodput-browser.mjs\`, medians of ${b.runs} runs, ${b.changes} changes each), servescope beside a
plain-JavaScript page computing the same goodput from the same tables (\`tools/bench/peers/goodput.html\`: typed columns
per cell, one pass per cell; its computation alone, warm, no drawing). Target: an objective change within the plain
page's computation plus one frame (${f(frame)} ms). Memory is the page's wasm linear memory once the study's source
checks are done: the tools' files (331 MB for these studies) are held in JavaScript and transferred to the import
module, which is stopped once their lines are derived again (476 MB before, when they were kept in wasm memory).

| measure | servescope | plain JavaScript |
|---|---:|---:|
| one engine: the goodput view's first chart, loopback (ms; the 13 MB table fetched, hashed, inflated, read and checked) | ${f(b.first)} | — |
| one engine: objective change, Back/Forward between two objectives to the frame showing the redrawn chart, p50 (ms) | ${f(b.change)} | ${f(b.plain)} (+ ${f(frame)} a frame = ${f(b.plain + frame)}) |
| … p95 (ms) | ${f(b.changeP95)} | — |
| four engines: the goodput view's first chart, loopback (ms) | ${f(four.first)} | — |
| four engines: objective change, p50 (ms) | ${f(four.change)} | ${f(four.plain)} (+ ${f(frame)} a frame = ${f(four.plain + frame)}) |
| … p95 (ms) | ${f(four.changeP95)} | — |
| memory (MB), one engine: servescope's wasm linear memory / the plain page's JS heap (the table alone) | ${f(b.wasmMb)} | ${f(b.plainHeapMb)} |
| memory (MB), four engines: servescope's wasm linear memory / the plain page's JS heap (the tables alone) | ${f(four.wasmMb)} | ${f(four.plainHeapMb)} |
`;
}

// The per-request measures (tools/bench/requests.mjs), when that step ran before this one.
function requestsSection() {
  let r;
  try {
    r = JSON.parse(readFileSync('target/bench/requests.json', 'utf8'));
  } catch {
    return '';
  }
  const s = (v) => (v == null ? '—' : v.toFixed(2));
  const readers = r.readers ? Object.entries(r.readers).map(([name, v]) => `| ${name} reads the table (\`read_csv\` of the .csv.gz, ${v.rows.toLocaleString('en')} rows) | ${s(v.s)} s |`).join('\n') : '| pandas, polars, DuckDB | not measured (their packages could not be installed) |';
  return `
## Per-request data at a million requests

\`node tools/bench/requests.mjs\` (run by \`scripts/bench.sh\`): ${r.requests.toLocaleString('en')} requests as vLLM
\`bench serve --save-detailed\` results (\`tools/bench/gen-requests.mjs\`: 10 concurrency levels × 100,000 requests,
OSL 32, every array vLLM writes, ${(r.inputBytes / 1e6).toFixed(0)} MB), through the native command-line tools, medians of
the runs. Targets (issue 37): import ≤ 60 s, verify ≤ 30 s, ≤ 16 bytes a request.

| measure | value |
|---|---:|
| \`servescope-import\` of the 10 files (parse, pair, table, gzip, sweeps, self-check) | ${s(r.importS)} s |
| \`servescope-verify --require-all\` (hashes, cells from sweeps and from the tool files, each run's figures from its requests, every row derived again) | ${s(r.verifyS)} s |
| \`servescope-verify --goodput ttft:500,tpot:12\` (the same, then goodput of every cell) | ${s(r.goodputS)} s |
| the per-request table as stored (\`vllm.requests.csv.gz\`, the bytes its sha256 covers) | ${(r.tableBytes / 1e6).toFixed(2)} MB |
| … per request | ${r.bytesPerRequest.toFixed(2)} bytes |
${readers}

The Python readers are ${r.packages.join(', ')}, each reading the file as it is stored.
${browserPart(r.browser, r.browser4)}`;
}

const commit = execSync('git rev-parse --short HEAD').toString().trim();
const chromiumVersion = execSync(`${CHROMIUM} --version 2>/dev/null`).toString().trim();
const doc = `# Benchmarks

Measured ${new Date().toISOString().slice(0, 10)} at commit \`${commit}\` on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}),
${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${chromiumVersion} headless at 1280 × 800. Every page is served
from 127.0.0.1 with the cache disabled, each load in a fresh browser context, compressed as a
static host sends it — brotli where the browser takes it (servescope's build writes \`.br\` and
\`.gz\` copies; the peers are compressed by the server at the same levels), and, for the rows
marked "gzip only", from a host that sends gzip -9 alone;
runs alternate servescope, Chart.js, uPlot, plotly.js. The machine is shared and noisy: read
medians and the ratios measured side by side in this run, not absolute numbers.

Rerun: \`./scripts/bench.sh\` (builds the release site, generates the scale file, runs
\`node tools/bench/run.mjs ${RUNS}\` and rewrites this file).

${table}
${deepTable}
${sizeTable}
What each figure is:
- *first chart*: from navigation start to the first animation frame at which the page shows a
  chart — a visible canvas wider than 100 px with ink on it, or visible SVG that wide with at
  least ten shapes drawn —
  detected the same way in every page, not by the page's own mark. servescope's landing view
  is written into its HTML at build time, so its first chart is that SVG.
- *interactive* (servescope only): the first frame at which the app has taken over from the
  pre-rendered view and a synthetic hover on a point is answered by its tooltip.
- *a tap answered* (servescope only; a peer's chart answers from its first chart, its
  handlers attached when it draws): the first frame at which a synthetic tap on a point of
  the chart showing — the pre-rendered SVG before the app, whose marks and tooltip words the
  build wrote, or the app's canvas after — shows the point's tooltip.
- *deep link* (servescope only): \`?src=…&view=VIEW\`, the bundled study's view with its
  defaults, which the build writes beside \`index.html\`; the head script fetches it and shows it
  until the app takes over. *view shown*: the first frame with the view's heading on the page;
  *app took over*: the first frame with the app's view in place of the pre-rendered one. The
  provenance view has no chart, so no chart and no tap.
- *import module ready* (servescope only): on the 4G-like link, from a click on "Open file…"
  (which starts loading the import module, a worker of its own) to the import form for two
  picked vLLM files: the module downloaded, started and answering.
- *4G-like link*: DevTools network emulation, 150 ms latency, 1.6 Mbit/s down, 0.75 Mbit/s up.
- *metric switch*: servescope — from the metric picker's change event to the redrawn chart
  (link update, series rebuild and draw) on the serving view; Chart.js — \`chart.update('none')\`;
  uPlot — \`setData\`; plotly.js — \`Plotly.react\`; ${SWITCHES} switches alternating out_tok_s and ttft_p99_ms,
  each started on an idle page (two animation frames after the previous one).
- *hover*: synchronous cost of one \`mousemove\` dispatched on the chart, averaged over ${HOVERS}
  moves. Chart.js and uPlot defer hover work to the next animation frame, so theirs undercount.
- *scale file*: \`tools/bench/gen-scale.mjs\` — 40 engines × 12 workloads × 16 concurrency
  levels (${'~'}7 700 cells); servescope parses, validates and draws the serving view, the peers
  fetch, parse and draw two charts of it.
- *static size*: the files each page loads, raw, gzip -9 and brotli 11 (what each host sends);
  the size gate (\`budgets.toml\`) counts gzip -9.
${requestsSection()}`;
writeFileSync('BENCHMARKS.md', doc + (process.env.BENCH_NOTES ? `\n${readFileSync(process.env.BENCH_NOTES, 'utf8')}` : ''));
console.log(table);
console.log(sizeTable);
