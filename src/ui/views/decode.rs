//! The decode view: aggregate output tok/s against concurrency, the file's unit and method
//! text beside it, and the numbers in a table under it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_concurrency_chart, series_legend, ConcurrencyChart};
use crate::core::chart_words::{decode_y_title, DECODE_ABSENT, DECODE_HEADING, DECODE_UNIT};
use crate::core::compare::{compare_decode_series, file_tags, mark_files};
use crate::core::contents::{block_summary, Block};
use crate::core::link::{sources_behind, ChartId, EngineFilter, View};
use crate::core::model::LoadAxis;
use crate::core::series::{concurrency_ticks, decode_series, describe_lines};
use crate::core::tables::decode_table;
use crate::core::tooltip::decode_tip;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::framing::{footer_with_compared, stem, study_line};
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::legend::{chips_for, EngineChips};
use crate::ui::widgets::pickers::ScaleToggle;
use crate::ui::widgets::table::TableBlock;

/// The decode chart, its texts and its table.
#[component]
pub fn DecodeView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let Some(decode) = study.results.decode.clone().filter(|d| !d.rows.is_empty()) else {
        return view! { <AbsentBlock title="Decode throughput" block=block_summary(&study.results, Block::Decode)/> }.into_any();
    };
    let filter = move || EngineFilter { engines: page.link.engines.get() };
    let series = {
        let (study, rows) = (study.clone(), decode.rows.clone());
        Memo::new(move |_| {
            let mut series = decode_series(&study.results, &filter());
            for s in &mut series {
                let sources = rows.iter().find(|r| r.id == s.id).map(|r| r.sources.as_slice()).unwrap_or(&[]);
                s.flagged = study.checks.any_mismatched(sources.iter().map(String::as_str));
            }
            let others = page.compared_studies();
            let mut files = vec![&study.results];
            files.extend(others.iter().map(|o| &o.results));
            let tags = file_tags(&files);
            for (k, other) in others.iter().enumerate() {
                series.extend(compare_decode_series(&study.results, &other.results, k + 1, &tags[k + 1], &filter()));
            }
            mark_files(&mut series, &files);
            series
        })
    };
    let ticks = {
        let study = study.clone();
        Memo::new(move |_| {
            let others = page.compared_studies();
            concurrency_ticks(std::iter::once(&study.results).chain(others.iter().map(|o| &o.results)))
        })
    };
    let unit = decode.unit.clone().unwrap_or_else(|| DECODE_UNIT.into());
    let y_title = decode_y_title(decode.unit.as_deref());
    let summary = {
        let unit = unit.clone();
        Signal::derive(move || describe_lines(&series.get(), &unit, LoadAxis::Concurrency, false))
    };
    let scale = page.link.scale;
    let draw = {
        let title = y_title.clone();
        Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
            let (series, ticks) = (series.get(), ticks.get());
            let chart = ConcurrencyChart {
                y_title: &title,
                load: LoadAxis::Concurrency,
                concurrency: &ticks,
                series: &series,
                scale: scale.get(),
                seconds: false,
                reference: None,
                theme,
            };
            let drawn = draw_concurrency_chart(area, &chart).map_err(|e| e.to_string())?;
            Ok(Drawn {
                marks: drawn.marks(&ticks),
                attrs: vec![("points", drawn.points.len().to_string()), ("gaps", drawn.gaps.len().to_string())],
            })
        })
    };
    let tip = {
        let study = study.clone();
        Arc::new(move |mark: crate::chart::Mark| {
            let line = series.with_untracked(|s| s.get(mark.group).cloned())?;
            let file = if line.file == 0 { study.clone() } else { page.compared_studies().get(line.file - 1)?.clone() };
            let level = ticks.with_untracked(|t| t.get(mark.item as usize).copied())?;
            untrack(|| file.checks.statuses.with(|st| decode_tip(&file.results, &line, level, st)))
        })
    };
    let export = {
        let (study, unit) = (study.clone(), unit.clone());
        Arc::new(move || ExportText {
            title: format!("{} · decode · {unit}", study_line(&study)),
            legend: series.with_untracked(|s| series_legend(s)),
            notes: Vec::new(),
            footer: footer_with_compared(page, &study),
            stem: stem(View::Decode, &[]),
        })
    };
    let spec =
        ChartSpec { id: ChartId::Decode, draw, tip, summary, export, height: chart_height(page, crate::core::views::SERVING_CHART_HEIGHT) };
    let table = {
        let study = study.clone();
        Memo::new(move |_| study.checks.statuses.with(|st| decode_table(&study.results, &filter(), st)))
    };
    let sources = {
        let study = study.clone();
        Signal::derive(move || sources_behind(&study.results, &page.link.series_inputs(), View::Decode))
    };
    let chips = {
        let study = study.clone();
        move || {
            let others = page.compared_studies();
            let refs: Vec<_> = others.iter().map(|o| &o.results).collect();
            let missing: Vec<String> =
                study.results.engines.iter().filter(|e| !decode.rows.iter().any(|r| r.id == e.id)).map(|e| e.id.clone()).collect();
            view! { <EngineChips chips=chips_for(&study.results, &refs) not_measured=Signal::stored(missing) absent_words=DECODE_ABSENT/> }
        }
    };
    view! {
        <section class="panel decode">
            <h2>{DECODE_HEADING}</h2>
            <div class="controls"><ScaleToggle label="Scale"/></div>
            <p class="unit">"Unit: " {unit.clone()}</p>
            {chips}
            <ChartFigure spec=spec/>
            {decode.method.clone().map(|m| view! { <p class="method"><strong>"Method: "</strong>{m}</p> })}
            <TableBlock table=Signal::derive(move || table.get()) study=study.clone() sources=sources stem=stem(View::Decode, &[])/>
        </section>
    }
    .into_any()
}
