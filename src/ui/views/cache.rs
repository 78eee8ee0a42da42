//! The KV-cache view: tokens per engine at start-up as bars with the configured context
//! marked, and the file's memory-only illustration with its caveat beside it.

use leptos::prelude::*;

use crate::core::contents::{block_summary, Block};
use crate::core::link::{ChartId, EngineFilter, View};
use crate::core::series::cache_bars;
use crate::core::tables::cache_table;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::bars_panel::BarsPanel;

/// KV-cache bars and table.
#[component]
pub fn CacheView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let Some(cache) = study.results.cache.clone().filter(|c| !c.rows.is_empty()) else {
        return view! { <AbsentBlock title="KV cache" block=block_summary(&study.results, Block::Cache)/> }.into_any();
    };
    let filter = move || EngineFilter { engines: page.link.engines.get() };
    let bars = {
        let study = study.clone();
        Memo::new(move |_| cache_bars(&study.results, &filter()))
    };
    let table = {
        let study = study.clone();
        Memo::new(move |_| cache_table(&study.results, &filter()))
    };
    let unit = cache.unit.clone().unwrap_or_else(|| "KV tokens".into());
    let sources: Vec<String> = cache.rows.iter().filter_map(|r| r.source.clone()).collect();
    view! {
        <section class="panel cache">
            <h2>"KV cache at start-up: " {unit.clone()}</h2>
            {cache.method.clone().map(|m| view! { <p class="method"><strong>"Caveat: "</strong>{m}</p> })}
            <BarsPanel study=study.clone() view=View::Cache chart=ChartId::Cache bars=bars table=table y_title=format!("{unit} · higher is better") sources=sources/>
        </section>
    }
    .into_any()
}
