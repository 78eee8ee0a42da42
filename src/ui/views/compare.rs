//! Comparing with a second results file: the picker, the second file's state and provenance,
//! what differs in setup, and a delta table for the chosen workload and metric.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::download::TableCsvButton;
use leptos::task::spawn_local;

use crate::core::compare::{delta_table, delta_text, differences, file_tag};
use crate::core::provenance::StatusCounts;
use crate::core::series::chosen_workload;
use crate::core::view_state::{Metric, WorkloadKey};
use crate::ui::app::{index_options, load_local_files, navigate, Load, Loaded, Page, Slot};
use crate::ui::views::findings::ErrorPanel;

/// The second file when it is loaded and valid.
pub fn compared(page: Page) -> Option<Arc<Loaded>> {
    match page.compare.get() {
        Load::Ready(loaded) => Some(loaded),
        _ => None,
    }
}

/// The concurrency ticks of a chart: the first file's levels, plus the second file's
/// levels it lacks when comparing.
pub fn compare_ticks(page: Page, first: Vec<u32>) -> Signal<Vec<u32>> {
    Signal::derive(move || {
        let mut levels = first.clone();
        if let Some(other) = compared(page) {
            levels.extend(other.results.concurrency.iter().filter(|c| !first.contains(c)));
            levels.sort_unstable();
        }
        levels
    })
}

/// The compare panel: shown in the compare view, and in every view once a second file is set.
#[component]
pub fn ComparePanel(
    /// The first file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let entries = page.index;
    let set_compare = move |src: String| {
        let mut next = page.state.get_untracked();
        next.compare = if src.trim().is_empty() { None } else { src.trim().parse().ok() };
        navigate(page, next);
    };
    let url = RwSignal::new(String::new());
    let picker = move || {
        let current = page.state.with(|s| s.compare.as_ref().map(|c| c.as_str().to_owned())).unwrap_or_default();
        let options = index_options(entries.get(), &current);
        view! {
            <label class="control">"Compare with "
                <select class="compare-picker" on:change=move |e| set_compare(event_target_value(&e))>
                    <option value="" prop:selected=current.is_empty()>"— nothing"</option>
                    {options}
                </select>
            </label>
        }
    };
    let status = {
        let loaded = loaded.clone();
        move || match page.compare.get() {
            Load::Idle => view! { <p class="absent">"Pick a second results file — from the index, by URL, or a local file — to compare it with this one."</p> }.into_any(),
            Load::Loading(what) => view! { <p class="status" role="status">"Loading " {what} "…"</p> }.into_any(),
            Load::Failed { src, message } => view! { <p class="error-panel message" role="alert">"Could not load " <code>{src}</code> ": " {message}</p> }.into_any(),
            Load::Invalid { src, findings } => view! { <ErrorPanel src findings/> }.into_any(),
            Load::Ready(other) => view! { <Comparison first=loaded.clone() second=other/> }.into_any(),
        }
    };
    view! {
        <section class="panel compare">
            <h2>"Compare two results files"</h2>
            <div class="controls">
                {picker}
                <label class="control">"or a URL "
                    <input type="text" class="compare-url" placeholder="https://… or a relative path" prop:value=move || url.get()
                        on:input=move |e| url.set(event_target_value(&e))/>
                </label>
                <button type="button" class="toggle" on:click=move |_| set_compare(url.get_untracked())>"Compare"</button>
                <label class="control">"or a local file "
                    <input type="file" multiple accept=".json,.jsonl,application/json" class="compare-file" on:change=move |e| {
                        let input: web_sys::HtmlInputElement = event_target(&e);
                        if let Some(files) = input.files() {
                            spawn_local(load_local_files(page, Slot::Compare, files));
                        }
                    }/>
                </label>
            </div>
            {status}
        </section>
    }
}

/// Both files side by side: provenance badges, what differs, and the delta table.
#[component]
fn Comparison(first: Arc<Loaded>, second: Arc<Loaded>) -> impl IntoView {
    let page = expect_context::<Page>();
    let (a, b) = (&first.results, &second.results);
    let said = differences(a, b);
    let differs = if said.is_empty() {
        view! { <p>"No difference in concurrency levels, workloads, engines, unit texts or methods."</p> }.into_any()
    } else {
        let items = said.into_iter().map(|d| view! { <li>{d}</li> }).collect_view();
        view! { <ul class="differs">{items}</ul> }.into_any()
    };
    let badge = |checks: crate::ui::sources::SourceChecks| move || checks.statuses.with(|s| StatusCounts::of(s.iter()).to_string());
    let (tag_a, tag_b) = (file_tag(a), file_tag(b));
    let table = {
        let (first, second) = (first.clone(), second.clone());
        let (tag_a, tag_b) = (tag_a.clone(), tag_b.clone());
        move || {
            let state = page.state.get();
            let workload = chosen_workload(&first.results, &state)?;
            let key = WorkloadKey { isl: workload.isl, osl: workload.osl };
            let metric = state.metric.unwrap_or(Metric::OutTokS);
            let rows = delta_table(&first.results, &second.results, key, metric);
            let label = |id: &str| first.results.engine(id).map(|e| e.label.clone()).unwrap_or_else(|| id.to_owned());
            let body = rows
                .iter()
                .map(|r| {
                    view! {
                        <tr>
                            <th scope="row">{label(&r.engine)}</th>
                            <td class="num">"c" {r.conc}</td>
                            <td class="num" class:gap=r.a.is_none()>{delta_text(r.a, metric.is_derived())}</td>
                            <td class="num" class:gap=r.b.is_none()>{delta_text(r.b, metric.is_derived())}</td>
                            <td class="num" class:gap=r.difference().is_none()>{delta_text(r.difference(), true)}</td>
                            <td class="num ratio" class:gap=r.ratio().is_none()>{r.ratio().map(|x| format!("{}×", crate::core::format::significant4(x))).unwrap_or_else(|| "not measured".into())}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <table class="values delta-table">
                    <caption>{workload.name()} " · " {metric.axis_title()} ": engines and concurrency levels in both files; difference and ratio are derived (4 significant digits)"</caption>
                    <thead><tr><th scope="col">"Engine"</th><th scope="col" class="num">"concurrency"</th><th scope="col" class="num">{tag_a.clone()}</th>
                        <th scope="col" class="num">{tag_b.clone()}</th><th scope="col" class="num">"difference"</th><th scope="col" class="num">"ratio"</th></tr></thead>
                    <tbody>{body}</tbody>
                </table>
            })
        }
    };
    view! {
        <div class="comparison">
            <p>"First (solid lines): " <strong>{a.title.clone()}</strong> " · " {tag_a} " · " <span class="badge">{badge(page.checks)}</span></p>
            <p>"Second (dashed lines): " <strong>{b.title.clone()}</strong> " · " {tag_b} " · " <code>{second.src.clone()}</code> " · " <span class="badge compare-badge">{badge(page.compare_checks)}</span></p>
            <h3>"What differs"</h3>
            {differs}
            <TableCsvButton table_class="delta-table" filename="servescope-delta.csv" loaded=first.clone() sources=Vec::new()/>
            <div class="table-scroll">{table}</div>
        </div>
    }
}
