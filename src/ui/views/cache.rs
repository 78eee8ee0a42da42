//! The KV-cache view: tokens per engine at start-up, the configured context, and the
//! file's memory-only illustration with its caveat beside it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::download::TableCsvButton;

use crate::core::format::{as_written, as_written_or_gap};
use crate::core::palette::engine_style;
use crate::ui::app::{Loaded, Page};
use crate::ui::views::engines::Swatch;

/// The cache table.
#[component]
pub fn CacheView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let Some(cache) = loaded.results.cache.clone() else {
        return view! { <section class="panel"><h2>"KV cache"</h2><p class="absent">"KV cache: not in this file."</p></section> }.into_any();
    };
    if cache.rows.is_empty() {
        return view! { <section class="panel"><h2>"KV cache"</h2><p class="absent">"KV cache: no measurements in this file."</p></section> }.into_any();
    }
    let divisor = cache.divisor_tokens.map(as_written).unwrap_or_else(|| "the divisor".into());
    let unit = cache.unit.clone().unwrap_or_else(|| "KV tokens".into());
    let sources: Vec<String> = cache.rows.iter().filter_map(|r| r.source.clone()).collect();
    let rows = {
        let loaded = loaded.clone();
        move || {
        let state = page.state.get();
        loaded
            .results
            .engines
            .iter()
            .enumerate()
            .filter(|(_, e)| state.shows_engine(&e.id))
            .map(|(index, engine)| {
                let label = engine.label.clone();
                match cache.rows.iter().find(|r| r.id == engine.id) {
                    None => view! { <tr><th scope="row" class="engine-label"><Swatch style=engine_style(index)/> {label}</th><td colspan="3" class="gap">"not measured"</td></tr> }.into_any(),
                    Some(row) => view! {
                        <tr>
                            <th scope="row" class="engine-label"><Swatch style=engine_style(index)/> {label}</th>
                            <td class="num" class:gap=row.tokens.is_none()>{as_written_or_gap(row.tokens)}</td>
                            <td class="num" class:gap=row.memory_only_32k.is_none()>{as_written_or_gap(row.memory_only_32k)}</td>
                            <td><code>{row.source.clone().unwrap_or_default()}</code></td>
                        </tr>
                    }
                    .into_any(),
                }
            })
            .collect_view()
        }
    };
    view! {
        <section class="panel cache">
            <h2>"KV cache"</h2>
            <p class="unit">"Unit: " {unit.clone()} {cache.configured_context_tokens.map(|c| format!(" · configured context {} tokens", as_written(c)))}</p>
            {cache.method.clone().map(|m| view! { <p class="method"><strong>"Caveat: "</strong>{m}</p> })}
            <TableCsvButton table_class="cache-table" filename="servescope-cache.csv" loaded=loaded.clone() sources=sources/>
            <div class="table-scroll">
                <table class="values cache-table">
                    <thead><tr><th scope="col">"Engine"</th><th scope="col" class="num">{unit}</th>
                        <th scope="col" class="num">"memory-only ÷ " {divisor} " (the file's floor)"</th><th scope="col">"source"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
    .into_any()
}
