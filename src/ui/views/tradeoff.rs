//! The trade-off view: per-user speed against throughput (or tokens per kW, or a cost),
//! one polyline per engine, the Pareto frontier over the points that meet the limits, the
//! limits drawn as a fail region, and per engine the best point under them — "not measured
//! in this workload" kept apart from "no measured point meets the limits".

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_tradeoff_chart, LegendItem, TradeoffChart};
use crate::core::chart_words::{
    frontier_method, limit_from_text, limit_notes, price_note, tradeoff_export_title, tradeoff_heading, tradeoff_summary, tradeoff_y_title,
    LIMITS_UNSET, LIMIT_LABELS, TRADEOFF_X_TITLE,
};
use crate::core::contents::{block_summary, Block};
use crate::core::goodput::NO_REQUESTS;
use crate::core::link::chosen_workload;
use crate::core::link::{sources_behind, tradeoff_metric, tradeoff_metrics, ChartId, View, ViewState};
use crate::core::metric::Better;
use crate::core::metric::Metric;
use crate::core::series::{
    best_within_limits, best_within_limits_by, frontier_stretches, pareto_frontier, tradeoff_lines, tradeoff_lines_by, without_line,
};
use crate::core::tables::limits_table;
use crate::core::tooltip::tradeoff_tip;
use crate::core::views::goodput::tradeoff_goodput;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::tasks::requests::load_tables;
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::framing::{footer, stem, study_line};
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::legend::{absent_words_for, chips_for, EngineChips};
use crate::ui::widgets::pickers::{Choice, WorkloadPicker};
use crate::ui::widgets::prices::{PriceInputs, PriceNotes};
use crate::ui::widgets::requests::{read_when_fetched, RequestsStatus};
use crate::ui::widgets::state_link::StateLink;
use crate::ui::widgets::table::TableBlock;

/// The frontier's key in an export's legend.
const FRONTIER_LEGEND: &str = "frontier (best points meeting the limits)";

/// The two limits in the link: TTFT p99 (ms) and per-user tok/s.
type Limits = (Option<f64>, Option<f64>);

/// A number input bound to one limit in the link (empty = no limit); a value the link
/// would refuse is said so, never silently cleared.
fn limit_input(
    label: &'static str,
    class: &'static str,
    get: fn(Limits) -> Option<f64>,
    set: fn(&mut ViewState, Option<f64>),
) -> impl IntoView {
    let page = page();
    let refused = RwSignal::new(false);
    view! {
        <label class="control">{label} " "
            <input type="number" min="0" step="any" inputmode="decimal" class=class prop:value=move || get(page.link.limits.get()).map(|v| v.to_string()).unwrap_or_default()
                on:change=move |e| {
                    let value = limit_from_text(&event_target_value(&e));
                    refused.set(value.is_err());
                    page.update_link(|s| set(s, value.unwrap_or(None)));
                }/>
            {move || refused.get().then(|| view! { <span class="refused">" needs a positive number"</span> })}
        </label>
    }
}

