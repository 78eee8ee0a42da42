//! The decode view: aggregate output tok/s against concurrency, the file's unit and
//! method text beside it, and the numbers in a table under it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::format::{as_written_or_gap, NOT_MEASURED};
use crate::core::compare::compare_decode_series;
use crate::core::provenance::SourceStatus;
use crate::ui::views::compare::{compare_ticks, compared};
use crate::core::series::{decode_series, describe_lines};
use crate::ui::app::{csv_provenance, Loaded, Page};
use crate::ui::canvas::ConcurrencyCanvas;
use crate::ui::views::engines::Swatch;

/// The decode chart, its legend, its texts and its table.
#[component]
pub fn DecodeView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let Some(decode) = loaded.results.decode.clone() else {
        return view! { <section class="panel"><h2>"Decode throughput"</h2><p class="absent">"Decode: not in this file."</p></section> }.into_any();
    };
    if decode.rows.is_empty() {
        return view! { <section class="panel"><h2>"Decode throughput"</h2><p class="absent">"Decode: no measurements in this file."</p></section> }.into_any();
    }
    let series = {
        let loaded = loaded.clone();
        let rows = decode.rows.clone();
        Memo::new(move |_| {
            let mut series = page.state.with(|state| decode_series(&loaded.results, state));
            for s in &mut series {
                let sources = rows.iter().find(|r| r.id == s.id).map(|r| r.sources.as_slice()).unwrap_or(&[]);
                s.flagged = sources.iter().any(|name| matches!(page.checks.status_of(&loaded.results, name), Some(SourceStatus::Mismatch { .. })));
            }
            series
        })
    };
    let chart_series = {
        let loaded = loaded.clone();
        Signal::derive(move || {
            let mut all = series.get();
            if let Some(other) = compared(page) {
                all.extend(page.state.with(|s| compare_decode_series(&loaded.results, &other.results, s)));
            }
            all
        })
    };
    let ticks = compare_ticks(page, loaded.results.concurrency.clone());
    let scale = Signal::derive(move || page.state.with(|s| s.scale));
    let unit = decode.unit.clone().unwrap_or_else(|| "aggregate output tokens/s".into());
    let summary = {
        let unit = unit.clone();
        Signal::derive(move || describe_lines(&series.get(), &unit))
    };
    let legend = move || {
        series
            .get()
            .into_iter()
            .map(|s| view! { <li><Swatch style=s.style/> {s.label} {s.flagged.then(|| view! { <strong class="mismatch-note">" (source hash mismatch)"</strong> })}</li> })
            .collect_view()
    };
    let concurrency = loaded.results.concurrency.clone();
    let header = concurrency.iter().map(|c| view! { <th class="num">"c" {*c}</th> }).collect_view();
    let csv_rows = decode.rows.clone();
    let rows = move || {
        series
            .get()
            .into_iter()
            .map(|s| {
                // A figure whose source hashes to something else is marked, never shown plain.
                let mismatched = s.flagged;
                let sources = decode.rows.iter().find(|r| r.id == s.id).map(|r| r.sources.join(", ")).unwrap_or_default();
                let cells = s
                    .points
                    .iter()
                    .map(|&(_, v)| {
                        let class = if v.is_some() { "num" } else { "num gap" };
                        view! { <td class=class>{as_written_or_gap(v)}</td> }
                    })
                    .collect_view();
                view! {
                    <tr class:source-mismatch=mismatched>
                        <th scope="row" class="engine-label"><Swatch style=s.style/> {s.label}</th>
                        {cells}
                        <td><code>{sources}</code>{mismatched.then(|| view! { <br/><strong class="mismatch-note">"source hash mismatch"</strong> })}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel decode">
            <h2>"Decode throughput"</h2>
            <p class="unit">"Unit: " {unit.clone()}</p>
            <ul class="legend">{legend}</ul>
            <ConcurrencyCanvas chart="decode" series=chart_series concurrency=ticks y_title=unit.clone() scale=scale summary=summary/>
            {decode.method.clone().map(|m| view! { <p class="method"><strong>"Method: "</strong>{m}</p> })}
            {
                let loaded = loaded.clone();
                let rows_for_csv = csv_rows.clone();
                view! {
                    <button type="button" class="toggle export-csv" on:click=move |_| {
                        let shown = untrack(|| page.state.with(|state| decode_series(&loaded.results, state)));
                        let mut sources: Vec<String> = Vec::new();
                        for s in &shown {
                            for name in rows_for_csv.iter().filter(|r| r.id == s.id).flat_map(|r| &r.sources) {
                                if !sources.contains(name) {
                                    sources.push(name.clone());
                                }
                            }
                        }
                        let comment = csv_provenance(page, &loaded, &sources);
                        let rows: Vec<(String, String, Vec<Option<f64>>)> = shown.iter().map(|s| (s.id.clone(), s.label.clone(), s.points.iter().map(|p| p.1).collect())).collect();
                        let csv = crate::core::csv::table_with_comment(&comment, "decode_tok_s", &loaded.results.concurrency, &rows);
                        crate::ui::download::download_text("servescope-decode.csv", "text/csv", &csv);
                    }>"CSV"</button>
                }
            }
            <div class="table-scroll">
                <table class="values decode-table">
                    <caption>{unit.clone()} " by concurrency; “" {NOT_MEASURED} "” where the file has null"</caption>
                    <thead><tr><th scope="col">"Engine"</th>{header}<th scope="col">"Sources"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
    .into_any()
}

