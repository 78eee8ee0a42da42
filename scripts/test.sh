#!/usr/bin/env bash
# Run every test: native unit and integration tests, then the release build in headless
# Chromium. Installs what is missing first; safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh

echo "== native tests (cargo test)"
cargo test --locked

echo "== release build (trunk build --release)"
trunk build --release

echo "== browser tests (node --test, headless Chromium)"
node --test tests/e2e/
