//! The goodput view: at the reader's objective, each engine's good requests/s, attainment
//! and good tokens/s per GPU against load, the capacity at the target, and the table per
//! cell — the core's model (`core::views::goodput`) rendered, from the study's per-request
//! tables, which this view asks for and reads.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_concurrency_chart, series_legend, ConcurrencyChart};
use crate::core::display::series::describe_lines;
use crate::core::link::{workload_options, ChartId, EngineFilter, Scale, View};
use crate::core::measures::goodput::Slo;
use crate::core::views::goodput::{goodput_card, goodput_model, goodput_tip, pending_goodput_card, GoodputInputs, GoodputModel};
use crate::core::views::panel::{stem, study_line};
use crate::core::views::CHART_HEIGHT;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::tasks::requests::ensure_tables;
use crate::ui::widgets::card::card_view;
use crate::ui::widgets::framing::footer;
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::pickers::WorkloadPicker;
use crate::ui::widgets::requests::{from_tables, without_requests, RequestsStatus};
use crate::ui::widgets::table::TableBlock;

/// One of the view's charts, from the model.
fn goodput_figure(study: &Study, model: Memo<Option<GoodputModel>>, id: ChartId) -> impl IntoView {
    let page = page();
    let chart = move || model.with(|m| m.as_ref().and_then(|m| m.charts.iter().find(|c| c.id == id).cloned()));
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        let (Some(chart), Some((load, levels))) =
            (chart(), model.with(|m| m.as_ref().map(|m| (m.load, m.rows.iter().map(|r| r.level).collect::<Vec<_>>()))))
        else {
            return Ok(Drawn::default());
        };
        let mut levels = levels;
        levels.sort_by(f64::total_cmp);
        levels.dedup();
        let drawn = draw_concurrency_chart(
            area,
            &ConcurrencyChart {
                y_title: &chart.y_title,
                load,
                concurrency: &levels,
                series: &chart.series,
                scale: Scale::Lin,
                seconds: false,
                reference: chart.reference.as_ref().map(|(v, label)| (*v, label.as_str())),
                theme,
            },
        )
        .map_err(|e| e.to_string())?;
        let attrs = vec![
            ("points", drawn.points.len().to_string()),
            ("gaps", drawn.gaps.len().to_string()),
            ("whiskers", drawn.whiskers.len().to_string()),
            ("y-ticks", drawn.y_ticks.join("|")),
            ("x-ticks", drawn.x_ticks.join("|")),
        ];
        Ok(Drawn { marks: drawn.marks(&levels), attrs })
    });
    let tip =
        Arc::new(move |mark: crate::chart::Mark| model.with_untracked(|m| goodput_tip(m.as_ref()?, id, mark.group, mark.item as usize)));
    let summary = Signal::derive(move || match (chart(), model.with(|m| m.as_ref().map(|m| m.load))) {
        (Some(c), Some(load)) => describe_lines(&c.series, &c.y_title, load, false),
        _ => String::new(),
    });
    let export = {
        let study = study.clone();
        Arc::new(move || {
            let (title, notes, legend) = model.with_untracked(|m| match m {
                Some(m) => (
                    format!("{} · {}", study_line(&study.results), m.heading),
                    vec![m.export_note.clone()],
                    m.charts.iter().find(|c| c.id == id).map(|c| series_legend(&c.series)).unwrap_or_default(),
                ),
                None => (study_line(&study.results), Vec::new(), Vec::new()),
            });
            let slo = model.with_untracked(|m| m.as_ref().map(|m| m.slo.to_string()).unwrap_or_default());
            ExportText {
                title,
                legend,
                notes,
                footer: footer(page, &study),
                stem: stem(View::Goodput, &[id.as_str().to_owned(), slo.replace([':', ','], "-")]),
            }
        })
    };
    let spec = ChartSpec { id, draw, tip, summary, export, height: chart_height(page, CHART_HEIGHT) };
    view! { <ChartFigure spec=spec/> }
}

