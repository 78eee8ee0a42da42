//! The serving chart of a study: a metric against concurrency in one workload, every
//! compared file's lines added, hover details, its export frame. The serving, energy and
//! overview views draw it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_concurrency_chart, series_legend, ConcurrencyChart};
use crate::core::chart_words::{price_note, ratio_base, ServingAxis};
use crate::core::compare::{compare_series, file_tags, find_workload, mark_files};
use crate::core::link::{chosen_workload, workload_key};
use crate::core::link::{ChartId, View};
use crate::core::metric::Metric;
use crate::core::model::LoadAxis;
use crate::core::series::{cell_at, describe_lines, load_ticks, reads_in_seconds, serving_series, Series, ServingSeries};
use crate::core::tooltip::serving_tip;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::PageState;
use crate::ui::widgets::framing::{footer_with_compared, stem, study_line};
use crate::ui::widgets::layout::chart_height;

/// What a serving chart derives, for the view around it.
#[derive(Clone, Copy)]
pub struct ServingChart {
    /// The study's lines (and what is not measured).
    pub lines: Memo<Option<ServingSeries>>,
    /// Every line drawn, the compared files' included.
    pub series: Signal<Vec<Series>>,
    /// The ratio base's label, when values are ratios.
    pub relative: Memo<Option<String>>,
    /// The y axis title.
    pub y_title: Signal<String>,
    /// A latency chart read in seconds (title, axis, tooltips and export say so).
    pub seconds: Memo<bool>,
    /// The workload's load axis (what the x axis is).
    pub load: Signal<LoadAxis>,
}

/// The index of the workload shown in a study (tracked on `workload=`).
pub fn workload_index(page: PageState, study: &Study) -> Memo<Option<usize>> {
    let study = study.clone();
    Memo::new(move |_| {
        let w = chosen_workload(&study.results, page.link.workload.get())?;
        study.results.serving.as_ref()?.workloads.iter().position(|x| x == w)
    })
}

