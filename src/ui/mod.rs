//! The browser UI (wasm only), in layers with one direction:
//! `state` ← `io` ← `tasks` ← `chart`/`widgets` ← `views` ← `shell`. A layer imports only
//! the layers before it (and `crate::core`, `crate::chart`); only `shell` names the views,
//! views never import each other, and `state` holds no components. `tests/it/structure.rs`
//! fails when a file breaks the rule.

pub mod chart;
pub mod io;
pub mod shell;
pub mod state;
pub mod tasks;
pub mod views;
pub mod widgets;

/// Mount the app on `<body>`.
pub fn mount() {
    leptos::mount::mount_to_body(shell::app::App);
}