/// The objective's inputs: a number of ms per threshold (empty: none) and the target %.
#[component]
fn ObjectiveInputs(
    /// The objective shown.
    slo: Signal<Slo>,
    /// The target shown, 0–1.
    target: Signal<f64>,
) -> impl IntoView {
    let page = page();
    // One edit while the focus stays in the fieldset: its first change is a new history
    // entry, the later ones replace it (QA pass 4, F20: two fields typed were two entries, and
    // Back landed on the half-typed objective). Leaving the fieldset ends the edit.
    let editing = StoredValue::new(false);
    let fieldset = NodeRef::<leptos::html::Fieldset>::new();
    let edit = move |change: &dyn Fn(&mut crate::core::link::ViewState)| {
        let mut next = page.link.current();
        change(&mut next);
        crate::ui::state::history::navigate_edit(page.link, next, !editing.get_value());
        editing.set_value(true);
    };
    // Where the focus went is the event's relatedTarget (none: out of the page's fields).
    // Read without a deferred closure: a closure handed to the browser from this lazily
    // loaded chunk would need wasm-bindgen's cast, which the split step refuses here.
    let left = move |e: leptos::ev::FocusEvent| {
        use wasm_bindgen::JsCast;
        let to = e.related_target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
        let inside = to.zip(fieldset.get_untracked()).is_some_and(|(node, f)| f.contains(Some(&node)));
        if !inside {
            editing.set_value(false);
        }
    };
    let input = move |label: &'static str, class: &'static str, value: Signal<Option<f64>>, set: fn(&mut Slo, Option<f64>)| {
        let change = move |e: leptos::ev::Event| {
            let text = event_target_value(&e);
            let parsed = text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0);
            if !text.trim().is_empty() && parsed.is_none() {
                return;
            }
            let mut next = slo.get_untracked();
            set(&mut next, parsed);
            edit(&|s| s.slo = (!next.is_empty()).then_some(next));
        };
        view! {
            <label class="control">{label} " ≤ "
                <input type="number" min="0" step="any" inputmode="decimal" class=class
                    prop:value=move || value.get().map(|v| v.to_string()).unwrap_or_default() on:change=change/>" ms"</label>
        }
    };
    let target_change = move |e: leptos::ev::Event| {
        let Some(pct) = event_target_value(&e).trim().parse::<f64>().ok().filter(|v| *v > 0.0 && *v <= 100.0) else { return };
        edit(&|s| s.attain = Some(pct));
    };
    view! {
        <fieldset class="controls objective" node_ref=fieldset on:focusout=left>
            <legend>"Objective: a request is good when it completed and meets every threshold given"</legend>
            {input("TTFT", "goodput-ttft", Signal::derive(move || slo.get().ttft_ms), |s, v| s.ttft_ms = v)}
            {input("TPOT", "goodput-tpot", Signal::derive(move || slo.get().tpot_ms), |s, v| s.tpot_ms = v)}
            {input("E2E", "goodput-e2el", Signal::derive(move || slo.get().e2el_ms), |s, v| s.e2el_ms = v)}
            <label class="control">"Attainment target "
                <input type="number" min="1" max="100" step="any" inputmode="decimal" class="goodput-attain"
                    prop:value=move || format!("{}", (target.get() * 1000.0).round() / 10.0) on:change=target_change/>" %"</label>
        </fieldset>
    }
}

/// The overview's goodput card, for a study with requests: the study's tables fetched (after
/// the overview's first chart, the router's doing) and read, then the load each engine
/// carries at the typical p99 (`core::views::goodput::goodput_card`); until then the card
/// in its place (`pending_goodput_card`), the size it will be.
#[component]
pub fn GoodputCard(
    /// The study.
    study: Study,
) -> impl IntoView {
    ensure_tables(&study);
    let card = {
        let study = study.clone();
        Memo::new(move |_| match study.requests.with(|r| r.tables()) {
            Some(loaded) => goodput_card(&study.results, &loaded.tables),
            None => pending_goodput_card(&study.results),
        })
    };
    move || card.get().map(|card| card_view(card, &study))
}

