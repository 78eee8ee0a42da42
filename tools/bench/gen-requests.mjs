// Generate the per-request benchmark's input: vLLM `bench serve --save-detailed` results,
// one file per concurrency level, a million requests in all (10 levels × 100,000), each
// file as vLLM writes it — the per-request arrays (ttfts, itls, latencies, output_lens,
// start_times, errors …) and its summary computed from them with numpy's linear
// percentile. A closed loop: a request starts when one of the c slots frees. Plausibly
// shaped (TTFT and TPOT grow with concurrency, about 0.5 % fail), deterministic.
// An engine SPEED times faster (or slower) draws other requests from another SEED, so the
// four-engine study's engines differ.
// Usage: node tools/bench/gen-requests.mjs OUT_DIR [PER_LEVEL] [SEED] [SPEED]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'target/bench/requests/vllm';
const PER = Number(process.argv[3] ?? 100000);
const LEVELS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const SEED = Number(process.argv[4] ?? 7);
const SPEED = Number(process.argv[5] ?? 1);
const OSL = 32;
const ISL = 1024;
mkdirSync(out, { recursive: true });

let seed = SEED;
const uniform = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const normal = () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
const lognormal = (median, sigma) => median * Math.exp(sigma * normal());
// Seconds to the microsecond, as the file prints them.
const us = (s) => Math.round(s * 1e6) / 1e6;

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank), hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}
const stats = (values) => {
  const s = Float64Array.from(values).sort();
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  const std = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / (s.length || 1));
  return { mean, median: percentile(s, 50), std, p99: percentile(s, 99) };
};

for (const c of LEVELS) {
  const slots = new Float64Array(c);
  const t0 = 81234.5;
  const rows = { input: [], output: [], ttft: [], itls: [], latency: [], start: [], queue: [], errors: [] };
  const ok = { ttft: [], tpot: [], e2el: [], itl: [] };
  let outputTokens = 0;
  for (let i = 0; i < PER; i++) {
    let slot = 0;
    for (let k = 1; k < c; k++) if (slots[k] < slots[slot]) slot = k;
    const start = us(t0 + slots[slot] + 0.0002);
    const failed = uniform() < 0.002 + c / 100000;
    rows.input.push(ISL);
    rows.start.push(start);
    rows.queue.push(us(0.0001 + uniform() * 0.0002));
    if (failed) {
      rows.output.push(0); rows.ttft.push(0.0); rows.itls.push([]); rows.latency.push(0.0); rows.errors.push('Bad Request: overloaded');
      slots[slot] += 0.01;
      continue;
    }
    const ttft = us(lognormal((0.05 + c * 0.004) / SPEED, 0.35));
    const tpot = ((0.008 + c * 0.00005) / SPEED) * Math.exp(0.1 * normal());
    const gaps = Array.from({ length: OSL - 1 }, () => us(tpot * Math.exp(0.15 * normal())));
    const latency = us(ttft + gaps.reduce((a, b) => a + b, 0));
    rows.output.push(OSL); rows.ttft.push(ttft); rows.itls.push(gaps); rows.latency.push(latency); rows.errors.push('');
    slots[slot] = start - t0 + latency;
    ok.ttft.push(ttft * 1000); ok.e2el.push(latency * 1000); ok.tpot.push(((latency - ttft) * 1000) / (OSL - 1));
    for (const g of gaps) ok.itl.push(g * 1000);
    outputTokens += OSL;
  }
  const completed = ok.ttft.length;
  const first = Math.min(...rows.start.slice(0, Math.min(c, PER)));
  const duration = Math.max(...rows.start.map((s, i) => s + rows.latency[i])) - first;
  const summary = {};
  for (const [name, values] of Object.entries(ok)) {
    const s = stats(values);
    Object.assign(summary, { [`mean_${name}_ms`]: s.mean, [`median_${name}_ms`]: s.median, [`std_${name}_ms`]: s.std, [`p99_${name}_ms`]: s.p99 });
  }
  const doc = {
    date: '20261201-120000', endpoint_type: 'openai', backend: 'openai', label: null, model_id: 'bench/model-8b', tokenizer_id: 'bench/model-8b',
    num_prompts: PER, request_rate: 'inf', burstiness: 1.0, max_concurrency: c, duration, completed, failed: PER - completed,
    total_input_tokens: completed * ISL, total_output_tokens: outputTokens, request_throughput: completed / duration, request_goodput: null,
    output_throughput: outputTokens / duration, total_token_throughput: (outputTokens + completed * ISL) / duration,
    input_lens: rows.input, output_lens: rows.output, ttfts: rows.ttft, itls: rows.itls, latencies: rows.latency, start_times: rows.start,
    queue_times: rows.queue, generated_texts: rows.output.map((n) => (n ? 'x' : '')), errors: rows.errors,
    max_output_tokens_per_s: 0, max_concurrent_requests: c, ...summary,
  };
  writeFileSync(join(out, `c${String(c).padStart(3, '0')}.json`), JSON.stringify(doc));
}
console.log(`wrote ${LEVELS.length} vLLM detailed results, ${LEVELS.length * PER} requests, to ${out}`);
