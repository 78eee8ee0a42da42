//! The prefill view: input tok/s and TTFT (in seconds) per engine and nominal length, with
//! the prompt really sent, samples, method and the server-side check's status.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::download::TableCsvButton;

use crate::core::format::as_written_or_gap;
use crate::core::model::ServerValidation;
use crate::ui::app::{Loaded, Page};
use crate::ui::views::engines::Swatch;
use crate::core::palette::engine_style;

/// The prefill table.
#[component]
pub fn PrefillView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let Some(prefill) = loaded.results.prefill.clone() else {
        return view! { <section class="panel"><h2>"Prefill"</h2><p class="absent">"Prefill: not in this file."</p></section> }.into_any();
    };
    if prefill.rows.is_empty() {
        return view! { <section class="panel"><h2>"Prefill"</h2><p class="absent">"Prefill: no measurements in this file."</p></section> }.into_any();
    }
    let unit = prefill.unit.clone().unwrap_or_else(|| "input tokens/s".into());
    let sources: Vec<String> = prefill.rows.iter().filter_map(|r| r.source.clone()).collect();
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
            .flat_map(|(index, engine)| {
                let row = prefill.rows.iter().find(|r| r.id == engine.id);
                let label = engine.label.clone();
                match row {
                    None => vec![view! { <tr><th scope="row" class="engine-label"><Swatch style=engine_style(index)/> {label}</th><td colspan="8" class="gap">"not measured"</td></tr> }.into_any()],
                    Some(row) => row
                        .measurements
                        .iter()
                        .map(|m| {
                            let validation = match &m.server_validation {
                                ServerValidation::NotDone => "server validation: not done".to_owned(),
                                ServerValidation::Absent => "server validation: not reported".to_owned(),
                                ServerValidation::Done(_) => "server validation: done (see the raw file)".to_owned(),
                            };
                            view! {
                                <tr>
                                    <th scope="row" class="engine-label"><Swatch style=engine_style(index)/> {label.clone()}</th>
                                    <td class="num">{m.nominal_tokens}</td>
                                    <td class="num">{as_written_or_gap(m.prompt_tokens)}</td>
                                    <td class="num" class:gap=m.tok_per_sec.is_none()>{as_written_or_gap(m.tok_per_sec)}</td>
                                    <td class="num" class:gap=m.ttft_seconds.is_none()>{as_written_or_gap(m.ttft_seconds)}</td>
                                    <td class="num">{as_written_or_gap(m.samples)}</td>
                                    <td>{m.method.clone().unwrap_or_else(|| "—".into())}</td>
                                    <td class="validation">{validation}</td>
                                    <td><code>{row.source.clone().unwrap_or_default()}</code></td>
                                </tr>
                            }
                            .into_any()
                        })
                        .collect(),
                }
            })
            .collect_view()
        }
    };
    view! {
        <section class="panel prefill">
            <h2>"Prefill"</h2>
            <p class="unit">"Unit: " {unit.clone()} ". TTFT here is in seconds (serving latencies are in milliseconds). "
                "Prompt tokens are what was really sent for each nominal length. A server-side check of all zeros means it was not done, not that it measured 0."</p>
            <TableCsvButton table_class="prefill-table" filename="servescope-prefill.csv" loaded=loaded.clone() sources=sources/>
            <div class="table-scroll">
                <table class="values prefill-table">
                    <thead><tr>
                        <th scope="col">"Engine"</th><th scope="col" class="num">"nominal tokens"</th><th scope="col" class="num">"prompt tokens sent"</th>
                        <th scope="col" class="num">{unit}</th><th scope="col" class="num">"TTFT (s)"</th><th scope="col" class="num">"samples"</th>
                        <th scope="col">"method"</th><th scope="col">"server check"</th><th scope="col">"source"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
    .into_any()
}
