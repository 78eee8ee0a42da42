# Sourced by the scripts: tool paths and settings that keep trunk offline and pinned.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk would otherwise ask the crate registry whether a newer trunk exists.
export TRUNK_SKIP_VERSION_CHECK=true
# The commit the build comes from, shown in each view's "Reproduce this" box.
SERVESCOPE_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
export SERVESCOPE_COMMIT
