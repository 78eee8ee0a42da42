// Generate the scale file for the benchmark: 40 engines × 12 workloads × 16 concurrency
// levels, valid for servescope (tok_s_per_kw agrees with out_tok_s / power_w). Deterministic.
// Usage: node tools/bench/gen-scale.mjs OUT.json
import { writeFileSync } from 'node:fs';

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const round1 = (x) => Math.round(x * 10) / 10;
const levels = Array.from({ length: 16 }, (_, i) => i + 1).map((i) => i * 4);
const engines = Array.from({ length: 40 }, (_, i) => ({ id: `engine${i}`, label: `Engine ${i}`, source: 'scale.jsonl' }));
const workloads = [];
for (const isl of [128, 512, 1024, 2048, 4096, 8192]) {
  for (const osl of [256, 1024]) {
    workloads.push({
      inputTokens: isl,
      outputTokens: osl,
      rows: engines.map((e, k) => ({
        id: e.id,
        cells: levels.map((conc) => {
          if (rand() < 0.08) return null;
          const out = round1(100 + conc * (20 + k) * (0.8 + rand() * 0.4));
          const power = round1(250 + conc * 2 + rand() * 50);
          return {
            isl, osl, conc, n: 8 + Math.floor(rand() * 100), errors: 0, short: 0, wall_s: round1(30 + rand() * 10),
            out_tok_s: out, user_tok_s: round1(out / conc), power_w: power, tok_s_per_kw: round1((out / power) * 1000),
            ttft_p50_ms: round1(50 + conc * 10 * rand()), ttft_p99_ms: round1(80 + conc * 20 * rand()),
            tpot_p50_ms: round1(3 + rand()), tpot_p99_ms: round1(4 + rand()),
            e2e_p50_ms: round1(1000 + conc * 30), e2e_p99_ms: round1(1500 + conc * 40),
            itl_p50_ms: round1(3 + rand()), itl_p99_ms: round1(5 + rand()), source: 'scale.jsonl',
          };
        }),
      })),
    });
  }
}
const doc = {
  title: 'Scale benchmark (generated)', date: '2026-01-01', concurrency: levels, engines,
  sources: [{ file: 'scale.jsonl', sha256: '0'.repeat(64) }],
  decode: { unit: 'aggregate output tokens/s', rows: engines.map((e, k) => ({ id: e.id, values: levels.map((c) => round1(100 + c * (10 + k))), sources: ['scale.jsonl'] })) },
  serving: { aggregateUnit: 'output tokens/s per GPU', workloads },
};
writeFileSync(process.argv[2] ?? 'scale.json', JSON.stringify(doc));