/// The trade-off of a view (`tradeoff`, or `energy` with `chart=tradeoff`).
#[component]
pub fn TradeoffView(
    /// The study.
    study: Study,
    /// Which view it serves.
    view: View,
) -> impl IntoView {
    let page = page();
    if study.results.serving.as_ref().is_none_or(|s| s.workloads.is_empty()) {
        return view! { <AbsentBlock title="Trade-off" block=block_summary(&study.results, Block::Serving)/> }.into_any();
    }
    let state = move || page.link.series_inputs();
    let has_requests = study.results.has_requests();
    let per = study.results.throughput_per();
    // Goodput is drawn from the requests of a study that has them; asked of one without,
    // the view draws the default and says why.
    let asked = Memo::new(move |_| tradeoff_metric(view, &state()));
    let y_metric = Memo::new(move |_| match asked.get() {
        Metric::GoodTokS if !has_requests => Metric::OutTokS,
        m => m,
    });
    if has_requests {
        read_when_fetched(&study);
        let study = study.clone();
        Effect::new(move |_| {
            if y_metric.get() == Metric::GoodTokS {
                load_tables(study.clone());
            }
        });
    }
    let goodput = {
        let study = study.clone();
        Memo::new(move |_| {
            if y_metric.get() != Metric::GoodTokS {
                return None;
            }
            let loaded = study.requests.with(|r| r.tables())?;
            tradeoff_goodput(&study.results, &loaded.tables, state().workload, page.link.slo.get().0)
        })
    };
    let lines = {
        let study = study.clone();
        Memo::new(move |_| {
            let s = state();
            let Some(workload) = chosen_workload(&study.results, s.workload) else { return Vec::new() };
            match y_metric.get() {
                Metric::GoodTokS => goodput.with(|g| {
                    g.as_ref().map(|g| tradeoff_lines_by(&study.results, workload, &s, &|e, l, _| g.y(e, l))).unwrap_or_default()
                }),
                metric => tradeoff_lines(&study.results, workload, metric, &s),
            }
        })
    };
    let frontier = Memo::new(move |_| lines.with(|l| pareto_frontier(l, y_metric.get().better())));
    let x_limit = Signal::derive(move || page.link.limits.get().1);
    let y_title = Signal::derive(move || match goodput.with(|g| g.as_ref().map(|g| g.y_title.clone())) {
        Some(title) => Metric::GoodTokS.titled_with_direction(&title),
        None => tradeoff_y_title(y_metric.get(), per),
    });
    let stretches = Memo::new(move |_| lines.with(|l| frontier.with(|f| frontier_stretches(l, f))));
    let summary = Signal::derive(move || stretches.with(|s| tradeoff_summary(y_metric.get(), per, s)));
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        let (lines, frontier, title) = (lines.get(), frontier.get(), y_title.get());
        let chart =
            TradeoffChart { x_title: TRADEOFF_X_TITLE, y_title: &title, lines: &lines, frontier: &frontier, x_limit: x_limit.get(), theme };
        let drawn = draw_tradeoff_chart(area, &chart).map_err(|e| e.to_string())?;
        let dimmed = drawn.marks.iter().filter(|m| m.dimmed).count();
        let labels = drawn.marks.iter().filter(|m| m.labelled).count();
        Ok(Drawn {
            marks: drawn.marks(),
            attrs: vec![
                ("points", drawn.marks.len().to_string()),
                ("dimmed", dimmed.to_string()),
                ("labels", labels.to_string()),
                ("x-ticks", drawn.x_ticks.join("|")),
            ],
        })
    });
    let tip = {
        let study = study.clone();
        Arc::new(move |mark: crate::chart::Mark| {
            let line = lines.with_untracked(|l| l.get(mark.group).cloned())?;
            let s = untrack(state);
            let workload = chosen_workload(&study.results, s.workload)?;
            tradeoff_tip(workload, &line, mark.item as usize, y_metric.get_untracked(), &s)
        })
    };
    let limits_notes = move || {
        let (ttft, user) = page.link.limits.get_untracked();
        limit_notes(ttft, user)
    };
    let export = {
        let study = study.clone();
        Arc::new(move || {
            let s = untrack(state);
            let workload = chosen_workload(&study.results, s.workload);
            let mut notes = limits_notes();
            notes.extend(price_note(y_metric.get_untracked(), &s.prices));
            ExportText {
                title: tradeoff_export_title(
                    &study_line(&study),
                    &workload.map(|w| w.name()).unwrap_or_default(),
                    y_metric.get_untracked(),
                    per,
                ),
                legend: {
                    let mut legend: Vec<LegendItem> = lines
                        .get_untracked()
                        .iter()
                        .map(|l| LegendItem { label: l.label.clone(), style: l.style, dash: Some((0, 0)), band: false })
                        .collect();
                    if frontier.with_untracked(|f| f.len() > 1) {
                        let style = crate::core::palette::engine_style(0);
                        legend.push(LegendItem { label: FRONTIER_LEGEND.into(), style, dash: Some((0, 0)), band: true });
                    }
                    legend
                },
                notes,
                footer: footer(page, &study),
                stem: stem(view, &[workload.map(|w| w.key()).unwrap_or_default(), y_metric.get_untracked().as_str().to_owned()]),
            }
        })
    };
    let spec = ChartSpec {
        id: ChartId::Tradeoff,
        draw,
        tip,
        summary,
        export,
        height: chart_height(page, crate::core::views::TRADEOFF_CHART_HEIGHT),
    };
    let not_measured = {
        let study = study.clone();
        Signal::derive(move || lines.with(|l| without_line(&study.results, l)))
    };
    let table = {
        let study = study.clone();
        Memo::new(move |_| {
            let s = state();
            if !s.has_limits() {
                return None;
            }
            let workload = chosen_workload(&study.results, s.workload)?;
            let best = match y_metric.get() {
                Metric::GoodTokS => goodput.with(|g| {
                    g.as_ref().map(|g| best_within_limits_by(&study.results, workload, Better::Higher, &s, &|e, l, _| g.y(e, l)))
                })?,
                metric => best_within_limits(&study.results, workload, metric, &s),
            };
            Some(limits_table(&study.results, workload, y_metric.get(), &best, &s))
        })
    };
    let sources = {
        let study = study.clone();
        Signal::derive(move || sources_behind(&study.results, &state(), View::Tradeoff))
    };
    let y_options = Signal::derive(move || {
        let mut options = tradeoff_metrics(page.link.prices.get().any());
        if has_requests && view == View::Tradeoff {
            options.push(Metric::GoodTokS);
        }
        options
            .into_iter()
            .filter(|m| view != View::Energy || *m != Metric::OutTokS)
            .map(|m| (m.as_str().to_owned(), m.title_in(per).to_owned()))
            .collect::<Vec<_>>()
    });
    let pick_y = Callback::new(move |value: String| {
        if let Ok(m) = value.parse::<Metric>() {
            page.update_link(|s| s.metric = Some(m));
        }
    });
    let back = (view == View::Energy).then(|| {
        let to = Signal::derive(move || page.link.whole().showing(View::Energy, None));
        view! { <p><StateLink to=to class="chart-link">"← Energy against concurrency"</StateLink></p> }
    });
    let chips = {
        let study = study.clone();
        view! { <EngineChips chips=chips_for(&study.results, &[]) not_measured=not_measured absent_words=absent_words_for(y_metric)/> }
    };
    view! {
        <section class="panel tradeoff">
            <h2>{move || goodput.with(|g| g.as_ref().map(|g| g.heading.clone())).unwrap_or_else(|| tradeoff_heading(y_metric.get(), per))}</h2>
            {back}
            <div class="controls">
                <WorkloadPicker workloads=crate::core::link::workload_options(&study.results)/>
                {limit_input(LIMIT_LABELS.0, "slo-ttft", |l| l.0, |s, v| s.slo_ttft_p99_ms = v)}
                {limit_input(LIMIT_LABELS.1, "slo-user", |l| l.1, |s, v| s.slo_user_tok_s = v)}
                <Choice label="y axis" class="y-picker" options=y_options selected=Signal::derive(move || y_metric.get().as_str().to_owned()) pick=pick_y/>
                {move || (y_metric.get() == Metric::CostPerMtok).then(|| view! { <PriceInputs/> })}
            </div>
            {move || (asked.get() == Metric::GoodTokS && !has_requests).then(|| view! {
                <p class="notice no-requests" role="note">{format!("Goodput needs what each request did, and this study has {NO_REQUESTS}: the y axis shows output tok/s per GPU.")}</p>
            })}
            {let s = study.clone(); move || (y_metric.get() == Metric::GoodTokS).then(|| view! {
                <RequestsStatus study=s.clone()/>
                <p class="limits-words goodput-y">{goodput.with(|g| g.as_ref().map(|g| g.note.clone()))}</p>
            })}
            {study.results.has_requests().then(|| {
                let to = Signal::derive(move || page.link.whole().on_view(View::Goodput));
                view! { <p class="limits-words">{crate::core::chart_words::LIMITS_ARE_AGGREGATES} <StateLink to=to class="chart-link">"see goodput →"</StateLink></p> }
            })}
            {chips}
            <ChartFigure spec=spec/>
            {let s = study.clone(); move || (y_metric.get() == Metric::CostPerMtok).then(|| view! { <PriceNotes study=s.clone()/> })}
            <p class="method"><strong>"Frontier (grey step line): "</strong>{move || frontier_method(y_metric.get(), per)}</p>
            <ul class="frontier">{move || stretches.get().into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
            <TableBlock table=Signal::derive(move || table.get()) study=study.clone() sources=sources notes=Signal::derive(limits_notes) stem=stem(view, &["limits".into()])
                class="limits" absent=LIMITS_UNSET/>
        </section>
    }
    .into_any()
}
