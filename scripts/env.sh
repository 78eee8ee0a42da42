# Sourced by the scripts: tool paths and settings that keep trunk offline and pinned.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk would otherwise ask the crate registry whether a newer trunk exists.
export TRUNK_SKIP_VERSION_CHECK=true
