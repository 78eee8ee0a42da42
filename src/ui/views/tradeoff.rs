//! The trade-off view: per-user speed against aggregate throughput (or tokens per kW),
//! one polyline per engine, the Pareto frontier, and service-level limits.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::download::TableCsvButton;

use crate::core::format::as_written;
use crate::core::series::{best_within_limits, chosen_workload, frontier_stretches, pareto_frontier, tradeoff_lines};
use crate::core::view_state::Metric;
use crate::ui::app::{navigate, Loaded, Page};
use crate::ui::canvas::TradeoffCanvas;
use crate::ui::views::controls::{EngineToggles, WorkloadPicker};

/// A number input bound to one service-level limit in the link (empty = no limit).
fn limit_input(page: Page, label: &'static str, class: &'static str, get: fn(&crate::core::view_state::ViewState) -> Option<f64>, set: fn(&mut crate::core::view_state::ViewState, Option<f64>)) -> impl IntoView {
    view! {
        <label class="control">{label} " "
            <input type="number" min="0" step="any" class=class prop:value=move || page.state.with(|s| get(s).map(|v| v.to_string()).unwrap_or_default())
                on:change=move |e| {
                    let text = event_target_value(&e);
                    let mut next = page.state.get_untracked();
                    set(&mut next, text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0));
                    navigate(page, next);
                }/>
        </label>
    }
}

/// The trade-off chart, its frontier caption and the limits table.
#[component]
pub fn TradeoffView(
    /// The loaded file.
    loaded: Arc<Loaded>,
    /// The y metric: `out_tok_s` (serving) or `tok_s_per_kw` (energy).
    y_metric: Metric,
) -> impl IntoView {
    let page = expect_context::<Page>();
    if loaded.results.serving.as_ref().is_none_or(|s| s.workloads.is_empty()) {
        return view! { <section class="panel"><h2>"Trade-off"</h2><p class="absent">"Serving: not in this file."</p></section> }.into_any();
    }
    let lines = {
        let loaded = loaded.clone();
        Memo::new(move |_| page.state.with(|s| chosen_workload(&loaded.results, s).map(|w| tradeoff_lines(&loaded.results, w, y_metric, s)).unwrap_or_default()))
    };
    let frontier = Memo::new(move |_| lines.with(|l| pareto_frontier(l)));
    let not_measured = {
        let loaded = loaded.clone();
        Signal::derive(move || {
            lines.with(|l| loaded.results.engines.iter().filter(|e| !l.iter().any(|line| line.id == e.id)).map(|e| e.label.clone()).collect())
        })
    };
    let x_limit = Signal::derive(move || page.state.with(|s| s.slo_user_tok_s));
    let summary = Signal::derive(move || {
        let stretches = lines.with(|l| frontier.with(|f| frontier_stretches(l, f)));
        format!("Per-user tok/s against {}; frontier: {}.", y_metric.axis_title(), stretches.join("; then "))
    });
    let caption = move || {
        let stretches = lines.with(|l| frontier.with(|f| frontier_stretches(l, f)));
        let items = stretches.into_iter().map(|s| view! { <li>{s}</li> }).collect_view();
        view! {
            <p class="method"><strong>"Frontier (grey step line): "</strong>
                "the measured points no other point beats on both per-user speed and " {y_metric.axis_title()} ", in increasing per-user speed. "
                "It joins measured points of different engines and concurrencies; it is not a configuration anyone ran."</p>
            <ul class="frontier">{items}</ul>
        }
    };
    let limits_table = {
        let loaded = loaded.clone();
        move || {
            let state = page.state.get();
            if state.slo_ttft_p99_ms.is_none() && state.slo_user_tok_s.is_none() {
                return view! { <p class="absent">"Set a TTFT p99 or per-user speed limit to see, per engine, the best throughput that meets it."</p> }.into_any();
            }
            let workload = chosen_workload(&loaded.results, &state);
            let rows = workload.map(|w| best_within_limits(&loaded.results, w, &state)).unwrap_or_default();
            let body = rows
                .into_iter()
                .map(|(label, best)| match best {
                    Some((conc, out)) => view! { <tr><th scope="row">{label}</th><td class="num">{as_written(out)}</td><td class="num">"c" {conc}</td></tr> }.into_any(),
                    None => view! { <tr><th scope="row">{label}</th><td colspan="2" class="gap">"no measured point meets the limits"</td></tr> }.into_any(),
                })
                .collect_view();
            view! {
                <table class="values limits-table">
                    <caption>"Highest output tok/s per GPU that meets every limit set (points breaking a limit are dimmed in the chart)"</caption>
                    <thead><tr><th scope="col">"Engine"</th><th scope="col" class="num">"output tok/s per GPU"</th><th scope="col" class="num">"at concurrency"</th></tr></thead>
                    <tbody>{body}</tbody>
                </table>
            }
            .into_any()
        }
    };
    view! {
        <section class="panel tradeoff">
            <h2>"Trade-off: per-user speed against " {y_metric.axis_title()}</h2>
            {(y_metric == Metric::TokSPerKw).then(|| view! {
                <p><a class="chart-link" href=move || { let mut s = page.state.get(); s.chart = None; format!("?{}", s.to_query()) }
                    on:click=move |e: leptos::ev::MouseEvent| { e.prevent_default(); let mut s = page.state.get_untracked(); s.chart = None; navigate(page, s); }>
                    "← Energy against concurrency"</a></p>
            })}
            <div class="controls">
                <WorkloadPicker loaded=loaded.clone()/>
                {limit_input(page, "TTFT p99 at most (ms)", "slo-ttft", |s| s.slo_ttft_p99_ms, |s, v| s.slo_ttft_p99_ms = v)}
                {limit_input(page, "per-user tok/s at least", "slo-user", |s| s.slo_user_tok_s, |s, v| s.slo_user_tok_s = v)}
            </div>
            <EngineToggles loaded=loaded.clone() not_measured=not_measured/>
            <TradeoffCanvas chart="tradeoff" lines=lines frontier=frontier y_title=y_metric.axis_title().to_owned() x_limit=x_limit summary=summary/>
            {caption}
            {
                let loaded = loaded.clone();
                move || page.state.with(|s| s.slo_ttft_p99_ms.is_some() || s.slo_user_tok_s.is_some()).then(|| {
                    let sources = page.state.with(|s| {
                        chosen_workload(&loaded.results, s)
                            .map(|w| w.rows.iter().flat_map(|r| r.cells.iter().flatten()).filter_map(|c| c.source.clone()).fold(Vec::new(), |mut v, x| { if !v.contains(&x) { v.push(x) } v }))
                            .unwrap_or_default()
                    });
                    view! { <TableCsvButton table_class="limits-table" filename="servescope-limits.csv" loaded=loaded.clone() sources=sources/> }
                })
            }
            <div class="table-scroll">{limits_table}</div>
        </section>
    }
    .into_any()
}
