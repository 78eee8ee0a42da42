#!/usr/bin/env bash
# Every check, in the order that fails fastest: formatting, lints (native, and the wasm
# build, which native clippy never sees), native tests, the release build, the size
# budgets, and the browser tests. Assumes the tools are installed (scripts/test.sh does it).
# Each stage says how long it took, and the last lines list them all: where the minutes go.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

TIMES=()
stage() {
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  "$@"
  TIMES+=("$(printf '%5d s  %s' $((SECONDS - start)) "$name")")
}
lints() {
  cargo clippy --locked --all-targets --all-features -- -D warnings
  cargo clippy --locked --target wasm32-unknown-unknown --lib -- -D warnings
}
manifests() {
  cargo run --quiet --locked --bin servescope-index -- data --check
  cargo run --quiet --locked --bin servescope-index -- data/requests --check
}

workflows() {
  node tools/lint-actions.mjs
  target/tools-venv/bin/zizmor --offline --quiet .github/workflows/release.yml action.yml
}

stage "format (cargo fmt --check)" cargo fmt --check
stage "workflows (actionlint, zizmor)" workflows
stage "lints (clippy, native and wasm32)" lints
stage "native tests (cargo test)" cargo test --locked
stage "the bundled collection's manifest (servescope-index data --check)" manifests
stage "release build (trunk build --release)" trunk build --release
stage "size budgets (budgets.toml)" node tools/size-gate.mjs dist
# The wheel on the site just built: the browser tests install it and run the README's guide.
stage "wheel (scripts/wheel.sh, maturin)" bash scripts/wheel.sh --site-built
# Each browser-test file starts its own server (a free port) and its own browser profile, so
# the files are independent: two at a time, one per core (190 tests in 206 s against 279 s
# one file at a time, measured on this machine).
stage "browser tests (node --test, headless Chromium, two files at a time)" node --test --test-concurrency=2 tests/e2e/

echo "== where the time went"
printf '%s\n' "${TIMES[@]}"
