//! The accuracy view: served KL and top-1 against the BF16 reference, and — in a separate
//! panel, never on a shared axis — full-vocabulary weight KL with its 95 % CI, routing-locked
//! KL, top-1 % and long-context retrieval.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_dot_chart, draw_scatter, DotChart, LegendItem, ScatterChart};
use crate::core::chart_words::{kl_summary, scatter_summary, served_interval_words, KL_DIRECTION};
use crate::core::contents::{block_summary, Block};
use crate::core::format::readable;
use crate::core::link::{ChartId, View};
use crate::core::palette::EngineStyle;
use crate::core::series::{served_kl_rows, served_scatter, weight_kl_rows, weight_scatter, DotRow, ScatterPoint};
use crate::core::tables::{retrieval_table, served_accuracy_table, weight_accuracy_table, Table};
use crate::core::tooltip::{dot_tip, scatter_tip};
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::{page, PageState};
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::framing::{footer, stem, study_line};
use crate::ui::widgets::pickers::ScaleToggle;
use crate::ui::widgets::table::TableBlock;

fn legend_of(items: impl Iterator<Item = (String, EngineStyle)>) -> Vec<LegendItem> {
    items.map(|(label, style)| LegendItem { label, style, dash: None, band: false }).collect()
}

fn dot_spec(page: PageState, study: &Study, id: ChartId, rows: Vec<DotRow>, title: &'static str) -> ChartSpec {
    let summary = kl_summary(&rows);
    let rows = Arc::new(rows);
    let height = 96 + 44 * rows.len() as u32;
    let (draw_rows, tip_rows, export_rows) = (rows.clone(), rows.clone(), rows);
    let scale = page.link.scale;
    let study = study.clone();
    ChartSpec {
        id,
        draw: Arc::new(move |area, theme| {
            let drawn = draw_dot_chart(
                area,
                &DotChart { x_title: &format!("{title} · {KL_DIRECTION}"), rows: &draw_rows, scale: scale.get(), theme },
            )
            .map_err(|e| e.to_string())?;
            Ok(Drawn {
                marks: drawn.dots.clone(),
                attrs: vec![("points", drawn.dots.len().to_string()), ("bars", drawn.bars.len().to_string())],
            })
        }),
        tip: Arc::new(move |mark| tip_rows.get(mark.group).map(dot_tip)),
        summary: Signal::stored(summary),
        export: Arc::new(move || ExportText {
            title: format!("{} · {title}", study_line(&study)),
            legend: legend_of(export_rows.iter().map(|r| (r.label.clone(), EngineStyle { colour: r.colour, marker: r.marker }))),
            notes: Vec::new(),
            footer: footer(page, &study),
            stem: stem(View::Accuracy, &[id.as_str().to_owned()]),
        }),
        height: Signal::stored(height),
    }
}

fn scatter_spec(
    page: PageState,
    study: &Study,
    id: ChartId,
    points: Vec<ScatterPoint>,
    x_title: &'static str,
    y_title: &'static str,
) -> ChartSpec {
    let points = Arc::new(points);
    let (draw_points, tip_points, export_points) = (points.clone(), points.clone(), points.clone());
    let study = study.clone();
    ChartSpec {
        id,
        draw: Arc::new(move |area, theme| {
            let marks =
                draw_scatter(area, &ScatterChart { x_title: &format!("{x_title} · {KL_DIRECTION}"), y_title, points: &draw_points, theme })
                    .map_err(|e| e.to_string())?;
            Ok(Drawn { attrs: vec![("points", marks.len().to_string())], marks })
        }),
        tip: Arc::new(move |mark| tip_points.get(mark.group).map(|p| scatter_tip(p, y_title))),
        summary: Signal::stored(scatter_summary(&points, x_title, y_title)),
        export: Arc::new(move || ExportText {
            title: format!("{} · {x_title} against {y_title}", study_line(&study)),
            legend: legend_of(export_points.iter().map(|p| (p.label.clone(), EngineStyle { colour: p.colour, marker: p.marker }))),
            notes: Vec::new(),
            footer: footer(page, &study),
            stem: stem(View::Accuracy, &[id.as_str().to_owned()]),
        }),
        height: Signal::stored(340),
    }
}

