#!/usr/bin/env bash
# Fuzz the pure core: results-file parsing and the link parser. Usage:
#   scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 600)
# Uses the stable toolchain without a sanitizer (`-s none`); safe Rust gains little from
# AddressSanitizer, and this runs several times more executions per second. New inputs go
# to fuzz/corpus/ (not committed); committed seeds are in fuzz/seeds/.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-600}
cargo fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --version 0.13.2 --locked
for target in parse_results view_state; do
  mkdir -p "fuzz/corpus/$target"
  cargo +stable fuzz run -s none "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$SECONDS_PER_TARGET" -max_len=131072 -print_final_stats=1
done
