//! The KV-cache view: tokens per engine at start-up as bars with the configured context
//! marked, and the file's memory-only illustration with its caveat beside it
//! (`core::views::bars`).

use leptos::prelude::*;

use crate::core::link::View;
use crate::ui::state::file::Study;
use crate::ui::widgets::panel::bars_panel;

/// KV-cache bars and table.
#[component]
pub fn CacheView(
    /// The study.
    study: Study,
) -> impl IntoView {
    bars_panel(study, View::Cache)
}
