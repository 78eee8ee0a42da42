//! Controls shared by the serving views: workload picker, metric picker, engine legend
//! toggles. Each writes the link through `navigate`, so every change is shareable.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::view_state::{Metric, Scale, WorkloadKey};
use crate::ui::app::{navigate, Loaded, Page};
use crate::ui::views::engines::Swatch;
use crate::core::palette::engine_style;

/// A `<select>` of the file's workloads, named "ISL 1024 / OSL 8192".
#[component]
pub fn WorkloadPicker(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let workloads: Vec<(String, String)> =
        loaded.results.serving.iter().flat_map(|s| &s.workloads).map(|w| (w.key(), w.name())).collect();
    let first = workloads.first().map(|w| w.0.clone()).unwrap_or_default();
    let current = move || page.state.with(|s| s.workload.map(|w| w.to_string())).unwrap_or_else(|| first.clone());
    let options = workloads
        .into_iter()
        .map(|(key, name)| {
            let selected = {
                let key = key.clone();
                let current = current.clone();
                move || current() == key
            };
            view! { <option value=key prop:selected=selected>{name}</option> }
        })
        .collect_view();
    view! {
        <label class="control">"Workload "
            <select class="workload-picker" on:change=move |e| {
                let Ok(key) = event_target_value(&e).parse::<WorkloadKey>() else { return };
                let mut next = page.state.get_untracked();
                next.workload = Some(key);
                navigate(page, next);
            }>{options}</select>
        </label>
    }
}

/// A `<select>` of metrics; the chosen metric's definition is shown by the view.
#[component]
pub fn MetricPicker(
    /// The metrics offered.
    metrics: Vec<Metric>,
    /// The metric shown when the link names none.
    default: Metric,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let current = move || page.state.with(|s| s.metric).unwrap_or(default);
    let options = metrics
        .into_iter()
        .map(|m| view! { <option value=m.as_str() prop:selected=move || current() == m>{m.label()}</option> })
        .collect_view();
    view! {
        <label class="control">"Metric "
            <select class="metric-picker" on:change=move |e| {
                let Ok(metric) = event_target_value(&e).parse::<Metric>() else { return };
                let mut next = page.state.get_untracked();
                next.metric = Some(metric);
                navigate(page, next);
            }>{options}</select>
        </label>
    }
}

/// The legend: one toggle button per engine (Enter or Space toggles it), in file order,
/// with engines that have nothing in this view listed as not measured.
#[component]
pub fn EngineToggles(
    /// The loaded file.
    loaded: Arc<Loaded>,
    /// Labels of engines with nothing measured in this view.
    #[prop(into)]
    not_measured: Signal<Vec<String>>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let all: Vec<String> = loaded.results.engines.iter().map(|e| e.id.clone()).collect();
    let buttons = loaded
        .results
        .engines
        .iter()
        .enumerate()
        .map(|(index, engine)| {
            let id = engine.id.clone();
            let label = engine.label.clone();
            let all = all.clone();
            let shown = {
                let id = id.clone();
                Memo::new(move |_| page.state.with(|s| s.shows_engine(&id)))
            };
            let missing = {
                let label = label.clone();
                move || not_measured.with(|n| n.contains(&label))
            };
            let toggle = move |_| {
                let mut next = page.state.get_untracked();
                let mut ids: Vec<String> = all.iter().filter(|e| next.shows_engine(e)).cloned().collect();
                if ids.contains(&id) {
                    ids.retain(|e| e != &id);
                } else {
                    ids.push(id.clone());
                    ids.sort_by_key(|e| all.iter().position(|a| a == e));
                }
                next.engines = if ids.len() == all.len() { None } else { Some(ids) };
                navigate(page, next);
            };
            view! {
                <li class:off=move || !shown.get()>
                    <button type="button" class="legend-toggle" aria-pressed=move || shown.get().to_string() on:click=toggle>
                        <Swatch style=engine_style(index)/> {label.clone()}
                        {move || missing().then(|| view! { <span class="absent">" — not measured in this workload"</span> })}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="legend toggles" aria-label="engines: press to show or hide">{buttons}</ul> }
}

/// Linear/log buttons for the y (or KL) scale, written to the link.
#[component]
pub fn ScaleToggle(
    /// The group's label ("Scale", "KL scale").
    label: &'static str,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let button = move |target: Scale, text: &'static str| {
        view! {
            <button type="button" class="toggle" aria-pressed=move || page.state.with(|s| s.scale == target).to_string() on:click=move |_| {
                let mut next = page.state.get_untracked();
                next.scale = target;
                navigate(page, next);
            }>{text}</button>
        }
    };
    view! { <span class="control" role="group" aria-label=label>{label} " " {button(Scale::Lin, "linear")} {button(Scale::Log, "log")}</span> }
}
