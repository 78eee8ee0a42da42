//! The requests view: what the requests of one cell did — each engine's TTFT, TPOT or E2E
//! distribution with the cell's published p50 and p99 on it and the objective's threshold,
//! and the run's timeline — the core's model (`core::views::requests`) rendered.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_cdf, draw_timeline, CdfChart, CdfLine, TimelineChart, TimelineLine};
use crate::core::basics::format::as_written;
use crate::core::link::{workload_options, ChartId, EngineFilter, Latency, RequestsX, Scale, View};
use crate::core::views::panel::{stem, study_line};
use crate::core::views::requests::{cdf_tip, percentile_table, requests_model, timeline_tip, turn_table, RequestsInputs, RequestsModel};
use crate::core::views::CHART_HEIGHT;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::framing::footer;
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::pickers::{Choice, WorkloadPicker};
use crate::ui::widgets::requests::{from_tables, without_requests, RequestsStatus};
use crate::ui::widgets::table::TableBlock;

/// The export frame of one of the view's charts.
fn export_of(study: &Study, model: Memo<Option<RequestsModel>>, id: ChartId) -> Arc<dyn Fn() -> ExportText + Send + Sync> {
    let page = page();
    let study = study.clone();
    Arc::new(move || {
        let (heading, notes, parts) = model.with_untracked(|m| match m {
            Some(m) => {
                let slo = m.threshold.map(|t| format!("objective: {} ≤ {} ms", m.latency.title(), as_written(t)));
                (
                    m.heading.clone(),
                    slo.into_iter().collect(),
                    vec![id.as_str().to_owned(), m.latency.as_str().to_owned(), as_written(m.level)],
                )
            }
            None => (String::new(), Vec::new(), Vec::new()),
        });
        let legend = model.with_untracked(|m| {
            m.as_ref()
                .map(|m| {
                    m.distributions
                        .iter()
                        .map(|d| crate::chart::LegendItem { label: d.label.clone(), style: d.style, dash: Some((0, 0)), band: false })
                        .collect()
                })
                .unwrap_or_default()
        });
        ExportText {
            title: format!("{} · {heading}", study_line(&study.results)),
            legend,
            notes,
            footer: footer(page, &study),
            stem: stem(View::Requests, &parts),
        }
    })
}

/// The distribution chart.
fn cdf_figure(study: &Study, model: Memo<Option<RequestsModel>>) -> impl IntoView {
    let page = page();
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        let scale = model.with(|m| m.as_ref().map_or(Scale::Lin, |m| m.xscale));
        model.with(|m| {
            let Some(m) = m else { return Ok(Drawn::default()) };
            let lines: Vec<CdfLine<'_>> =
                m.distributions.iter().map(|d| CdfLine { style: d.style, curve: &d.curve, published: d.published }).collect();
            let label = m.threshold.map(|t| format!("objective ≤ {} ms", as_written(t)));
            let chart = CdfChart { x_title: &m.x_title, lines: &lines, threshold: m.threshold.zip(label.as_deref()), scale, theme };
            let drawn = draw_cdf(area, &chart).map_err(|e| e.to_string())?;
            Ok(Drawn { attrs: vec![("points", drawn.marks.len().to_string()), ("x-ticks", drawn.x_ticks.join("|"))], marks: drawn.marks })
        })
    });
    let tip = Arc::new(move |mark: crate::chart::Mark| model.with_untracked(|m| cdf_tip(m.as_ref()?, mark.group, mark.item)));
    let summary = Signal::derive(move || {
        model.with(|m| {
            m.as_ref()
                .map(|m| {
                    let parts: Vec<String> = m
                        .distributions
                        .iter()
                        .map(|d| match (d.sorted.first(), d.sorted.last()) {
                            (Some(lo), Some(hi)) => {
                                format!("{}: {} requests from {} to {} ms", d.label, d.sorted.len(), as_written(*lo), as_written(*hi))
                            }
                            _ => format!("{}: not measured", d.label),
                        })
                        .collect();
                    format!("{} as a cumulative distribution. {}.", m.heading, parts.join("; "))
                })
                .unwrap_or_default()
        })
    });
    let spec = ChartSpec {
        id: ChartId::Cdf,
        draw,
        tip,
        summary,
        export: export_of(study, model, ChartId::Cdf),
        height: chart_height(page, CHART_HEIGHT),
    };
    view! { <ChartFigure spec=spec/> }
}

/// The timeline chart.
fn timeline_figure(study: &Study, model: Memo<Option<RequestsModel>>) -> impl IntoView {
    let page = page();
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        model.with(|m| {
            let Some(m) = m else { return Ok(Drawn::default()) };
            let lines: Vec<TimelineLine<'_>> =
                m.timelines.iter().map(|t| TimelineLine { style: t.style, points: &t.points, failed: &t.failed }).collect();
            let title = format!("{} (ms)", m.latency.title());
            let label = m.threshold.map(|t| format!("objective ≤ {} ms", as_written(t)));
            let chart = TimelineChart {
                x_title: &m.timeline_x_title,
                y_title: &title,
                lines: &lines,
                threshold: m.threshold.zip(label.as_deref()),
                theme,
            };
            let marks = draw_timeline(area, &chart).map_err(|e| e.to_string())?;
            let failed = m.timelines.iter().map(|t| t.failed.len()).sum::<usize>();
            Ok(Drawn { attrs: vec![("points", marks.len().to_string()), ("failed", failed.to_string())], marks })
        })
    });
    let tip = Arc::new(move |mark: crate::chart::Mark| model.with_untracked(|m| timeline_tip(m.as_ref()?, mark.group, mark.item)));
    let summary = Signal::derive(move || {
        model.with(|m| {
            m.as_ref()
                .map(|m| {
                    let parts: Vec<String> = m
                        .timelines
                        .iter()
                        .map(|t| format!("{}: {} requests drawn, {} not completed", t.label, t.points.len(), t.failed.len()))
                        .collect();
                    format!("{}. {}.", m.timeline_heading, parts.join("; "))
                })
                .unwrap_or_default()
        })
    });
    let spec = ChartSpec {
        id: ChartId::Timeline,
        draw,
        tip,
        summary,
        export: export_of(study, model, ChartId::Timeline),
        height: chart_height(page, CHART_HEIGHT),
    };
    view! { <ChartFigure spec=spec/> }
}

