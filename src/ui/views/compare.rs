//! Comparing files: pick them (from the collection, by URL, or local), see each file's
//! state and provenance, whether the studies are comparable, what differs in setup, and a
//! delta table against the first file. Their lines are drawn in the concurrency views.

use leptos::prelude::*;

use crate::core::display::compare::{comparability, differences, differs_heading, file_key};
use crate::core::display::tables::delta_table;
use crate::core::link::View;
use crate::core::link::{chosen_workload, workload_key};
use crate::core::views::panel::stem;
use crate::ui::state::file::{SlotState, Study};
use crate::ui::state::{page, CollectionState};
use crate::ui::tasks::load::compare_local;
use crate::ui::widgets::findings::ErrorPanel;
use crate::ui::widgets::pickers::Choice;
use crate::ui::widgets::table::TableBlock;
use crate::ui::widgets::trust::TrustBadge;

/// The ways to add a file to compare: a study of the collection, a URL, local files.
#[component]
fn CompareControls(
    /// The open study's `src`, never offered.
    open: String,
) -> impl IntoView {
    let page = page();
    let add = move |src: String| {
        let Ok(reference) = src.trim().parse() else { return };
        page.update_link(|s| {
            s.add_compared(reference);
        });
    };
    // The studies not shown yet: the open one and those compared are left out, so a pick
    // always adds, and the list changing puts the picker back on its placeholder.
    let options = Memo::new(move |_| {
        let mut options = vec![(String::new(), "— add a study from the collection".to_owned())];
        let compared = page.link.compare.get();
        if let CollectionState::Ready { collection, srcs } = page.collection.get() {
            let shown = |src: &String| *src == open || compared.iter().any(|c| c.as_str() == src);
            options.extend(
                collection
                    .studies
                    .iter()
                    .zip(srcs)
                    .filter(|(_, src)| !shown(src))
                    .map(|(s, src)| (src, format!("{} ({})", s.title, s.date))),
            );
        }
        options
    });
    let url = RwSignal::new(String::new());
    view! {
        <div class="controls">
            <Choice label="Add" class="compare-picker" options=options selected=Signal::stored(String::new()) pick=Callback::new(add)/>
            <label class="control">"or a URL "
                <input type="text" class="compare-url" placeholder="https://… or a relative path" prop:value=move || url.get() on:input=move |e| url.set(event_target_value(&e))/>
            </label>
            <button type="button" class="toggle compare-add" on:click=move |_| add(url.get_untracked())>"Compare"</button>
            <label class="control">"or local files "
                <input type="file" multiple accept=".json,.jsonl,application/json" class="compare-file" on:change=move |e| {
                    let input: web_sys::HtmlInputElement = event_target(&e);
                    if let Some(files) = input.files() {
                        compare_local(page, files);
                    }
                }/>
            </label>
        </div>
    }
}

/// Each compared file's state: loading, failed or invalid as said, or its key's words,
/// title, date, source and trust, with a button to remove it.
#[component]
fn ComparedFiles(
    /// The first file.
    first: Study,
) -> impl IntoView {
    let page = page();
    move || {
        // The key's words, once, numbered as the chart numbers files: the first file, then
        // each compared file that loaded (a failed one draws nothing and takes no number).
        let files: Vec<Study> = std::iter::once(first.clone()).chain(page.compared_studies()).collect();
        let keys = file_key(&files.iter().map(|s| &s.results).collect::<Vec<_>>());
        let mut ready = 0;
        page.compared.get().into_iter().enumerate().map(|(k, slot)| match slot.get() {
            SlotState::Idle => ().into_any(),
            SlotState::Loading(what) => view! { <p class="status" role="status">"Loading " {what} "…"</p> }.into_any(),
            SlotState::Failed { src, message } => view! { <p class="error-panel message" role="alert">"Could not load " <code>{src}</code> ": " {message}</p> }.into_any(),
            SlotState::Invalid { src, findings } => view! { <ErrorPanel src findings/> }.into_any(),
            SlotState::Ready(other) => {
                let remove = move |_| page.update_link(|s| {
                    if k < s.compare.len() {
                        s.compare.remove(k);
                    }
                });
                // The key's words for this file: "File 3 — B200, 2026-11-15: dotted".
                ready += 1;
                let key = keys.get(ready).cloned().unwrap_or_default();
                view! {
                    <p class="compared-file"><span class="file-style">{key}</span> " · " <strong>{other.results.title().to_owned()}</strong> " · " {other.results.date().to_owned()} " · "
                        <code>{other.src.clone()}</code> " · " <span class="compare-badge"><TrustBadge study=other.clone()/></span>
                        " " <button type="button" class="toggle remove-compare" on:click=remove>"remove"</button></p>
                }
                .into_any()
            }
        }).collect_view()
    }
}

/// The compare panel.
#[component]
pub fn ComparePanel(
    /// The first file.
    study: Study,
) -> impl IntoView {
    let page = page();
    let comparison = {
        let study = study.clone();
        move || {
            let others = page.compared_studies();
            if others.is_empty() {
                return view! { <p class="absent">"Add up to six results files — from the collection, by URL, or local files — to compare them with this one."</p> }.into_any();
            }
            let said = others
                .iter()
                .enumerate()
                .map(|(k, other)| {
                    let warning = comparability(&study.results, &other.results).map(|w| view! { <p class="notice comparability">{w}</p> });
                    let items = differences(&study.results, &other.results).into_iter().map(|d| view! { <li>{d}</li> }).collect_view();
                    view! { <h3>{differs_heading(&study.results, &other.results, k + 2)}</h3> {warning} <ul class="differs">{items}</ul> }
                })
                .collect_view();
            view! { {said} }.into_any()
        }
    };
    let table = {
        let study = study.clone();
        Memo::new(move |_| {
            let others = page.compared_studies();
            if others.is_empty() {
                return None;
            }
            let key = workload_key(chosen_workload(&study.results, page.link.workload.get())?);
            let metric = page.link.metric.get().unwrap_or(crate::core::measures::metric::Metric::OutTokS);
            let mut files = vec![&study.results];
            files.extend(others.iter().map(|o| &o.results));
            delta_table(&files, key, metric, &page.link.prices.get())
        })
    };
    // With files compared and a serving workload to compare them in (a file without one
    // has no ratio to give, for a reason the "no engine in common" words would not say).
    let comparing = {
        let study = study.clone();
        Memo::new(move |_| !page.compared_studies().is_empty() && chosen_workload(&study.results, page.link.workload.get()).is_some())
    };
    view! {
        <section class="panel compare">
            <h2>"Compare results files"</h2>
            <p><span class="file-style">{file_key(&[&study.results]).remove(0)}</span> " · " <strong>{study.results.title().to_owned()}</strong> " · " {study.results.date().to_owned()} " · " <TrustBadge study=study.clone()/></p>
            <CompareControls open=study.src.clone()/>
            <ComparedFiles first=study.clone()/>
            {comparison}
            // With files compared, the table, or why there is none.
            {move || comparing.get().then(|| view! {
                <TableBlock table=Signal::derive(move || table.get()) study=study.clone() sources=Signal::stored(Vec::new()) stem=stem(View::Compare, &["delta".into()])
                    absent="No engine of the first file is in another, so there is no ratio to give: the chart draws each file's own lines."/>
            })}
        </section>
    }
}
