//! servescope: a results page for LLM-serving benchmarks.
//!
//! `core` is pure: bytes → validated model → series, tables, cards and link state, with no
//! browser imports, so it is tested natively. `chart` draws with plotters on any
//! `DrawingBackend` (canvas in the browser, SVG in tests, exports and the pre-rendered
//! page). `prerender` (native) writes the landing view into `index.html`; `site` (native)
//! finishes a built site from its data, at build time and for `servescope-publish`.
//! `ui` (wasm only) is the page, in layers, reading state and calling the core; `worker`
//! (wasm only) is the import module the page loads when an import needs it.

pub mod chart;
pub mod core;

/// The landing view written into `index.html` at build time (native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod prerender;

#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod ui;

// The page's state that needs no browser (the link's memos, the task slots), compiled natively
// so its rules are unit-tested by `cargo test`; the page compiles the same files as `ui::state`.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "ui/state"]
#[allow(dead_code, unreachable_pub)]
mod native_state {
    pub mod link;
    pub mod task;
}

/// The import module's worker loop (wasm only; its own module, `servescope-import-worker`).
#[cfg(target_arch = "wasm32")]
pub mod worker;

/// The command line: `servescope` and its subcommands (native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

/// A built site made to show a folder of studies: check, list, pre-render, seal, compress
/// (native only: `servescope-publish` and the build's `servescope-prerender`).
#[cfg(not(target_arch = "wasm32"))]
pub mod site;
