//! The browser UI (wasm only): thin Leptos components that read state and call the core.
//!
//! `app` owns the page state and loading; `canvas` is the one place charts meet the DOM;
//! `views/` holds one file per view or panel.

mod app;
mod canvas;
mod download;
mod load;
mod sources;
mod views;

/// Mount the app on `<body>`.
pub fn mount() {
    leptos::mount::mount_to_body(app::App);
}