/// Goodput at the link's objective.
#[component]
pub fn GoodputView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    if !study.results.has_requests() {
        return without_requests("goodput", "Goodput at your objective");
    }
    let model = {
        let study = study.clone();
        from_tables(&study.clone(), move |tables| {
            let (slo, attain) = page.link.slo.get();
            let inputs = GoodputInputs {
                workload: page.link.workload.get(),
                engines: EngineFilter { engines: page.link.engines.get() },
                slo,
                attain,
                prices: page.link.prices.get(),
            };
            goodput_model(&study.results, tables, &inputs)
        })
    };
    let slo = Signal::derive(move || model.with(|m| m.as_ref().map(|m| m.slo).unwrap_or_default()));
    let target = Signal::derive(move || model.with(|m| m.as_ref().map_or(0.9, |m| m.target)));
    let presets = move || {
        model.with(|m| {
            m.as_ref().map(|m| {
                m.presets
                    .iter()
                    .map(|p| {
                        let slo = p.slo;
                        let pressed = (m.slo == p.slo).to_string();
                        view! { <button type="button" class="toggle preset" aria-pressed=pressed title=slo.words()
                        on:click=move |_| page.update_link(|s| s.slo = Some(slo))>{p.name} ": " {slo.words()}</button> }
                    })
                    .collect_view()
            })
        })
    };
    let capacities = move || {
        model.with(|m| {
            m.as_ref().map(|m| {
                m.capacities
                    .iter()
                    .map(|(engine, words)| view! { <li><strong>{engine.clone()}</strong> ": " {words.clone()}</li> })
                    .collect_view()
            })
        })
    };
    let notes =
        move || model.with(|m| m.as_ref().map(|m| m.notes.iter().map(|n| view! { <p class="notice">{n.clone()}</p> }).collect_view()));
    let table = Signal::derive(move || model.with(|m| m.as_ref().map(|m| m.table.clone())));
    let capacity_table = Signal::derive(move || model.with(|m| m.as_ref().map(|m| m.capacity_table.clone())));
    let session_table = Signal::derive(move || model.with(|m| m.as_ref().and_then(|m| m.session_table.clone())));
    let csv_notes = Signal::derive(move || model.with(|m| m.as_ref().map(|m| vec![m.export_note.clone()]).unwrap_or_default()));
    let sources = {
        let study = study.clone();
        Signal::derive(move || crate::core::link::sources_behind(&study.results, &page.link.series_inputs(), View::Goodput))
    };
    let table_stem = Signal::derive(move || stem(View::Goodput, &[slo.get().to_string().replace([':', ','], "-")]));
    let capacity_stem =
        Signal::derive(move || stem(View::Goodput, &["capacity".to_owned(), slo.get().to_string().replace([':', ','], "-")]));
    let session_stem =
        Signal::derive(move || stem(View::Goodput, &["sessions".to_owned(), slo.get().to_string().replace([':', ','], "-")]));
    let tradeoff = Signal::derive(move || page.link.whole().on_view(View::Tradeoff));
    view! {
        <section class="panel goodput">
            <h2>{move || model.with(|m| m.as_ref().map(|m| m.heading.clone()))}</h2>
            <p class="definition">"Goodput counts the requests themselves: each completed request that met every threshold, per second and per GPU (for the endpoint where the runs state no GPUs), at each load. "
                "Attainment is the share of every request (failed and cut-off ones included) that was good, with its 95 % Wilson interval: "
                "a load meets the target when the interval's low end reaches it, misses it when the high end is below, and is indeterminate between — more requests would decide. "
                "The trade-off view's limits apply to each cell's published p99 instead; "
                <crate::ui::widgets::state_link::StateLink to=tradeoff class="chart-link">"see the trade-off →"</crate::ui::widgets::state_link::StateLink></p>
            <div class="controls">
                <WorkloadPicker workloads=workload_options(&study.results)/>
            </div>
            <ObjectiveInputs slo=slo target=target/>
            <p class="presets">"From this study's own percentiles: " {presets}</p>
            <p class="slo-from">"Showing " {move || model.with(|m| m.as_ref().map(|m| m.slo_from.clone()))} "."</p>
            <RequestsStatus study=study.clone()/>
            <ul class="capacity">{capacities}</ul>
            <TableBlock table=capacity_table study=study.clone() sources=sources notes=csv_notes stem=capacity_stem/>
            <TableBlock table=session_table study=study.clone() sources=sources notes=csv_notes stem=session_stem/>
            {notes}
            <crate::ui::widgets::legend::RequestsKey study=study.clone()/>
            {goodput_figure(&study, model, ChartId::Goodput)}
            {goodput_figure(&study, model, ChartId::Attainment)}
            {goodput_figure(&study, model, ChartId::GoodputTokens)}
            <TableBlock table=table study=study.clone() sources=sources notes=csv_notes stem=table_stem/>
        </section>
    }
    .into_any()
}
