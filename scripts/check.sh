#!/usr/bin/env bash
# Every check, in the order that fails fastest: formatting, lints (native, and the wasm
# build, which native clippy never sees), native tests, the release build, the size
# budgets, and the browser tests. Assumes the tools are installed (scripts/test.sh does it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

echo "== format (cargo fmt --check)"
cargo fmt --check

echo "== lints (clippy, native and wasm32)"
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --target wasm32-unknown-unknown --lib -- -D warnings

echo "== native tests (cargo test)"
cargo test --locked

echo "== the bundled collection's manifest (servescope-index data --check)"
cargo run --quiet --locked --bin servescope-index -- data --check
cargo run --quiet --locked --bin servescope-index -- data/requests --check

echo "== release build (trunk build --release)"
trunk build --release

echo "== size budgets (budgets.toml)"
node tools/size-gate.mjs dist

echo "== browser tests (node --test, headless Chromium)"
node --test --test-concurrency=1 tests/e2e/
