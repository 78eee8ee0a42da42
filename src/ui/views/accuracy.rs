//! The accuracy view: served KL and top-1 against the BF16 reference, and — in a separate
//! panel, never on a shared axis — full-vocabulary weight KL with its 95 % CI, routing-locked
//! KL, top-1 % and long-context retrieval.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::download::TableCsvButton;

use crate::chart::accuracy::{accuracy_style, served_kl_rows, served_label, served_scatter, weight_kl_rows, weight_scatter};
use crate::core::format::{as_written, as_written_or_gap};
use crate::ui::app::{Loaded, Page};
use crate::ui::views::controls::ScaleToggle;
use crate::ui::canvas::{DotCanvas, ScatterCanvas};
use crate::ui::views::engines::Swatch;

fn kl_summary(rows: &[crate::chart::DotRow]) -> String {
    let parts: Vec<String> = rows
        .iter()
        .map(|r| {
            let ci = match r.interval {
                Some((lo, hi)) => format!(" (95 % CI {lo} to {hi})"),
                None => String::new(),
            };
            format!("{} {}{ci}", r.label, r.value.map(as_written).unwrap_or_else(|| "not measured".into()))
        })
        .collect();
    format!("KL by row: {}.", parts.join("; "))
}

/// Served and weight accuracy.
#[component]
pub fn AccuracyView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let results = &loaded.results;
    let scale = Signal::derive(move || page.state.with(|s| s.scale));
    let served = match &results.accuracy {
        None => view! { <section class="panel"><h2>"Served accuracy"</h2><p class="absent">"Served accuracy: not in this file."</p></section> }.into_any(),
        Some(a) if a.rows.is_empty() => view! { <section class="panel"><h2>"Served accuracy"</h2><p class="absent">"Served accuracy: no measurements in this file."</p></section> }.into_any(),
        Some(accuracy) => {
            let rows = served_kl_rows(results);
            let summary = kl_summary(&rows);
            let positions = accuracy.positions.map(as_written).unwrap_or_else(|| "—".into());
            let mut neutral = 0;
            let table = accuracy
                .rows
                .iter()
                .map(|row| {
                    let style = accuracy_style(results, &row.id, neutral);
                    if results.engine(&row.id).is_none() {
                        neutral += 1;
                    }
                    let control = (row.id == "bf16").then(|| view! { <span class="control-tag">" reference control"</span> });
                    view! {
                        <tr class="served-row">
                            <th scope="row" class="engine-label"><Swatch style=style/> {served_label(results, &row.id)} {control}</th>
                            <td><code>{row.id.clone()}</code></td>
                            <td>{row.hardware.clone().unwrap_or_else(|| "—".into())}</td>
                            <td class="num kl" class:gap=row.kl.is_none()>{as_written_or_gap(row.kl)}</td>
                            <td class="num" class:gap=row.top1.is_none()>{as_written_or_gap(row.top1)}</td>
                            <td>{row.rows.join(", ")}</td>
                            <td><code>{row.source.clone().unwrap_or_default()}</code></td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="panel accuracy served">
                    <h2>"Served accuracy: KL and top-1 against the BF16 reference"</h2>
                    <p class="unit">{positions} " teacher-forced positions; KL is top-1024-plus-tail; top-1 is a fraction. "
                        "The BF16 row is the control: BF16 against itself on other hardware, the floor the others are read against."</p>
                    <div class="controls"><ScaleToggle label="KL scale"/></div>
                    <DotCanvas chart="served-kl" rows=rows x_title="KL divergence (top-1024 + tail)".into() scale=scale summary=summary/>
                    <ScatterCanvas chart="served-scatter" points=served_scatter(results) x_title="KL divergence (served)".into() y_title="top-1 agreement (fraction)".into()
                        summary="Served KL against top-1 agreement, one point per row.".into()/>
                    {accuracy.method.clone().map(|m| view! { <p class="method"><strong>"Method: "</strong>{m}</p> })}
                    <TableCsvButton table_class="served-table" filename="servescope-served-accuracy.csv" loaded=loaded.clone()
                        sources=accuracy.rows.iter().filter_map(|r| r.source.clone()).collect()/>
                    <div class="table-scroll">
                        <table class="values served-table">
                            <thead><tr><th scope="col">"Checkpoint"</th><th scope="col">"id"</th><th scope="col">"hardware"</th><th scope="col" class="num">"KL"</th>
                                <th scope="col" class="num">"top-1"</th><th scope="col">"rows"</th><th scope="col">"source"</th></tr></thead>
                            <tbody>{table}</tbody>
                        </table>
                    </div>
                </section>
            }
            .into_any()
        }
    };

    let weight = match &results.weight_accuracy {
        None => view! { <section class="panel"><h2>"Weight accuracy"</h2><p class="absent">"Weight accuracy: not in this file."</p></section> }.into_any(),
        Some(w) if w.rows.is_empty() => view! { <section class="panel"><h2>"Weight accuracy"</h2><p class="absent">"Weight accuracy: no measurements in this file."</p></section> }.into_any(),
        Some(weight) => {
            let rows = weight_kl_rows(results);
            let summary = kl_summary(&rows);
            let held_out = weight.held_out_tokens.map(as_written).unwrap_or_else(|| "—".into());
            let table = weight
                .rows
                .iter()
                .map(|row| {
                    let ci = match row.kl95_ci {
                        Some((lo, hi)) => view! { <td class="num">{as_written(lo)} " – " {as_written(hi)}</td> }.into_any(),
                        None => view! { <td class="gap no-ci">"no CI reported"</td> }.into_any(),
                    };
                    view! {
                        <tr class="weight-row">
                            <th scope="row">{row.label.clone().unwrap_or_else(|| row.id.clone())}</th>
                            <td class="num" class:gap=row.kl.is_none()>{as_written_or_gap(row.kl)}</td>
                            {ci}
                            <td class="num" class:gap=row.routing_locked_kl.is_none()>{as_written_or_gap(row.routing_locked_kl)}</td>
                            <td class="num" class:gap=row.top1_percent.is_none()>{as_written_or_gap(row.top1_percent)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let retrieval = weight
                .retrieval
                .iter()
                .map(|r| {
                    let score = match (r.matched, r.total) {
                        (Some(m), Some(t)) => format!("{}/{}", as_written(m), as_written(t)),
                        _ => "not measured".to_owned(),
                    };
                    view! { <li class="retrieval"><strong>{r.context_label.clone().unwrap_or_default()}</strong> ": " {score}</li> }
                })
                .collect_view();
            view! {
                <section class="panel accuracy weight">
                    <h2>"Weight accuracy: full-vocabulary KL with 95 % CI"</h2>
                    <p class="unit">"Over " {held_out} " held-out tokens, full vocabulary; top-1 in percent. A separate measurement from served accuracy: never compare the two on one axis."</p>
                    <DotCanvas chart="weight-kl" rows=rows x_title="KL divergence (full vocabulary, free routing)".into() scale=scale summary=summary/>
                    <ScatterCanvas chart="weight-scatter" points=weight_scatter(results) x_title="KL divergence (full vocabulary)".into() y_title="top-1 agreement (%)".into()
                        summary="Weight KL against top-1 percent, one point per row.".into()/>
                    <TableCsvButton table_class="weight-table" filename="servescope-weight-accuracy.csv" loaded=loaded.clone()
                        sources=weight.source.iter().cloned().collect()/>
                    <div class="table-scroll">
                        <table class="values weight-table">
                            <thead><tr><th scope="col">"Checkpoint"</th><th scope="col" class="num">"KL (free routing)"</th><th scope="col" class="num">"95 % CI"</th>
                                <th scope="col" class="num">"KL (routing locked)"</th><th scope="col" class="num">"top-1 %"</th></tr></thead>
                            <tbody>{table}</tbody>
                        </table>
                    </div>
                    <h3>"Long-context retrieval"</h3>
                    <ul class="retrievals">{retrieval}</ul>
                    {weight.method.clone().map(|m| view! { <p class="method"><strong>"Method: "</strong>{m}</p> })}
                    {weight.limits.clone().map(|m| view! { <p class="method"><strong>"Limits: "</strong>{m}</p> })}
                    {weight.source.clone().map(|s| view! { <p class="unit">"Source: " <code>{s}</code></p> })}
                </section>
            }
            .into_any()
        }
    };
    view! { {served} {weight} }
}
