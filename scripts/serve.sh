#!/usr/bin/env bash
# Build the release site and serve dist/ on http://127.0.0.1:8080 (a static server that
# answers a missing file with a real 404). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
trunk build --release
echo "serving dist/ on http://127.0.0.1:${PORT:-8080}/ (Ctrl-C stops)"
exec node tools/serve.mjs dist "${PORT:-8080}"