/// What the requests of one cell did.
#[component]
pub fn RequestsView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    if !study.results.has_requests() {
        return without_requests("requests", "What each request did");
    }
    let model = {
        let study = study.clone();
        from_tables(&study.clone(), move |tables| {
            let (level, latency, xscale, x) = page.link.requests.get();
            let inputs = RequestsInputs {
                workload: page.link.workload.get(),
                engines: EngineFilter { engines: page.link.engines.get() },
                level,
                latency: latency.unwrap_or_default(),
                xscale,
                slo: page.link.slo.get().0,
                x,
            };
            requests_model(&study.results, tables, &inputs)
        })
    };
    let levels = Signal::derive(move || {
        model.with(|m| m.as_ref().map(|m| m.levels.iter().map(|(l, label)| (as_written(*l), label.clone())).collect()).unwrap_or_default())
    });
    let level = Signal::derive(move || model.with(|m| m.as_ref().map(|m| as_written(m.level)).unwrap_or_default()));
    let pick_level = Callback::new(move |v: String| {
        if let Ok(level) = v.parse::<f64>() {
            page.update_link(|s| s.level = Some(level));
        }
    });
    let latencies = Signal::stored(Latency::ALL.iter().map(|l| (l.as_str().to_owned(), l.title().to_owned())).collect::<Vec<_>>());
    let latency = Signal::derive(move || page.link.requests.get().1.unwrap_or_default().as_str().to_owned());
    let pick_latency = Callback::new(move |v: String| {
        if let Ok(latency) = v.parse::<Latency>() {
            page.update_link(|s| s.latency = Some(latency));
        }
    });
    let xscale = move |target: Scale, text: &'static str| {
        let shown = move || model.with(|m| m.as_ref().map(|m| m.xscale)) == Some(target);
        view! { <button type="button" class="toggle xscale" aria-pressed=move || shown().to_string()
        on:click=move |_| page.update_link(|s| s.xscale = Some(target))>{text}</button> }
    };
    let against = move |target: RequestsX, text: &'static str| {
        view! { <button type="button" class="toggle requests-x" aria-pressed=move || (page.link.requests.get().3 == target).to_string()
        on:click=move |_| page.update_link(|s| s.x = target)>{text}</button> }
    };
    let notes =
        move || model.with(|m| m.as_ref().map(|m| m.notes.iter().map(|n| view! { <p class="notice">{n.clone()}</p> }).collect_view()));
    let by_turn = {
        let study = study.clone();
        Signal::derive(move || {
            model.with(|m| m.as_ref().filter(|m| !m.by_turn.is_empty()).map(|m| turn_table(&study.results, &m.by_turn, m.latency)))
        })
    };
    let turn_stem = Signal::derive(move || stem(View::Requests, &["by-turn".to_owned()]));
    let percentiles = {
        let study = study.clone();
        Signal::derive(move || {
            model.with(|m| m.as_ref().filter(|m| !m.distributions.is_empty()).map(|m| percentile_table(&study.results, m)))
        })
    };
    let percentile_stem = Signal::derive(move || stem(View::Requests, &["percentiles".to_owned()]));
    let counts = move || model.with(|m| m.as_ref().map(|m| m.count_words().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()));
    view! {
        <section class="panel requests">
            <h2>{move || model.with(|m| m.as_ref().map(|m| m.heading.clone()))}</h2>
            <p class="definition">"Each engine's requests at one load: the share completed at or below each latency, with the tool's own p50 and p99 for the cell marked on the curve (hollow markers at 50 % and 99 %), and when each request was sent. Failed and cut-off requests have no latency: they are counted apart and marked on the timeline's axis."</p>
            <div class="controls">
                <WorkloadPicker workloads=workload_options(&study.results)/>
                <Choice label="Load" class="level-picker" options=levels selected=level pick=pick_level/>
                <Choice label="Latency" class="latency-picker" options=latencies selected=latency pick=pick_latency/>
                <span class="control" role="group" aria-label="Latency scale">"Latency scale " {xscale(Scale::Lin, "linear")} {xscale(Scale::Log, "log")}</span>
            </div>
            <RequestsStatus study=study.clone()/>
            {notes}
            <crate::ui::widgets::legend::RequestsKey study=study.clone()/>
            {cdf_figure(&study, model)}
            <ul class="request-counts">{counts}</ul>
            <TableBlock table=percentiles study=study.clone() sources=Signal::stored(Vec::new()) stem=percentile_stem/>
            <h3>{move || model.with(|m| m.as_ref().map(|m| m.timeline_heading.clone()))}</h3>
            <div class="controls">
                <span class="control" role="group" aria-label="Against">"Against " {against(RequestsX::Time, "send time")} {against(RequestsX::Turn, "turn")} {against(RequestsX::Isl, "input length")}</span>
            </div>
            // No chart with nothing to draw (its notice says why).
            {
                let study = study.clone();
                move || model.with(|m| m.as_ref().is_some_and(|m| !m.timelines.is_empty())).then(|| timeline_figure(&study, model))
            }
            <TableBlock table=by_turn study=study.clone() sources=Signal::stored(Vec::new()) stem=turn_stem/>
        </section>
    }
    .into_any()
}
