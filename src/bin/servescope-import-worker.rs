//! The import module: a second wasm module the page starts as a worker when an import needs
//! it, so the importers are not in the page's first download. It answers each message with
//! `core::import::remote::answer` — the importers the command line runs.
//!
//! Messages are `[id, json, [bytes…]]` both ways; it says `"ready"` once it listens.

#[cfg(target_arch = "wasm32")]
fn main() {
    servescope::worker::listen();
}

/// Natively there is no worker; the command line imports with `servescope-import`.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("servescope-import-worker runs in the browser as the page's import module; natively, use servescope-import.");
    std::process::exit(2);
}
