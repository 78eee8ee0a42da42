// The benchmark: servescope against minimal Chart.js and plotly.js pages drawing the same
// decode and serving charts from the same JSON, fetched the same way, in headless Chromium
// on localhost with the cache disabled and a fresh browser per run. Runs alternate app,
// Chart.js, plotly. Writes BENCHMARKS.md. Usage: node tools/bench/run.mjs [RUNS]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';
import { FLAGS } from '../../tests/e2e/browser.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const SWITCHES = 50;
const HOVERS = 200;
const DATA = 'data/qwen3.8-flash-next-mi350p-2026-10-30.json';

const server = await serve('dist', 0, {
  '/peers/': 'tools/bench/peers',
  '/vendor/': 'node_modules',
  '/bench/': 'target/bench',
});
const base = `http://127.0.0.1:${server.address().port}/`;

const TARGETS = {
  app: {
    first: `${base}?src=${DATA}`,
    serving: `${base}?src=${DATA}&view=serving`,
    scale: `${base}?src=bench/scale.json&view=serving`,
    ready: 'canvas.chart[data-points]',
    start: 'servescope:draw-start',
    end: 'servescope:chart-drawn',
    hover: 'canvas.chart',
  },
  chartjs: {
    first: `${base}peers/chartjs.html`,
    serving: `${base}peers/chartjs.html`,
    scale: `${base}peers/chartjs.html?data=/bench/scale.json`,
    ready: 'body',
    start: 'peer:draw-start',
    end: 'peer:chart-drawn',
    hover: '#serving',
  },
  plotly: {
    first: `${base}peers/plotly.html`,
    serving: `${base}peers/plotly.html`,
    scale: `${base}peers/plotly.html?data=/bench/scale.json`,
    ready: 'body',
    start: 'peer:draw-start',
    end: 'peer:chart-drawn',
    hover: '#serving .nsewdrag, #serving',
  },
};

async function withPage(fn) {
  const profile = mkdtempSync(join(tmpdir(), 'servescope-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1200, height: 900 },
    args: [...FLAGS, '--enable-precise-memory-info'],
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(() => {
      addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; });
    });
    return await fn(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function settle(page, t) {
  await page.waitForSelector(t.ready);
  await page.waitForFunction((end) => performance.getEntriesByName(end).length > 0 && (window.benchReady ?? true), t.end, { timeout: 60000 });
  await page.waitForTimeout(300);
}

/** First chart, last chart of the view, and main-thread draw time from the marks. */
async function loadTimes(page, t) {
  return page.evaluate(({ start, end }) => {
    const starts = performance.getEntriesByName(start).map((m) => m.startTime);
    const ends = performance.getEntriesByName(end).map((m) => m.startTime);
    const draw = ends.reduce((sum, e, i) => sum + (e - (starts[i] ?? e)), 0);
    return { first: ends[0], all: ends[ends.length - 1], draw, charts: ends.length };
  }, t);
}

async function switches(page, name) {
  const times = [];
  const metrics = ['ttft_p99_ms', 'out_tok_s'];
  for (let i = 0; i < SWITCHES; i++) {
    if (name === 'app') {
      times.push(await page.evaluate(async (metric) => {
        const select = document.querySelector('select.metric-picker');
        const before = performance.getEntriesByName('servescope:chart-drawn').length;
        const t0 = performance.now();
        select.value = metric;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        while (performance.getEntriesByName('servescope:chart-drawn').length === before) {
          await new Promise((r) => setTimeout(r, 0));
        }
        return performance.getEntriesByName('servescope:chart-drawn').at(-1).startTime - t0;
      }, metrics[i % 2]));
    } else {
      times.push(await page.evaluate(() => window.switchMetric()));
    }
  }
  return times;
}

async function hover(page, t) {
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
  }, { selector: t.hover, n: HOVERS });
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };

const results = { app: [], chartjs: [], plotly: [] };
for (let run = 0; run < RUNS; run++) {
  for (const [name, t] of Object.entries(TARGETS)) {
    const r = {};
    await withPage(async (page) => {
      await page.goto(t.first);
      await settle(page, t);
      Object.assign(r, await loadTimes(page, t));
      if (name === 'app') {
        await page.goto(t.serving);
        await settle(page, t);
      }
      const sw = await switches(page, name);
      r.switchP50 = pct(sw, 50);
      r.switchP95 = pct(sw, 95);
      await page.locator(t.hover.split(',')[0]).first().scrollIntoViewIfNeeded().catch(() => {});
      r.hover = await hover(page, t);
    });
    await withPage(async (page) => {
      await page.goto(t.scale);
      await settle(page, t);
      r.scaleFirst = (await loadTimes(page, t)).first;
      r.jsHeap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? NaN);
      r.wasmHeap = await page.evaluate(() => window.__wasm?.memory?.buffer.byteLength ?? 0);
    });
    results[name].push(r);
    process.stdout.write(`run ${run + 1} ${name}: first ${r.first.toFixed(0)} ms, switch p95 ${r.switchP95.toFixed(1)} ms\n`);
  }
}
server.close();

