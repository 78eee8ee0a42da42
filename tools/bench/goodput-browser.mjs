// The per-request views at a million requests, in the browser (after requests.mjs wrote the
// study): the goodput view's first chart on loopback, an objective change — from the link's
// change (popstate, Back and Forward between two objectives) to the frame that shows the
// redrawn chart, once the page's source checks have settled — beside a plain-JavaScript page
// computing the same goodput from the same table (peers/goodput.html, its computation alone,
// warm), and the wasm memory; for the one-engine study (10 levels × 100,000 requests) and
// the four-engine one (4 × 10 × 25,000). Adds `browser` and `browser4` to
// target/bench/requests.json.
// Usage: node tools/bench/goodput-browser.mjs [RUNS]
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';
import { CHROMIUM, FLAGS } from '../../tests/e2e/browser.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const CHANGES = 20;
const SLOS = [{ ttft: 500, tpot: 12 }, { ttft: 800, tpot: 14 }];
const slo = (s) => `ttft:${s.ttft},tpot:${s.tpot}`;
const server = await serve('dist', 0, { '/peers/': 'tools/bench/peers', '/bench/': 'target/bench' });
const base = `http://127.0.0.1:${server.address().port}/`;
const STUDIES = {
  one: { src: 'bench/requests/study/results.json', tables: ['vllm'], points: 10 },
  four: { src: 'bench/requests/study4/results.json', tables: ['vllm', 'sglang', 'trt', 'lmdeploy'], points: 40 },
};
const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, '--enable-precise-memory-info'] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function servescope(study) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => { addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }); });
  const t0 = Date.now();
  await page.goto(`${base}?src=${study.src}&view=goodput&slo=${slo(SLOS[0])}`);
  await page.waitForSelector(`figure[data-chart="goodput"] canvas.chart[data-points="${study.points}"]`, { timeout: 300000 });
  const first = Date.now() - t0;
  // The source checks settled (the badge no longer says it is checking), then two objectives
  // in the history to walk between.
  await page.waitForFunction(() => !/checking/.test(document.querySelector('.badge')?.textContent ?? 'checking'), null, { timeout: 300000 });
  await page.fill('input.goodput-ttft', String(SLOS[1].ttft));
  await page.dispatchEvent('input.goodput-ttft', 'change');
  await page.fill('input.goodput-tpot', String(SLOS[1].tpot));
  await page.dispatchEvent('input.goodput-tpot', 'change');
  await page.waitForFunction((s) => new URL(location.href).searchParams.get('slo') === s, slo(SLOS[1]));
  const times = [];
  for (let i = 0; i < CHANGES; i++) {
    times.push(await page.evaluate((back) => new Promise((resolve) => {
      // Every chart of the view redrawn (goodput, attainment, good tokens), not the first.
      const charts = document.querySelectorAll('figure[data-chart] canvas.chart').length;
      const before = performance.getEntriesByName('servescope:chart-drawn').length;
      let t0 = 0;
      addEventListener('popstate', () => { t0 = performance.now(); }, { once: true });
      const wait = () => {
        if (t0 && performance.getEntriesByName('servescope:chart-drawn').length >= before + charts) {
          requestAnimationFrame(() => resolve(performance.now() - t0));
        } else {
          setTimeout(wait, 0);
        }
      };
      wait();
      if (back) history.back(); else history.forward();
    }), i % 2 === 0));
  }
  const wasmMb = await page.evaluate(() => (window.__wasm?.memory?.buffer.byteLength ?? NaN) / 1048576);
  await context.close();
  return { first, change: median(times), changeP95: [...times].sort((a, b) => a - b)[Math.floor(0.95 * times.length)], wasmMb };
}

async function plain(study) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dir = study.src.replace(/results\.json$/, '');
  await page.goto(`${base}peers/goodput.html?${study.tables.map((t) => `table=/${dir}${t}.requests.csv.gz`).join('&')}`);
  await page.waitForFunction(() => window.benchReady, null, { timeout: 300000 });
  const times = await page.evaluate(({ slos, n }) => {
    for (let i = 0; i < 5; i++) window.goodput(slos[i % 2]);
    const out = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      window.goodput(slos[i % 2]);
      out.push(performance.now() - t0);
    }
    return out;
  }, { slos: SLOS.map((s) => ({ ttft: s.ttft, tpot: s.tpot })), n: CHANGES });
  const heap = await page.evaluate(() => (performance.memory?.usedJSHeapSize ?? NaN) / 1048576);
  await context.close();
  return { compute: median(times), heapMb: heap };
}

const out = JSON.parse(readFileSync('target/bench/requests.json', 'utf8'));
for (const [name, study] of Object.entries(STUDIES)) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const s = await servescope(study);
    const p = await plain(study);
    runs.push({ ...s, ...p });
    console.log(`${name} engine(s), run ${r + 1}: first goodput chart ${s.first} ms, objective change ${s.change.toFixed(1)} ms (p95 ${s.changeP95.toFixed(1)}), plain JS ${p.compute.toFixed(1)} ms, wasm ${s.wasmMb.toFixed(0)} MB`);
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  out[name === 'one' ? 'browser' : 'browser4'] = { runs: RUNS, changes: CHANGES, first: pick('first'), change: pick('change'), changeP95: pick('changeP95'), plain: pick('compute'), wasmMb: pick('wasmMb'), plainHeapMb: pick('heapMb') };
}
await browser.close();
server.close();
writeFileSync('target/bench/requests.json', JSON.stringify(out, null, 2));
console.log(JSON.stringify({ browser: out.browser, browser4: out.browser4 }));
