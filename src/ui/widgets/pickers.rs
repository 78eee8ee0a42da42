//! The controls views share: a select of choices, the workload and metric pickers, the
//! scale toggle, the relative-to picker. Each writes the link, so every change is shareable.

use leptos::prelude::*;

use crate::core::link::{metric_for, metric_options, Scale, View, WorkloadKey};
use crate::core::measures::metric::Metric;
use crate::ui::state::{history, page};

/// A labelled `<select>`; `pick` gets the chosen value.
#[component]
pub fn Choice(
    /// The label before it.
    label: &'static str,
    /// Its class (tests and styles find it by this).
    class: &'static str,
    /// `(value, text)` pairs.
    #[prop(into)]
    options: Signal<Vec<(String, String)>>,
    /// The value shown.
    #[prop(into)]
    selected: Signal<String>,
    /// What a choice does.
    pick: Callback<String>,
) -> impl IntoView {
    let items = move || {
        let current = selected.get();
        options
            .get()
            .into_iter()
            .map(|(value, text)| {
                let is = value == current;
                view! { <option value=value prop:selected=is>{text}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="control">{label} " "
            <select class=class on:change=move |e| pick.run(event_target_value(&e))>{items}</select>
        </label>
    }
}

/// The file's workloads, named "ISL 1024 / OSL 8192".
#[component]
pub fn WorkloadPicker(
    /// The workloads, as `(key, name)`.
    workloads: Vec<(String, String)>,
) -> impl IntoView {
    let page = page();
    let first = workloads.first().map(|w| w.0.clone()).unwrap_or_default();
    let selected = Signal::derive(move || page.link.workload.get().map_or_else(|| first.clone(), |w| w.to_string()));
    let pick = Callback::new(move |value: String| {
        let Ok(key) = value.parse::<WorkloadKey>() else { return };
        let next = page.link.current().on_workload(key);
        history::navigate_coalesced(page.link, next, "workload");
    });
    view! { <Choice label="Workload" class="workload-picker" options=Signal::stored(workloads) selected=selected pick=pick/> }
}

/// A view's metrics; the picker names the metric drawn, even one reached only by link.
#[component]
pub fn MetricPicker(
    /// The view.
    view: View,
) -> impl IntoView {
    let page = page();
    let options = Signal::derive(move || {
        let per = page.study().map(|s| s.results.throughput_per()).unwrap_or_default();
        metric_options(view, &page.link.series_inputs())
            .into_iter()
            .map(|m| (m.as_str().to_owned(), m.choice_label_in(per).to_owned()))
            .collect::<Vec<_>>()
    });
    let selected = Signal::derive(move || metric_for(view, &page.link.series_inputs()).as_str().to_owned());
    let pick = Callback::new(move |value: String| {
        let Ok(metric) = value.parse::<Metric>() else { return };
        let mut next = page.link.current();
        next.metric = Some(metric);
        history::navigate_coalesced(page.link, next, "metric");
    });
    view! { <Choice label="Metric" class="metric-picker" options=options selected=selected pick=pick/> }
}

/// Linear/log buttons for the value scale.
#[component]
pub fn ScaleToggle(
    /// The group's label ("Scale", "KL scale").
    label: &'static str,
    /// The scale actually drawn, where the view may refuse the link's (a log axis with a
    /// measured zero): the pressed button says what is drawn, the link keeps what was asked.
    #[prop(optional, into)]
    drawn: Option<Signal<Scale>>,
) -> impl IntoView {
    let page = page();
    let drawn = drawn.unwrap_or_else(|| page.link.scale.into());
    let button = move |target: Scale, text: &'static str| {
        view! {
            <button type="button" class="toggle" aria-pressed=move || (drawn.get() == target).to_string()
                on:click=move |_| page.update_link(|s| s.scale = target)>{text}</button>
        }
    };
    view! { <span class="control" role="group" aria-label=label>{label} " " {button(Scale::Lin, "linear")} {button(Scale::Log, "log")}</span> }
}

/// "Relative to": every value as a ratio to one engine's (`core::link::relative_options`).
#[component]
pub fn RelativePicker(
    /// `(value, text)`: values as measured, then each engine.
    options: Vec<(String, String)>,
) -> impl IntoView {
    let page = page();
    let selected = Signal::derive(move || page.link.vs.get().unwrap_or_default());
    let pick = Callback::new(move |value: String| page.update_link(|s| s.vs = (!value.is_empty()).then_some(value)));
    view! { <Choice label="Relative to" class="vs-picker" options=Signal::stored(options) selected=selected pick=pick/> }
}
