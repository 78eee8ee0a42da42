#!/usr/bin/env bash
# Benchmark servescope against Chart.js, uPlot and plotly.js pages, and its per-request
# tools at a million requests, and rewrite BENCHMARKS.md.
# Usage: scripts/bench.sh [RUNS] (default 5). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
trunk build --release
cargo build --release --locked --bins
mkdir -p target/bench
node tools/bench/gen-scale.mjs target/bench/scale.json
# A million requests through the native tools (target/bench/requests.json, read by run.mjs).
node tools/bench/requests.mjs 3
node tools/bench/goodput-browser.mjs 3
BENCH_NOTES=tools/bench/notes.md node tools/bench/run.mjs "${1:-5}"
