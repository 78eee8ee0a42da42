//! The prefill view: input tok/s per engine at each nominal prompt length as bars, and the
//! table with TTFT (in seconds), the prompt really sent, samples, method and the
//! server-side check's status (`core::views::bars`).

use leptos::prelude::*;

use crate::core::link::View;
use crate::ui::state::file::Study;
use crate::ui::widgets::panel::bars_panel;

/// Prefill bars and table.
#[component]
pub fn PrefillView(
    /// The study.
    study: Study,
) -> impl IntoView {
    bars_panel(study, View::Prefill)
}