/// Build a serving chart for `metric` in the workload at `workload`.
pub fn serving_chart(
    page: PageState,
    study: &Study,
    view: View,
    id: ChartId,
    metric: Memo<Metric>,
    workload: Memo<Option<usize>>,
    base_height: u32,
) -> (ServingChart, ChartSpec) {
    // The overview states findings as measured and has no "Relative to" control: a `vs`
    // carried from another view is not applied there (it stays in the link for the views
    // that use it).
    let series_state = move |page: PageState| {
        let mut state = page.link.series_inputs();
        if view == View::Overview {
            state.vs = None;
        }
        state
    };
    let lines = {
        let study = study.clone();
        Memo::new(move |_| {
            let w = study.results.serving.as_ref()?.workloads.get(workload.get()?)?;
            let mut lines = serving_series(&study.results, w, metric.get(), &series_state(page));
            for line in &mut lines.series {
                let sources = line.points.iter().filter_map(|&(c, _)| cell_at(w, &line.id, c).and_then(|cell| cell.source.as_deref()));
                line.flagged = study.checks.any_mismatched(sources);
            }
            Some(lines)
        })
    };
    // Every compared file adds its lines, told apart by line style, where it measured this workload and metric.
    let compared = {
        let study = study.clone();
        Memo::new(move |_| {
            let others = page.compared_studies();
            if others.is_empty() {
                return Vec::new();
            }
            let Some(key) = study.results.serving.as_ref().and_then(|s| s.workloads.get(workload.get()?)).map(workload_key) else {
                return Vec::new();
            };
            let mut files = vec![&study.results];
            files.extend(others.iter().map(|o| &o.results));
            let tags = file_tags(&files);
            let state = series_state(page);
            others
                .iter()
                .enumerate()
                .flat_map(|(k, o)| compare_series(&study.results, &o.results, k + 1, &tags[k + 1], key, metric.get(), &state))
                .collect()
        })
    };
    // A memo, not a derived signal: the drawing, the tooltip of each hovered mark and the
    // summary read it, and each read of a derived signal would clone every line again.
    let series: Signal<Vec<Series>> = {
        let study = study.clone();
        Memo::new(move |_| {
            let mut all = lines.with(|l| l.as_ref().map(|l| l.series.clone()).unwrap_or_default());
            all.extend(compared.get());
            // Whether or not a compared file has lines here, as the key and chips decide it.
            let others = page.compared_studies();
            let files: Vec<&crate::core::model::Results> =
                std::iter::once(&study.results).chain(others.iter().map(|o| &o.results)).collect();
            mark_files(&mut all, &files);
            all
        })
        .into()
    };
    // This workload's levels and every compared file's levels of the same workload (the
    // same lengths and load axis: a file swept the other way is said apart, never drawn here).
    let ticks = {
        let study = study.clone();
        Memo::new(move |_| {
            let Some(w) = study.results.serving.as_ref().and_then(|s| s.workloads.get(workload.get()?)) else {
                return (LoadAxis::Concurrency, Vec::new());
            };
            let others = page.compared_studies();
            let key = workload_key(w);
            (w.load, load_ticks(std::iter::once(w).chain(others.iter().filter_map(|o| find_workload(&o.results, key)))))
        })
    };
    let relative = {
        let study = study.clone();
        Memo::new(move |_| {
            let missing = lines.with(|l| l.as_ref().and_then(|l| l.reference_missing.clone()));
            ratio_base(&study.results, view, page.link.vs.get().as_deref(), missing.as_deref())
        })
    };
    let seconds = Memo::new(move |_| series.with(|s| reads_in_seconds(s, relative.get().is_some())));
    let per = study.results.throughput_per();
    let axis = Memo::new(move |_| ServingAxis {
        metric: metric.get(),
        both: page.link.pct_both.get() && metric.get().is_percentile(),
        seconds: seconds.get(),
        relative: relative.get(),
        per,
    });
    let y_title = Signal::derive(move || axis.with(ServingAxis::y_title));
    let scale = page.link.scale;
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        let (series, (load, ticks), title) = (series.get(), ticks.get(), y_title.get());
        let chart = ConcurrencyChart {
            y_title: &title,
            load,
            concurrency: &ticks,
            series: &series,
            scale: scale.get(),
            seconds: seconds.get(),
            reference: None,
            theme,
        };
        let drawn = draw_concurrency_chart(area, &chart).map_err(|e| e.to_string())?;
        let attrs = vec![
            ("points", drawn.points.len().to_string()),
            ("gaps", drawn.gaps.len().to_string()),
            ("failed", drawn.failed.len().to_string()),
            ("whiskers", drawn.whiskers.len().to_string()),
            ("y-ticks", drawn.y_ticks.join("|")),
            ("x-ticks", drawn.x_ticks.join("|")),
            ("x-title", drawn.x_title.clone()),
        ];
        Ok(Drawn { marks: drawn.marks(&ticks), attrs })
    });
    let tip = {
        let study = study.clone();
        Arc::new(move |mark: crate::chart::Mark| {
            let line = series.with_untracked(|s| s.get(mark.group).cloned())?;
            let file = if line.file == 0 { study.clone() } else { page.compared_studies().get(line.file - 1)?.clone() };
            let key = workload_key(study.results.serving.as_ref()?.workloads.get(workload.get_untracked()?)?);
            let w = find_workload(&file.results, key)?;
            let state = untrack(|| series_state(page));
            let level = ticks.with_untracked(|t| t.1.get(mark.item as usize).copied())?;
            untrack(|| file.checks.statuses.with(|st| serving_tip(w, &line, level, &state, st, seconds.get_untracked())))
        })
    };
    let export = {
        let study = study.clone();
        Arc::new(move || {
            let w = study.results.serving.as_ref().and_then(|s| s.workloads.get(workload.get_untracked()?)).cloned();
            let notes = price_note(metric.get_untracked(), &page.link.prices.get_untracked()).into_iter().collect();
            ExportText {
                title: axis.with_untracked(|a| a.export_title(&study_line(&study), &w.as_ref().map(|w| w.name()).unwrap_or_default())),
                legend: series.with_untracked(|s| series_legend(s)),
                notes,
                footer: footer_with_compared(page, &study),
                stem: stem(view, &[w.map(|w| w.key()).unwrap_or_default(), metric.get_untracked().as_str().to_owned()]),
            }
        })
    };
    let summary = Signal::derive(move || describe_lines(&series.get(), &y_title.get(), ticks.with(|t| t.0), seconds.get()));
    let spec = ChartSpec { id, draw, tip, summary, export, height: chart_height(page, base_height) };
    let load = Signal::derive(move || ticks.with(|t| t.0));
    (ServingChart { lines, series, relative, y_title, seconds, load }, spec)
}
