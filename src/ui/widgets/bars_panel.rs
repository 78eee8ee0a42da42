//! A bar chart of one measurement per engine, with its table below: what the prefill and
//! KV-cache views show.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_bars, BarChart};
use crate::core::link::{ChartId, View};
use crate::core::series::Bars;
use crate::core::tables::Table;
use crate::core::tooltip::bar_tip;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::framing::{footer, stem, study_line};
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::table::TableBlock;

/// Bars and their table.
#[component]
pub fn BarsPanel(
    /// The study.
    study: Study,
    /// Which view.
    view: View,
    /// The chart's name.
    chart: ChartId,
    /// The bars (tracked: the engines filter).
    bars: Memo<Bars>,
    /// The table (tracked).
    table: Memo<Option<Table>>,
    /// The y axis title.
    y_title: String,
    /// The sources behind the table.
    sources: Vec<String>,
) -> impl IntoView {
    let page = page();
    let title = Arc::new(y_title);
    let draw = {
        let title = title.clone();
        Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
            let bars = bars.get();
            let drawn = draw_bars(area, &BarChart { bars: &bars, y_title: &title, theme }).map_err(|e| e.to_string())?;
            Ok(Drawn { attrs: vec![("points", drawn.marks.len().to_string()), ("key", drawn.key.join("|"))], marks: drawn.marks })
        })
    };
    let tip = Arc::new(move |mark: crate::chart::Mark| bars.with_untracked(|b| bar_tip(b, mark.group, mark.item as usize)));
    let summary = Signal::derive(move || {
        bars.with(|b| {
            let parts: Vec<String> = b
                .groups
                .iter()
                .map(|g| {
                    let values: Vec<String> = g
                        .values
                        .iter()
                        .zip(&b.categories)
                        .map(|(v, c)| format!("{c} {}", v.map_or_else(|| "not measured".into(), crate::core::format::readable)))
                        .collect();
                    format!("{}: {}", g.label, values.join(", "))
                })
                .collect();
            format!("Bars by engine: {}.", parts.join("; "))
        })
    });
    let export = {
        let (study, title) = (study.clone(), title.clone());
        Arc::new(move || ExportText {
            title: format!("{} · {title}", study_line(&study)),
            // The chart draws its own key, in the export too.
            legend: Vec::new(),
            notes: Vec::new(),
            footer: footer(page, &study),
            stem: stem(view, &[]),
        })
    };
    let spec = ChartSpec { id: chart, draw, tip, summary, export, height: chart_height(page, crate::core::views::CHART_HEIGHT) };
    view! {
        <ChartFigure spec=spec/>
        <TableBlock table=Signal::derive(move || table.get()) study=study.clone() sources=Signal::stored(sources) stem=stem(view, &[])/>
    }
}