// Transfer sizes: what each page downloads, by type, raw and gzip.
function sizes(files) {
  const by = {};
  for (const [type, path] of files) {
    const bytes = readFileSync(path);
    by[type] ??= { raw: 0, gzip: 0 };
    by[type].raw += bytes.length;
    by[type].gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return by;
}
const dist = readdirSync('dist').filter((f) => statSync(join('dist', f)).isFile());
const typeOf = (f) => (f.endsWith('.wasm') ? 'wasm' : f.endsWith('.js') ? 'js' : f.endsWith('.css') ? 'css' : f.endsWith('.html') ? 'html' : 'other');
const appFiles = dist.filter((f) => typeOf(f) !== 'other').map((f) => [typeOf(f), join('dist', f)]);
const size = {
  app: sizes([...appFiles, ['data', DATA]]),
  chartjs: sizes([['js', 'node_modules/chart.js/dist/chart.umd.js'], ['js', 'tools/bench/peers/common.mjs'], ['html', 'tools/bench/peers/chartjs.html'], ['data', DATA]]),
  plotly: sizes([['js', 'node_modules/plotly.js-dist-min/plotly.min.js'], ['js', 'tools/bench/peers/common.mjs'], ['html', 'tools/bench/peers/plotly.html'], ['data', DATA]]),
};
const kb = (b) => (b / 1024).toFixed(1);
const total = (s, key) => Object.entries(s).filter(([t]) => t !== 'data').reduce((sum, [, v]) => sum + v[key], 0);

const rows = [
  ['navigation → first chart (ms)', 'first'],
  ['navigation → every chart of the default view (ms)', 'all'],
  ['main-thread time drawing the default view (ms)', 'draw'],
  ['metric switch p50 (ms)', 'switchP50'],
  ['metric switch p95 (ms)', 'switchP95'],
  ['hover, per mousemove (ms)', 'hover'],
  ['scale file: navigation → first chart (ms)', 'scaleFirst'],
  ['scale file: JS heap (MB)', 'jsHeap', 1 / 1048576],
  ['scale file: wasm memory (MB)', 'wasmHeap', 1 / 1048576],
];
const med = (name, key, k = 1) => median(results[name].map((r) => r[key] * k));
const fmt = (x) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2)) : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '—');
let table = '| measure (median of ' + RUNS + ' runs) | servescope | Chart.js | plotly.js | servescope ÷ Chart.js | servescope ÷ plotly.js |\n|---|---:|---:|---:|---:|---:|\n';
for (const [label, key, k] of rows) {
  const [a, c, p] = ['app', 'chartjs', 'plotly'].map((n) => med(n, key, k));
  table += `| ${label} | ${fmt(a)} | ${fmt(c)} | ${fmt(p)} | ${ratio(a, c)} | ${ratio(a, p)} |\n`;
}
let sizeTable = '| transfer (KB, raw / gzip) | servescope | Chart.js page | plotly.js page |\n|---|---:|---:|---:|\n';
for (const type of ['wasm', 'js', 'css', 'html', 'data']) {
  const cell = (s) => (s[type] ? `${kb(s[type].raw)} / ${kb(s[type].gzip)}` : '—');
  sizeTable += `| ${type} | ${cell(size.app)} | ${cell(size.chartjs)} | ${cell(size.plotly)} |\n`;
}
sizeTable += `| **total excluding data** | ${kb(total(size.app, 'raw'))} / **${kb(total(size.app, 'gzip'))}** | ${kb(total(size.chartjs, 'raw'))} / ${kb(total(size.chartjs, 'gzip'))} | ${kb(total(size.plotly, 'raw'))} / ${kb(total(size.plotly, 'gzip'))} |\n`;

const commit = execSync('git rev-parse --short HEAD').toString().trim();
const chromiumVersion = execSync(`${process.env.CHROMIUM ?? "/usr/bin/chromium"} --version 2>/dev/null`).toString().trim();
const doc = `# Benchmarks

Measured ${new Date().toISOString().slice(0, 10)} at commit \`${commit}\` on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}),
${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${chromiumVersion} headless, served from 127.0.0.1 with the cache disabled,
a fresh browser per run; runs alternate servescope, Chart.js, plotly.js. The machine is shared and
noisy: read medians and the ratios measured side by side, not absolute numbers.

Rerun: \`./scripts/bench.sh\` (builds the release site, generates the scale file, runs
\`node tools/bench/run.mjs ${RUNS}\` and rewrites this file).

${table}
${sizeTable}
What each figure is:
- *first chart* / *every chart*: the performance mark each page sets when a chart finished
  drawing, from navigation start. servescope's default view (decode) has one chart; each peer
  page draws two (decode and serving), so its "every chart" includes the second.
- *main-thread drawing*: the sum of draw-start → chart-drawn marks over the default view.
- *metric switch*: servescope — from the metric picker's change event to the redrawn chart
  (link update, series rebuild and draw); Chart.js — \`chart.update('none')\`; plotly.js —
  \`Plotly.react\`; ${SWITCHES} switches alternating out_tok_s and ttft_p99_ms.
- *hover*: synchronous cost of one \`mousemove\` dispatched on the chart, averaged over ${HOVERS}
  moves. Chart.js defers hover work to the next animation frame, so its figure undercounts.
- *scale file*: \`tools/bench/gen-scale.mjs\` — 40 engines × 12 workloads × 16 concurrency
  levels (${'~'}7 700 cells); servescope parses, validates and draws the serving view, the peers
  fetch, parse and draw two charts of it.
`;
writeFileSync('BENCHMARKS.md', doc + (process.env.BENCH_NOTES ? `\n${readFileSync(process.env.BENCH_NOTES, 'utf8')}` : ''));
console.log(table);
console.log(sizeTable);
