//! The prefill view: input tok/s per engine at each nominal prompt length as bars, and the
//! table with TTFT (in seconds), the prompt really sent, samples, method and the
//! server-side check's status.

use leptos::prelude::*;

use crate::core::contents::{block_summary, Block};
use crate::core::link::{ChartId, EngineFilter, View};
use crate::core::series::prefill_bars;
use crate::core::tables::prefill_table;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::bars_panel::BarsPanel;

/// Prefill bars and table.
#[component]
pub fn PrefillView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let Some(prefill) = study.results.prefill.clone().filter(|p| !p.rows.is_empty()) else {
        return view! { <AbsentBlock title="Prefill" block=block_summary(&study.results, Block::Prefill)/> }.into_any();
    };
    let filter = move || EngineFilter { engines: page.link.engines.get() };
    let bars = {
        let study = study.clone();
        Memo::new(move |_| prefill_bars(&study.results, &filter()))
    };
    let table = {
        let study = study.clone();
        Memo::new(move |_| prefill_table(&study.results, &filter()))
    };
    let unit = prefill.unit.clone().unwrap_or_else(|| "input tokens/s".into());
    let sources: Vec<String> = prefill.rows.iter().filter_map(|r| r.source.clone()).collect();
    view! {
        <section class="panel prefill">
            <h2>"Prefill: " {unit.clone()} " per nominal prompt length"</h2>
            <p class="unit">"TTFT here is in seconds (serving latencies are in milliseconds). "
                "Prompt tokens are what was really sent for each nominal length. A server-side check of all zeros means it was not done, not that it measured 0."</p>
            <BarsPanel study=study.clone() view=View::Prefill chart=ChartId::Prefill bars=bars table=table y_title=format!("{unit} · higher is better") sources=sources/>
        </section>
    }
    .into_any()
}