fn table_block(study: &Study, table: Option<Table>, sources: Vec<String>, name: &'static str) -> impl IntoView {
    table.map(|t| {
        view! { <TableBlock table=Signal::stored(Some(t)) study=study.clone() sources=Signal::stored(sources) stem=stem(View::Accuracy, &[name.into()])/> }
    })
}

/// Served and weight accuracy.
#[component]
pub fn AccuracyView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let results = &study.results;
    let served = match results.accuracy.as_ref().filter(|a| !a.rows.is_empty()) {
        None => view! { <AbsentBlock title="Served accuracy" block=block_summary(results, Block::Accuracy)/> }.into_any(),
        Some(accuracy) => {
            let positions = accuracy.positions.map_or_else(|| "—".into(), readable);
            let sources: Vec<String> = accuracy.rows.iter().filter_map(|r| r.source.clone()).collect();
            let elsewhere =
                move || page.link.embed.get() && matches!(page.link.chart.get(), Some(ChartId::WeightKl | ChartId::WeightScatter));
            view! {
                <section class="panel accuracy served" class:embed-hidden=elsewhere>
                    <h2>"Served accuracy: KL and top-1 against the BF16 reference"</h2>
                    <p class="unit">{positions} " teacher-forced positions; KL is top-1024-plus-tail (lower is closer to the reference); top-1 is agreement with the reference's next token. "
                        "The BF16 row is the control: BF16 against itself on other hardware, the floor the others are read against."</p>
                    <p class="unit no-ci">{served_interval_words(accuracy.positions)}</p>
                    <div class="controls"><ScaleToggle label="KL scale"/></div>
                    <ChartFigure spec=dot_spec(page, &study, ChartId::ServedKl, served_kl_rows(results), "KL divergence (top-1024 + tail)")/>
                    <ChartFigure spec=scatter_spec(page, &study, ChartId::ServedScatter, served_scatter(results), "KL divergence (served)", "top-1 agreement (%)")/>
                    {accuracy.method.clone().map(|m| view! { <p class="method"><strong>"Method: "</strong>{m}</p> })}
                    {table_block(&study, served_accuracy_table(results), sources, "served")}
                </section>
            }
            .into_any()
        }
    };
    let weight = match results.weight_accuracy.as_ref().filter(|w| !w.rows.is_empty()) {
        None => view! { <AbsentBlock title="Weight accuracy" block=block_summary(results, Block::WeightAccuracy)/> }.into_any(),
        Some(weight) => {
            let held_out = weight.held_out_tokens.map_or_else(|| "—".into(), readable);
            let sources: Vec<String> = weight.source.iter().cloned().collect();
            let elsewhere = move || {
                page.link.embed.get() && !matches!(page.link.chart.get(), Some(ChartId::WeightKl | ChartId::WeightScatter | ChartId::Table))
            };
            view! {
                <section class="panel accuracy weight" class:embed-hidden=elsewhere>
                    <h2>"Weight accuracy: full-vocabulary KL with 95 % CI"</h2>
                    <p class="unit">"Over " {held_out} " held-out tokens, full vocabulary; top-1 in percent. A separate measurement from served accuracy: never compare the two on one axis."</p>
                    <ChartFigure spec=dot_spec(page, &study, ChartId::WeightKl, weight_kl_rows(results), "KL divergence (full vocabulary, free routing)")/>
                    <ChartFigure spec=scatter_spec(page, &study, ChartId::WeightScatter, weight_scatter(results), "KL divergence (full vocabulary)", "top-1 agreement (%)")/>
                    {table_block(&study, weight_accuracy_table(results), sources.clone(), "weight")}
                    <h3>"Long-context retrieval"</h3>
                    {table_block(&study, retrieval_table(results), sources, "retrieval")}
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
