#!/usr/bin/env bash
# Run every check on a fresh machine: installs what is missing (safe to run twice), then
# scripts/check.sh — fmt, clippy native and wasm32, native tests, the release build and
# the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec bash scripts/check.sh
