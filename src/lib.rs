//! servescope: a results page for LLM-serving benchmarks.
//!
//! The crate has three layers. `core` is pure: bytes → validated model → series and
//! view state, with no browser imports, so it is tested natively. `chart` draws with
//! plotters on any `DrawingBackend` (canvas in the browser, SVG in tests and exports).
//! `ui` (wasm only) holds thin Leptos components that read state and call the core.

pub mod chart;
pub mod core;

#[cfg(target_arch = "wasm32")]
pub mod ui;
