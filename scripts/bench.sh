#!/usr/bin/env bash
# Benchmark servescope against Chart.js and plotly.js pages and rewrite BENCHMARKS.md.
# Usage: scripts/bench.sh [RUNS] (default 5). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
trunk build --release
mkdir -p target/bench
node tools/bench/gen-scale.mjs target/bench/scale.json
BENCH_NOTES=tools/bench/notes.md node tools/bench/run.mjs "${1:-5}"
