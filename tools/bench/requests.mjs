// The per-request benchmark (schema 1.3), natively: a million requests as vLLM
// `--save-detailed` files (gen-requests.mjs), imported by servescope-import, verified by
// servescope-verify (every run's figures recomputed from its requests, every row derived
// again from the tool's file), goodput computed at an objective, and the table read by
// pandas, polars and DuckDB (pinned, in a virtual environment of their own). Medians of
// RUNS runs. Writes target/bench/requests.json, which run.mjs puts into BENCHMARKS.md.
// Usage: node tools/bench/requests.mjs [RUNS]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RUNS = Number(process.argv[2] ?? 3);
const ROOT = 'target/bench/requests';
const INPUT = join(ROOT, 'vllm');
const STUDY = join(ROOT, 'study');
const PY = join(ROOT, 'py');
const PY_PACKAGES = ['pandas==3.1.1', 'polars==2.1.0', 'duckdb==2.0.1'];
const REQUESTS = 1_000_000;
const bin = (name) => `target/release/${name}`;

if (!existsSync(join(INPUT, 'c512.json'))) execFileSync('node', ['tools/bench/gen-requests.mjs', INPUT, String(REQUESTS / 10)], { stdio: 'inherit' });
const inputs = readdirSync(INPUT).filter((f) => f.endsWith('.json')).sort().map((f) => join(INPUT, f));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timed(label, fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times.push((performance.now() - t0) / 1000);
  }
  console.log(`${label}: ${times.map((t) => t.toFixed(2)).join(', ')} s`);
  return median(times);
}

// The same million requests over four engines (10 levels × 25,000 each), for the browser's
// multi-engine measures (goodput-browser.mjs): imported once, not timed.
const ENGINES4 = [['vllm', 'vLLM', 7, 1], ['sglang', 'SGLang', 11, 1.2], ['trt', 'TensorRT-LLM', 13, 1.4], ['lmdeploy', 'LMDeploy', 17, 0.9]];
const STUDY4 = join(ROOT, 'study4');
if (!existsSync(join(STUDY4, 'results.json'))) {
  const args = ['--out', STUDY4, '--title', 'A million requests, four engines', '--gpus', '8', '--isl', '1024', '--osl', '32'];
  for (const [id, label, seed, speed] of ENGINES4) {
    const dir = join(ROOT, `four-${id}`);
    if (!existsSync(join(dir, 'c512.json'))) execFileSync('node', ['tools/bench/gen-requests.mjs', dir, String(REQUESTS / 40), String(seed), String(speed)], { stdio: 'inherit' });
    args.push('--engine', id, '--label', label, ...readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)));
  }
  execFileSync(bin('servescope-import'), args, { stdio: 'ignore' });
}

const importArgs = ['--out', STUDY, '--title', 'A million requests', '--engine', 'vllm', '--label', 'vLLM', '--gpus', '8', '--isl', '1024', '--osl', '32', ...inputs];
const importS = timed('import', () => {
  rmSync(STUDY, { recursive: true, force: true });
  execFileSync(bin('servescope-import'), importArgs, { stdio: 'ignore' });
});
const results = join(STUDY, 'results.json');
const verifyS = timed('verify --require-all', () => execFileSync(bin('servescope-verify'), [results, '--require-all'], { stdio: 'ignore' }));
const goodputS = timed('verify --goodput', () => execFileSync(bin('servescope-verify'), [results, '--goodput', 'ttft:500,tpot:12'], { stdio: 'ignore' }));
const tableBytes = statSync(join(STUDY, 'vllm.requests.csv.gz')).size;
const inputBytes = inputs.reduce((n, f) => n + statSync(f).size, 0);

// The readers the table is written for, each reading the .csv.gz as it is.
let readers = null;
try {
  if (!existsSync(join(PY, 'bin', 'python'))) {
    execFileSync('python3', ['-m', 'venv', PY], { stdio: 'ignore' });
    execFileSync(join(PY, 'bin', 'pip'), ['install', '-q', ...PY_PACKAGES], { stdio: 'ignore' });
  }
  const script = `
import json, sys, time
import pandas as pd, polars as pl, duckdb
path = sys.argv[1]
def best(f):
    times = []
    for _ in range(${RUNS}):
        t = time.perf_counter(); rows = f(); times.append(time.perf_counter() - t)
    return {"s": sorted(times)[len(times) // 2], "rows": rows}
print(json.dumps({
    "pandas": best(lambda: len(pd.read_csv(path))),
    "polars": best(lambda: pl.read_csv(path).height),
    "DuckDB": best(lambda: duckdb.sql(f"SELECT count(*) FROM read_csv('{path}')").fetchall()[0][0]),
}))`;
  readers = JSON.parse(execFileSync(join(PY, 'bin', 'python'), ['-c', script, join(STUDY, 'vllm.requests.csv.gz')]).toString());
} catch (e) {
  console.log(`the Python readers were not measured: ${e.message.split('\n')[0]}`);
}

const out = { requests: REQUESTS, importS, verifyS, goodputS, tableBytes, inputBytes, bytesPerRequest: tableBytes / REQUESTS, readers, packages: PY_PACKAGES };
writeFileSync('target/bench/requests.json', JSON.stringify(out, null, 2));
console.log(JSON.stringify(out));
