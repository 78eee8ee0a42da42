#!/usr/bin/env bash
# Build the wheel `pip install` takes: the release site first (trunk build --release, unless
# --site-built says dist/ is current), then maturin with SERVESCOPE_SITE=dist so the command
# line carries the page (build.rs embeds it). Writes target/wheels/servescope-VERSION-*.whl;
# installs what it needs first (scripts/setup.sh: maturin in target/tools-venv). Safe to run
# twice: the old wheels of this version are replaced.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--site-built" ]; then
  bash scripts/setup.sh
  source scripts/env.sh
  trunk build --release
else
  source scripts/env.sh
fi
[ -f dist/index.html ] || { echo "wheel: no dist/index.html: build the site first (trunk build --release)" >&2; exit 1; }
VERSION=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
rm -f target/wheels/servescope-"$VERSION"-*.whl
SERVESCOPE_SITE="$PWD/dist" target/tools-venv/bin/maturin build --release --locked --offline --out target/wheels
ls -l target/wheels/servescope-"$VERSION"-*.whl
