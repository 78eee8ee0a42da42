#!/usr/bin/env bash
# Install whatever is missing to build and test servescope on a fresh Debian machine with
# rustup, node and npm. Safe to run twice: each step checks before it installs.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# wasm-bindgen-cli must equal the wasm-bindgen version locked in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)

say() { printf 'setup: %s\n' "$*"; }

for component in clippy rustfmt; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (about 8 minutes on two cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
  # Not --locked: the crate's own lockfile names a dependency version the registry lacks.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# The split step (tools/split.mjs): cuts the lazily loaded views out of the app's wasm.
WASM_SPLIT_VERSION=0.2.2
if ! cargo install --list | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm_split_cli_support $WASM_SPLIT_VERSION (about 3 minutes)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q chromium chromium-driver
fi

# unzip: the browser tests open the study archive the page's import downloads.
if ! command -v unzip >/dev/null; then
  say "installing Debian's unzip"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q unzip
fi

# npm packages from the committed lockfile: binaryen (wasm-opt 132) and playwright-core.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages from package-lock.json"
  npm ci --no-audit --no-fund
fi

# Python tools in a virtual environment under target/ (never the system's): maturin builds
# the wheel (scripts/wheel.sh), zizmor audits the workflow and the Action.
MATURIN_VERSION=1.16.0
ZIZMOR_VERSION=1.32.0
VENV=target/tools-venv
if [ ! -x "$VENV/bin/python" ]; then
  say "making the tools' virtual environment ($VENV)"
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/maturin" --version 2>/dev/null | grep -q " $MATURIN_VERSION\$" \
  || ! "$VENV/bin/zizmor" --version 2>/dev/null | grep -q " $ZIZMOR_VERSION\$"; then
  say "installing maturin $MATURIN_VERSION and zizmor $ZIZMOR_VERSION into $VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "maturin==$MATURIN_VERSION" "zizmor==$ZIZMOR_VERSION"
fi
